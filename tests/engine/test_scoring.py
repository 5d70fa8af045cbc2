"""§8 scoring: the worked examples of §8.3 (as unit tests of engine.scoring and through real
scorings), the general scoring of §8.1, bonuses of §7, the §10 scoring rulings 19-29 and 50,
and the end of the game (§9)."""
from __future__ import annotations

import engine
import pytest
from engine import events as E
from engine.scoring import rank_players, score_counts

from enginekit import board, card_position, events_of, illegal, legal, position, run

P5 = ["red", "blue", "green", "yellow", "orange"]

# (number, values, number of players, counts A.., expected points A.., leader or None)
EXAMPLES = [
    (1, (5, 3, 1), 4, [4, 4, 3, 4], [3, 3, 1, 3]),        # Red, Blue, Green 3, Yellow
    (2, (6, 4, 2), 4, [4, 3, 2, 2], [6, 4, 0, 0]),
    (3, (5, 3, 1), 4, [3, 3, 2, 0], [3, 3, 1, 0]),
    (4, (7, 4, 2), 4, [5, 3, 3, 1], [7, 2, 2, 0]),
    (5, (4, 2, 0), 4, [2, 2, 0, 0], [2, 2, 0, 0]),
    (6, (4, 0, 0), 4, [3, 3, 0, 0], [0, 0, 0, 0]),
    (7, (5, 3, 1), 3, [2, 2, 1], [3, 3, 0]),
    (8, (6, 3, 1), 2, [2, 2], [0, 0]),
    (9, (5, 4, 1), 4, [4, 2, 0, 0], [5, 4, 0, 0]),         # place points; bonuses: see below
    (10, (5, 3, 1), 5, [1, 1, 1, 1, 1], [3, 3, 3, 3, 3]),
    (11, (5, 3, 1), 4, [0, 0, 0, 0], [0, 0, 0, 0]),
    (12, (5, 3, 1), 4, [3, 1, 0, 0], [5, 3, 0, 0]),
]


@pytest.mark.parametrize("num,values,n,counts,expected", EXAMPLES, ids=[f"ex{e[0]}" for e in EXAMPLES])
def test_s8_3_worked_examples_score_counts(num, values, n, counts, expected):
    """§8.3 worked examples 1-12 through engine.scoring.score_counts: place points and the sole
    leader (who gets the King/home bonuses of ex. 9, checked in a real scoring below)."""
    points, leader = score_counts(values, counts, engine.depth_for(n))
    assert points == expected
    top = [p for p, c in enumerate(counts) if c and c == max(counts)]
    assert leader == (top[0] if len(top) == 1 else -1)


def test_s8_3_example_1_ranks():
    """§8.3 ex. 1/§10.21: three tied for first all take rank 2; the next player rank 3."""
    assert rank_players([4, 4, 3, 4]) == [2, 2, 3, 2]


def test_s8_3_example_4_ranks_after_tie():
    """§8.3 ex. 4: a tie for 2nd drops to rank 3; the next player drops below the scoring ranks.
    (§8.3 names his rank 5 while the §8.2 algorithm gives 4; either way he is past rank 3.)"""
    ranks = rank_players([5, 3, 3, 1])
    assert ranks[:3] == [1, 3, 3] and ranks[3] > 3


def test_s8_2_rank_players_absent_players_unranked():
    """§8.2: only players with at least 1 Caballero take part."""
    assert rank_players([0, 2, 0, 1]) == [0, 1, 0, 2]


@pytest.mark.parametrize("n,depth", [(2, 1), (3, 2), (4, 3), (5, 3)])
def test_s8_2_depth_by_player_count(n, depth):
    """§8.2: 2 players score 1st only, 3 players 1st and 2nd, 4-5 players three ranks."""
    assert engine.depth_for(n) == depth


