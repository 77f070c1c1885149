#!/usr/bin/env bash
# `make test-postgres`: run a command (the service tests) against a throwaway PostgreSQL cluster.
#
# initdb in a new temporary directory, a server on a free loopback port (its Unix socket in that directory),
# then the command with TEST_DATABASE_URL=postgresql+psycopg://wtw@127.0.0.1:<port>/postgres (the tests
# make a database of their own there per test or module: tests/service/databases.py).  On exit, whatever the
# command's result (or Ctrl-C), the server is stopped and the directory removed.  The exit status is the
# command's.  PostgreSQL refuses to run as root: as root, initdb and the server run as PG_USER (default
# `postgres` when that user exists, else `nobody`).  PG_BINDIR names the directory of initdb and pg_ctl when
# they are not found (pg_config --bindir, PATH, /usr/lib/postgresql/<newest>/bin).
set -euo pipefail

bindir=${PG_BINDIR:-}
if [ -z "$bindir" ] && command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then
  bindir=$(pg_config --bindir)
fi
if [ -z "$bindir" ] && command -v initdb >/dev/null 2>&1; then
  bindir=$(dirname "$(command -v initdb)")
fi
if [ -z "$bindir" ]; then
  bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ] || [ ! -x "$bindir/pg_ctl" ]; then
  echo "with_postgres.sh: no PostgreSQL server programs (initdb, pg_ctl) found; install PostgreSQL or set PG_BINDIR" >&2
  exit 2
fi

as_user=()
if [ "$(id -u)" = 0 ]; then
  user=${PG_USER:-}
  if [ -z "$user" ]; then
    if id -u postgres >/dev/null 2>&1; then user=postgres; else user=nobody; fi
  fi
  as_user=(runuser -u "$user" --)
fi
run_pg() { ${as_user[@]+"${as_user[@]}"} "$@"; }

dir=$(mktemp -d "${TMPDIR:-/tmp}/wtw-pg.XXXXXX")
[ ${#as_user[@]} -eq 0 ] || chown "$user" "$dir"
started=""

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ -n "$started" ]; then
    if [ "$status" -ne 0 ] && [ -f "$dir/server.log" ]; then
      echo "--- the last lines of the PostgreSQL server log:" >&2
      tail -n 40 "$dir/server.log" >&2 || true
    fi
    run_pg "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if ! run_pg "$bindir/initdb" -D "$dir/data" -U wtw -A trust -E UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1; then
  cat "$dir/initdb.log" >&2
  exit 2
fi

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
for attempt in 1 2 3; do
  port=$(free_port)
  # -N: connections enough for several gunicorn servers (2 workers, a pool each) and the in-process apps
  if run_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-h 127.0.0.1 -p $port -k $dir -N 300" start >/dev/null; then
    started=yes
    break
  fi
  [ "$attempt" -lt 3 ] || { tail -n 20 "$dir/server.log" >&2 || true; exit 2; }
done
echo "with_postgres.sh: PostgreSQL $("$bindir/postgres" --version | awk "{print \$3}") on 127.0.0.1:$port (data in $dir)"

TEST_DATABASE_URL="postgresql+psycopg://wtw@127.0.0.1:$port/postgres" "$@"
