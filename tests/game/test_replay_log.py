"""The replay viewer's log has the play scenes' tall mode (the same LogView: L or the header's
button), its rows each of a move, clickable, the current move kept in view."""
from __future__ import annotations

import random

import pygame

from engine import new_game, random_playout
from game.shell import layout
from game.match.replay_model import ReplayModel
from game.scenes.replay import ReplayScene
from tests.game.driver import Driver, make_context


def test_l_and_the_header_button_toggle_a_tall_replay_log():
    game = random_playout(new_game(players=["red", "blue", "green"], seed=9), random.Random(9))
    driver = Driver(ReplayScene(make_context(), ReplayModel(game.record()).window(), position=120))
    driver.step()
    scene = driver.scene
    small, small_room = scene.log_rect(), scene.log_room()
    assert not scene.log_view.expanded
    driver.key(pygame.K_l)
    assert scene.log_view.expanded
    tall = scene.log_rect()
    assert tall == layout.current().side and tall.height > small.height and scene.log_room() > small_room
    rows = scene.log_rows()
    assert len(rows) == scene.log_room() and all(tall.contains(rect) for rect, _ in rows)
    current = scene.model.position - 1
    assert rows[-1][1] <= current and current - rows[-1][1] < 3, "the move shown stays in view"
    rect, index = next((r, i) for r, i in rows if 0 <= i < current)
    driver.click(rect.center)                              # a row still jumps to its move
    assert scene.model.position == index + 1 and scene.log_view.expanded
    driver.click(scene.log_view.toggle_rect.center)        # the header's button shrinks it back
    assert not scene.log_view.expanded and scene.log_rect() == small

