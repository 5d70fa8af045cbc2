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
import json
import logging
import random
import secrets
import signal
import sqlite3
import sys
import time
from collections import deque
from pathlib import Path
from typing import Any, Callable

import engine
import websockets
from ai.worker_pool import Job, Pool
from websockets.asyncio.server import ServerConnection, serve

from .protocol import (CODE_ALPHABET, CODE_LENGTH, MAX_MESSAGE, PROTOCOL_VERSION, ProtocolError, encode,
                       encode_raw, error, name_of, parse)
from .datadir import data_dir, take_moves
from .store import SchemaTooNew, Store
from .table import OVER, PLAYING, Table

RATE, BURST = 50.0, 100.0        # messages a second per connection, and the burst allowed
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
    """One client connection: its send queue, rate bucket and the tables it is attached to
    (code -> the seat's player, or None when watching)."""

    def __init__(self, ws: ServerConnection, queue_size: int, number: int = 0) -> None:
        self.ws, self.number = ws, number
        self.queue: asyncio.Queue[tuple[str, float | None]] = asyncio.Queue(queue_size)
        self.tokens, self.stamp = BURST, time.monotonic()
        self.dropped = 0
        self.attached: dict[str, str | None] = {}
        self.closing = False

    def allow(self, rate: float, burst: float) -> bool:
        """Token bucket: False when this message exceeds the connection's rate."""
        now = time.monotonic()
        self.tokens = min(burst, self.tokens + (now - self.stamp) * rate)
        self.stamp = now
        if self.tokens < 1.0:
            self.dropped += 1
            return False
        self.tokens -= 1.0
        return True


