"""The Castell table: its map data against the engine's borders, its layout at the three window
sizes, and the painter (reads a View, changes nothing, draws every area) with its hit-test.
"""
from __future__ import annotations

import random
from itertools import combinations

import pygame
import pytest

from engine.castell import DATA, View, determinize, new_game
from game.present.castell_look import Ghost, TableLook, Target
from game.shell.castell_map import MapDataError, MAP_FILE, load_castell_map, region_at
from game.shell.mapdata import point_in_polygon
from game.render.castell_table import hit_test, paint_table
from game.render.castell_tiles import tile_slots
from game.shell import castell_layout
from game.shell.castell_layout import CastellLayout

SIZES = ((1024, 640), (1280, 800), (1920, 1080))


def edges(polygon: tuple[tuple[int, int], ...]) -> set[frozenset[tuple[int, int]]]:
    return {frozenset((a, b)) for a, b in zip(polygon, polygon[1:] + polygon[:1])}


def test_map_borders_are_the_engines_adjacency():
    """docs/castell.md "The map": two regions share a border (an edge of both outlines) exactly
    when the engine's data makes them adjacent."""
    m = load_castell_map()
    shared = {frozenset((a, b)) for a, b in combinations(m.regions, 2)
              if edges(m.regions[a].polygon) & edges(m.regions[b].polygon)}
    adjacent = {frozenset((DATA.regions[a], DATA.regions[b])) for a, near in enumerate(DATA.adjacent) for b in near}
    assert shared == adjacent


def test_map_regions_do_not_overlap_and_hold_their_anchors():
    """Every region's label, castellers and pawns spots lie in that region and no other."""
    m = load_castell_map()
    for rid, region in m.regions.items():
        for spot in (region.label, region.castellers, region.pawns):
            owners = [other for other, o in m.regions.items() if point_in_polygon(*spot, o.polygon)]
            assert owners == [rid], (rid, spot, owners)
        assert region_at(m, region.label) == rid


def test_a_bad_map_file_is_refused_in_one_line_naming_the_field(tmp_path):
    text = MAP_FILE.read_text(encoding="utf-8")
    bad = tmp_path / "map.yaml"
    bad.write_text(text.replace("    pawns: [712, 532]", "    pawns: [712]"), encoding="utf-8")
    with pytest.raises(MapDataError, match=r"^castell/map\.yaml: regions\.met\.pawns: expected \[x, y\]") as err:
        load_castell_map.__wrapped__(bad)
    assert "\n" not in str(err.value)


def fixed_rects(lay: CastellLayout, players: int) -> dict[str, pygame.Rect]:
    return {"top_bar": lay.top_bar, "map": lay.map_rect, "calendar": lay.calendar_rect, "wheel": lay.wheel_rect,
            "rows": lay.rows_rect, "score": lay.score_track, "log": lay.log_rect(players),
            **{f"board{i}": r for i, r in enumerate(lay.board_rects(players))}}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_layout_fits_the_window_without_overlaps(size, players):
    lay = CastellLayout.for_window(size)
    window = pygame.Rect(0, 0, lay.width, lay.height)
    rects = fixed_rects(lay, players)
    for name, rect in rects.items():
        assert window.contains(rect), (name, rect)
    for (a, ra), (b, rb) in combinations(rects.items(), 2):
        assert not ra.colliderect(rb), (a, b)
    assert window.contains(lay.panel_rect) and lay.panel_rect.contains(lay.boards_rect)
    for rect in (lay.prompt_rect, lay.button_row):
        assert lay.map_rect.contains(rect)
    for rect in (lay.round_track, lay.menu_button, lay.help_button, lay.hint_button):
        assert lay.top_bar.contains(rect)
    rings = [lay.ring_rect(p) for p in range(8)]
    assert all(lay.wheel_rect.contains(r) for r in rings)
    assert not any(a.colliderect(b) for a, b in combinations(rings, 2))
    rows = lay.row_rects(len(DATA.regions))
    assert all(lay.rows_rect.contains(r) for r in rows)
    assert not any(a.colliderect(b) for a, b in combinations(rows, 2))


def test_a_wide_window_gives_its_width_to_the_side_column():
    narrow, wide = CastellLayout.for_window((1280, 800)), CastellLayout.for_window((1920, 1080))
    assert wide.panel_rect.width > narrow.panel_rect.width
    assert wide.map_rect.size == narrow.map_rect.size


