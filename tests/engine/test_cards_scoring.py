"""§6.5 stack 3 — special scorings: which areas each card scores, that the Castillo is never in
a value group and never emptied (A7, §10.30, §10.32-35, C13), value classes under mobile
scoreboards (§3.1, ruling 12.4), King bonus in special scorings (§10.25)."""
from __future__ import annotations

import engine
from engine import events as E

from enginekit import card_position, events_of, legal, run

KING = "aragon"


def scored(card, cab, **kw):
    g = card_position(card, king=kw.pop("king", KING), caballeros=cab, **kw)
    before = dict(g.scores)
    ev = run(g, f"card {card}; first action; action")
    areas = [e.area for e in events_of(ev, E.AreaScored)]
    gained = {p: g.scores[p] - before[p] for p in g.players}
    return g, areas, gained, ev


# Everybody somewhere, so every area could score.
EVERYWHERE = {"red": {r: 1 for r in engine.REGIONS} | {"castillo": 3, "court": 2},
              "blue": {"castillo": 1, "galicia": 2}}


def test_s6_5_score_5_regions_not_the_castillo():
    """§6.5 score_5_regions/§10.34: País Vasco, Aragón, Valencia — not the Castillo (5/3/1)."""
    g, areas, gained, _ = scored("score_5_regions", EVERYWHERE)
    assert areas == ["pais_vasco", "aragon", "valencia"]
    assert gained["red"] == 5 + (5 + 2) + 5  # Aragón is the King's region: +2 (§10.25)
    assert g.count("red", "castillo") == 3 and g.count("blue", "castillo") == 1


def test_s6_5_score_4_regions():
    """§6.5 score_4_regions: Galicia, Cataluña, Sevilla (red's home Galicia: tie, no bonus)."""
    g, areas, gained, _ = scored("score_4_regions", EVERYWHERE)
    assert areas == ["galicia", "cataluna", "sevilla"]
    assert gained == {"red": 2 + 4 + 4, "blue": 4, "green": 0, "yellow": 0}


def test_s6_5_score_6_7_regions():
    """§6.5 score_6_7_regions: Castilla la Vieja, Castilla la Nueva, Granada."""
    g, areas, gained, _ = scored("score_6_7_regions", EVERYWHERE)
    assert areas == ["castilla_la_vieja", "castilla_la_nueva", "granada"]
    assert gained["red"] == 6 + 7 + 6


def test_s10_35_value_classes_follow_mobile_scoreboards():
    """§3.1/§6.6 limit 5/§10.35/ruling 12.4: a region under 4/0/0 is a 4-point region, one under
    8/4/0 belongs to no group; the boards' values apply."""
    boards = {"8-4-0": "galicia", "4-0-0": "valencia"}
    g, areas, gained, _ = scored("score_4_regions", EVERYWHERE, scoreboards=boards)
    assert areas == ["cataluna", "valencia", "sevilla"]
    assert gained["red"] == 4 + 4 + 4
    _, areas, _, _ = scored("score_5_regions", EVERYWHERE, scoreboards=boards)
    assert areas == ["pais_vasco", "aragon"]
    boards = {"8-4-0": "castilla_la_nueva", "4-0-0": "granada"}
    _, areas, _, _ = scored("score_6_7_regions", EVERYWHERE, scoreboards=boards)
    assert areas == ["castilla_la_vieja"]
    _, areas, _, _ = scored("score_4_regions", EVERYWHERE, scoreboards=boards)
    assert areas == ["galicia", "cataluna", "sevilla", "granada"]


def test_s6_5_score_castillo_counts_public_caballeros_stay():
    """§6.5 score_castillo/§10.30: the Castillo is scored (5/3/1, no bonus) and keeps its contents."""
    g, areas, gained, ev = scored("score_castillo", {"red": {"castillo": 2}, "blue": {"castillo": 3},
                                                     "green": {"castillo": 2}})
    assert areas == ["castillo"]
    assert gained == {"red": 1, "blue": 5, "green": 1, "yellow": 0}  # red, green tie for 2nd -> 3rd
    assert [g.count(p, "castillo") for p in ("red", "blue", "green")] == [2, 3, 2]
    assert not events_of(ev, E.CaballerosMoved)


