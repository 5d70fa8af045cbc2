"""Post-game review: the decisions where the hard AI judged a player's move furthest below its best.

Every decision a reviewed seat made in the record (a power card, an action card with the rest of
that turn, a set of placements or Intrigue moves, a disc) is judged from that player's own View at
the time (`ai.advisor.judge`): the best plan and how many points the plan played fell short of it.
The worst few per seat make the review, each with what the better plan would have changed: both
plans are played on the game as it was (the game is over, nothing is secret any more) and the
engine reports the points by area — the scorings they lead into (`AreaScored` events) and the
coming general scoring (`engine.scoring_preview`) — so the client never counts points itself. Runs in a worker process (`game.match.ai_worker.ReviewWorker`);
`review_record` reports progress through a callback so the screen can draw a bar. No pygame here.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ai.advisor import ADVISED_PHASES, NOISE_SIGMAS, Verdict, judge, judge_searcher, position_rng, reason_for
from ai.expectimax import ExpectimaxAgent
import engine
from engine import Game, Move, Phase

from game.shell.i18n import area_name, t, tn

from .replay_model import walk

WORST = 5                # decisions listed per seat
SHOWN_CHANGES = 3        # changes worded per decision, the largest first
MIN_LOSS = 1.0           # points: smaller shortfalls are not worth a beginner's attention
# The review judges with the Hint's own search (ai.advisor.judge_searcher) and the position's own
# seed (ai.advisor.position_rng): a decision that followed hint #1 is never listed, and a shortfall
# is listed only when it is larger than the judge's noise there (NOISE_SIGMAS standard errors).


@dataclass(frozen=True)
class Decision:
    """One decision of the record: moves `start` .. `start + len(played) - 1` by `player`;
    `then`: the other players' discs set after a disc decision, which complete the reveal."""
    start: int
    player: str
    played: tuple[Move, ...]
    then: tuple[str, ...] = ()


@dataclass(frozen=True)
class Change:
    """What one area gives the player after the move played and after the better one (points,
    and ranks under §8.2, 0 when absent). `when`: "now" for a scoring the decision leads into,
    "general" or "final" for the coming general scoring (the engine's preview); for the area
    "court", `played` and `best` are the Caballeros in the court afterwards (no points)."""
    area: str
    when: str
    played: int
    best: int
    played_rank: int = 0
    best_rank: int = 0

    @property
    def gain(self) -> int:
        return self.best - self.played


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
    changes: tuple[Change, ...] = ()
    noise: float = 0.0     # the judge's standard error on `loss` at that position


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
        then: list[str] = []
        if g.ph == Phase.DISC:
            k = j
            while k < len(steps) and games[k].ph == Phase.DISC and steps[k].player != player:
                then.append(steps[k].move)
                k += 1
        out.append(Decision(i, player, tuple(engine.parse_move(steps[k].move, games[k]) for k in range(i, j)),
                            tuple(then)))
        i = j
    return out, games


def _continues(first: Phase, now: Phase) -> bool:
    """Whether a move in phase `now` is still part of a decision begun in phase `first`: a turn
    (begun with the court count or the action card, as the hint's whole-turn plan is) takes the
    rest of the player's turn, but not a secret disc; placements and Intrigue moves last while
    their phase does; a power card or a disc is one move."""
    if first in (Phase.COURT, Phase.RECALL, Phase.CARD):
        return now not in (Phase.DISC, Phase.POWER, Phase.OVER)
    if first in (Phase.PLACE, Phase.STEPS):
        return now == first
    return False


def review_record(record: dict[str, Any], seats: set[str], seed: int = 0,
                  progress: Callable[[int, int], None] | None = None,
                  searcher: ExpectimaxAgent | None = None) -> dict[str, list[Blunder]]:
    """Per reviewed seat, its `WORST` flagged decisions by points lost, worst first. In one
    process (tests, benchmarks/review_time.py); the end screen sends the same `judge` calls to
    the AI worker one decision at a time (game/scenes/review.py). `searcher`: the judge's search
    (the Hint's, `judge_searcher()`, unless a test shrinks it)."""
    found, games = decisions(record, seats)
    searcher = searcher or judge_searcher()
    out: list[Blunder] = []
    for k, d in enumerate(found):
        g = games[d.start]
        out.append(blunder(g, d, judge(g.view(d.player), d.played, judge_rng(seed, d), searcher)))
        if progress is not None:
            progress(k + 1, len(found))
    return worst_per_seat(out, seats)


def judge_rng(seed: int, d: Decision) -> random.Random:
    """The seeded RNG a decision is judged with: the one the Hint button asked with there."""
    return position_rng(seed, d.start)


