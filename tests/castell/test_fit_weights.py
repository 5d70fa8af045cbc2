"""Castell's evaluation weights as data and their fit (ai/castell/evaluate.py FEATURES,
ai/castell/fit_weights.py): a value is the points held plus the features times their weights,
the recorded samples are relative to the rivals, the fit is reproducible and its weights are
the ones hard plays with."""
from __future__ import annotations

import random

from ai.castell import DEFAULT_WEIGHTS, HARD_WEIGHTS, PRESETS, make_agent
from ai.castell.evaluate import FEATURES, features, held, outlook, value
from ai.castell.fit_weights import fitted_weights, main, play_and_record
from engine.castell import new_game


def _positions():
    """Positions of a seeded game played at random, every 12 moves."""
    g, rng = new_game(["red", "blue", "green"], seed=4), random.Random(4)
    out = []
    for k in range(200):
        if g.is_over:
            break
        if k % 12 == 0:
            out.append(g.clone())
        g.play(rng.choice(g.legal_moves()))
    return out


def test_a_value_is_the_points_held_plus_the_weighted_features():
    for g in _positions():
        ahead = outlook(g, HARD_WEIGHTS)
        for seat in range(g.n):
            parts = features(g, seat, HARD_WEIGHTS, ahead)
            expected = held(g, seat) + sum(getattr(HARD_WEIGHTS, f) * x for f, x in zip(FEATURES, parts))
            assert abs(value(g, seat, HARD_WEIGHTS, ahead) - expected) < 1e-9


def test_hard_plays_the_fitted_weights_and_normal_the_hand_set_ones():
    hard, normal = PRESETS["hard"], PRESETS["normal"]
    assert hard is not None and normal is not None
    assert hard.weights == HARD_WEIGHTS != normal.weights
    assert make_agent("hard").agent.config.weights == HARD_WEIGHTS
    assert all(getattr(normal.weights, f) == getattr(DEFAULT_WEIGHTS, f) for f in FEATURES)


def test_fitted_weights_replace_only_the_linear_ones_and_clip_negatives():
    coef = [0.456, -0.3, 1.0, 2.0, 0.5, 0.25, 0.1]
    w = fitted_weights(coef, DEFAULT_WEIGHTS)
    assert [getattr(w, f) for f in FEATURES] == [0.46, 0.0, 1.0, 2.0, 0.5, 0.25, 0.1]
    assert (w.horizon, w.discount, w.tile_reach) == (DEFAULT_WEIGHTS.horizon, DEFAULT_WEIGHTS.discount,
                                                    DEFAULT_WEIGHTS.tile_reach)


def test_samples_are_each_turns_features_and_gains_relative_to_the_rivals():
    samples = play_and_record(["greedy", "greedy"], 2, seed=3, game_index=0, w=DEFAULT_WEIGHTS)
    rounds = new_game(["a", "b"], seed=3).data.rounds
    assert len(samples) >= 2 * 2 * rounds              # both players' samples at both turns of every round
    for (xa, ya), (xb, yb) in zip(samples[::2], samples[1::2]):
        assert len(xa) == len(FEATURES)
        assert ya == -yb and all(a == -b for a, b in zip(xa, xb))


def test_the_fit_is_reproducible(capsys):
    args = ["--agents", "greedy,greedy", "--games", "2", "--seed", "5", "--base", "normal"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    assert "2 games of greedy,greedy at 2 players" in first and "weights: replace(normal's weights," in first
