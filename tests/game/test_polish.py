"""Layout regressions found on screenshots: captions, banners and the power-card hand must not
cover region names, printed values or the mobile scoreboards."""
from __future__ import annotations

import pygame
import pytest

import engine
from game.shell import i18n, layout
from game.render.animator import Banner, draw_banner
from game.shell.mapdata import load_map, point_in_polygon
from game.render import board, style
from game.present.table import Table


def name_rects() -> dict[str, pygame.Rect]:
    """Each region's name and printed values, as drawn by game/render/board.py."""
    data = load_map()
    out = {}
    for rid, shape in data.regions.items():
        x, y = layout.to_screen(shape.label)
        name = i18n.area_name(rid)
        size = style.fit_size(name, 130, 15, bold=True, face="serif")
        w, h = round(style.text_width(name, size, True, "serif")), round(style.line_height(size, True, "serif"))
        out[rid] = pygame.Rect(int(x - w / 2), int(y - h / 2), w, h + 22)
    return out


def scoreboard_rects() -> list[pygame.Rect]:
    return [pygame.Rect(int(x - 34), int(y - 14), 68, 28)
            for x, y in (layout.to_screen(p) for p in layout.SCOREBOARD_SPOTS.values())]


@pytest.fixture(autouse=True)
def english_after():
    """A test that reads the map in another language leaves English behind (the banner test
    measures the English names)."""
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "pt", "ca"])
def test_the_kings_region_caption_never_covers_a_region_name(language):
    """Nor a region's values, and it stays inside the King's region wherever that region has room
    clear of the map's texts: in a narrow one (Granada, Galicia) the caption above the name
    straddled the border, cut by it. Only Aragón and Valencia, too narrow for it anywhere clear of
    a text, keep it above their names."""
    pygame.font.init()
    i18n.set_language(language)
    data = load_map()
    names = name_rects()
    labels = board.label_rects(data)
    inside_kept = []
    for king in engine.REGIONS:
        table = Table(players=("red", "blue"), king=king,
                      scoreboards={"8-4-0": None, "4-0-0": None})
        for rid in engine.REGIONS:                       # a crowded board: cubes everywhere
            table.counts[("red", rid)] = 3
            table.counts[("blue", rid)] = 2
        box = board.king_caption_rect(data, table)
        assert box is not None
        covered = [rid for rid, rect in names.items() if rect.colliderect(box)]
        assert covered == [] and box.collidelist(labels) < 0, (language, king, covered)
        corners = (box.topleft, box.topright, box.bottomleft, box.bottomright)
        if all(point_in_polygon(*layout.to_map(c), data.regions[king].polygon) for c in corners):
            inside_kept.append(king)
    assert set(engine.REGIONS) - set(inside_kept) <= {"aragon", "valencia"}, (language, inside_kept)
    assert {"granada", "galicia"} <= set(inside_kept)


def test_banners_and_the_power_hand_leave_names_and_scoreboards_visible():
    pygame.font.init()
    names = list(name_rects().values())
    boards = scoreboard_rects()
    assert layout.current().hand_plate.collidelist(names) == -1
    assert layout.current().hand_plate.collidelist(boards) == -1
    surface = pygame.Surface(layout.LOGICAL, pygame.SRCALPHA)
    banner = Banner()
    banner.text, banner.alpha = "Turn order: Yellow › Blue › Red › Green › Orange", 255.0
    draw_banner(surface, banner)
    drawn = surface.get_bounding_rect()
    assert drawn.height > 0
    assert drawn.collidelist(names) == -1 and drawn.collidelist(boards) == -1
