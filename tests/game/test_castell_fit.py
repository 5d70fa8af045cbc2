"""Castell's scenes fit in every language: the table mid-game, the tower builder, a festival's
results, the final scoring, the pause menu (and its house-rules note) and every topic of the help,
drawn headless in English, Portuguese and Catalan at 1024x640 and 1920x1080 with every text
recorded (the table and the builder also at the largest UI scale, 150% text); a text fits when it lies inside the window, its button or paragraph and its panel, and
over no other text of its scene (tests/game/test_ui_scale_fit.py's check, as for El Grande)."""
from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator

import pytest

from engine.castell import events as ev
from engine.castell.position import FESTIVAL
from game.match.castell_match import CastellMatch
from game.match.seats import Seat
from game.present import castell_builder as bmodel
from game.present import castell_screen as model
from game.scenes.castell_help import TOPICS, CastellHelp
from game.scenes.castell_pause import CastellPause
from game.scenes.castell_play import CastellScene
from game.render import style
from game.shell import i18n
from game.shell.scene import Scene, Transition
from tests.game.driver import Driver, make_context
from tests.game.test_ui_scale_fit import Recorder, problems

SIZES = [(1024, 640), (1920, 1080)]
SEATS = ("red", "blue", "green", "yellow")


def match_until(stop: Callable[[CastellMatch], bool], seed: int = 10) -> CastellMatch:
    """A four-player game of random legal moves, a festival tower whenever one can be declared,
    stopped where `stop` says."""
    match = CastellMatch([Seat(p, "human") for p in SEATS], seed=seed, autosave=False)
    rng = random.Random(seed)
    while not stop(match):
        assert not match.is_over, "the game ended first"
        moves = match.game.legal_moves()
        towers = [m for m in moves if m.verb == "tower"]
        match.play(rng.choice(towers or moves))
    return match


def mid_game() -> CastellMatch:
    return match_until(lambda m: m.game.round >= 6 and m.game.phase == "turn" and m.game.used == 0)


MIDDLE = functools.cache(mid_game)      # the scenes read it only: one game for every case


@functools.cache
def at_festival() -> CastellMatch:
    return match_until(lambda m: m.game.phase == FESTIVAL and m.game.round >= 5)


@functools.cache
def after_festival() -> CastellMatch:
    return match_until(lambda m: festival_held(m) is not None)


@functools.cache
def game_over() -> CastellMatch:
    return match_until(lambda m: m.is_over)


def festival_held(match: CastellMatch) -> ev.FestivalHeld | None:
    return next((e for e in reversed(match.events) if isinstance(e, ev.FestivalHeld) and len(e.entries) > 2), None)


@pytest.fixture
def language() -> Iterator[None]:
    yield
    i18n.set_language("en")


def scenes(ctx) -> dict[str, Callable[[], Scene]]:
    """Each Castell scene to check, made afresh (on the module's games, played once)."""
    def table(match: CastellMatch, ui: model.Ui | None = None) -> Callable[[], Scene]:
        def make() -> Scene:
            scene = CastellScene(ctx, match)
            if ui is not None:
                scene.ui = ui
            return scene
        return make
    middle = MIDDLE()
    view = middle.view()
    seat = view.to_move_idx
    tile = next(t for r in view.rows for t in r)
    festival, after = at_festival(), after_festival()
    held = festival_held(after)
    assert held is not None
    fest_view = festival.view()
    made: dict[str, Callable[[], Scene]] = {
        "table mid-game": table(middle),
        "table, a staged move": table(middle, model.Ui(staged=middle.game.legal_moves()[0])),
        "builder for a tile": table(middle, model.Ui(builder=bmodel.Builder.for_tile(view, seat, tile))),
        "builder at a festival": table(festival, model.Ui(builder=bmodel.Builder.for_festival(
            fest_view, fest_view.to_move_idx).best())),
        "festival results": table(after, model.Ui(results=held)),
        "final scoring": table(game_over()),
        "pause": lambda: CastellPause(ctx, middle),
    }
    return made


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "pt", "ca"])
def test_every_castell_scene_fits_in_every_language(lang: str, size: tuple[int, int], monkeypatch,
                                                    language: None) -> None:
    i18n.set_language(lang)
    ctx = make_context(speed=40.0)
    ctx.settings.language = lang
    recorder = Recorder(monkeypatch)
    driver = Driver(CastellPause(ctx, MIDDLE()), size)
    found: dict[str, list[str]] = {}

    def check(name: str, drawn: list) -> None:
        assert len(drawn) > 3, name
        found[name] = problems(drawn)
    for name, make in scenes(ctx).items():
        driver.app.apply(Transition.reset(make()))
        driver.step(1)
        check(name, recorder.frame(driver))          # the second frame (the first one settles it)
        assert driver.scene.name not in ("error", "title"), name
    pause = driver.scene
    assert isinstance(pause, CastellPause)
    pause.choose("house")
    check("pause, the house rules", recorder.draw(driver))
    for topic, _, _ in TOPICS:
        help_scene = CastellHelp(ctx)
        help_scene.topic = topic
        driver.app.apply(Transition.reset(help_scene))
        check(f"help, {topic}", recorder.frame(driver))
    bad = [f"{name}: {line}" for name, lines in found.items() for line in lines]
    assert not bad, "\n".join(bad)


@pytest.fixture
def large_text() -> Iterator[None]:
    style.use_look("classic", 1.5)
    yield
    style.use_look("classic", 1.0)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "pt", "ca"])
def test_the_castell_table_and_builder_fit_at_150_percent_text(lang: str, size: tuple[int, int], monkeypatch,
                                                               language: None, large_text: None) -> None:
    """The UI scale setting's largest text (game/render/style.py UI_SCALES): the table and the
    tower builder, where a player reads most, still fit."""
    i18n.set_language(lang)
    ctx = make_context(speed=40.0)
    middle = MIDDLE()
    view = middle.view()
    tile = next(t for r in view.rows for t in r)
    recorder = Recorder(monkeypatch)
    found: dict[str, list[str]] = {}
    for name, ui in (("table", None), ("builder", model.Ui(builder=bmodel.Builder.for_tile(view, view.to_move_idx, tile)))):
        scene = CastellScene(ctx, middle)
        if ui is not None:
            scene.ui = ui
        found[name] = problems(recorder.frame(Driver(scene, size)))
    bad = [f"{name}: {line}" for name, lines in found.items() for line in lines]
    assert not bad, "\n".join(bad)
