""""Play again" on the end screen (game/scenes/game_over.py): a challenge starts over from its own
position with the same seats, not as a new game from round 1."""
from __future__ import annotations

import engine
from game.match.challenges import SCENARIOS
from game.match.controller import Match
from game.match.seats import Seat
from tests.game.driver import Driver, make_context


def test_play_again_after_a_challenge_restarts_that_challenge():
    from game.scenes.game_over import ACTIONS, GameOverScene, buttons
    start = engine.load_scenario(SCENARIOS / "challenge_1_last_scoring.yaml")
    seats = [Seat("red", "human", ""), Seat("blue", "hard", ""), Seat("green", "normal", "")]
    match = Match(seats, 3, autosave=False, game=start.clone())
    while not match.host_game.is_over:
        match.play(match.host_game.legal_moves()[0])
    driver = Driver(GameOverScene(make_context(), match))
    driver.click(buttons()[ACTIONS.index("again")].center)
    again = driver.scene.match
    assert again is not match and again.from_scenario
    assert again.host_game.origin == start.origin
    assert again.host_game.view("red") == start.view("red")       # the challenge's first position
    assert [(s.player, s.kind) for s in again.seats.values()] == [("red", "human"), ("blue", "hard"),
                                                                   ("green", "normal")]
