"""Regenerate the client screenshots in docs/screenshots/ (headless, seeded, no window):

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python docs/make_screenshots.py

Each picture is the real client driven by the test driver (tests/game/driver.py) into a scene:
the action phase with a region's standings, the Castillo reveal, a scoring summary, power-card
selection in Catalan, card help in Portuguese, the game-over screen, the replay viewer, the load
screen, two steps of Learn to play (`--tutorial` makes only those two), the hint panel and
the post-game review (`--advisor` stops after those), and the two accessibility settings — the
colour-blind palette and a 150% UI at 1366x768 (`--access` makes only those two). Saves go to a
temporary data directory, never the user's.
"""
from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["EL_GRANDE_DATA_DIR"] = tempfile.mkdtemp(prefix="el-grande-shots-")

import pygame

from game.shell import i18n, layout
from game.match import saves
from game.match.controller import Match
from game.render import hint_panel, style
from game.match.replay_model import ReplayModel
from game.shell.scene import Transition
from game.scenes.play import MatchScene
from game.match.seats import Seat
from tests.game.driver import Driver, make_context

SEATS = [Seat("red", "human", "Ana"), Seat("blue", "normal", "Bernat"), Seat("green", "normal", "Carla"),
         Seat("yellow", "normal", "Duarte")]


def save(driver: Driver, name: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(driver.app.surface, str(OUT / name))
    print(OUT / name)


def human_turn(driver: Driver, match: Match) -> bool:
    scene = driver.scene
    return getattr(scene, "my_turn", lambda: None)() == "red"


def play_until(driver: Driver, match: Match, rng: random.Random, done, limit: int = 20000) -> bool:
    """Advance the game (the human picks at random, and clicks scoring summaries away) until
    `done()` holds."""
    for _ in range(limit):
        if done():
            return True
        if getattr(driver.scene, "summary", None) is not None:
            driver.key(pygame.K_RETURN)
        elif human_turn(driver, match):
            match.play(rng.choice(match.host_game.legal_moves()))
        driver.step()
    return done()


def hover(driver: Driver, point: tuple[int, int], frames: int = 20) -> None:
    window = driver.app.to_window(point)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=window, rel=(0, 0), buttons=(0, 0, 0)))
    driver.step(frames)


def tutorial_step(ctx, index: int, name: str, nudge: str | None = None) -> None:
    """A step of Learn to play once its board is still, optionally after an unasked legal click."""
    from game.scenes.tutorial import TutorialScene
    from game.tutorial.lesson import load_lesson
    driver = Driver(TutorialScene(ctx, load_lesson(), index))
    scene = driver.scene
    driver.until(lambda: scene.top.my_turn() == "red" and not scene.top.tweener.busy)
    if nudge:
        driver.click(layout.area_point(nudge))
        driver.step(3)
    driver.step(2)
    save(driver, name)


def tutorial_shots() -> None:
    ctx = make_context(speed=1.0)
    i18n.set_language("en")
    tutorial_step(ctx, 6, "learn-to-play.png", nudge="valencia")
    i18n.set_language("pt")
    ctx.settings.language = "pt"
    from game.tutorial.lesson import load_lesson
    tutorial_step(ctx, load_lesson().first_of(2) + 1, "learn-to-play-portuguese.png")
    i18n.set_language("en")


def advisor_shots() -> None:
    """The hint panel with the best hint hovered (its ghosts on the map), and the post-game
    review of a game where the human played at random."""
    rng = random.Random(6)
    ctx = make_context(speed=1.0)
    i18n.set_language("en")
    match = Match(SEATS, 8)
    driver = Driver(MatchScene(ctx, match))
    play_until(driver, match, rng, lambda: match.host_game.round >= 3 and match.host_game.phase == "card"
               and human_turn(driver, match))
    driver.step(20)
    driver.key(pygame.K_h)
    driver.until(lambda: bool(driver.scene.hints.hints), limit=3000)
    driver.hover(hint_panel.row_rects(len(driver.scene.hints.hints))[0].center)
    driver.step(2)
    save(driver, "hint-panel.png")

    finished = Match(SEATS, 5, autosave=False)
    while not finished.host_game.is_over:
        finished.play(rng.choice(finished.host_game.legal_moves()))
    finished.events.clear()
    from game.scenes.review import ReviewScene
    review = ReviewScene(ctx, finished)
    driver.app.apply(Transition.reset(review))
    driver.until(lambda: review.done, limit=100000)
    driver.step(2)
    save(driver, "post-game-review.png")