# Real scorings with `score_choice_s2` (a chosen area is scored under §8.2 at once, §6.4).
REAL = [
    # num, area, players, counts per player in that area, expected points, king
    (1, "pais_vasco", ["red", "blue", "green", "yellow"], [4, 4, 3, 4], [3, 3, 1, 3], "valencia"),
    (2, "castilla_la_vieja", ["red", "blue", "yellow", "green"], [4, 3, 2, 2], [6, 4, 0, 0], "valencia"),
    (3, "pais_vasco", ["red", "blue", "green", "yellow"], [3, 3, 2, 0], [3, 3, 1, 0], "valencia"),
    (4, "castilla_la_nueva", ["red", "blue", "green", "yellow"], [5, 3, 3, 1], [7, 2, 2, 0], "valencia"),
    (5, "galicia", ["red", "blue", "green", "yellow"], [2, 2, 0, 0], [2, 2, 0, 0], "valencia"),
    (7, "pais_vasco", ["red", "blue", "green"], [2, 2, 1], [3, 3, 0], "valencia"),
    (8, "granada", ["red", "blue"], [2, 2], [0, 0], "valencia"),
    (10, "pais_vasco", P5, [1, 1, 1, 1, 1], [3, 3, 3, 3, 3], "valencia"),
    (12, "castillo", ["red", "blue", "green", "yellow"], [3, 1, 0, 0], [5, 3, 0, 0], "valencia"),
]


def _score_choice(area, players, counts, king, grandes=None, **extra):
    cab = {p: ({area: c} if c else {}) for p, c in zip(players, counts)}
    fields = dict(extra)
    if grandes:
        fields["grandes"] = grandes
    g = card_position("score_choice_s2", players=players, king=king, caballeros=cab, **fields)
    before = dict(g.scores)
    ev = run(g, f"card score_choice_s2; first action; score {area}")
    return g, {p: g.scores[p] - before[p] for p in players}, ev


@pytest.mark.parametrize("num,area,players,counts,expected,king", REAL, ids=[f"ex{r[0]}" for r in REAL])
def test_s8_3_worked_examples_in_a_real_scoring(num, area, players, counts, expected, king):
    """§8.3 worked examples through a real scoring (score_choice_s2 names the area, §6.4)."""
    g, gained, ev = _score_choice(area, players, counts, king)
    assert gained == dict(zip(players, expected))
    assert board(g, players[0]).get(area, 0) == counts[0], "scoring moves nothing (A7)"


def test_s8_3_example_6_mobile_scoreboard_4_0_0():
    """§8.3 ex. 6/§6.6 limit 5: under the 4/0/0 board a tie for first scores 0 for both."""
    g, gained, _ = _score_choice("castilla_la_nueva", ["red", "blue", "green", "yellow"], [3, 3, 0, 0],
                                 "valencia", scoreboards={"4-0-0": "castilla_la_nueva"})
    assert gained == {"red": 0, "blue": 0, "green": 0, "yellow": 0}


def test_s8_3_example_9_king_and_home_bonus_stack():
    """§8.3 ex. 9/§7.2/§10.25: Aragón 5/4/1 with the King and A's Grande there: A 5+2+2 = 9, B 4
    (a special scoring gives the King bonus too)."""
    g, gained, ev = _score_choice("aragon", ["red", "blue", "green", "yellow"], [4, 2, 0, 0], "aragon",
                                  grandes={"red": "aragon", "blue": "sevilla", "green": "cataluna",
                                           "yellow": "granada"})
    assert gained == {"red": 9, "blue": 4, "green": 0, "yellow": 0}
    scored = events_of(ev, E.AreaScored)
    assert scored == [E.AreaScored("aragon", (("red", 9), ("blue", 4)), "red", ("red",),
                                    ("red", "blue", "green", "yellow"), (4, 2, 0, 0))]
    assert scored[0].ranks == (("red", 1), ("blue", 2))


def test_s8_3_example_11_grandes_only_nobody_scores():
    """§8.3 ex. 11/§10.19/§10.50: a region holding only Grandes (even with the King) scores nothing."""
    g, gained, ev = _score_choice("aragon", ["red", "blue", "green", "yellow"], [0, 0, 0, 0], "aragon",
                                  grandes={"red": "aragon", "blue": "aragon", "green": "cataluna",
                                           "yellow": "granada"})
    assert gained == {p: 0 for p in gained}
    assert events_of(ev, E.AreaScored)[0].king_bonus is None


def test_s10_20_tie_for_first_no_bonuses():
    """§7.1/§7.2/§10.20: a tie for the most cancels the King and home bonuses."""
    g, gained, _ = _score_choice("aragon", ["red", "blue", "green", "yellow"], [3, 3, 1, 0], "aragon",
                                 grandes={"red": "aragon", "blue": "aragon", "green": "cataluna",
                                          "yellow": "granada"})
    assert gained == {"red": 4, "blue": 4, "green": 1, "yellow": 0}


