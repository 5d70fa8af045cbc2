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

Logging (stdlib `logging`, logger "net.server", `--log-level`): one line per connection opened
or closed, table created, joined, started, handed to an AI or finished, and per error. A line
names connections by number and tables by code, never a credential, a token, a seed or a move's
text (a disc or a recovered card is secret); a refused message is logged by its error code only.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import hashlib
import json
import logging
import math
import random
import secrets
import signal
import sqlite3
import sys
import time
from collections import deque
from functools import partial
from pathlib import Path
from typing import Any, Callable

import websockets
from ai.worker_pool import Job, Pool
from engine.errors import EngineError
from engine.seed import new_seed
from websockets.asyncio.server import ServerConnection, serve

from .protocol import (CODE_ALPHABET, CODE_LENGTH, GAMES, MAX_MESSAGE, PROTOCOL_VERSION, ProtocolError, encode,
                       encode_raw, error, name_of, parse)
from .datadir import data_dir, take_moves
from .fair import FairPool
from .store import SchemaTooNew, Store, Stored, seat_rows, table_row
from .table import OPEN, OVER, PLAYING, Seat, Table

RATE, BURST = 50.0, 100.0        # messages a second per connection, and the burst allowed
MAX_PER_ADDRESS = 64             # connections at once from one address (--max-per-address)
OPEN_PER_ADDRESS = 10            # tables not started yet that one address may hold
OPEN_TTL_S = 24 * 3600.0         # a table not started within this is forgotten
FORGET_AFTER_S = 7 * 24 * 3600.0  # a finished table is forgotten this long after its last move
IDLE_S = 600.0                   # a connection following no table and silent this long is closed
SEAT_CONNECTIONS = 2             # connections that may act for one seat; a newer one replaces the oldest
MAX_ATTACHED = 100               # tables one connection may follow
GUESS_RATE, GUESS_BURST = 10 / 60, 20.0   # unknown codes or credentials an address may send (per s, burst)
SPECTATOR_INTERVAL = 0.5         # seconds between spectators' updates of one table
SWEEP_S = 5.0                    # how often expiry and the AI hand-over are looked at
BACKLOG = 4096                   # pending TCP connections the listening socket queues
FLOOD_CLOSE = 1000               # dropped messages after which a connection is closed
QUEUE_SIZE = 256                 # messages waiting for a slow reader before it is closed
WRITE_TIMEOUT = 10.0             # seconds one frame may take to leave before the reader is closed
LATENCY_SAMPLES = 100_000
# The cyclic collector's youngest-generation threshold (Python's default is 700). The server's
# garbage is acyclic (frames, views, messages freed by reference counting): measured, its young
# collections found nothing yet cost 8% of its CPU and stalls of tens of ms over a heap of
# hundreds of tables. Collections stay on, 70x rarer; the long-lived heap is frozen at start.
GC_THRESHOLD = (50_000, 20, 100)


log = logging.getLogger(__name__)
LOG_LEVELS = ("debug", "info", "warning", "error")


class Conn:
    """One client connection: its send queue, rate bucket, address and the tables it is attached
    to (code -> the seat's player, or None when watching)."""

    def __init__(self, ws: ServerConnection, queue_size: int, number: int = 0, address: str = "") -> None:
        self.ws, self.number, self.address = ws, number, address
        self.queue: asyncio.Queue[tuple[str, float | None]] = asyncio.Queue(queue_size)
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


def finished_summary(s: Stored) -> dict[str, Any]:
    """The summary of a finished table kept out of memory (nobody is connected to it)."""
    return {"code": s.code, "game": s.game, "name": s.name, "status": OVER, "n": s.n, "to_move": None,
            **s.settings, "seats": [{"player": x.player, "kind": x.kind, "name": x.name,
                                     "taken": x.credential is not None, "connected": False,
                                     "away": x.away_kind is not None, "left": False, "gone_for": None}
                                    for x in s.seats]}


