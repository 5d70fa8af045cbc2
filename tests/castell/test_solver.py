"""The tower solver (engine/castell/solver.py) against a brute-force enumerator of every legal
tower, on seeded small random teams (the Castell rules §5-§7; rulings C2, C11, C12, C23)."""
from __future__ import annotations

import random

import pytest

from engine.castell import solver
from engine.castell.towers import SKILLS, festival_score, team_counts

from .solverkit import SEEDS, assert_buildable, check_solver, solver_case

# every 8th of the 400 seeds: 38 cases with ranks up to 2, 12 up to 3; `benchmarks/soak.py --game
# castell --solver 400` checks all 400 (and more) the same way
SAMPLE = range(0, SEEDS, 8)


@pytest.mark.parametrize("seed", SAMPLE)
def test_solver_agrees_with_brute_force(seed):
    """Festival front (ruling C2, the Castell rules §7), shape (C12), exhibition (C11, C23) and the
    tallest tower, against every legal tower of the team (tests/castell/solverkit.py)."""
    check_solver(*solver_case(seed))


def test_worked_example_is_the_best_tower_at_a_6_festival():
    """the Castell rules §5.4: the team 8,8,8,6,6,5,5,3 with Balance 1 scores 6 at a 6 festival."""
    team = team_counts([8, 8, 8, 6, 6, 5, 5, 3])
    assert solver.festival_towers(team, {"balance": 1}, [6]) == [((8, 8, 8), (6, 6), (5, 5), (3,))]
    assert solver.festival_towers(team, {}, [6]) == []  # 3 levels at most without skills (C2)
    assert solver.tallest_tower(team, {}) == 3


def test_front_holds_a_taller_and_a_wider_tower():
    """the Castell rules §7: at a 2 festival, a 6-level tower with three 2s (score 9) and a 4-level
    one with four 2s (score 8: four 2s need 4-wide levels under them) are both on the front."""
    team = team_counts([1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 5, 5, 5, 6, 6, 6, 6, 8, 8, 8, 8, 9, 9, 9])
    ranks = {"balance": 2, "width": 2, "mix": 1}
    got = solver.festival_towers(team, ranks, [2])
    assert [(festival_score(t, [2]), festival_score(t, [2]) - len(t)) for t in got] == [(9, 3),
                                                                                         (8, 4)]
    for tower in got:
        assert_buildable(tower, team, ranks)


def test_same_input_same_tower_and_caches_do_not_change_answers():
    """Determinism: the canonical candidate is the same after the caches are emptied."""
    rng = random.Random(5)
    for _ in range(20):
        team = team_counts(rng.randint(1, 10) for _ in range(rng.randint(7, 20)))
        ranks = {skill: rng.randint(0, 1 if skill == "base" else 3) for skill in SKILLS}
        first = (solver.festival_towers(team, ranks, [5]), solver.shape_tower(team, ranks, (3, 2, 1)),
                 solver.exhibition_tower(team, ranks, 4, ["mix"]))
        solver.cache_clear()
        again = (solver.festival_towers(list(team), dict(ranks), (5,)),
                 solver.shape_tower(team, ranks, [3, 2, 1]),
                 solver.exhibition_tower(team, ranks, 4, ("mix",)))
        assert first == again


def test_impossible_requests_give_none():
    team = team_counts([9, 8, 7, 6])
    assert solver.shape_tower(team, {}, ()) is None
    assert solver.shape_tower(team, {}, (2, 0)) is None
    assert solver.exhibition_tower(team, {}, 0, []) is None
    assert solver.exhibition_tower(team, {"base": 0}, 1, ["base"]) is None
    assert solver.festival_towers(team_counts([]), {"balance": 3}, [5]) == []
    assert solver.tallest_tower(team_counts([]), {}) == 0
