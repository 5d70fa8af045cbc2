"""Tests added for survivors of the mutation sample (tests/engine/MUTATION.md): multi-round and
multi-player card effects (hidden power cards, the King's return of 3)."""
from __future__ import annotations

import random

import engine

from enginekit import card_position, run

HAND = list(range(1, 12))   # red bid 13 now and 12 earlier: both may be recovered


def test_s4_2_recovered_card_guess_never_names_a_card_played_since():
    """§4.2/§6.6 power_recovery: the others know the recovered card is 12 or 13 (played before the
    recovery); cards red plays in later rounds are public, so no determinized world hands them
    back to red."""
    g = card_position("power_recovery", king="aragon", hands={"red": HAND})
    run(g, "card power_recovery; first action; recover 12")
    played_since: set[int] = set()
    while len(played_since) < 2:
        moves = g.legal_moves()
        if g.phase == "power" and g.to_move == "red":
            value = int(str(moves[-1]).split()[1])
            if value in (12, 13):   # keep the recovered card in hand: play the next highest
                value = int(str(moves[-2]).split()[1])
            played_since.add(value)
            g.play(f"power {value}")
        else:
            g.apply(moves[0])
    for seed in range(12):
        world = engine.determinize(g.view("blue"), random.Random(seed))
        assert set(world.hand("red")) & played_since == set()
        assert set(world.hand("red")) & {12, 13}


def test_s10_38_king_returns_3_takes_court_and_regions_when_fewer_than_3():
    """§6.4 king_returns_3/§10.38: an opponent with fewer than 3 available (1 in court, 1 in a
    region) returns all of them without a choice, court included."""
    g = card_position("king_returns_3", king="aragon", caballeros={
        "red": {"court": 2}, "blue": {"court": 1, "valencia": 1, "aragon": 2},
        "green": {}, "yellow": {}})
    run(g, "card king_returns_3; first action; action")
    assert g.count("blue", "court") == 0 and g.count("blue", "valencia") == 0
    assert g.count("blue", "aragon") == 2 and g.count("blue", "provinces") == 28


def test_s4_2_recovered_card_may_be_any_card_played_before_even_the_1():
    """§4.2/§6.6 power_recovery: red played 1 earlier and 13 now and takes one back in secret;
    the others' guesses (determinized worlds) cover both, power card 1 included, and the card
    guessed back in hand is no longer among the played ones."""
    g = card_position("power_recovery", king="aragon", hands={"red": list(range(2, 13))})
    run(g, "card power_recovery; first action; recover 1")
    guesses = set()
    for seed in range(16):
        world = engine.determinize(g.view("blue"), random.Random(seed))
        guesses |= set(world.hand("red")) - set(range(2, 13))
        assert set(world.hand("red")) & set(world.used_power("red")) == set()
    assert guesses == {1, 13}