class Server:
    """Tables, connections and the store; `serve` runs it. `seed_source` makes the games' seeds
    (tests fix them; by default they are random)."""

    def __init__(self, store: Store, max_tables: int = 1000, max_connections: int = 4000,
                 ai_pool: Pool | None = None, seed_source: Callable[[], int] | None = None,
                 rate: float = RATE, burst: float = BURST, queue_size: int = QUEUE_SIZE,
                 write_timeout: float = WRITE_TIMEOUT) -> None:
        self.store, self.max_tables, self.max_connections = store, max_tables, max_connections
        self.ai = ai_pool or Pool()
        self.seed_source = seed_source or (lambda: secrets.randbits(31))
        self.rate, self.burst, self.queue_size, self.write_timeout = rate, burst, queue_size, write_timeout
        self.tables: dict[str, Table] = {t.code: t for t in store.load_tables()}
        self.conns: set[Conn] = set()
        self.at_table: dict[str, set[Conn]] = {}
        self._thinking: set[str] = set()
        # code -> moves that arrived while the table's last move was being committed
        self._committing: dict[str, list[tuple[Conn, dict[str, Any], float]]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.stats = {"moves": 0, "refused": 0, "slow_closed": 0, "flood_closed": 0}
        # seconds from a move's arrival to its ack handed to the socket (the last LATENCY_SAMPLES)
        self.latencies: deque[float] = deque(maxlen=LATENCY_SAMPLES)
        self._arrived = 0.0
        self._opened = 0                 # connections numbered for the log

    # ---- connections ----------------------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        self._opened += 1
        conn = Conn(ws, self.queue_size, self._opened)
        writer = asyncio.create_task(self._writer(conn))
        try:
            if len(self.conns) >= self.max_connections:
                log.warning("connection %d from %s refused: the server is full (%d connections)",
                            conn.number, _peer(ws), len(self.conns))
                self._send(conn, error(ProtocolError("server_full", "too many connections")))
                await asyncio.sleep(0.05)
                return
            self.conns.add(conn)
            log.info("connection %d opened from %s", conn.number, _peer(ws))
            self._send(conn, encode("hello", server="el-grande", protocol=PROTOCOL_VERSION,
                                    max_message=MAX_MESSAGE))
            async for raw in ws:
                if conn.closing:
                    break
                self._receive(conn, raw)
                await asyncio.sleep(0)    # let the writers and other connections run between messages
        except websockets.ConnectionClosed:
            pass
        except Exception as exc:
            log.error("connection %d: internal error %s: %s", conn.number, exc.__class__.__name__, exc)
        finally:
            if conn in self.conns:
                log.info("connection %d closed", conn.number)
            self.conns.discard(conn)
            writer.cancel()
            for code in list(conn.attached):
                self._detach(conn, code)

    def _receive(self, conn: Conn, raw: str | bytes) -> None:
        if not conn.allow(self.rate, self.burst):
            try:
                request_id = parse(raw).get("id")
            except ProtocolError:
                request_id = None
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
        self._handle(conn, msg)

    def _handle(self, conn: Conn, msg: dict[str, Any]) -> None:
        try:
            getattr(self, "_on_" + msg["type"])(conn, msg)
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
        """Drop a connection that floods or never reads (its queue is abandoned)."""
        if conn in self.conns:
            log.info("connection %d closed", conn.number)
        conn.closing = True
        conn.ws.transport.abort()
        self.conns.discard(conn)
        for code in list(conn.attached):
            self._detach(conn, code)

    def _attach(self, conn: Conn, table: Table, player: str | None) -> None:
        conn.attached[table.code] = player
        self.at_table.setdefault(table.code, set()).add(conn)
        self._broadcast_table(table)

    def _detach(self, conn: Conn, code: str) -> None:
        conn.attached.pop(code, None)
        self.at_table.get(code, set()).discard(conn)
        table = self.tables.get(code)
        if table is not None:
            if not self.at_table.get(code):
                table.forget_views()       # a table waiting for days keeps only its game (~14 KB)
            self._broadcast_table(table)

    def connected(self, table: Table) -> set[str]:
        return {p for c in self.at_table.get(table.code, ()) if (p := c.attached.get(table.code))}

    # ---- messages -------------------------------------------------------------------------------
    def _table(self, code: str) -> Table:
        table = self.tables.get(code.upper())
        if table is None:
            raise ProtocolError("unknown_table", f"no table {code[:16]!r}")
        return table

    def _on_ping(self, conn: Conn, msg: dict[str, Any]) -> None:
        self._send(conn, encode("pong", id=msg.get("id")))

    def _on_create(self, conn: Conn, msg: dict[str, Any]) -> None:
        if sum(t.status != OVER for t in self.tables.values()) >= self.max_tables:
            raise ProtocolError("server_full", f"at most {self.max_tables} tables")
        name = name_of(msg)
        code = self._new_code()
        table, host_token = Table.create(self.store.next_id(), code, msg["seats"], self.seed_source(), msg, name)
        reply: dict[str, Any] = {"id": msg.get("id"), "code": code, "host_token": host_token}
        if "human" in msg["seats"]:
            seat, token = table.join(name)
            reply.update(player=seat.player, credential=token)
        self.tables[code] = table
        self._save(table)
        log.info("table %s created by connection %d: %s", code, conn.number, ", ".join(msg["seats"]))
        self._send(conn, encode("created", **reply, table=table.summary(set())))
        if "player" in reply:
            self._attach(conn, table, reply["player"])
            self._send_state(conn, table)

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables:
                return code

    def _on_join(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(msg["code"])
        seat, token = table.join(name_of(msg), msg.get("player"))
        self._save(table)
        log.info("table %s: connection %d took seat %s", table.code, conn.number, seat.player)
        self._send(conn, encode("joined", id=msg.get("id"), code=table.code, player=seat.player,
                                credential=token, table=table.summary(self.connected(table))))
        self._attach(conn, table, seat.player)
        self._send_state(conn, table)

    def _on_resume(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(msg["code"])
        name = name_of(msg)
        seat = table.resume(msg["credential"])
        seat.name = name or seat.name
        self._save(table)
        log.info("table %s: connection %d resumed seat %s", table.code, conn.number, seat.player)
        self._send(conn, encode("joined", id=msg.get("id"), code=table.code, player=seat.player,
                                credential=msg["credential"], table=table.summary(self.connected(table))))
        if "history" in msg:      # a player back after a while: what happened, as every seat saw it
            start = min(msg["history"], table.n)
            self._send(conn, encode("history", code=table.code, start=start, n=table.n,
                                    steps=table.steps_since(start)))
        self._attach(conn, table, seat.player)
        self._send_state(conn, table)

    def _on_watch(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(msg["code"])
        log.info("table %s: connection %d watches", table.code, conn.number)
        self._send(conn, encode("watching", id=msg.get("id"), code=table.code,
                                table=table.summary(self.connected(table))))
        self._attach(conn, table, None)
        self._send_state(conn, table)

    def _on_start(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(msg["code"])
        table.start(msg["host_token"])
        self._save(table)
        log.info("table %s started: %d players", table.code, len(table.seats))
        self._send(conn, encode("started", id=msg.get("id"), code=table.code))
        self._broadcast_table(table)
        self._kick_ai(table)

    def _on_seat_ai(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(msg["code"])
        table.hand_to_ai(msg["host_token"], msg["player"], msg["level"], msg["player"] in self.connected(table))
        self._save(table)
        log.info("table %s: seat %s handed to the %s AI", table.code, msg["player"], msg["level"])
        self._send(conn, encode("seated", id=msg.get("id"), code=table.code, player=msg["player"],
                                level=msg["level"]))
        self._broadcast_table(table)
        self._kick_ai(table)

    def _on_tables(self, conn: Conn, msg: dict[str, Any]) -> None:
        """The player's tables (title screen list): each code with his seat and whose turn."""
        found = []
        for item in msg["credentials"]:
            table = self.tables.get(item["code"].upper())
            seat = next((s for s in table.seats if s.holds(item["credential"])), None) if table else None
            if table is None or seat is None:
                found.append({"code": item["code"], "error": "bad_credential"})
            else:
                found.append({**table.summary(self.connected(table)), "player": seat.player})
        self._send(conn, encode("tables", id=msg.get("id"), tables=found))

    def _on_move(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(msg["code"])
        player = conn.attached.get(table.code)
        if player is None:
            raise ProtocolError("not_seated", f"this connection holds no seat at table {table.code}")
        waiting = self._committing.get(table.code)
        if waiting is not None:          # checked once the table's previous move is committed
            waiting.append((conn, msg, self._arrived))
            return
        table.check_move(table.seat(player), msg["move"], msg["n"])
        self._commit(table, msg["move"], conn, msg.get("id"))

    # ---- moves ----------------------------------------------------------------------------------
    def _commit(self, table: Table, text: str, mover: Conn | None,
                request_id: int | None) -> asyncio.Future[bool]:
        """Play, store, acknowledge, broadcast — in that order: the move is played on the table
        at once, handed to the store's writer thread, and acknowledged and broadcast only when it
        is committed. The future says whether it was stored."""
        arrived = self._arrived
        events, move = table.play(text)
        self._committing[table.code] = []
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

        def stored(exc: Exception | None) -> None:
            self._stored(table, events, move, mover, request_id, arrived, exc)
            done.set_result(exc is None)
        self.store.save_move_later(table, text, stored)
        return done

    def _stored(self, table: Table, events: list[Any], move: dict[str, str], mover: Conn | None,
                request_id: int | None, arrived: float, exc: Exception | None) -> None:
        """A move's commit ended: acknowledge and broadcast it, or (not stored) undo it on the
        table and tell the mover; then the moves that waited for it."""
        waiting = self._committing.pop(table.code, [])
        if exc is not None:
            log.error("table %s: move %d could not be stored (%s)", table.code, table.n, exc)
            self.tables[table.code] = Table(table.id, table.code, table.setup, table.seats, table.host,
                                            PLAYING, tuple(table.game.record()["moves"][:-1]), table.name)
            if mover is not None:
                self._send(mover, error(ProtocolError("storage", f"the move could not be stored ({exc})"),
                                        request_id))
        else:
            self.stats["moves"] += 1
            if table.status == OVER:
                log.info("table %s finished after %d moves", table.code, table.n)
            if mover is not None:
                self._send(mover, encode("ack", id=request_id, code=table.code, n=table.n), arrived)
            self._broadcast_update(table, json.dumps(events, separators=(",", ":")),
                                   json.dumps(move, separators=(",", ":")))
            self._kick_ai(table)
        for conn, msg, when in waiting:
            self._arrived = when
            if not conn.closing:
                self._handle(conn, msg)

    def _broadcast_update(self, table: Table, events: str, move: str) -> None:
        texts: dict[str | None, str] = {}         # one frame per seat (and one for spectators)
        for conn in list(self.at_table.get(table.code, ())):
            player = conn.attached.get(table.code)
            text = texts.get(player)
            if text is None:
                text = texts[player] = self._update(table, player, events, move)
            self._send(conn, text)

    def _update(self, table: Table, player: str | None, events: str, move: str = "") -> str:
        """An `update` frame: the move as the table saw it (after a move; its log line), its
        events, the seat's view (built once a move and seat) and, for the seat to move, its legal
        moves (a client needs no rules engine to choose one)."""
        raw = {"move": move} if move else {}
        raw.update(events=events, view=table.view_text(player))
        if player is not None and player == table.game.to_move and (legal := table.legal_texts()):
            raw["legal"] = json.dumps(legal, separators=(",", ":"))
        return encode_raw("update", raw, code=table.code, n=table.n)

    def _send_state(self, conn: Conn, table: Table) -> None:
        self._send(conn, self._update(table, conn.attached.get(table.code), "[]"))

    def _broadcast_table(self, table: Table) -> None:
        text = encode("table", table=table.summary(self.connected(table)))
        for conn in list(self.at_table.get(table.code, ())):
            self._send(conn, text)

    def _save(self, table: Table) -> None:
        try:
            self.store.save_table(table)
        except sqlite3.Error as exc:
            log.error("table %s could not be stored (%s)", table.code, exc)
            raise ProtocolError("storage", f"the table could not be stored ({exc})") from None

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
                reply = await self.ai.decide(Job(level, seed, view, random.Random(seed * 100_003 + n)))
                if reply.notice:
                    log.warning("table %s: AI worker replaced (%s)", table.code, reply.notice)
                if self.tables.get(table.code) is not table or table.n != n or table.ai_to_move() is not seat:
                    continue
                move = reply.move
                if move is None or engine.why_illegal(view, move) is not None:
                    log.warning("table %s: the %s AI of %s gave no legal move; a random legal move is played",
                                table.code, level, seat.player)
                    move = str(random.Random(n).choice(view.legal_moves()))
                if not await self._commit(table, move, None, None):
                    await asyncio.sleep(1.0)      # the store refused: try again shortly
                    table = self.tables.get(table.code, table)
        finally:
            self._thinking.discard(table.code)

    def latency_summary(self) -> dict[str, float]:
        """The server's own share of a move's round trip (arrival to ack written), in ms."""
        lat = sorted(self.latencies) or [0.0]
        return {"server_p50_ms": round(1000 * lat[len(lat) // 2], 2),
                "server_p99_ms": round(1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))], 2)}

    def resume_ai(self) -> None:
        """After a restart: every table whose AI is to move starts thinking again."""
        for table in self.tables.values():
            self._kick_ai(table)


def _peer(ws: ServerConnection) -> str:
    """The connection's remote address as host:port (what the log names a client by)."""
    address = ws.remote_address
    return f"{address[0]}:{address[1]}" if isinstance(address, tuple) and len(address) >= 2 else str(address)


def listen(server: Server, host: str, port: int) -> Any:
    """The websockets server for `server` (an async context manager): frames up to four times
    MAX_MESSAGE reach the validator (which refuses those over it with a reason); bigger ones close
    the connection (1009). No compression: views are small and CPU is the limit."""
    return serve(server.handler, host, port, max_size=4 * MAX_MESSAGE, compression=None, max_queue=64)


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
    server = Server(store, args.max_tables, args.max_connections, Pool(args.ai_workers))
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(sig, stop.set)
    async with listen(server, args.host, args.port) as ws_server:
        port = next(iter(ws_server.sockets)).getsockname()[1]
        print(json.dumps({"listening": f"ws://{args.host}:{port}", "db": str(db),
                          "tables": len(server.tables)}), flush=True)
        log.info("listening on ws://%s:%d; database %s (schema version %d), %d tables",
                 args.host, port, db, store.version, len(server.tables))
        server.resume_ai()
        gc.collect()
        gc.freeze()       # the restored tables and the code are long-lived: no collection scans them
        gc.set_threshold(*GC_THRESHOLD)
        beacon = None if args.no_announce else announce(args.host, port)
        if ready is not None:
            ready(port)
        await stop.wait()
        if beacon is not None:
            beacon.close()
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
