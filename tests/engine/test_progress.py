"""engine.progress: what a running step still allows, read from the engine for the client's
prompts (§6.1 A8 "up to"; §6.3 Intrigue allowances; §6.4 One from each / the King's return 3;
§5.3 placement up to the action card's stack number)."""
from __future__ import annotations

import engine

from enginekit import card_position, run

KING = "aragon"
SPREAD = {"red": {"galicia": 3, "valencia": 2, "court": 5},
          "blue": {"galicia": 2, "sevilla": 1, "court": 3},
          "green": {"granada": 1, "valencia": 1}}


def test_placement_counts_down_from_the_cards_stack_number():
    """§5.3: a stack-3 card places up to 3 from the court; the count is what is left of that."""
    g = card_position("intrigue_any_3", king=KING, caballeros=SPREAD)
    run(g, "card intrigue_any_3; first place")
    assert engine.progress(g) == engine.Progress("place", 1, 1, "red")   # stack 1
    g = card_position("court_2", king=KING, caballeros=SPREAD)
    run(g, "card court_2; first place; place valencia")
    assert engine.progress(g) == engine.Progress("place", 3, 4, "red")   # stack 4


def test_placement_left_is_capped_by_the_court():
    """§5.3: placements come from the court, so fewer there means fewer left."""
    few = dict(SPREAD, red={"galicia": 3, "court": 2})
    g = card_position("court_2", king=KING, caballeros=few)
    run(g, "card court_2; first place")
    assert engine.progress(g).left == 2 and engine.progress(g).total == 4


def test_intrigue_any_3_counts_moves_and_views_agree():
    """§6.3 intrigue_any_3: up to 3 moves in all; a View answers the same as the game."""
    g = card_position("intrigue_any_3", king=KING, caballeros=SPREAD)
    run(g, "card intrigue_any_3; first action; action; move blue galicia sevilla")
    assert engine.progress(g) == engine.Progress("move", 2, 3)
    assert engine.progress(g.view("green")) == engine.progress(g)


def test_withdraw_has_no_fixed_total():
    """§6.3 intrigue_withdraw_region: every own Caballero of the region leaves; no card number."""
    g = card_position("intrigue_withdraw_region", king=KING, caballeros=SPREAD)
    run(g, "card intrigue_withdraw_region; first action; target galicia; move red galicia sevilla")
    assert engine.progress(g) == engine.Progress("move", 2, None)


def test_one_from_each_names_the_opponent_whose_turn_it_is():
    """§6.4 cull_1_each_opponent: clockwise from the left, one Caballero of each opponent."""
    g = card_position("cull_1_each_opponent", king=KING, caballeros=SPREAD, others=("cull_1_each_opponent",))
    run(g, "card cull_1_each_opponent; first action; action")
    first = engine.progress(g)
    assert (first.step, first.subject, first.sequence) == ("cull", "blue", ("blue", "green"))
    run(g, "cull blue galicia")
    assert (engine.progress(g).subject, engine.progress(g).sequence) == ("green", ("green",))


def test_single_decisions_have_no_progress():
    """docs/design.md §2: taking an action card is one decision; no step runs."""
    g = card_position("intrigue_any_3", king=KING, caballeros=SPREAD)
    assert engine.progress(g) is None
