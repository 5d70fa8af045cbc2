"""Static evaluation: what a position is worth to each player, without looking ahead.

The value of player p (in points) is

    score now
  + m * (region points p would take at the next general scoring from today's majorities, King
    and home bonuses included, plus `margin` for the size of each sole lead, since thin leads get
    overturned), where m = majority * (1 - fade * rounds before that scoring round)
    * (1 + future * (general scorings left - 1)): how much of today's lead still stands when it
    counts (`python -m ai.fit_weights` measures it from self-play)
  + m' * Castillo points at the next general scoring (m' as m, that scoring only) + `castillo_move`
    per Caballero in the Castillo (they land, by disc, wherever their owner wants)
  + `court` per Caballero in the court (placed in a later turn), `provinces` per Caballero in the
    provinces (needs a low power card first) while rounds remain
  + `hand` * the sum of the best power cards still in hand, as many as rounds remain (a high card
    kept for later buys an early turn then).

An agent maximises its `utility`: its value minus a blend of the best and the mean rival value,
which is what winning a multi-player game asks for. Everything reads the flat `counts` list
directly; a View gives the same numbers as the game it came from (the only hidden data, discs,
stacks and recovered cards, are not read here).

`AreaModel` keeps the per-area contributions so that search can score a change to one or two
areas (a placement, an Intrigue move) without rebuilding the whole evaluation.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from engine import Game
from engine.internals import AREAS_PER_PLAYER as A
from engine.internals import (BOARD, CARDS, CASTILLO, COURT, NREG, PROVINCES, Phase, bonus_points,
                              depth_for, place_points, values_in_force)

_SCORING_ROUNDS = BOARD.scoring_rounds
_CASTILLO_VALUES = BOARD.castillo_values


@dataclass(frozen=True)
class Weights:
    """Evaluation weights (points per unit); presets may override them by name."""
    majority: float = 1.0       # weight of today's majorities at the next general scoring
    fade: float = 0.0           # ... less this fraction per round still to play before it
    future: float = 0.55        # weight of today's majorities per general scoring after the next
    margin: float = 0.35        # per Caballero of a sole lead (capped at 2), per region value / 5
    court: float = 0.85         # per Caballero in the court while rounds remain
    provinces: float = 0.12     # per Caballero in the provinces while rounds remain
    castillo_move: float = 0.9  # per Caballero in the Castillo (moved by disc at the scoring)
    hand: float = 0.12          # per power-card pip among the cards kept for the rounds left
    rival_max: float = 0.6      # utility: weight of the best rival (rest: mean of the rivals)

    @classmethod
    def from_mapping(cls, data: dict[str, Any], where: str) -> Weights:
        names = {f.name for f in fields(cls)}
        for key, value in data.items():
            if key not in names:
                raise ValueError(f"{where}: unknown weight {key!r} (expected one of {', '.join(sorted(names))})")
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                raise ValueError(f"{where}.{key}: must be a number, got {value!r}")
        return cls(**{k: float(v) for k, v in data.items()})


DEFAULT_WEIGHTS = Weights()

_REM_CACHE: dict[tuple, int] = {}


def scorings_left(g: Game) -> int:
    """General scorings still to come (the current round's included until it has happened)."""
    if g.ph == Phase.OVER:
        return 0
    key = (g.rounds, g.round_idx)
    rem = _REM_CACHE.get(key)
    if rem is None:
        rem = _REM_CACHE[key] = sum(1 for r in g.rounds[g.round_idx:] if r in _SCORING_ROUNDS)
    return rem


def rounds_to_scoring(g: Game, round_idx: int | None = None) -> int:
    """Rounds after round `round_idx` (default: the current one) before the next general
    scoring round (0 in that round)."""
    idx = g.round_idx if round_idx is None else round_idx
    key = (g.rounds, idx, "gap")
    gap = _REM_CACHE.get(key)
    if gap is None:
        later = g.rounds[idx:]
        gap = _REM_CACHE[key] = next((i for i, r in enumerate(later) if r in _SCORING_ROUNDS), len(later))
    return gap


def majority_weight(w: Weights, rem: int, gap: int) -> float:
    """Weight of today's majorities with `rem` general scorings to come, the next one `gap`
    rounds after the current one: how much of a lead today is still there when it counts."""
    if rem <= 0:
        return 0.0
    return w.majority * max(0.0, 1.0 - w.fade * gap) * (1.0 + w.future * (rem - 1))


def rounds_left(g: Game) -> int:
    """Rounds still to be played after the current one."""
    return 0 if g.ph == Phase.OVER else len(g.rounds) - 1 - g.round_idx


_VEC_CACHE: dict[tuple, list[float]] = {}
_TOP_CACHE: dict[tuple[int, int], int] = {}


class AreaModel:
    """Per-player values split by area, for fast re-evaluation of one or two changed areas."""

    __slots__ = ("base", "castillo_mult", "contrib", "court_w", "depth", "g", "mult", "n", "prov_w", "vals", "w")

    def __init__(self, g: Game, w: Weights = DEFAULT_WEIGHTS) -> None:
        self.g, self.w, self.n = g, w, g.n
        self.depth = depth_for(g.rows)   # the neutral colour's row counts (docs/rulings.md R5)
        rem = scorings_left(g)
        gap = rounds_to_scoring(g)
        self.mult = majority_weight(w, rem, gap)
        self.castillo_mult = majority_weight(w, min(rem, 1), gap)   # emptied at that scoring
        self.vals = values_in_force(g.boards)
        live = 1.0 if rounds_left(g) > 0 else 0.0
        self.court_w = w.court * live
        self.prov_w = w.provinces * live
        n, c = self.n, g.counts
        self.contrib = [self.area_vector(a, c[a::A]) for a in range(NREG + 1)]
        base = []
        later = rounds_left(g)
        bidding = g.ph == Phase.POWER
        for p in range(n):
            o = p * A
            v = g.score_pts[p] + self.court_w * c[o + COURT] + self.prov_w * c[o + PROVINCES]
            keep = later + (1 if bidding and not g.played[p] else 0)
            if keep > 0 and w.hand:
                v += w.hand * top_cards(g.hand_bits[p], keep)
            base.append(v)
        self.base = base

    def area_vector(self, a: int, cnts: list[int]) -> list[float]:
        """Contribution of area `a` to every player's value, given the counts there (memoised:
        playouts ask for the same few areas over and over)."""
        if self.mult == 0.0:
            return [0.0] * self.n
        g = self.g
        key = (a, tuple(cnts), self.mult, self.castillo_mult, a == g.king_i, tuple(g.grande_i),
               self.vals[a] if a < NREG else None, id(self.w), self.depth)
        vec = _VEC_CACHE.get(key)
        if vec is not None:
            return vec
        if len(_VEC_CACHE) > 200_000:
            _VEC_CACHE.clear()
        if a == CASTILLO:
            pts, _, _ = place_points(cnts, _CASTILLO_VALUES, self.depth)
            cm = self.w.castillo_move
            cw = self.castillo_mult
            vec = [cw * pts[p] + cm * cnts[p] for p in range(self.n)]
        else:
            values = self.vals[a]
            pts, leader, lead = place_points(cnts, values, self.depth)
            out = [float(x) for x in pts]
            if leader >= 0:
                bonus = bonus_points(a, leader, g.king_i, g.grande_i)
                out[leader] += bonus + self.w.margin * min(lead, 2) * values[0] / 5.0
            m = self.mult
            vec = [x * m for x in out]
        _VEC_CACHE[key] = vec
        return vec

    def totals(self) -> list[float]:
        return [b + sum(col) for b, col in zip(self.base, zip(*self.contrib))]


def top_cards(bits: int, k: int) -> int:
    """Sum of the k highest power cards in the hand bit set `bits` (memoised)."""
    key = (bits, k)
    total = _TOP_CACHE.get(key)
    if total is not None:
        return total
    total = 0
    v = 13
    while v > 0 and k > 0:
        if bits >> v & 1:
            total += v
            k -= 1
        v -= 1
    _TOP_CACHE[key] = total
    return total


def disc_step_kind(purpose: str) -> str:
    """What a disc step does: "castillo" at a general scoring, else its card's kind (classic.yaml)."""
    return purpose if purpose == "castillo" else CARDS[purpose].kind


def returned(purpose: str, have: int) -> int:
    """Caballeros a disc_return card sends back from a region holding `have` (its count: none = all)."""
    count = CARDS[purpose].count
    return have if count is None else min(count, have)


def values(g: Game, w: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """Value of the position to every player, in points (see the module docstring)."""
    if g.ph == Phase.OVER:
        return [float(s) for s in g.score_pts]
    return AreaModel(g, w).totals()


def utility_of(vals: list[float], p: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """Player p's value against the field: own value minus a blend of best and mean rival."""
    rivals = [v for q, v in enumerate(vals) if q != p]
    if not rivals:
        return vals[p]
    return vals[p] - w.rival_max * max(rivals) - (1.0 - w.rival_max) * sum(rivals) / len(rivals)


def utility(g: Game, p: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    return utility_of(values(g, w), p, w)

