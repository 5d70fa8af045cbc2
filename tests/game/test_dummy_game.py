"""The 2-player game with the neutral colour in the client (docs/rulings.md R4-R9): chosen on the
set-up screen, played to the end through the real scenes, drawn, logged and named as such."""
from __future__ import annotations

import random

import pygame

import engine
from game.match.controller import Match
from game.present.neutral import NEUTRAL
from game.render import style
from game.scenes.setup import kind_list_rects, SetupScene, option_rects, seat_rects, start_button
from game.match.seats import Seat
from game.present.table import Table
from tests.game.driver import Driver, human_target, make_context
from tests.game.clikit import game_main


def _two_seats_with_the_neutral_colour(driver: Driver) -> None:
    scene = driver.scene
    while len(scene.seats) > 2:
        driver.click(seat_rects(len(scene.seats) - 1)["remove"].center)
    driver.click(seat_rects(1)["kind"].center)      # the list of kinds: a fast AI seat
    driver.click(next(rect for rect, kind in kind_list_rects(1) if kind == "random").center)
    driver.click(option_rects()["dummy"].center)


def test_the_option_is_offered_with_two_seats_only():
    """The neutral colour is a 2-player option: with 4 seats its button does nothing and a game
    starts without it; with 2 seats it turns on."""
    driver = Driver(SetupScene(make_context()))
    driver.step()
    driver.click(option_rects()["dummy"].center)
    assert driver.scene.options["dummy"] is False
    _two_seats_with_the_neutral_colour(driver)
    assert driver.scene.options["dummy"] is True
    driver.click(start_button().center)
    assert driver.scene.match.host_game.dummy == "green"


def test_a_two_player_game_with_the_neutral_colour_runs_to_the_end(tmp_path):
    """A scripted human against a random AI, the neutral colour on, through every scene to the
    game-over screen; its placements, power card and card are logged under its name."""
    driver = Driver(SetupScene(make_context()), paint_every=10)
    driver.step()
    _two_seats_with_the_neutral_colour(driver)
    driver.click(start_button().center)
    match = driver.scene.match
    rng = random.Random(3)
    shot = None
    for _ in range(40000):
        if match.host_game.is_over and driver.scene.name == "game_over":
            break
        if shot is None and match.host_game.round == 2 and driver.scene.name == "power" and not match.events:
            shot = tmp_path / "neutral.png"
            pygame.image.save(driver.app.surface, str(shot))
        target = human_target(driver.scene, rng)
        if target:
            driver.click(target)
        else:
            driver.step()
    assert match.host_game.is_over and driver.scene.name == "game_over"
    assert shot is not None and shot.stat().st_size > 10_000
    lines = match.log_lines()
    assert any(line.startswith("Neutral draws ") for line in lines)
    assert sum(line.startswith("Neutral turns up power card ") for line in lines) == 9
    assert sum(line.startswith("Neutral takes “") for line in lines) == 9
    assert not any("Green" in line for line in lines)   # never named by its engine colour


def test_table_draws_the_neutral_pieces_in_their_own_colour_and_mark():
    """The neutral colour's Caballeros are on the table under NEUTRAL: stone grey with a ring,
    never a player's colour; its power card blocks that value on the power screen."""
    match = Match([Seat("red", "human"), Seat("blue", "random")], seed=4, dummy=True, autosave=False)
    table = Table()
    view = match.view()
    table.sync(view)
    assert table.board_colours == ("red", "blue", NEUTRAL)
    on_map = {r: table.count(NEUTRAL, r) for r in engine.REGIONS if table.count(NEUTRAL, r)}
    assert on_map == {r: view.count("green", r) for r in engine.REGIONS if view.count("green", r)}
    assert table.power_played[NEUTRAL] == view.dummy_power
    assert style.SYMBOLS[NEUTRAL] == "ring"
    assert style.player_colour(NEUTRAL) not in {style.player_colour(c) for c in ("red", "blue", "green")}
    assert match.name("green") == match.name(NEUTRAL) == "Neutral"


def test_cli_dummy_flag(capsys, monkeypatch):
    """`--dummy` plays the neutral colour in a headless 2-player game; with 3 seats it is a
    one-line error (exit code 2)."""
    result = game_main(capsys, monkeypatch, "--headless", "--dummy", "--players", "random,random", "--seed", "3",
                       "--variant", "short")
    assert result.returncode == 0, result.stderr
    assert "Neutral turns up power card" in result.stdout and "Winner:" in result.stdout
    bad = game_main(capsys, monkeypatch, "--dummy", "--players", "random,random,random")
    assert bad.returncode == 2
    assert "--dummy (the neutral colour) needs --players with exactly 2 seats" in bad.stderr


def test_a_saved_dummy_game_resumes_with_the_neutral_colour(tmp_path):
    """A save of a dummy game loads as one (the record carries the option); the resumed log
    names the neutral colour's steps again, round 1's included; "play again" keeps the option."""
    from game.match import saves
    match = Match([Seat("red", "random"), Seat("blue", "random")], seed=6, dummy=True, autosave=False)
    rng = random.Random(1)
    while match.host_game.round < 3:
        match.host_game.play(rng.choice(match.host_game.legal_moves()))
    path = saves.write_save(tmp_path / "dummy.json", match.host_game, match.seat_meta())
    game, _ = saves.load_save(path)
    assert game == match.host_game and game.dummy == "green"
    resumed = Match.from_game(game, match.seat_meta(), autosave=False)
    lines = resumed.log_lines()
    assert sum(line.startswith("Neutral turns up power card ") for line in lines) == 3
    assert resumed.setup["dummy"] is True
