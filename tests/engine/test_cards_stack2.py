"""§6.4 stack 2 (without the Veto, see test_veto.py): court decay, the King returns, culls,
score_choice_s2 and the secret-disc return cards; rules A4-A6 of §6.1 and rulings §10.30-31,
§10.37-38, ruling 12.6."""
from __future__ import annotations

import random

import engine
import pytest
from engine import events as E

from enginekit import board, card_position, events_of, illegal, legal, run

KING = "aragon"


def test_s6_4_decay_court_all_every_opponent_whole_court():
    """§6.4 decay_court_all: every opponent returns his whole court; the active player keeps his;
    an empty court returns nothing; no choices."""
    g = card_position("decay_court_all", caballeros={
        "red": {"court": 5}, "blue": {"court": 7, "galicia": 1}, "green": {}, "yellow": {"court": 1}})
    ev = run(g, "card decay_court_all; first action; action")
    assert g.phase == "place" and g.to_move == "red"
    assert g.count("red", "court") == 5
    assert board(g, "blue") == {"galicia": 1, "provinces": 29}
    assert g.count("yellow", "court") == 0 and g.count("green", "court") == 0
    assert [e.player for e in events_of(ev, E.CaballerosMoved)] == ["blue", "yellow"]


def test_s10_37_decay_court_3_three_or_all_if_fewer():
    """§6.4 decay_court_3/§10.37: every opponent returns 3 from his court; with 1 he returns 1."""
    g = card_position("decay_court_3", caballeros={
        "red": {"court": 5}, "blue": {"court": 7}, "green": {"court": 1}, "yellow": {"court": 3}})
    run(g, "card decay_court_3; first action; action")
    assert [g.count(p, "court") for p in ("red", "blue", "green", "yellow")] == [5, 4, 0, 0]


def test_s10_38_king_returns_3_opponents_choose_clockwise_from_left():
    """§6.4 king_returns_3/§10.38/A5: each opponent, clockwise from the active player's left,
    returns exactly 3 of his own from court and/or regions of his choosing (never the King's
    region or the Castillo); he decides himself."""
    cab = {"red": {"court": 4, "galicia": 3},
           "blue": {"court": 2, "galicia": 2, "aragon": 5, "castillo": 2},   # §10.38 case
           "green": {"valencia": 1, "aragon": 2, "castillo": 3},              # only 1 available
           "yellow": {"court": 1, "sevilla": 1, "granada": 2}}
    g = card_position("king_returns_3", to_move="blue", caballeros=cab)
    run(g, "card king_returns_3; first action; action")
    # green (left of blue) has exactly 1 available -> returned without a choice; yellow next.
    assert g.count("green", "valencia") == 0 and g.count("green", "aragon") == 2
    assert g.phase == "return" and g.to_move == "yellow"
    assert legal(g) == ["return sevilla", "return granada", "return court"]
    run(g, "return granada; return granada; return court")
    assert g.to_move == "red"
    assert legal(g) == ["return galicia", "return court"]
    assert "aragon is the King's region" in illegal(g, "return aragon")
    with pytest.raises(engine.EngineError):
        g.play("return castillo")
    run(g, "return galicia; return court; return galicia")
    assert g.phase == "place" and g.to_move == "blue"
    assert board(g, "red") == {"galicia": 1, "court": 3, "provinces": 26}
    assert board(g, "yellow") == {"sevilla": 1, "provinces": 29}
    assert board(g, "blue")["court"] == 2, "the active player returns nothing"


def test_s10_38_king_returns_3_exact_three_even_if_mostly_court():
    """§10.38: the opponent picks any 3; with more than 3 available exactly 3 go."""
    g = card_position("king_returns_3", players=["red", "blue", "green"],
                      caballeros={"red": {"court": 1}, "blue": {"court": 2, "galicia": 4}, "green": {}})
    run(g, "card king_returns_3; first action; action")
    assert g.to_move == "blue"
    run(g, "return court; return court")
    assert legal(g) == ["return galicia"]
    run(g, "return galicia")
    assert board(g, "blue") == {"galicia": 3, "provinces": 27}
    assert g.to_move == "red"


def test_s6_4_cull_1_each_opponent_active_chooses_clockwise():
    """§6.4 cull_1_each_opponent: the active player sends one Caballero of each opponent, in
    clockwise order from his left, from a region (not the King's region, not the Castillo, not a
    court) to that opponent's provinces; an opponent with none is skipped."""
    cab = {"red": {"court": 1, "galicia": 2},
           "blue": {"aragon": 3, "castillo": 2, "court": 4},       # nothing eligible: skipped
           "green": {"galicia": 1, "valencia": 2},
           "yellow": {"sevilla": 1}}
    g = card_position("cull_1_each_opponent", caballeros=cab)
    run(g, "card cull_1_each_opponent; first action; action")
    assert g.phase == "steps" and g.to_move == "red"
    assert legal(g) == ["cull green galicia", "cull green valencia"]
    assert "aragon is the King's region" in illegal(g, "cull blue aragon")
    run(g, "cull green valencia")
    assert legal(g) == ["cull yellow sevilla"]
    run(g, "cull yellow sevilla")
    assert g.phase == "place"
    assert board(g, "green") == {"galicia": 1, "valencia": 1, "provinces": 28}
    assert board(g, "blue") == {"aragon": 3, "castillo": 2, "court": 4, "provinces": 21}
    assert g.count("red", "galicia") == 2