def test_s10_23_two_players_tie_nobody_scores_sole_leader_gets_bonuses():
    """§10.23/§7.2: 2 players — only 1st scores; a sole leader still gets King and home bonuses."""
    grandes = {"red": "aragon", "blue": "galicia"}
    g, gained, _ = _score_choice("aragon", ["red", "blue"], [3, 1], "aragon", grandes=grandes)
    assert gained == {"red": 5 + 2 + 2, "blue": 0}
    g, gained, _ = _score_choice("aragon", ["red", "blue"], [2, 2], "aragon", grandes=grandes)
    assert gained == {"red": 0, "blue": 0}


def test_s10_24_three_players_tie_for_second_gives_zero():
    """§10.24: 3 players — 1st and 2nd score; a tie for 2nd drops to 3rd and gives 0."""
    g, gained, _ = _score_choice("castilla_la_vieja", ["red", "blue", "green"], [4, 2, 2], "valencia")
    assert gained == {"red": 6, "blue": 0, "green": 0}


def test_s10_22_tie_for_last_scoring_rank_gets_zero():
    """§10.22: two players tied for 3rd drop to rank 4 and get 0 (4 players)."""
    g, gained, _ = _score_choice("castilla_la_vieja", ["red", "blue", "green", "yellow"], [5, 4, 2, 2],
                                 "valencia")
    assert gained == {"red": 6, "blue": 4, "green": 0, "yellow": 0}


def test_s10_26_castillo_never_gives_bonus():
    """§10.26: scoring the Castillo gives place points only."""
    g, gained, ev = _score_choice("castillo", ["red", "blue", "green", "yellow"], [2, 0, 0, 0], "valencia")
    assert gained["red"] == 5
    sc = events_of(ev, E.AreaScored)[0]
    assert sc.area == "castillo" and sc.king_bonus is None and sc.home_bonus == ()


def test_s7_2_home_bonus_for_sole_majority_only_grande_counts_nothing():
    """§7.2: home bonus +2 to a sole leader whose Grande stands there; another player's Grande in
    the region gives its owner nothing unless he leads."""
    grandes = {"red": "granada", "blue": "granada", "green": "cataluna", "yellow": "galicia"}
    g, gained, _ = _score_choice("granada", ["red", "blue", "green", "yellow"], [1, 2, 0, 0], "valencia",
                                 grandes=grandes)
    assert gained == {"red": 3, "blue": 6 + 2, "green": 0, "yellow": 0}


# --------------------------------------------------------------------------- §8.1 general scoring
def _last_turn_of(round_, players=("red", "blue", "green", "yellow"), **fields):
    """The last player (yellow by default, power 10) is about to take a card in `round_`."""
    players = list(players)
    played = {p: 13 - i for i, p in enumerate(players)}
    fields.setdefault("king", "aragon")
    fields.setdefault("face_up", ["intrigue_any_3", "score_castillo", "court_2", "king"])
    return position(players, phase="card", to_move=players[-1], round=round_, played=played, **fields)


def _end_turn(g):
    """Take the King card, place nothing, skip the action."""
    run(g, "card king; first place")
    if g.phase == "place":
        run(g, "done")
    run(g, "skip")


def _castillo_scoring_round_3():
    """Red (3) and blue (1) in the Castillo at the end of round 3, the King in Aragón."""
    return _last_turn_of(3, caballeros={
        "red": {"castillo": 3, "valencia": 1},
        "blue": {"castillo": 1, "galicia": 2},
        "green": {"valencia": 2},
        "yellow": {}})


