"""The game server: `el-grande-server`, a WebSocket server (websockets' sans-I/O protocol on
asyncio's sockets, conn.py) holding every table's Game.

Each connection's messages (validated by protocol.py, rate-limited by a token bucket) are
answered in the turn of the event loop they arrive in, and its frames leave from a bounded queue,
so a client that never reads is closed instead of growing the server's memory. A move is checked by the table, committed to the store,
then acknowledged to its sender and broadcast: every connection at the table gets its own seat's
View (spectators the public view) and the move's events, never the move text of another seat
(a disc or a recovered card would show in it); the seat to move also gets its legal moves.

The commit runs on the store's writer thread (group commit), so the event loop goes on with
other tables meanwhile; a table's next move waits until its previous one is committed, so moves
are checked, stored and acknowledged in order.

The Server is built in layers, one job a module, each class extending the one below: conn.py
(one connection: queue, rate, address), hub.py (the tables in memory and who follows them),
updates.py (update frames, spectators'), moves.py (moves stored, then acknowledged; AI seats),
lifecycle.py (the timers), requests.py (the answer to each message), this module (the
connections' events, keepalive, listening) and cli.py (the command line).

Logging (stdlib `logging`, logger "net.server", `--log-level`): one line per connection opened
or closed, table created, joined, started, handed to an AI or finished, and per error. A line
names connections by number and tables by code, never a credential, a token, a seed or a move's
text (a disc or a recovered card is secret); a refused message is logged by its error code only.
"""
from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Awaitable, Coroutine, Generator

from .conn import Conn
from .hub import WRITE_BUFFER
from .protocol import GAMES, MAX_MESSAGE, PROTOCOL_VERSION, ProtocolError, encode, error, parse
from .requests import Requests

BACKLOG = 4096                   # pending TCP connections the listening socket queues
ACCEPT_BATCH = 64                # connections accepted in one turn of the event loop
FLOOD_CLOSE = 1000               # dropped messages after which a connection is closed
PING_S = 60.0                    # a connection silent this long is pinged; unanswered PING_S / 2, closed
KEEPALIVE_S = 5.0                # how often silent connections are looked for
INBOX_MAX = 64                   # messages waiting for a connection's previous one; beyond, reading pauses
SHUTDOWN_S = 2.0                 # how long a stopping server waits for its clients' closing handshakes

log = logging.getLogger(__name__)
# the greeting every connection gets, the same for all: encoded once (8 000 at a restart)
HELLO = encode("hello", server="el-grande", protocol=PROTOCOL_VERSION, max_message=MAX_MESSAGE, games=list(GAMES))


