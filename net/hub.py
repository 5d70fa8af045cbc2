"""The server's tables in memory and the connections following them: who is attached to which
table and seat, each connection's frames and their writing, table summaries broadcast on
every change, and changes of seats stored before they count (`_change`).

Why one piece: attaching, detaching and evicting a table touch the same maps (`tables`,
`at_table`, a connection's `attached`); the layers above it (updates.py, moves.py,
lifecycle.py, requests.py, server.py) each add one job on top of these maps.
"""
from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections import deque
from typing import Any, Callable

from engine.errors import EngineError
from engine.seed import new_seed

from .conn import BURST, RATE, Conn, Bucket
from .fair import Decider, FairPool, LazyPool
from .protocol import ProtocolError, encode, error
from .store import Store, Stored, seat_rows, table_row
from .table import OVER, Table

MAX_PER_ADDRESS = 64             # connections at once from one address (--max-per-address)
OPEN_PER_ADDRESS = 10            # tables not started yet that one address may hold
OPEN_TTL_S = 24 * 3600.0         # a table not started within this is forgotten
FORGET_AFTER_S = 7 * 24 * 3600.0  # a finished table is forgotten this long after its last move
IDLE_S = 600.0                   # a connection following no table and silent this long is closed
SEAT_CONNECTIONS = 2             # connections that may act for one seat; a newer one replaces the oldest
MAX_ATTACHED = 100               # tables one connection may follow
QUEUE_SIZE = 256                 # messages waiting for a slow reader before it is closed
WRITE_BUFFER = 64 * 1024         # bytes in a socket's buffer beyond which frames wait for it to drain
WRITE_TIMEOUT = 10.0             # seconds one frame may take to leave before the reader is closed
LATENCY_SAMPLES = 100_000
REPLAY_CHUNK, REPLAY_PAUSE_S = 5, 0.02   # restored tables replayed in the background: 250 a second at most

log = logging.getLogger("net.server")


