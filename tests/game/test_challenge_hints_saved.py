"""A challenge's Hint count is kept with its save (game/match/saves.py `hints_used`): saved, resumed
through Continue or Load game, and shown on the end screen; older saves load as 0."""
from __future__ import annotations

import json

import pytest

import engine
from game.match import saves
from game.match.challenges import SCENARIOS
from game.match.controller import Match
from game.scenes.game_over import GameOverScene
from game.scenes.title import title_buttons
from game.match.seats import default_seats
from tests.game.driver import Driver, make_context


def _challenge_match(hints_used: int) -> Match:
    game = engine.load_scenario(SCENARIOS / "challenge_1_last_scoring.yaml")
    match = Match.from_game(game, default_seats(game.players, "easy"))
    match.hints_used = hints_used
    return match


def _play_out(match: Match) -> None:
    while not match.host_game.is_over:
        assert match.play(match.host_game.legal_moves()[0])


def test_hints_used_survive_continue_and_reach_the_end_screen(data_dir):
    from game.scenes.title import TitleScene
    match = _challenge_match(2)
    match.save()                                        # the autosave after a decision
    driver = Driver(TitleScene(make_context()))
    driver.step()
    driver.click({name: rect for rect, name in title_buttons()}["continue"].center)
    driver.step()
    resumed = driver.scene.match
    assert resumed is not match and resumed.hints_used == 2
    _play_out(resumed)
    end = GameOverScene(make_context(), resumed)
    assert end.hints_line() == "Hints used: 2"


def test_hints_used_survive_a_named_slot(data_dir):
    match = _challenge_match(3)
    saves.save_slot("Gambit", match.host_game, match.seat_meta(), match.hints_used)
    game, meta = saves.load_slot("Gambit")
    assert meta.hints_used == 3


def test_a_save_written_before_the_count_existed_loads_as_zero(data_dir):
    match = _challenge_match(4)
    path = saves.save_slot("Old", match.host_game, match.seat_meta(), match.hints_used)
    doc = json.loads(path.read_text(encoding="utf-8"))
    del doc["hints_used"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    game, meta = saves.load_slot("Old")
    assert meta.hints_used == 0 and game.key() == match.host_game.key()


@pytest.mark.parametrize("bad", [-1, "2", 1.5, None])
def test_a_bad_count_is_a_one_line_error_naming_the_field(data_dir, bad):
    match = _challenge_match(1)
    path = saves.save_slot("Bad", match.host_game, match.seat_meta(), 1)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["hints_used"] = bad
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(engine.DataError) as caught:
        saves.load_slot("Bad")
    message = str(caught.value)
    assert "\n" not in message and "Bad.json" in message and "'hints_used'" in message


def test_a_save_opened_with_load_on_the_command_line_keeps_the_count(data_dir):
    from game.__main__ import load_match
    match = _challenge_match(5)
    path = saves.save_slot("Cli", match.host_game, match.seat_meta(), match.hints_used)
    assert load_match(path).hints_used == 5