def test_s8_1_general_scoring_order_castillo_discs_then_regions():
    """§8.1/C1/§10.27/§10.28/§10.29: players with Caballeros in the Castillo set a disc; the
    Castillo is scored first (5/3/1, no bonus); discs are revealed; each player's Castillo
    Caballeros all go to his one region; then the 9 regions are scored in canonical order; the
    Castillo ends empty."""
    g = _castillo_scoring_round_3()
    _end_turn(g)
    assert g.phase == "disc" and g.to_move == "red"
    run(g, "disc castilla_la_nueva")
    assert g.to_move == "blue", "green and yellow have nobody in the Castillo: no disc (§10.29)"
    ev = run(g, "disc galicia")
    kinds = [type(e).__name__ for e in ev]
    opened = kinds.index("CastilloOpened")
    scored = [e.area for e in events_of(ev, E.AreaScored)]
    assert scored[0] == "castillo"
    assert kinds.index("DiscsRevealed") > kinds.index("AreaScored")  # Castillo scored first
    assert opened < kinds.index("DiscsRevealed")
    assert events_of(ev, E.DiscsRevealed)[0].discs == (("red", "castilla_la_nueva"), ("blue", "galicia"))
    moved = [e for e in events_of(ev, E.CaballerosMoved) if e.source == "castillo"]
    assert moved == [E.CaballerosMoved("red", "castillo", "castilla_la_nueva", 3),
                     E.CaballerosMoved("blue", "castillo", "galicia", 1)]
    assert scored[1:] == list(engine.REGIONS)  # every region, in canonical order (ruling 12.1)
    assert board(g, "red") == {"valencia": 1, "castilla_la_nueva": 3, "provinces": 26}
    assert board(g, "blue") == {"galicia": 3, "provinces": 27}
    # Castillo: red 5, blue 3. Galicia (4/2/0): blue 4 (+2 home? blue's home is sevilla: no).
    # Valencia (5/3/2): green 2 > red 1 -> green 5, red 3. Castilla la Nueva (7/4/2): red 7.
    assert g.scores == {"red": 5 + 3 + 7, "blue": 3 + 4, "green": 5, "yellow": 0}
    assert g.score_history[-1] == ("general", 3, None, g.scores)
    assert g.round == 4 and g.phase == "power"


def test_r1_castillo_disc_offers_the_eight_other_regions():
    """docs/rulings.md R1 (§8.1 step 1, §10 #27, §11 C3; PT "exceto a Região do Rei", CA "no pot
    ser la regió del rei"): the Castillo disc offers the eight regions other than the King's."""
    g = _castillo_scoring_round_3()
    _end_turn(g)
    assert legal(g) == [f"disc {r}" for r in engine.REGIONS if r != "aragon"]
    msg = illegal(g, "disc aragon")
    assert "disc aragon" in msg


def test_r1_version_1_record_replays_under_its_own_rules():
    """docs/rulings.md (games recorded under rules version 1): an old record replays under the
    rules it was recorded with, where a King's-region disc sent the Caballeros to the court
    (§8.1 step 3); a version the engine does not know is refused in one line naming it."""
    g = _castillo_scoring_round_3()
    old = g.record()
    old["rules_version"] = 1
    old["moves"] = old["moves"] + ["card king", "first place", "skip", "disc aragon", "disc galicia"]
    replayed = engine.replay(old)
    assert replayed.rules_version == 1 and replayed.record()["rules_version"] == 1
    assert board(replayed, "red") == {"valencia": 1, "court": 3, "provinces": 26}
    assert replayed.count("red", "aragon") == 0, "nothing entered the King's region"
    assert engine.from_json(replayed.to_json()) == replayed
    old["rules_version"] = 7
    with pytest.raises(engine.DataError, match=r"^record: rules_version 7 is not supported \(expected one of 1, 2\)$"):
        engine.replay(old)


def test_s8_1_castillo_scored_before_it_is_emptied():
    """§8.1 step 2: the Castillo majorities count the Caballeros that are about to leave; the
    regions count them after they arrived (step 4)."""
    g = _last_turn_of(6, caballeros={"red": {"castillo": 2}, "blue": {"castillo": 1, "granada": 2},
                                     "green": {}, "yellow": {}})
    _end_turn(g)
    run(g, "disc granada; disc sevilla")
    # Castillo red 5 blue 3; Granada (6/3/1) red 2 vs blue 2 -> tie rank 2 -> 3 each (yellow's
    # home granada, yellow absent); Sevilla (4/3/1) blue 1 -> 4 + home bonus (blue's home) 2.
    assert g.scores == {"red": 5 + 3, "blue": 3 + 3 + 4 + 2, "green": 0, "yellow": 0}
    assert g.castillo_total == 0


def test_s8_1_no_castillo_caballeros_no_disc_phase():
    """§8.1 step 1/§10.29: with an empty Castillo nobody sets a disc; regions are scored at once."""
    g = _last_turn_of(3, caballeros={"red": {"galicia": 1}, "blue": {}, "green": {}, "yellow": {}})
    _end_turn(g)
    assert g.round == 4 and g.phase == "power"
    assert g.scores["red"] == 4 + 2  # galicia 4 + home bonus (red's home galicia)


def test_s8_1_no_general_scoring_after_other_rounds():
    """§5.1 R6: no general scoring after rounds other than 3, 6, 9."""
    g = _last_turn_of(2, caballeros={"red": {"galicia": 1, "castillo": 1}, "blue": {}, "green": {},
                                     "yellow": {}})
    _end_turn(g)
    assert g.round == 3 and g.phase == "power" and g.scores["red"] == 0
    assert g.count("red", "castillo") == 1


