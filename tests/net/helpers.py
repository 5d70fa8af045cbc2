"""Servers on 127.0.0.1 for the net tests: in the test's own event loop, or as a child process
(`el-grande-server` itself) that a test may kill -9; each is stopped by the test that started it."""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any, AsyncIterator, Iterator

from ai.worker_pool import Pool
from net.client import Client
from net.server import Server, listen
from net.store import Store

ROOT = Path(__file__).resolve().parents[2]


@contextlib.asynccontextmanager
async def running_server(db: Path, **options: Any) -> AsyncIterator[tuple[Server, str]]:
    """A Server in this event loop on a free loopback port: (server, its ws:// URL)."""
    store = Store(db)
    server = Server(store, ai_pool=options.pop("ai_pool", None) or Pool(1), **options)
    try:
        async with listen(server, "127.0.0.1", 0) as ws:
            port = next(iter(ws.sockets)).getsockname()[1]
            server.start()
            yield server, f"ws://127.0.0.1:{port}"
    finally:
        await server.stop()
        server.ai.close()
        store.close()


@contextlib.contextmanager
def server_process(db: Path, port: int = 0) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """`python -m net` on 127.0.0.1 (a free port unless given): (process, port); killed at the end."""
    proc = subprocess.Popen([sys.executable, "-m", "net", "--host", "127.0.0.1", "--port", str(port),
                             "--db", str(db), "--no-announce"], cwd=ROOT, stdout=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        yield proc, int(json.loads(line)["listening"].rsplit(":", 1)[1])
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)


def random_choice(view: Any, rng: random.Random) -> str:
    return str(rng.choice(view.legal_moves()))


async def play_seat(client: Client, code: str, player: str, rng: random.Random,
                    stop_at: int | None = None, choose: Any = random_choice) -> None:
    """A scripted human: `choose(view, rng)` (a random legal move of his own view) whenever he is
    to move, until the game is over (or the table reaches move `stop_at`)."""
    while True:
        if code in client.n and client.view(code).is_over:
            return
        if stop_at is not None and client.n.get(code, 0) >= stop_at:
            return
        if client.current(code) and client.to_move(code) == player:
            await client.move(code, choose(client.view(code), rng))
        else:
            await client.changed(timeout=1.0)


def run(coro: Any, timeout: float = 60.0) -> Any:
    """Run a test's coroutine with a time limit (a hang fails the test instead of the suite)."""
    return asyncio.run(asyncio.wait_for(coro, timeout))
