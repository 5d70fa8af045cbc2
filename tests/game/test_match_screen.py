"""One long-lived match screen. Its phases (power, action, general scoring,
Castillo reveal) are modes of one scene, so what the player set on the screen — rank badges (M),
a pinned tooltip, the tall log and its scroll — survives every phase change; and drawing a
frame changes nothing."""
from __future__ import annotations

import random

import pygame

from game.match.controller import Match
from game.match.seats import parse_players
from game.scenes.play import MatchScene
from tests.game.driver import Driver, make_context

MODES = {"power", "action", "scoring", "castillo"}


def test_ui_state_lives_through_every_phase_of_a_game():
    """§5.1 (round structure: power, action, general scoring with the Castillo):
    from the first power card to the game's end one screen shows every phase, its badges, pinned
    standings and tall scrolled log unchanged."""
    match = Match(parse_players("random,random,random"), 5, variant="short", autosave=False)
    driver = Driver(MatchScene(make_context(speed=40.0), match), paint_every=10)
    screen = driver.scene
    screen.marks = True
    screen.pinned_area = "aragon"
    screen.log_view.expanded = True
    screen.log_view.first = 0
    seen: list[str] = []
    for _ in range(40000):
        if match.host_game.is_over and driver.scene is not screen:
            break
        scene = driver.scene
        if scene.name in MODES:
            assert scene is screen, f"a new scene for the {scene.name} phase"
            if not seen or seen[-1] != scene.name:
                seen.append(scene.name)
            assert screen.marks and screen.pinned_area == "aragon" and screen.log_view.expanded
        scene.summary = None                    # read at once: AI-only summaries wait a few seconds
        driver.step()
    assert match.host_game.is_over
    assert {"power", "action", "scoring", "castillo"} <= set(seen), seen
    assert seen.count("power") >= 5, "every round's power phase came back to the same screen"


def state_of(screen: MatchScene) -> tuple:
    """What a frame could change by mistake: choices, clocks, staging, preview, hover dwell, log."""
    return (screen.picker.verb, tuple(screen.picker.moves), dict(screen.picker.chosen), screen._picker_key,
            screen.step_clock, screen.clock, screen.staging.move, screen.preview, screen.hover_time,
            screen.toast_time, screen.log_view.first, screen.log_view.expanded, screen.log_view.dock,
            screen.mode, screen.summary, len(screen.table.sprites))


def test_drawing_a_frame_changes_nothing():
    """`draw` is pure — the screen's state and its frame (what the app compares to decide a
    redraw, game/shell/app.py) are the same after drawing as before, at every frame of a human's
    turns and the AIs' between them, the mouse anywhere."""
    match = Match(parse_players("human,easy,easy"), 4, autosave=False)
    driver = Driver(MatchScene(make_context(), match), paint_every=10)   # the test paints every frame itself
    screen = driver.scene
    surface = pygame.Surface(driver.app.window.get_size())
    rng = random.Random(2)
    checked, seen = 0, set()
    for _ in range(300):
        if driver.scene is screen:
            screen.hover = (rng.randrange(0, 1280), rng.randrange(0, 800))
            before, frame = state_of(screen), screen.frame()
            screen.draw(surface)
            assert state_of(screen) == before and screen.frame() == frame
            checked += 1
            seen.add(screen.name)
        if screen.my_turn():
            moves = match.legal_moves()
            match.play(moves[-1] if moves[-1].verb != "done" else moves[0])
        driver.step()
    assert checked > 100 and {"power", "action"} <= seen
