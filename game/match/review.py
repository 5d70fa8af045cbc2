"""Post-game review: the decisions where the hard AI judged a player's move furthest below its best.

Every decision a reviewed seat made in the record (a power card, an action card with the rest of
that turn, a set of placements or Intrigue moves, a disc) is judged from that player's own View at
the time (`ai.advisor.judge`): the best plan and how many points the plan played fell short of it.
The worst few per seat make the review. Runs in a worker process (`game.match.ai_worker.ReviewWorker`);
`review_record` reports progress through a callback so the screen can draw a bar. No pygame here.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ai.advisor import ADVISED_PHASES, Hint, hard_searcher, judge
import engine
from engine import Game, Move, Phase

from .replay_model import walk

WORST = 5                # decisions listed per seat
MIN_LOSS = 1.0           # points: smaller shortfalls are noise of the sampled search
# The review's search: fewer worlds than a live hint (a whole game is judged), every candidate
# sampled in every world (no halving), so the move played is measured as well as the best.
REVIEW_SEARCH: dict[str, Any] = dict(worlds=3, halving=False, max_nodes=1500, deadline_s=None,
                                     plan_limit=3)


@dataclass(frozen=True)
class Decision:
    """One decision of the record: moves `start` .. `start + len(played) - 1` by `player`."""
    start: int
    player: str
    played: tuple[Move, ...]


@dataclass(frozen=True)
class Blunder:
    """A reviewed decision: what was played, the best plan instead, and the points lost."""
    start: int
    round: int
    player: str
    played: tuple[Move, ...]
    best: tuple[Move, ...]
    loss: float
    reason: Any


def decisions(record: dict[str, Any], seats: set[str]) -> tuple[list[Decision], list[Game]]:
    """The decisions of `seats` in the record, and the game before every move."""
    steps, games = walk(record)
    out: list[Decision] = []
    i = 0
    while i < len(steps):
        g = games[i]
        player = steps[i].player
        if player not in seats or g.ph not in ADVISED_PHASES or len(g.legal_moves()) < 2:
            i += 1
            continue
        j = i + 1
        while j < len(steps) and steps[j].player == player and _continues(g.ph, games[j].ph):
            j += 1
        out.append(Decision(i, player, tuple(engine.parse_move(steps[k].move, games[k]) for k in range(i, j))))
        i = j
    return out, games


def _continues(first: Phase, now: Phase) -> bool:
    """Whether a move in phase `now` is still part of a decision begun in phase `first`: an action
    card takes the rest of the player's turn (but not a secret disc); placements and Intrigue moves
    last while their phase does; a power card or a disc is one move."""
    if first == Phase.CARD:
        return now not in (Phase.DISC, Phase.POWER, Phase.CARD, Phase.OVER)
    if first in (Phase.PLACE, Phase.STEPS):
        return now == first
    return False


def review_record(record: dict[str, Any], seats: set[str], seed: int = 0,
                  progress: Callable[[int, int], None] | None = None) -> dict[str, list[Blunder]]:
    """Per reviewed seat, its `WORST` decisions by points lost (at least `MIN_LOSS`), worst first.
    In one process (tests, benchmarks/review_time.py); the end screen sends the same `judge`
    calls to the AI worker one decision at a time (game/scenes/review.py)."""
    found, games = decisions(record, seats)
    searcher = hard_searcher(**REVIEW_SEARCH)
    out: list[Blunder] = []
    for k, d in enumerate(found):
        g = games[d.start]
        best, loss = judge(g.view(d.player), d.played, judge_rng(seed, d), searcher)
        out.append(blunder(g, d, best, loss))
        if progress is not None:
            progress(k + 1, len(found))
    return worst_per_seat(out, seats)


def judge_rng(seed: int, d: Decision) -> random.Random:
    """The seeded RNG a decision is judged with (the same in the worker and in one process)."""
    return random.Random(seed * 7919 + d.start)


def worst_per_seat(blunders: list[Blunder], seats: set[str]) -> dict[str, list[Blunder]]:
    """Per seat, the `WORST` biggest shortfalls of at least `MIN_LOSS` points, worst first."""
    return {p: sorted((b for b in blunders if b.player == p and b.loss >= MIN_LOSS), key=lambda b: -b.loss)[:WORST]
            for p in sorted(seats)}


def blunder(g: Game, d: Decision, best: Hint, loss: float) -> Blunder:
    """A judged decision as the review lists it."""
    return Blunder(d.start, g.round_idx + 1, d.player, d.played, best.plan, round(loss, 1), best.reason)
