"""Keyboard-only play: a scripted player finishes a whole 4-player game posting only
key events — Tab / Shift+Tab to reach a target, Enter to take it — and the focus targets are the
engine's legal moves, drawn with a ring, guarded against a stray Enter at a new step."""
from __future__ import annotations

import random

import pygame

from game.shell import layout
from game.match.controller import Match
from game.shell.focus import Target, step, toward
from game.present.picker import AREAS
from game.scenes.match_screen.input import KEY_GUARD
from game.scenes.play import MatchScene
from game.match.seats import parse_players
from tests.game.driver import FRAME, Driver, keyboard_turn, make_context


def test_a_scripted_player_finishes_a_whole_game_with_keys_only(monkeypatch):
    from game.scenes.title import TitleScene
    posted: list[int] = []
    real_post = pygame.event.post

    def post(event):
        posted.append(event.type)
        return real_post(event)
    monkeypatch.setattr(pygame.event, "post", post)
    driver = Driver(TitleScene(make_context()), paint_every=10)
    driver.step()
    assert driver.focus_on("new")
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "setup"
    for seat in (1, 2, 3):              # each seat's kind list: random, a fast AI seat
        assert driver.focus_on(("kind", seat))
        driver.key(pygame.K_RETURN)
        assert driver.focus_on(("kind_of", "random"))
        driver.key(pygame.K_RETURN)
    assert [s.kind for s in driver.scene.seats] == ["human", "random", "random", "random"]
    assert driver.focus_on(("start",))
    driver.key(pygame.K_RETURN)
    match = driver.scene.match
    rng = random.Random(5)
    decisions = 0
    for _ in range(40000):
        if match.host_game.is_over and driver.scene.name == "game_over":
            break
        if keyboard_turn(driver, rng):
            decisions += 1
        else:
            driver.step()
    assert match.host_game.is_over and driver.scene.name == "game_over"
    assert set(posted) == {pygame.KEYDOWN}, "nothing but key presses"
    assert decisions > 30
    kinds = {line.split()[1] for line in match.log_lines() if line.startswith("Red ")}
    assert {"plays", "takes", "places"} <= kinds, f"the human's keys played moves: {kinds}"
    assert driver.focus_on("title_screen")
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "title"


def play_until(driver: Driver, wanted, rng: random.Random, limit: int = 6000) -> None:
    """Key-only play until `wanted()` holds at the human's turn."""
    for _ in range(limit):
        scene = driver.scene
        if hasattr(scene, "picker") and scene.my_turn() and wanted(scene):
            return
        if scene.name == "handoff":
            assert driver.focus_on("ready")
            driver.key(pygame.K_RETURN)
        elif not keyboard_turn(driver, rng):
            driver.step()
    raise AssertionError("position not reached")


def game_driver(seats: str, seed: int, confirm: bool = True) -> tuple[Match, Driver]:
    ctx = make_context()
    ctx.settings.confirm_moves = confirm
    match = Match(parse_players(seats), seed, autosave=False)
    return match, Driver(MatchScene(ctx, match))


def test_the_focus_targets_are_the_engines_legal_moves_where_the_mouse_would_click():
    match, driver = game_driver("human,random,random,random", 7)
    rng = random.Random(1)
    play_until(driver, lambda s: s.name == "power", rng)
    keys = [t.key for t in driver.scene.focus_targets()]
    powers = {int(m.args[0]) for m in match.host_game.legal_moves() if m.verb == "power"}
    assert {k[1] for k in keys if k[0] == "power"} == powers
    play_until(driver, lambda s: s.picker.areas() and not s.staged(), rng)
    scene = driver.scene
    areas = {t.key[1]: t for t in scene.focus_targets() if t.key[0] == "area"}
    legal = {arg for m in match.host_game.legal_moves() for arg in m.args if arg in AREAS}
    assert set(areas) == legal and areas
    for area, target in areas.items():
        assert layout.area_at(target.centre) == area, "Enter clicks where the mouse would"
    buttons = {(c.verb, c.value) for _, c in scene.choice_buttons()}
    assert {k[1:] for k in (t.key for t in scene.focus_targets()) if k[0] == "choice"} == buttons


def test_a_second_enter_at_a_new_step_commits_nothing():
    """An Enter meant for the step before must not end the next one."""
    match, driver = game_driver("human,random,random,random", 7, confirm=False)
    rng = random.Random(1)
    for _ in range(40):     # a placement that leaves the human more to place
        play_until(driver, lambda s: s.name == "action" and any(m.verb == "place" for m in match.host_game.legal_moves()), rng)
        scene = driver.scene
        area = next(t.key for t in scene.focus_targets() if t.key[0] == "area")
        assert driver.focus_on(area)
        driver.past_key_guard()
        version = match.version
        driver.key(pygame.K_RETURN)                 # places a Caballero: a new step begins
        assert match.version == version + 1
        driver.until(lambda s=scene: bool(s.my_turn()) or match.host_game.to_move != "red" or driver.scene is not s)
        if match.host_game.to_move == "red" and driver.scene is scene and scene.my_turn():
            break
    else:
        raise AssertionError("no placement with more to place")
    for key in (pygame.K_RETURN, pygame.K_d, pygame.K_s):
        driver.key(key)                             # within KEY_GUARD: nothing reaches the engine
        assert match.version == version + 1, pygame.key.name(key)
    assert (scene.clock - scene.step_clock) < KEY_GUARD
    assert driver.app.focus.key == area, "the ring stays on the region just used"
    driver.past_key_guard()
    driver.key(pygame.K_RETURN)
    assert match.version == version + 2, "after the guard the same key plays"


