"""Stack 1, the Intrigue cards (§6.3): moving Caballeros between regions, or placing from court.

A running move action keeps a `Moves` context (context.py), the court-2-anywhere placement an
`Anywhere` context.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..context import Anywhere, Moves, running
from ..data import AREA_INDEX, AREAS_PER_PLAYER as A, COURT, NREG
from ..moves import ACTION, DONE, MOVE, PLACE, TARGET, Move
from ..ops import move_caballeros
from ..phase import P_STEPS
from .base import Effect, register

if TYPE_CHECKING:
    from ..state import Game

def _movable_sources(g: "Game", p: int, moved_in: tuple, source: int) -> list[int]:
    base, king, c = p * A, g.king_i, g.counts
    regions = (source,) if source >= 0 else range(NREG)
    return [r for r in regions if r != king and c[base + r] - moved_in[p * NREG + r] > 0]


def _move_steps(g: "Game") -> list[Move]:
    ctx = g.ctx
    assert isinstance(ctx, Moves)   # the phase guarantees it (cheaper than running())
    return _moves_for(g, *ctx)


def _moves_for(g: "Game", own: int, opp: int, any_: int, source: int, must_finish: int,
               moved_in: tuple) -> list[Move]:
    """Rows past the seats are the neutral colour's: an opponent's Caballeros for the cards, never
    moved into the Castillo (it has no disc to leave it by, docs/rulings.md R7)."""
    me, king, seats = g.active_idx, g.king_i, g.n
    out: list[Move] = []
    for p in range(g.rows):
        if (own + any_ if p == me else opp + any_) <= 0:
            continue
        table = MOVE[g.pcol[p]]
        last = NREG + 1 if p < seats else NREG
        for src in _movable_sources(g, p, moved_in, source):
            row = table[src]
            out.extend(row[d] for d in range(last) if d != src and d != king)
    if out and not must_finish:
        out.append(DONE)
    return out


def _start_moves(g: "Game", own: int, opp: int, any_: int, source: int = -1, must_finish: int = 0) -> bool:
    g.ctx = Moves(own, opp, any_, source, must_finish, (0,) * (g.rows * NREG))
    if not _move_steps(g):
        return True
    g.ph, g.to_move_idx = P_STEPS, g.active_idx
    return False


def _apply_move(g: "Game", move: Move, ev: list) -> bool:
    if move is DONE:
        return True
    own, opp, any_, source, must_finish, moved_in = running(g.ctx, Moves)
    p = g.row(move.args[0])
    src = AREA_INDEX[move.args[1]]
    dst = AREA_INDEX[move.args[2]]
    if p == g.active_idx:
        if own > 0:
            own -= 1
        else:
            any_ -= 1
    elif opp > 0:
        opp -= 1
    else:
        any_ -= 1
    move_caballeros(g, p, src, dst, 1, ev)
    if dst < NREG:
        moved = list(moved_in)
        moved[p * NREG + dst] += 1
        moved_in = tuple(moved)
    g.ctx = Moves(own, opp, any_, source, must_finish, moved_in)
    steps = _move_steps(g)
    return not steps or steps == [DONE]


class _Moves(Effect):
    """Move up to N Caballeros with fixed own/opponent/any allowances."""
    own = opp = any_ = 0

    def declarations(self, g: "Game") -> list[Move]:
        fresh = (0,) * (g.rows * NREG)
        return [ACTION] if _moves_for(g, self.own, self.opp, self.any_, -1, 0, fresh) else []

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        return _start_moves(g, self.own, self.opp, self.any_)

    def step_moves(self, g: "Game") -> list[Move]:
        return _move_steps(g)

    def step(self, g: "Game", move: Move, ev: list) -> bool:
        return _apply_move(g, move, ev)

    def allowance(self, g: "Game") -> int | None:
        return self.own + self.opp + self.any_


@register("intrigue_own_4")
class OwnFour(_Moves):
    own = 4


@register("intrigue_any_4")
class AnyFour(_Moves):
    any_ = 4


@register("intrigue_opponents_3")
class OpponentsThree(_Moves):
    opp = 3


@register("intrigue_any_3")
class AnyThree(_Moves):
    any_ = 3


@register("intrigue_own_2_opponents_2")
class OwnTwoOpponentsTwo(_Moves):
    own = opp = 2


@register("intrigue_region_5")
class RegionFive(Effect):
    """Choose one region (not the King's); move up to 5 Caballeros of any colours out of it."""
    limit = 5

    def declarations(self, g: "Game") -> list[Move]:
        c, n, king = g.counts, g.rows, g.king_i
        return [TARGET[r] for r in range(NREG)
                if r != king and any(c[p * A + r] for p in range(n))]

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        return _start_moves(g, 0, 0, self.limit, source=AREA_INDEX[move.args[0]])

    step_moves = _Moves.step_moves
    step = _Moves.step

    def allowance(self, g: "Game") -> int | None:
        return self.limit


def _withdraw_targets(g: "Game") -> list[Move]:
    base, king, c = g.active_idx * A, g.king_i, g.counts
    return [TARGET[r] for r in range(NREG) if r != king and c[base + r] > 0]


def _start_withdraw(g: "Game", region: int) -> bool:
    own = g.counts[g.active_idx * A + region]
    return _start_moves(g, own, 0, 0, source=region, must_finish=1)


def _anywhere_steps(g: "Game") -> list[Move]:
    left = running(g.ctx, Anywhere).left
    if left <= 0 or g.counts[g.active_idx * A + COURT] <= 0:
        return []
    king = g.king_i
    return [PLACE[a] for a in range(NREG + 1) if a != king] + [DONE]


ANYWHERE_LIMIT = 2


def _anywhere_declarations(g: "Game") -> list[Move]:
    return [ACTION] if g.counts[g.active_idx * A + COURT] > 0 else []


def _start_anywhere(g: "Game") -> bool:
    g.ctx = Anywhere(ANYWHERE_LIMIT)
    if not _anywhere_steps(g):
        return True
    g.ph, g.to_move_idx = P_STEPS, g.active_idx
    return False


def _apply_anywhere(g: "Game", move: Move, ev: list) -> bool:
    if move is DONE:
        return True
    move_caballeros(g, g.active_idx, COURT, AREA_INDEX[move.args[0]], 1, ev)
    g.ctx = Anywhere(running(g.ctx, Anywhere).left - 1)
    return not _anywhere_steps(g)


def _running_step_moves(g: "Game") -> list[Move]:
    return _move_steps(g) if isinstance(g.ctx, Moves) else _anywhere_steps(g)


def _running_step(g: "Game", move: Move, ev: list) -> bool:
    return _apply_move(g, move, ev) if isinstance(g.ctx, Moves) else _apply_anywhere(g, move, ev)


def _running_allowance(g: "Game") -> int | None:
    """Withdrawing moves every Caballero of the region (no fixed number); placing is up to 2."""
    return ANYWHERE_LIMIT if isinstance(g.ctx, Anywhere) else None


@register("intrigue_withdraw_region")
class WithdrawRegion(Effect):
    """Move all your Caballeros out of one region (not the King's), split as you like."""

    def declarations(self, g: "Game") -> list[Move]:
        return _withdraw_targets(g)

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        return _start_withdraw(g, AREA_INDEX[move.args[0]])

    step_moves = staticmethod(_running_step_moves)
    step = staticmethod(_running_step)
    allowance = staticmethod(_running_allowance)


@register("intrigue_court_2_anywhere")
class CourtTwoAnywhere(Effect):
    """Place up to 2 more Caballeros from your court anywhere but the King's region."""

    def declarations(self, g: "Game") -> list[Move]:
        return _anywhere_declarations(g)

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        return _start_anywhere(g)

    step_moves = staticmethod(_running_step_moves)
    step = staticmethod(_running_step)
    allowance = staticmethod(_running_allowance)


@register("intrigue_withdraw_or_court_2")
class WithdrawOrCourtTwo(Effect):
    """Either effect above: `target REGION` withdraws, `action` places 2 from court anywhere."""

    def declarations(self, g: "Game") -> list[Move]:
        return _withdraw_targets(g) + _anywhere_declarations(g)

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        if move is ACTION:
            return _start_anywhere(g)
        return _start_withdraw(g, AREA_INDEX[move.args[0]])

    step_moves = staticmethod(_running_step_moves)
    step = staticmethod(_running_step)
    allowance = staticmethod(_running_allowance)
