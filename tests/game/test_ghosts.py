"""Ghost previews for every staged map move (Confirm moves on): the King, a Grande and a mobile
scoreboard that end a card's action wait for Confirm like the last placement, and are drawn where
they would stand (game/render/board.py `ghost`), the prompt saying what waits."""
from __future__ import annotations

import pygame
import pytest

import engine
from game.shell import layout
from game.match.controller import Match
from game.shell.mapdata import load_map
from game.render import board
from game.match.saves import SeatMeta
from game.scenes.play import MatchScene
from tests.game.driver import Driver, make_context


def _position(card: str) -> engine.Game:
    """Red (power 13) is about to take `card`, with 3 Caballeros in the court; the King in Aragón."""
    return engine.load_scenario({
        "players": ["red", "blue", "green"], "grandes": {"red": "galicia", "blue": "sevilla", "green": "cataluna"},
        "king": "aragon", "phase": "card", "to_move": "red", "played": {"red": 13, "blue": 12, "green": 11},
        "face_up": [card, "intrigue_any_3", "score_castillo", "court_2"] + (["king"] if card != "king" else []),
        "caballeros": {"red": {"court": 3, "galicia": 2}, "blue": {"sevilla": 1}, "green": {"cataluna": 1}}})


def _driver(card: str, script: list[str]) -> tuple[Match, Driver]:
    ctx = make_context()
    ctx.settings.confirm_moves = True
    match = Match.from_game(_position(card), [SeatMeta("red", "human"), SeatMeta("blue", "easy"),
                                              SeatMeta("green", "easy")], autosave=False)
    for text in script:
        assert match.play(text), match.error
    driver = Driver(MatchScene(ctx, match))
    assert driver.until(lambda: driver.scene.my_turn() == "red")
    return match, driver


CASES = [
    ("king", ["card king", "first place", "place pais_vasco", "place pais_vasco", "place pais_vasco"],
     None, "king castilla_la_nueva", "the King to Castilla la Nueva"),
    ("grande_move", ["card grande_move", "first place", "place pais_vasco", "place pais_vasco", "place pais_vasco"],
     None, "grande valencia", "your Grande to Valencia"),
    ("mobile_scoreboard", ["card mobile_scoreboard", "first place", "place pais_vasco", "place pais_vasco", "place pais_vasco"],
     "8-4-0", "scoreboard 8-4-0 granada", "the 8-4-0 scoreboard on Granada"),
]


@pytest.mark.parametrize(("card", "script", "button", "expected", "words"), CASES, ids=[c[0] for c in CASES])
def test_the_move_ending_the_action_is_staged_with_a_ghost_where_it_goes(card, script, button, expected, words,
                                                                          screenshots):
    match, driver = _driver(card, script)
    scene = driver.scene
    if button:                                   # the scoreboard first: a button, then the region
        scene.refresh_picker()
        rect = next(r for r, c in scene.choice_buttons() if c.value == button)
        driver.click(rect.center)
    target = engine.parse_move(expected, match.host_game)
    area = target.args[-1]
    driver.click(layout.area_point(area))
    assert str(scene.staged()) == expected and match.host_game.to_move == "red"   # waits for Confirm
    assert scene.staging.area(match.version) == area
    assert str(scene.pending_move()) == expected and words in scene.prompt()
    shape = load_map().regions[area]
    spot_name = {"king": "king", "grande": "grande", "scoreboard": "scoreboard"}[target.verb]
    before = driver.app.surface.copy()
    pygame.image.save(before, str(screenshots / f"ghost-{target.verb}.png"))
    drawn = board.ghost(driver.app.surface, scene.table, target, "red", solid=True)
    assert drawn == pytest.approx(layout.to_screen(getattr(shape, spot_name)))
    pixel = driver.app.to_window((int(drawn[0]), int(drawn[1]) - 6))
    assert driver.app.surface.get_at(pixel) != before.get_at(pixel) or target.verb == "scoreboard"
    driver.past_key_guard()
    driver.key(pygame.K_RETURN)                  # Confirm plays it
    placed = {"king": match.host_game.king, "grande": match.host_game.grandes["red"],
              "scoreboard": match.host_game.scoreboards["8-4-0"]}[target.verb]
    assert placed == area

