"""A scripted human plays a whole 4-player game against AI seats through the real scenes, by
clicking where things are drawn — never by calling the engine."""
from __future__ import annotations

import random

import pygame

from game.scenes.setup import kind_list_rects, seat_rects, start_button
from game.scenes.title import title_buttons
from tests.game.driver import Driver, human_target, make_context


def compress(names: list[str]) -> list[str]:
    out: list[str] = []
    for name in names:
        if not out or out[-1] != name:
            out.append(name)
    return out


def test_scripted_human_plays_a_full_game():
    from game.scenes.title import TitleScene
    ctx = make_context()
    driver = Driver(TitleScene(ctx), paint_every=10)
    driver.step()
    new_game = dict((item, rect) for rect, item in title_buttons())["new"]
    driver.click(new_game.center)
    assert driver.scene.name == "setup"
    for seat in (1, 2, 3):              # each seat's kind list: random, a fast AI seat
        driver.click(seat_rects(seat)["kind"].center)
        driver.click(dict((kind, rect) for rect, kind in kind_list_rects(seat))["random"].center)
    assert [s.kind for s in driver.scene.seats] == ["human", "random", "random", "random"]
    driver.click(start_button().center)
    match = driver.scene.match
    rng = random.Random(5)
    clicks = 0
    for _ in range(40000):
        if match.host_game.is_over and driver.scene.name == "game_over":
            break
        target = human_target(driver.scene, rng)
        if target:
            clicks += 1
            driver.click(target)
        else:
            driver.step()
    sequence = compress([n for n in driver.app.history if n not in ("help", "settings")])
    assert sequence[:4] == ["title", "setup", "power", "action"]
    assert sequence[-1] == "game_over"
    assert "castillo" in sequence and "scoring" in sequence
    first_castillo = sequence.index("castillo")
    assert sequence[first_castillo - 1] == "scoring"
    assert sequence.count("scoring") >= 3
    assert match.host_game.is_over and clicks > 30
    played_by_human = [line for line in match.log_lines() if line.startswith("Red ")]
    assert played_by_human, "the human's clicks must have played moves"
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "title"
