"""levels/ai_profiles.yaml: the new presets load, weights and search settings per table size are
chosen by the game's player count, and a bad block is refused with its file and field named."""
from __future__ import annotations

import random

import pytest

import ai
import engine

COLOURS = ["red", "blue", "green", "yellow", "orange"]


def test_shipped_presets_include_expert_and_mcts():
    table = ai.load_profiles()
    assert table["expert"]["search"]["per_turn"] and table["hard"]["search"]["per_turn"]
    assert table["mcts"]["kind"] == "mcts"
    assert isinstance(ai.make_agent("mcts").agent, ai.MCTSAgent)
    for name in ("hard", "expert"):       # a weights block for every table size
        assert set(table[name]["weights_by_players"]) == {2, 3, 4, 5}


def test_weights_follow_the_games_player_count(tmp_path):
    path = tmp_path / "profiles.yaml"
    path.write_text("p:\n  kind: expectimax\n  search: {worlds: 1, max_nodes: 50}\n"
                    "  weights: {court: 0.3}\n"
                    "  weights_by_players:\n    2: {court: 2.0}\n    5: {hand: 0.5}\n")
    agent = ai.make_agent("p", profiles=path)
    # each size's block over the shared weights; a size not listed takes the nearest listed one
    for players, court, hand in ((2, 2.0, 0.12), (3, 2.0, 0.12), (4, 0.3, 0.5), (5, 0.3, 0.5)):
        g = engine.new_game(players=COLOURS[:players], seed=1)
        agent.choose(g.view(g.to_move), random.Random(0))
        assert (agent.weights.court, agent.weights.hand) == (court, hand)


def test_search_settings_follow_the_games_player_count(tmp_path):
    path = tmp_path / "profiles.yaml"
    path.write_text("p:\n  kind: expectimax\n  search: {worlds: 1, max_nodes: 50, horizon: round_turn}\n"
                    "  search_by_players:\n    2: {horizon: round, worlds: 2}\n")
    agent = ai.make_agent("p", profiles=path)
    # the size's block over the shared settings; a size not listed searches with `search`
    for players, horizon, worlds in ((2, "round", 2), (3, "round_turn", 1), (5, "round_turn", 1)):
        g = engine.new_game(players=COLOURS[:players], seed=1)
        agent.choose(g.view(g.to_move), random.Random(0))
        assert (agent.config.horizon, agent.config.worlds, agent.config.max_nodes) == (horizon, worlds, 50)
        assert agent.policy.noise == agent.config.noise
    shipped = ai.make_agent("expert")
    shipped.use_table(2)
    assert (shipped.config.horizon, shipped.config.noise) == ("scoring", 1.0)   # measured: ai/README.md
    shipped.use_table(4)
    assert (shipped.config.horizon, shipped.config.noise) == ("round_turn", 0.3)


@pytest.mark.parametrize("kind, text, field", [
    ("expectimax", "  search_by_players:\n    6: {worlds: 2}\n", r"p.search_by_players.6: player count"),
    ("expectimax", "  search_by_players:\n    2: {horizon: forever}\n", r"p.search_by_players.2.horizon: must be one of"),
    ("expectimax", "  search_by_players:\n    2: {wrolds: 2}\n", r"p.search_by_players.2.wrolds: unknown setting"),
    ("expectimax", "  search_by_players: [2]\n", r"p.search_by_players: must be a mapping"),
    ("mcts", "  search_by_players:\n    2: {time_s: 1}\n", r"p.search_by_players: only expectimax"),
    ("expectimax", "  weights_by_players:\n    7: {court: 1}\n", r"p.weights_by_players.7: player count"),
    ("expectimax", "  weights_by_players:\n    3: {court: fast}\n", r"p.weights_by_players.3.court: must be a number"),
    ("expectimax", "  weights_by_players:\n    3: {courtt: 1}\n", r"p.weights_by_players.3: unknown weight 'courtt'"),
    ("expectimax", "  weights_by_players:\n    3: 0.5\n", r"p.weights_by_players.3: must be a mapping"),
    ("expectimax", "  weights_by_players: [1, 2]\n", r"p.weights_by_players: must be a mapping"),
    ("expectimax", "  search: {per_turn: maybe}\n", r"p.search.per_turn: must be true or false"),
    ("expectimax", "  search: {turn_plans: 0}\n", r"p.search.turn_plans: must be a positive integer"),
    ("mcts", "  search: {time_s: -1}\n", r"p.search.time_s: must be positive seconds"),
    ("mcts", "  search: {worlds: 3}\n", r"p.search.worlds: unknown setting"),
    ("mcts", "  weights: {court: 1}\n", r"p.weights: mcts presets use no evaluation weights"),
    ("mcts", "  weights_by_players:\n    4: {court: 1}\n", r"p.weights_by_players: only expectimax"),
])
def test_bad_blocks_are_named(tmp_path, kind, text, field):
    path = tmp_path / "profiles.yaml"
    path.write_text(f"p:\n  kind: {kind}\n" + text)
    with pytest.raises(ai.ProfileError, match=r"profiles.yaml: " + field):
        ai.load_profiles(path)


def test_overrides_reach_every_table_size():
    agent = ai.make_agent("expert", weights={"court": 0.7}, max_nodes=50, deadline_s=None)
    for players in (2, 5):
        g = engine.new_game(players=COLOURS[:players], seed=2)
        agent.choose(g.view(g.to_move), random.Random(0))
        assert agent.weights.court == 0.7
        assert agent.config.max_nodes == 50
    with pytest.raises(ai.ProfileError, match=r"make_agent\('mcts'\).search.worlds"):
        ai.make_agent("mcts", worlds=3)
