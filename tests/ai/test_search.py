"""The search finds the one winning move, respects its node budget, and its parts behave."""
from __future__ import annotations

import random
import time

import pytest
from ai_testkit import COLOURS, check_node_budget, decision_points, small_agent

import ai
import engine
from ai.budget import Budget, use_cpu_clock
from ai.discs import DiscSolver
from ai.evaluate import DEFAULT_WEIGHTS, values
from engine.scoring import place_points
from ai.plans import placement_plans
from engine.data import REGIONS
from engine.moves import DISC, DONE
from engine.phase import P_DISC

R = {r: i for i, r in enumerate(REGIONS)}


def final_castillo_position(castillo: int = 3) -> engine.Game:
    """Last general scoring, 3 players; only red has Caballeros in the Castillo and must set a
    disc. Blue leads by 7 and is at home in Castilla la Nueva. Red's 3 Caballeros take it from
    blue (4 v 3), costing blue first place and his home bonus: that
    swing wins; anywhere else blue keeps first place there and wins."""
    return engine.load_scenario({
        "players": COLOURS[:3], "seed": 4, "round": 9, "phase": "scoring", "king": "galicia",
        "grandes": {"red": "cataluna", "blue": "castilla_la_nueva", "green": "granada"},
        "caballeros": {"red": {"castillo": castillo, "castilla_la_nueva": 1},
                       "blue": {"castilla_la_nueva": 3}, "green": {"valencia": 2}},
        "scores": {"red": 60, "blue": 67, "green": 40}})


def winning_discs(g: engine.Game) -> list:
    wins = []
    for m in g.legal_moves():
        h = g.clone()
        h.play(m)
        assert h.is_over
        if h.winners() == [g.players[0]]:
            wins.append(m)
    return wins


def test_exactly_one_disc_wins_and_hard_finds_it():
    g = final_castillo_position()
    assert winning_discs(g) == [DISC[R["castilla_la_nueva"]]]
    agent = small_agent("hard")
    for seed in range(5):
        assert agent.choose(g.view("red"), random.Random(seed)) == DISC[R["castilla_la_nueva"]]


@pytest.mark.parametrize("max_nodes", [50, 300, 2000])
def test_budget_is_respected_in_nodes(max_nodes):
    """Every 22nd of the first 300 decisions of one game (seed 3); `benchmarks/soak.py --budget N`
    checks every 11th decision of N whole games, this one first."""
    assert check_node_budget(max_nodes, decision_points(seed=3, players=4, every=22, limit=300)) >= 12


def test_more_budget_means_more_nodes():
    small = ai.make_agent("hard", max_nodes=100, deadline_s=None)
    big = ai.make_agent("hard", max_nodes=5000, deadline_s=None)
    g = engine.new_game(seed=8)
    v = g.view(g.to_move)
    small.choose(v, random.Random(1))
    big.choose(v, random.Random(1))
    assert small.last_nodes <= 100 < big.last_nodes


def test_deadline_is_optional_and_validated():
    with pytest.raises(ValueError):
        Budget(0)
    with pytest.raises(ValueError):
        Budget(10, deadline_s=-1)
    b = Budget(10**9, deadline_s=1e-9).start()
    assert b.exhausted()


def test_cpu_clock_deadline_ignores_time_spent_waiting():
    """Benchmarks on a loaded machine count the search's own CPU seconds: waiting (another
    process holding the core) does not use up the deadline, working does."""
    use_cpu_clock()
    try:
        b = Budget(10**9, deadline_s=0.05).start()
        time.sleep(0.15)
        assert not b.exhausted()
        spins = 0
        while not b.exhausted():
            spins += 1
        assert spins > 0
    finally:
        use_cpu_clock(False)
    b = Budget(10**9, deadline_s=0.05).start()
    time.sleep(0.06)
    assert b.exhausted()


