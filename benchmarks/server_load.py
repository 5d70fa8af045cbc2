"""Server capacity: N tables of four scripted clients playing as fast as the server answers.

    nice python benchmarks/server_load.py --tables 200 --seconds 60 [--kill] [--think-ms 1000]

Starts its own `el-grande-server` (a child process, on a free loopback port, a fresh database in
a temporary directory). Each table's four clients (net.client, in this process) each play a
random legal move of their own view when it is their turn — at once, or after --think-ms
(uniform between half and one and a half times it: a player's pace) — and a finished game is
followed by a new table. The round trip is from sending a move to its acknowledgement (the move committed to the
store), counted once every table has started (the 4N connections made, the tables created and
joined: `warm_up_s`). With --kill the server is SIGKILLed halfway and restarted on the same database and port;
the clients reconnect by themselves, and `lost_moves` counts acknowledged moves the restarted
server does not have.

Prints one JSON line: tables, connections, seconds, moves, moves_per_s, rtt_p50_ms, rtt_p99_ms,
rtt_samples, warm_up_s, server_p50_ms and server_p99_ms (the server's own share: from a move's
arrival to its acknowledgement handed to the socket, after the restart with --kill), errors, lost_moves, disconnects (requests cut by the kill), server_rss_mb, rss_per_table_kb
(the server's memory with every table playing, less its memory before the first table,
divided by the tables), games_finished, client_cpu_s, server_cpu_s and server_ms_per_move (the
server's CPU time, start-up and connections included, per acknowledged move).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from net.client import Client, Disconnected, Refused  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path, port: int, tables: int) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-m", "net", "--port", str(port), "--db", str(db), "--no-announce",
                             "--max-tables", str(tables * 4 + 10), "--max-connections", str(tables * 4 + 100)],
                            cwd=ROOT, stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert proc.stdout is not None
    proc.stdout.readline()              # the "listening" line: ready
    return proc


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Stats:
    def __init__(self) -> None:
        self.rtts: list[float] = []
        self.moves = self.errors = self.disconnects = self.games = 0
        self.acked: dict[str, int] = {}         # table code -> highest acknowledged move number
        self.error_codes: dict[str, int] = {}
        self.started = 0                        # tables whose first game has started
        self.warm_at: float | None = None       # when the last of them started
        self.tables = 0

    def table_started(self) -> None:
        self.started += 1
        if self.started == self.tables:
            self.warm_at = time.monotonic()


async def seat(client: Client, code: str, player: str, rng: random.Random, stats: Stats,
               until: float, think_s: float) -> None:
    """One scripted player: a move of his own view whenever he is to move."""
    while time.monotonic() < until:
        if not client.current(code):
            await client.changed(timeout=0.5)
            continue
        view = client.view(code)
        if view.is_over:
            return
        if client.to_move(code) != player:
            await client.changed(timeout=0.5)
            continue
        n = client.n[code]
        if think_s:
            await asyncio.sleep(think_s * rng.uniform(0.5, 1.5))
        sent = time.perf_counter()
        try:
            reply = await client.request("move", code=code, move=str(rng.choice(view.legal_moves())), n=n)
        except Disconnected:
            stats.disconnects += 1
            await client.changed(timeout=0.5)
            continue
        except Refused as exc:
            stats.errors += 1
            stats.error_codes[exc.code] = stats.error_codes.get(exc.code, 0) + 1
            await client.changed(timeout=0.5)
            continue
        if stats.warm_at is not None:
            stats.rtts.append(time.perf_counter() - sent)
        stats.moves += 1
        stats.acked[code] = max(stats.acked.get(code, 0), int(reply["n"]))
        try:
            await client.wait_n(code, int(reply["n"]), timeout=30)
        except asyncio.TimeoutError:
            pass


async def table_group(url: str, index: int, stats: Stats, until: float, clients_out: list[Client],
                      think_s: float) -> None:
    """Four clients at one table after another until time is up."""
    clients = [Client(url, backoff_max=1.0) for _ in range(4)]
    clients_out.extend(clients)
    for c in clients:
        await c.connect()
    rng = random.Random(index)
    first = True
    while time.monotonic() < until:
        try:
            created = await clients[0].create(["human"] * 4)
            code = created["code"]
            for c in clients[1:]:
                await c.join(code)
            await clients[0].start(code, created["host_token"])
        except (Disconnected, Refused):
            await asyncio.sleep(0.5)
            continue
        if first:
            stats.table_started()
            first = False
        players = ["red", "blue", "green", "yellow"]
        await asyncio.gather(*(seat(c, code, p, random.Random(rng.random()), stats, until, think_s)
                               for c, p in zip(clients, players)))
        if code in clients[0].n and clients[0].view(code).is_over:
            stats.games += 1


def lost_after_kill(db: Path, acked: dict[str, int]) -> int:
    """Acknowledged moves the killed server's database lacks (the restart replays exactly it)."""
    with sqlite3.connect(db) as con:
        stored = dict(con.execute("SELECT t.code, COUNT(m.n) FROM tables t LEFT JOIN moves m "
                                  "ON m.table_id = t.id GROUP BY t.id"))
    return sum(max(0, n - stored.get(code, 0)) for code, n in acked.items())


