"""The panels docked at the foot of the side column (the hints, the Learn to play lesson) and the
game log, in real scenes: the log makes room above the docked panel and is never covered by it
(game/shell/layout.py `side_panels`)."""
from __future__ import annotations

import pygame
import pytest

from game.scenes.match_screen import hints as match_hints
from game.shell import layout
from game.match.controller import Match
from game.render import hint_panel, style
from game.scenes.play import MatchScene
from game.scenes.tutorial import TutorialScene
from game.match.seats import parse_players
from game.tutorial.lesson import load_lesson
from game.tutorial.targets import panel_rect
from tests.game.driver import Driver, make_context


def _hints_shown(size: tuple[int, int]) -> Driver:
    match = Match(parse_players("human,easy,easy"), 4, autosave=False)
    driver = Driver(MatchScene(make_context(), match), size)
    assert driver.until(lambda: driver.scene.my_turn() is not None)
    driver.key(pygame.K_h)
    assert driver.until(lambda: bool(driver.scene.hints.hints), limit=2000)
    driver.step()
    return driver


@pytest.mark.parametrize("size", [(1280, 800), (1024, 768)])
def test_the_hint_panel_never_covers_the_log_normal_or_tall(size):
    driver = _hints_shown(size)
    log = driver.scene.log_view
    assert log.dock == "hint"
    panel = hint_panel.panel_rect()
    for tall in (False, True):
        if log.expanded != tall:
            driver.key(pygame.K_l)
        shown = log.shown_rect
        if layout.current().height > 800 or tall:       # an 800-unit window: the panel takes the normal log's place
            assert shown is not None and shown.height >= layout.LOG_MIN
        if shown is not None:
            assert not shown.colliderect(panel) and log.room * log.line_height <= shown.height


@pytest.mark.parametrize("size", [(1280, 800), (1024, 768)])
def test_the_lesson_panel_never_covers_the_log_and_offers_no_hints(size):
    driver = Driver(TutorialScene(make_context(), load_lesson()), size)
    driver.step(3)
    log = driver.scene.top.log_view
    assert log.dock == "lesson"
    for tall in (False, True):
        if log.expanded != tall:
            driver.key(pygame.K_l)
        shown = log.shown_rect
        if layout.current().height > 800 or tall:
            assert shown is not None
        if shown is not None:
            assert not shown.colliderect(panel_rect())
    assert not match_hints.hints_offered(driver.scene.top)


def test_a_hint_row_is_drawn_whole_and_the_panel_grows_for_it(monkeypatch):
    """Hints' plans and reasons wrap inside their rows, never cut with "…": a long plan makes its
    row and the panel taller (upwards), and every line stays inside its row."""
    layout.use((1366, 768))
    short = hint_panel.HintRow("“Score an area” · place first", "5 points more than #2: it scores 7 points at once.",
                               "best")
    long = hint_panel.HintRow(" · ".join(["“The King” · act first · King → Castilla la Nueva"] * 4), short.reason,
                              "best")
    screen = layout.current()
    surface = pygame.Surface((screen.width, screen.height))
    assert hint_panel.panel_rect([short]) == layout.docked_rect("hint")
    assert hint_panel.panel_rect([long] * 3).height > hint_panel.panel_rect([short] * 3).height
    drawn: list[tuple[str, pygame.Rect]] = []
    text = style.text
    monkeypatch.setattr(style, "text", lambda s, value, *a, **k: drawn.append((value, text(s, value, *a, **k)))
                        or drawn[-1][1])
    for row in (short, long):
        drawn.clear()
        hint_panel.hint_panel(surface, [row], thinking=False, failed=False, hover=None, pulse=0.0)
        box = hint_panel.row_rects([row])[0]
        lines = [(value, rect) for value, rect in drawn if rect.colliderect(box)]
        assert all(box.contains(rect) for _, rect in lines)
        assert not any("…" in value for value, _ in lines)
        assert " ".join(value for value, _ in lines).count("Castilla") == row.plan.count("Castilla")
