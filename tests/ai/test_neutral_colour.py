"""Every preset plays the 2-player game with the neutral colour, which its
search sees as part of the position (a third colour in every majority, never a seat)."""
from __future__ import annotations

import random

import pytest
from ai_testkit import PRESETS, SLOW, play_out, small_agent

import ai
import engine
from ai.evaluate import Weights, values
from engine.data import AREAS_PER_PLAYER as A, PROVINCES, REGIONS


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_plays_the_neutral_colour_game_to_the_end(name):
    """Both seats, the neutral colour on: only legal moves, never a move for the neutral colour."""
    g = engine.new_game(players=["red", "blue"], seed=11, dummy=True,
                        variant="short" if name in SLOW else "classic")
    seen = []
    play_out(g, [small_agent(name, seed=1), small_agent(name, seed=2)], rng_seed=3,
             check=lambda game, p, view, move: seen.append(view.viewer_id))
    assert g.is_over and set(seen) == {"red", "blue"} and set(g.winners()) <= {"red", "blue"}


def test_evaluation_counts_the_neutral_colour_in_majorities():
    """§14: the neutral colour changes majorities: neutral Caballeros that overtake red's lead
    in a region lower red's value (and give the neutral colour no value: it is not a seat)."""
    g = engine.new_game(players=["red", "blue"], seed=4, dummy=True)
    region = next(r for r in REGIONS if r != g.king and not any(g.count(c, r) for c in g.colours_on_board))
    k = REGIONS.index(region)
    g.counts[g.row("red") * A + k] = 2
    before = values(g)
    g.counts[g.n * A + k] = 3
    g.counts[g.n * A + PROVINCES] -= 3
    after = values(g)
    assert len(after) == 2 and after[0] < before[0]


def test_search_with_neutral_is_used_in_neutral_colour_games_only(tmp_path):
    """A preset's `search_with_neutral` block is its search in games with the neutral colour; a
    plain 2-player game searches with the 2-player settings, and a bad block is named."""
    path = tmp_path / "profiles.yaml"
    path.write_text("p:\n  kind: expectimax\n  search: {worlds: 1, max_nodes: 50, horizon: round}\n"
                    "  search_with_neutral: {horizon: scoring}\n")
    agent = ai.make_agent("p", profiles=path)
    for dummy, horizon in ((True, "scoring"), (False, "round")):
        g = engine.new_game(players=["red", "blue"], seed=1, dummy=dummy)
        agent.choose(g.view(g.to_move), random.Random(0))
        assert (agent.config.horizon, agent.config.max_nodes) == (horizon, 50)
    assert ai.make_agent("hard").neutral_config is None   # the 3-player search (levels/ai_profiles.yaml)
    path.write_text("p:\n  kind: expectimax\n  search_with_neutral: {horizon: forever}\n")
    with pytest.raises(ai.ProfileError, match=r"profiles.yaml: p.search_with_neutral.horizon: must be one of"):
        ai.load_profiles(path)


def test_weights_with_neutral_are_used_in_neutral_colour_games_only(tmp_path):
    """A preset's `weights_with_neutral` block, over its shared weights, is its evaluation in games
    with the neutral colour; a plain 2- or 3-player game keeps its table size's weights, an
    override reaches the block too, and a bad block is named."""
    path = tmp_path / "profiles.yaml"
    path.write_text("p:\n  kind: expectimax\n  search: {worlds: 1, max_nodes: 50}\n  weights: {court: 0.3}\n"
                    "  weights_by_players: {2: {court: 2.0}, 3: {court: 3.0}}\n"
                    "  weights_with_neutral: {court: -1.0}\n")
    agent = ai.make_agent("p", profiles=path)
    for players, dummy, court in ((2, True, -1.0), (2, False, 2.0), (3, False, 3.0)):
        g = engine.new_game(players=["red", "blue", "green"][:players], seed=1, dummy=dummy)
        agent.choose(g.view(g.to_move), random.Random(0))
        assert agent.weights.court == court
        assert agent.policy.w is agent.weights and agent.discs.w is agent.weights
    tuned = ai.make_agent("p", profiles=path, weights={"hand": 0.5})
    tuned.use_table(3, neutral=True)
    assert (tuned.weights.hand, tuned.weights.court) == (0.5, -1.0)
    path.write_text("p:\n  kind: expectimax\n  weights_with_neutral: {neutral: 1}\n")
    with pytest.raises(ai.ProfileError, match=r"profiles.yaml: p.weights_with_neutral: unknown weight 'neutral'"):
        ai.load_profiles(path)
    path.write_text("p:\n  kind: greedy\n  weights_with_neutral: {court: 1}\n")
    with pytest.raises(ai.ProfileError, match=r"profiles.yaml: p.weights_with_neutral: only expectimax"):
        ai.load_profiles(path)



def test_shipped_hard_evaluates_the_neutral_colour_game_with_its_own_weights():
    """levels/ai_profiles.yaml (figures in ai/README.md): hard's `weights_with_neutral`, fitted on
    dummy games, in games with the neutral colour only; a plain 3-player game keeps its weights."""
    table = ai.load_profiles()["hard"]
    hard = ai.make_agent("hard")
    plain = engine.new_game(players=["red", "blue", "green"], seed=3)
    hard.choose(plain.view(plain.to_move), random.Random(0))
    three = hard.weights
    dummy = engine.new_game(players=["red", "blue"], seed=3, dummy=True)
    hard.choose(dummy.view(dummy.to_move), random.Random(0))
    assert hard.weights == Weights.from_mapping({**table["weights"], **table["weights_with_neutral"]}, "hard")
    assert hard.weights != three and hard.weights.court < 0 < three.court
    assert hard.config == ai.make_agent("hard").config    # the search is the 3-player one


def test_shipped_expert_plays_the_neutral_colour_game_through_the_next_scoring_with_its_weights():
    """levels/ai_profiles.yaml (the screens in its comments): with the neutral colour, expert's
    playouts run through the next general scoring with hard's fitted neutral-colour weights (its
    3-player search and weights lost to hard there); a plain 3-player game keeps its own."""
    table = ai.load_profiles()
    expert = ai.make_agent("expert")
    dummy = engine.new_game(players=["red", "blue"], seed=3, dummy=True)
    expert.choose(dummy.view(dummy.to_move), random.Random(0))
    assert expert.config.horizon == "scoring" and expert.config.noise == 1.0
    assert expert.weights == Weights.from_mapping({**table["expert"]["weights"], **table["hard"]["weights_with_neutral"]},
                                                  "expert")
    plain = engine.new_game(players=["red", "blue", "green"], seed=3)
    expert.choose(plain.view(plain.to_move), random.Random(0))
    assert expert.config.horizon == "round_turn" and expert.weights.court > -1
