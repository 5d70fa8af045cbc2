"""The Castell table scene (game/scenes/castell_play.py) driven as a player would: a whole game
by mouse against AIs, a turn by keyboard only, the festival's results holding the game until
dismissed, refusals in the players' words, and a frame that drawing never changes."""
from __future__ import annotations

import random

import pygame

from game.match.castell_match import CastellMatch
from game.match.seats import Seat
from game.present import castell_builder as bmodel
from game.render import castell_builder as bpanel
from game.render import castell_overlays
from game.scenes.castell_play import CastellScene

from .driver import Driver, make_context


def table(kinds: tuple[str, ...] = ("human", "random", "random"), seed: int = 3,
          paint_every: int = 1) -> tuple[Driver, CastellScene, CastellMatch]:
    match = CastellMatch([Seat(p, k) for p, k in zip(("red", "blue", "green", "yellow"), kinds)], seed=seed)
    scene = CastellScene(make_context(), match)
    return Driver(scene, paint_every=paint_every), scene, match


def until_human(driver: Driver, scene: CastellScene, match: CastellMatch, limit: int = 400) -> None:
    for _ in range(limit):
        if match.human_to_move and scene.ui.results is None:
            return
        if scene.ui.results is not None:
            driver.key(pygame.K_RETURN)
        driver.step()


def buttons(scene: CastellScene) -> dict[str, pygame.Rect]:
    return {b.id: r for b, r in castell_overlays.frame_buttons(scene.layout, scene.frame()) if b.enabled}


def test_a_human_plays_a_whole_game_by_mouse_against_two_ais() -> None:
    driver, scene, match = table(paint_every=10)
    rng = random.Random(5)
    for _ in range(4000):
        if match.is_over:
            break
        driver.step()
        frame = scene.frame()
        if frame.results is not None:
            driver.key(pygame.K_RETURN)
            continue
        if match.human_to_move is None:
            continue
        if frame.builder is not None:
            confirm = bpanel.target_rect(scene.layout.panel_rect, frame.builder, bmodel.Button("confirm"))
            assert confirm is not None
            if frame.builder.move() is not None:
                driver.click(confirm.center)
            else:
                driver.key(pygame.K_ESCAPE)
                if "no_tower" in buttons(scene):
                    driver.click(buttons(scene)["no_tower"].center)
            continue
        shown = buttons(scene)
        rects = list(shown.values())
        assert all(scene.layout.map_rect.contains(r) for r in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), frame.buttons
        if "confirm" in shown:
            driver.click(shown["confirm"].center)
            continue
        lit = [rect for _, rect in castell_overlays.lit_rects(scene.layout, frame)]
        ends = [shown[b] for b in ("done", "skip") if b in shown]
        before = len(match.game.moves_played())
        driver.click(rng.choice(lit + ends + ends).center)
        driver.step()
        assert len(match.game.moves_played()) >= before
    assert match.is_over
    assert sum(1 for p in match.movers if p == "red") > 20          # the human took part
    assert scene.frame().over and "title" in buttons(scene)


def test_a_first_turn_by_keyboard_only() -> None:
    driver, scene, match = table(("human", "random"), seed=8)
    until_human(driver, scene, match)
    region_key = next(t.key for t in scene.focus_targets() if t.key[0] == "table" and t.key[1].startswith("region:"))
    assert driver.focus_on(region_key)
    driver.key(pygame.K_RETURN)                    # stage the pawn's place
    driver.step()
    assert scene.ui.staged is not None and scene.ui.staged.verb == "place"
    driver.key(pygame.K_RETURN)                    # Confirm
    driver.step()
    assert match.game.pawn[match.game.seat("red")] >= 0
    assert driver.focus_on(("button", "done"))
    driver.key(pygame.K_RETURN)
    driver.step()
    assert match.human_to_move is None or match.game.round > 1 or match.game.turn_pos > 0


def test_the_festival_results_hold_the_game_until_dismissed() -> None:
    driver, scene, match = table(("greedy", "greedy", "greedy"), seed=3)
    for _ in range(3000):
        driver.step()
        if scene.ui.results is not None:
            break
    assert scene.ui.results is not None
    played = len(match.game.moves_played())
    driver.step(20)
    assert len(match.game.moves_played()) == played          # the AIs wait for the panel
    driver.key(pygame.K_RETURN)
    driver.step(5)
    assert scene.ui.results is None and len(match.game.moves_played()) > played