def worst_per_seat(blunders: list[Blunder], seats: set[str]) -> dict[str, list[Blunder]]:
    """Per seat, the `WORST` biggest flagged shortfalls, worst first: at least `MIN_LOSS` points
    and more than the judge's noise at that position."""
    return {p: sorted((b for b in blunders if b.player == p and flagged(b)), key=lambda b: -b.loss)[:WORST]
            for p in sorted(seats)}


def flagged(b: Blunder) -> bool:
    return b.loss >= MIN_LOSS and b.loss > NOISE_SIGMAS * b.noise


def blunder(g: Game, d: Decision, verdict: Verdict) -> Blunder:
    """A judged decision as the review lists it. Its reason is worked out again on the game as it
    was, against the plan played (the changes listed beside it are measured the same way), so the
    reason's figures are the changes' figures."""
    best = verdict.best
    reason = reason_for(g, best.plan, g.players.index(d.player), d.played, 1)
    if reason.kind == "value":      # "the same standings as the move played" says nothing more
        reason = replace(reason, versus=0)
    return Blunder(d.start, g.round, d.player, d.played, best.plan, round(verdict.loss, 1), reason,
                   consequences(g, d, best.plan), round(verdict.noise, 1))


Outcome = dict[tuple[str, str], tuple[int, int]]      # (when, area) -> (points or Caballeros, rank)


def consequences(g: Game, d: Decision, best: tuple[Move, ...]) -> tuple[Change, ...]:
    """Every area where the better plan ends differently from the one played, the largest
    difference first: points scored at once, points at the coming general scoring, the court."""
    played, better = outcome(g, d, d.played), outcome(g, d, best)
    changes = [Change(area, when, played.get((when, area), (0, 0))[0], better.get((when, area), (0, 0))[0],
                      played.get((when, area), (0, 0))[1], better.get((when, area), (0, 0))[1])
               for when, area in dict.fromkeys([*played, *better])]
    return tuple(sorted((c for c in changes if c.gain or c.played_rank != c.best_rank),
                        key=lambda c: (-abs(c.gain), c.when != "now", c.area)))


def outcome(g: Game, d: Decision, plan: tuple[Move, ...]) -> Outcome:
    """What `plan` gives d.player on the game as it was: the areas scored while it is played (and
    by the reveal the others' discs complete), then — unless a general scoring came with it —
    the engine's preview of the coming general scoring, and the Caballeros in the court."""
    after = g.clone()
    events: list[Any] = []
    for m in plan:
        if after.is_over or after.to_move != d.player or m not in after.legal_moves():
            break
        events += after.play(m)
    for text in d.then:
        if after.ph != Phase.DISC:
            break
        events += after.play(text)
    out: Outcome = {}
    for ev in events:
        if isinstance(ev, engine.events.AreaScored):
            earlier = out.get(("now", ev.area), (0, 0))[0]
            out["now", ev.area] = (earlier + dict(ev.points).get(d.player, 0), dict(ev.ranks).get(d.player, 0))
    general = any(isinstance(ev, engine.events.ScoringStarted) and ev.kind == "general" for ev in events)
    when = after.next_scoring
    if when is not None and not general:
        for area in (*engine.REGIONS, "castillo"):
            preview = engine.scoring_preview(after, area)
            out[when, area] = (dict(preview.points).get(d.player, 0), dict(preview.ranks).get(d.player, 0))
    out["court", "court"] = (after.count(d.player, "court"), 0)
    return out


# ---- the words (shared by the review screen and its tests) --------------------------------------
def change_text(c: Change) -> str:
    """One change in words: "Aragón +5 (3rd → 1st)", "Cataluña −2", "2 Caballeros more in the court"."""
    if c.area == "court":
        return tn("review.court_more", c.gain) if c.gain > 0 else tn("review.court_fewer", -c.gain)
    gain = f"+{c.gain}" if c.gain >= 0 else f"−{-c.gain}"
    if c.played_rank == c.best_rank:
        return t("review.change", area=area_name(c.area), gain=gain)
    return t("review.change_rank", area=area_name(c.area), gain=gain, before=_rank(c.played_rank),
             after=_rank(c.best_rank))


def _rank(rank: int) -> str:
    return t(f"rank.{rank}") if rank else t("review.no_rank")


def changes_text(changes: tuple[Change, ...]) -> str:
    """The largest changes grouped by scoring: "Aragón +5 (3rd → 1st), Cataluña −2 (1st → 2nd) at
    this scoring; 2 Caballeros more in the court"; empty when nothing on the board differs."""
    groups: dict[str, list[str]] = {}
    for c in changes[:SHOWN_CHANGES]:
        groups.setdefault(c.when, []).append(change_text(c))
    return "; ".join(", ".join(words) if when == "court" else
                     t("review.when", changes=", ".join(words), when=t(f"review.when.{when}"))
                     for when, words in groups.items())