async def run(args: argparse.Namespace) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as tmp:
        db, port = Path(tmp) / "load.sqlite3", free_port()
        url = f"ws://127.0.0.1:{port}"
        proc = start_server(db, port, args.tables)
        server_cpu = 0.0
        base_rss = rss_kb(proc.pid)
        stats = Stats()
        stats.tables = args.tables
        start = time.monotonic()
        until = start + args.seconds
        clients: list[Client] = []
        groups = [asyncio.create_task(table_group(url, i, stats, until, clients, args.think_ms / 1000))
                  for i in range(args.tables)]
        lost = 0
        await asyncio.sleep(args.seconds / 2)
        peak_rss = rss_kb(proc.pid)
        if args.kill:
            server_cpu += cpu_s(proc.pid)
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            lost = lost_after_kill(db, stats.acked)
            proc = start_server(db, port, args.tables)
        await asyncio.gather(*groups)
        elapsed = time.monotonic() - start
        if not args.kill:
            peak_rss = max(peak_rss, rss_kb(proc.pid))
        server_cpu += cpu_s(proc.pid)
        for c in clients:
            await c.close()
        proc.send_signal(signal.SIGTERM)
        assert proc.stdout is not None
        stopped = json.loads(proc.stdout.read().strip().splitlines()[-1])
        proc.wait(timeout=30)
    rtts = sorted(stats.rtts) or [0.0]
    warm_up = (stats.warm_at - start) if stats.warm_at is not None else None
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {"tables": args.tables, "connections": 4 * args.tables, "seconds": round(elapsed, 1),
            "moves": stats.moves, "moves_per_s": round(stats.moves / elapsed, 1),
            "rtt_p50_ms": round(1000 * rtts[len(rtts) // 2], 2),
            "rtt_p99_ms": round(1000 * rtts[min(len(rtts) - 1, int(len(rtts) * 0.99))], 2),
            "rtt_samples": len(stats.rtts), "warm_up_s": None if warm_up is None else round(warm_up, 1),
            "server_p50_ms": stopped["server_p50_ms"], "server_p99_ms": stopped["server_p99_ms"],
            "errors": stats.errors, "error_codes": stats.error_codes, "lost_moves": lost,
            "disconnects": stats.disconnects, "games_finished": stats.games,
            "server_rss_mb": round(peak_rss / 1024, 1),
            "rss_per_table_kb": round((peak_rss - base_rss) / args.tables, 1),
            "client_cpu_s": round(usage.ru_utime + usage.ru_stime, 1), "server_cpu_s": round(server_cpu, 1),
            "server_ms_per_move": round(1000 * server_cpu / max(1, stats.moves), 2),
            "kill": args.kill, "think_ms": args.think_ms}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--kill", action="store_true", help="SIGKILL and restart the server halfway")
    parser.add_argument("--think-ms", type=float, default=0.0, help="each player's mean time a decision (default 0)")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.seconds <= 0 or args.think_ms < 0:
        parser.error("--tables and --seconds must be positive, --think-ms not negative")
    print(json.dumps(asyncio.run(run(args))))


if __name__ == "__main__":
    main()