def mid_game(players: int, seed: int = 3, rnd: int = 5) -> View:
    game = new_game(("red", "blue", "green", "yellow")[:players], seed=seed)
    rng = random.Random(seed)
    while game.round < rnd or game.phase != "turn" or game.used or game.pawn[game.to_move_idx] < 0:
        game.play(rng.choice(game.legal_moves()))
    return View.of(game, None)


def look_for(view: View) -> TableLook:
    moves = view.legal_moves()
    lit = frozenset(m.args[0] for m in moves if m.verb in ("move", "train"))
    recruit = next(m for m in moves if m.verb == "recruit")
    return TableLook(lit=lit, ghost=Ghost(recruits=tuple(int(a) for a in recruit.args), staged=True),
                     hover=Target("region", view.data.regions[0]), wheel_angle=0.3)


def painted(view: View, look: TableLook, size: tuple[int, int] = (1280, 800)) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill((255, 0, 255))
    paint_table(surface, CastellLayout.for_window(size), view, look)
    return surface


@pytest.mark.parametrize("players", (2, 3, 4))
def test_painting_changes_nothing_and_draws_every_area(players):
    view = mid_game(players)
    before = View.of(view, None)
    look = look_for(view)
    surface = painted(view, look)
    assert view == before and view.bag == before.bag
    lay = CastellLayout.for_window((1280, 800))
    for name, rect in fixed_rects(lay, players).items():
        if name == "log":
            continue                    # the scene's
        area = surface.subsurface(rect)
        colours = {tuple(area.get_at((x, y)))[:3] for x in range(0, rect.width, 5) for y in range(0, rect.height, 5)}
        assert len(colours) > 3, name   # more than a flat fill


def test_lit_targets_and_the_ghost_show():
    view = mid_game(3)
    plain = painted(view, TableLook())
    lit = painted(view, look_for(view))
    lay = CastellLayout.for_window((1280, 800))
    for rect in (lay.map_rect, lay.wheel_rect):
        assert pygame.image.tobytes(plain.subsurface(rect), "RGB") != pygame.image.tobytes(lit.subsurface(rect), "RGB")


def test_hit_test_finds_regions_tiles_skills_and_boards():
    view = mid_game(4)
    lay = CastellLayout.for_window((1280, 800))
    m = load_castell_map()
    for rid, region in m.regions.items():
        hit = hit_test(lay, view, lay.to_screen(region.label))
        assert hit == Target("region", rid)
    slots = tile_slots(lay, view)
    for row in view.rows:
        for tile in row:
            assert hit_test(lay, view, slots[tile].center) == Target("tile", tile)
    for position, kind in enumerate(view.ring):
        assert hit_test(lay, view, lay.ring_rect(position).center) == Target("skill", kind, position)
    for seat, rect in enumerate(lay.board_rects(view.n)):
        assert hit_test(lay, view, rect.center) == Target("board", view.players[seat], seat)
    festivals = lay.festival_rects([(f.round, f.id) for f in view.calendar])
    for fest in view.calendar:
        assert hit_test(lay, view, festivals[fest.id].center) == Target("festival", fest.id)
    assert hit_test(lay, view, (2, 790)) is None


def test_hit_test_names_the_wheel_segment_facing_each_ring_tile():
    """docs/castell.md "The wheel": a segment points at the tile it faces this round."""
    view = mid_game(2)
    lay = CastellLayout.for_window((1280, 800))
    for segment, rid in enumerate([view.data.regions[r] for r in view.data.wheel] + ["all"]):
        position = (segment + view.round) % 8
        point = castell_layout.polar(lay.wheel_centre, castell_layout.DISC_RADIUS * 0.8, position / 8)
        assert hit_test(lay, view, point) == Target("segment", rid, segment)


def test_games_differing_only_in_the_bag_paint_the_same_pixels():
    """docs/castell.md "Hidden information": only the bag's order is unknown, and it is not drawn."""
    game = new_game(("red", "blue", "green"), seed=9)
    rng = random.Random(1)
    for _ in range(60):
        game.play(rng.choice(game.legal_moves()))
    twin = determinize(View.of(game, None), random.Random(5))          # the same game, the bag reshuffled
    assert list(twin.bag) != list(game.bag)
    a = painted(View.of(game, None), TableLook(pulse=0.2))
    b = painted(View.of(twin, None), TableLook(pulse=0.2))
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
