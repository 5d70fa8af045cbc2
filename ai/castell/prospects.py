"""What a team can show, memoised for the evaluation: its festival prospect for a size token and
whether it can meet a performance tile.

A turn search evaluates every seat in thousands of positions, and most of those teams and ranks
are unchanged between them (the rivals' always are during one's own turn), so the answers are
kept by (team, ranks, what is asked). The solver remains the only judge of a tower.
"""
from __future__ import annotations

from functools import lru_cache

from engine.castell import SKILLS, Position
from engine.castell import festival_prospect as solver_prospect

_LIMIT = 1 << 16                    # answers kept before the memo starts afresh
_performable: dict[tuple, bool] = {}


@lru_cache(maxsize=_LIMIT)
def _prospect(team: tuple[int, ...], ranks: tuple[int, ...], sizes: tuple[int, ...]) -> tuple[int, int]:
    return solver_prospect(team, dict(zip(SKILLS, ranks)), sizes)


def festival_prospect(pos: Position, seat: int, sizes: tuple[int, ...]) -> tuple[int, int]:
    """(best festival score, most castellers of the token's sizes) the seat's team can show at a
    festival with these size tokens now; (0, 0) when it cannot enter (the solver's Pareto front)."""
    return _prospect(tuple(pos.team[seat]), tuple(pos.ranks[seat]), sizes)


def can_perform(pos: Position, seat: int, tile: str) -> bool:
    """Whether the seat's team and ranks can build a tower meeting the performance tile (C24)."""
    key = (tuple(pos.team[seat]), tuple(pos.ranks[seat]), pos.data.tiles[tile])
    found = _performable.get(key)
    if found is None:
        if len(_performable) >= _LIMIT:
            _performable.clear()
        found = _performable[key] = pos.performance_tower(seat, tile) is not None
    return found


__all__ = ["can_perform", "festival_prospect"]
