"""§6.6 stack 4 and the King card (stack 5): mobile scoreboards and their limits, power recovery
and its secrecy, the Grande move, court_2, eviction, royal advisor, the King; rulings §10.16-18,
§10.39-43, rule A1/A9 and §7.1."""
from __future__ import annotations

import random

import engine
import pytest
from engine import events as E

from enginekit import board, card_position, events_of, illegal, legal, run

KING = "aragon"
# Red bid 13 in round 1 and still holds 11 cards (a scenario hand must last the rounds to come).
HAND = list(range(1, 12))


def declare(card, **kw):
    g = card_position(card, king=kw.pop("king", KING), **kw)
    run(g, f"card {card}; first action")
    return g


# --------------------------------------------------------------------------- mobile scoreboard
def test_s6_6_mobile_scoreboard_put_on_region_values_replace():
    """§6.6 mobile_scoreboard: put a board that is off the map on a region (not the King's, not
    the Castillo); its values replace the printed ones for every scoring."""
    g = declare("mobile_scoreboard", caballeros={"red": {"galicia": 1}})
    boards = [m for m in legal(g) if m.startswith("scoreboard ")]
    assert {m.split()[1] for m in boards} == {"8-4-0", "4-0-0"}
    assert {m.split()[2] for m in boards} == set(engine.REGIONS) - {KING}
    assert "aragon is the King's region" in illegal(g, "scoreboard 8-4-0 aragon")
    with pytest.raises(engine.NotationError):
        g.play("scoreboard 8-4-0 castillo")
    ev = run(g, "scoreboard 8-4-0 galicia")
    assert g.scoreboards == {"8-4-0": "galicia", "4-0-0": None}
    assert engine.region_values(g, "galicia") == (8, 4, 0)
    assert events_of(ev, E.ScoreboardMoved) == [E.ScoreboardMoved("8-4-0", None, "galicia")]


def test_s6_6_mobile_scoreboard_move_restores_printed_values_not_onto_other_board():
    """§6.6 limits 3 and 4/§10.41: a board on the map may move to another region (restoring the
    printed values where it was) but never onto the region carrying the other board."""
    g = declare("mobile_scoreboard", scoreboards={"8-4-0": "galicia", "4-0-0": "valencia"})
    moves = legal(g)
    assert "scoreboard 8-4-0 valencia" not in moves and "scoreboard 4-0-0 galicia" not in moves
    assert "scoreboard 8-4-0 galicia" not in moves, "moving means a different region"
    run(g, "scoreboard 8-4-0 sevilla")
    assert g.scoreboards == {"8-4-0": "sevilla", "4-0-0": "valencia"}
    assert engine.region_values(g, "galicia") == (4, 2, 0)
    assert engine.region_values(g, "sevilla") == (8, 4, 0)


def test_s10_40_mobile_scoreboard_never_out_of_king_region():
    """§6.6 limit 1/§10.40/A1: a board lying in the King's region stays there (frozen) and still
    applies when that region is scored."""
    g = declare("mobile_scoreboard", scoreboards={"8-4-0": KING})
    assert not any(m.startswith("scoreboard 8-4-0") for m in legal(g))
    assert any(m.startswith("scoreboard 4-0-0") for m in legal(g))
    assert engine.region_values(g, KING) == (8, 4, 0)


def test_s10_40_mobile_scoreboard_nothing_possible_when_both_frozen():
    """§10.40: with one board frozen in the King's region only the other board may move."""
    g = declare("mobile_scoreboard", scoreboards={"8-4-0": KING, "4-0-0": "galicia"})
    assert {m.split()[1] for m in legal(g) if m != "skip"} == {"4-0-0"}
    assert "scoreboard 4-0-0 aragon" not in legal(g)


# --------------------------------------------------------------------------- power recovery
def test_s10_42_power_recovery_any_played_card_incl_this_round_order_unchanged():
    """§6.6 power_recovery/§10.42: take back any played power card, the one played this round
    included; turn order and court fill already done stay as they are."""
    g = declare("power_recovery", hands={"red": HAND})
    assert legal(g) == ["recover 12", "recover 13", "skip"]
    ev = run(g, "recover 13")
    assert events_of(ev, E.PowerRecovered) == [E.PowerRecovered("red")]
    assert 13 in g.hand("red") and 13 not in g.used_power("red")
    assert g.turn_order == ("red", "blue", "green", "yellow")
    assert g.power_played["red"] == 13


