"""§6.7 the Veto with the engine rulings (windows, two holders clockwise, no self-veto, expiry at
the end of the round after it was taken, vetoing a Veto) and §10.44-46."""
from __future__ import annotations

import engine
from engine import events as E

from enginekit import card_position, events_of, legal, position, run

KING = "aragon"


def finish_round(g):
    """Minimal play to the next round: no court, first card, place first, nothing, allow."""
    r = g.round
    while g.round == r and not g.is_over:
        g.play({"court": "court 0", "order": "first place", "place": "done", "action": "skip",
                "veto": "allow"}.get(g.phase, legal(g)[0]))


def test_s6_7_taking_the_veto():
    """§6.7 rule 1: taking the Veto card (its special action) gives the player the Veto; its
    placement of 2 works as usual."""
    g = card_position("veto", caballeros={"red": {"court": 3}})
    ev = run(g, "card veto; first action; action")
    assert events_of(ev, E.VetoTaken) == [E.VetoTaken("red")]
    assert g.veto_holders == {"red": True}
    run(g, "place castillo; place castillo")
    assert g.active == "blue"


def test_s6_7_single_choice_window_declared_then_vetoed_no_effect():
    """§6.7 ruling (window for a single choice)/rule 6: the active player declares the choice, the
    holder answers; a vetoed action has no effect at all, the Veto is spent, the vetoed player
    still places."""
    g = card_position("score_choice_s2", caballeros={"red": {"galicia": 2, "court": 2}},
                      vetoes={"blue": "this"})
    run(g, "card score_choice_s2; first action; score galicia")
    assert g.phase == "veto" and g.to_move == "blue"
    assert legal(g) == ["veto", "allow"]
    ev = run(g, "veto")
    assert events_of(ev, E.ActionVetoed) == [E.ActionVetoed("red", "blue", "score_choice_s2")]
    assert g.scores["red"] == 0
    assert g.veto_holders == {}
    assert g.phase == "place" and g.to_move == "red"


def test_s6_7_allow_lets_the_declared_action_happen():
    """§6.7: `allow` carries out exactly the declared choice."""
    g = card_position("score_choice_s2", caballeros={"red": {"galicia": 2, "court": 2}},
                      vetoes={"blue": "this"})
    run(g, "card score_choice_s2; first action; score galicia; allow")
    assert g.scores["red"] == 4 + 2
    assert g.veto_holders == {"blue": True}


def test_s6_7_sequence_window_before_first_step():
    """§6.7 ruling/§10.45: for a sequence action the holder answers when it starts, before any
    step; a veto stops all of it."""
    g = card_position("intrigue_any_3", caballeros={"red": {"galicia": 2, "court": 1},
                                                     "blue": {"galicia": 2}}, vetoes={"green": "this"})
    run(g, "card intrigue_any_3; first action; action")
    assert g.phase == "veto" and g.to_move == "green"
    run(g, "veto")
    assert g.phase == "place" and g.count("red", "galicia") == 2 and g.count("blue", "galicia") == 2


def test_s6_7_two_holders_asked_clockwise_first_veto_spends():
    """§6.7 ruling: with two holders, ask clockwise from the active player's left; the first to
    veto spends his card, the other keeps his."""
    g = card_position("king", to_move="blue", round=2, caballeros={"blue": {"court": 1}},
                      vetoes={"red": "this", "green": "previous"})
    run(g, "card king; first action; king galicia")
    assert g.to_move == "green", "green sits left of blue"
    run(g, "allow")
    assert g.to_move == "red"
    run(g, "veto")
    assert g.king == KING
    assert g.veto_holders == {"green": True}
    g = card_position("king", to_move="blue", round=2, caballeros={"blue": {"court": 1}},
                      vetoes={"red": "this", "green": "previous"})
    run(g, "card king; first action; king galicia; veto")
    assert g.king == KING and g.veto_holders == {"red": True}
    assert g.phase == "place" and g.to_move == "blue"


def test_s6_7_both_allow_action_happens():
    """§6.7: if every holder allows, the action happens and both keep their Vetos."""
    g = card_position("king", to_move="blue", caballeros={"blue": {"court": 1}},
                      vetoes={"red": "this", "green": "this"})
    run(g, "card king; first action; king galicia; allow; allow")
    assert g.king == "galicia" and g.veto_holders == {"red": True, "green": True}


def test_s6_7_no_self_veto():
    """§6.7 ruling: a holder cannot veto his own special action (no window is opened)."""
    g = card_position("king", caballeros={"red": {"court": 1}}, vetoes={"red": "this"})
    run(g, "card king; first action; king galicia")
    assert g.king == "galicia" and g.phase == "place"


