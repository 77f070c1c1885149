"""The databases of the service tests: an SQLite file by default; with ``TEST_DATABASE_URL`` set (a
PostgreSQL server, e.g. ``postgresql+psycopg://wtw@127.0.0.1:5432/postgres``, as ``make test-postgres``
sets it: ``tests/with_postgres.sh``), a new, empty database on that server for each call, so every test
(or test module) starts from nothing whatever the others did.  The role needs the ``CREATEDB`` privilege.
The databases made are dropped when the test process ends."""

from __future__ import annotations

import atexit
import os
import re
import uuid
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from service.storage import normalise_url

ENV = "TEST_DATABASE_URL"
_made: list[str] = []


def server_url() -> str | None:
    """``TEST_DATABASE_URL`` (normalised like ``DATABASE_URL``), or ``None``: the tests use SQLite files."""
    url = os.environ.get(ENV, "").strip()
    return normalise_url(url) if url else None


def fresh_database(directory: Path, name: str) -> str:
    """The URL of a new, empty database for one test or module: the SQLite file ``directory/name.sqlite3``,
    or with ``TEST_DATABASE_URL`` a database created on that server (named after ``name``)."""
    base = server_url()
    if base is None:
        return f"sqlite:///{Path(directory) / name}.sqlite3"
    url = make_url(base)
    if url.get_backend_name() != "postgresql":
        raise RuntimeError(f"{ENV} must name a PostgreSQL server, not {url.get_backend_name()}")
    database = f"wtw_{re.sub(r'[^a-z0-9_]', '_', name.lower())[:30]}_{uuid.uuid4().hex[:10]}"
    _admin(f'CREATE DATABASE "{database}"')
    _made.append(database)
    return url.set(database=database).render_as_string(hide_password=False)


def _admin(statement: str) -> None:
    """Run ``statement`` outside a transaction on the ``TEST_DATABASE_URL`` database."""
    engine = create_engine(server_url(), isolation_level="AUTOCOMMIT", poolclass=NullPool)
    try:
        with engine.connect() as conn:
            conn.execute(text(statement))
    finally:
        engine.dispose()


@atexit.register
def _drop_made() -> None:
    if not _made:
        return
    engine = create_engine(server_url(), isolation_level="AUTOCOMMIT", poolclass=NullPool)
    try:
        with engine.connect() as conn:
            for database in _made:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)'))
    except Exception as exc:
        print(f"tests/service/databases.py: could not drop the test databases: {exc}")
    finally:
        engine.dispose()


def serializable_by_default(url: str) -> None:
    """On PostgreSQL, make the database's default transaction isolation SERIALIZABLE (the service's own connections
    keep READ COMMITTED, which the races tests show it needs); nothing for SQLite."""
    if make_url(url).get_backend_name() != "postgresql":
        return
    admin = create_engine(url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    with admin.connect() as conn:
        conn.execute(text(f'ALTER DATABASE "{make_url(url).database}" SET default_transaction_isolation = \'serializable\''))
    admin.dispose()
