"""The brute-force check of the tower solver (engine/castell/solver.py): every legal tower of a
small random team, enumerated, against the solver's answers (the Castell rules §5-§7; rulings C2,
C11, C12, C23). Shared by tests/castell/test_solver.py (a sample of the seeds) and
benchmarks/castell_soak.py `--solver N` (every seed)."""
from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from engine.castell import solver
from engine.castell.towers import (SKILLS, Tower, canonical, festival_score, meets_exhibition,
                                   meets_shape, team_counts, tower_problems)

# seed -> case: 300 of every 400 seeds draw ranks up to 2, the other 100 up to 3 (C6), where
# Strength and Balance run deep enough that the solver's merged states and dropped levels matter
SEEDS = 400


def sub_levels(counts: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every non-empty multiset of sizes drawn from the counts, high to low."""
    for take in itertools.product(*(range(c + 1) for c in counts)):
        level = tuple(size for size in range(10, 0, -1) for _ in range(take[size - 1]))
        if level:
            yield level


def all_towers(team: tuple[int, ...], ranks: dict[str, int]) -> list[Tower]:
    """Every legal tower of the team, by extending legal towers one level at a time (a tower
    with an illegal lower part is illegal)."""
    found: list[Tower] = []

    def extend(tower: Tower, left: tuple[int, ...]) -> None:
        for level in sub_levels(left):
            bigger = (*tower, level)
            if not tower_problems(bigger, ranks):
                found.append(bigger)
                rest = list(left)
                for size in level:
                    rest[size - 1] -= 1
                extend(bigger, tuple(rest))
    extend((), team)
    return found


def random_case(rng: random.Random, top: int = 2) -> tuple[tuple[int, ...], dict[str, int]]:
    team = team_counts(rng.randint(1, 10) if rng.random() < 0.4 else rng.randint(2, 6)
                       for _ in range(rng.randint(1, 9)))
    ranks = {skill: rng.randint(0, 1 if skill == "base" else top) for skill in SKILLS}
    return team, ranks


def assert_buildable(tower: Tower, team: tuple[int, ...], ranks: dict[str, int]) -> None:
    assert tower == canonical(tower)
    assert tower_problems(tower, ranks) == []
    used = team_counts(size for level in tower for size in level)
    assert all(u <= t for u, t in zip(used, team)), (tower, team)


def front(points: set[tuple[int, int]]) -> list[tuple[int, int]]:
    return sorted((p for p in points
                   if not any(q != p and q[0] >= p[0] and q[1] >= p[1] for q in points)),
                  reverse=True)


def solver_case(seed: int) -> tuple[tuple[int, ...], dict[str, int]]:
    """The seeded case: ranks up to 3 for seeds 300-399 of every 400, else up to 2."""
    return random_case(random.Random(seed), top=3 if seed % SEEDS >= 300 else 2)


def check_solver(team: tuple[int, ...], ranks: dict[str, int]) -> None:
    """Festival front (ruling C2, the Castell rules §7), shape (C12), exhibition (C11, C23) and the
    tallest tower, against every legal tower of the team; an AssertionError names the case."""
    towers = all_towers(team, ranks)
    rng = random.Random(str(team) + str(ranks))
    assert solver.tallest_tower(team, ranks) == max(map(len, towers), default=0)

    for sizes in ([rng.randint(1, 10)], [rng.randint(2, 6)], sorted({rng.randint(2, 6),
                                                                     rng.randint(2, 6)})):
        entries = [t for t in towers if len(t) >= 4
                   and all(any(s in level for level in t) for s in sizes)]
        expected = front({(festival_score(t, sizes), festival_score(t, sizes) - len(t))
                          for t in entries})
        got = solver.festival_towers(team, ranks, sizes)
        points = [(festival_score(t, sizes), festival_score(t, sizes) - len(t)) for t in got]
        assert points == expected, (team, ranks, sizes, got)
        for tower in got:
            assert_buildable(tower, team, ranks)
            assert len(tower) >= 4 and all(any(s in lv for lv in tower) for s in sizes)
        assert solver.best_festival_tower(team, ranks, sizes) == (got[0] if got else None)
        assert solver.festival_prospect(team, ranks, sizes) == (
            (expected[0][0], max(k for _, k in expected)) if expected else (0, 0))

    scores = solver.festival_scores(team, ranks)
    for size in range(1, 11):
        best = max((festival_score(t, [size]) for t in towers
                    if len(t) >= 4 and any(size in level for level in t)), default=0)
        assert scores[size - 1] == best

    shapes = {tuple(map(len, t)) for t in towers}
    for counts in sorted(shapes)[:8] + [(3, 2, 1), (2, 2, 1), (4, 3, 2, 1), (5, 2, 1), (1, 1)]:
        tower = solver.shape_tower(team, ranks, counts)
        assert (tower is not None) == (counts in shapes), (team, ranks, counts)
        if tower is not None:
            assert_buildable(tower, team, ranks)
            assert meets_shape(tower, counts)

    for height in range(1, 6):
        for skills in ([], ["balance"], ["mix"], ["strength"], ["width"], ["base"],
                       rng.sample(SKILLS, 2)):
            possible = any(meets_exhibition(t, ranks, height, skills) for t in towers)
            tower = solver.exhibition_tower(team, ranks, height, skills)
            assert (tower is not None) == possible, (team, ranks, height, skills)
            if tower is not None:
                assert_buildable(tower, team, ranks)
                assert meets_exhibition(tower, ranks, height, skills)
