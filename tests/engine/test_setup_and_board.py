"""§2 setup invariants, §3 board data (values, adjacency checks of §3.2), §4.1 power -> court,
§5.1 round sequences of both variants, §6.2 stack composition."""
from __future__ import annotations

import collections

import engine
import pytest
from engine.data import REGIONS

from enginekit import board, legal, total

AREAS = REGIONS + ("castillo", "court", "provinces")


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(12))
def test_s2_setup_invariants(n, seed):
    """§2 setup invariants: 2 on the map at home, 7 in court, 21 in provinces, 0 in the Castillo,
    score 0, 13 power cards; distinct homes, none in the King's region; no mobile scoreboard
    on the map (§2.3, §2.8, ruling §10.49)."""
    players = ["red", "blue", "green", "yellow", "orange"][:n]
    g = engine.new_game(players=players, seed=seed)
    homes = list(g.grandes.values())
    assert len(set(homes)) == n, "no two Grandes share a region"
    assert g.king not in homes, "§10.49 no Grande starts in the King's region"
    for p in players:
        assert board(g, p) == {g.grandes[p]: 2, "court": 7, "provinces": 21}
        assert total(g, p) == 30
        assert g.hand(p) == tuple(range(1, 14))
        assert g.used_power(p) == ()
    assert g.scores == {p: 0 for p in players}
    assert g.scoreboards == {"8-4-0": None, "4-0-0": None}
    assert g.round == 1 and g.phase == "power"


def test_s2_setup_is_seeded_and_varies():
    """§2.2/§2.3/§2.10: King, homes and starting player are drawn by the seeded RNG."""
    a = engine.new_game(seed=5)
    assert a == engine.new_game(seed=5)
    setups = {(engine.new_game(seed=s).king, tuple(engine.new_game(seed=s).grandes.values()),
               engine.new_game(seed=s).to_move) for s in range(40)}
    assert len(setups) > 30
    assert {engine.new_game(seed=s).king for s in range(60)} == set(REGIONS)
    assert {engine.new_game(seed=s).to_move for s in range(60)} == {"red", "blue", "green", "yellow"}


@pytest.mark.parametrize("veto,total_cards,stack2", [(True, 45, 11), (False, 43, 9)])
def test_s6_2_stack_composition(veto, total_cards, stack2):
    """§6.2/§6.8: 11/11/11/11/1 = 45 cards with the Veto option, stack 2 has 9 without (43)."""
    g = engine.new_game(seed=3, veto=veto)
    sizes = [len(s) + 1 for s in g.stacks]  # one of each stack is face up in round 1
    assert sizes == [11, stack2, 11, 11]
    assert sum(sizes) + 1 == total_cards
    assert g.face_up[-1] == "king"
    everything = collections.Counter(c for s in g.stacks for c in s) + collections.Counter(g.face_up)
    assert everything["veto"] == (2 if veto else 0)
    expected = {"intrigue_own_2_opponents_2": 2, "intrigue_region_5": 2, "score_choice_s2": 3,
                "score_5_regions": 2, "score_4_regions": 2, "score_castillo": 2,
                "mobile_scoreboard": 3, "power_recovery": 2, "grande_move": 2}
    for cid in engine.CARDS:
        if cid == "veto" and not veto:
            continue
        assert everything[cid] == expected.get(cid, 2 if cid == "veto" else 1), cid


