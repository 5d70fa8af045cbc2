"""How far the running multi-decision step has got: what a prompt says is left ("2 left", "move 2
of 3", "Green's turn in One from each").

Why here: the allowances live in the running step's context (`Game.ctx`, engine/context.py),
which only the engine reads. A View answers the same (it keeps the context; only a secret
declaration is masked), so a client prompt or an agent never re-derives a card's limits.
"""
from __future__ import annotations

from dataclasses import dataclass

from .context import Anywhere, Cull, Discs, Moves, Placement, Recall, Returns, VetoWindow
from .data import AREAS_PER_PLAYER as A
from .data import CARDS, COURT
from .effects import effect_for
from .position import Position
from .view import readable


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


def progress(pos: Position) -> Progress | None:
    """The running step's progress, or None when the decision is a single one (power, card...)."""
    g = readable(pos)
    ctx = g.ctx
    names = g.players
    if isinstance(ctx, Placement):
        court = g.counts[g.active_idx * A + COURT]
        return Progress("place", min(ctx.left, court), CARDS[g.acting_card].stack, g.to_move)
    if isinstance(ctx, Recall):
        return Progress("recall", ctx.short, None, g.to_move)
    if isinstance(ctx, VetoWindow):
        return Progress("veto", len(ctx.holders), None, g.to_move, tuple(names[p] for p in ctx.holders))
    if isinstance(ctx, Discs):
        who = tuple(names[p] for p in ctx.who[ctx.i:])
        return Progress("disc", len(who), None, g.to_move, who)
    if isinstance(ctx, Moves):
        return Progress("move", ctx.own + ctx.opp + ctx.any_, effect_for(g.acting_card).allowance(g))
    if isinstance(ctx, Anywhere):
        court = g.counts[g.active_idx * A + COURT]
        return Progress("anywhere", min(ctx.left, court), effect_for(g.acting_card).allowance(g), g.to_move)
    if isinstance(ctx, (Cull, Returns)):
        queue = tuple(names[p] for p in ctx.queue)
        left = ctx.left if isinstance(ctx, Returns) else 1
        kind = "return" if isinstance(ctx, Returns) else "cull"
        return Progress(kind, left, effect_for(g.acting_card).allowance(g), queue[0], queue)
    return None
