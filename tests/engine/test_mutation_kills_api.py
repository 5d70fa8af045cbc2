"""Tests added for survivors of the mutation sample (tests/engine/MUTATION.md): the public API's
small promises — descriptions, refusal reasons, helpers — that no rules test pinned down."""
from __future__ import annotations

import random

import engine

from enginekit import card_position, illegal, run

VERDICTS = {"veto": "vetoes the special action", "allow": "lets the special action happen",
            "skip": "skips the special action", "done": "is done"}


def test_describe_names_each_veto_phase_answer():
    """DESIGN §2 describe / §6.2 Veto: each answer to a declared action has its own log line."""
    g = engine.new_game(players=["red", "blue", "green"], seed=1)
    for verb, text in VERDICTS.items():
        assert engine.describe(engine.parse_move(verb), g) == f"Red {text}"


def test_random_playout_returns_the_finished_game_itself():
    """DESIGN §2 random_playout (tests and benchmarks): plays the given game to its end."""
    g = engine.new_game(players=["red", "blue"], seed=3)
    assert engine.random_playout(g, random.Random(3)) is g
    assert g.is_over and g.to_move is None


def test_s6_3_a_move_into_the_castillo_beyond_the_card_is_refused_by_the_card_limits():
    """§6.3 A2: intrigue_own_4 moves only your own Caballeros; moving an opponent's into the
    Castillo is refused for the card's limits (the Castillo is a legal destination)."""
    g = card_position("intrigue_own_4", caballeros={"red": {"galicia": 2}, "blue": {"galicia": 2}})
    run(g, "card intrigue_own_4; first action; action")
    assert illegal(g, "move blue galicia castillo").endswith(
        "the action card's limits do not allow it here")
    run(g, "move red galicia castillo")
    assert g.count("red", "castillo") == 1


def test_s2_new_game_deals_power_cards_1_to_13():
    """§2 set-up: each player takes the 13 power cards 1..13, so power 14 does not exist."""
    g = engine.new_game(players=["red", "blue", "green"], seed=5)
    for player in ("red", "blue", "green"):
        assert g.hand(player) == tuple(range(1, 14))
    assert sorted(int(str(m).split()[1]) for m in g.legal_moves()) == list(range(1, 14))
