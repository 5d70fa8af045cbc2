"""The match screen draws in layers — map < target highlights < pieces and
ghosts < labels < tooltips and panels < modal dialogs — so the pixels inside an open tooltip,
the scoring table and the lesson panel are the same in every frame while the highlights pulse
beneath them, and a tooltip never covers the buttons the prompt asks for."""
from __future__ import annotations

import pygame

from game.match.controller import Match
from game.match.seats import parse_players
from game.render.score_panel import panel_rect
from game.scenes.play import MatchScene
from game.shell import layout
from tests.game.driver import Driver, make_context


def human_deciding(seats: str = "human,easy,easy", seed: int = 4) -> tuple[Driver, MatchScene]:
    match = Match(parse_players(seats), seed, autosave=False)
    driver = Driver(MatchScene(make_context(), match))
    assert driver.until(lambda: driver.scene.my_turn() is not None and bool(driver.scene.targets())
                        or (driver.scene.my_turn() is not None and driver.scene.name == "power"))
    return driver, driver.scene


def frame_at(driver: Driver, screen, clock: float) -> pygame.Surface:
    """The frame drawn with the targets' pulse at `clock` (nothing else changed)."""
    screen.clock = clock
    surface = pygame.Surface(driver.app.window.get_size())
    screen.draw(surface)
    return surface


def same_inside(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> bool:
    rect = rect.clip(a.get_rect())
    return pygame.image.tobytes(a.subsurface(rect), "RGB") == pygame.image.tobytes(b.subsurface(rect), "RGB")


def test_an_open_tooltip_is_not_crossed_by_the_pulsing_targets():
    """A region's standings stay the same pixels at both ends of the pulse."""
    driver, screen = human_deciding()
    for _ in range(3000):
        if screen.my_turn() and screen.targets() and screen.name != "power":
            break
        if screen.my_turn():
            screen.match.play(screen.match.legal_moves()[0])
        driver.step()
    area = sorted(screen.targets() - {"castillo"})[0]
    screen.hover = layout.area_point(area)
    screen.pinned_area = area
    low, high = frame_at(driver, screen, 0.0), frame_at(driver, screen, 0.75)
    rect = screen.draw_tooltip(pygame.Surface(low.get_size()))
    assert rect is not None
    assert not same_inside(low, high, layout.current().map_rect), "the targets pulse (test sanity)"
    assert same_inside(low, high, rect)
    for button in screen.asked_buttons():
        assert not rect.colliderect(button), "the tooltip covers a button the prompt asks for"


def test_the_scoring_table_is_a_modal_layer_over_the_pulse():
    """§8.1 (the summary): the scoring table's pixels do not change with the pulse."""
    driver, screen = human_deciding()
    match = screen.match
    while not match.feed.summaries:
        legal = match.host_game.legal_moves()
        match.play(legal[-1] if legal[-1].verb != "done" else legal[0])
    screen.summary = match.feed.summaries[-1][1]
    low, high = frame_at(driver, screen, 0.0), frame_at(driver, screen, 0.75)
    assert same_inside(low, high, panel_rect(screen.summary, len(match.players)))


def test_the_lesson_panel_and_a_tooltip_stay_above_the_lessons_pulses(monkeypatch):
    """The lesson's gold frame and click target pulse under its panel."""
    from game.scenes.tutorial import TutorialScene
    from game.tutorial.lesson import load_lesson
    from game.tutorial.targets import panel_rect as lesson_panel
    driver = Driver(TutorialScene(make_context(), load_lesson(), 2))
    driver.step(5)
    scene = driver.scene
    frames = []
    for ticks in (0, 700):
        monkeypatch.setattr(pygame.time, "get_ticks", lambda t=ticks: t)
        surface = pygame.Surface(driver.app.window.get_size())
        scene.draw(surface)
        frames.append(surface)
    assert same_inside(frames[0], frames[1], lesson_panel())
