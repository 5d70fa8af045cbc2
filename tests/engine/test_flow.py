"""§4.2 bidding, §5.1 the round, §5.2 a player's turn (court fill, card, placement, order), with
the §10 rulings 1-13 and 47 the turn flow decides, and IllegalMove messages that say why."""
from __future__ import annotations

import engine
import pytest
from engine import events as E

from enginekit import board, card_position, events_of, illegal, legal, position, run


def bidding(**fields):
    fields.setdefault("king", "aragon")
    return position(phase="power", to_move="red", **fields)


# --------------------------------------------------------------------------- §4.2 bidding
def test_s10_1_power_value_once_per_round_with_reason():
    """§4.2/§10.1: a value already played this round is refused, and the message says why."""
    g = bidding()
    run(g, "power 9")
    assert "power 9" not in legal(g)
    msg = illegal(g, "power 9")
    assert "power 9 was already played this round" in msg
    run(g, "power 8; power 7")
    assert not {"power 9", "power 8", "power 7"} & set(legal(g))


def test_s4_2_power_card_spent_and_not_in_hand_message():
    """§4.2: a played power card leaves the hand for good; playing it again is refused (not in hand)."""
    g = bidding(round=9, hands={"red": [1, 2, 3, 4]}, played={}, starter="red")
    assert legal(g) == ["power 1", "power 2", "power 3", "power 4"]
    msg = illegal(g, "power 5")
    assert "not in red's hand" in msg
    run(g, "power 3")
    assert g.hand("red") == (1, 2, 4) and 3 in g.used_power("red")


def test_s4_2_bidding_clockwise_from_starter_and_turns_high_to_low():
    """§4.2: bids go clockwise from the starter; turns follow power cards high to low."""
    g = position(phase="power", to_move="green", starter="green", king="aragon")
    order = []
    for v in (4, 11, 2, 7):
        order.append(g.to_move)
        g.play(f"power {v}")
    assert order == ["green", "yellow", "red", "blue"]
    assert g.turn_order == ("yellow", "blue", "green", "red")
    assert g.active == "yellow"


def _finish_round(g):
    round_ = g.round
    while g.round == round_ and not g.is_over and g.phase != "disc":
        ph = g.phase
        if ph == "court":
            g.play("court 0")
        elif ph == "order":
            g.play("first place")
        elif ph == "place":
            g.play("done")
        elif ph == "action":
            g.play("skip")
        else:
            g.play(legal(g)[0])


def test_s10_3_next_round_bidding_starts_with_last_turn_player():
    """§4.2/§10.3: the next round's bidding starts with the player who took the last turn
    (the lowest power card), then clockwise."""
    g = position(phase="power", to_move="red", starter="red", king="aragon")
    run(g, "power 10; power 3; power 12; power 6")
    assert g.turn_order == ("green", "red", "yellow", "blue")
    _finish_round(g)
    assert g.round == 2 and g.phase == "power"
    assert g.to_move == "blue"
    run(g, "power 1")
    assert g.to_move == "green"


def test_s10_2_always_a_legal_power_card():
    """§10.2: 14 - r cards in hand, at most 4 values blocked: never without a legal power card."""
    g = position(phase="power", to_move="orange", starter="red", round=9, king="aragon",
                 players=["red", "blue", "green", "yellow", "orange"],
                 hands={"orange": [1, 2, 3, 4, 5]},
                 played={"red": 1, "blue": 2, "green": 3, "yellow": 4})
    assert legal(g) == ["power 5"]


# --------------------------------------------------------------------------- §5.2 T1 court
def red_turn(power=1, **fields):
    """Red has power `power` and is the first to act (everyone else bid lower)."""
    lower = [v for v in range(power - 1, 0, -1)][:3]
    fields.setdefault("king", "aragon")
    if len(lower) < 3:
        raise ValueError("use a higher power card")
    played = dict(zip(["red", "blue", "green", "yellow"], [power] + lower))
    return position(phase="turn", to_move="red", played=played, **fields)


def test_s10_5_court_fill_up_to_the_power_number():
    """§5.2 T1/§10.5: take 0..N Caballeros from the provinces (power 4 -> up to 4)."""
    g = red_turn(4, caballeros={"red": {"court": 1, "galicia": 2}})
    assert g.phase == "court" and legal(g) == ["court 0", "court 1", "court 2", "court 3", "court 4"]
    run(g, "court 3")
    assert board(g, "red") == {"galicia": 2, "court": 4, "provinces": 24}
    assert g.phase == "card"


