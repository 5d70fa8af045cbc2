"""Every scene renders at the smallest playable size, 1280x800 and 1920x1080 without exceptions; screenshots of each
are written to `_screenshots/<size>/` beside this file for a developer to look at.

One game is played once in the engine for all sizes (a module fixture); at each size the window
plays it from a fresh Match at three places: the opening (power cards, with the hand-off, in-game
settings and save screens over it), a few decisions before the last general scoring to its end
(action, scoring, Castillo reveal, game over), and the replay viewer on its record. Still frames
of its positions every STILL_EVERY decisions are drawn at each size as well, so the board of every
round is drawn at every size."""
from __future__ import annotations

import random
from dataclasses import dataclass

import pygame
import pytest

import engine
from engine import events as E
from game.match.controller import Match
from game.match.replay_model import ReplayModel
from game.shell.scene import Transition
from game.scenes.challenges import ChallengesScene
from game.scenes.dialog import MessageScene
from game.scenes.files import FilesScene, SaveScene
from game.scenes.handoff import HandoffScene
from game.scenes.help import HelpScene
from game.scenes.play import MatchScene
from game.scenes.replay import ReplayScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.match.seats import COLOURS, Seat
from tests.game.driver import Driver, make_context

ALL_SCENES = {"title", "setup", "challenges", "power", "action", "castillo", "scoring", "game_over", "handoff",
              "settings", "help", "files", "save", "dialog", "replay"}
SEED = 21
BEFORE_LAST_SCORING = 3     # decisions the window plays before the move that starts the last general scoring
STILL_EVERY = 40            # decisions between two still frames


@dataclass
class PlayedGame:
    """A finished 4-player game (random legal moves) and copies of it at the places the window starts."""
    record: dict
    opening: engine.Game
    before_last_scoring: engine.Game
    stills: list[engine.Game]


@pytest.fixture(scope="module")
def played() -> PlayedGame:
    game = engine.new_game(players=list(COLOURS[:4]), seed=SEED, castillo="secret")
    rng = random.Random(SEED)
    opening, history, last_scoring = game.clone(), [], 0
    while not game.is_over:
        history.append(game.clone())
        events = game.play(rng.choice(game.legal_moves()))
        if any(isinstance(e, E.ScoringStarted) and e.kind == "general" for e in events):
            last_scoring = len(history) - 1
    assert last_scoring > BEFORE_LAST_SCORING
    return PlayedGame(game.record(), opening, history[last_scoring - BEFORE_LAST_SCORING],
                      history[STILL_EVERY::STILL_EVERY])


def ai_match(game: engine.Game) -> Match:
    """A match of four random AI seats from (a copy of) a position of the played game."""
    return Match.from_game(game.clone(), [Seat(p, "random") for p in game.players])


def draw_still(driver: Driver, game: engine.Game) -> None:
    """Draw one frame of the position's phase scene (no screenshot: the stills only must not raise)."""
    match = ai_match(game)
    driver.app.apply(Transition.replace(MatchScene(driver.scene.ctx, match)))
    shots, driver.app.screenshots = driver.app.screenshots, None
    try:
        driver.app.draw()
    finally:
        driver.app.screenshots = shots


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_every_scene_renders(size, screenshots, played):
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
    match = ai_match(played.opening)
    driver.app.apply(Transition.replace(MatchScene(ctx, match)))
    driver.step(2)
    driver.app.apply(Transition.push(HandoffScene(ctx, match, "before", "blue")))
    driver.step(2)
    driver.app.apply(Transition.pop())
    driver.app.apply(Transition.push(SettingsScene(ctx, in_game=True, match=match)))
    driver.step(2)
    driver.app.apply(Transition.replace(SaveScene(ctx, match)))
    driver.step(2)
    driver.app.apply(Transition.pop())
    for game in played.stills:
        draw_still(driver, game)
    match = ai_match(played.before_last_scoring)
    driver.app.apply(Transition.replace(MatchScene(ctx, match)))
    assert driver.until(lambda: driver.scene.name == "game_over", limit=3000)
    assert match.host_game.is_over and match.host_game.round == 9
    driver.step(3)
    driver.app.apply(Transition.push(ReplayScene(ctx, ReplayModel(played.record).window(), position=120)))
    driver.step(2)
    driver.app.apply(Transition.pop())
    assert ALL_SCENES <= set(driver.app.history)
    written = {p.stem.split("-", 1)[1] for p in folder.glob("*.png")}
    assert ALL_SCENES <= written
    assert driver.app.window.get_size() == size
    assert pygame.display.get_surface() is not None
