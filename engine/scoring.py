"""Scoring one area (§8.2) and the value tables in force (printed values or a mobile scoreboard)."""
from __future__ import annotations

from .data import AREAS_PER_PLAYER, BOARD, BOARD_VALUES, CASTILLO

_DEPTH = {2: 1, 3: 2}


def depth_for(n_players: int) -> int:
    """How many ranks score: 1 with 2 players, 2 with 3, 3 with 4 or 5 (§8.2). Called with the
    colours on the board (`Game.rows`): a 2-player game with the neutral colour scores as a
    3-player one (docs/rulings.md R5)."""
    return _DEPTH.get(n_players, 3)


def rank_players(counts: list[int]) -> list[int]:
    """Rank per player (0 = not present) under the drop-one-rank tie rule of §8.2."""
    ranks = [0] * len(counts)
    pointer = 1
    for n in sorted({c for c in counts if c > 0}, reverse=True):
        group = [p for p, c in enumerate(counts) if c == n]
        if len(group) == 1:
            ranks[group[0]] = pointer
            pointer += 1
        else:
            for p in group:
                ranks[p] = pointer + 1
            pointer += 2
    return ranks


def place_points(counts: list[int] | tuple[int, ...], values: tuple[int, int, int],
                 depth: int) -> tuple[list[int], int, int]:
    """Place points per player under §8.2 (tied players share the lower rank and drop the next
    one; only `depth` ranks score), the sole leader (-1 if none) and his lead over the next count.
    The engine scores with it and the AI evaluates with it: the one statement of the rule."""
    n = len(counts)
    pts = [0] * n
    if max(counts) <= 0:
        return pts, -1, 0
    levels = sorted({c for c in counts if c > 0}, reverse=True)
    pointer = 1
    leader, lead = -1, 0
    for level in levels:
        if pointer > depth:
            break
        group = [p for p in range(n) if counts[p] == level]
        if len(group) == 1:
            pts[group[0]] = values[pointer - 1]
            if pointer == 1:
                leader = group[0]
                lead = level - (levels[1] if len(levels) > 1 else 0)
            pointer += 1
        else:
            if pointer + 1 <= depth:
                for p in group:
                    pts[p] = values[pointer]
            pointer += 2
    return pts, leader, lead


KING_BONUS = HOME_BONUS = 2   # §7.1 rule 3, §7.2


def bonus_points(area: int, leader: int, king_i: int, grande_i: list[int] | tuple[int, ...]) -> int:
    """The sole leader's bonuses in a region (§7): the King's region, and his own home region;
    none in the Castillo or without a sole leader, nor when the leader is the neutral colour (a
    row past the seats: it scores nothing and its lead denies the King's bonus, docs/rulings.md R6)."""
    if leader < 0 or area == CASTILLO or leader >= len(grande_i):
        return 0
    return (KING_BONUS if area == king_i else 0) + (HOME_BONUS if grande_i[leader] == area else 0)


def score_counts(values: tuple[int, int, int], counts: list[int], depth: int) -> tuple[list[int], int]:
    """Place points per player and the sole leader's index (-1 if none) for one area."""
    points, leader, _ = place_points(counts, values, depth)
    return points, leader


def area_result(counts: list[int], n: int, values: tuple[int, int, int], king: int, grandes: list[int],
                area: int, depth: int) -> tuple[list[int], int, int]:
    """Scoring `area` with the `values` in force there, changing nothing: points per player (place
    points of §8.2 plus the sole leader's §7 bonuses), and the indices of the players taking the
    King and the home bonus (-1 for none)."""
    points, leader = score_counts(values, area_counts(counts, n, area), depth)
    bonus = bonus_points(area, leader, king, grandes)
    if not bonus:
        return points, -1, -1
    points[leader] += bonus
    return points, leader if area == king else -1, leader if grandes[leader] == area else -1


def values_in_force(boards: list[int]) -> list[tuple[int, int, int]]:
    """Per region, the values in force: a mobile scoreboard lying on a region replaces its own."""
    values = list(BOARD.values)
    for b, region in enumerate(boards):
        if region >= 0:
            values[region] = BOARD_VALUES[b]
    return values


def area_values(boards: list[int], area: int) -> tuple[int, int, int]:
    """Values in force for one area: the Castillo's own, or the region's (values_in_force)."""
    if area == CASTILLO:
        return BOARD.castillo_values
    return values_in_force(boards)[area]


def value_classes(boards: list[int]) -> list[int]:
    """Per region, the first-place value in force: what the 4-, 5- and 6/7-point scoring cards
    look at (§3.1)."""
    return [values[0] for values in values_in_force(boards)]


def area_counts(counts: list[int], n: int, area: int) -> list[int]:
    return [counts[p * AREAS_PER_PLAYER + area] for p in range(n)]


def region_total(counts: list[int], n: int, region: int) -> int:
    return sum(counts[p * AREAS_PER_PLAYER + region] for p in range(n))