def test_s10_6_shortfall_from_map_never_king_region_or_castillo():
    """§5.2 T1/§10.6/C5: provinces first, then own Caballeros from regions except the King's
    region and the Castillo (recall one at a time)."""
    g = red_turn(4, caballeros={"red": {"court": 0, "galicia": 10, "aragon": 10, "castillo": 6,
                                        "valencia": 2}})
    assert g.count("red", "provinces") == 2
    assert legal(g)[-1] == "court 4"
    run(g, "court 4")
    assert g.count("red", "provinces") == 0 and g.count("red", "court") == 2
    assert g.phase == "recall"
    assert legal(g) == ["recall galicia", "recall valencia"]
    assert "aragon is the King's region" in illegal(g, "recall aragon")
    run(g, "recall valencia; recall valencia")
    assert g.phase == "card"
    assert board(g, "red") == {"galicia": 10, "aragon": 10, "castillo": 6, "court": 4}


def test_s10_6_no_recall_while_provinces_hold_enough():
    """§5.2 T1: the map is used only once the provinces are empty."""
    g = red_turn(4, caballeros={"red": {"court": 0, "galicia": 25}})
    run(g, "court 4")
    assert g.phase == "card" and board(g, "red") == {"galicia": 25, "court": 4, "provinces": 1}


def test_s10_7_no_refill_possible_turn_continues():
    """§10.7: provinces empty and every own map Caballero in the King's region or Castillo:
    no refill, the turn goes on to the action card."""
    g = red_turn(4, caballeros={"red": {"court": 0, "aragon": 20, "castillo": 10}})
    assert g.phase == "card"


def test_s10_4_power_12_13_no_court_fill():
    """§10.4: power cards 12 and 13 bring no Caballeros; the turn starts at the card choice."""
    g = red_turn(13, caballeros={"red": {"court": 0, "galicia": 2}})
    assert g.phase == "card" and g.count("red", "court") == 0


# --------------------------------------------------------------------------- T2 card
def test_s10_8_must_take_a_card_then_may_do_nothing():
    """§5.2 T2/§10.8: only `card` moves are legal; taking one and skipping everything is fine."""
    g = card_position("score_castillo", caballeros={"red": {"court": 3}})
    assert all(m.startswith("card ") for m in legal(g))
    assert "skip" not in legal(g) and "done" not in legal(g)
    run(g, "card score_castillo; first place; done")
    assert g.phase == "action" and legal(g) == ["action", "skip"]
    run(g, "skip")
    assert g.active == "blue" and g.count("red", "court") == 3


def test_s5_2_t2_taken_card_leaves_the_offer_five_players_last_gets_last():
    """§5.2 T2: a taken card is gone for the later players; with 5 players the last takes the last."""
    players = ["red", "blue", "green", "yellow", "orange"]
    g = position(players, phase="card", to_move="red", king="aragon",
                 played={"red": 13, "blue": 12, "green": 11, "yellow": 10, "orange": 9},
                 face_up=["intrigue_any_3", "decay_court_3", "score_castillo", "court_2", "king"])
    for p in players[:-1]:
        assert g.active == p
        if g.phase == "court":
            g.play("court 0")
        offer = legal(g)
        run(g, f"{offer[0]}; first place")
        while g.active == p:
            g.play("skip" if g.phase == "action" else "done")
    assert g.active == "orange"
    run(g, "court 0")
    assert legal(g) == ["card king"]


# --------------------------------------------------------------------------- T3/T4 placement
def test_s10_12_placement_adjacent_or_castillo_never_king_region_with_reasons():
    """§5.2 T3/§10.12/§10.13: placement only next to the King or into the Castillo; the King's
    region and non-adjacent regions are refused with a reason."""
    g = card_position("court_2", king="cataluna", caballeros={"red": {"court": 5}})
    run(g, "card court_2; first place")
    assert legal(g) == ["place aragon", "place valencia", "place castillo", "done"]
    assert "cataluna is the King's region" in illegal(g, "place cataluna")
    msg = illegal(g, "place granada")
    assert "not adjacent" in msg and "cataluna" in msg
    run(g, "place castillo; place castillo; place aragon; place valencia")
    assert g.phase == "action"  # allowance of 4 used up
    assert board(g, "red") == {"castillo": 2, "aragon": 1, "valencia": 1, "court": 1, "provinces": 25}


def test_s10_9_fewer_in_court_than_allowance():
    """§10.9: with fewer Caballeros in court than the card allows, the rest is lost."""
    g = card_position("king", caballeros={"red": {"court": 2}})
    run(g, "card king; first place; place castillo; place valencia")
    assert g.phase == "action" and g.count("red", "court") == 0


def test_s10_9_empty_court_placement_ends_at_once():
    """§10.9/A8: an empty court means nothing to place; the turn moves to the special action."""
    g = card_position("king", caballeros={"red": {"galicia": 1}})
    run(g, "card king; first place")
    assert g.phase == "action"


def test_s10_10_placement_and_action_never_interleave():
    """§5.2 T3/T4/§10.10: placement is completed (done) before the action; after the action
    the placement follows; no action moves during placement and vice versa."""
    g = card_position("king", caballeros={"red": {"court": 4}})
    run(g, "card king; first place; place castillo")
    assert not any(m.startswith("king ") for m in legal(g))
    with pytest.raises(engine.IllegalMove):
        g.play("king galicia")
    run(g, "done")
    assert g.phase == "action"
    assert not any(m.startswith("place ") for m in legal(g))
    run(g, "king galicia")
    assert g.active == "blue"  # placement was already done: the turn is over
    assert g.count("red", "court") == 3


