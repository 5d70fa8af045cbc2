"""Stack 3 special scorings, the `score_choice_*` cards and `score_secret_unique` (§6.4–6.6).

All of them score at once under §8.2 and never empty the Castillo (rule A7).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import events as E
from ..data import AREA_INDEX, CARDS, CASTILLO, NREG
from ..moves import SCORE, Move
from ..ops import (active_first, area_scored, begin_discs, begin_scoring, clear_discs, end_scoring,
                   open_castillo, score_areas)
from ..scoring import region_total, value_classes
from .base import Effect, effect_for, register

if TYPE_CHECKING:
    from ..state import Game

REGION_RANGE = range(NREG)


class _FixedScoring(Effect):
    """Score the areas `areas(g)` names, when the action starts (ranks: the card's depth in
    classic.yaml, else the player-count depth)."""

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        _score_special(g, self.areas(g), ev, CARDS[g.acting_card].depth)
        return True


def _score_special(g: "Game", areas: list[int], ev: list, depth: int | None = None) -> None:
    """A special scoring; one that scores the Castillo opens the tower first (docs/rulings.md R2)."""
    if CASTILLO in areas and g.rules_version >= 2:
        open_castillo(g, ev)
    _scored_by_card(g, areas, ev, depth)


def _scored_by_card(g: "Game", areas: list[int], ev: list, depth: int | None = None) -> None:
    """The acting card's scoring of `areas`: one scoring, one score-history entry."""
    before = begin_scoring(g, ev, g.acting_card)
    score_areas(g, areas, ev, depth)
    end_scoring(g, ev, before, g.acting_card)


@register("score_5_regions")
class FivePointRegions(_FixedScoring):
    def areas(self, g: "Game") -> list[int]:
        classes = value_classes(g.boards)
        return [r for r in REGION_RANGE if classes[r] == 5]


@register("score_4_regions")
class FourPointRegions(_FixedScoring):
    def areas(self, g: "Game") -> list[int]:
        classes = value_classes(g.boards)
        return [r for r in REGION_RANGE if classes[r] == 4]


@register("score_6_7_regions")
class SixSevenPointRegions(_FixedScoring):
    def areas(self, g: "Game") -> list[int]:
        classes = value_classes(g.boards)
        return [r for r in REGION_RANGE if classes[r] in (6, 7)]


@register("score_castillo")
class CastilloScoring(_FixedScoring):
    def areas(self, g: "Game") -> list[int]:
        return [CASTILLO]


@register("score_first_only")
class FirstPlaceOnly(_FixedScoring):
    def areas(self, g: "Game") -> list[int]:
        return list(REGION_RANGE)


@register("score_most")
class MostCaballeros(_FixedScoring):
    def areas(self, g: "Game") -> list[int]:
        totals = [region_total(g.counts, g.rows, r) for r in REGION_RANGE]
        top = max(totals)
        return [r for r in REGION_RANGE if top > 0 and totals[r] == top]


@register("score_fewest")
class FewestCaballeros(_FixedScoring):
    def areas(self, g: "Game") -> list[int]:
        totals = [region_total(g.counts, g.rows, r) for r in REGION_RANGE]
        occupied = [t for t in totals if t > 0]
        low = min(occupied) if occupied else 0
        return [r for r in REGION_RANGE if occupied and totals[r] == low]


@register("score_choice_s2", "score_choice_s3")
class ChosenArea(Effect):
    """The active player names one area, the King's region and the Castillo included."""

    def declarations(self, g: "Game") -> list[Move]:
        return SCORE[:]

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        _score_special(g, [AREA_INDEX[move.args[0]]], ev)
        return True


@register("score_secret_unique")
class SecretUnique(Effect):
    """Everyone sets a disc; each region chosen by exactly one player is scored."""

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        begin_discs(g, active_first(g), g.acting_card)
        return False

    def disc_options(self, g: "Game", p: int) -> list[int]:
        return list(REGION_RANGE)

    def resolve_discs(self, g: "Game", ev: list) -> None:
        chosen = [d for d in g.discs if d >= 0]
        ev.append(E.DiscsRevealed(g.acting_card, clear_discs(g)))
        _scored_by_card(g, [r for r in REGION_RANGE if chosen.count(r) == 1], ev)


def fixed_scoring_gains(g: "Game", card: str) -> dict[str, int] | None:
    """Each player's points if `card` (a scoring card on offer) were played now, nothing changed;
    None for a card whose areas are chosen when it is played (a named area, secret discs)."""
    effect = effect_for(card)
    if not isinstance(effect, _FixedScoring):
        return None
    areas = effect.areas(g)
    gains = dict.fromkeys(g.players, 0)
    for area in areas:
        for player, points in area_scored(g, area, depth=CARDS[card].depth).points:
            gains[player] += points
    return gains
