"""One client connection as the server sees it: its socket on websockets' sans-I/O protocol,
its send queue, its rate bucket, its address and the tables it follows; and a token bucket per
address (guesses of codes and credentials).

Why apart: what a connection may send and how fast, and how its bytes become messages, is the
same whatever it asks for; the request handlers (requests.py) and the tables' bookkeeping
(hub.py) only read these counts and hand it frames.

Why websockets' sans-I/O protocol rather than its asyncio server: the asyncio connection keeps a
task, a keepalive task, an assembler and a future a frame for each of thousands of connections
(their handshakes and set-up were a sixth of a restart's 8 000 reconnections, and the objects
of each connection's last message read a tenth of what the young garbage collections scanned);
here the handshake, frames, pings and the closing handshake are websockets' own code, driven
from `data_received`, and a message is answered in the turn it arrives (docs/scaling.md).
"""
from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections import deque
from typing import Protocol

from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.protocol import State
from websockets.server import ServerProtocol

RATE, BURST = 50.0, 100.0        # messages a second per connection, and the burst allowed
OPEN_TIMEOUT = 10.0              # seconds a client has to finish its handshake
CLOSE_TIMEOUT = 10.0             # seconds a client has to answer the server's close frame
WS_LOG = logging.getLogger("websockets.server")   # one for all (websockets looks it up a connection)


class Events(Protocol):
    """What a connection tells the server: its handshake done, a message, its socket gone (for
    every connection, open or not), its socket's buffer drained after it was full."""

    def opened(self, conn: Conn) -> None: ...

    def message(self, conn: Conn, data: str | bytes) -> None: ...

    def lost(self, conn: Conn) -> None: ...

    def drained(self, conn: Conn) -> None: ...


class Conn(asyncio.Protocol):
    """One client connection: its socket and websockets' protocol state (`ws`), its frames not
    written yet (`out`: each with the arrival time of the move it acknowledges, else None), the
    timer running while its socket's buffer is full (`stall`), the messages that arrived while
    one of its messages waited (`inbox`, answered by the task `busy`), rate bucket, address and
    the tables it is attached to (code -> the seat's player, or None when watching)."""

    def __init__(self, events: Events, max_size: int, write_buffer: int) -> None:
        self.events, self.write_buffer = events, write_buffer
        self.ws = ServerProtocol(max_size=max_size, logger=WS_LOG)
        self.transport: asyncio.Transport | None = None
        self.number, self.address, self.peer = 0, "", ""
        self.out: list[tuple[str, float | None]] = []
        self.stall: asyncio.TimerHandle | None = None
        self.paused = False                   # the socket's buffer is over `write_buffer`
        self.inbox: deque[str | bytes] = deque()
        self.busy: asyncio.Task[None] | None = None
        self.parts: list[bytes | bytearray | memoryview] = []    # a fragmented message's frames so far
        self.binary = False
        self.tokens, self.stamp = BURST, time.monotonic()
        self.last_message = self.heard = self.stamp
        self.pinged: float | None = None      # when a keepalive ping went unanswered so far
        self.dropped = 0
        self.attached: dict[str, str | None] = {}
        self.closing = False
        self._timer: asyncio.TimerHandle | None = None

    # ---- the socket --------------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.set_write_buffer_limits(high=self.write_buffer)
        address = transport.get_extra_info("peername")
        if isinstance(address, tuple) and len(address) >= 2:
            self.address, self.peer = str(address[0]), f"{address[0]}:{address[1]}"
        else:
            self.address = self.peer = str(address)
        self._timer = asyncio.get_running_loop().call_later(OPEN_TIMEOUT, self._late)

    def data_received(self, data: bytes) -> None:
        self.heard, self.pinged = time.monotonic(), None
        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if isinstance(event, Frame):
                self._frame(event)
            elif isinstance(event, Request):
                self._handshake(event)
        if not self.out:                  # else the frames queued leave with it at the turn's end
            self.write_pending()

    def eof_received(self) -> None:
        self.ws.receive_eof()
        self.write_pending()

    def connection_lost(self, exc: Exception | None) -> None:
        self.ws.receive_eof()
        if self._timer is not None:
            self._timer.cancel()
        if self.stall is not None:
            self.stall.cancel()
        self.events.lost(self)

    def pause_writing(self) -> None:
        self.paused = True

    def resume_writing(self) -> None:
        self.paused = False
        self.events.drained(self)

    # ---- websockets' protocol ----------------------------------------------------------------
    def _handshake(self, request: Request) -> None:
        response = self.ws.accept(request)
        self.ws.send_response(response)
        if response.status_code == 101:
            if self._timer is not None:
                self._timer.cancel()
            self.events.opened(self)

    def _frame(self, frame: Frame) -> None:
        if frame.opcode is Opcode.TEXT or frame.opcode is Opcode.BINARY:
            self.binary, self.parts = frame.opcode is Opcode.BINARY, [frame.data]
        elif frame.opcode is Opcode.CONT:
            self.parts.append(frame.data)
        else:
            return                        # ping, pong, close: answered by websockets' protocol
        if not frame.fin:
            return
        data, self.parts = b"".join(self.parts), []
        if self.binary:                   # handed over as bytes (the validator refuses them)
            self.events.message(self, data)
            return
        try:
            text = data.decode()
        except UnicodeDecodeError:
            self.ws.fail(1007, "invalid UTF-8")
            return
        self.events.message(self, text)

    def _late(self) -> None:
        if self.ws.state is State.CONNECTING:
            self.abort()

    def write_pending(self) -> None:
        """Write what websockets' protocol has to send; the end of its data closes the socket
        (after a closing handshake, the server closes the TCP connection)."""
        if self.transport is None or self.transport.is_closing():
            return
        chunks = self.ws.data_to_send()
        data = [c for c in chunks if c]
        if data:
            self.transport.write(b"".join(data))
        if len(data) < len(chunks):
            self.transport.close()

    def send_texts(self, texts: list[str]) -> None:
        """Frames of text, in one write to the socket."""
        for text in texts:
            self.ws.send_text(text.encode())
        self.write_pending()

    def close(self, code: int, reason: str = "") -> None:
        """Begin the closing handshake; a client that does not answer within CLOSE_TIMEOUT has
        its socket closed."""
        if self.ws.state is State.OPEN:
            self.ws.send_close(code, reason)
            self.write_pending()
            self._timer = asyncio.get_running_loop().call_later(CLOSE_TIMEOUT, self.abort)
        elif self.ws.state is State.CONNECTING:
            self.abort()

    def ping(self) -> None:
        """A keepalive ping; any data from the client answers it."""
        if self.ws.state is State.OPEN:
            self.ws.send_ping(b"")
            self.write_pending()
            self.pinged = time.monotonic()

    def abort(self) -> None:
        if self.transport is not None:
            self.transport.abort()

    @property
    def open(self) -> bool:
        return self.ws.state is State.OPEN

    # ---- what the client may do --------------------------------------------------------------
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
