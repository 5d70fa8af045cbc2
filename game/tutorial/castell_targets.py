"""Where on the Castell table the elements a lesson step names are, read from the table's own
layout (game/shell/castell_layout.py) and painters' slots, so the lesson's frame lands on what is
drawn and its white ring on what is clicked.

Elements (levels/castell/lesson.yaml): `board` (the learner's player board), `buttons` (the
button row), `builder` (the tower builder), `region:ID`, `wheel:ID` (the ring tile region ID's
segment faces this round; `wheel:all` the All Regions one), `tile:ID`, `bounty:ID`, `festival:ID`
and `level:N` (a builder level, 1 the bottom).
"""
from __future__ import annotations

import pygame

from engine import castell
from game.present.castell_builder import Builder, LevelSlot
from game.render import castell_builder as bpanel
from game.render.castell_tiles import tile_slots
from game.shell.castell_layout import CastellLayout
from game.shell.castell_map import load_castell_map


def region_outline(layout: CastellLayout, region: str) -> list[tuple[float, float]]:
    """A region's border in UI units."""
    return [layout.to_screen(p) for p in load_castell_map().regions[region].polygon]


def bounds(points: list[tuple[float, float]]) -> pygame.Rect:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)


def ring_position(view: castell.Position, key: str) -> int:
    """The ring position of the board tile a region's wheel segment (or All Regions) faces now
    (docs/castell.md "The wheel", ruling C18)."""
    wheel = view.data.wheel
    segment = len(wheel) if key == "all" else wheel.index(view.data.regions.index(key))
    return (segment + view.round) % len(view.ring)


def element_rect(element: str, layout: CastellLayout, view: castell.View, learner: str,
                 builder_rect: pygame.Rect, builder: Builder | None) -> pygame.Rect | None:
    """The rectangle (UI units) the frame goes around; None while the element is not shown (the
    builder and its levels while it is closed)."""
    kind, _, key = element.partition(":")
    if kind == "board":
        return layout.board_rects(view.n)[view.players.index(learner)]
    if kind == "buttons":
        return layout.button_row.copy()
    if kind == "region":
        return bounds(region_outline(layout, key))
    if kind == "wheel":
        return layout.ring_rect(ring_position(view, key), len(view.ring))
    if kind == "tile":
        return tile_slots(layout, view).get(key)
    if kind == "bounty":
        rows = layout.row_rects(len(view.data.regions))
        return layout.bounty_rect(rows[view.data.regions.index(key)])
    if kind == "festival":
        return layout.festival_rects([(f.round, f.id) for f in view.calendar]).get(key)
    if builder is None:
        return None
    if kind == "builder":
        return builder_rect.copy()
    if kind == "level" and int(key) <= len(builder.levels):
        return bpanel.target_rect(builder_rect, builder, LevelSlot(int(key) - 1))
    return None
