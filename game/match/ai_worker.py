"""The AI worker: one long-lived child process that answers the AI seats' decisions.

Why a process, not a thread: the search is pure Python and would hold the GIL for tens of
milliseconds at a time, stalling frames. Why not `concurrent.futures`: a pool whose worker dies is
broken for good (BrokenProcessPool), and a running search there cannot be stopped. Here a worker
that dies or raises is replaced and asked the same decision again, and a search made stale (an
undo, a load) is stopped by ending its process, so the next decision never waits for it.

The frame loop only polls (`poll` never blocks); agents are built once per (level, seed) inside
the worker and reused for every later decision.

A worker never outlives its client: it ends when the pipe closes or its parent process changes
(the client was killed), checked every PARENT_CHECK_S even mid-search. A worker that does not
answer within WATCHDOG_S (stopped, or stuck) is replaced as a dead one is.
"""
from __future__ import annotations

import multiprocessing
import os
import random
import signal
import threading
import time
from dataclasses import dataclass, replace
from functools import lru_cache
from multiprocessing.connection import Connection
from typing import Any

from game.match.seats import make_agent

MAX_ATTEMPTS = 3          # a decision that failed this often is taken by the random agent
WATCHDOG_S = 30.0         # no answer after this long: the worker is replaced (expert thinks ~2 s)
PARENT_CHECK_S = 0.25     # how often a worker looks whether its client is still alive


ADVISE, JUDGE = "advise", "judge"   # Job levels that ask the advisor instead of an agent


@dataclass(frozen=True)
class Job:
    """One decision to make: the agent's level and seed, the player's view, the seeded rng.
    Level ADVISE asks for the advisor's hints on the view, JUDGE for the review of the plan in
    `played` (ai/advisor.py); their answers come back in `Reply.result`."""
    level: str
    seed: int
    view: Any
    rng: random.Random
    played: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Reply:
    """What `poll` found: the move once answered (None while thinking), and a one-line notice
    when the worker had to be replaced on the way (for the game log)."""
    move: str | None = None
    notice: str | None = None
    given_up: bool = False     # MAX_ATTEMPTS failed: the caller decides without the worker
    seconds: float = 0.0       # from the first ask to this answer (thinking and any retries)
    search_seconds: float = 0.0   # of which the worker spent searching for the answer
    result: Any = None         # an ADVISE or JUDGE job's answer


def _watch_parent(parent_pid: int) -> None:
    """End this process as soon as its parent is gone (re-parented: the client was killed), even
    while the main thread is deep in a search (the GIL is handed over every few milliseconds)."""
    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(PARENT_CHECK_S)
        os._exit(0)
    threading.Thread(target=watch, daemon=True, name="el-grande-ai-parent").start()


def _serve(conn: Connection, parent_end: Connection | None = None, parent_pid: int | None = None) -> None:
    """The worker process: answer (ticket, job) requests until the pipe closes or the parent dies.
    A forked child inherits SDL's SIGTERM handler, which would make it ignore `terminate()`: back
    to the default; Ctrl+C is the parent's to handle. The child's copy of the parent's end of the
    pipe is closed, or the pipe would never read as closed when the parent dies."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if parent_end is not None:
        parent_end.close()
    if parent_pid is not None:
        _watch_parent(parent_pid)
    agents: dict[tuple[str, int], Any] = {}
    while True:
        try:
            ticket, job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            started = time.perf_counter()
            if job.level in (ADVISE, JUDGE):
                result = _advise(job)
                conn.send((ticket, "result", result, time.perf_counter() - started))
                continue
            agent = agents.get((job.level, job.seed))
            if agent is None:
                agent = agents[(job.level, job.seed)] = make_agent(job.level, seed=job.seed)
            move = str(agent.choose(job.view, job.rng))
            conn.send((ticket, "move", move, time.perf_counter() - started))
        except Exception as exc:  # noqa: BLE001 - reported to the client, which asks again
            conn.send((ticket, "error", f"{exc.__class__.__name__}: {exc}", 0.0))


def _advise(job: Job) -> Any:
    """The advisor's answer to an ADVISE job (hints) or a JUDGE job (best plan, points lost)."""
    from ai.advisor import advise, judge
    if job.level == ADVISE:
        return advise(job.view, job.rng, _searcher(False))
    return judge(job.view, job.played, job.rng, _searcher(True))


@lru_cache(maxsize=2)
def _searcher(review: bool) -> Any:
    """The hard search for hints, or the review's lighter one (built once per worker)."""
    from ai.advisor import hard_searcher
    from game.match.review import REVIEW_SEARCH
    return hard_searcher(**REVIEW_SEARCH) if review else hard_searcher()


def _context() -> Any:
    """Forked where the platform allows it (fast start, no `__main__` guard needed)."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


class AIWorker:
    """One decision at a time in a child process; a new `ask` supersedes the one in flight."""

    def __init__(self) -> None:
        self._process: Any = None
        self._conn: Connection | None = None
        self._job: Job | None = None
        self._ticket = 0
        self._attempts = 0
        self.asked_at = 0.0          # perf_counter when the current decision was first asked
        self.sent_at = 0.0           # perf_counter when it was last sent (the watchdog's start)
        self.restarts = 0            # workers replaced because they died or raised
        self.cancelled = 0           # stale searches stopped

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    @property
    def job(self) -> Job | None:
        """The decision in flight (None when idle)."""
        return self._job

    def start(self) -> None:
        """Start the child process now (done lazily by `ask` otherwise)."""
        if self._process is not None and self._process.is_alive():
            return
        self._discard_process()
        parent, child = _context().Pipe()
        process = _context().Process(target=_serve, args=(child, parent, os.getpid()), daemon=True,
                                     name="el-grande-ai")
        process.start()
        child.close()
        self._process, self._conn = process, parent

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
        """The answer if it has arrived; a dead or failing worker is replaced and asked again."""
        if self._job is None:
            return Reply()
        failure = self._failure()
        if failure is None:
            answer = self._receive()
            if answer is None:
                if time.perf_counter() - self.sent_at <= WATCHDOG_S:
                    return Reply()
                return self._retry(f"the AI worker did not answer within {WATCHDOG_S:g} s")
            kind, text, searched = answer
            if kind in ("move", "result"):
                self._job = None
                seconds = time.perf_counter() - self.asked_at
                if kind == "result":
                    return Reply(result=text, seconds=seconds, search_seconds=searched)
                return Reply(move=text, seconds=seconds, search_seconds=searched)
            failure = f"the AI raised {text}"
        return self._retry(failure)

    def wait(self, timeout: float) -> Reply:
        """Block until the answer arrives (tests and benchmarks only), at most `timeout` seconds."""
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
        self._ticket += 1
        self.sent_at = time.perf_counter()
        self.start()
        assert self._conn is not None
        try:
            self._conn.send((self._ticket, self._job))
        except (OSError, ValueError):
            pass          # the worker died meanwhile: the next poll notices and asks again

    def _receive(self) -> tuple[str, Any, float] | None:
        """The answer to the current ticket, if one is waiting (older tickets are skipped)."""
        assert self._conn is not None
        try:
            while self._conn.poll(0):
                ticket, kind, text, searched = self._conn.recv()
                if ticket == self._ticket:
                    return kind, text, searched
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


_SHARED: AIWorker | None = None


def shared() -> AIWorker:
    """The one worker every match uses, kept across games (started on first use)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = AIWorker()
    return _SHARED
