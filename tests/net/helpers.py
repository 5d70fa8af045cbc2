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
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any, AsyncIterator, Iterator

import engine
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
def server_thread(db: Path, **options: Any) -> Iterator[str]:
    """`running_server` on an event loop of its own thread, for clients with a loop of their own
    (the game's BackgroundClient): its URL; stopped (and its thread joined) at the end."""
    started: Future[tuple[asyncio.AbstractEventLoop, asyncio.Event, str]] = Future()

    async def serve() -> None:
        async with running_server(db, **options) as (_, url):
            stop = asyncio.Event()
            started.set_result((asyncio.get_running_loop(), stop, url))
            await stop.wait()

    thread = threading.Thread(target=lambda: asyncio.run(serve()), name="test-server", daemon=True)
    thread.start()
    loop, stop, url = started.result(30)
    try:
        yield url
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(30)


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


def to_secret(seed: int, players: list[str], owner: str, verb: str) -> tuple[list[str], list[str]]:
    """The moves of a game dealt from `seed` up to `owner`'s first secret move `verb` (a disc, a
    power card taken back: engine.SECRET_VERBS), every seat playing its first legal move but
    `owner`, who takes the power recovery card when offered and makes that move when he may;
    and the other choices he had for it (a second game's secret)."""
    game = engine.new_game(players, seed=seed)
    moves: list[str] = []
    while not game.is_over:
        legal = [str(m) for m in game.legal_moves()]
        mine = game.to_move == owner
        wanted = [m for m in legal if m == "card power_recovery" or m.split()[0] == verb] if mine else []
        moves.append((wanted or legal)[0])
        game.play(moves[-1])
        if wanted and moves[-1].split()[0] == verb:
            return moves, [m for m in legal if m.split()[0] == verb and m != moves[-1]]
    raise AssertionError(f"{owner} made no {verb} move in the game of seed {seed}")
