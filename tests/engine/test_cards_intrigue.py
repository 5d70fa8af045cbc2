"""§6.3 stack 1 — the Intrigue cards: main effect and main restriction of each, with rules A1-A3
of §6.1 and rulings §10.13-15. King's region is Aragón in every test."""
from __future__ import annotations

import engine
import pytest

from enginekit import board, card_position, illegal, legal, run

KING = "aragon"


def start(card, caballeros, declare="action", **kw):
    g = card_position(card, king=KING, caballeros=caballeros, **kw)
    run(g, f"card {card}; first action; {declare}")
    return g


def moves(g):
    return [m for m in legal(g) if m.startswith("move ")]


def sources(g):
    return {tuple(m.split()[1:3]) for m in moves(g)}


MIXED = {"red": {"galicia": 3, "valencia": 2, "aragon": 2, "castillo": 2, "court": 2},
         "blue": {"galicia": 2, "aragon": 3, "castillo": 1, "court": 3},
         "green": {"granada": 1}}


def test_s6_3_intrigue_own_4_effect_and_sources():
    """§6.3 intrigue_own_4 / A2: move up to 4 of your own Caballeros from regions (never the King's
    region, the Castillo or a court, §10.14/§10.15) to any other region but the King's or the
    Castillo, adjacency not needed."""
    g = start("intrigue_own_4", MIXED)
    assert g.phase == "steps"
    assert sources(g) == {("red", "galicia"), ("red", "valencia")}
    dests = {m.split()[3] for m in moves(g) if m.split()[2] == "galicia"}
    assert dests == set(engine.REGIONS) - {"galicia", KING} | {"castillo"}
    assert "done" in legal(g)
    assert "aragon is the King's region" in illegal(g, "move red galicia aragon")
    with pytest.raises(engine.IllegalMove):
        g.play("move blue galicia sevilla")
    with pytest.raises(engine.IllegalMove):
        g.play("move red aragon sevilla")
    run(g, "move red galicia sevilla; move red galicia castillo; move red valencia granada")
    assert g.phase == "steps"
    run(g, "move red valencia sevilla")
    assert g.phase == "place", "4 moves used: the action is over, placement follows"
    assert board(g, "red") == {"galicia": 1, "sevilla": 2, "granada": 1, "aragon": 2, "castillo": 3,
                               "court": 2, "provinces": 19}


def test_s6_3_intrigue_own_4_up_to_done_early():
    """§6.3/A8 'up to': the mover may stop with `done`."""
    g = start("intrigue_own_4", MIXED)
    run(g, "move red galicia sevilla; done")
    assert g.phase == "place" and g.count("red", "sevilla") == 1


def test_a3_moved_caballero_moves_only_once():
    """§6.1 A3 (ruling 12.2): each Caballero moves at most once; the number taken from an area
    cannot exceed what was there when the effect began."""
    g = start("intrigue_own_4", {"red": {"galicia": 1, "court": 1}})
    run(g, "move red galicia valencia")
    assert g.phase == "place", "the only Caballero has moved; nothing else may move"
    g = start("intrigue_own_4", {"red": {"galicia": 1, "valencia": 1, "court": 1}})
    run(g, "move red galicia valencia")
    assert sources(g) == {("red", "valencia")}
    run(g, "move red valencia sevilla")
    assert g.phase == "place"
    assert board(g, "red") == {"valencia": 1, "sevilla": 1, "court": 1, "provinces": 27}


def test_s6_3_intrigue_any_4_mixed_colours_limit_4():
    """§6.3 intrigue_any_4: up to 4 Caballeros of any colours, own and opponents' mixed."""
    g = start("intrigue_any_4", MIXED)
    assert sources(g) == {("red", "galicia"), ("red", "valencia"), ("blue", "galicia"),
                          ("green", "granada")}
    run(g, "move blue galicia castillo; move green granada sevilla; move red valencia galicia")
    run(g, "move blue galicia cataluna")
    assert g.phase == "place"
    assert board(g, "blue") == {"aragon": 3, "castillo": 2, "cataluna": 1, "court": 3, "provinces": 21}
    assert board(g, "green") == {"sevilla": 1, "provinces": 29}


