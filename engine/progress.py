"""How far the running multi-decision step has got: what a prompt says is left ("2 left", "move 2
of 3", "Green's turn in One from each").

Why here: the allowances live in the running step's context (`Game.ctx`), which only the engine
reads. A View answers the same (it keeps the context; only a secret declaration is masked), so a
client prompt or an agent never re-derives a card's limits.
"""
from __future__ import annotations

from dataclasses import dataclass

from .data import AREAS_PER_PLAYER as A, CARDS, COURT
from .effects import effect_for
from .state import P_DISC, P_PLACE, P_RECALL, P_RETURN, P_STEPS, P_VETO, Game


@dataclass(frozen=True)
class Progress:
    """One running step. `left`: decisions it still allows (it may end sooner when nothing more
    is legal); `total`: its allowance when it began, where the card fixes one (else None);
    `subject`: whose Caballeros the next decision concerns; `sequence`: in a step that goes
    through players one after the other (opponents in turn, disc setters, Veto holders), those
    still to come, the current one first."""
    step: str
    left: int
    total: int | None = None
    subject: str | None = None
    sequence: tuple[str, ...] = ()


def progress(g: Game) -> Progress | None:
    """The running step's progress, or None when the decision is a single one (power, card...)."""
    ctx = g.ctx
    if g.ph == P_PLACE:
        court = g.counts[g.active_idx * A + COURT]
        return Progress("place", min(ctx[1], court), CARDS[g.card].stack, g.to_move)
    if g.ph == P_RECALL:
        return Progress("recall", ctx[1], None, g.to_move)
    if g.ph == P_VETO:
        holders = tuple(g.players[p] for p in ctx[2])
        return Progress("veto", len(holders), None, g.to_move, holders)
    if g.ph == P_DISC:
        who = tuple(g.players[p] for p in ctx[1][ctx[2]:])
        return Progress("disc", len(who), None, g.to_move, who)
    if g.ph not in (P_STEPS, P_RETURN) or ctx is None:
        return None
    return _effect_progress(g, ctx)


def _effect_progress(g: Game, ctx: tuple) -> Progress | None:
    kind = ctx[0]
    if kind == "move":
        _, own, opp, any_, _source, _must_finish, _moved_in = ctx
        return Progress("move", own + opp + any_, effect_for(g.card).allowance(g), None)
    if kind == "anywhere":
        court = g.counts[g.active_idx * A + COURT]
        return Progress("anywhere", min(ctx[1], court), effect_for(g.card).allowance(g), g.to_move)
    if kind in ("cull", "return"):
        queue = tuple(g.players[p] for p in ctx[1])
        left = 1 if kind == "cull" else ctx[2]
        return Progress(kind, left, effect_for(g.card).allowance(g), queue[0], queue)
    return None