class Server:
    """Tables, connections and the store; `serve` runs it. `seed_source` makes the games' seeds
    (tests fix them; by default 128 random bits, engine/seed.py). Limits: tables in play, open
    tables per address, connections in all and per address, connections per seat."""

    def __init__(self, store: Store, max_tables: int = 1000, max_connections: int = 4000,
                 ai_pool: Pool | None = None, seed_source: Callable[[], int] | None = None,
                 rate: float = RATE, burst: float = BURST, queue_size: int = QUEUE_SIZE,
                 write_timeout: float = WRITE_TIMEOUT, max_per_address: int = MAX_PER_ADDRESS,
                 open_per_address: int = OPEN_PER_ADDRESS, open_ttl: float = OPEN_TTL_S,
                 forget_after: float = FORGET_AFTER_S, idle_timeout: float = IDLE_S) -> None:
        self.store, self.max_tables, self.max_connections = store, max_tables, max_connections
        self.max_per_address, self.open_per_address = max_per_address, open_per_address
        self.open_ttl, self.forget_after, self.idle_timeout = open_ttl, forget_after, idle_timeout
        self.ai = ai_pool or Pool()
        self.fair = FairPool(self.ai)
        self.seed_source = seed_source or new_seed
        self.rate, self.burst, self.queue_size, self.write_timeout = rate, burst, queue_size, write_timeout
        self.tables: dict[str, Table] = {}
        self.finished: dict[str, Stored] = {}       # finished tables nobody watches: not in memory
        self.set_aside: dict[str, str] = {}         # code -> why its record did not replay
        self._load(store.load())
        self.conns: set[Conn] = set()
        self.per_address: dict[str, int] = {}
        self.guesses: dict[str, Bucket] = {}
        self.at_table: dict[str, set[Conn]] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._pending_codes: set[str] = set()
        self._thinking: set[str] = set()
        self._spectators_sent: dict[str, float] = {}   # code -> when spectators last got an update
        self._spectators_due: set[str] = set()
        # code -> moves that arrived while the table's last move was being committed
        self._committing: dict[str, list[tuple[Conn, dict[str, Any], float]]] = {}
        self._last_step: dict[str, tuple[int, str]] = {}  # code -> (n, step) of its last move
        self._tasks: set[asyncio.Task[Any]] = set()
        self._sweeper: asyncio.Task[Any] | None = None
        self.stats = {"moves": 0, "refused": 0, "slow_closed": 0, "flood_closed": 0}
        # seconds from a move's arrival to its ack handed to the socket (the last LATENCY_SAMPLES)
        self.latencies: deque[float] = deque(maxlen=LATENCY_SAMPLES)
        self._arrived = 0.0
        self._opened = 0                 # connections numbered for the log

    def _load(self, stored: list[Stored]) -> None:
        """The stored tables: those in play replayed, finished ones listed only; one whose record
        does not replay is logged and set aside, and the others are served."""
        self.next_id = max((s.id for s in stored), default=0) + 1
        now = time.monotonic()
        for s in stored:
            if s.moves is None:
                self.finished[s.code] = s
                continue
            try:
                table = s.table()
            except EngineError as exc:
                self.set_aside[s.code] = str(exc)
                log.error("table %s set aside: its record does not replay (%s)", s.code, exc)
                continue
            for seat in table.seats:
                if seat.credential is not None:
                    seat.gone_since = now
            self.tables[s.code] = table

    # ---- connections ----------------------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        self._opened += 1
        conn = Conn(ws, self.queue_size, self._opened, _host(ws))
        writer = asyncio.create_task(self._writer(conn))
        counted = False
        try:
            if len(self.conns) >= self.max_connections:
                log.warning("connection %d from %s refused: the server is full (%d connections)",
                            conn.number, _peer(ws), len(self.conns))
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
            log.info("connection %d opened from %s", conn.number, _peer(ws))
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
            writer.cancel()
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

    async def _handle(self, conn: Conn, msg: dict[str, Any]) -> None:
        try:
            await getattr(self, "_on_" + msg["type"])(conn, msg)
        except ProtocolError as exc:
            self.stats["refused"] += 1
            log.debug("connection %d: %s refused (%s)", conn.number, msg["type"], exc.code)
            self._send(conn, error(exc, msg.get("id")))

    async def _writer(self, conn: Conn) -> None:
        """Send queued frames in order, every frame waiting at once; frames that cannot leave
        within the write timeout close the connection (one timer a batch, not a task a frame)."""
        loop = asyncio.get_running_loop()
        try:
            while True:
                batch = [await conn.queue.get()]
                while not conn.queue.empty():
                    batch.append(conn.queue.get_nowait())
                timer = loop.call_later(self.write_timeout, self._too_slow, conn)
                try:
                    for text, arrived in batch:
                        await conn.ws.send(text)
                        if arrived is not None:
                            self.latencies.append(time.perf_counter() - arrived)
                finally:
                    timer.cancel()
        except websockets.ConnectionClosed:
            pass

    def _too_slow(self, conn: Conn) -> None:
        self.stats["slow_closed"] += 1
        log.warning("connection %d closed: a frame could not leave within %g s", conn.number, self.write_timeout)
        self._close(conn)

    def _send(self, conn: Conn, text: str, arrived: float | None = None) -> None:
        if conn.closing:
            return
        try:
            conn.queue.put_nowait((text, arrived))
        except asyncio.QueueFull:
            self.stats["slow_closed"] += 1
            log.warning("connection %d closed: %d frames waited for it to read", conn.number, self.queue_size)
            self._close(conn)

    def _close(self, conn: Conn) -> None:
        """Drop a connection that floods, never reads or idles (its queue is abandoned)."""
        if conn in self.conns:
            log.info("connection %d closed", conn.number)
        conn.closing = True
        conn.ws.transport.abort()
        self.conns.discard(conn)
        for code in list(conn.attached):
            self._detach(conn, code)

    def _attach(self, conn: Conn, table: Table, player: str | None) -> None:
        if table.code not in conn.attached and len(conn.attached) >= MAX_ATTACHED:
            raise ProtocolError("too_many_tables", f"a connection follows at most {MAX_ATTACHED} tables")
        if player is not None:
            same = [c for c in self.at_table.get(table.code, ()) if c is not conn
                    and c.attached.get(table.code) == player]
            for old in same[:max(0, len(same) - SEAT_CONNECTIONS + 1)]:
                self._drop(old, table.code, "replaced")
            table.seat(player).gone_since = None
        conn.attached[table.code] = player
        self.at_table.setdefault(table.code, set()).add(conn)
        self._broadcast_table(table)

    def _drop(self, conn: Conn, code: str, reason: str) -> None:
        """Detach a connection from a table by the server's doing, telling it why."""
        self._send(conn, encode("detached", code=code, reason=reason))
        self._detach(conn, code)

    def _detach(self, conn: Conn, code: str) -> None:
        player = conn.attached.pop(code, None)
        self.at_table.get(code, set()).discard(conn)
        table = self.tables.get(code)
        if table is None:
            return
        if player is not None and player not in self.connected(table):
            table.seat(player).gone_since = time.monotonic()
        if not self.at_table.get(code):
            self.at_table.pop(code, None)
            table.forget_views()       # a table waiting for days keeps only its game (~14 KB)
            if table.status == OVER and code not in self._committing:
                self._evict(table)
                return
        self._broadcast_table(table)

    def _evict(self, table: Table) -> None:
        """A finished table nobody follows leaves memory (listed from its seats only)."""
        del self.tables[table.code]
        self._last_step.pop(table.code, None)
        self.finished[table.code] = Stored(table.id, table.code, table.name, OVER, table.setup, table.host,
                                           table.kind.name, table.settings, table.owner, table.created,
                                           time.time(), table.seats, None, table.n)

    def connected(self, table: Table) -> set[str]:
        return {p for c in self.at_table.get(table.code, ()) if (p := c.attached.get(table.code))}

    # ---- messages -------------------------------------------------------------------------------
    def _lookup(self, conn: Conn, code: str) -> Table | Stored:
        """The table of a code a client sent: a miss counts as a guess of its address, and an
        address out of guesses may name only the tables its connection already follows."""
        known = self.tables.get(code.upper())
        if known is not None and code.upper() in conn.attached:
            return known
        bucket = self.guesses.setdefault(conn.address, Bucket(GUESS_RATE, GUESS_BURST))
        if bucket.left() < 1.0:
            raise ProtocolError("too_many_guesses", f"wait: at most {GUESS_BURST:g} unknown codes or credentials "
                                f"an address, then {60 * GUESS_RATE:g} a minute")
        found = self.tables.get(code.upper()) or self.finished.get(code.upper())
        if found is None:
            bucket.take()
            raise ProtocolError("unknown_table", f"no table {code[:16]!r}")
        return found

    def _missed(self, conn: Conn) -> None:
        self.guesses.setdefault(conn.address, Bucket(GUESS_RATE, GUESS_BURST)).take()

    async def _live(self, conn: Conn, code: str) -> Table:
        """The table in memory, a finished one read back first (someone wants to see it)."""
        found = self._lookup(conn, code)
        if isinstance(found, Table):
            return found
        table = await self._db(self.store.replayed, found)
        if self.finished.pop(found.code, None) is not None:
            self.tables[found.code] = table
        return self.tables[found.code]

    def _table(self, conn: Conn, code: str) -> Table:
        found = self._lookup(conn, code)
        if not isinstance(found, Table):
            raise ProtocolError("already_started", f"table {found.code} is over")
        return found

    def _lock(self, code: str) -> asyncio.Lock:
        return self._locks.setdefault(code, asyncio.Lock())

    async def _db(self, fn: Callable[..., Any], *args: Any) -> Any:
        """A store call in a thread; a failure is `storage` (nothing was done)."""
        try:
            return await self.store.call(fn, *args)
        except sqlite3.Error as exc:
            log.error("storage failed: %s", exc)
            raise ProtocolError("storage", f"the change could not be stored ({exc})") from None

    async def _save(self, table: Table, status: str | None = None) -> None:
        await self._db(self.store.write_table, table_row(table, status), seat_rows(table))

    async def _change(self, table: Table, change: Callable[[], Any]) -> Any:
        """Change the table's seats under its lock and store them; if they cannot be stored the
        change is undone (a refused request leaves nothing behind)."""
        async with self._lock(table.code):
            snap = table.snapshot()
            result = change()
            try:
                await self._save(table)
            except ProtocolError:
                table.restore(snap)
                raise
            return result

    async def _on_ping(self, conn: Conn, msg: dict[str, Any]) -> None:
        self._send(conn, encode("pong", id=msg.get("id")))

    async def _on_create(self, conn: Conn, msg: dict[str, Any]) -> None:
        owner = conn.owner
        if sum(t.status == OPEN and t.owner == owner for t in self.tables.values()) >= self.open_per_address:
            raise ProtocolError("too_many_tables", f"at most {self.open_per_address} tables not started "
                                "an address")
        if sum(t.status != OVER for t in self.tables.values()) >= self.max_tables:
            raise ProtocolError("server_full", f"at most {self.max_tables} tables")
        name = name_of(msg)
        code = self._new_code()
        table_id, self.next_id = self.next_id, self.next_id + 1
        table, host_token = Table.create(table_id, code, msg, self.seed_source(), name, owner)
        reply: dict[str, Any] = {"id": msg.get("id"), "code": code, "host_token": host_token}
        if "human" in msg["seats"]:
            seat, token = table.join(name)
            reply.update(player=seat.player, credential=token)
        self._pending_codes.add(code)
        try:
            await self._save(table)       # not stored: not kept
        finally:
            self._pending_codes.discard(code)
        self.tables[code] = table
        log.info("table %s created by connection %d: %s%s", code, conn.number, ", ".join(msg["seats"]),
                 "" if table.kind.name == "el-grande" else f" ({table.kind.name})")
        self._send(conn, encode("created", **reply, table=table.summary(set())))
        if "player" in reply:
            self._attach(conn, table, reply["player"])
            self._send_state(conn, table)

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables and code not in self.finished and code not in self._pending_codes:
                return code

    async def _on_join(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(conn, msg["code"])
        name = name_of(msg)
        seat, token = await self._change(table, lambda: table.join(name, msg.get("player")))
        log.info("table %s: connection %d took seat %s", table.code, conn.number, seat.player)
        self._send(conn, encode("joined", id=msg.get("id"), code=table.code, player=seat.player,
                                credential=token, table=table.summary(self.connected(table))))
        self._attach(conn, table, seat.player)
        self._send_state(conn, table)

    async def _on_resume(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = await self._live(conn, msg["code"])
        name = name_of(msg)
        try:
            seat = table.holder(msg["credential"])
        except ProtocolError:
            self._missed(conn)
            raise
        if seat.away_kind is not None or (name and name != seat.name):
            def back() -> None:
                table.resume(msg["credential"])
                seat.name = name or seat.name
            await self._change(table, back)
        seat.left = False
        log.info("table %s: connection %d resumed seat %s", table.code, conn.number, seat.player)
        self._send(conn, encode("joined", id=msg.get("id"), code=table.code, player=seat.player,
                                credential=msg["credential"], table=table.summary(self.connected(table))))
        if "history" in msg:      # a player back after a while: what happened, as every seat saw it
            await self._send_history(conn, table, msg["history"])
        self._attach(conn, table, seat.player)
        self._send_state(conn, table)

    async def _send_history(self, conn: Conn, table: Table, asked: int) -> None:
        """Moves `asked`.. as their updates carried them, from the stored per-move steps (read in
        a thread; a move not yet committed from memory)."""
        start = min(asked, table.n)
        rows = await self._db(self.store.history, table.id, start)
        steps = [step if step is not None else "" for _, step in rows]
        if any(not s for s in steps):          # a file written before steps were stored
            steps = await asyncio.to_thread(legacy_steps, table, start, [t for t, _ in rows])
        last = self._last_step.get(table.code)
        if last is not None and last[0] == start + len(steps):
            steps.append(last[1])
        self._send(conn, encode_raw("history", {"steps": "[" + ",".join(steps) + "]"}, code=table.code,
                                    start=start, n=start + len(steps)))

    async def _on_watch(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = await self._live(conn, msg["code"])
        log.info("table %s: connection %d watches", table.code, conn.number)
        self._send(conn, encode("watching", id=msg.get("id"), code=table.code,
                                table=table.summary(self.connected(table))))
        if "history" in msg:
            await self._send_history(conn, table, msg["history"])
        self._attach(conn, table, None)
        self._send_state(conn, table)

    async def _on_start(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(conn, msg["code"])
        async with self._lock(table.code):
            table.check_start(msg["host_token"])
            await self._save(table, PLAYING)
            table.status = PLAYING
        log.info("table %s started: %d players", table.code, len(table.seats))
        self._send(conn, encode("started", id=msg.get("id"), code=table.code))
        self._broadcast_table(table)
        self._kick_ai(table)

    async def _on_seat_ai(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(conn, msg["code"])
        connected = msg["player"] in self.connected(table)
        await self._change(table, lambda: table.hand_to_ai(msg["player"], msg["level"], connected,
                                                           msg.get("host_token"), msg.get("credential")))
        log.info("table %s: seat %s handed to the %s AI", table.code, msg["player"], msg["level"])
        self._send(conn, encode("seated", id=msg.get("id"), code=table.code, player=msg["player"],
                                level=msg["level"]))
        self._broadcast_table(table)
        self._kick_ai(table)

    async def _on_unseat(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(conn, msg["code"])
        await self._change(table, lambda: table.unseat(msg["host_token"], msg["player"]))
        log.info("table %s: the host removed the player of seat %s", table.code, msg["player"])
        for other in [c for c in self.at_table.get(table.code, ()) if c.attached.get(table.code) == msg["player"]]:
            self._drop(other, table.code, "unseated")
        self._send(conn, encode("unseated", id=msg.get("id"), code=table.code, player=msg["player"]))
        self._broadcast_table(table)

    async def _on_abandon(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(conn, msg["code"])
        async with self._lock(table.code):
            table.check_open(msg["host_token"])
            await self._db(self.store.delete_tables, [table.id])
            self._forget(table, "abandoned")
        log.info("table %s abandoned by its host", table.code)
        self._send(conn, encode("abandoned", id=msg.get("id"), code=table.code))

    def _forget(self, table: Table, reason: str) -> None:
        """A deleted table leaves memory; whoever follows it is told why."""
        for other in list(self.at_table.get(table.code, ())):
            self._drop(other, table.code, reason)
        self.tables.pop(table.code, None)
        self._locks.pop(table.code, None)
        self._last_step.pop(table.code, None)

    async def _on_leave(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(conn, msg["code"])
        player = conn.attached.get(table.code)
        if player is None:
            raise ProtocolError("not_seated", f"this connection holds no seat at table {table.code}")
        table.seat(player).left = True
        log.info("table %s: the player of %s left", table.code, player)
        self._send(conn, encode("left", id=msg.get("id"), code=table.code))
        self._detach(conn, table.code)

    async def _on_tables(self, conn: Conn, msg: dict[str, Any]) -> None:
        """The player's tables (title screen list): each code with his seat and whose turn."""
        found = []
        for item in msg["credentials"]:
            code = item["code"].upper()
            table: Table | Stored | None = self.tables.get(code) or self.finished.get(code)
            seat = next((s for s in table.seats if s.holds(item["credential"])), None) if table else None
            if table is None or seat is None:
                found.append({"code": item["code"], "error": "bad_credential"})
            elif isinstance(table, Stored):
                found.append({**finished_summary(table), "player": seat.player})
            else:
                found.append({**table.summary(self.connected(table)), "player": seat.player})
        self._send(conn, encode("tables", id=msg.get("id"), tables=found))

    async def _on_move(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(conn, msg["code"])
        player = conn.attached.get(table.code)
        if player is None:
            raise ProtocolError("not_seated", f"this connection holds no seat at table {table.code}")
        waiting = self._committing.get(table.code)
        if waiting is not None:          # checked once the table's previous move is committed
            waiting.append((conn, msg, self._arrived))
            return
        text = table.check_move(table.seat(player), msg["move"], msg["n"])
        self._commit(table, text, conn, msg.get("id"))

    # ---- moves ----------------------------------------------------------------------------------
    def _commit(self, table: Table, text: str, mover: Conn | None,
                request_id: int | None) -> asyncio.Future[bool]:
        """Play, store, acknowledge, broadcast — in that order: the move is played on the table
        at once, handed to the store's writer thread, and acknowledged and broadcast only when it
        is committed. The future says whether it was stored."""
        arrived = self._arrived
        events, move = table.play(text)
        events_text = json.dumps(events, separators=(",", ":"))
        move_text = json.dumps(move, separators=(",", ":"))
        step = move_text[:-1] + ',"events":' + events_text + "}"
        self._last_step[table.code] = (table.n - 1, step)
        self._committing[table.code] = []
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

        def stored(exc: Exception | None) -> None:
            self._stored(table, events_text, move_text, mover, request_id, arrived, exc)
            done.set_result(exc is None)
        self.store.save_move_later(table, text, stored, step)
        return done

    def _stored(self, table: Table, events: str, move: str, mover: Conn | None,
                request_id: int | None, arrived: float, exc: Exception | None) -> None:
        """A move's commit ended: acknowledge and broadcast it, or (not stored) undo it on the
        table and tell the mover; then the moves that waited for it."""
        waiting = self._committing.pop(table.code, [])
        if exc is not None:
            log.error("table %s: move %d could not be stored (%s)", table.code, table.n, exc)
            self._last_step.pop(table.code, None)
            self.tables[table.code] = Table(table.id, table.code, table.setup, table.seats, table.host,
                                            PLAYING, tuple(table.game.record()["moves"][:-1]), table.name,
                                            table.kind.name, table.settings, table.owner, table.created)
            if mover is not None:
                self._send(mover, error(ProtocolError("storage", f"the move could not be stored ({exc})"),
                                        request_id))
        else:
            self.stats["moves"] += 1
            if table.status == OVER:
                log.info("table %s finished after %d moves", table.code, table.n)
            if mover is not None:
                self._send(mover, encode("ack", id=request_id, code=table.code, n=table.n), arrived)
            self._broadcast_update(table, events, move)
            self._kick_ai(table)
        if waiting:
            task = asyncio.get_running_loop().create_task(self._handle_waiting(waiting))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        elif table.status == OVER and not self.at_table.get(table.code) and self.tables.get(table.code) is table:
            self._evict(table)

    async def _handle_waiting(self, waiting: list[tuple[Conn, dict[str, Any], float]]) -> None:
        for conn, msg, when in waiting:
            self._arrived = when
            if not conn.closing:
                await self._handle(conn, msg)

    def _broadcast_update(self, table: Table, events: str, move: str) -> None:
        texts: dict[str | None, str] = {}         # one frame per seat (and one for spectators)
        spectators = []
        for conn in list(self.at_table.get(table.code, ())):
            player = conn.attached.get(table.code)
            if player is None:
                spectators.append(conn)
                continue
            text = texts.get(player)
            if text is None:
                text = texts[player] = self._update(table, player, events, move)
            self._send(conn, text)
        if spectators:
            self._spectate(table, events, move)

    def _spectate(self, table: Table, events: str, move: str) -> None:
        """Spectators' updates, at most one per SPECTATOR_INTERVAL a table: a move within it is
        followed by one update of the position after the interval (its `n` says how far). A
        table's first one goes at once, however soon after the machine's boot (the monotonic
        clock's zero)."""
        now = time.monotonic()
        if table.code in self._spectators_due:
            return
        wait = self._spectators_sent.get(table.code, -math.inf) + SPECTATOR_INTERVAL - now
        if wait <= 0:
            self._spectators_sent[table.code] = now
            text = self._update(table, None, events, move)
            for conn in list(self.at_table.get(table.code, ())):
                if conn.attached.get(table.code, "") is None:
                    self._send(conn, text)
            return
        self._spectators_due.add(table.code)
        asyncio.get_running_loop().call_later(wait, self._spectators_catch_up, table)

    def _spectators_catch_up(self, table: Table) -> None:
        self._spectators_due.discard(table.code)
        if self.tables.get(table.code) is table:
            self._spectate(table, "[]", "")

    def _update(self, table: Table, player: str | None, events: str, move: str = "") -> str:
        """An `update` frame: the move as the table saw it (after a move; its log line), its
        events, the seat's view (built once a move and seat) and, for the seat to move, its legal
        moves (a client needs no rules engine to choose one)."""
        raw = {"move": move} if move else {}
        raw.update(events=events, view=table.view_text(player))
        if player is not None and player == table.game.to_move and (legal := table.legal_texts()):
            raw["legal"] = json.dumps(legal, separators=(",", ":"))
        return encode_raw("update", raw, code=table.code, n=table.n, game=table.kind.name)

    def _send_state(self, conn: Conn, table: Table) -> None:
        self._send(conn, self._update(table, conn.attached.get(table.code), "[]"))

    def _broadcast_table(self, table: Table) -> None:
        text = encode("table", table=table.summary(self.connected(table)))
        for conn in list(self.at_table.get(table.code, ())):
            self._send(conn, text)

    def _kick_ai(self, table: Table) -> None:
        """Start the AI of the seat to move, unless it is already thinking for this table."""
        if table.ai_to_move() is not None and table.code not in self._thinking:
            self._thinking.add(table.code)
            task = asyncio.get_running_loop().create_task(self._run_ai(table))
            self._tasks.add(task)
            task.add_done_callback(self._ai_done)

    def _ai_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and (exc := task.exception()) is not None:
            log.error("an AI seat stopped: %s: %s", exc.__class__.__name__, exc)

    async def _run_ai(self, table: Table) -> None:
        try:
            while (seat := table.ai_to_move()) is not None:
                n, level = table.n, seat.kind
                seed = table.setup["seed"] + table.seats.index(seat)
                view = table.view(seat.player)
                job = Job(level, seed, view, random.Random(seed * 100_003 + n), game=table.kind.name)
                reply = await self.fair.decide(table.owner or table.code, job)
                if reply.notice:
                    log.warning("table %s: AI worker replaced (%s)", table.code, reply.notice)
                if self.tables.get(table.code) is not table or table.n != n or table.ai_to_move() is not seat:
                    continue
                move = reply.move
                if move is None or table.kind.why_illegal(table.game, view, move) is not None:
                    log.warning("table %s: the %s AI of %s gave no legal move; a random legal move is played",
                                table.code, level, seat.player)
                    move = str(random.Random(n).choice(view.legal_moves()))
                if not await self._commit(table, table.kind.canonical(table.game, move), None, None):
                    await asyncio.sleep(1.0)      # the store refused: try again shortly
                    table = self.tables.get(table.code, table)
        finally:
            self._thinking.discard(table.code)

    # ---- housekeeping ---------------------------------------------------------------------------
    async def sweep(self, now: float | None = None, mono: float | None = None) -> None:
        """Once every SWEEP_S: forget tables never started within `open_ttl` and finished ones
        after `forget_after`; hand a gone player's seat to the table's `auto_ai` after its
        `auto_after`; close connections that follow no table and said nothing for `idle_timeout`."""
        now = time.time() if now is None else now
        mono = time.monotonic() if mono is None else mono
        expired = [t for t in self.tables.values() if t.status == OPEN and now - t.created > self.open_ttl]
        old = [s for s in self.finished.values() if now - s.updated > self.forget_after]
        if expired or old:
            await self._db(self.store.delete_tables, [t.id for t in expired] + [s.id for s in old])
            for t in expired:
                log.info("table %s expired: never started", t.code)
                self._forget(t, "expired")
            for s in old:
                log.info("table %s forgotten: finished %d s ago", s.code, now - s.updated)
                self.finished.pop(s.code, None)
        for table in [t for t in self.tables.values() if t.status == PLAYING and "auto_ai" in t.settings]:
            connected = self.connected(table)
            for seat in table.seats:
                gone = table.gone_for(seat, mono)
                if (seat.kind == "human" and seat.credential is not None and seat.player not in connected
                        and gone is not None and gone >= table.settings["auto_after"]):
                    try:
                        await self._change(table, partial(_hand_over, seat, str(table.settings["auto_ai"])))
                    except ProtocolError:
                        continue
                    log.info("table %s: seat %s handed to the %s AI after %d s away", table.code, seat.player,
                             table.settings["auto_ai"], gone)
                    self._broadcast_table(table)
                    self._kick_ai(table)
        for conn in [c for c in self.conns if not c.attached and mono - c.last_message > self.idle_timeout]:
            log.info("connection %d closed: idle and following no table", conn.number)
            self._close(conn)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_S)
            try:
                await self.sweep()
            except ProtocolError:
                pass            # the store failed: logged; the next sweep tries again

    def start(self) -> None:
        """Begin serving in the running loop: the AI seats of restored tables, and the sweeper."""
        self.resume_ai()
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._sweeper = None
        for task in list(self._tasks):
            task.cancel()

    def latency_summary(self) -> dict[str, float]:
        """The server's own share of a move's round trip (arrival to ack written), in ms."""
        lat = sorted(self.latencies) or [0.0]
        return {"server_p50_ms": round(1000 * lat[len(lat) // 2], 2),
                "server_p99_ms": round(1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))], 2)}

    def resume_ai(self) -> None:
        """After a restart: every table whose AI is to move starts thinking again."""
        for table in self.tables.values():
            self._kick_ai(table)


def _hand_over(seat: Seat, level: str) -> None:
    seat.away_kind, seat.kind = "human", level


def legacy_steps(table: Table, start: int, texts: list[str]) -> list[str]:
    """Steps of moves stored before steps were kept: replayed once, for a file of an older server."""
    moves = table.game.record()["moves"]
    game = table.kind.replay(table.setup, moves[:start], f"table {table.code}")
    steps = []
    for text in texts:
        move = {"player": str(game.to_move), "text": table.kind.public_text(game, text)}
        steps.append(json.dumps({**move, "events": table.kind.events(game.play(text))}, separators=(",", ":")))
    return steps


def _host(ws: ServerConnection) -> str:
    address = ws.remote_address
    return str(address[0]) if isinstance(address, tuple) and address else str(address)


def _peer(ws: ServerConnection) -> str:
    """The connection's remote address as host:port (what the log names a client by)."""
    address = ws.remote_address
    return f"{address[0]}:{address[1]}" if isinstance(address, tuple) and len(address) >= 2 else str(address)


def listen(server: Server, host: str, port: int) -> Any:
    """The websockets server for `server` (an async context manager): frames up to four times
    MAX_MESSAGE reach the validator (which refuses those over it with a reason); bigger ones close
    the connection (1009). No compression: views are small and CPU is the limit. The listen
    backlog is BACKLOG (the kernel caps it at net.core.somaxconn): thousands of clients
    reconnecting at once after a restart queue instead of being refused."""
    return serve(server.handler, host, port, max_size=4 * MAX_MESSAGE, compression=None, max_queue=64,
                 backlog=BACKLOG)


def raise_open_files(connections: int) -> None:
    """Raise the soft limit of open files toward the hard one: each connection is a descriptor,
    and the default soft limit (often 1024) would refuse connections long before --max-connections."""
    try:
        import resource
    except ImportError:         # not on this platform: its limit stands
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = connections + 256
    if soft != resource.RLIM_INFINITY and soft < want:
        target = want if hard == resource.RLIM_INFINITY else min(want, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        if target < want:
            log.warning("open files limited to %d (hard limit): fewer than %d connections can be served",
                        target, connections)


# ---- command line --------------------------------------------------------------------------------
class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:   # type: ignore[override]
        """One line on stderr and exit status 2 (argparse would print the usage too)."""
        self.exit(2, f"el-grande-server: {message}\n")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


def _port(text: str) -> int:
    value = _positive(text) if text != "0" else 0
    if value > 65535:
        raise argparse.ArgumentTypeError(f"expected a port 0..65535, got {text!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="el-grande-server", description="El Grande game server (websockets).")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0 for a LAN)")
    p.add_argument("--port", type=_port, default=8765, help="TCP port (default 8765; 0: any free port)")
    p.add_argument("--db", type=Path, help="SQLite file of the tables (default: server.sqlite3 in the data dir)")
    p.add_argument("--max-tables", type=_positive, default=1000, help="tables in play at once (default 1000)")
    p.add_argument("--max-connections", type=_positive, default=4000, help="connections at once (default 4000)")
    p.add_argument("--max-per-address", type=_positive, default=MAX_PER_ADDRESS,
                   help=f"connections at once from one address (default {MAX_PER_ADDRESS})")
    p.add_argument("--open-per-address", type=_positive, default=OPEN_PER_ADDRESS,
                   help=f"tables not started yet one address may hold (default {OPEN_PER_ADDRESS})")
    p.add_argument("--open-ttl", type=_positive, default=int(OPEN_TTL_S),
                   help="seconds after which a table never started is forgotten (default a day)")
    p.add_argument("--forget-after", type=_positive, default=int(FORGET_AFTER_S),
                   help="seconds after its last move a finished table is forgotten (default a week)")
    p.add_argument("--ai-workers", type=_positive, default=1, help="AI worker processes (default 1)")
    p.add_argument("--synchronous", choices=("normal", "full"), default="normal",
                   help="SQLite durability: normal survives a crash of the server, full also a power loss")
    p.add_argument("--no-announce", action="store_true", help="do not announce the server on the LAN (zeroconf)")
    p.add_argument("--log-level", choices=LOG_LEVELS, default="info",
                   help="the log's detail on stderr (default info: connections, tables, errors)")
    return p


async def run(args: argparse.Namespace, ready: Callable[[int], None] | None = None) -> None:
    """Serve until SIGINT/SIGTERM; `ready(port)` is called once listening."""
    from .discovery import announce
    db = args.db or data_dir() / "server.sqlite3"
    for moved in take_moves():
        if moved.error is None:
            log.info("the data folder %s moved to %s", moved.source, moved.target)
        else:
            log.warning("the data folder %s could not be moved to %s (%s)", moved.source, moved.target, moved.error)
    store = Store(db, args.synchronous)
    raise_open_files(args.max_connections)
    server = Server(store, args.max_tables, args.max_connections, Pool(args.ai_workers),
                    max_per_address=args.max_per_address, open_per_address=args.open_per_address,
                    open_ttl=args.open_ttl, forget_after=args.forget_after)
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(sig, stop.set)
    async with listen(server, args.host, args.port) as ws_server:
        port = next(iter(ws_server.sockets)).getsockname()[1]
        print(json.dumps({"listening": f"ws://{args.host}:{port}", "db": str(db),
                          "tables": len(server.tables)}), flush=True)
        log.info("listening on ws://%s:%d; database %s (schema version %d), %d tables",
                 args.host, port, db, store.version, len(server.tables))
        server.start()
        gc.collect()
        gc.freeze()       # the restored tables and the code are long-lived: no collection scans them
        gc.set_threshold(*GC_THRESHOLD)
        beacon = None if args.no_announce else announce(args.host, port)
        if ready is not None:
            ready(port)
        await stop.wait()
        if beacon is not None:
            beacon.close()
    await server.stop()
    print(json.dumps({"stopped": True, **server.stats, **server.latency_summary()}), flush=True)
    log.info("stopped after %d moves", server.stats["moves"])
    server.ai.close()
    store.close()


def main(argv: list[str] | None = None) -> None:
    args = build_parser().parse_args(argv)
    level = getattr(logging, args.log_level.upper())
    logging.basicConfig(level=level, stream=sys.stderr, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("websockets").setLevel(max(level, logging.WARNING))   # its handshake chatter
    try:
        asyncio.run(run(args))
    except SchemaTooNew as exc:
        sys.exit(f"el-grande-server: {exc}")
    except OSError as exc:
        sys.exit(f"el-grande-server: cannot listen on {args.host}:{args.port} ({exc.strerror or exc})")
    except sqlite3.Error as exc:
        sys.exit(f"el-grande-server: cannot open the database ({exc})")