def test_s8_1_veto_cannot_stop_general_scoring():
    """§10.44: a Veto holder gets no veto window at a general scoring."""
    g = _last_turn_of(3, caballeros={"red": {"castillo": 1}, "blue": {}, "green": {}, "yellow": {}},
                      vetoes={"blue": "this"})
    _end_turn(g)
    assert g.phase == "disc" and legal(g)[0].startswith("disc ")
    run(g, "disc galicia")
    assert g.phase == "power" and g.scores["red"] == 5 + 4 + 2


def test_s9_game_ends_after_round_9_scoring_tie_shared_win():
    """§9/§10 (ruling 12.10): the game ends after the round-9 general scoring; a tie for the top
    score is a shared win."""
    g = _last_turn_of(9, caballeros={"red": {}, "blue": {}, "green": {}, "yellow": {}},
                      scores={"red": 40, "blue": 40, "green": 12, "yellow": 39})
    ev = run(g, "card king; first place; skip")
    assert g.is_over and g.to_move is None and g.legal_moves() == []
    assert g.winners() == ["red", "blue"]
    over = events_of(ev, E.GameOver)
    assert over and over[0].winners == ("red", "blue")


def test_s9_single_winner():
    """§9: the highest total wins."""
    g = _last_turn_of(9, caballeros={"red": {}, "blue": {"galicia": 1}, "green": {}, "yellow": {}},
                      scores={"red": 40, "blue": 38})
    _end_turn(g)
    assert g.scores["blue"] == 42 and g.winners() == ["blue"]


def test_s8_1_general_scoring_uses_boards_king_and_home_bonus():
    """§8.1 step 4/§7.1/§7.2/§6.6 limit 5: at a general scoring each region scores with the values
    in force (mobile scoreboards, also one frozen in the King's region) plus the King bonus and
    the home bonus for a sole leader; 3 players score two ranks."""
    g = _last_turn_of(6, players=("red", "blue", "green"), king="aragon",
                      grandes={"red": "aragon", "blue": "sevilla", "green": "galicia"},
                      scoreboards={"8-4-0": "aragon", "4-0-0": "sevilla"},
                      caballeros={"red": {"aragon": 3, "sevilla": 1}, "blue": {"aragon": 1, "sevilla": 2},
                                  "green": {"galicia": 1, "sevilla": 1}})
    _end_turn(g)
    # Aragón (8/4/0): red 8 + King 2 + home 2, blue 4. Sevilla (4/0/0): blue 4 + home 2, red and
    # green tie for 2nd -> rank 3 -> nothing. Galicia (4/2/0): green 4 + home 2.
    assert g.score_history[-1] == ("general", 6, None, {"red": 12, "blue": 10, "green": 6})


def _reference_rank_players(counts):
    """§8.2's reference code, verbatim in behaviour (dict of players with n >= 1)."""
    ranks, pointer = {}, 1
    for n in sorted(set(counts.values()), reverse=True):
        group = [p for p, c in counts.items() if c == n]
        if len(group) == 1:
            ranks[group[0]] = pointer
            pointer += 1
        else:
            for p in group:
                ranks[p] = pointer + 1
            pointer += 2
    return ranks


def test_s8_2_score_counts_matches_reference_on_all_small_cases():
    """§8.2: the engine's ranking and points equal the rules' reference code for every count
    vector of 2-5 players with 0-4 Caballeros each, for each depth and the value triples in use."""
    import itertools
    values_list = [(4, 2, 0), (5, 3, 1), (5, 4, 1), (4, 2, 1), (6, 4, 2), (7, 4, 2), (5, 3, 2),
                   (4, 3, 1), (6, 3, 1), (8, 4, 0), (4, 0, 0)]
    for n in (2, 3, 4, 5):
        depth = engine.depth_for(n)
        for counts in itertools.product(range(5), repeat=n):
            present = {p: c for p, c in enumerate(counts) if c}
            ref = _reference_rank_players(present)
            assert rank_players(list(counts)) == [ref.get(p, 0) for p in range(n)]
            for values in values_list:
                points, leader = score_counts(values, list(counts), depth)
                assert points == [values[ref[p] - 1] if p in ref and ref[p] <= depth else 0
                                  for p in range(n)]
                assert leader == next((p for p, r in ref.items() if r == 1), -1)
