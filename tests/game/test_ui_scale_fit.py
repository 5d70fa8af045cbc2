"""Every text fits at every UI scale (100%, 125%, 150%) in a 1366x768 and a 1920x1080 window
(every language and a 1024x640 window: tests/game/test_el_grande_fit.py).

The main scenes are drawn headless at each scale and size while every line of text the client
draws is recorded (style.text, with the box of the button or paragraph it belongs to and the
panel under it). A text fits when it lies inside the window, inside the button or paragraph it
labels and the panel it is written on, and over no other text of its scene. Each scene is drawn on its own (an overlay without the scene below it), so
only texts meant to be read together are compared.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass

import pygame
import pytest

import engine
from game.shell import layout
from game.match.controller import Match
from game.render import style
from game.match.replay_model import ReplayModel
from game.shell.scene import Transition
from game.scenes.files import FilesScene
from game.scenes.game_over import GameOverScene
from game.scenes.help import HelpScene
from game.scenes.play import MatchScene
from game.scenes.replay import ReplayScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.match.seats import COLOURS, Seat
from tests.game.driver import Driver, make_context

SIZES = [(1366, 768), (1920, 1080)]
SLACK = 1      # units: anti-aliasing and rounding at a box's edge
# an engine id on screen (a card id, "castilla_la_vieja", an effect name): words the player never reads
ENGINE_ID = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\b(?:" + "|".join(engine.REGIONS) + r")\b")


@dataclass(frozen=True)
class Drawn:
    value: str
    rect: pygame.Rect                 # UI units
    box: pygame.Rect | None           # the button or paragraph the text belongs to
    tall_box: bool                    # the box bounds the text's height too (a button)
    covers: tuple[pygame.Rect, ...]   # opaque panels drawn after this text (a tooltip over the map)
    panel: pygame.Rect | None         # the last panel drawn under the text's centre: it must hold it


class Recorder:
    """Wraps style.text, style.button and style.paragraph to note where each line landed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[Drawn] = []
        self.target: pygame.Surface | None = None
        self._box: tuple[pygame.Rect, bool] | None = None
        self.panels: list[pygame.Rect] = []
        text, button, paragraph, panel = style.text, style.button, style.paragraph, style.panel

        def recorded_text(surface, value, *args, **kwargs):
            rect = text(surface, value, *args, **kwargs)
            if surface is self.target and value.strip():
                box, tall = self._box if self._box else (None, False)
                under = [p for p in self.panels if p.collidepoint(rect.center)]
                self.texts.append(Drawn(value, rect.copy(), box, tall, (), under[-1] if under else None))
            return rect

        def recorded_panel(surface, rect, *args, **kwargs):
            if surface is self.target:
                for i, d in enumerate(self.texts):
                    self.texts[i] = Drawn(d.value, d.rect, d.box, d.tall_box, (*d.covers, pygame.Rect(rect)), d.panel)
                self.panels.append(pygame.Rect(rect))
            return panel(surface, rect, *args, **kwargs)

        def boxed(fn, where, tall):
            """`fn` with its box (argument `where`) noted for the texts it draws."""
            def call(*args, **kwargs):
                rect = pygame.Rect(*(round(v) for v in tuple(args[where])))
                kept, self._box = self._box, (rect, tall)
                try:
                    return fn(*args, **kwargs)
                finally:
                    self._box = kept
            return call

        monkeypatch.setattr(style, "text", recorded_text)
        monkeypatch.setattr(style, "panel", recorded_panel)
        monkeypatch.setattr(style, "button", boxed(button, 1, True))
        monkeypatch.setattr(style, "paragraph", boxed(paragraph, 2, False))

    def draw(self, driver: Driver) -> list[Drawn]:
        """The texts of the top scene alone, drawn on the window."""
        self.texts, self.panels, self.target = [], [], driver.app.surface
        driver.scene.draw(driver.app.surface)
        self.target = None
        return self.texts

    def frame(self, driver: Driver) -> list[Drawn]:
        """The texts of the app's next frame (one update, and its one draw of the scenes shown),
        on the window: a scene just entered is drawn once, not a second time to be recorded. A
        frame the app does not redraw (nothing changed since the last) is the top scene drawn."""
        self.texts, self.panels, self.target = [], [], driver.app.surface
        drawn = len(driver.app.frame_times)
        driver.step(1)
        if len(driver.app.frame_times) == drawn:
            driver.scene.draw(driver.app.surface)
        self.target = None
        return self.texts


