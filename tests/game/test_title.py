"""The title screen of the two-game collection: every text inside its box in English, Portuguese
and Catalan from a 1024x640 to a 1920x1080 window at 100% and 150% text, with both lessons
finished (ticked), an unfinished game to continue, five online tables and a notice showing; its
buttons in keyboard order, each card's top to bottom, then the shared ones; the arrows across the
cards; Enter on the title starting the first button."""
from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import pygame
import pytest

from game.render import style
from game.render.online_tables import row_rects
from game.scenes.title import TitleScene, card_rects, menu_items, title_buttons
from game.shell import i18n
from game.tutorial import castell_lesson
from game.tutorial.progress import Progress, save_progress
from tests.game.driver import Driver, make_context
from tests.game.test_ui_scale_fit import Recorder, problems

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
TABLES = [{"code": code, "name": name, "game": game, "status": status, "to_move": "blue", "player": "red",
           "seats": [{"player": "red", "name": "Me"}, {"player": "blue", "name": "Bernat Ferrer"}]}
          for code, name, game, status in [("K7QP", "Alice", "castell", "playing"),
                                           ("ZZ12", "Bernat Ferrer", "el-grande", "playing"),
                                           ("AB34", "Carla", "el-grande", "open"), ("QW88", "Dani", "castell", "over"),
                                           ("MN55", "Eva", "castell", "playing")]]


@pytest.fixture
def restore() -> Iterator[None]:
    yield
    i18n.set_language("en")
    style.use_look("classic", 1.0)


def busy_title(language: str, scale: float) -> TitleScene:
    """A title with every text it can show: ticks, a lesson's step, Continue's round, the online
    tables (stored and listed) and a start-up notice."""
    ctx = make_context()
    ctx.settings.language, ctx.settings.ui_scale = language, scale
    ctx.notices.append("settings.json: line 3 is not valid, the defaults are used")
    scene = TitleScene(ctx)
    scene.castell_unfinished = [SimpleNamespace(round=7)]     # type: ignore[list-item]
    scene.online.stored, scene.online.tables = {"server": {}}, TABLES
    scene.refresh = scene.online.refresh = lambda: None       # type: ignore[method-assign]
    return scene


@pytest.mark.parametrize("language", ["en", "pt", "ca"])
def test_every_title_text_fits_its_box(language, data_dir, monkeypatch, restore):
    i18n.set_language(language)
    save_progress(Progress(0, True))
    save_progress(Progress(7, True), castell_lesson.PROGRESS_FILE)
    recorder = Recorder(monkeypatch)
    bad = []
    for scale in (1.0, 1.5):
        style.use_look("classic", scale)
        for size in SIZES:
            driver = Driver(busy_title(language, scale), size)
            driver.step()
            drawn = recorder.draw(driver)
            where = f"{language} {size} {scale:.0%}"
            bad += [f"{where}: {line}" for line in problems(drawn)]
            scene = driver.scene
            assert isinstance(scene, TitleScene) and scene.notice_time > 0
            cards = card_rects()
            for rect, item in title_buttons(True, True):
                label = next(d.rect for d in drawn if d.value == scene.label(item) and d.rect.colliderect(rect))
                assert rect.contains(label), (where, item)
                if item.startswith("learn"):          # the tick at the button's left end, clear of it
                    assert label.left > rect.x + 36, (where, item)
            for text in (d for d in drawn if d.rect.colliderect(cards[0]) or d.rect.colliderect(cards[1])):
                assert cards[0].contains(text.rect) or cards[1].contains(text.rect), (where, text)
            values = {d.value for d in drawn}
            assert {"El Grande", "Castell", scene.label("continue")} <= values
            for rect, _ in row_rects(scene.online):
                row = [d for d in drawn if rect.contains(d.rect)]
                assert len(row) == 2, (where, rect, row)
    assert not bad, "\n".join(bad)


def test_keyboard_order_is_each_card_then_the_shared_buttons(data_dir):
    driver = Driver(TitleScene(make_context()))
    driver.step()
    keys = [target.key for target in driver.scene.focus_targets()]
    assert keys == [item for item in menu_items(False) if item != "continue"]     # nothing to continue
    assert keys[:5] == ["learn", "new", "challenges", "learn_castell", "castell"]
    assert keys[5:] == ["online", "load", "replays", "settings", "help", "quit"]
    driver.key(pygame.K_TAB)
    focus = driver.app.focus
    assert focus.key == "learn"
    rects = dict((item, rect) for rect, item in title_buttons())
    grande, castell = card_rects()
    for item in ("learn", "new", "challenges"):   # → from El Grande's card lands in Castell's, ← back
        assert driver.focus_on(item)
        driver.key(pygame.K_RIGHT)
        assert castell.contains(rects[focus.key]), (item, focus.key)
        driver.key(pygame.K_LEFT)
        assert grande.contains(rects[focus.key]), (item, focus.key)
    assert driver.focus_on("challenges")
    driver.key(pygame.K_DOWN)
    assert rects[focus.key].y > castell.bottom and focus.key != "continue", "↓ from a card reaches the shared row"


def test_enter_on_the_title_starts_its_first_button(data_dir):
    save_progress(Progress(0, True))
    driver = Driver(TitleScene(make_context()))
    driver.step()
    assert menu_items(True)[0] == "new"
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "setup"
