"""Server capacity: N tables of four scripted clients playing as fast as the server answers.

    python benchmarks/server_load.py --tables 200 --seconds 60 [--kill] [--think-ms 1000] [--client-procs 2]
                                     [--client-nice 0] [--warm-max 600] [--no-pin]

Starts its own `el-grande-server` (a child process, on a free loopback port, a fresh database in
a temporary directory). The 4N clients run in --client-procs worker processes (tables dealt out
among them), --client-nice steps of niceness below the server if asked (0 by default: niced
clients beside other jobs at niceness 0 were starved, and their own delays count in the round
trips they measure). Where the system allows it (Linux) and the machine has two cores or more,
the server has the first core to itself and the clients the others (`--no-pin`: every process
on every core): the players of a real server are on other machines, and with three busy
processes on two cores the scheduler at times put a client process on the server's core during
a restart's reconnections, the run then as much as 1.5 s slower to bring every table back
(docs/scaling.md). Each client is a seat of benchmarks/load_client.py on its own websocket,
reading only what a player's program must: a seat plays a random move of the legal moves its
`update` carries when it is to move (no rules engine on the client side, as a thin third-party
client would) — at once, or after --think-ms (uniform between half and one and a half times it:
a player's pace) — and a finished game is followed by a new table. The round trip is from sending
a move to its acknowledgement (the move committed to the store), counted once every table has
started (the 4N connections made, 16 handshakes at a time a client process, the tables created
and joined: `warm_up_s`, at most --warm-max); --seconds of play are measured from then. With
--kill the server is SIGKILLed halfway through them and restarted on the same database and
port; the clients reconnect by themselves, and `lost_moves` counts moves acknowledged before the
kill that the killed server's database does not have. A move unanswered for 30 s is an error.

Prints one JSON line: tables, connections, cores (the server's and the clients' when pinned, else
null), seconds, moves, moves_per_s, rtt_p50_ms, rtt_p99_ms,
rtt_samples, warm_up_s, server_p50_ms and server_p99_ms (the server's own share: from a move's
arrival to its acknowledgement handed to the socket, after the restart with --kill), errors,
lost_moves, disconnects (requests cut by the kill), server_rss_mb, rss_per_table_kb (the server's
memory with every table playing, less its memory before the first table, divided by the tables),
games_finished, client_cpu_s, server_cpu_s and server_ms_per_move (the server's CPU time,
start-up and connections included, per acknowledged move), load_avg (the machine's 1-minute load
average at the start and at the end), somaxconn (the system's cap on a listen queue) and
listen_overflows (connections the kernel dropped in the run because a listen queue was full,
each retried by TCP after 1-3 s; the whole machine's count). `moves_per_s` is over the measured
seconds. With --kill also,
in seconds from the restarted server's launch: `restart_listening_s` (its tables loaded),
`restart_first_ack_s` (the first acknowledged move), `restart_all_back_s` (every table's seats
brought back: each one's first update after it reconnected) and `restart_all_moved_s` (every
table's first acknowledged move after it, a player's think time included).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import gc
import multiprocessing as mp
import os
import queue
import random
import resource
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from load_client import Seat, Stats, table  # noqa: E402
from net.cli import GC_THRESHOLD  # noqa: E402

CONNECTING = 16         # handshakes a client process has in flight at once
BACKOFF_MAX = 1.0       # the longest wait between a seat's reconnection attempts
UNANSWERED_S = 30.0     # a move unanswered this long is an error


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def split_cores(pin: bool) -> tuple[set[int], set[int]] | None:
    """The server's core and the clients' (the others), or None: not asked, a system without
    `sched_setaffinity`, or a single core."""
    if not pin or not hasattr(os, "sched_setaffinity"):
        return None
    cpus = sorted(os.sched_getaffinity(0))
    return ({cpus[0]}, set(cpus[1:])) if len(cpus) >= 2 else None


def start_server(db: Path, port: int, tables: int, cpus: set[int] | None) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-m", "net", "--port", str(port), "--db", str(db), "--no-announce",
                             "--max-tables", str(tables * 4 + 10), "--max-connections", str(tables * 4 + 100),
                             # every simulated player shares 127.0.0.1: the per-address caps are lifted
                             "--max-per-address", str(tables * 4 + 100), "--open-per-address", str(tables * 4 + 10)],
                            cwd=ROOT, stdout=subprocess.PIPE, text=True,
                            env={**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
                                 "PYTHONUNBUFFERED": "1"})   # compiled once, as an installed server is
    if cpus:
        os.sched_setaffinity(proc.pid, cpus)     # before its threads start: they inherit it
    assert proc.stdout is not None
    proc.stdout.readline()              # the "listening" line: ready
    return proc


def listen_overflows() -> int | None:
    """The kernel's count of connections dropped because a listen queue was full (Linux's
    TcpExt ListenOverflows, for the whole machine), None elsewhere."""
    try:
        lines = Path("/proc/net/netstat").read_text().splitlines()
    except OSError:
        return None
    for names, values in zip(lines[::2], lines[1::2]):
        if names.startswith("TcpExt:"):
            counts = dict(zip(names.split()[1:], values.split()[1:]))
            return int(counts["ListenOverflows"]) if "ListenOverflows" in counts else None
    return None


def somaxconn() -> int | None:
    try:
        return int(Path("/proc/sys/net/core/somaxconn").read_text())
    except (OSError, ValueError):
        return None


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def play_tables(url: str, indexes: list[int], stats: Stats, until: Any, think_s: float,
                      killed: Any, out: Any) -> None:
    """A worker's tables until `until`; when the server is killed (`killed` set), the moves
    acknowledged so far are sent to the parent at once (nothing can be acknowledged while it is
    down). At the end the moves in flight are answered before the connections close."""
    ramp = asyncio.Semaphore(CONNECTING)
    loop = asyncio.get_running_loop()

    def failed(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        stats.error("client_exception")         # a bug of the benchmark's client shows in the figures
        loop.default_exception_handler(context)
    loop.set_exception_handler(failed)
    seats = {i: [Seat(url, stats, random.Random(i * 4 + k), think_s, BACKOFF_MAX) for k in range(4)]
             for i in indexes}
    stopped = loop.create_future()          # the run's end: every table's wait ends
    groups = asyncio.gather(*(table(seats[i], stats, lambda: time.monotonic() < until.value, ramp, stopped)
                              for i in indexes))
    reported, checked = False, time.monotonic()
    while not groups.done():
        if time.monotonic() >= until.value and not stopped.done():
            stopped.set_result(None)
        if killed.is_set() and not reported:
            out.put(("acked", dict(stats.acked)))
            reported = True
        await asyncio.wait([groups], timeout=0.05)
        if time.monotonic() > checked + 1.0:
            checked = time.monotonic()
            for group in seats.values():
                for s in group:
                    s.expire(UNANSWERED_S)
    await groups
    everyone = [s for group in seats.values() for s in group]
    for s in everyone:
        s.stopping = True
    for _ in range(100):                # the moves in flight answered
        if not any(s.pending for s in everyone):
            break
        await asyncio.sleep(0.05)
    for group in seats.values():     # a table is back once its last seat is
        code = group[0].code
        if all(s.back_at is not None and s.code == code for s in group):
            stats.back[code] = max(s.back_at or 0.0 for s in group)
    for s in everyone:
        s.close()


def worker(url: str, indexes: list[int], tables: int, started: Any, go: Any, until: Any, think_s: float,
           killed: Any, out: Any, nice: int, cpus: set[int] | None) -> None:
    """A client process: once every worker is ready (`go`), plays its tables until `until` (the
    monotonic clock is the machine's), then puts its counts on `out`. It runs `nice` steps below
    the server, on `cpus` if given."""
    os.nice(nice)
    if cpus:
        os.sched_setaffinity(0, cpus)
    gc.freeze()                         # the collector as the server has it (net/cli.py): a process
    gc.set_threshold(*GC_THRESHOLD)     # of 4,000 connections otherwise pauses for its full scans
    stats = Stats(tables, started)
    out.put(("ready", None))
    go.wait()
    asyncio.run(play_tables(url, indexes, stats, until, think_s, killed, out))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    out.put(("done", {"rtts": stats.rtts, "moves": stats.moves, "errors": stats.errors,
                      "error_codes": stats.error_codes, "disconnects": stats.disconnects,
                      "games": stats.games, "cpu": usage.ru_utime + usage.ru_stime,
                      "first_ack": stats.first_ack, "back": stats.back}))


def lost_after_kill(db: Path, acked: dict[str, int]) -> int:
    """Acknowledged moves the killed server's database lacks (the restart replays exactly it)."""
    with sqlite3.connect(db) as con:
        stored = dict(con.execute("SELECT t.code, COUNT(m.n) FROM tables t LEFT JOIN moves m "
                                  "ON m.table_id = t.id GROUP BY t.id"))
    return sum(max(0, n - stored.get(code, 0)) for code, n in acked.items())


def check_workers(workers: list[Any]) -> None:
    if any(not w.is_alive() and w.exitcode for w in workers):
        raise SystemExit("a client process failed (its traceback is above)")


def restart_figures(results: list[dict[str, Any]], restarted_at: float, listening_s: float) -> dict[str, Any]:
    """Seconds from the restarted server's launch: to listening (its tables loaded), to the first
    acknowledged move, to every table brought back (each seat's first update after it
    reconnected), and to every table's first acknowledged move (a player's think time included)."""
    back: dict[str, float] = {}
    first: dict[str, float] = {}
    for r in results:
        for code, when in r["back"].items():
            back[code] = max(back.get(code, 0.0), when)
        for code, when in r["first_ack"].items():
            first[code] = min(first.get(code, when), when)
    return {"restart_listening_s": round(listening_s, 2),
            "restart_first_ack_s": round(min(first.values(), default=restarted_at) - restarted_at, 2),
            "restart_all_back_s": round(max(back.values(), default=restarted_at) - restarted_at, 2),
            "restart_all_moved_s": round(max(first.values(), default=restarted_at) - restarted_at, 2),
            "tables_back": len(back), "tables_moved": len(first)}


def run(args: argparse.Namespace) -> dict[str, object]:
    load_start = os.getloadavg()[0]
    overflows_start = listen_overflows()
    ctx = mp.get_context("spawn")
    with tempfile.TemporaryDirectory() as tmp:
        db, port = Path(tmp) / "load.sqlite3", free_port()
        url = f"ws://127.0.0.1:{port}"
        cores = split_cores(not args.no_pin)
        server_cpus, client_cpus = cores if cores else (None, None)
        proc = start_server(db, port, args.tables, server_cpus)
        try:
            server_cpu = 0.0
            restarted_at = listening_s = 0.0
            base_rss = rss_kb(proc.pid)
            started, killed, out = ctx.Value("i", 0), ctx.Event(), ctx.Queue()
            go, until = ctx.Event(), ctx.Value("d", 0.0)
            procs = max(1, min(args.client_procs, args.tables))
            workers = [ctx.Process(target=worker, args=(url, list(range(k, args.tables, procs)), args.tables, started,
                                                        go, until, args.think_ms / 1000, killed, out, args.client_nice,
                                                        client_cpus))
                       for k in range(procs)]
            for w in workers:
                w.start()
            for _ in workers:
                out.get()                       # "ready": imported and waiting
            start = time.monotonic()
            until.value = start + args.warm_max + args.seconds
            go.set()
            warm_at: float | None = None
            while warm_at is None and time.monotonic() < start + args.warm_max:
                time.sleep(0.05)
                if started.value >= args.tables:
                    warm_at = time.monotonic()
                check_workers(workers)
            measured = time.monotonic()           # --seconds of play from here (every table started)
            until.value = measured + args.seconds
            while time.monotonic() < measured + args.seconds / 2:
                time.sleep(0.05)
            peak_rss = rss_kb(proc.pid)
            lost = 0
            killed_at = time.monotonic()
            if args.kill:
                server_cpu += cpu_s(proc.pid)
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                killed.set()
                acked: dict[str, int] = {}
                for _ in range(procs):           # every worker's acknowledged moves at the kill
                    kind, payload = out.get()
                    acked.update(payload)
                lost = lost_after_kill(db, acked)
                restarted_at = time.monotonic()
                proc = start_server(db, port, args.tables, server_cpus)
                listening_s = time.monotonic() - restarted_at
            results: list[dict[str, Any]] = []
            while len(results) < procs:
                try:
                    kind, payload = out.get(timeout=1.0)
                except queue.Empty:
                    check_workers(workers)
                    continue
                if kind == "done":
                    results.append(payload)
                if warm_at is None and started.value >= args.tables:
                    warm_at = time.monotonic()
            for w in workers:
                w.join()
            elapsed = time.monotonic() - start
            if not args.kill:
                peak_rss = max(peak_rss, rss_kb(proc.pid))
            server_cpu += cpu_s(proc.pid)
            proc.send_signal(signal.SIGTERM)
            assert proc.stdout is not None
            stopped = json.loads(proc.stdout.read().strip().splitlines()[-1])
            proc.wait(timeout=30)
        finally:
            if proc.poll() is None:         # the run failed: no server outlives it
                proc.kill()
                proc.wait()
    rtts = sorted(t for r in results for _, t in r["rtts"]) or [0.0]
    before = sorted(t for r in results for when, t in r["rtts"] if when < killed_at) or [0.0]
    moves = sum(int(r["moves"]) for r in results)
    codes: dict[str, int] = {}
    for r in results:
        for code, count in r["error_codes"].items():
            codes[code] = codes.get(code, 0) + count
    return {"tables": args.tables, "connections": 4 * args.tables, "client_procs": procs, "client_nice": args.client_nice,
            "cores": None if cores is None else {"server": sorted(cores[0]), "clients": sorted(cores[1])},
            "seconds": round(elapsed, 1), "moves": moves, "moves_per_s": round(len(rtts) / args.seconds, 1),
            "rtt_p50_ms": round(1000 * rtts[len(rtts) // 2], 2),
            "rtt_p99_ms": round(1000 * rtts[min(len(rtts) - 1, int(len(rtts) * 0.99))], 2),
            "rtt_samples": len(rtts),
            **({"rtt_before_kill_p50_ms": round(1000 * before[len(before) // 2], 2),
                "rtt_before_kill_p99_ms": round(1000 * before[min(len(before) - 1, int(len(before) * 0.99))], 2)}
               if args.kill else {}),
            "warm_up_s": None if warm_at is None else round(warm_at - start, 1),
            "server_p50_ms": stopped["server_p50_ms"], "server_p99_ms": stopped["server_p99_ms"],
            "errors": sum(int(r["errors"]) for r in results), "error_codes": codes, "lost_moves": lost,
            "disconnects": sum(int(r["disconnects"]) for r in results),
            "games_finished": sum(int(r["games"]) for r in results),
            "server_rss_mb": round(peak_rss / 1024, 1),
            "rss_per_table_kb": round((peak_rss - base_rss) / args.tables, 1),
            "client_cpu_s": round(sum(float(r["cpu"]) for r in results), 1),
            "server_cpu_s": round(server_cpu, 1),
            "server_ms_per_move": round(1000 * server_cpu / max(1, moves), 2),
            "kill": args.kill, **(restart_figures(results, restarted_at, listening_s) if args.kill else {}),
            "think_ms": args.think_ms, "somaxconn": somaxconn(),
            "listen_overflows": None if overflows_start is None else (listen_overflows() or 0) - overflows_start,
            "load_avg": [round(load_start, 2), round(os.getloadavg()[0], 2)]}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--kill", action="store_true", help="SIGKILL and restart the server halfway")
    parser.add_argument("--warm-max", type=float, default=600.0,
                        help="seconds to wait at most for every table to start before --seconds count (default 600)")
    parser.add_argument("--think-ms", type=float, default=0.0, help="each player's mean time a decision (default 0)")
    parser.add_argument("--client-procs", type=int, default=2, help="client worker processes (default 2)")
    parser.add_argument("--client-nice", type=int, default=0,
                        help="niceness of the client processes over the server's (default 0)")
    parser.add_argument("--no-pin", action="store_true",
                        help="let the server and the clients share every core (by default the server has one of its own)")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.seconds <= 0 or args.think_ms < 0 or args.client_procs < 1:
        parser.error("--tables, --seconds and --client-procs must be positive, --think-ms not negative")
    print(json.dumps(run(args)))


if __name__ == "__main__":
    main()