def test_s4_2_power_recovery_identity_hidden_from_others():
    """§4.2/§5.4/§6.6: the others do not learn which card was recovered: their view shows one
    unknown card, the owner's view shows it; events name no value; two different recoveries give
    the same views to the others."""
    worlds = []
    for v in (12, 13):
        g = declare("power_recovery", hands={"red": HAND})
        run(g, f"recover {v}")
        worlds.append(g)
    a, b = worlds
    assert a.view("blue") == b.view("blue") and a.view("green") == b.view("green")
    assert a.view("red") != b.view("red")
    va = a.view("blue")
    assert va.hand("red") == tuple(HAND)
    assert va.hidden_hand_count("red") == 1
    assert a.view("red").hand("red") == tuple(HAND) + (12,)
    w = engine.determinize(va, random.Random(3))
    assert len(w.hand("red")) == 12 and w.view("blue") == va


def test_s4_2_power_recovery_declaration_hidden_during_veto_window():
    """§6.7 ruling/§4.2: while a Veto holder answers, the declared recovery is masked in views
    of players other than the active one."""
    views = []
    for v in (12, 13):
        g = declare("power_recovery", hands={"red": HAND}, vetoes={"blue": "this"})
        run(g, f"recover {v}")
        assert g.phase == "veto" and g.to_move == "blue"
        views.append(g.view("blue"))
        w = engine.determinize(g.view("blue"), random.Random(1))
        assert w.view("blue") == g.view("blue")
        run(w, "allow")
    assert views[0] == views[1]


def test_s10_43_recovered_card_played_again_normal_rules():
    """§10.43: a recovered card can be bid again later, with no duplicate value in that round."""
    g = declare("power_recovery", hands={"red": HAND})
    run(g, "recover 13")
    while g.round == 1:
        ph = g.phase
        g.play({"court": "court 0", "place": "done", "action": "skip", "order": "first place"}.get(
            ph, legal(g)[0]))
    # round 2: yellow (last turn) starts the bidding
    assert g.to_move == "yellow"
    run(g, "power 13")
    assert g.to_move == "red" and "power 13" not in legal(g)
    assert "power 13 was already played this round" in illegal(g, "power 13")
    g2 = declare("power_recovery", hands={"red": HAND})
    run(g2, "recover 13")
    while g2.round == 1:
        g2.play({"court": "court 0", "place": "done", "action": "skip", "order": "first place"}.get(
            g2.phase, legal(g2)[0]))
    run(g2, "power 1")
    assert "power 13" in legal(g2)
    run(g2, "power 13")
    assert 13 not in g2.hand("red")


# --------------------------------------------------------------------------- Grande
def test_s6_6_grande_move_anywhere_but_king_region_new_home_at_once():
    """§6.6 grande_move/§10.18: the Grande moves to another region (not the King's, not the
    Castillo), may share with other Grandes, and is the new home at once (home bonus)."""
    g = declare("grande_move", caballeros={"red": {"sevilla": 3}})
    assert legal(g) == [f"grande {r}" for r in engine.REGIONS if r not in ("galicia", KING)] + ["skip"]
    assert "aragon is the King's region" in illegal(g, "grande aragon")
    ev = run(g, "grande sevilla")  # blue's home too
    assert g.grandes["red"] == "sevilla" and g.grandes["blue"] == "sevilla"
    assert events_of(ev, E.GrandeMoved) == [E.GrandeMoved("red", "galicia", "sevilla")]


def test_s10_17_grande_in_king_region_cannot_move():
    """§6.6/§10.17/A1: no Grande move at all while the Grande stands in the King's region."""
    g = card_position("grande_move", king=KING, grandes={"red": KING, "blue": "sevilla",
                                                         "green": "cataluna", "yellow": "granada"},
                      caballeros={"red": {"court": 1}})
    run(g, "card grande_move; first action")
    assert g.phase == "place", "no declaration possible: the action is skipped"
    assert g.grandes["red"] == KING


def test_s7_2_grande_move_then_home_bonus_in_new_home():
    """§7.2: the home bonus follows the Grande at once (a later scoring in the same round)."""
    g = declare("grande_move", caballeros={"red": {"granada": 2}}, players=["red", "blue", "green"],
                others=("score_choice_s2",))
    run(g, "grande granada")
    assert g.phase == "place" or g.active == "blue"
    while g.active == "red":
        g.play("done")
    run(g, "card score_choice_s2; first action; score granada")
    assert g.scores["red"] == 6 + 2


# --------------------------------------------------------------------------- court_2
def test_s6_6_court_2_from_provinces_then_map_not_king_not_castillo():
    """§6.6 court_2: up to 2 more into the court; the shortfall from own regions (never the King's
    region or the Castillo) only once the provinces are empty."""
    g = declare("court_2", caballeros={"red": {"court": 0, "galicia": 1, "aragon": 20, "castillo": 8}})
    assert g.count("red", "provinces") == 1
    run(g, "action")
    assert g.phase == "court" and legal(g) == ["court 0", "court 1", "court 2"]
    run(g, "court 2")
    assert g.phase == "recall" and legal(g) == ["recall galicia"]
    run(g, "recall galicia")
    assert board(g, "red") == {"aragon": 20, "castillo": 8, "court": 2}
    assert g.phase == "place"