class Server(Requests):
    """The connections' events: a connection counted against the caps and greeted, its messages
    answered in order (rate-limited, parsed, dispatched: at once, or by a task of its own when
    one has to wait), detached from its tables when it goes. `listen` serves it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.links: set[Conn] = set()           # every socket, greeted or not

    @property
    def opened_total(self) -> int:
        """Connections whose handshake completed since the start."""
        return self._opened

    def connect(self) -> Conn:
        conn = Conn(self, 4 * MAX_MESSAGE, WRITE_BUFFER)
        self.links.add(conn)
        return conn

    def opened(self, conn: Conn) -> None:
        self._opened += 1
        conn.number = self._opened
        if len(self.conns) >= self.max_connections:
            log.warning("connection %d from %s refused: the server is full (%d connections)",
                        conn.number, conn.peer, len(self.conns))
            self._refuse(conn, ProtocolError("server_full", "too many connections"))
            return
        if self.per_address.get(conn.address, 0) >= self.max_per_address:
            log.warning("connection %d refused: %d connections from its address", conn.number, self.max_per_address)
            self._refuse(conn, ProtocolError("too_many_connections",
                                             f"at most {self.max_per_address} connections an address"))
            return
        self.per_address[conn.address] = self.per_address.get(conn.address, 0) + 1
        self.conns.add(conn)
        log.info("connection %d opened from %s", conn.number, conn.peer)
        self._send(conn, HELLO)

    def _refuse(self, conn: Conn, exc: ProtocolError) -> None:
        self._send(conn, error(exc))
        asyncio.get_running_loop().call_later(0.05, conn.close, 1000)

    def message(self, conn: Conn, data: str | bytes) -> None:
        """A message, answered in this turn of the loop unless it has to wait (a store write, a
        table's lock): then it and the messages after it are answered by a task, in order."""
        if conn.closing or conn not in self.conns:
            return
        if conn.busy is not None:
            conn.inbox.append(data)
            if len(conn.inbox) >= INBOX_MAX and conn.transport is not None:
                conn.transport.pause_reading()
            return
        try:
            rest = eager(self._receive(conn, data))
        except Exception as exc:
            self._failed(conn, exc)
            return
        if rest is not None:
            conn.busy = asyncio.get_running_loop().create_task(self._answer(conn, rest))

    async def _answer(self, conn: Conn, rest: Awaitable[None]) -> None:
        try:
            await rest
            while conn.inbox and not conn.closing:
                if len(conn.inbox) < INBOX_MAX and conn.transport is not None:
                    conn.transport.resume_reading()
                await self._receive(conn, conn.inbox.popleft())
        except Exception as exc:
            self._failed(conn, exc)
        finally:
            conn.busy = None

    def _failed(self, conn: Conn, exc: Exception) -> None:
        log.error("connection %d: internal error %s: %s", conn.number, exc.__class__.__name__, exc)
        conn.closing = True
        conn.close(1011, "internal error")

    def lost(self, conn: Conn) -> None:
        self.links.discard(conn)
        if conn in self.conns:
            log.info("connection %d closed", conn.number)
            self.conns.discard(conn)
            left = self.per_address[conn.address] - 1
            if left:
                self.per_address[conn.address] = left
            else:
                del self.per_address[conn.address]
        conn.closing = True
        if conn.busy is not None:
            conn.busy.cancel()
        for code in list(conn.attached):
            self._detach(conn, code)

    async def _receive(self, conn: Conn, raw: str | bytes) -> None:
        if not conn.allow(self.rate, self.burst):
            try:
                request_id = parse(raw).get("id")
            except ProtocolError as exc:
                request_id = exc.request_id
            self._send(conn, error(ProtocolError("rate_limited", f"at most {self.rate:g} messages a second"),
                                   request_id))
            if conn.dropped >= FLOOD_CLOSE:
                self.stats["flood_closed"] += 1
                log.warning("connection %d closed: %d messages over the rate limit", conn.number, conn.dropped)
                self._close(conn)
            return
        self._arrived = time.perf_counter()
        try:
            msg = parse(raw)
        except ProtocolError as exc:
            self.stats["refused"] += 1
            log.debug("connection %d: a message refused (%s)", conn.number, exc.code)
            self._send(conn, error(exc))
            return
        await self._handle(conn, msg)

    async def keepalive(self) -> None:
        """Every KEEPALIVE_S: a connection silent for PING_S is pinged, and one that has not
        answered within PING_S / 2 is closed (1011), so a silent peer is found within about
        95 s; a connection that sends anything is not pinged."""
        while True:
            await asyncio.sleep(KEEPALIVE_S)
            now = time.monotonic()
            for conn in list(self.conns):
                if conn.pinged is not None and now - conn.pinged > PING_S / 2:
                    log.info("connection %d: no answer to a keepalive ping", conn.number)
                    conn.ws.fail(1011, "keepalive ping timeout")
                    conn.write_pending()
                    conn.abort()
                elif conn.pinged is None and now - conn.heard > PING_S:
                    conn.ping()

    async def shut(self) -> None:
        """Close every connection (1001, going away), waiting SHUTDOWN_S at most for the
        clients' closing handshakes."""
        for conn in list(self.links):
            conn.closing = True
            conn.close(1001, "server shutting down")
        deadline = time.monotonic() + SHUTDOWN_S
        while self.links and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        for conn in list(self.links):
            conn.abort()
        await asyncio.sleep(0)          # the aborted sockets' connection_lost


class _Rest:
    """The rest of a coroutine `eager` started and that now waits for `waiting`."""

    def __init__(self, coro: Coroutine[Any, Any, None], waiting: Any) -> None:
        self.coro, self.waiting = coro, waiting

    def __await__(self) -> Generator[Any, Any, None]:
        waiting = self.waiting
        while True:
            try:
                sent = yield waiting
            except BaseException as exc:     # the task's cancellation, into the coroutine
                try:
                    waiting = self.coro.throw(exc)
                except StopIteration:
                    return
            else:
                try:
                    waiting = self.coro.send(sent)
                except StopIteration:
                    return


def eager(coro: Coroutine[Any, Any, None]) -> Awaitable[None] | None:
    """Run `coro` at once, in the caller's turn of the loop: None once it has finished (a move,
    a ping: most messages), else the awaitable of its rest for a task to drive (what asyncio's
    eager task factory does from Python 3.12). A message costs no task unless it has to wait."""
    try:
        waiting = coro.send(None)
    except StopIteration:
        return None
    return _Rest(coro, waiting)


@asynccontextmanager
async def listen(server: Server, host: str, port: int) -> AsyncIterator[asyncio.Server]:
    """Serve `server` on host:port (an async context manager; at its end every connection is
    closed). Frames up to four times MAX_MESSAGE reach the validator (which refuses those over it
    with a reason); bigger ones close the connection (1009), text that is not UTF-8 too (1007).
    No compression: views are small and CPU is the limit. The listen backlog is BACKLOG (the
    kernel caps it at net.core.somaxconn): thousands of clients reconnecting at once after a
    restart queue instead of being refused.

    asyncio accepts as many connections in one turn of its loop as the listen backlog it was
    given: after a restart that was 4 096 handshakes begun at once, turns of seconds in which no
    move or resume was answered (the first acknowledged move came 17 s after a restart of 2 000
    tables). So the loop is given ACCEPT_BATCH and the socket's queue is widened to BACKLOG
    afterwards (through a duplicate of its descriptor: asyncio's socket wrapper has no `listen`)."""
    loop = asyncio.get_running_loop()
    listening = await loop.create_server(server.connect, host, port, backlog=ACCEPT_BATCH)
    for sock in listening.sockets:
        with socket.socket(fileno=os.dup(sock.fileno())) as same:
            same.listen(BACKLOG)
    keepalive = loop.create_task(server.keepalive())
    try:
        yield listening
    finally:
        keepalive.cancel()
        listening.close()
        await server.shut()
        await listening.wait_closed()
