"""Stack 4 and 5 cards that move things on the board or in the hand (§6.6): mobile scoreboards,
power recovery, the Grande, eviction, the royal advisor and the King card."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import events as E
from ..context import Discs, running
from ..data import AREA_INDEX, AREAS_PER_PLAYER as A, BOARD, BOARD_NAMES, NREG, REGIONS
from ..moves import GRANDE, KING, RECOVER, SCOREBOARD, TARGET, Move
from ..ops import begin_discs, clear_discs, clockwise_from_left, move_caballeros
from .base import Effect, register

if TYPE_CHECKING:
    from ..state import Game


@register("mobile_scoreboard")
class MobileScoreboard(Effect):
    """Put a board that is off the map onto a region, or move one to another region; never into
    or out of the King's region, never onto the other board's region (§6.6 limits)."""

    def declarations(self, g: "Game") -> list[Move]:
        king, out = g.king_i, list[Move]()
        for b, here in enumerate(g.boards):
            if here == king:
                continue
            other = g.boards[1 - b]
            out.extend(SCOREBOARD[b][r] for r in range(NREG) if r not in (king, here, other))
        return out

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        b = BOARD_NAMES.index(move.args[0])
        source = g.boards[b]
        g.boards[b] = AREA_INDEX[move.args[1]]
        ev.append(E.ScoreboardMoved(move.args[0], REGIONS[source] if source >= 0 else None, move.args[1]))
        return True


@register("power_recovery")
class PowerRecovery(Effect):
    """Take one of your played power cards back into your hand; the others do not learn which."""
    secret_declaration = True

    def declarations(self, g: "Game") -> list[Move]:
        used = g.used[g.active_idx]
        return [RECOVER[v] for v in range(1, 14) if used >> v & 1]

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        p, bit = g.active_idx, 1 << int(move.args[0])
        g.recover_pool[p] |= g.used[p]
        g.used[p] &= ~bit
        g.hand_bits[p] |= bit
        g.recovered[p] |= bit
        ev.append(E.PowerRecovered(g.players[p]))
        return True


@register("grande_move")
class GrandeMove(Effect):
    """Move your Grande to another region (not the King's); not at all while it stands there."""

    def declarations(self, g: "Game") -> list[Move]:
        here, king = g.grande_i[g.active_idx], g.king_i
        if here == king:
            return []
        return [GRANDE[r] for r in range(NREG) if r not in (here, king)]

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        p = g.active_idx
        source = g.grande_i[p]
        g.grande_i[p] = AREA_INDEX[move.args[0]]
        ev.append(E.GrandeMoved(g.players[p], REGIONS[source], move.args[0]))
        return True


@register("eviction")
class Eviction(Effect):
    """Name a region (not the King's); every opponent there secretly picks one destination region
    (not the named one, not the King's) and moves all his Caballeros from it there."""

    def declarations(self, g: "Game") -> list[Move]:
        return [TARGET[r] for r in range(NREG) if r != g.king_i]

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        region = AREA_INDEX[move.args[0]]
        who = [p for p in clockwise_from_left(g, g.active_idx) if g.counts[p * A + region] > 0]
        return not begin_discs(g, who, g.acting_card, region)

    def disc_options(self, g: "Game", p: int) -> list[int]:
        named = running(g.ctx, Discs).arg
        return [r for r in range(NREG) if r != named and r != g.king_i]

    def resolve_discs(self, g: "Game", ev: list) -> None:
        named, chosen = running(g.ctx, Discs).arg, list(g.discs)
        ev.append(E.DiscsRevealed(g.acting_card, clear_discs(g)))
        for p, r in enumerate(chosen):
            if r >= 0:
                move_caballeros(g, p, named, r, g.counts[p * A + named], ev)


def _move_king(g: "Game", move: Move, ev: list) -> bool:
    source = g.king_i
    g.king_i = AREA_INDEX[move.args[0]]
    ev.append(E.KingMoved(REGIONS[source], move.args[0]))
    return True


@register("royal_advisor")
class RoyalAdvisor(Effect):
    """Move the King to a region adjacent to his current one."""

    def declarations(self, g: "Game") -> list[Move]:
        return [KING[r] for r in sorted(BOARD.adjacent[g.king_i])]

    start = staticmethod(_move_king)


@register("king")
class KingCard(Effect):
    """Move the King to any other region."""

    def declarations(self, g: "Game") -> list[Move]:
        return [KING[r] for r in range(NREG) if r != g.king_i]

    start = staticmethod(_move_king)