def test_s6_8_card_ids_are_the_33_of_the_rules():
    """§6.8: 33 action card ids with the rules' stacks."""
    stacks = {1: ["intrigue_own_4", "intrigue_any_4", "intrigue_opponents_3", "intrigue_any_3",
                  "intrigue_own_2_opponents_2", "intrigue_region_5", "intrigue_withdraw_region",
                  "intrigue_court_2_anywhere", "intrigue_withdraw_or_court_2"],
              2: ["veto", "decay_court_all", "decay_court_3", "king_returns_3", "cull_1_each_opponent",
                  "score_choice_s2", "disc_return_2", "disc_return_all"],
              3: ["score_5_regions", "score_4_regions", "score_6_7_regions", "score_castillo",
                  "score_first_only", "score_most", "score_fewest", "score_choice_s3"],
              4: ["mobile_scoreboard", "power_recovery", "grande_move", "court_2", "eviction",
                  "royal_advisor", "score_secret_unique"],
              5: ["king"]}
    assert {cid: info.stack for cid, info in engine.CARDS.items()} == {
        cid: s for s, ids in stacks.items() for cid in ids}
    assert len(engine.CARDS) == 33


def test_s3_1_region_values_and_order():
    """§3.1: canonical region order and 1st/2nd/3rd values; the Castillo 5/3/1."""
    assert REGIONS == ("galicia", "pais_vasco", "aragon", "cataluna", "castilla_la_vieja",
                       "castilla_la_nueva", "valencia", "sevilla", "granada")
    g = engine.new_game(seed=0)
    expected = {"galicia": (4, 2, 0), "pais_vasco": (5, 3, 1), "aragon": (5, 4, 1),
                "cataluna": (4, 2, 1), "castilla_la_vieja": (6, 4, 2),
                "castilla_la_nueva": (7, 4, 2), "valencia": (5, 3, 2), "sevilla": (4, 3, 1),
                "granada": (6, 3, 1), "castillo": (5, 3, 1)}
    for area, values in expected.items():
        assert engine.region_values(g, area) == values


ADJ = {
    "galicia": {"castilla_la_vieja", "pais_vasco"},
    "pais_vasco": {"galicia", "castilla_la_vieja", "aragon"},
    "aragon": {"pais_vasco", "castilla_la_vieja", "castilla_la_nueva", "cataluna", "valencia"},
    "cataluna": {"aragon", "valencia"},
    "castilla_la_vieja": {"galicia", "pais_vasco", "aragon", "castilla_la_nueva"},
    "castilla_la_nueva": {"castilla_la_vieja", "aragon", "valencia", "granada", "sevilla"},
    "valencia": {"aragon", "cataluna", "castilla_la_nueva", "granada"},
    "sevilla": {"castilla_la_nueva", "granada"},
    "granada": {"castilla_la_nueva", "valencia", "sevilla"},
}


def test_s3_2_adjacency_table():
    """§3.2: the 15 undirected borders."""
    assert {r: set(a) for r, a in engine.ADJACENT.items()} == ADJ
    assert sum(len(a) for a in ADJ.values()) == 30


def _placement_targets(king: str) -> set[str]:
    from enginekit import card_position, run
    g = card_position("score_castillo", king=king, caballeros={"red": {"court": 5}})
    run(g, "card score_castillo; first place")
    return {m.split()[1] for m in legal(g) if m.startswith("place ")}


@pytest.mark.parametrize("king,expected", [
    ("galicia", {"castilla_la_vieja", "pais_vasco"}),                              # [RB-p4]
    ("castilla_la_nueva", {"castilla_la_vieja", "sevilla", "granada", "valencia", "aragon"}),  # [RB-p4]
    ("castilla_la_vieja", {"galicia", "pais_vasco", "aragon", "castilla_la_nueva"}),  # [DZ-place]
])
def test_s3_2_adjacency_worked_examples(king, expected):
    """§3.2 worked examples: placement goes to the regions adjacent to the King (and the Castillo)."""
    assert _placement_targets(king) == expected | {"castillo"}


def test_s3_2_king_in_valencia_granada_and_nueva_legal():
    """§3.2 new-edition example: King in Valencia -> Granada and Castilla la Nueva take placements."""
    targets = _placement_targets("valencia")
    assert {"granada", "castilla_la_nueva"} <= targets and "valencia" not in targets


