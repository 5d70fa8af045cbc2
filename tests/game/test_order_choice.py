"""§5.2 T3/T4: the player chooses whether to place or to act first, placing only Caballeros from
his court. With an empty court, placing first places nothing: the engine says so
(engine.idle_moves) and the screen offers only "Action first", with a prompt that says why."""
from __future__ import annotations

import engine
from game.match.controller import Match
from game.match.seats import parse_players
from game.scenes.play import MatchScene
from game.shell.i18n import t
from tests.game.driver import Driver, make_context


def _order(court: int) -> engine.Game:
    """Red has taken "Court 2" with `court` Caballeros in his court, and chooses the order."""
    caballeros = {"red": {"sevilla": 3, **({"court": court} if court else {})}, "blue": {"sevilla": 1, "court": 2}}
    game = engine.load_scenario(dict(
        players=["red", "blue", "green"], grandes={"red": "galicia", "blue": "valencia", "green": "granada"},
        king="aragon", round=8, phase="card", to_move="red", played={"red": 13, "blue": 12, "green": 11},
        face_up=["intrigue_any_3", "decay_court_3", "court_2", "power_recovery", "king"], caballeros=caballeros))
    game.play("card court_2")
    assert game.phase == "order"
    return game


def _labels(game: engine.Game) -> tuple[list[str], str]:
    match = Match.from_game(game, parse_players("human,random,random"), autosave=False)
    driver = Driver(MatchScene(make_context(), match))
    driver.step(2)
    frame = driver.scene.frame()
    return [button.label for button in frame.buttons], frame.prompt.text


def test_the_engine_says_when_placing_first_places_nothing():
    empty = _order(0)
    assert engine.idle_moves(empty) == (engine.parse_move("first place", empty),)
    assert engine.idle_moves(_order(2)) == ()


def test_place_first_is_not_offered_with_an_empty_court():
    labels, prompt = _labels(_order(0))
    assert labels == [t("button.first_action")]
    assert prompt.endswith(t("prompt.order_empty", action=t("button.first_action")))


def test_both_orders_are_offered_with_caballeros_in_the_court():
    labels, prompt = _labels(_order(2))
    assert labels == [t("button.first_place"), t("button.first_action")]
    assert prompt.endswith(t("prompt.order"))
