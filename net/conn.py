"""One client connection as the server sees it: its send queue, its rate bucket, its address and
the tables it follows; and a token bucket per address (guesses of codes and credentials).

Why apart: what a connection may send and how fast is the same whatever it asks for; the
request handlers (requests.py) and the tables' bookkeeping (hub.py) only read these counts.
"""
from __future__ import annotations

import asyncio
import hashlib
import time

from websockets.asyncio.server import ServerConnection

RATE, BURST = 50.0, 100.0        # messages a second per connection, and the burst allowed


class Conn:
    """One client connection: its frames not written yet (`out`: each with the arrival time of
    the move it acknowledges, else None), the task writing them while its reader is behind
    (`slow`), rate bucket, address and the tables it is attached to (code -> the seat's player,
    or None when watching)."""

    def __init__(self, ws: ServerConnection, number: int = 0, address: str = "") -> None:
        self.ws, self.number, self.address = ws, number, address
        self.out: list[tuple[str, float | None]] = []
        self.slow: asyncio.Task[None] | None = None
        self.tokens, self.stamp = BURST, time.monotonic()
        self.last_message = self.stamp
        self.dropped = 0
        self.attached: dict[str, str | None] = {}
        self.closing = False

    @property
    def owner(self) -> str:
        """The address as the tables it makes keep it: a digest, never the address itself."""
        return hashlib.sha256(self.address.encode()).hexdigest()[:16]

    def allow(self, rate: float, burst: float) -> bool:
        """Token bucket: False when this message exceeds the connection's rate."""
        now = time.monotonic()
        self.tokens = min(burst, self.tokens + (now - self.stamp) * rate)
        self.stamp = self.last_message = now
        if self.tokens < 1.0:
            self.dropped += 1
            return False
        self.tokens -= 1.0
        return True


class Bucket:
    """A token bucket per address: `take` False once `burst` were spent faster than `rate`/s."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.stamp = rate, burst, burst, time.monotonic()

    def left(self) -> float:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        return self.tokens

    def take(self) -> None:
        self.left()
        self.tokens -= 1.0


def host(ws: ServerConnection) -> str:
    address = ws.remote_address
    return str(address[0]) if isinstance(address, tuple) and address else str(address)


def peer(ws: ServerConnection) -> str:
    """The connection's remote address as host:port (what the log names a client by)."""
    address = ws.remote_address
    return f"{address[0]}:{address[1]}" if isinstance(address, tuple) and len(address) >= 2 else str(address)
