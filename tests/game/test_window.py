"""The window: a layout for any size and aspect, hit tests that match the pixels drawn, a request
to enlarge a window below the minimum, redraws only when something changes, and a clear exit
without a display."""
from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.shell import layout
from game.match.controller import Match
from game.render import draw, style
from game.scenes.play import MatchScene
from game.scenes.title import TitleScene, title_buttons
from game.match.seats import parse_players
from tests.game.driver import Driver, make_context

ROOT = Path(__file__).resolve().parents[2]
PLAY_RECTS = ("top_bar", "map_rect", "prompt_rect", "choice_row", "undo_button", "hand_row", "hand_plate",
              "track_rect", "side", "players_rect", "cards_rect", "log_rect", "menu_button", "help_button",
              "round_track")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1366, 768), (1920, 1080), (2560, 1440),
                                  (1024, 768), (2560, 1080)])
def test_the_layout_fills_the_window_and_nothing_overlaps(size):
    here = layout.Layout.for_window(size)
    screen = pygame.Rect(0, 0, here.width, here.height)
    assert abs(here.width * here.scale - size[0]) < here.scale + 1
    assert abs(here.height * here.scale - size[1]) < here.scale + 1
    for name in PLAY_RECTS:
        assert screen.contains(getattr(here, name)), name
    assert not here.map_rect.colliderect(here.side)
    assert not here.menu_button.colliderect(here.help_button)
    assert not here.round_track.colliderect(here.help_button)
    assert here.frame.size == layout.DESIGN and screen.contains(here.frame)
    assert here.hand_plate.bottom <= here.height and here.track_rect.bottom <= here.height


@pytest.mark.parametrize("size", [(1024, 640), (1024, 768), (1280, 800), (1280, 960), (1366, 768), (1600, 1200),
                                  (1920, 1080), (2048, 1536), (2560, 1080), (2560, 1440)])
@pytest.mark.parametrize("tall_log", [False, True])
@pytest.mark.parametrize("dock", [None, "hint", "lesson"])
def test_no_side_panel_covers_another(size, tall_log, dock):
    """The action cards, the log and the docked panel (hints or the lesson) stack in the side
    column: none covers another or the player panels, the tall log is always shown, and the
    normal log too wherever the window is taller than 800 units."""
    here = layout.Layout.for_window(size)
    panels = layout.side_panels(tall_log, dock, here)
    shown = [*panels.shown(), here.players_rect]
    for i, a in enumerate(shown):
        assert here.side.contains(a), a
        assert not any(a.colliderect(b) for b in shown[i + 1:]), (a, shown)
    assert (panels.docked is not None) == (dock is not None) and (panels.cards is None) == tall_log
    if tall_log or dock is None or here.height >= 960:
        assert panels.log is not None and panels.log.height >= layout.LOG_MIN


def test_a_wide_window_gives_the_side_panels_more_room_a_tall_one_the_log():
    wide, design, tall = (layout.Layout.for_window(s) for s in ((1920, 1080), (1280, 800), (1024, 768)))
    assert wide.scale == pytest.approx(1.35) and wide.side.width > design.side.width
    assert tall.log_rect.height > design.log_rect.height
    assert tall.track_rect.bottom > design.track_rect.bottom        # the rows stay at the bottom
    ultra = layout.Layout.for_window((2560, 1080))
    assert ultra.side.width == design.side.width + layout.SIDE_MAX_EXTRA
    left_gap, right_gap = ultra.map_rect.x, ultra.width - ultra.side.right
    assert abs(left_gap - right_gap) <= 2                               # then map and side are centred