def test_s6_7_vetoing_a_veto():
    """§6.7 ruling: taking a Veto is a special action; a holder of the other Veto may veto it; the
    vetoed card is simply laid aside."""
    g = card_position("veto", to_move="blue", caballeros={"blue": {"court": 1}}, vetoes={"red": "this"})
    run(g, "card veto; first action; action")
    assert g.phase == "veto" and g.to_move == "red"
    run(g, "veto")
    assert g.veto_holders == {}
    assert "blue" not in g.veto_holders


def test_s10_46_veto_expires_end_of_round_after_taken():
    """§6.7 rule 5/§5.1 R5/§10.46: a Veto taken in round r can be used in r and r+1 and is
    discarded at the end of round r+1."""
    g = card_position("veto", caballeros={"red": {"court": 1}})
    run(g, "card veto; first action; action")
    finish_round(g)
    assert g.round == 2 and g.veto_holders == {"red": True}
    finish_round(g)
    assert g.round == 3 and g.veto_holders == {}


def test_s10_46_previous_round_veto_usable_now_then_gone():
    """§10.46: a Veto from the previous round still works this round; it is gone next round."""
    g = card_position("king", to_move="blue", round=2, caballeros={"blue": {"court": 1}},
                      vetoes={"red": "previous"})
    assert g.veto_holders == {"red": True}
    run(g, "card king; first action; king galicia")
    assert g.phase == "veto" and g.to_move == "red"
    run(g, "allow")
    finish_round(g)
    assert g.round == 3 and g.veto_holders == {}


def test_s10_44_no_veto_against_placement_power_or_court():
    """§6.7 rule 2/§10.44: placement, power cards and court filling are never vetoable."""
    g = position(phase="power", to_move="red", king=KING, vetoes={"blue": "this"})
    run(g, "power 5; power 6; power 4; power 3")
    assert g.active == "blue" and g.phase == "court"
    run(g, "court 2")
    assert g.phase == "card"
    run(g, f"{legal(g)[0]}; first place; place castillo")
    assert g.phase in ("place", "action")


def test_s6_7_veto_option_off_no_veto_cards_no_window():
    """§6.2/§12.11: with veto=False the deck has no Veto card and no veto window ever opens."""
    import random
    for seed in range(3):
        g = engine.new_game(seed=seed, veto=False)
        rng = random.Random(seed)
        while not g.is_over:
            assert g.phase != "veto" and "veto" not in g.face_up
            g.play(rng.choice(g.legal_moves()))


def test_s6_7_holder_of_two_vetoes_keeps_the_second():
    """§6.7 rules 1, 2, 5: a player who takes the second Veto while still holding the first (from
    the previous round) holds two; using one leaves the other, usable until the end of the next
    round."""
    g = card_position("veto", round=2, caballeros={"red": {"court": 1}}, vetoes={"red": "previous"},
                      others=("score_choice_s2",))
    run(g, "card veto; first action; action; place castillo")
    assert g.active == "blue"
    run(g, "card score_choice_s2; first action; score galicia")
    assert g.phase == "veto" and g.to_move == "red"
    run(g, "veto")
    assert "red" in g.veto_holders, "red's second Veto is still in front of him"
    finish_round(g)
    assert g.round == 3 and g.veto_holders == {"red": True}


def test_s6_7_two_vetoes_two_uses_oldest_spent_first():
    """§6.7 rules 2 and 5: each Veto card stops one special action; a holder of both can stop two
    actions; the one taken earlier is spent first, so the other lasts to the end of next round."""
    g = card_position("king", to_move="blue", round=2, caballeros={"blue": {"court": 1}},
                      others=("score_choice_s2",), vetoes={"red": ["previous", "this"]})
    assert g.veto_count("red") == 2
    run(g, "card king; first action; king galicia; veto")
    assert g.king == KING and g.veto_count("red") == 1
    while g.active == "blue":
        g.play("done" if g.phase == "place" else legal(g)[0])
    run(g, "court 0" if g.phase == "court" else "")
    run(g, "card score_choice_s2; first action; score galicia")
    assert g.phase == "veto" and g.to_move == "red"
    run(g, "allow")
    finish_round(g)
    assert g.round == 3 and g.veto_holders == {"red": True}, "the Veto taken this round remains"


def test_s6_7_vetoed_king_move_placement_next_to_old_region():
    """§6.7 rule 6/§10.11: a vetoed King move leaves the King where he was; the vetoed player then
    places next to the unchanged King's region."""
    g = card_position("king", king="galicia", caballeros={"red": {"court": 2}}, vetoes={"blue": "this"})
    run(g, "card king; first action; king granada; veto")
    assert g.king == "galicia" and g.phase == "place"
    assert legal(g) == ["place pais_vasco", "place castilla_la_vieja", "place castillo", "done"]
