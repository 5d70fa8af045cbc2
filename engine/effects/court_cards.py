"""Stack 2 (§6.4) and `court_2`: the Veto card, sending Caballeros back to the provinces, court refill.

Running contexts (context.py): `Returns` for king_returns_3, `Cull` for cull_1_each_opponent,
`ExtraCourtFill` for court_2.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import events as E
from ..context import Cull, ExtraCourtFill, Returns, running
from ..data import AREA_INDEX, AREAS_PER_PLAYER as A, CARDS, COURT, PROVINCES
from ..moves import ACTION, CULL, RETURN, Move
from ..ops import (active_first, begin_discs, chosen_rivals, clear_discs, clockwise_from_left,
                   map_regions_except_king, map_total_except_king, move_caballeros)
from ..phase import P_COURT, P_RETURN, P_STEPS
from .base import Effect, register

if TYPE_CHECKING:
    from ..state import Game


@register("veto")
class TakeVeto(Effect):
    """Taking the Veto is itself a special action (§6.7): the card lies in front of its taker."""

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        g.take_veto(g.active_idx)
        ev.append(E.VetoTaken(g.players[g.active_idx]))
        return True


class _Decay(Effect):
    """Every opponent returns `count` from his court (classic.yaml; all of it when none)."""

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        limit = CARDS[g.acting_card].count
        for p in clockwise_from_left(g, g.active_idx):
            court = g.counts[p * A + COURT]
            move_caballeros(g, p, COURT, PROVINCES, court if limit is None else min(limit, court), ev)
        return True


@register("decay_court_all")
class DecayCourtAll(_Decay):
    """Every opponent returns his whole court to his provinces."""


@register("decay_court_3")
class DecayCourtThree(_Decay):
    """Every opponent returns 3 from his court (all of them if fewer)."""


def _return_all_available(g: "Game", p: int, ev: list) -> None:
    move_caballeros(g, p, COURT, PROVINCES, g.counts[p * A + COURT], ev)
    for r in map_regions_except_king(g, p):
        move_caballeros(g, p, r, PROVINCES, g.counts[p * A + r], ev)


@register("king_returns_3")
class KingReturns(Effect):
    """Each opponent, clockwise from the left, returns exactly 3 of his own from court and/or
    regions (never the King's region or the Castillo), choosing himself (§6.4, ruling 38)."""

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        return self._advance(g, tuple(clockwise_from_left(g, g.active_idx)), ev)

    def _advance(self, g: "Game", queue: tuple[int, ...], ev: list) -> bool:
        count = CARDS[g.acting_card].count or 0
        while queue:
            p = queue[0]
            if g.counts[p * A + COURT] + map_total_except_king(g, p) > count:
                g.ctx = Returns(queue, count)
                g.ph, g.to_move_idx = P_RETURN, p
                return False
            _return_all_available(g, p, ev)
            queue = queue[1:]
        return True

    def step_moves(self, g: "Game") -> list[Move]:
        p = running(g.ctx, Returns).queue[0]
        out = [RETURN[r] for r in map_regions_except_king(g, p)]
        if g.counts[p * A + COURT] > 0:
            out.append(RETURN[COURT])
        return out

    def step(self, g: "Game", move: Move, ev: list) -> bool:
        queue, left = running(g.ctx, Returns)
        p = queue[0]
        move_caballeros(g, p, AREA_INDEX[move.args[0]], PROVINCES, 1, ev)
        if left > 1:
            g.ctx = Returns(queue, left - 1)
            return False
        return self._advance(g, queue[1:], ev)

    def allowance(self, g: "Game") -> int | None:
        return CARDS[g.acting_card].count


@register("cull_1_each_opponent")
class CullOneEach(Effect):
    """The active player returns one Caballero of each opponent (the neutral colour included,
    docs/rulings.md R7) from a region to its provinces."""

    def declarations(self, g: "Game") -> list[Move]:
        return [ACTION] if self._queue(g) else []

    def _queue(self, g: "Game") -> tuple:
        return tuple(p for p in chosen_rivals(g, g.active_idx) if map_regions_except_king(g, p))

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        g.ctx = Cull(self._queue(g))
        g.ph, g.to_move_idx = P_STEPS, g.active_idx
        return False

    def step_moves(self, g: "Game") -> list[Move]:
        p = running(g.ctx, Cull).queue[0]
        row = CULL[g.pcol[p]]
        return [row[r] for r in map_regions_except_king(g, p)]

    def step(self, g: "Game", move: Move, ev: list) -> bool:
        queue = running(g.ctx, Cull).queue
        move_caballeros(g, queue[0], AREA_INDEX[move.args[1]], PROVINCES, 1, ev)
        queue = tuple(p for p in queue[1:] if map_regions_except_king(g, p))
        g.ctx = Cull(queue)
        return not queue


class _DiscReturn(Effect):
    """Every player secretly picks a region (not the King's) holding his Caballeros, then returns
    some of them from it (§6.4; shortfall rulings §12.6)."""
    keep_at_least_two = True

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        who = [p for p in active_first(g) if map_regions_except_king(g, p)]
        if begin_discs(g, who, g.acting_card):
            return False
        self.resolve_discs(g, ev)
        return True

    def disc_options(self, g: "Game", p: int) -> list[int]:
        regions = map_regions_except_king(g, p)
        if self.keep_at_least_two:
            two = [r for r in regions if g.counts[p * A + r] >= 2]
            return two or regions
        return regions

    def resolve_discs(self, g: "Game", ev: list) -> None:
        chosen = list(g.discs)
        ev.append(E.DiscsRevealed(g.acting_card, clear_discs(g)))
        for p, r in enumerate(chosen):
            if r >= 0:
                have, count = g.counts[p * A + r], CARDS[g.acting_card].count
                move_caballeros(g, p, r, PROVINCES, have if count is None else min(count, have), ev)


@register("disc_return_2")
class DiscReturnTwo(_DiscReturn):
    pass


@register("disc_return_all")
class DiscReturnAll(_DiscReturn):
    keep_at_least_two = False


@register("court_2")
class CourtTwo(Effect):
    """Take up to 2 more Caballeros into the court, from the map once the provinces are empty."""

    def declarations(self, g: "Game") -> list[Move]:
        p = g.active_idx
        return [ACTION] if g.counts[p * A + PROVINCES] + map_total_except_king(g, p) else []

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        g.ctx = ExtraCourtFill()
        g.ph, g.to_move_idx = P_COURT, g.active_idx
        return False
