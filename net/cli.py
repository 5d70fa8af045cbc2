"""`el-grande-server` (and `python -m net`): the command line, the open-files limit, and serving
until SIGINT/SIGTERM.

Why apart: how the process starts and stops (arguments, the data folder, the garbage
collector's settings, the LAN announcement) is no part of serving a connection.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import signal
import sqlite3
import sys
import time
from pathlib import Path
from typing import Callable

from .datadir import data_dir, take_moves
from .fair import LazyPool
from .hub import FORGET_AFTER_S, MAX_PER_ADDRESS, OPEN_PER_ADDRESS, OPEN_TTL_S
from .server import Server, listen
from .store import SchemaTooNew, Store

# The cyclic collector's thresholds (Python's defaults: 700, 10, 10). The server's garbage is
# acyclic (frames, views, messages freed by reference counting): its collections find almost
# nothing, and a collection's pause is the objects it scans, i.e. those allocated since the last
# one and still alive. Measured at 2 000 tables (docs/scaling.md): a young collection scans
# about 4 objects a table's move plus each connection's last read, 12-15 ms of CPU every
# 1.4 s at 5 000 (20-25 ms every 2.5 s at 10 000, 50-90 ms every 10 s at 50 000); the middle
# generation holds whatever outlived a young collection, and scanning it took 40-90 ms every
# 5 s when collected every other time, 440 ms once the 8 000 connections of a start were in
# it. So it is collected only every 1 000 young collections (a pause of about 0.5 s for the
# 740 000 objects of 2 000 tables, every 20-25 minutes at that load), and the oldest one,
# where cycles that outlived both wait, every 10 of those (hours, as before). The long-lived
# heap of the start is frozen, and so is what the players coming back after a restart bring
# (`collect_after_start`).
GC_THRESHOLD = (5_000, 1_000, 10)
START_QUIET_S = 2.0     # a start's reconnections are over once no connection opened for this long
START_MOST_S = 60.0     # ... or after this long at most

log = logging.getLogger("net.server")
LOG_LEVELS = ("debug", "info", "warning", "error")


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


class _LogFormatter(logging.Formatter):
    """Lines as `logging.Formatter` writes them, the date and second of their time formatted once
    a second: a restart of 2 000 tables logs 16 000 lines within seconds, and formatting the
    time anew was about a third of a line's cost."""

    _second, _text = -1, ""

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        second = int(record.created)
        if second != self._second:
            self._second, self._text = second, time.strftime(self.default_time_format, self.converter(second))
        return f"{self._text},{int(record.msecs):03d}"


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
    server = Server(store, args.max_tables, args.max_connections, LazyPool(args.ai_workers),
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
        settling = asyncio.get_running_loop().create_task(collect_after_start(server))
        beacon = None if args.no_announce else announce(args.host, port)
        if ready is not None:
            ready(port)
        await stop.wait()
        settling.cancel()
        if beacon is not None:
            beacon.close()
    await server.stop()
    print(json.dumps({"stopped": True, **server.stats, **server.latency_summary()}), flush=True)
    log.info("stopped after %d moves", server.stats["moves"])
    server.ai.close()
    store.close()


async def collect_after_start(server: Server, quiet_s: float = START_QUIET_S, most_s: float = START_MOST_S) -> None:
    """No cyclic collection while a restart's players come back; then what they brought is
    frozen too. Their connections, the tables replayed for them and their views' cached texts
    live as long as the game: each young collection scanned them once, 116 collections and
    0.4 s of CPU in the 4 s it took 8 000 seats to resume 2 000 tables (a tenth of the
    restart, docs/scaling.md). Once no connection has opened for `quiet_s` (at most `most_s`
    after listening) they are frozen and collections resume. A cycle that became garbage in
    those seconds would stay with them: the server makes none (a collection at that moment, tried
    after 8 000 seats came back, freed nothing)."""
    gc.disable()
    try:
        deadline, seen = time.monotonic() + most_s, -1
        while time.monotonic() < deadline and server.opened_total != seen:
            seen = server.opened_total
            await asyncio.sleep(quiet_s)
    finally:
        gc.freeze()
        gc.enable()


def main(argv: list[str] | None = None) -> None:
    args = build_parser().parse_args(argv)
    level = getattr(logging, args.log_level.upper())
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_LogFormatter("%(asctime)s %(levelname)s %(message)s"))
    logging.basicConfig(level=level, handlers=[handler])
    # The record fields the format leaves out are not gathered (the logging HOWTO's
    # "Optimization"): the log's two lines a returning player, 16 000 in a restart of 2 000
    # tables, were about a tenth of the restarted server's CPU, and the caller's file and line,
    # thread and process were looked up for every record and never printed.
    logging.logThreads = logging.logProcesses = logging.logMultiprocessing = False
    logging._srcfile = None
    logging.getLogger("websockets").setLevel(max(level, logging.WARNING))   # its handshake chatter
    try:
        asyncio.run(run(args))
    except SchemaTooNew as exc:
        sys.exit(f"el-grande-server: {exc}")
    except OSError as exc:
        sys.exit(f"el-grande-server: cannot listen on {args.host}:{args.port} ({exc.strerror or exc})")
    except sqlite3.Error as exc:
        sys.exit(f"el-grande-server: cannot open the database ({exc})")
