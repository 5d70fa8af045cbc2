"""A window resized while pieces fly (game/render/animator.py, layout.to_board): flights are kept in
board coordinates, so after the resize they continue from where they are on the map now and land
at their area's new place, not at the old screen positions."""
from __future__ import annotations

import pygame
import pytest

import engine
from game.shell import layout
from game.match.controller import Match
from game.scenes.play import MatchScene
from game.match.seats import parse_players
from tests.game.driver import FRAME, Driver, make_context


def _resize(driver: Driver, size: tuple[int, int]) -> None:
    driver.app.window = pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    driver.step()


def test_a_caballero_in_flight_lands_where_its_area_is_after_a_resize():
    ctx = make_context(speed=1.0)
    match = Match(parse_players("easy,easy,easy"), 3, autosave=False)
    driver = Driver(MatchScene(ctx, match), (1280, 800))
    anchors = {layout.to_board(layout.area_anchor(a)): a for a in (*engine.REGIONS, "castillo")}
    flight = None
    for _ in range(4000):                       # play on until a Caballero flies to an area
        driver.step()
        scene = driver.scene
        table = getattr(scene, "table", None)
        cubes = [s for s in table.sprites if s.kind == "cube"] if table else []
        flight = next((tw for tw in scene.tweener.tweens if any(tw.target is c for c in cubes)
                       and tw.end in anchors and tw.elapsed > tw.delay), None)
        if flight is not None:
            break
    assert flight is not None
    sprite, target_area = flight.target, anchors[flight.end]
    old_anchor = layout.area_anchor(target_area)
    _resize(driver, (2560, 1080))               # a wide window: the map moves right
    anchor = layout.area_anchor(target_area)
    assert anchor[0] - old_anchor[0] > 100
    assert layout.from_board(flight.end) == anchor, "the flight now ends at the area's new place"
    (x0, y0), (x1, y1) = layout.from_board(flight.start), anchor
    x, y = layout.from_board(sprite.pos)
    off_course = abs((x1 - x0) * (y0 - y) - (x0 - x) * (y1 - y0)) / max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    assert off_course < 1.0, "the piece is on its course in the new layout"
    last = (x, y)
    while sprite in scene.table.sprites and flight in scene.tweener.tweens:
        last = layout.from_board(sprite.pos)
        driver.app.step(FRAME)
    assert abs(last[0] - anchor[0]) < 30 and abs(last[1] - anchor[1]) < 30


def test_the_castillo_reveal_keeps_its_cubes_on_the_map_across_a_resize():
    """§8.1 the Castillo opens at the general scoring: its Caballeros are sorted on the map, and
    stay in their groups under the lifted tower when the window changes."""
    from game.match.challenges import SCENARIOS
    from game.match.saves import SeatMeta
    game = engine.load_scenario(SCENARIOS / "challenge_1_last_scoring.yaml")
    match = Match.from_game(game, [SeatMeta(p, "human" if i == 0 else "easy") for i, p in enumerate(game.players)],
                            autosave=False)
    ctx = make_context(speed=1.0)
    ctx.settings.confirm_moves = False
    driver = Driver(MatchScene(ctx, match), (1280, 800))
    assert driver.until(lambda: driver.scene.my_turn() == "red")
    assert match.play("disc aragon")
    assert driver.until(lambda: driver.scene.name == "castillo" and driver.scene.mode.sorted, limit=600)
    scene = driver.scene
    old = [layout.from_board(c.pos) for c in scene.mode.cubes]
    _resize(driver, (2560, 1080))
    seen: dict[str, int] = {}
    for cube, before in zip(scene.mode.cubes, old):
        k = seen.get(cube.player, 0)
        seen[cube.player] = k + 1
        now = layout.from_board(cube.pos)
        assert now == pytest.approx(scene.mode.slot(cube.player, k), abs=1.0), "in its group, under the tower"
        assert now[0] - before[0] > 100, "the map moved right, and the cube with it"
