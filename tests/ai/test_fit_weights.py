"""The evaluation-fitting tool: features read from a known position, least squares recovering
known coefficients, and the translation into profile weights."""
from __future__ import annotations

import random

import pytest
import yaml

import ai
import engine
from ai.evaluate import DEFAULT_WEIGHTS, Weights, majority_weight
from engine.internals import AREAS_PER_PLAYER as A
from engine.internals import values_in_force
from ai.fit_weights import (
    FEATURES,
    fit,
    main,
    play_and_record,
    relative_samples,
    round_start_features,
    suggested_weights,
)

COL = {name: i for i, name in enumerate(FEATURES)}


def test_features_of_a_known_position():
    # Round 2: the next general scoring is round 3's, one round after this one (gap 1).
    g = engine.load_scenario({
        "players": ["red", "blue", "green"], "seed": 1, "round": 2, "king": "galicia",
        "grandes": {"red": "aragon", "blue": "granada", "green": "sevilla"},
        "caballeros": {"red": {"aragon": 2}, "blue": {"castillo": 3}, "green": {"court": 4}}})
    red, blue, green = round_start_features(g)
    # Aragón is 5-4-1: red alone takes the 5, plus 2 for his Grande at home, lead 2 -> margin 2.
    assert red[COL["majorities_gap1"]] == 7 and red[COL["majorities_gap0"]] == 0
    assert red[COL["margin"]] == 2.0 and red[COL["provinces"]] == 28
    assert blue[COL["castillo_points"]] == 5 and blue[COL["castillo_caballeros"]] == 3
    assert green[COL["court"]] == 4 and green[COL["provinces"]] == 26
    # Eight rounds still to bid in (this one included): the eight best cards, 13 down to 6.
    assert red[COL["hand"]] == sum(range(6, 14))


def test_features_count_the_neutral_colour_in_every_majority():
    """With the neutral colour (§14, docs/rulings.md R5-R6) a region scores 1st and 2nd place and
    the neutral colour takes its rank: where it leads, red takes the 2nd place's points; it is
    never a sample of its own."""
    g = engine.new_game(players=["red", "blue"], seed=1, dummy=True)
    region = next(r for r in range(len(engine.REGIONS)) if r != g.king_i and r not in g.grande_i)
    for row in range(g.rows):
        for r in range(len(engine.REGIONS)):
            g.counts[row * A + r] = 0
    g.counts[g.row("red") * A + region] = 1
    g.counts[g.n * A + region] = 3
    samples = round_start_features(g)
    assert len(samples) == 2
    red, blue = samples
    second = values_in_force(g.boards)[region][1]
    assert red[COL["majorities_gap2"]] == second and blue[COL["majorities_gap2"]] == 0


def test_relative_samples_are_zero_sum_for_two_players():
    feats = [[1.0] * len(FEATURES), [3.0] * len(FEATURES)]
    (x0, y0), (x1, y1) = relative_samples(feats, scores_then=[10, 20], final=[50, 40])
    assert x0 == [-2.0] * len(FEATURES) and x1 == [2.0] * len(FEATURES)
    assert (y0, y1) == (20.0, -20.0)     # red gained 40, blue 20


def test_least_squares_recovers_known_coefficients():
    rng = random.Random(3)
    truth = [0.5, 0.3, 0.0, 0.1, 0.2, 1.2, 0.05, -0.25, 0.1]
    games = []
    for _ in range(30):
        samples = []
        for _ in range(20):
            x = [rng.uniform(-5, 5) for _ in FEATURES]
            samples.append((x, sum(c * v for c, v in zip(truth, x))))
        games.append(samples)
    coef, se = fit(games, boot=20)
    assert all(abs(c - t) < 1e-6 for c, t in zip(coef, truth))
    assert all(s < 1e-6 for s in se)          # noiseless data: every resample agrees


def test_suggested_weights_reproduce_the_fitted_majority_values():
    coef = [0.5, 0.3, 0.05, -0.1, 0.0, 1.2, 0.05, -0.25, 0.1]
    w = suggested_weights(coef)
    assert w["margin"] == 0.0 and w["future"] == 0.0 and w["castillo_move"] == 1.2
    weights = Weights.from_mapping(w, "test")
    # gap 0 is the fitted value; gaps 1 and 2 come out near theirs (one fade fits both)
    assert majority_weight(weights, 1, 0) == 0.5
    assert abs(majority_weight(weights, 1, 1) - 0.3) < 0.05
    assert abs(majority_weight(weights, 1, 2) - 0.05) < 0.1


def test_default_weights_keep_the_original_majority_weight():
    # majority 1 and fade 0: 1 + future per later scoring, whatever the gap
    for rem in (1, 2, 3):
        for gap in (0, 1, 2):
            assert majority_weight(DEFAULT_WEIGHTS, rem, gap) == 1.0 + DEFAULT_WEIGHTS.future * (rem - 1)
    assert majority_weight(DEFAULT_WEIGHTS, 0, 0) == 0.0


def test_a_recorded_self_play_game_gives_one_sample_per_player_and_round_start():
    samples = play_and_record("greedy", players=2, seed=5)
    assert len(samples) == 2 * 8                  # rounds 2..9 start, two players each
    for k in range(0, len(samples), 2):
        (xa, ya), (xb, yb) = samples[k], samples[k + 1]
        assert ya == -yb and all(a == -b for a, b in zip(xa, xb))


def test_cli_fits_each_table_size_and_prints_a_profile_block(capsys, tmp_path):
    assert main(["--agent", "random", "--games", "3", "--players", "2,3", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "3 games of 2 x random" in out and "3 games of 3 x random" in out
    block = yaml.safe_load(out[out.index("weights_by_players:"):])
    assert set(block["weights_by_players"]) == {2, 3}
    profile = tmp_path / "p.yaml"
    profile.write_text(yaml.safe_dump({"fitted": {"kind": "expectimax", **block}}))
    assert ai.load_profiles(profile)["fitted"]["weights_by_players"][3]["majority"] > 0
    with pytest.raises(SystemExit):
        main(["--players", "2,6"])
    with pytest.raises(SystemExit):
        main(["--dummy", "--players", "3"])      # the neutral colour is for 2 players
    assert main(["--agent", "random", "--games", "2", "--players", "2", "--seed", "4", "--dummy"]) == 0
    assert "2 games of 2 x random with the neutral colour" in capsys.readouterr().out