def test_s6_3_intrigue_opponents_3_only_opponents():
    """§6.3 intrigue_opponents_3: up to 3 opponents' Caballeros (any mix), never one's own."""
    g = start("intrigue_opponents_3", MIXED)
    assert sources(g) == {("blue", "galicia"), ("green", "granada")}
    run(g, "move blue galicia valencia; move green granada valencia; move blue galicia castillo")
    assert g.phase == "place"
    assert g.count("blue", "valencia") == 1 and g.count("green", "valencia") == 1


def test_s6_3_intrigue_any_3_limit_3():
    """§6.3 intrigue_any_3: up to 3 of any colours, then the action ends."""
    g = start("intrigue_any_3", MIXED)
    run(g, "move red galicia sevilla; move blue galicia sevilla; move red galicia sevilla")
    assert g.phase == "place"
    assert g.count("red", "sevilla") == 2 and g.count("blue", "sevilla") == 1


def test_s6_3_intrigue_own_2_opponents_2_independent_allowances():
    """§6.3 intrigue_own_2_opponents_2: up to 2 own AND up to 2 opponents' — two allowances;
    using one up leaves the other."""
    g = start("intrigue_own_2_opponents_2", MIXED)
    run(g, "move red galicia sevilla; move red galicia sevilla")
    assert sources(g) == {("blue", "galicia"), ("green", "granada")}
    with pytest.raises(engine.IllegalMove):
        g.play("move red valencia sevilla")
    run(g, "move blue galicia sevilla; move green granada castillo")
    assert g.phase == "place"


def test_s6_3_intrigue_own_2_opponents_2_opponents_first():
    """§6.3 [DZ-cards]: the opponent allowance can be used without touching one's own."""
    g = start("intrigue_own_2_opponents_2", MIXED)
    run(g, "move blue galicia sevilla; move blue galicia sevilla")
    assert sources(g) == {("red", "galicia"), ("red", "valencia")}
    run(g, "done")
    assert g.count("red", "galicia") == 3


def test_s6_3_intrigue_region_5_one_source_region_any_colours():
    """§6.3 intrigue_region_5: name one region (not the King's), move up to 5 of any colours out
    of it, destinations may differ; a region with fewer than 5 is emptied completely."""
    g = card_position("intrigue_region_5", king=KING, caballeros=MIXED)
    run(g, "card intrigue_region_5; first action")
    assert legal(g) == ["target galicia", "target valencia", "target granada", "skip"]
    assert "aragon is the King's region" in illegal(g, "target aragon")
    run(g, "target galicia")
    assert sources(g) == {("red", "galicia"), ("blue", "galicia")}
    run(g, "move red galicia castillo; move red galicia sevilla; move red galicia valencia")
    run(g, "move blue galicia granada")
    assert sources(g) == {("blue", "galicia")}, "moved-in Caballeros never move again"
    run(g, "move blue galicia castillo")
    assert g.phase == "place"
    assert g.count("red", "galicia") == 0 and g.count("blue", "galicia") == 0


def test_s6_3_intrigue_withdraw_region_moves_all_own():
    """§6.3 intrigue_withdraw_region / C15: name a region (not the King's) holding own
    Caballeros; ALL of them must leave (no `done` before), split as one likes."""
    g = card_position("intrigue_withdraw_region", king=KING, caballeros=MIXED)
    run(g, "card intrigue_withdraw_region; first action")
    assert legal(g) == ["target galicia", "target valencia", "skip"]
    run(g, "target galicia")
    assert "done" not in legal(g)
    assert sources(g) == {("red", "galicia")}
    run(g, "move red galicia castillo; move red galicia granada")
    assert "done" not in legal(g)
    run(g, "move red galicia cataluna")
    assert g.phase == "place"
    assert board(g, "red")["castillo"] == 3 and g.count("red", "galicia") == 0
    assert g.count("blue", "galicia") == 2


def test_s6_3_intrigue_withdraw_region_nothing_outside_king_region():
    """§6.3: with no own Caballero outside the King's region (and the Castillo) the action has
    no effect: nothing to declare, the turn goes on."""
    g = card_position("intrigue_withdraw_region", king=KING,
                      caballeros={"red": {"aragon": 3, "castillo": 2, "court": 1}, "blue": {"galicia": 1}})
    run(g, "card intrigue_withdraw_region; first action")
    assert g.phase == "place"


