"""The game server: `el-grande-server`, a websockets (asyncio) server holding every table's Game.

Each connection reads client messages (validated by protocol.py, rate-limited by a token bucket)
and is written to by its own task from a bounded queue, so a client that never reads is closed
instead of growing the server's memory. A move is checked by the table, committed to the store,
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
websockets handler) and cli.py (the command line).

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
from typing import Any, AsyncIterator

import websockets
from websockets.asyncio.server import ServerConnection, serve

from .conn import Conn, host, peer
from .protocol import GAMES, MAX_MESSAGE, PROTOCOL_VERSION, ProtocolError, encode, error, parse
from .requests import Requests

BACKLOG = 4096                   # pending TCP connections the listening socket queues
ACCEPT_BATCH = 64                # connections accepted in one turn of the event loop
FLOOD_CLOSE = 1000               # dropped messages after which a connection is closed
PING_S = 60.0                    # keepalive ping interval of a connection

log = logging.getLogger(__name__)


class Server(Requests):
    """The websockets handler: a connection counted against the caps, greeted, its messages read
    in order (rate-limited, parsed, dispatched), and detached from its tables when it closes.
    `serve`/`listen` run it."""

    async def handler(self, ws: ServerConnection) -> None:
        self._opened += 1
        conn = Conn(ws, self._opened, host(ws))
        counted = False
        try:
            if len(self.conns) >= self.max_connections:
                log.warning("connection %d from %s refused: the server is full (%d connections)",
                            conn.number, peer(ws), len(self.conns))
                self._send(conn, error(ProtocolError("server_full", "too many connections")))
                await asyncio.sleep(0.05)
                return
            if self.per_address.get(conn.address, 0) >= self.max_per_address:
                log.warning("connection %d refused: %d connections from its address", conn.number,
                            self.max_per_address)
                self._send(conn, error(ProtocolError("too_many_connections",
                                                     f"at most {self.max_per_address} connections an address")))
                await asyncio.sleep(0.05)
                return
            self.per_address[conn.address] = self.per_address.get(conn.address, 0) + 1
            counted = True
            self.conns.add(conn)
            log.info("connection %d opened from %s", conn.number, peer(ws))
            self._send(conn, encode("hello", server="el-grande", protocol=PROTOCOL_VERSION,
                                    max_message=MAX_MESSAGE, games=list(GAMES)))
            async for raw in ws:
                if conn.closing:
                    break
                await self._receive(conn, raw)
                await asyncio.sleep(0)    # let the writers and other connections run between messages
        except websockets.ConnectionClosed:
            pass
        except Exception as exc:
            log.error("connection %d: internal error %s: %s", conn.number, exc.__class__.__name__, exc)
        finally:
            if conn in self.conns:
                log.info("connection %d closed", conn.number)
            if counted:
                left = self.per_address[conn.address] - 1
                if left:
                    self.per_address[conn.address] = left
                else:
                    del self.per_address[conn.address]
            self.conns.discard(conn)
            conn.closing = True
            if conn.slow is not None:
                conn.slow.cancel()
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


@asynccontextmanager
async def listen(server: Server, host: str, port: int) -> AsyncIterator[Any]:
    """The websockets server for `server` (an async context manager): frames up to four times
    MAX_MESSAGE reach the validator (which refuses those over it with a reason); bigger ones close
    the connection (1009). No compression: views are small and CPU is the limit. The listen
    backlog is BACKLOG (the kernel caps it at net.core.somaxconn): thousands of clients
    reconnecting at once after a restart queue instead of being refused. A silent connection is
    pinged every PING_S (websockets' default, 20 s, made its pings 7% of the CPU of 8 000
    connections) and closed when its pong is PING_S / 2 late.

    asyncio accepts as many connections in one turn of its loop as the listen backlog it was
    given: after a restart that was 4 096 handshakes begun at once, turns of seconds in which no
    move or resume was answered (the first acknowledged move came 17 s after a restart of 2 000
    tables). So the loop is given ACCEPT_BATCH and the socket's queue is widened to BACKLOG
    afterwards (through a duplicate of its descriptor: asyncio's socket wrapper has no `listen`)."""
    async with serve(server.handler, host, port, max_size=4 * MAX_MESSAGE, compression=None, max_queue=64,
                     backlog=ACCEPT_BATCH, ping_interval=PING_S, ping_timeout=PING_S / 2) as ws_server:
        for sock in ws_server.sockets:
            with socket.socket(fileno=os.dup(sock.fileno())) as same:
                same.listen(BACKLOG)
        yield ws_server