def edge_pixels(rect: pygame.Rect) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The corner pixels a rectangle is drawn on, and the pixels just outside them."""
    drawn = draw.rect_px(rect)
    inside = [drawn.topleft, (drawn.right - 1, drawn.top), (drawn.left, drawn.bottom - 1),
              (drawn.right - 1, drawn.bottom - 1)]
    outside = [(drawn.left - 1, drawn.top), (drawn.right, drawn.top), (drawn.left, drawn.top - 1),
               (drawn.left, drawn.bottom)]
    return inside, outside


def human_at_a_power_card() -> Match:
    return Match(parse_players("human,random,random"), 5, autosave=False)


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768), (1111, 777)])
def test_hit_tests_match_the_pixels_drawn_at_any_size(size):
    ctx = make_context()
    match = human_at_a_power_card()
    driver = Driver(MatchScene(ctx, match), size)
    driver.step(2)
    app = driver.app
    targets = [*layout.hand_rects(), *layout.card_rects(), layout.current().menu_button, layout.current().help_button,
               *[rect for rect, _ in title_buttons()]]
    for rect in targets:
        inside, outside = edge_pixels(rect)
        assert all(rect.collidepoint(app.to_logical(p)) for p in inside), rect
        assert not any(rect.collidepoint(app.to_logical(p)) for p in outside), rect
    for area in ("galicia", "aragon", "castillo", "sevilla"):
        assert layout.area_at(app.to_logical(app.to_window(layout.area_point(area)))) == area


def test_a_click_on_a_drawn_button_works_at_a_non_16_10_size():
    ctx = make_context()
    driver = Driver(TitleScene(ctx), (1366, 768))
    driver.step(2)
    settings = dict((item, rect) for rect, item in title_buttons())["settings"]
    driven = draw.rect_px(settings)
    assert driver.app.window.get_at(driven.center)[:3] == style.PARCHMENT   # the button is drawn there
    driver.click(settings.center)
    assert driver.scene.name == "settings"


def test_below_the_minimum_the_window_asks_to_be_enlarged_then_plays_on():
    ctx = make_context()
    driver = Driver(TitleScene(ctx), (800, 500))
    drawn_scenes = []
    driver.scene.draw = lambda surface: drawn_scenes.append(surface)
    driver.step(2)
    window = driver.app.window
    assert layout.current().too_small and drawn_scenes == []
    colours = {window.get_at((x, y))[:3] for x in range(0, 800, 4) for y in range(200, 300, 2)}
    assert style.GOLD_LIGHT in colours and style.PARCHMENT in colours    # the two lines of the request
    driver.click(dict((item, rect) for rect, item in title_buttons())["new"].center)
    assert driver.scene.name == "title"                                    # no click through
    driver.app.window = pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 800), w=1280, h=800))
    driver.step()
    assert not layout.current().too_small and len(drawn_scenes) == 1


def frames_over(driver: Driver, steps: int) -> int:
    before = len(driver.app.frame_times)
    driver.step(steps)
    return len(driver.app.frame_times) - before


def test_a_still_title_screen_is_not_redrawn_until_the_mouse_moves():
    driver = Driver(TitleScene(make_context()))
    driver.step(3)
    assert frames_over(driver, 60) == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 300), rel=(1, 1), buttons=(0, 0, 0)))
    assert frames_over(driver, 1) == 1
    assert frames_over(driver, 30) == 0


def test_a_human_deciding_gets_only_the_slow_pulse_of_the_lit_regions():
    from game.shell.scene import PULSE
    ctx = make_context()
    match = human_at_a_power_card()
    driver = Driver(MatchScene(ctx, match))
    assert driver.until(lambda: driver.scene.my_turn() == "red")
    driver.step(2)
    assert not driver.scene.picker.areas()
    assert frames_over(driver, 60) == 0                        # choosing a power card: nothing lit
    rng = random.Random(3)
    for _ in range(20000):                     # play on (at random) to a decision with regions lit
        if driver.scene.my_turn():
            driver.scene.refresh_picker()
            if driver.scene.picker.areas():
                break
            match.play(rng.choice(match.host_game.legal_moves()))
        driver.step()
    assert driver.scene.picker.areas()
    driver.step(2)
    seconds = 2
    pulses = frames_over(driver, int(seconds / (1 / 30)))
    assert abs(pulses - PULSE * seconds) <= 1


def test_every_frame_is_drawn_while_pieces_move():
    ctx = make_context(speed=1.0)
    match = Match(parse_players("random,random,random"), 4, autosave=False)
    driver = Driver(MatchScene(ctx, match))
    assert driver.until(lambda: driver.scene.tweener.busy)
    moving = 0
    while driver.scene.tweener.busy and moving < 20:
        assert frames_over(driver, 1) == 1
        moving += 1
    assert moving > 3


def run_without_display(env_changes: dict[str, str | None]) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    for key in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):
        env.pop(key, None)
    for key, value in env_changes.items():
        if value is not None:
            env[key] = value
    env["EL_GRANDE_DATA_DIR"] = str(Path(env.get("EL_GRANDE_DATA_DIR", "/tmp")) / "no-display")
    return subprocess.run([sys.executable, "-m", "game"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)


@pytest.mark.parametrize("driver_name", ["x11", None])
def test_without_a_display_one_line_says_so_and_the_exit_code_is_2(driver_name):
    """SDL_VIDEODRIVER=x11 with no X server fails to open; with no driver asked for, SDL falls back
    to its invisible offscreen driver, which must not pass for a window either."""
    result = run_without_display({"SDL_VIDEODRIVER": driver_name})
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "display" in lines[0] and "--headless" in lines[0]
    assert "ALSA" not in result.stderr


def test_a_message_that_times_out_is_cleared_from_the_screen_then_nothing_is_redrawn():
    ctx = make_context()
    match = human_at_a_power_card()
    driver = Driver(MatchScene(ctx, match))
    assert driver.until(lambda: driver.scene.my_turn() == "red")
    driver.step(2)
    driver.scene.show_toast("Not now")
    assert frames_over(driver, 30) >= 3                           # shown, at the pulse rate
    prompt = draw.rect_px(layout.current().prompt_rect)
    assert driver.app.window.get_at((prompt.x + 8, prompt.centery))[0] > 150     # red
    assert driver.until(lambda: driver.scene.toast_time == 0, limit=200)
    driver.step()
    assert frames_over(driver, 60) == 0
    prompt = draw.rect_px(layout.current().prompt_rect)
    red, green, _ = driver.app.window.get_at((prompt.x + 8, prompt.centery))[:3]
    assert red < 120 and green < 120        # the dark prompt plate again, not the red message plate


def test_f11_goes_fullscreen_and_back_with_the_layout_following_the_window():
    ctx = make_context()
    driver = Driver(TitleScene(ctx), (1280, 800))
    driver.step(2)
    driver.key(pygame.K_F11)
    full = driver.app.window.get_size()
    assert ctx.settings.fullscreen and driver.app.fullscreen
    assert layout.current().window == full
    before = len(driver.app.frame_times)
    driver.key(pygame.K_F11)
    assert not driver.app.fullscreen and driver.app.window.get_size() == (1280, 800)
    assert layout.current().window == (1280, 800) and len(driver.app.frame_times) > before
    driver.click(dict((item, rect) for rect, item in title_buttons())["settings"].center)
    assert driver.scene.name == "settings"


def test_the_first_sound_opens_the_audio_device_without_driver_noise():
    """Audio is opened at the first sound (after the window exists), and what the audio drivers
    print while probing (no sound card here: ALSA's lines) never reaches the player's terminal."""
    code = ("from game.shell.assets import Sounds\n"
            "import pygame\n"
            "sounds = Sounds()\n"
            "assert not pygame.mixer.get_init()\n"
            "sounds.play('click')\n"
            "print('played')\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    env.pop("SDL_AUDIODRIVER", None)
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert "played" in result.stdout and result.stderr == ""