def test_s10_32_score_first_only_sole_leaders_with_bonuses():
    """§6.5 score_first_only/§10.32: the 9 regions, first place only; a tie for first gives nobody
    anything there; bonuses still apply to a sole leader; the Castillo is not scored."""
    cab = {"red": {"aragon": 3, "galicia": 1, "castillo": 5, "sevilla": 2},
           "blue": {"aragon": 1, "galicia": 1, "sevilla": 3},   # blue's home sevilla
           "green": {"valencia": 1}}
    g, areas, gained, ev = scored("score_first_only", cab)
    assert areas == list(engine.REGIONS)
    # red: Aragón 5 + King 2; Galicia tie -> 0. blue: Sevilla 4 + home 2. green: Valencia 5.
    assert gained == {"red": 7, "blue": 6, "green": 5, "yellow": 0}


def test_s10_33_score_most_all_tied_regions_castillo_ignored():
    """§6.5 score_most/§10.33: the region(s) with the most Caballeros (all colours) are scored,
    every region sharing the top total; the Castillo is neither counted nor scored."""
    cab = {"red": {"galicia": 2, "castillo": 9, "granada": 1}, "blue": {"galicia": 1, "granada": 2},
           "green": {"valencia": 2}}
    g, areas, gained, _ = scored("score_most", cab)
    assert areas == ["galicia", "granada"]
    assert gained == {"red": 4 + 2 + 3, "blue": 2 + 6, "green": 0, "yellow": 0}


def test_s12_5_score_most_all_empty_scores_nothing():
    """§6.5/ruling 12.5: with every region empty, score_most scores nothing."""
    g, areas, gained, _ = scored("score_most", {"red": {"castillo": 4}})
    assert areas == [] and set(gained.values()) == {0}


def test_s10_33_score_fewest_ignores_empty_regions_and_castillo():
    """§6.5 score_fewest/§10.33: among occupied regions, the lowest total(s); empty regions and the
    Castillo are ignored."""
    cab = {"red": {"galicia": 2, "castillo": 1, "granada": 1}, "blue": {"galicia": 1, "sevilla": 1},
           "green": {"valencia": 2}}
    g, areas, gained, _ = scored("score_fewest", cab)
    assert areas == ["sevilla", "granada"]
    assert gained == {"red": 6, "blue": 4 + 2, "green": 0, "yellow": 0}  # blue's home sevilla


def test_s6_5_score_choice_s3_same_as_s2():
    """§6.5 score_choice_s3: same effect as score_choice_s2 (any region or the Castillo)."""
    g = card_position("score_choice_s3", king=KING, caballeros={"red": {"aragon": 2, "castillo": 1}})
    run(g, "card score_choice_s3; first action")
    assert legal(g) == [f"score {a}" for a in engine.REGIONS] + ["score castillo", "skip"]
    run(g, "score aragon")
    assert g.scores["red"] == 5 + 2


def test_a7_special_scoring_history_label():
    """§6.1 A7: a special scoring adds one entry to the score history, labelled by the card."""
    g, _, gained, _ = scored("score_castillo", {"red": {"castillo": 1}})
    assert g.score_history[-1][::2] == ("card", "score_castillo") and g.score_history[-1].points == gained


def test_s10_36_score_secret_unique_only_regions_chosen_once():
    """§6.6 score_secret_unique/§10.36: every player (active included, then clockwise) secretly
    picks a region (King's region allowed, never the Castillo); regions picked by exactly one
    player are scored, regions picked by two or more are not."""
    cab = {"red": {"aragon": 2, "galicia": 1}, "blue": {"galicia": 3}, "green": {"valencia": 1},
           "yellow": {"sevilla": 1}}
    g = card_position("score_secret_unique", king=KING, caballeros=cab)
    run(g, "card score_secret_unique; first action; action")
    assert g.phase == "disc" and g.to_move == "red"
    assert legal(g) == [f"disc {r}" for r in engine.REGIONS]
    run(g, "disc aragon")
    assert g.view("blue").disc("red") is None and g.view("green").disc("red") is None
    run(g, "disc galicia")
    run(g, "disc valencia")
    assert g.view("yellow").disc("green") is None
    ev = run(g, "disc galicia")
    assert [e.area for e in events_of(ev, E.AreaScored)] == ["aragon", "valencia"]
    assert g.scores == {"red": 5 + 2, "blue": 0, "green": 5, "yellow": 0}
    assert g.active == "blue", "red's court is empty: placement over, the turn passes"
