"""Every scene renders at the smallest playable size, 1280x800 and 1920x1080 without exceptions; screenshots of each
are written to tests/game/_screenshots/<size>/ for a developer to look at."""
from __future__ import annotations

import pygame
import pytest

from game.controller import Match
from game.replay_model import ReplayModel
from game.scene import Transition
from game.scenes.challenges import ChallengesScene
from game.scenes.dialog import MessageScene
from game.scenes.files import FilesScene, SaveScene
from game.scenes.handoff import HandoffScene
from game.scenes.help import HelpScene
from game.scenes.play import phase_scene
from game.scenes.replay import ReplayScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.seats import parse_players
from tests.game.driver import Driver, make_context

ALL_SCENES = {"title", "setup", "challenges", "power", "action", "castillo", "scoring", "game_over", "handoff",
              "settings", "help", "files", "save", "dialog", "replay"}


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_every_scene_renders(size, screenshots):
    folder = screenshots / f"{size[0]}x{size[1]}"
    for old in folder.glob("*.png"):
        old.unlink()
    ctx = make_context(speed=40.0)
    driver = Driver(TitleScene(ctx), size, shots=folder)
    driver.step(2)
    for scene in (SetupScene(ctx), ChallengesScene(ctx), HelpScene(ctx), HelpScene(ctx, card="eviction"),
                  SettingsScene(ctx, in_game=False), FilesScene(ctx, "load"), FilesScene(ctx, "replay"),
                  MessageScene(ctx, "Could not load", "broken.json: not valid JSON at line 1 column 2", True)):
        driver.app.apply(Transition.push(scene))
        driver.step(2)
        driver.app.apply(Transition.pop())
    match = Match(parse_players("random,random,random,random"), 21, castillo="secret")
    driver.app.apply(Transition.replace(phase_scene(match.game.phase)(ctx, match)))
    driver.app.apply(Transition.push(HandoffScene(ctx, match, "before", "blue")))
    driver.step(2)
    driver.app.apply(Transition.pop())
    driver.app.apply(Transition.push(SettingsScene(ctx, in_game=True, match=match)))
    driver.step(2)
    driver.app.apply(Transition.replace(SaveScene(ctx, match)))
    driver.step(2)
    driver.app.apply(Transition.pop())
    assert driver.until(lambda: driver.scene.name == "game_over", limit=20000)
    driver.step(3)
    driver.app.apply(Transition.push(ReplayScene(ctx, ReplayModel(match.game.record()), position=120)))
    driver.step(2)
    driver.app.apply(Transition.pop())
    assert ALL_SCENES <= set(driver.app.history)
    written = {p.stem.split("-", 1)[1] for p in folder.glob("*.png")}
    assert ALL_SCENES <= written
    assert driver.app.window.get_size() == size
    assert pygame.display.get_surface() is not None