def test_s10_11_king_moved_first_then_placement_next_to_new_region():
    """§5.2/§10.11: moving the King first makes placement use the new King's region."""
    g = engine.load_scenario("levels/scenarios/king_first.yaml")
    run(g, "court 0; card king; first action; king galicia")
    assert g.phase == "place"
    assert legal(g) == ["place pais_vasco", "place castilla_la_vieja", "place castillo", "done"]
    assert "galicia is the King's region" in illegal(g, "place galicia")
    run(g, "place pais_vasco; place castilla_la_vieja; place castillo")
    assert g.active != "blue"


def test_s10_11_place_first_uses_old_king_region():
    """§5.2: a player who places first places next to the old King's region."""
    g = card_position("king", king="galicia", caballeros={"red": {"court": 3}})
    run(g, "card king; first place")
    assert legal(g) == ["place pais_vasco", "place castilla_la_vieja", "place castillo", "done"]
    run(g, "place pais_vasco; done; king granada")
    assert g.king == "granada" and g.count("red", "pais_vasco") == 1


def test_s10_47_untaken_cards_discarded_king_card_back_each_round():
    """§5.1 R5/§10.47: cards nobody took are discarded; the King card comes back every round."""
    g = position(["red", "blue", "green"], phase="card", to_move="red", king="aragon",
                 played={"red": 13, "blue": 12, "green": 11},
                 face_up=["intrigue_any_3", "decay_court_3", "score_castillo", "court_2", "king"])
    before = [list(s) for s in g.stacks]
    _finish_round(g)
    assert g.round == 2
    assert g.face_up == tuple(s[-1] for s in before) + ("king",)
    assert "court_2" not in g.face_up  # the untaken cards are gone
    assert all(len(s) == len(b) - 1 for s, b in zip(g.stacks, before))


def test_s5_2_turn_events_and_card_taken():
    """docs/design.md §2 events: taking a card and placing produce CardTaken and CaballerosMoved."""
    g = card_position("king", caballeros={"red": {"court": 2}})
    ev = run(g, "card king; first place; place castillo")
    assert events_of(ev, E.CardTaken) == [E.CardTaken("red", "king")]
    assert events_of(ev, E.CaballerosMoved) == [E.CaballerosMoved("red", "court", "castillo", 1)]


def test_illegal_move_in_wrong_phase_names_phase():
    """docs/design.md §2: IllegalMove names the move and the phase."""
    g = bidding()
    msg = illegal(g, "place castillo")
    assert "place castillo" in msg and "power" in msg


def test_view_cannot_play_and_game_over_refuses():
    """§5.4: a View is read-only (it has no `play`); a finished game refuses moves."""
    g = bidding()
    assert not hasattr(g.view("red"), "play")
    import random
    engine.random_playout(g, random.Random(0))
    assert g.is_over and g.to_move is None
    assert "over" in illegal(g, "power 1")


@pytest.mark.parametrize("variant", ["classic", "short"])
def test_s5_1_r6_r7_next_scoring_is_final_only_from_the_round_after_the_second(variant):
    """§5.1 R6-R7: general scorings follow rounds 3, 6 and 9 and the game ends after the one of
    round 9, so the scoring to come is "final" from round 7 on (the round-6 scoring itself, while
    its discs are set, is still "general"), and there is none once the game is over."""
    import random
    g = engine.new_game(players=["red", "blue", "green"], seed=5, variant=variant)
    rng = random.Random(5)
    seen = set()
    while not g.is_over:
        expected = "final" if g.round > 6 else "general"
        assert g.next_scoring == expected, (g.round, g.phase)
        assert g.view(g.to_move).next_scoring == expected
        seen.add(expected)
        g.play(rng.choice(g.legal_moves()))
    assert seen == {"general", "final"} and g.next_scoring is None


def test_s10_13_a_move_out_of_the_castillo_is_refused_as_notation_naming_the_field():
    """§10 ruling 13: Caballeros leave the Castillo only at a general scoring. A move's source is a
    region by notation, so `play` refuses one from the Castillo before any rule is asked, and says
    which field was wrong (hence no rule message for it in why_illegal)."""
    g = card_position("intrigue_any_3", players=["red", "blue"],
                      caballeros={"red": {"court": 3, "castillo": 2}, "blue": {"cataluna": 2, "castillo": 2}})
    run(g, "card intrigue_any_3; first action; action")
    assert any(m.startswith("move ") for m in legal(g))
    with pytest.raises(engine.NotationError, match="'castillo' is not a region id"):
        g.play("move blue castillo valencia")
    with pytest.raises(engine.NotationError, match="'castillo' is not a region id"):
        g.play(engine.Move.of("move", "blue", "castillo", "valencia"))
