"""The secret-Castillo variant keeps the Castillo's counts off the display (docs/rulings.md R3).
In pass-and-play each player still sees his own count on his own private turn, behind the
hand-off, and the next player (or the table) never does."""
from __future__ import annotations

import yaml

import engine
from game.match.challenges import SCENARIOS
from game.match.controller import Match
from game.match.seats import parse_players
from game.scenes.handoff import ready_button
from game.scenes.play import MatchScene
from tests.game.driver import Driver, make_context


def test_own_castillo_count_shows_on_own_private_turn_only():
    """Red (2 in the Castillo) and Blue (1) share the screen and set their Castillo discs (§8.1)."""
    scenario = yaml.safe_load((SCENARIOS / "challenge_1_last_scoring.yaml").read_text(encoding="utf-8"))
    game = engine.load_scenario({**scenario, "castillo": "secret"})
    match = Match.from_game(game, parse_players("human,human,random"), autosave=False)
    scene = MatchScene(make_context(), match)
    driver = Driver(scene)
    driver.step(3)
    assert driver.scene.name == "handoff" and match.handoff_due() == ("before", "red")
    assert scene.table.count("red", "castillo") is None, "the table looks: no count before the hand-off"
    driver.click(ready_button().center)
    driver.step(2)
    assert driver.scene is scene and match.viewer == "red"
    assert scene.table.count("red", "castillo") == 2, "Red's own count, on his private turn"
    assert scene.table.count("blue", "castillo") is None
    assert match.play("disc aragon")
    driver.until(lambda: driver.scene.name == "handoff", limit=200)
    assert scene.table.count("red", "castillo") is None, "hidden again once Red is done"
    while driver.scene.name == "handoff" and match.handoff_due() != ("before", "blue"):
        driver.click(ready_button().center)
        driver.step(2)
    driver.click(ready_button().center)
    driver.step(2)
    assert match.viewer == "blue"
    assert scene.table.count("blue", "castillo") == 1 and scene.table.count("red", "castillo") is None