@pytest.mark.parametrize("power,court", list(zip(range(1, 14), [6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0])))
def test_s4_1_power_to_court_table(power, court):
    """§4.1: power card value -> maximum Caballeros to the court (§10.4: 12 and 13 bring none)."""
    from enginekit import position
    others = [v for v in (13, 12, 11, 10, 9, 8) if v != power][:3]
    g = position(phase="turn", to_move="red", king="aragon",
                 played={"red": power, "blue": others[0], "green": others[1], "yellow": others[2]})
    # move the game on to red's turn
    while g.active != "red":
        _finish_turn_quickly(g)
    if court == 0:
        assert g.phase == "card"
    else:
        assert g.phase == "court"
        assert legal(g) == [f"court {k}" for k in range(court + 1)]


def _finish_turn_quickly(g):
    """Play the current player's turn with the minimum: no court, first card, place first, done."""
    while True:
        moves = legal(g)
        active = g.active
        if g.phase == "court":
            g.play("court 0")
        elif g.phase == "card":
            g.play(moves[0])
        elif g.phase == "order":
            g.play("first place")
        elif g.phase == "place":
            g.play("done")
        elif g.phase == "action":
            g.play("skip")
        else:
            g.play(moves[0])
        if g.active != active:
            return


def test_s2_9_short_variant_round_sequence():
    """§2.9/§5.1/§10.48: the short game plays rounds 2, 3, 5, 6, 8, 9 with scorings after 3, 6, 9."""
    import random
    g = engine.new_game(seed=11, variant="short")
    assert g.round == 2
    rounds, scored_after = [g.round], []
    rng = random.Random(1)
    while not g.is_over:
        before = g.round
        n_scorings = len([s for s in g.score_history if s.kind == "general"])
        g.play(rng.choice(g.legal_moves()))
        if len([s for s in g.score_history if s.kind == "general"]) > n_scorings:
            scored_after.append(before)
        if not g.is_over and g.round != before:
            rounds.append(g.round)
    assert rounds == [2, 3, 5, 6, 8, 9]
    assert scored_after == [3, 6, 9]
    assert [s.round for s in g.score_history if s.kind == "general"] == [3, 6, 9]


def test_s5_1_classic_round_sequence_and_king_card_every_round():
    """§5.1: rounds 1..9, five cards on offer each round with the King card (§10.47), general
    scorings after 3, 6, 9 and the game over after the third (§9)."""
    import random
    g = engine.new_game(seed=4, players=["red", "blue", "green"])
    rng = random.Random(4)
    seen = []
    while not g.is_over:
        if g.phase == "power" and (not seen or seen[-1][0] != g.round):
            seen.append((g.round, g.face_up))
        g.play(rng.choice(g.legal_moves()))
    assert [r for r, _ in seen] == list(range(1, 10))
    for _, face in seen:
        assert len(face) == 5 and face[-1] == "king"
        assert [engine.CARDS[c].stack for c in face] == [1, 2, 3, 4, 5]
    assert g.to_move is None and g.legal_moves() == []
    assert [s.round for s in g.score_history if s.kind == "general"] == [3, 6, 9]


def test_s2_options_reported():
    """§2 options: variant, veto, castillo as set up (docs/design.md §2)."""
    g = engine.new_game(seed=1, variant="short", veto=False, castillo="secret")
    assert g.options == {"variant": "short", "veto": False, "castillo": "secret", "dummy": False}
    assert engine.new_game().options == {"variant": "classic", "veto": True, "castillo": "announced",
                                         "dummy": False}


@pytest.mark.parametrize("kwargs", [dict(players=["red"]), dict(players=["red", "red"]),
                                    dict(players=["red", "blue", "green", "yellow", "orange", "red"]),
                                    dict(players=["red", "pink"]), dict(variant="long"),
                                    dict(castillo="open")])
def test_s2_bad_setup_options_refused(kwargs):
    """§2: 2-5 distinct colours, known variant and Castillo option; refused with EngineError."""
    with pytest.raises(engine.EngineError):
        engine.new_game(**kwargs)