def test_an_unlit_click_says_why_in_the_players_words() -> None:
    """The engine's reason code, worded by the catalog with the regions by name (ruling C9)."""
    driver, scene, match = table(("human", "random"), seed=8)
    until_human(driver, scene, match)
    driver.click(castell_overlays.lit_rects(scene.layout, scene.frame())[0][1].center)
    driver.step()
    driver.key(pygame.K_RETURN)                    # place the pawn
    driver.step()
    region = match.game.region_of("red")
    far = next(r for r in match.game.data.regions
               if r != region and match.game.data.regions.index(r) not in
               match.game.data.adjacent[match.game.data.regions.index(region)])
    from game.shell.castell_map import load_castell_map
    driver.key(pygame.K_s)                         # the special action's targets
    driver.step()
    driver.click(tuple(round(c) for c in scene.layout.to_screen(load_castell_map().regions[far].label)))
    driver.step()
    frame = scene.frame()
    names = match.game.data.region_names
    assert frame.tone == "error" and frame.prompt == f"{names[far]} is not adjacent to {names[region]}"


def test_drawing_a_frame_changes_nothing() -> None:
    driver, scene, match = table(("human", "random"), seed=8)
    until_human(driver, scene, match)
    before = scene.frame()
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    assert scene.frame() == before


def test_the_title_offers_castell_its_setup_starts_a_game_and_continue_resumes_it() -> None:
    from game.match import last_setup
    from game.scenes.setup import option_rects, start_button
    from game.scenes.title import TitleScene, title_buttons
    driver = Driver(TitleScene(make_context()))
    driver.step()
    driver.click(dict((item, rect) for rect, item in title_buttons(False))["castell"].center)
    driver.step(2)
    assert driver.scene.name == "setup" and driver.scene.profile is last_setup.CASTELL
    driver.click(option_rects(last_setup.CASTELL)["wheel"].center)      # the advanced side
    driver.step()
    driver.click(start_button().center)
    driver.step(3)
    scene = driver.scene
    assert isinstance(scene, CastellScene) and scene.match.wheel == "advanced"
    assert last_setup.load(last_setup.CASTELL).options == {"wheel": "advanced"}   # remembered
    until_human(driver, scene, scene.match)
    driver.click(castell_overlays.lit_rects(scene.layout, scene.frame())[0][1].center)
    driver.step()
    driver.key(pygame.K_RETURN)
    driver.step()
    position = scene.match.game.to_json()
    again = Driver(TitleScene(make_context()))
    again.step()
    again.click(dict((item, rect) for rect, item in title_buttons(False))["continue"].center)
    again.step(3)
    resumed = again.scene
    assert isinstance(resumed, CastellScene) and resumed.match.game.to_json() == position


def test_two_humans_share_the_screen_with_no_hand_off() -> None:
    """docs/castell.md "Hidden information": nothing is secret, so pass-and-play shows each human
    the same table and the prompt names whose turn it is."""
    driver, scene, match = table(("human", "human"), seed=2)
    seen = set()
    for _ in range(12):
        until_human(driver, scene, match)
        player = match.human_to_move
        assert player is not None and scene.frame().prompt.startswith(match.name(player))
        seen.add(player)
        if match.game.pawn[match.game.seat(player)] < 0:
            driver.click(castell_overlays.lit_rects(scene.layout, scene.frame())[0][1].center)
            driver.step()
            driver.key(pygame.K_RETURN)
            driver.step()
        driver.click(buttons(scene)["done"].center)
        driver.step()
    assert seen == {"red", "blue"} and driver.scene is scene


def test_f1_opens_castells_help_whose_examples_are_legal_towers() -> None:
    from engine import castell
    from game.scenes.castell_help import TOPICS, topic_rects
    driver, scene, match = table(("human", "random"), seed=8)
    driver.key(pygame.K_F1)
    driver.step(2)
    assert driver.scene.name == "castell_help"
    for topic, example, ranks in TOPICS:
        driver.click(dict(topic_rects())[topic].center)
        driver.step()
        if example is not None:
            tower = castell.parse_tower(example)
            assert castell.tower_problems([list(level) for level in tower], ranks) == []
    driver.key(pygame.K_ESCAPE)
    driver.step()
    assert driver.scene is scene


def test_the_pause_menu_leaves_nothing_hovered_under_it() -> None:
    """A region hovered when Esc opens the menu: no ghost pawn or tooltip stays on the table
    under the menu (seen in a real window; the pointer is on the menu now)."""
    driver, scene, match = table(("human", "random"), seed=8)
    until_human(driver, scene, match)
    driver.hover(castell_overlays.lit_rects(scene.layout, scene.frame())[0][1].center)
    driver.step()
    assert scene.frame().look.ghost is not None
    driver.key(pygame.K_ESCAPE)
    assert driver.scene is not scene and scene.ui.hover is None
    assert scene.frame().look.ghost is None and scene.frame().tip is None
