"""The window opens within the desktop and at the size the player last left it (the
default 1280x800 window opened larger than a 1366x768 or 1024x640 desktop, cropped)."""
from __future__ import annotations

import pygame
import pytest

from game.shell import display, layout
from game.shell.app import App
from game.shell.scene import Context
from game.shell.settings import Settings
from game.scenes.title import TitleScene
from tests.game.driver import make_context


@pytest.mark.parametrize("desktop", [(1024, 640), (1366, 768), (1280, 800), (1920, 1080), (2560, 1440)])
def test_the_first_size_fits_the_desktop(desktop):
    size = display.fit_to_desktop(layout.LOGICAL, desktop, layout.MINIMUM)
    assert size[0] <= desktop[0] and size[1] <= desktop[1]
    assert size[0] >= min(layout.MINIMUM[0], desktop[0]) and size[1] >= min(layout.MINIMUM[1], desktop[1])
    if desktop[1] - display.DESKTOP_MARGIN[1] >= layout.LOGICAL[1]:
        assert size == layout.LOGICAL            # a desktop with room: the designed size
    else:
        assert size[1] < desktop[1] or desktop[1] <= layout.MINIMUM[1]   # room left for a title bar


def test_a_remembered_size_is_read_back_and_a_bad_one_ignored(monkeypatch):
    monkeypatch.setattr(display, "desktop_size", lambda: (1920, 1080))
    assert display.first_window_size("1600x900", layout.LOGICAL, layout.MINIMUM) == (1600, 900)
    assert display.first_window_size("4000x3000", layout.LOGICAL, layout.MINIMUM) == (1904, 1000)
    for bad in ("", "big", "0x0", "12x", "x12", "-5x7"):
        assert display.first_window_size(bad, layout.LOGICAL, layout.MINIMUM) == layout.LOGICAL, bad


def test_the_app_opens_within_the_desktop_and_remembers_its_last_size(monkeypatch):
    monkeypatch.setattr(display, "desktop_size", lambda: (1366, 768))
    ctx = make_context()
    app = App(TitleScene(ctx), None)
    width, height = app.window.get_size()
    assert width <= 1366 and height <= 768 - display.DESKTOP_MARGIN[1]
    app.window = pygame.display.set_mode((1200, 650), pygame.RESIZABLE)   # the player resizes it
    app.step(1 / 30)
    app.remember_window_size()                                              # as run() ends
    assert Settings.load().window == "1200x650"
    assert App(TitleScene(Context(Settings.load(), ctx.sounds, {})), None).window.get_size() == (1200, 650)


def test_a_size_left_on_another_desktop_gives_way_to_the_default(monkeypatch):
    """A window left at 1264x720 on a 1280x800 laptop opens at the default size on a 1920x1080
    monitor; on the same desktop it opens as it was left (settings.json `desktop`)."""
    monkeypatch.setattr(display, "desktop_size", lambda: (1920, 1080))
    assert display.first_window_size("1264x720", layout.LOGICAL, layout.MINIMUM, "1280x800") == layout.LOGICAL
    assert display.first_window_size("1264x720", layout.LOGICAL, layout.MINIMUM, "1920x1080") == (1264, 720)
    assert display.first_window_size("1264x720", layout.LOGICAL, layout.MINIMUM) == (1264, 720)   # unknown: kept


def test_the_app_notes_the_desktop_with_the_window_size(monkeypatch):
    monkeypatch.setattr(display, "desktop_size", lambda: (1366, 768))
    ctx = make_context()
    app = App(TitleScene(ctx), None)
    app.window = pygame.display.set_mode((1200, 650), pygame.RESIZABLE)
    app.step(1 / 30)
    app.remember_window_size()
    saved = Settings.load()
    assert (saved.window, saved.desktop) == ("1200x650", "1366x768")
    monkeypatch.setattr(display, "desktop_size", lambda: (1920, 1080))       # a larger monitor now
    assert App(TitleScene(Context(saved, ctx.sounds, {})), None).window.get_size() == layout.LOGICAL
