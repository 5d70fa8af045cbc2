"""Keyboard-only play (issue 26): a scripted player finishes a whole 4-player game posting only
key events — Tab / Shift+Tab to reach a target, Enter to take it — and the focus targets are the
engine's legal moves, drawn with a ring, guarded against a stray Enter at a new step."""
from __future__ import annotations

import random

import pygame

from game.scenes.play import KEY_GUARD
from tests.game.driver import FRAME, Driver, keyboard_turn, make_context


def test_a_scripted_player_finishes_a_whole_game_with_keys_only(monkeypatch):
    from game.scenes.title import TitleScene
    posted: list[int] = []
    real_post = pygame.event.post

    def post(event):
        posted.append(event.type)
        return real_post(event)
    monkeypatch.setattr(pygame.event, "post", post)
    driver = Driver(TitleScene(make_context()))
    driver.step()
    assert driver.focus_on("new")
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "setup"
    for seat in (1, 2, 3):              # normal -> hard -> expert -> random: fast AI seats
        assert driver.focus_on(("kind", seat))
        for _ in range(3):
            driver.key(pygame.K_RETURN)
    assert [s.kind for s in driver.scene.seats] == ["human", "random", "random", "random"]
    assert driver.focus_on(("start",))
    driver.key(pygame.K_RETURN)
    match = driver.scene.match
    rng = random.Random(5)
    decisions = 0
    for _ in range(40000):
        if match.game.is_over and driver.scene.name == "game_over":
            break
        if keyboard_turn(driver, rng):
            decisions += 1
        else:
            driver.step()
    assert match.game.is_over and driver.scene.name == "game_over"
    assert set(posted) == {pygame.KEYDOWN}, "nothing but key presses"
    assert decisions > 30
    kinds = {line.split()[1] for line in match.log_lines() if line.startswith("Red ")}
    assert {"plays", "takes", "places"} <= kinds, f"the human's keys played moves: {kinds}"
    assert driver.focus_on("title_screen")
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "title"
