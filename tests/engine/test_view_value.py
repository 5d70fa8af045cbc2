"""A View is a value (engine/view.py): not a Game, no mutators, equal and hashable by content;
rule-reading helpers take a Game or a View alike (engine.Position); a move from the wrong step
or of another player is refused with `IllegalMove` and a reason code (engine/refusals.py), on a
Game and on a View."""
from __future__ import annotations

import json
import random

import engine
import pytest
from engine.refusals import REASONS


def four() -> engine.Game:
    g = engine.new_game(players=["red", "blue", "green", "yellow"], seed=3)
    assert g.phase == "power" and g.to_move == "green"
    return g


def test_a_view_has_no_mutators_and_cannot_be_changed():
    """§5.4: red's view is a value: it is no Game, offers no way to play green's `power 1`, and
    no attribute can be set on it; it stays as it was."""
    g = four()
    view = g.view("red")
    before = json.dumps(view.to_json())
    assert not isinstance(view, engine.Game)
    for name in ("apply", "play", "clone", "take_veto", "spend_veto", "expire_vetoes", "counts", "ctx"):
        assert not hasattr(view, name), name
    with pytest.raises(AttributeError):
        view.apply(engine.parse_move("power 1"))  # type: ignore[attr-defined]
    for name, value in (("to_move_idx", 0), ("king", "aragon"), ("_g", g)):
        with pytest.raises(AttributeError, match="a View is a value"):
            setattr(view, name, value)
    assert json.dumps(view.to_json()) == before and g.to_move == "green"


def test_views_are_equal_and_hashable_by_content():
    """§5.4: two views of one position are equal with equal hashes (usable as keys); another seat's
    view or a later position is not equal."""
    g = four()
    assert g.view("red") == g.view("red") and hash(g.view("red")) == hash(g.view("red"))
    assert g.view("red") != g.view("blue") and g.view("red") != g.public_view()
    seen = {g.view("red"): 1}
    later = g.clone()
    later.play("power 5")
    assert later.view("red") not in seen and g.view("red") in seen


def test_after_is_a_new_view_and_leaves_the_view_as_it_was():
    """§5.4: `after` previews green's own move as a new View; his view itself is unchanged."""
    g = four()
    view = g.view("green")
    before = view.to_json()
    after = view.after("power 5")
    assert after is not None and after != view and after.power_played == {"green": 5}
    assert view.to_json() == before and view.power_played == {}


def test_rule_reading_helpers_take_a_game_or_a_view():
    """engine.Position: the previews and refusals read a View as they read the Game it came
    from wherever the view hides nothing they use (§8.2 scoring, §4.2 bidding)."""
    g = four()
    g.play("power 5")
    view = g.view("red")
    for area in ("aragon", "castillo", g.king):
        assert engine.scoring_preview(view, area) == engine.scoring_preview(g, area)
        assert engine.area_ranks(view, area) == engine.area_ranks(g, area)
        assert engine.region_values(view, area) == engine.region_values(g, area)
    assert engine.progress(view) == engine.progress(g)
    assert engine.why_illegal(g.view("yellow"), "power 5") == ("power_already_played", {"value": 5})


def test_s5_2_a_move_of_another_step_is_illegal_move_on_play_and_apply():
    """§5.2: in the bidding, a placement is refused as `wrong_step` by `play` and by `apply`
    (never a bare ValueError), and the game is unchanged."""
    g = four()
    key = g.key()
    for do in (g.play, lambda m: g.apply(engine.parse_move(m))):
        with pytest.raises(engine.IllegalMove) as refused:
            do("place aragon")
        assert type(refused.value) is engine.IllegalMove
        assert refused.value.reason == ("wrong_step", {"player": "green", "step": "power"})
        assert refused.value.reason[0] in REASONS
    assert g.key() == key


def test_s9_apply_after_the_end_is_game_over():
    """§9: once the game is over, `apply` refuses every move as `game_over`."""
    g = engine.random_playout(four(), random.Random(1))
    with pytest.raises(engine.IllegalMove) as refused:
        g.apply(engine.parse_move("power 1"))
    assert refused.value.reason == ("game_over", {})


def test_s4_2_another_players_move_is_refused_on_a_game_and_on_a_view():
    """§4.2: green, yellow and red have bid; blue is to move. On the Game, green's card is
    refused to blue as already played; through red's View, any move is `not_your_turn`; a
    move of another step through blue's View is `wrong_step`."""
    g = four()
    for move in ("power 13", "power 5", "power 1"):
        g.play(move)            # green, yellow, red
    assert g.to_move == "blue"
    with pytest.raises(engine.IllegalMove) as refused:
        g.play("power 13")      # green's card, spent
    assert refused.value.reason == ("power_already_played", {"value": 13})
    red = g.view("red")
    assert engine.why_illegal(red, "power 2") == ("not_your_turn", {"player": "blue"})
    with pytest.raises(engine.IllegalMove) as refused:
        red.after("power 2")
    assert refused.value.reason == ("not_your_turn", {"player": "blue"})
    with pytest.raises(engine.IllegalMove) as refused:
        g.view("blue").after("card king")
    assert refused.value.reason == ("wrong_step", {"player": "blue", "step": "power"})


def test_a_view_pickles_and_copies_as_itself():
    """§5.4: a View crosses to an AI worker process (pickle) and copies as an equal View."""
    import copy
    import pickle
    view = four().view("red")
    for twin in (pickle.loads(pickle.dumps(view)), copy.copy(view), copy.deepcopy(view)):
        assert type(twin) is engine.View and twin == view and twin.to_json() == view.to_json()