def test_s6_3_intrigue_court_2_anywhere_ignores_adjacency_not_king():
    """§6.3 intrigue_court_2_anywhere: up to 2 more from the own court into any region but the
    King's, or the Castillo, regardless of adjacency; separate from the normal placement of 1."""
    g = start("intrigue_court_2_anywhere", {"red": {"court": 4}})
    assert g.phase == "steps"
    places = [m for m in legal(g) if m.startswith("place ")]
    assert places == [f"place {r}" for r in engine.REGIONS if r != KING] + ["place castillo"]
    assert "aragon is the King's region" in illegal(g, "place aragon")
    run(g, "place sevilla; place galicia")
    assert g.phase == "place", "the special action is over after 2"
    assert [m for m in legal(g) if m.startswith("place ")] == [
        "place pais_vasco", "place cataluna", "place castilla_la_vieja", "place castilla_la_nueva",
        "place valencia", "place castillo"]
    run(g, "place valencia")
    assert g.active != "red"
    assert board(g, "red") == {"sevilla": 1, "galicia": 1, "valencia": 1, "court": 1, "provinces": 26}


def test_s6_3_intrigue_court_2_anywhere_empty_court_no_effect():
    """§6.3: with an empty court the card's special action has no effect."""
    g = card_position("intrigue_court_2_anywhere", king=KING, caballeros={"red": {"galicia": 2}})
    run(g, "card intrigue_court_2_anywhere; first action")
    assert g.phase != "steps"


def test_s6_3_intrigue_withdraw_or_court_2_either_not_both():
    """§6.3 intrigue_withdraw_or_court_2: exactly one of the two effects."""
    g = card_position("intrigue_withdraw_or_court_2", king=KING,
                      caballeros={"red": {"galicia": 2, "court": 3}})
    run(g, "card intrigue_withdraw_or_court_2; first action")
    assert legal(g) == ["target galicia", "action", "skip"]
    h = g.clone()
    run(g, "action; place granada; place granada")
    assert g.phase == "place" and g.count("red", "galicia") == 2
    run(h, "target galicia; move red galicia castillo; move red galicia granada")
    assert h.phase == "place" and h.count("red", "court") == 3


def test_s10_13_opponents_moved_into_castillo_belong_to_owner():
    """§6.3/§10.13/ruling 12.12: opponents' Caballeros moved into the Castillo stay theirs."""
    g = start("intrigue_opponents_3", {"red": {"court": 1}, "blue": {"galicia": 2}})
    run(g, "move blue galicia castillo; done")
    assert g.count("blue", "castillo") == 1 and g.count("red", "castillo") == 0


def test_a2_home_regions_are_not_protected():
    """§6.3 [RB-p7]: moving opponents out of their home region or into someone's home is allowed."""
    g = start("intrigue_any_3", {"red": {"court": 1, "valencia": 1},
                                 "blue": {"sevilla": 2}})  # blue's home is sevilla
    run(g, "move blue sevilla galicia; move red valencia sevilla; done")
    assert g.count("blue", "galicia") == 1 and g.count("red", "sevilla") == 1


def test_intrigue_with_nothing_to_move_is_skipped():
    """§6.3: with no Caballero of the required kind outside the King's region, nothing happens."""
    g = card_position("intrigue_opponents_3", king=KING,
                      caballeros={"red": {"galicia": 3, "court": 1}, "blue": {"aragon": 3, "castillo": 2}})
    run(g, "card intrigue_opponents_3; first action")
    assert g.phase == "place"


def test_s12_12_opponent_moved_into_castillo_chooses_at_general_scoring():
    """§6.3/ruling 12.12/§8.1: an opponent's Caballero moved into the Castillo is his: at the next
    general scoring he (not the mover) sets a disc and it goes to his chosen region."""
    g = card_position("intrigue_opponents_3", king=KING, round=3,
                      caballeros={"red": {"court": 1}, "blue": {"galicia": 2}})
    run(g, "card intrigue_opponents_3; first action; action; move blue galicia castillo; done")
    while g.phase != "disc":
        g.play({"court": "court 0", "order": "first place", "place": "done", "action": "skip"}.get(
            g.phase, legal(g)[0]))
    assert g.to_move == "blue" and g.round == 3
    run(g, "disc sevilla")
    assert g.count("blue", "sevilla") == 1 and g.count("blue", "castillo") == 0
    assert g.score_history[-1].points["blue"] >= 5  # the Castillo's sole occupant