def test_placement_plans_are_canonical_and_unique():
    for g, _ in decision_points(seed=12, players=4, limit=2000):
        if g.phase != "place":
            continue
        plans = placement_plans(g, DEFAULT_WEIGHTS, 1000)
        texts = [tuple(m.text for m in plan if m is not DONE) for plan, _ in plans]
        assert len(set(texts)) == len(texts)
        assert all(list(t) == sorted(t, key=lambda x: [m.text for m in g.legal_moves()].index(x)) for t in texts)
        for plan, _ in plans[:5]:             # every plan plays legally
            h = g.clone()
            for m in plan:
                assert m in h.legal_moves()
                h.play(m)
        return
    pytest.fail("no placement decision reached")


def test_area_points_follow_the_rulebook_examples():
    assert place_points([4, 4, 4, 3], (5, 3, 1), 3)[0] == [3, 3, 3, 1]
    assert place_points([4, 3, 2, 2], (6, 4, 2), 3)[0] == [6, 4, 0, 0]
    assert place_points([5, 3, 3, 1], (7, 4, 2), 3)[0] == [7, 2, 2, 0]
    assert place_points([2, 2, 1], (5, 3, 1), 2)[0] == [3, 3, 0]
    assert place_points([2, 2], (6, 3, 1), 1)[0] == [0, 0]
    assert place_points([1] * 5, (5, 3, 1), 3)[0] == [3] * 5


def test_evaluation_counts_what_is_public_only():
    g = engine.new_game(seed=6)
    assert values(g) == values(g.view("red").as_game())


def test_disc_strategy_is_a_distribution_over_legal_discs():
    for g, p in decision_points(seed=31, players=5, limit=5000):
        if g.ph == P_DISC:
            view = g.view(g.players[p])
            strat = DiscSolver(DEFAULT_WEIGHTS, iterations=30, worlds=2).strategy(view, random.Random(0))
            assert abs(sum(strat.values()) - 1) < 1e-9
            assert set(strat) <= set(view.legal_moves())
            return
    pytest.fail("no disc decision reached")


def test_profiles_are_validated_with_file_and_field(tmp_path):
    bad = tmp_path / "profiles.yaml"
    bad.write_text("hard:\n  kind: expectimax\n  search:\n    worlds: -3\n")
    with pytest.raises(ai.ProfileError, match=r"profiles.yaml: hard.search.worlds"):
        ai.load_profiles(bad)
    bad.write_text("hard:\n  kind: expectimax\n  search:\n    wolrds: 3\n")
    with pytest.raises(ai.ProfileError, match=r"profiles.yaml: hard.search.wolrds: unknown"):
        ai.load_profiles(bad)
    bad.write_text("x:\n  kind: clever\n")
    with pytest.raises(ai.ProfileError, match=r"profiles.yaml: x.kind"):
        ai.load_profiles(bad)
    bad.write_text("x:\n  kind: greedy\n  weights:\n    court: fast\n")
    with pytest.raises(ai.ProfileError, match=r"x.weights.court"):
        ai.load_profiles(bad)
    with pytest.raises(ai.ProfileError):
        ai.make_agent("hard", horizon="forever")
    with pytest.raises(ai.ProfileError):
        ai.make_agent("nobody")
    assert set(ai.load_profiles()) >= {"random", "greedy", "easy", "normal", "hard"}


@pytest.mark.parametrize("horizon, last_round", [("round", 0), ("scoring", 2)])
def test_playouts_stop_at_the_horizon(monkeypatch, horizon, last_round):
    """From round 1 a `round` playout ends after round 1; a `scoring` playout plays on through
    the next general scoring, after round 3 (rules §7: general scorings after rounds 3, 6, 9)."""
    import ai.expectimax as expectimax
    leaves: list[tuple[int, bool]] = []

    def leaf_utility(g, p, w):
        leaves.append((g.round_idx, g.ph == engine.Phase.POWER))
        return 0.0
    monkeypatch.setattr(expectimax, "utility", leaf_utility)
    agent = ai.make_agent("hard", seed=1, horizon=horizon, deadline_s=None)
    world = engine.new_game(players=COLOURS[:4], seed=9)
    value = agent._playout(world, (), 0, random.Random(2), Budget(100_000).start())
    assert value == 0.0
    assert leaves == [(last_round + 1, True)]