def problems(texts: list[Drawn]) -> list[str]:
    here = layout.current()
    window = pygame.Rect(0, 0, here.width, here.height).inflate(2 * SLACK, 2 * SLACK)
    out = []
    for d in texts:
        if ENGINE_ID.search(d.value):
            out.append(f"{d.value!r} shows an engine id")
        if not window.contains(d.rect):
            out.append(f"{d.value!r} {tuple(d.rect)} leaves the window")
        if d.panel is not None and not d.panel.inflate(2 * SLACK, 2 * SLACK).contains(d.rect):
            out.append(f"{d.value!r} {tuple(d.rect)} spills out of its panel {tuple(d.panel)}")
        if d.box is not None:
            box = d.box.inflate(2 * SLACK, 2 * SLACK)
            inside = (box.left <= d.rect.left and d.rect.right <= box.right
                      and (not d.tall_box or (box.top <= d.rect.top and d.rect.bottom <= box.bottom)))
            if not inside:
                out.append(f"{d.value!r} {tuple(d.rect)} outside its box {tuple(d.box)}")
    rects = [d.rect for d in texts]
    for i, a in enumerate(texts):
        for j in a.rect.collidelistall(rects[i + 1:]):      # only the texts it touches (pygame's loop)
            b = texts[i + 1 + j]
            if a.rect == b.rect:
                continue                  # a text's shadow or outline
            overlap = a.rect.clip(b.rect)
            # line boxes carry the font's leading: a few units of vertical overlap are no collision
            if overlap.width <= SLACK or overlap.height <= 4:
                continue
            if not any(cover.contains(overlap) for cover in a.covers if cover not in b.covers):
                out.append(f"{a.value!r} {tuple(a.rect)} runs into {b.value!r} {tuple(b.rect)}")
    return out


@pytest.fixture(scope="module")
def late_game() -> engine.Game:
    """A 4-player game of random legal moves, stopped at the start of round 5 (action phase)."""
    game = engine.new_game(players=list(COLOURS[:4]), seed=5)
    rng = random.Random(5)
    while not (game.round >= 5 and game.phase == "card"):
        game.play(rng.choice(game.legal_moves()))
    return game


def finished_game() -> engine.Game:
    game = engine.new_game(players=list(COLOURS[:4]), seed=6)
    rng = random.Random(6)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.fixture
def look():
    yield
    style.use_look("classic", 1.0)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", style.UI_SCALES)
def test_every_text_fits_its_box_at_every_ui_scale(scale, size, monkeypatch, late_game, look):
    style.use_look("classic", scale)
    ctx = make_context(speed=40.0)
    ctx.settings.ui_scale = scale
    bad = scene_problems(ctx, size, monkeypatch, late_game)
    assert not bad, "\n".join(bad)


def scene_problems(ctx, size, monkeypatch, late_game) -> list[str]:
    """Every main scene drawn in `size`: each text that does not fit, named with its scene."""
    recorder = Recorder(monkeypatch)
    driver = Driver(TitleScene(ctx), size)
    driver.step(2)
    found: dict[str, list[str]] = {}
    seats = [Seat(p, "human" if p == "red" else "random") for p in late_game.players]
    match = Match.from_game(late_game.clone(), seats, autosave=False)
    over = finished_game()
    scenes = {
        "title": lambda: TitleScene(ctx),
        "setup": lambda: SetupScene(ctx),
        "settings": lambda: SettingsScene(ctx, in_game=False),
        "settings in a game": lambda: SettingsScene(ctx, in_game=True, match=match),
        "help": lambda: HelpScene(ctx),
        "card help": lambda: HelpScene(ctx, card="eviction"),
        "load": lambda: FilesScene(ctx, "load"),
        "action": lambda: MatchScene(ctx, match),
        "game over": lambda: GameOverScene(ctx, Match.from_game(over.clone(), [Seat(p, "random") for p in over.players],
                                                                autosave=False)),
        "replay": lambda: ReplayScene(ctx, ReplayModel(over.record()).window(), position=120),
    }
    for name, make in scenes.items():
        driver.app.apply(Transition.reset(make()))
        driver.step(2)
        assert driver.scene.name not in ("error", "title") or name == "title", name   # drawn, no crash
        drawn = recorder.draw(driver)
        assert len(drawn) > 3, name
        found[name] = problems(drawn)
        if name == "action":
            driver.hover(layout.area_point("castilla_la_nueva"))
            driver.step(40)
            found["action, a region's standings"] = problems(recorder.draw(driver))
    return [f"{name}: {line}" for name, lines in found.items() for line in lines]
