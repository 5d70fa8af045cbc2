"""Post-game review (game/match/review.py): the decisions a seat lost most points on, judged by the hard
search from that player's View."""
from __future__ import annotations

import time

import engine
from game.match.challenges import SCENARIOS
from game.match.review import decisions, review_record


def _last_scoring_record(red_disc: str) -> dict:
    """The last-scoring challenge played out: Red shows `red_disc`, Blue and Green their first."""
    game = engine.load_scenario(SCENARIOS / "challenge_1_last_scoring.yaml")
    game.play(red_disc)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    return game.record()


def test_review_finds_a_planted_losing_disc_and_names_the_winning_one():
    """Only `disc aragon` wins the last scoring (rules: Castillo discs at the final general
    scoring; tests/game/test_challenges.py enumerates it): Red showing Cataluña is the blunder."""
    review = review_record(_last_scoring_record("disc cataluna"), {"red"})
    [blunder] = review["red"]
    assert blunder.start == 0 and [str(m) for m in blunder.played] == ["disc cataluna"]
    assert [str(m) for m in blunder.best] == ["disc aragon"] and blunder.loss >= 3
    assert blunder.round == 9


def test_the_winning_disc_is_no_blunder_and_unreviewed_seats_are_left_out():
    review = review_record(_last_scoring_record("disc aragon"), {"red"})
    assert review == {"red": []}


def test_decisions_group_a_turn_and_report_progress():
    game = engine.load_scenario(SCENARIOS / "challenge_2_kings_gambit.yaml")
    for text in ["card king", "first action", "king sevilla", "place castilla_la_nueva", "place castilla_la_nueva",
                 "place castillo", "place castillo", "place castillo"]:
        game.play(text)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    found, _ = decisions(game.record(), {"red"})
    assert [str(m) for m in found[0].played][:3] == ["card king", "first action", "king sevilla"]
    assert len(found[0].played) == 8 and found[0].player == "red"
    seen: list[tuple[int, int]] = []
    review_record(game.record(), {"red"}, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1] == len(found)


# ---- the screen ---------------------------------------------------------------------------------
def _finished_challenge_match(red_disc: str):
    from game.match.controller import Match
    from game.match.seats import Seat
    game = engine.load_scenario(SCENARIOS / "challenge_1_last_scoring.yaml")
    seats = [Seat("red", "human", ""), Seat("blue", "normal", ""), Seat("green", "normal", "")]
    match = Match(seats, 3, autosave=False, game=game)
    match.play(red_disc)
    while not match.host_game.is_over:
        match.play(match.host_game.legal_moves()[0])
    return match


def test_review_button_lists_the_planted_blunder_and_opens_the_replay_there(screenshots):
    import pygame

    from game.scenes.game_over import ACTIONS, GameOverScene, buttons
    from game.scenes.review import back_button
    from tests.game.driver import Driver, make_context
    match = _finished_challenge_match("disc cataluna")
    match.hints_used = 2
    driver = Driver(GameOverScene(make_context(), match), shots=screenshots)
    driver.click(buttons()[ACTIONS.index("review")].center)
    review = driver.scene
    assert review.name == "review" and len(review.found) == 1
    end = time.monotonic() + 60          # the judge searches off the frame loop: wait by the clock, not by frames
    while not review.done:
        assert time.monotonic() < end, "the review never finished"
        driver.step()
        time.sleep(0.002)
    assert review.error is None
    rows = [(rect, b) for rect, b, _ in review.rows() if b is not None]
    assert [[str(m) for m in b.played] for _, b in rows] == [["disc cataluna"]]
    pygame.image.save(driver.app.surface, str(screenshots / "review.png"))
    driver.click(rows[0][0].center)
    replay = driver.scene
    assert replay.name == "replay" and replay.model.position == 0
    assert replay.advice is not None and "aragon" in [m.args[0] for m in replay.advice.plan]
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is review
    driver.click(back_button().center)
    assert driver.scene.name == "game_over"
