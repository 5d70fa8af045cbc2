"""The client's AI worker: the shared worker with its watchdog (ai/worker_pool.py), answering
the AI seats' moves and the advisor's hints and reviews, one long-lived child the frame loop polls.

What is the client's own here is only the answer: agents are built by `game.match.seats`
(which checks the level name), and the jobs of level ADVISE and JUDGE ask the advisor
(ai/advisor.py) instead of an agent. Forked where the platform allows it (fast start).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ai.advisor import advise, judge, judge_searcher
from ai.worker_pool import MAX_ATTEMPTS, WATCHDOG_S, Job, Reply, Worker, play
from game.match.seats import make_agent

__all__ = ["ADVISE", "JUDGE", "MAX_ATTEMPTS", "WATCHDOG_S", "AIWorker", "Job", "Reply", "answer", "shared"]

ADVISE, JUDGE = "advise", "judge"   # Job levels that ask the advisor instead of an agent


def answer(job: Job) -> tuple[str, Any]:
    """What the worker process answers: the advisor's hints (ADVISE), its review of the plan in
    `job.played` (JUDGE), else the move of the seat's agent (kept between decisions); Castell's
    seats are answered by the pool's own `play`."""
    if job.game == "castell":
        return play(job)
    if job.level == ADVISE:
        return "result", advise(job.view, job.rng, _judge())
    if job.level == JUDGE:
        return "result", judge(job.view, job.played, job.rng, _judge())
    return "move", str(_agent(job.level, job.seed).choose(job.view, job.rng))


@lru_cache(maxsize=None)
def _agent(level: str, seed: int) -> Any:
    """One agent per (level, seed) for the worker's life (a match has a handful of seats)."""
    return make_agent(level, seed=seed)


@lru_cache(maxsize=1)
def _judge() -> Any:
    """The one judge of hints and reviews (ai.advisor.judge_searcher), built once per worker."""
    return judge_searcher()


class AIWorker(Worker):
    """The shared worker answering with `answer`; `watchdog_s` defaults to WATCHDOG_S."""

    def __init__(self, watchdog_s: float | None = None) -> None:
        super().__init__(answer, watchdog_s=watchdog_s)


_SHARED: AIWorker | None = None


def shared() -> AIWorker:
    """The one worker every match uses, kept across games (started on first use)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = AIWorker()
    return _SHARED
