"""Secret seat tokens: made at random, kept only as digests, compared in constant time.

A token is 32 random bytes in URL-safe base64 (``secrets.token_urlsafe``), shown once when the game
is created.  The database keeps its SHA-256 hex digest (a 256-bit random secret needs no slow hash:
it cannot be guessed, only stolen).  A request names its seat with ``Authorization: Bearer <token>``.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence

from service.language import _

TOKEN_BYTES = 32


def new_token() -> str:
    """A fresh random seat token (43 URL-safe characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> str:
    """The stored form of ``token``: its SHA-256 as 64 hex characters."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def bearer_token(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header value; ``None`` when the header is
    absent.  Raises ``ValueError`` when the header is present but not a bearer token."""
    if authorization is None:
        return None
    scheme, _space, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ValueError(_("the Authorization header must be 'Bearer <seat token>'"))
    return token.strip()


def seat_of(token: str, digests: Sequence[str]) -> int | None:
    """The seat whose stored digest matches ``token`` (compared with ``hmac.compare_digest`` against
    every seat, so the time taken does not depend on which seat matched), or ``None``."""
    wanted = digest(token)
    found = None
    for seat, stored in enumerate(digests):
        if hmac.compare_digest(wanted, stored):
            found = seat
    return found
