"""An unexpected exception in the client loop (a scene's event handling, update or
draw) never ends the program: the error screen says what failed and that the game was saved, a
crash report is written atomically to the data dir, Continue reloads the autosave, Quit quits."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pygame
import pytest

from game.match import saves
from game.match.controller import Match
from game.scenes import error as error_scene
from game.scenes.play import MatchScene
from game.match.seats import parse_players
from tests.game.driver import Driver, make_context


class Injected(RuntimeError):
    pass


def playing_driver(seed: int = 21, moves: int = 30) -> tuple[Driver, Match]:
    match = Match(parse_players("human,random,random"), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        match.play(rng.choice(match.host_game.legal_moves()))
    match = Match.from_game(match.host_game, match.seat_meta())   # resumed: those moves are history, not news
    driver = Driver(MatchScene(make_context(), match))
    driver.step(2)
    return driver, match


def inject(monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    """Make MatchScene's `where` (handle, update or draw_frame: the painting of the frame the
    app just compared) raise once."""
    original = getattr(MatchScene, where)
    state = {"armed": True}

    def broken(self, *args):
        if state["armed"]:
            state["armed"] = False
            raise Injected(f"injected into {where}")
        return original(self, *args)
    monkeypatch.setattr(MatchScene, where, broken)


@pytest.mark.parametrize("where", ["handle", "update", "draw_frame"])
def test_an_exception_in_a_scene_shows_the_error_screen_and_continue_resumes(where, monkeypatch, data_dir,
                                                                            screenshots):
    driver, match = playing_driver()
    moves = len(match.host_game.record()["moves"])
    inject(monkeypatch, where)
    if where == "handle":
        driver.key(pygame.K_F1 + 1)                  # any key reaches the scene's handle
    driver.step(2)
    scene = driver.scene
    assert driver.app.running and scene.name == "error"
    caller = "app.py"                      # the app hands input and frames to the scene stack
    assert f"Injected: injected into {where}" in scene.error and f"(in {caller}:" in scene.error
    assert "\n" not in scene.error
    assert scene.resumable and not scene.save_failed
    assert isinstance(scene.report, Path) and scene.report.parent == data_dir / "crashes"
    report = json.loads(scene.report.read_text(encoding="utf-8"))
    assert report["format"] == "el-grande-crash" and report["version"]
    assert report["seed"] == 21 and report["settings"]["anim_speed"] == 40.0
    assert any(f"injected into {where}" in line for line in report["traceback"])
    assert len(report["record"]["moves"]) == moves
    assert not list((data_dir / "crashes").glob(".*.tmp")), "written atomically (no temp file left)"
    if where == "draw_frame":
        pygame.image.save(driver.app.surface, str(screenshots / "error-screen.png"))
    driver.key(pygame.K_RETURN)                      # Continue
    driver.step()
    assert driver.scene.name in ("power", "action")
    resumed = driver.scene.match
    # at the crash's position: Green (an AI) is to move there, and may already have moved
    assert resumed is not match and resumed.host_game.record()["moves"][:moves] == match.host_game.record()["moves"]


def test_quit_ends_the_app_and_the_autosave_is_kept(monkeypatch, data_dir):
    driver, _ = playing_driver(seed=22)
    saved = saves.autosave_path().read_bytes()
    inject(monkeypatch, "update")
    driver.step()
    assert driver.scene.name == "error"
    quit_button = dict(error_scene.buttons())["quit"]
    driver.click(quit_button.center)
    assert not driver.app.running
    assert saves.autosave_path().read_bytes() == saved


def test_without_a_game_continue_returns_to_the_title_and_an_unwritable_report_is_said(monkeypatch, data_dir):
    from game.scenes.title import TitleScene
    driver = Driver(TitleScene(make_context()))
    driver.step()

    def broken(self, surface):
        raise Injected("title art missing")
    with monkeypatch.context() as faulty:            # the faults end; the data dir stays redirected
        faulty.setattr(TitleScene, "draw", broken)
        faulty.setattr(saves, "write_atomic", lambda path, data: (_ for _ in ()).throw(
            OSError(28, "No space left on device")))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
        driver.step()                                # the move makes the title redraw
        scene = driver.scene
        assert scene.name == "error" and not scene.resumable
        assert scene.report == "OSError: No space left on device"
        lines = [text for text, _, _ in scene.status_lines()]
        assert "No game was in progress" in lines[1] and "could not be written" in lines[2]
    assert saves.data_dir() == data_dir, "ending the fault kept the test's own data dir"
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "title"


def test_an_exception_in_the_error_screen_itself_is_raised(monkeypatch):
    driver, _ = playing_driver(seed=23)
    inject(monkeypatch, "update")
    driver.step()
    assert driver.scene.name == "error"
    monkeypatch.setattr(error_scene.ErrorScene, "draw", lambda self, surface: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        driver.step()


def test_a_crash_report_holds_the_moves_as_every_player_saw_them_and_says_so(monkeypatch):
    """A report is meant to be sent: secret moves (a disc set, a power card taken back) show as '?',
    and the report names the autosave that holds the whole game."""
    match = Match(parse_players("human,random,random"), 5)
    rng = random.Random(5)
    while not any(text.split()[0] in ("disc", "recover") for text in match.host_game.record()["moves"]) \
            or not match.seats[match.host_game.to_move].human:
        match.play(rng.choice(match.host_game.legal_moves()))
    resumed = Match.from_game(match.host_game, match.seat_meta())
    resumed.save()                       # as a resumed game does (navigation.resume)
    driver = Driver(MatchScene(make_context(), resumed))
    inject(monkeypatch, "update")
    driver.step(2)
    report = json.loads(driver.scene.report.read_text(encoding="utf-8"))
    full = match.host_game.record()["moves"]
    secret = [i for i, text in enumerate(full) if text.split()[0] in ("disc", "recover")]
    assert [report["record"]["moves"][i] for i in secret] == [f"{full[i].split()[0]} ?" for i in secret]
    assert all(report["record"]["moves"][i] == text for i, text in enumerate(full) if i not in secret)
    assert "'?'" in report["holds"] and Path(report["autosave"]).parent == saves.autosaves_dir()
    assert saves.load_save(report["autosave"])[0].key() == match.host_game.key(), "the whole game is there"