def test_s6_4_cull_no_opponent_on_map_no_action():
    """§6.4: with no opponent Caballero outside the King's region the card does nothing."""
    g = card_position("cull_1_each_opponent", caballeros={"red": {"galicia": 2}, "blue": {"aragon": 1}})
    run(g, "card cull_1_each_opponent; first action")
    assert g.phase != "steps"


def test_s10_31_score_choice_s2_any_region_including_king_region_or_castillo():
    """§6.4 score_choice_s2/§10.30/§10.31/C12: the choice covers the 9 regions (the King's too)
    and the Castillo; the Castillo's Caballeros stay inside."""
    g = card_position("score_choice_s2", caballeros={
        "red": {"castillo": 2, "aragon": 1}, "blue": {"castillo": 1}})
    run(g, "card score_choice_s2; first action")
    assert legal(g) == [f"score {a}" for a in engine.REGIONS] + ["score castillo", "skip"]
    h = g.clone()
    run(g, "score castillo")
    assert g.scores["red"] == 5 and g.scores["blue"] == 3
    assert g.count("red", "castillo") == 2 and g.count("blue", "castillo") == 1
    run(h, "score aragon")
    assert h.scores["red"] == 5 + 2  # King bonus in a special scoring (§10.25)


def _disc_card(card, cab, **kw):
    g = card_position(card, caballeros=cab, **kw)
    run(g, f"card {card}; first action; action")
    return g


DISC_CAB = {"red": {"court": 1, "galicia": 3, "valencia": 1, "aragon": 4},
            "blue": {"sevilla": 1, "granada": 1, "aragon": 2},   # only singles: 1 returned
            "green": {"aragon": 3, "castillo": 4},               # nothing eligible: no disc
            "yellow": {"galicia": 2, "cataluna": 5}}


def test_s6_4_disc_return_2_everyone_incl_active_secret_then_reveal():
    """§6.4 disc_return_2/A6/ruling 12.6: every player with Caballeros outside the King's region
    (the active one first) secretly picks such a region where he has at least 2 if he can; after
    the reveal each returns 2 from it (1 if he has only 1 there)."""
    g = _disc_card("disc_return_2", DISC_CAB)
    assert g.phase == "disc" and g.to_move == "red"
    assert legal(g) == ["disc galicia"], "a region with at least 2 must be chosen when there is one"
    run(g, "disc galicia")
    assert g.to_move == "blue" and legal(g) == ["disc sevilla", "disc granada"]
    assert g.disc("red") == "galicia"
    assert g.view("blue").disc("red") is None, "red's disc is hidden from blue before the reveal"
    assert g.view("yellow").disc("red") is None
    assert g.view("red").disc("red") == "galicia"
    run(g, "disc granada")
    assert g.to_move == "yellow", "green sets no disc"
    assert legal(g) == ["disc galicia", "disc cataluna"]
    ev = run(g, "disc cataluna")
    assert events_of(ev, E.DiscsRevealed)[0].discs == (
        ("red", "galicia"), ("blue", "granada"), ("yellow", "cataluna"))
    assert g.count("red", "galicia") == 1 and g.count("red", "aragon") == 4
    assert g.count("blue", "granada") == 0 and g.count("blue", "sevilla") == 1
    assert g.count("yellow", "cataluna") == 3
    assert board(g, "green") == {"aragon": 3, "castillo": 4, "provinces": 23}
    assert g.phase == "place" and g.to_move == "red"
    assert all(g.disc(p) is None for p in g.players)


def test_s6_4_disc_return_all_returns_everything_from_the_region():
    """§6.4 disc_return_all: as disc_return_2, each returns ALL his Caballeros from his region
    (any region holding his Caballeros but the King's)."""
    g = _disc_card("disc_return_all", DISC_CAB)
    assert legal(g) == ["disc galicia", "disc valencia"]
    assert "aragon" not in " ".join(legal(g))
    run(g, "disc galicia; disc sevilla; disc cataluna")
    assert g.count("red", "galicia") == 0 and g.count("red", "valencia") == 1
    assert g.count("blue", "sevilla") == 0
    assert board(g, "yellow") == {"galicia": 2, "provinces": 28}


def test_s6_4_disc_cards_determinized_disc_is_hidden_and_resampled():
    """§5.4/A6: a disc set by another player is not in the view and a determinization fills it
    with a legal choice; the viewer's own disc stays."""
    g = _disc_card("disc_return_2", DISC_CAB)
    run(g, "disc galicia")
    view = g.view("blue")
    worlds = [engine.determinize(view, random.Random(s)) for s in range(5)]
    for w in worlds:
        assert w.disc("red") == "galicia"  # only galicia is legal for red here
        assert w.view("blue") == view