def test_arrow_keys_go_to_the_nearest_target_that_way():
    row = [Target(i, pygame.Rect(100 * i, 0, 50, 50)) for i in range(4)]
    below = Target("below", pygame.Rect(130, 300, 50, 50))
    targets = [*row, below]
    assert toward(targets, row[1], (1, 0)).key == 2
    assert toward(targets, row[1], (-1, 0)).key == 0
    assert toward(targets, row[1], (0, 1)).key == "below"
    assert toward(targets, row[0], (0, -1)).key == 0, "nothing above: the focus stays"
    assert step(targets, below, 1).key == 0 and step(targets, row[0], -1).key == "below"
    match, driver = game_driver("human,random,random,random", 7)
    play_until(driver, lambda s: s.name == "power", random.Random(1))
    powers = [t.key for t in driver.scene.focus_targets() if t.key[0] == "power"]
    assert driver.focus_on(powers[0])
    driver.key(pygame.K_RIGHT)
    assert driver.app.focus.key == powers[1], "→ on the hand: the next playable card"
    driver.key(pygame.K_LEFT)
    assert driver.app.focus.key == powers[0]


def test_the_ring_is_drawn_while_the_keyboard_drives_and_goes_with_the_mouse(screenshots):
    from game.scenes.title import TitleScene
    driver = Driver(TitleScene(make_context()))
    driver.step()
    plain = driver.app.surface.copy()
    driver.key(pygame.K_TAB)
    ring = driver.app.focus.shown(driver.scene)
    assert ring is not None
    edge = driver.app.to_window((ring.rect.centerx, ring.rect.y - 5))    # the ring's top line
    assert driver.app.surface.get_at(edge)[:3] == (255, 255, 255) != plain.get_at(edge)[:3]
    pygame.image.save(driver.app.surface, str(screenshots / "keyboard-focus-title.png"))
    driver.hover((5, 5))
    assert driver.app.focus.shown(driver.scene) is None
    assert driver.app.surface.get_at(edge) == plain.get_at(edge)


def test_settings_menus_and_hand_offs_by_keys():
    from game.scenes.title import TitleScene
    ctx = make_context()
    driver = Driver(TitleScene(ctx), paint_every=10)
    driver.step()
    assert driver.focus_on("settings")
    driver.key(pygame.K_RETURN)
    assert driver.scene.name == "settings"
    before = ctx.settings.confirm_moves
    assert driver.focus_on(("confirm_moves",))
    driver.key(pygame.K_RETURN)
    assert ctx.settings.confirm_moves is not before
    ctx.settings.volume = 0.5
    assert driver.focus_on(("volume",))
    driver.key(pygame.K_LEFT)                       # ← and → lower and raise a setting's value
    assert ctx.settings.volume == 0.4 and driver.app.focus.key == ("volume",)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    assert ctx.settings.volume == 0.6
    driver.key(pygame.K_DOWN)
    assert driver.app.focus.key == ("mute",), "↓ goes on to the next row"
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "title"
    ctx.settings.confirm_moves = True
    match, driver = game_driver("human,human,random,random", 3)
    rng = random.Random(2)
    for _ in range(6000):
        if driver.app.history.count("handoff") >= 2 and match.host_game.round > 1:
            break
        if driver.scene.name == "handoff":
            assert driver.focus_on("ready")
            driver.key(pygame.K_RETURN)
            assert driver.scene.name != "handoff"
        elif not keyboard_turn(driver, rng):
            driver.step()
    assert driver.app.history.count("handoff") >= 2
    assert {line.split()[0] for line in match.log_lines()} >= {"Red", "Blue"}, "both humans played by keys"


def test_tab_skips_an_animation_when_there_is_nothing_to_focus():
    match, driver = game_driver("human,random,random,random", 7)
    rng = random.Random(1)
    for _ in range(6000):
        scene = driver.scene
        if scene.tweener.busy and not scene.focus_targets():
            break
        if not keyboard_turn(driver, rng):
            driver.step()
    scene = driver.scene
    assert scene.tweener.busy
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, unicode="\t", mod=0, scancode=0))
    driver.app.step(FRAME / 100)                    # a frame far too short to finish it by itself
    assert scene.skipping or not scene.tweener.busy
