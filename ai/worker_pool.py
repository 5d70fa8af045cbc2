"""AI decisions in worker processes, with a watchdog: the one worker the client and the server
both use (the client's frame loop polls one `Worker`; the server's tables await a `Pool`).

Why processes, not threads: a search is pure Python and holds the GIL for whole seconds, which
would stall the client's frames and every other table of the server. Why not
`concurrent.futures`: a pool whose worker dies is broken for good (BrokenProcessPool), and a
running search there cannot be stopped. Here a worker that dies, raises, or does not answer
within its watchdog (stopped, or stuck) is replaced and asked the same decision again; after
MAX_ATTEMPTS failures the caller decides without it (`Reply.given_up`), so nothing ever waits on
a hung worker. A stale search (an undo, a load) is stopped by ending its process.

What a worker does with a `Job` is its `answer` function (top level, so a spawned child can
import it): `play` builds the agent of the job's level once per (level, seed) and asks it;
the client adds its advisor's jobs (game/match/ai_worker.py). A worker never outlives its parent:
it ends when the pipe closes or its parent process is gone, checked every PARENT_CHECK_S even
mid-search. No pygame here (ai/ never imports it).
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import signal
import threading
import time
from dataclasses import dataclass, replace
from functools import lru_cache
from multiprocessing.connection import Connection
from typing import Any, Callable

import ai
from ai import castell as ai_castell
from ai.budget import use_cpu_clock

MAX_ATTEMPTS = 3          # a decision that failed this often is left to the caller
WATCHDOG_S = 30.0         # no answer after this long: the worker is replaced (expert thinks ~2 s)
STARTUP_S = 60.0          # a new child's time to say it is ready (a spawned child imports the AI; a busy
                          # machine takes seconds): start-up is not thinking time, the watchdog starts after it
PARENT_CHECK_S = 0.25     # how often a worker looks whether its parent is still alive
AGENTS_KEPT = 64          # agents a worker keeps between decisions (a server has many seats)
READY = 0                 # the ticket of the message a worker sends once it can take jobs


@dataclass(frozen=True)
class Job:
    """One decision to make: the agent's level and seed, the player's view, the seeded rng;
    `played` is for answers that judge a plan (the client's review)."""
    level: str
    seed: int
    view: Any
    rng: random.Random
    played: tuple[Any, ...] = ()
    game: str = "el-grande"      # or "castell": whose agents answer


@dataclass(frozen=True)
class Reply:
    """What `poll` found: the move once answered (None while thinking), and a one-line notice
    when the worker had to be replaced on the way."""
    move: str | None = None
    notice: str | None = None
    given_up: bool = False     # MAX_ATTEMPTS failed: the caller decides without the worker
    seconds: float = 0.0       # from the first ask to this answer (thinking and any retries)
    search_seconds: float = 0.0   # of which the worker spent searching for the answer
    result: Any = None         # the answer of a job that is not a move (kind "result")


Answer = Callable[[Job], tuple[str, Any]]    # ("move", text) or ("result", value)


@lru_cache(maxsize=AGENTS_KEPT)
def _agent(game: str, level: str, seed: int) -> Any:
    if game == "castell":
        return ai_castell.make_agent(level, seed=seed)
    return ai.make_agent(level, seed=seed)


def play(job: Job) -> tuple[str, Any]:
    """The default answer: the move of agent `job.level` of the job's game (kept between
    decisions, so a turn planned once is followed step by step)."""
    return "move", str(_agent(job.game, job.level, job.seed).choose(job.view, job.rng))


def play_on_cpu_clock(job: Job) -> tuple[str, Any]:
    """`play` with search deadlines on the worker's own CPU clock (`ai.budget.use_cpu_clock`):
    the server's answer, so that a busy server buys every AI seat the same work a quiet one would."""
    use_cpu_clock()
    return play(job)


def _watch_parent(parent_pid: int) -> None:
    """End this process as soon as its parent is gone (re-parented: the parent was killed), even
    while the main thread is deep in a search (the GIL is handed over every few milliseconds)."""
    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(PARENT_CHECK_S)
        os._exit(0)
    threading.Thread(target=watch, daemon=True, name="el-grande-ai-parent").start()


def serve(conn: Connection, answer: Answer = play, parent_end: Connection | None = None,
          parent_pid: int | None = None) -> None:
    """The worker process: answer (ticket, job) requests until the pipe closes or the parent dies.
    A forked child inherits the parent's signal handlers (SDL's SIGTERM one would make it ignore
    `terminate()`): back to the default; Ctrl+C is the parent's to handle. The child's copy of
    the parent's end of the pipe is closed, or the pipe would never read as closed."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if parent_end is not None:
        parent_end.close()
    if parent_pid is not None:
        _watch_parent(parent_pid)
    try:
        conn.send((READY, "ready", None, 0.0))
    except (OSError, ValueError):
        return
    while True:
        try:
            ticket, job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            started = time.perf_counter()
            kind, value = answer(job)
            conn.send((ticket, kind, value, time.perf_counter() - started))
        except Exception as exc:  # noqa: BLE001 - reported to the parent, which asks again
            conn.send((ticket, "error", f"{exc.__class__.__name__}: {exc}", 0.0))


def _context(start_method: str | None) -> Any:
    """`start_method`, else fork where the platform has it (fast start, no `__main__` guard)."""
    if start_method is None:
        start_method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(start_method)


class Worker:
    """One decision at a time in a child process; a new `ask` supersedes the one in flight.
    `poll` never blocks (a frame loop calls it); `wait` blocks (a thread of the server's pool).
    The watchdog counts from when the job was sent, or from when a new child said it was ready
    (a spawned child's imports are not thinking time: until then it has STARTUP_S)."""

    def __init__(self, answer: Answer = play, start_method: str | None = None,
                 watchdog_s: float | None = None, name: str = "el-grande-ai") -> None:
        self.answer, self.start_method, self.name = answer, start_method, name
        self.watchdog_s = WATCHDOG_S if watchdog_s is None else watchdog_s
        self._process: Any = None
        self._conn: Connection | None = None
        self._job: Job | None = None
        self._ticket = 0
        self._attempts = 0
        self.asked_at = 0.0          # perf_counter when the current decision was first asked
        self.sent_at = 0.0           # when it was last sent (the watchdog's start)
        self._ready = False          # the child has said it can take jobs
        self.restarts = 0            # workers replaced because they died, raised or stalled
        self.cancelled = 0           # stale searches stopped
        self.retired = False         # set by its pool's `close`: it never starts a child again

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    @property
    def job(self) -> Job | None:
        """The decision in flight (None when idle)."""
        return self._job

    def start(self) -> None:
        """Start the child process now (done lazily by `ask` otherwise); one found dead while
        idle is replaced, and counted as one that died thinking."""
        if self._process is not None:
            if self._process.is_alive():
                return
            self.restarts += 1
        self._discard_process()
        ctx = _context(self.start_method)
        parent, child = ctx.Pipe()
        process = ctx.Process(target=serve, args=(child, self.answer, parent, os.getpid()), daemon=True,
                              name=self.name)
        process.start()
        child.close()
        self._process, self._conn, self._ready = process, parent, False

    def ask(self, job: Job) -> None:
        """Start thinking about `job`; a search still running for an earlier job is stopped."""
        if self._job is not None:
            self.cancel()
        self._job, self._attempts, self.asked_at = job, 0, time.perf_counter()
        self._send()

    def cancel(self) -> None:
        """Drop the decision in flight; its search really stops (the process is ended)."""
        if self._job is None:
            return
        self._job = None
        self.cancelled += 1
        self._discard_process()

    def poll(self) -> Reply:
        """The answer if it has arrived; a dead, failing or stalled worker is replaced and asked
        again."""
        if self._job is None:
            return Reply()
        failure = self._failure()
        if failure is None:
            answer = self._receive()
            if answer is None:
                if self._ready:
                    limit, failure = self.watchdog_s, f"the AI worker did not answer within {self.watchdog_s:g} s"
                else:
                    limit = max(self.watchdog_s, STARTUP_S)
                    failure = f"the AI worker did not start within {limit:g} s"
                if time.perf_counter() - self.sent_at <= limit:
                    return Reply()
                return self._retry(failure)
            kind, value, searched = answer
            if kind in ("move", "result"):
                self._job = None
                seconds = time.perf_counter() - self.asked_at
                if kind == "result":
                    return Reply(result=value, seconds=seconds, search_seconds=searched)
                return Reply(move=value, seconds=seconds, search_seconds=searched)
            failure = f"the AI raised {value}"
        return self._retry(failure)

    def wait(self, timeout: float) -> Reply:
        """Block until the answer arrives (or the worker is given up), at most `timeout` seconds;
        the notice of any replacement on the way is kept."""
        end = time.perf_counter() + timeout
        notice = None
        while True:
            reply = self.poll()
            notice = reply.notice or notice
            if self._job is None or time.perf_counter() >= end:
                return replace(reply, notice=notice)
            try:
                if self._conn is not None:
                    self._conn.poll(min(0.05, max(0.0, end - time.perf_counter())))
            except (OSError, EOFError):
                pass

    def close(self) -> None:
        self._job = None
        self._discard_process()

    # ---- the child process --------------------------------------------------------------------
    def _send(self) -> None:
        if self.retired:
            self._job = None
            return
        self._ticket += 1
        self.sent_at = time.perf_counter()
        self.start()
        assert self._conn is not None
        try:
            self._conn.send((self._ticket, self._job))
        except (OSError, ValueError):
            pass          # the worker died meanwhile: the next poll notices and asks again

    def _receive(self) -> tuple[str, Any, float] | None:
        """The answer to the current ticket, if one is waiting (older tickets are skipped; a new
        child's ready message restarts the watchdog)."""
        assert self._conn is not None
        try:
            while self._conn.poll(0):
                ticket, kind, value, searched = self._conn.recv()
                if ticket == READY:
                    self._ready, self.sent_at = True, time.perf_counter()
                elif ticket == self._ticket:
                    return kind, value, searched
        except (EOFError, OSError):
            return None   # the pipe broke: `_failure` reports the dead process next poll
        return None

    def _failure(self) -> str | None:
        """Why the worker cannot answer (it has died), or None while it is alive."""
        process = self._process
        if process is None or not process.is_alive():
            code = process.exitcode if process is not None else None
            return f"the AI worker stopped (exit code {code})"
        return None

    def _retry(self, failure: str) -> Reply:
        self.restarts += 1
        self._attempts += 1
        self._discard_process()
        if self._attempts >= MAX_ATTEMPTS:
            self._job = None
            return Reply(notice=failure, given_up=True, seconds=time.perf_counter() - self.asked_at)
        self._send()
        return Reply(notice=failure)

    def _discard_process(self) -> None:
        """End the child process (if any) without waiting for a search to finish."""
        process, conn = self._process, self._conn
        self._process, self._conn = None, None
        if conn is not None:
            conn.close()
        if process is not None:
            if process.is_alive():
                process.kill()
            process.join(timeout=1.0)
            if not process.is_alive():
                process.close()


class Pool:
    """`size` workers for asyncio callers (the server's tables): `decide` waits for a free worker
    and, in a thread, for its answer. Spawned by default: a server has threads, and a forked child
    of a threaded process can inherit a held lock."""

    def __init__(self, size: int = 1, answer: Answer = play_on_cpu_clock, start_method: str | None = "spawn",
                 watchdog_s: float | None = None) -> None:
        self.size = max(1, size)
        self.workers = [Worker(answer, start_method, watchdog_s, name="el-grande-server-ai")
                        for _ in range(self.size)]
        self._idle: asyncio.Queue[Worker] | None = None

    def _queue(self) -> asyncio.Queue[Worker]:
        if self._idle is None:
            self._idle = asyncio.Queue()
            for worker in self.workers:
                self._idle.put_nowait(worker)
        return self._idle

    async def decide(self, job: Job) -> Reply:
        """The worker's reply to `job`: a move (or result), or `given_up` once MAX_ATTEMPTS
        workers died or stalled on it (its `notice` says why the last one was replaced)."""
        idle = self._queue()
        worker = await idle.get()
        try:
            worker.ask(job)
            reply = await asyncio.to_thread(worker.wait, worker.watchdog_s * (MAX_ATTEMPTS + 1) + 60.0)
            if worker.job is not None:        # not even the watchdog answered: never wait longer
                worker.cancel()
                reply = replace(reply, given_up=True)
            return reply
        finally:
            idle.put_nowait(worker)

    @property
    def restarts(self) -> int:
        """Workers replaced because they died, raised or stalled."""
        return sum(w.restarts for w in self.workers)

    def pids(self) -> list[int]:
        """The running workers' process ids (tests kill or stop one to see it replaced)."""
        return [pid for w in self.workers if (pid := w.pid) is not None]

    def close(self) -> None:
        """End every worker for good (a decision still awaited ends with no move)."""
        for worker in self.workers:
            worker.retired = True
            worker.close()
