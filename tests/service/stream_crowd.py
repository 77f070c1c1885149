"""Many Server-Sent Events streams held open at once over raw sockets, read with one ``selectors`` loop: the
1,000-stream test (``test_service_crowd.py``) and ``bench/service.py`` use it.

Each stream is an HTTP/1.0 request (so the answer is the stream's text itself, not chunked, until the server closes
it); ``StreamCrowd.read`` takes what arrived on every socket, ``StreamCrowd.waiting`` lists the streams whose text
does not yet satisfy a condition, reading until none is left or a deadline passes.
"""

from __future__ import annotations

import selectors
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class CrowdStream:
    """One stream: its socket, what it received (``data``: the status line, headers and text) and ``closed``."""

    sock: socket.socket
    label: str
    data: bytearray = field(default_factory=bytearray)
    closed: bool = False

    @property
    def text(self) -> str:
        """The stream's text so far (what follows the headers)."""
        _, _, body = bytes(self.data).partition(b"\r\n\r\n")
        return body.decode(errors="replace")

    @property
    def status(self) -> int | None:
        """The answer's status code, once its status line arrived."""
        line = bytes(self.data).split(b"\r\n", 1)[0].split()
        return int(line[1]) if len(line) > 1 and line[1].isdigit() else None


class StreamCrowd:
    """Streams to ``127.0.0.1:port``, read together."""

    def __init__(self, port: int):
        self.port = port
        self.streams: list[CrowdStream] = []
        self._selector = selectors.DefaultSelector()

    def open(self, path: str, token: str | None = None, label: str = "") -> CrowdStream:
        """Open a stream of ``path`` (``token``: a seat's, else a spectator's)."""
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        auth = f"Authorization: Bearer {token}\r\n" if token else ""
        sock.sendall(f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n{auth}\r\n".encode())
        sock.setblocking(False)
        stream = CrowdStream(sock, label)
        self.streams.append(stream)
        self._selector.register(sock, selectors.EVENT_READ, stream)
        return stream

    def read(self, timeout: float) -> list[CrowdStream]:
        """Take what arrives on any stream for up to ``timeout`` seconds (returns after the first batch of
        readable sockets); the streams that received something or closed."""
        touched = []
        for key, _ in self._selector.select(max(0.0, timeout)):
            stream: CrowdStream = key.data
            try:
                chunk = stream.sock.recv(1 << 16)
            except BlockingIOError:
                continue
            except OSError:
                chunk = b""
            if chunk:
                stream.data += chunk
            else:
                stream.closed = True
                self._selector.unregister(stream.sock)
            touched.append(stream)
        return touched

    def waiting(self, done: Callable[[CrowdStream], bool], seconds: float) -> list[CrowdStream]:
        """Read until every stream is ``done`` or ``seconds`` have passed; the streams that are not done (``done``
        is asked again only of a stream that received something)."""
        deadline = time.monotonic() + seconds
        left = {id(s): s for s in self.streams if not done(s)}
        while left and time.monotonic() < deadline:
            for stream in self.read(deadline - time.monotonic()):
                if id(stream) in left and done(stream):
                    del left[id(stream)]
        return list(left.values())

    def close(self) -> None:
        for stream in self.streams:
            if not stream.closed:
                self._selector.unregister(stream.sock)
            stream.sock.close()
        self.streams.clear()
        self._selector.close()