def access_shots() -> None:
    """A round-4 action turn in the colour-blind palette (symbols on every piece, rank badges on),
    then the same game at 1366x768 with the UI at 150%, its settings screen over it."""
    rng = random.Random(4)
    ctx = make_context(speed=1.0)
    i18n.set_language("en")
    ctx.settings.palette = "colourblind"
    style.use_look("colourblind", 1.0)
    match = Match(SEATS, 8)
    driver = Driver(MatchScene(ctx, match))
    play_until(driver, match, rng, lambda: match.host_game.round >= 4 and match.host_game.phase == "card"
               and human_turn(driver, match))
    driver.step(20)
    driver.key(pygame.K_m)
    hover(driver, layout.area_point("aragon"), 60)
    save(driver, "colourblind-palette.png")
    driver.key(pygame.K_m)

    ctx.settings.palette, ctx.settings.ui_scale = "classic", 1.5
    style.use_look("classic", 1.5)
    driver = Driver(MatchScene(ctx, match), size=(1366, 768))
    driver.step(20)
    hover(driver, layout.area_point("castilla_la_nueva"), 60)
    save(driver, "ui-scale-150.png")
    from game.scenes.settings import SettingsScene
    driver.app.apply(Transition.push(SettingsScene(ctx, in_game=True, match=match)))
    driver.step(2)
    save(driver, "ui-scale-150-settings.png")
    style.use_look("classic", 1.0)


def main() -> None:
    if "--access" in sys.argv[1:]:
        access_shots()
        return
    tutorial_shots()
    if "--tutorial" in sys.argv[1:]:
        return
    advisor_shots()
    if "--advisor" in sys.argv[1:]:
        return
    access_shots()
    rng = random.Random(4)
    ctx = make_context(speed=1.0)
    i18n.set_language("en")
    match = Match(SEATS, 8)
    driver = Driver(MatchScene(ctx, match))
    play_until(driver, match, rng, lambda: match.host_game.round >= 4 and match.host_game.phase == "card"
               and human_turn(driver, match))
    driver.step(20)
    driver.key(pygame.K_m)
    hover(driver, layout.area_point("castilla_la_nueva"))
    save(driver, "action-phase.png")
    driver.key(pygame.K_m)
    hover(driver, (layout.current().side.centerx, 20), 2)
    play_until(driver, match, rng, lambda: driver.scene.name == "castillo")
    play_until(driver, match, rng, lambda: driver.scene.name == "castillo" and bool(driver.scene.mode.discs), 3000)
    driver.step(4)
    save(driver, "castillo-reveal.png")
    done = match.feed.summaries_seen
    for _ in range(20000):
        if match.feed.summaries_seen > done and getattr(driver.scene, "summary", None) is not None:
            break
        driver.step()
    driver.step(2)
    save(driver, "scoring-summary.png")

    i18n.set_language("ca")
    match = Match(SEATS, 12)
    driver = Driver(MatchScene(ctx, match))
    play_until(driver, match, rng, lambda: match.host_game.round >= 3 and match.host_game.phase == "power"
               and human_turn(driver, match) and len(driver.scene.table.power_played) >= 2)
    driver.step(10)
    save(driver, "power-cards-catalan.png")

    from game.scenes.help import HelpScene
    i18n.set_language("pt")
    driver.app.apply(Transition.push(HelpScene(ctx, card="cull_1_each_opponent")))
    driver.step(2)
    save(driver, "card-help-portuguese.png")
    driver.app.apply(Transition.pop())

    i18n.set_language("en")
    finished = Match(SEATS, 5, autosave=False)
    while not finished.host_game.is_over:
        finished.play(rng.choice(finished.host_game.legal_moves()))
    finished.events.clear()
    from game.scenes.game_over import GameOverScene
    driver.app.apply(Transition.replace(GameOverScene(ctx, Match.from_game(finished.host_game, finished.seat_meta(),
                                                                         autosave=False))))
    driver.step(2)
    save(driver, "game-over.png")
    from game.scenes.replay import ReplayScene
    model = ReplayModel(finished.host_game.record(), "game", tuple(finished.seat_meta()))
    driver.app.apply(Transition.replace(ReplayScene(ctx, model.window(), position=150)))
    driver.step(2)
    save(driver, "replay-viewer.png")

    saves.save_slot("Before the King moves", match.host_game, match.seat_meta())
    saves.save_slot("Castillo gamble", finished.host_game, finished.seat_meta())
    from game.scenes.files import FilesScene
    from game.scenes.title import TitleScene
    driver.app.apply(Transition.reset(TitleScene(ctx)))
    driver.app.apply(Transition.push(FilesScene(ctx, "load")))
    driver.step(2)
    save(driver, "load-game.png")


if __name__ == "__main__":
    main()
