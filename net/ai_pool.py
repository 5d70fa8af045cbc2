"""AI seats' thinking, in worker processes beside the server.

Why processes: a search is pure Python and holds the GIL for whole seconds, which would stall
every table's messages. Each worker measures search deadlines on its own CPU clock
(`ai.budget.use_cpu_clock`), so a busy server buys every AI the same work a quiet one would.
A worker receives the seat's View in its wire form only, never the Game. A worker that dies or
raises is replaced and asked again; after MAX_ATTEMPTS failures the seat plays a random legal
move, so a table never hangs on its AI.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import random
import signal
from multiprocessing.connection import Connection
from typing import Any

import engine

MAX_ATTEMPTS = 3
POLL_S = 0.1          # how often a waiting call checks that its worker is alive


def _serve(conn: Connection) -> None:
    """The worker: answer (level, seed, view JSON, rng seed) with a move text until the pipe closes."""
    import ai
    from ai.budget import use_cpu_clock
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    use_cpu_clock()
    agents: dict[tuple[str, int], Any] = {}
    while True:
        try:
            level, seed, view_json, rng_seed = conn.recv()
        except (EOFError, OSError):
            return
        try:
            agent = agents.get((level, seed))
            if agent is None:
                agent = agents[(level, seed)] = ai.make_agent(level, seed=seed)
            move = agent.choose(engine.view_from_json(view_json), random.Random(rng_seed))
            conn.send(("move", str(move)))
        except Exception as exc:  # noqa: BLE001 - reported to the pool, which asks again
            conn.send(("error", f"{exc.__class__.__name__}: {exc}"))


class _Worker:
    """One child process and its pipe; `call` blocks (it runs in a thread of the pool)."""

    def __init__(self) -> None:
        ctx = multiprocessing.get_context("spawn")   # the server has threads: no fork
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child,), daemon=True, name="el-grande-server-ai")
        self.process.start()
        child.close()

    def call(self, job: tuple[Any, ...]) -> tuple[str, str]:
        try:
            self.conn.send(job)
            while not self.conn.poll(POLL_S):
                if not self.process.is_alive():
                    return "error", f"the AI worker stopped (exit code {self.process.exitcode})"
            kind, text = self.conn.recv()
            return str(kind), str(text)
        except (EOFError, OSError, ValueError) as exc:
            return "error", f"the AI worker's pipe broke ({exc.__class__.__name__})"

    def close(self) -> None:
        self.conn.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=2.0)


class AIPool:
    """`size` workers; `choose` waits for a free one. `restarts` counts replaced workers."""

    def __init__(self, size: int = 1) -> None:
        self.size = max(1, size)
        self._idle: asyncio.Queue[_Worker] | None = None
        self._all: list[_Worker] = []
        self.restarts = 0
        self.notices: list[str] = []

    def _queue(self) -> asyncio.Queue[_Worker]:
        if self._idle is None:
            self._idle = asyncio.Queue()
            for _ in range(self.size):
                self._idle.put_nowait(self._new())
        return self._idle

    def _new(self) -> _Worker:
        worker = _Worker()
        self._all.append(worker)
        return worker

    async def choose(self, level: str, seed: int, view_json: dict[str, Any], rng_seed: int) -> str:
        """The move the AI `level` makes from this view (a random legal one if the workers keep
        failing)."""
        idle = self._queue()
        worker = await idle.get()
        try:
            for _ in range(MAX_ATTEMPTS):
                kind, text = await asyncio.to_thread(worker.call, (level, seed, view_json, rng_seed))
                if kind == "move":
                    return text
                self.notices.append(text)
                self.restarts += 1
                worker.close()
                self._all.remove(worker)
                worker = self._new()
        finally:
            idle.put_nowait(worker)
        view = engine.view_from_json(view_json)
        return str(random.Random(rng_seed).choice(view.legal_moves()))

    def pids(self) -> list[int]:
        """The workers' process ids (tests kill one to see it replaced)."""
        return [w.process.pid for w in self._all if w.process.pid is not None]

    def close(self) -> None:
        for worker in self._all:
            worker.close()
        self._all.clear()