class Hub:
    """Tables, connections and the store. `seed_source` makes the games' seeds (tests fix them;
    by default 128 random bits, engine/seed.py). Limits: tables in play, open tables per
    address, connections in all and per address, connections per seat."""

    def __init__(self, store: Store, max_tables: int = 1000, max_connections: int = 4000,
                 ai_pool: Decider | None = None, seed_source: Callable[[], int] | None = None,
                 rate: float = RATE, burst: float = BURST, queue_size: int = QUEUE_SIZE,
                 write_timeout: float = WRITE_TIMEOUT, max_per_address: int = MAX_PER_ADDRESS,
                 open_per_address: int = OPEN_PER_ADDRESS, open_ttl: float = OPEN_TTL_S,
                 forget_after: float = FORGET_AFTER_S, idle_timeout: float = IDLE_S) -> None:
        self.store, self.max_tables, self.max_connections = store, max_tables, max_connections
        self.max_per_address, self.open_per_address = max_per_address, open_per_address
        self.open_ttl, self.forget_after, self.idle_timeout = open_ttl, forget_after, idle_timeout
        self.ai = ai_pool or LazyPool()
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
        self._spectators_missed: dict[str, tuple[int, list[str]]] = {}   # code -> (first n, steps) held back
        # code -> moves that arrived while the table's last move was being committed
        self._committing: dict[str, list[tuple[Conn, dict[str, Any], float]]] = {}
        self._last_step: dict[str, tuple[int, str, str]] = {}  # code -> (n, public step, text played) of its last move
        self._tasks: set[asyncio.Task[Any]] = set()
        self._sweeper: asyncio.Task[Any] | None = None
        self.stats = {"moves": 0, "refused": 0, "slow_closed": 0, "flood_closed": 0}
        # seconds from a move's arrival to its ack handed to the socket (the last LATENCY_SAMPLES)
        self.latencies: deque[float] = deque(maxlen=LATENCY_SAMPLES)
        self._arrived = 0.0
        self._opened = 0                 # connections numbered for the log

    def _load(self, stored: list[Stored]) -> None:
        """The stored tables: those in play kept with their records, each replayed when first
        used (`ready`) or by `replay_rest` after the server listens; finished ones listed only."""
        self.next_id = max((s.id for s in stored), default=0) + 1
        now, wall = time.monotonic(), time.time()
        for s in stored:
            if s.moves is None:
                self.finished[s.code] = s
                continue
            table = s.table(lazy=True)
            for seat in table.seats:       # a player who left is gone since he left, the others since now
                if seat.credential is not None:
                    seat.gone_since = now - (max(0.0, wall - seat.left_at) if seat.left_at is not None else 0.0)
            self.tables[s.code] = table

    def ready(self, table: Table) -> bool:
        """Replay a restored table's record unless it has been: one that no longer replays is
        logged and set aside, and the others are served (False then)."""
        if table.replayed:
            return True
        try:
            table.replay()
        except EngineError as exc:
            self.tables.pop(table.code, None)
            self.set_aside[table.code] = str(exc)
            log.error("table %s set aside: its record does not replay (%s)", table.code, exc)
            return False
        return True

    async def replay_rest(self, chunk: int = REPLAY_CHUNK, pause: float = REPLAY_PAUSE_S) -> None:
        """After the start: the restored tables nobody has asked for yet, `chunk` at a time with
        `pause` seconds between (the players coming back go first), so that a record that no
        longer replays is found without waiting for its players."""
        for i, table in enumerate([t for t in self.tables.values() if not t.replayed]):
            self.ready(table)
            if i % chunk == chunk - 1:
                await asyncio.sleep(pause)

    async def _handle(self, conn: Conn, msg: dict[str, Any]) -> None:
        try:
            await getattr(self, "_on_" + msg["type"])(conn, msg)
        except ProtocolError as exc:
            self.stats["refused"] += 1
            log.debug("connection %d: %s refused (%s)", conn.number, msg["type"], exc.code)
            self._send(conn, error(exc, msg.get("id")))

    def _send(self, conn: Conn, text: str, arrived: float | None = None) -> None:
        """Queue a frame; the frames a connection gets in one turn of the loop (a move's `ack`
        and `update`) leave together at its end, in one write to the socket."""
        if conn.closing:
            return
        if len(conn.out) >= self.queue_size:
            self.stats["slow_closed"] += 1
            log.warning("connection %d closed: %d frames waited for it to read", conn.number, self.queue_size)
            self._close(conn)
            return
        conn.out.append((text, arrived))
        if len(conn.out) == 1 and not conn.paused:
            asyncio.get_running_loop().call_soon(self._flush, conn)

    def _flush(self, conn: Conn) -> None:
        """Write a connection's queued frames, framed by websockets' sans-I/O protocol, in one
        write to the socket; while the socket's buffer is over WRITE_BUFFER (a reader that is
        behind) they wait for it to drain (`drained`), and a connection whose buffer stays full
        for the write timeout is closed."""
        if conn.closing or conn.paused or not conn.out:
            return
        if not conn.open:
            conn.out.clear()
            return
        frames, conn.out = conn.out, []
        conn.send_texts([text for text, _ in frames])
        now = time.perf_counter()
        self.latencies.extend(now - arrived for _, arrived in frames if arrived is not None)
        if conn.paused and conn.stall is None:
            conn.stall = asyncio.get_running_loop().call_later(self.write_timeout, self._too_slow, conn)

    def drained(self, conn: Conn) -> None:
        """The socket's buffer of a reader that was behind has drained: its frames go on."""
        if conn.stall is not None:
            conn.stall.cancel()
            conn.stall = None
        self._flush(conn)

    def _too_slow(self, conn: Conn) -> None:
        self.stats["slow_closed"] += 1
        log.warning("connection %d closed: its frames could not leave within %g s", conn.number, self.write_timeout)
        self._close(conn)

    def _close(self, conn: Conn) -> None:
        """Drop a connection that floods, never reads or idles (its queue is abandoned)."""
        if conn in self.conns:
            log.info("connection %d closed", conn.number)
        conn.closing = True
        conn.abort()
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

    def _broadcast_table(self, table: Table) -> None:
        text = encode("table", table=table.summary(self.connected(table)))
        for conn in list(self.at_table.get(table.code, ())):
            self._send(conn, text)

    def _forget(self, table: Table, reason: str) -> None:
        """A deleted table leaves memory; whoever follows it is told why."""
        for other in list(self.at_table.get(table.code, ())):
            self._drop(other, table.code, reason)
        self.tables.pop(table.code, None)
        self._locks.pop(table.code, None)
        self._last_step.pop(table.code, None)

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
        """Store the table's rows (with `status` instead of its own) by the store's writer
        thread, in the transaction of the moves queued meanwhile; a failure is `storage`."""
        done: asyncio.Future[Exception | None] = asyncio.get_running_loop().create_future()

        def stored(exc: Exception | None) -> None:
            if not done.done():
                done.set_result(exc)
        self.store.write_table_later(table_row(table, status), seat_rows(table), stored)
        exc = await done
        if exc is not None:
            log.error("storage failed: %s", exc)
            raise ProtocolError("storage", f"the change could not be stored ({exc})")

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

    def latency_summary(self) -> dict[str, float]:
        """The server's own share of a move's round trip (arrival to ack written), in ms."""
        lat = sorted(self.latencies) or [0.0]
        return {"server_p50_ms": round(1000 * lat[len(lat) // 2], 2),
                "server_p99_ms": round(1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))], 2)}