def test_s6_6_court_2_nothing_available_no_action():
    """§6.6 court_2: with empty provinces and nothing outside the King's region/Castillo, nothing."""
    g = declare("court_2", caballeros={"red": {"court": 1, "aragon": 20, "castillo": 9}})
    assert g.phase == "place"


# --------------------------------------------------------------------------- eviction
def test_s6_6_eviction_opponents_move_all_to_their_secret_destination():
    """§6.6 eviction/ruling 12.7/C18: the active player names a region (not the King's); every
    opponent there, clockwise from the left, secretly sets one destination (not the named region,
    not the King's, never the Castillo) and moves all his Caballeros from it; the active player's
    own stay."""
    cab = {"red": {"valencia": 2, "court": 1}, "blue": {}, "green": {"valencia": 3},
           "yellow": {"valencia": 1, "galicia": 1}}
    g = declare("eviction", caballeros=cab)
    assert legal(g) == [f"target {r}" for r in engine.REGIONS if r != KING] + ["skip"]
    assert "aragon is the King's region" in illegal(g, "target aragon")
    run(g, "target valencia")
    assert g.phase == "disc" and g.to_move == "green"
    assert legal(g) == [f"disc {r}" for r in engine.REGIONS if r not in (KING, "valencia")]
    run(g, "disc granada")
    assert g.to_move == "yellow" and g.view("yellow").disc("green") is None
    ev = run(g, "disc galicia")
    assert events_of(ev, E.DiscsRevealed)[0].discs == (("green", "granada"), ("yellow", "galicia"))
    assert board(g, "green") == {"granada": 3, "provinces": 27}
    assert board(g, "yellow") == {"galicia": 2, "provinces": 28}
    assert g.count("red", "valencia") == 2
    assert g.phase == "place" and g.to_move == "red"


def test_s10_39_eviction_region_without_opponents_no_effect():
    """§10.39: naming a region where no opponent stands has no effect; the card is still used."""
    g = declare("eviction", caballeros={"red": {"valencia": 2, "court": 1}, "blue": {"galicia": 1}})
    run(g, "target valencia")
    assert g.phase == "place" and g.count("red", "valencia") == 2 and g.count("blue", "galicia") == 1


# --------------------------------------------------------------------------- the King
def test_s6_6_royal_advisor_adjacent_only():
    """§6.6 royal_advisor: the King moves to a region adjacent to his current one only."""
    g = declare("royal_advisor", king="galicia", caballeros={"red": {"court": 2}})
    assert legal(g) == ["king pais_vasco", "king castilla_la_vieja", "skip"]
    with pytest.raises(engine.IllegalMove):
        g.play("king sevilla")
    ev = run(g, "king pais_vasco")
    assert g.king == "pais_vasco"
    assert events_of(ev, E.KingMoved) == [E.KingMoved("galicia", "pais_vasco")]
    assert [m for m in legal(g) if m.startswith("place")] == [
        "place galicia", "place aragon", "place castilla_la_vieja", "place castillo"]


def test_s10_16_king_card_any_other_region_even_occupied():
    """§6.6 king/§10.16: the King moves to any other region, occupied ones included (never the
    Castillo, never staying); that region is frozen from then on (A1)."""
    g = declare("king", caballeros={"red": {"court": 1}, "blue": {"sevilla": 4}})
    assert legal(g) == [f"king {r}" for r in engine.REGIONS if r != KING] + ["skip"]
    with pytest.raises(engine.IllegalMove):
        g.play("king aragon")
    with pytest.raises(engine.NotationError):
        g.play("king castillo")
    run(g, "king sevilla")
    assert g.king == "sevilla" and g.grandes["blue"] == "sevilla" and g.count("blue", "sevilla") == 4
    assert "sevilla is the King's region" in illegal(g, "place sevilla")


def test_s10_17_grande_in_new_king_region_frozen_yet_scores_bonus():
    """§10.17: a Grande standing in the King's region still earns home + King bonus there."""
    g = declare("king", caballeros={"red": {"court": 1}, "blue": {"sevilla": 4, "granada": 1}},
                others=("score_choice_s2",))
    run(g, "king sevilla; place castillo")
    run(g, "card score_choice_s2; first action; score sevilla")
    assert g.scores["blue"] == 4 + 2 + 2
