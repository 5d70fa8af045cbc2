"""The Castell tower builder panel: what the tower is for, the tower level by level with each
level's problems beside it, the reserve by size, the skills in use, the score and the buttons.

Why one geometry for painting and hit-testing: `paint_builder` draws at the rectangles
`geometry()` gives and `hit_test` reads the same ones, so a click always lands on what is drawn.
Everything is in UI units inside `rect` (game.shell.layout) and painting is clipped to it. The
panel only reads the Builder (game.present.castell_builder); the scene turns clicks, drags and
keys into its operations.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from engine.castell.data import ExhibitionTile, ShapeTile
from engine.castell.solver import FESTIVAL_HEIGHT
from engine.castell.towers import MAX_SIZE, SKILLS
from game.present.castell_builder import (BUTTONS, Builder, Button, LevelSlot, Placed, Problem,
                                          ReserveSize, Target, enabled)
from game.present.castell_words import skill_name
from game.render import castell_pieces as pieces, draw, style
from game.shell.i18n import t

PAD = 12
HEADER_H = 62
SKILLS_H = 26
BUTTON_H = 36
RESERVE_H = 84
NOTES_H = 34
ROW_MAX = 50
LABEL_W = 26
READY_INK = (40, 104, 52)      # a tower ready to confirm


@dataclass(frozen=True)
class Look:
    """The panel's UI state: what the pointer is over, what the keyboard focus is on, the size
    being dragged and where the pointer is (UI units), and a 0..1 pulse for the live marks."""
    hover: Target | None = None
    focus: Target | None = None
    dragging: int | None = None
    pointer: tuple[float, float] | None = None
    pulse: float = 0.0


@dataclass(eq=False)
class Geometry:
    """Where every part of the panel is, in UI units. `rows` are the level rows bottom first, the
    last one the new level zone; `tiles[i]` the castellers of level i; `reserve[s - 1]` size s's column."""
    header: pygame.Rect
    skills: pygame.Rect
    tower: pygame.Rect             # the column the castellers stand in (labels included)
    notes_x: int                   # where a row's problem text starts
    rows: list[pygame.Rect] = field(default_factory=list)
    tiles: list[list[pygame.Rect]] = field(default_factory=list)
    notes: pygame.Rect = field(default_factory=pygame.Rect)
    reserve: list[pygame.Rect] = field(default_factory=list)
    buttons: dict[str, pygame.Rect] = field(default_factory=dict)


def _grow(size: int) -> float:
    """How much of a size-10 casteller's width and height a casteller of `size` is drawn at."""
    return 0.62 + 0.038 * size


def geometry(rect: pygame.Rect, builder: Builder) -> Geometry:
    inner = rect.inflate(-2 * PAD, -2 * PAD)
    header = pygame.Rect(inner.x, inner.y, inner.w, HEADER_H)
    skills = pygame.Rect(inner.x, header.bottom + 6, inner.w, SKILLS_H)
    gap = 8
    width = (inner.w - 3 * gap) // 4
    buttons = {name: pygame.Rect(inner.x + i * (width + gap), inner.bottom - BUTTON_H - 3, width, BUTTON_H)
               for i, name in enumerate(BUTTONS)}
    reserve_box = pygame.Rect(inner.x, buttons["best"].y - 10 - RESERVE_H, inner.w, RESERVE_H)
    column = reserve_box.w / MAX_SIZE
    reserve = [pygame.Rect(round(reserve_box.x + i * column) + 2, reserve_box.y + 18,
                           round(column) - 4, RESERVE_H - 18) for i in range(MAX_SIZE)]
    notes = pygame.Rect(inner.x, reserve_box.y - 8 - NOTES_H, inner.w, NOTES_H)
    area = pygame.Rect(inner.x, skills.bottom + 8, inner.w, notes.y - 6 - skills.bottom - 8)
    tower = pygame.Rect(area.x, area.y, int(area.w * 0.52), area.h)
    geo = Geometry(header, skills, tower, tower.right + 12, notes=notes, reserve=reserve, buttons=buttons)
    count = len(builder.levels) + 1
    row_h = min(ROW_MAX, area.h // count)
    geo.rows = [pygame.Rect(area.x, area.bottom - (i + 1) * row_h, area.w, row_h) for i in range(count)]
    room = tower.w - LABEL_W - 12
    widest = max((sum(_grow(s) for s in level) + 0.12 * (len(level) - 1) for level in builder.levels), default=1.0)
    unit = min(48.0, room / widest, (row_h - 4) / 1.05)
    for row, level in zip(geo.rows, builder.levels):
        widths = [unit * _grow(s) for s in level]
        x = tower.x + LABEL_W + 6 + (room - sum(widths) - 0.12 * unit * (len(level) - 1)) / 2
        tiles = []
        for size, w in zip(level, widths):
            h = unit * 1.05 * _grow(size)
            tiles.append(pygame.Rect(round(x), round(row.bottom - 2 - h), round(w), round(h)))
            x += w + 0.12 * unit
        geo.tiles.append(tiles)
    return geo


def hit_test(rect: pygame.Rect, builder: Builder, point: tuple[float, float]) -> Target | None:
    """What is under `point` (UI units): a reserve size with castellers left, a placed casteller,
    a level's row or the new level zone (drop targets), or a button; else None."""
    if not rect.collidepoint(point):
        return None
    geo = geometry(rect, builder)
    for name, box in geo.buttons.items():
        if box.collidepoint(point):
            return Button(name)
    reserve = builder.reserve()
    for size, box in enumerate(geo.reserve, start=1):
        if box.collidepoint(point) and reserve[size - 1]:
            return ReserveSize(size)
    for level, tiles in enumerate(geo.tiles):
        for index, box in enumerate(tiles):
            if box.collidepoint(point):
                return Placed(level, index)
    for level, row in enumerate(geo.rows):
        if row.collidepoint(point):
            return LevelSlot(level)
    return None


def target_rect(rect: pygame.Rect, builder: Builder, target: Target) -> pygame.Rect | None:
    """Where a target is drawn (for the scene's focus ring), or None when it is not shown."""
    geo = geometry(rect, builder)
    if isinstance(target, Button):
        return geo.buttons.get(target.name)
    if isinstance(target, ReserveSize) and 1 <= target.size <= MAX_SIZE:
        return geo.reserve[target.size - 1]
    if isinstance(target, Placed) and target.level < len(geo.tiles) and target.index < len(geo.tiles[target.level]):
        return geo.tiles[target.level][target.index]
    if isinstance(target, LevelSlot) and target.level < len(geo.rows):
        return geo.rows[target.level]
    return None


def paint_builder(surface: pygame.Surface, rect: pygame.Rect, builder: Builder, look: Look = Look()) -> None:
    """The whole panel inside `rect`; nothing is drawn outside it."""
    kept = surface.get_clip()
    surface.set_clip(draw.rect_px(rect).clip(kept))
    try:
        geo = geometry(rect, builder)
        style.panel(surface, rect, fill=style.PARCHMENT, border=style.GOLD, width=3, shadow=False)
        _purpose(surface, geo.header, builder)
        _skills(surface, geo.skills, builder)
        _tower(surface, geo, builder, look)
        _reserve(surface, geo, builder, look)
        for name, box in geo.buttons.items():
            label = t(f"castell.builder.{name}")
            style.button(surface, box, label, hover=look.hover == Button(name), enabled=enabled(builder, name),
                         primary=name == "confirm", size=style.fit_size(label, box.w - 10, 15, True, minimum=7))
        if look.focus is not None:
            _focus(surface, rect, builder, look.focus)
        if look.dragging is not None and look.pointer is not None:
            _dragged(surface, geo, look.dragging, look.pointer, builder)
    finally:
        surface.set_clip(kept)


def _purpose(surface: pygame.Surface, box: pygame.Rect, builder: Builder) -> None:
    """The heading: festival town and size token(s), or the tile with its shape or height and
    skills; the score (live at a festival) or the tile's points on the right."""
    purpose, tile = builder.purpose, builder.purpose.tile
    draw.rect(surface, style.shade(style.PARCHMENT_DARK, 1.05), box, border_radius=6)
    if tile is None:
        title = t("castell.builder.festival_in", town=purpose.town) if purpose.town else t("castell.builder.festival")
    else:
        title = t("castell.builder.performance")          # the line below says what the tile asks
    style.text(surface, title, (box.x + 10, box.y + 6), 19, style.INK, bold=True, face="serif")
    y = box.y + 42
    score_w = 96
    badge = pygame.Rect(box.right - score_w - 6, box.y + 6, score_w, box.h - 12)
    if tile is None:
        x = style.text(surface, t("castell.builder.token"), (box.x + 10, y), 13, style.INK_SOFT, anchor="midleft").right + 16
        for size in purpose.sizes:
            pieces.size_token(surface, (x, y), 12, size)
            x += 30
        style.text(surface, "· " + t("castell.builder.min_levels", n=FESTIVAL_HEIGHT), (x - 4, y), 13,
                   style.INK_SOFT, anchor="midleft")
        value, caption = str(builder.score()), t("castell.builder.score")
    elif isinstance(tile, ShapeTile):
        label = t("castell.builder.shape", levels="-".join(map(str, tile.levels)))
        style.text(surface, label, (box.x + 10, y), 13, style.INK_SOFT, anchor="midleft")
        met = [i < len(builder.levels) and len(builder.levels[i]) == n for i, n in enumerate(tile.levels)]
        width = 14 * max(tile.levels)
        bars = pygame.Rect(box.right - score_w - 24 - width, box.y + 7, width, box.h - 14)
        pieces.shape_bars(surface, bars, tile.levels, met)
        value, caption = t("castell.builder.points", n=tile.points), ""
    else:
        assert isinstance(tile, ExhibitionTile)
        x = style.text(surface, t("castell.builder.exact_levels", n=tile.points), (box.x + 10, y), 13,
                       style.INK_SOFT, anchor="midleft").right + 18
        used = builder.skills_used()
        for skill in tile.skills:
            pieces.skill_badge(surface, (x, y), 10, skill, faded=not used[skill])
            if x + 14 + style.text_width(skill_name(skill), 13) > badge.x - 6:    # large text: the badges say it
                x += 26
                continue
            x = style.text(surface, skill_name(skill), (x + 14, y), 13, style.INK, anchor="midleft").right + 18
        value, caption = t("castell.builder.points", n=tile.points), ""
    draw.rect(surface, style.GOLD, badge, border_radius=8)
    draw.rect(surface, style.shade(style.GOLD, 0.6), badge, 2, border_radius=8)
    if caption:
        style.text(surface, caption, (badge.centerx, badge.y + 4), 12, style.INK, bold=True, anchor="midtop")
        style.text(surface, value, (badge.centerx, badge.bottom - 3), 26, style.INK, bold=True,
                   face="serif", anchor="midbottom")
    else:
        style.text(surface, value, badge.center, 22, style.INK, bold=True, face="serif", anchor="center")


def _skills(surface: pygame.Surface, box: pygame.Rect, builder: Builder) -> None:
    """One chip per skill: uses in this tower of the rank; an overused skill in red."""
    used, ranks = builder.skills_used(), builder.rank_map
    width = box.w / len(SKILLS)
    for i, skill in enumerate(SKILLS):
        chip = pygame.Rect(round(box.x + i * width) + 2, box.y, round(width) - 4, box.h)
        over, idle = used[skill] > ranks[skill], not used[skill] and not ranks[skill]
        draw.rect(surface, style.shade(style.DANGER, 1.7) if over else style.shade(style.PARCHMENT, 1.05),
                  chip, border_radius=chip.h // 2)
        draw.rect(surface, style.DANGER if over else style.GOLD if used[skill] else style.INK_SOFT,
                  chip, 2 if over or used[skill] else 1, border_radius=chip.h // 2)
        pieces.skill_badge(surface, (chip.x + 13, chip.centery), 9, skill, faded=idle)
        label, size, face = _chip_label(skill_name(skill), used[skill], ranks[skill], chip.w - 30, bool(used[skill]))
        colour = style.DANGER if over else style.GREY if idle else style.INK
        style.text(surface, label, (chip.x + 26, chip.centery), size, colour, bold=bool(used[skill]), face=face,
                   anchor="midleft")


def _chip_label(skill: str, used: int, rank: int, width: float, bold: bool) -> tuple[str, int, str]:
    """A skill chip's words, size and face: "Balance 1 of 2" if it fits, else "Balance 1/2", in
    the condensed face if need be, else only "1/2" beside the skill's badge (long names in narrow
    chips at 1024x640)."""
    texts = (t("castell.builder.skill_use", skill=skill, used=used, rank=rank),
             t("castell.builder.skill_use_short", skill=skill, used=used, rank=rank))
    for face in ("sans", "condensed"):
        for text in texts:
            size = style.fit_size(text, width, 13, bold=bold, face=face, minimum=10)
            if style.text_width(text, size, bold, face) <= width:
                return text, size, face
    return f"{used}/{rank}", 13, "sans"


def _tower(surface: pygame.Surface, geo: Geometry, builder: Builder, look: Look) -> None:
    """The levels bottom up, each with its number, castellers and problems; the new level zone on
    top; the tower-wide notes below."""
    by_row: dict[int, list[Problem]] = {}
    loose: list[Problem] = []
    for problem in builder.problems():
        if problem.level is None:
            loose.append(problem)
        else:
            by_row.setdefault(min(problem.level, len(geo.rows)) - 1, []).append(problem)
    sizes = set(builder.purpose.sizes)
    marks = builder.level_skills()
    drop = look.hover if look.dragging is not None else None
    for i, row in enumerate(geo.rows):
        target = drop is not None and getattr(drop, "level", None) == i and not isinstance(drop, ReserveSize)
        band = pygame.Rect(geo.tower.x, row.y + 1, geo.tower.w, row.h - 2)
        if i == len(builder.levels):
            draw.rect(surface, style.shade(style.GOLD_LIGHT, 1.2) if target else style.shade(style.PARCHMENT, 1.04),
                      band, border_radius=6)
            _dashed(surface, band, style.GOLD if target else style.INK_SOFT)
            style.text(surface, t("castell.builder.new_level"), band.center, 13, style.INK_SOFT, anchor="center")
        else:
            fill = style.GOLD_LIGHT if target else style.shade(style.PARCHMENT_DARK, 1.1 if i % 2 else 1.0)
            draw.rect(surface, fill, band, border_radius=6)
            bad = i in by_row
            style.text(surface, str(i + 1), (band.x + LABEL_W // 2 + 2, band.centery), 15,
                       style.DANGER if bad else style.INK_SOFT, bold=True, face="serif", anchor="center")
            for j, (box, size) in enumerate(zip(geo.tiles[i], builder.levels[i])):
                pieces.casteller_tile(surface, box, size, token=size in sizes, lit=look.hover == Placed(i, j))
            for k, skill in enumerate(marks[i]):
                pieces.skill_badge(surface, (band.right - 14 - 22 * k, band.centery), 9, skill)
        if i in by_row:
            _row_problems(surface, geo, i, by_row)
    _notes(surface, geo.notes, builder, loose)


def _row_problems(surface: pygame.Surface, geo: Geometry, i: int, by_row: dict[int, list[Problem]]) -> None:
    """A level's problems in red beside it, spilling into half of a free neighbour row."""
    row = geo.rows[i]
    top = row.y - (row.h // 2 if i + 1 < len(geo.rows) and i + 1 not in by_row else 0)
    bottom = row.bottom + (row.h // 2 if i > 0 and i - 1 not in by_row else 0)
    width = row.right - geo.notes_x
    texts = [p.text for p in by_row[i]]
    size = 12

    def wrapped(size: int) -> list[str]:
        return [line for text in texts for line in style.wrap(text, width, size)]
    lines = wrapped(size)
    while size > 10 and len(lines) * style.line_height(size) > bottom - top:
        size -= 1
        lines = wrapped(size)
    height = style.line_height(size)
    fit = max(1, int((bottom - top) // height))
    if len(lines) > fit:
        lines = lines[:fit]
        lines[-1] = style.ellipsized(lines[-1] + " …", width, size)
    colour = style.DANGER if len(geo.rows) > 1 else style.INK_SOFT   # an empty tower: what to do, not faults
    y = min(max(top, row.centery - len(lines) * height / 2), bottom - len(lines) * height)
    draw.line(surface, colour, (geo.notes_x - 7, row.y + 6), (geo.notes_x - 7, row.bottom - 6), 3)
    for line in lines:
        style.text(surface, line, (geo.notes_x, y), size, colour)
        y += height


def _notes(surface: pygame.Surface, box: pygame.Rect, builder: Builder, loose: list[Problem]) -> None:
    """What concerns the tower as a whole: its problems, else the hint for an empty tower or the
    notation of a tower ready to confirm."""
    move = builder.move()
    if not builder.levels:
        words, colour = t("castell.builder.empty"), style.INK_SOFT
    elif loose:
        words, colour = " ".join(p.text for p in loose), style.DANGER
    elif move is not None:
        tower = move.tower
        words = t("castell.builder.ready", tower="/".join(",".join(map(str, lv)) for lv in tower or ()))
        colour = READY_INK
    else:
        return
    if move is not None:
        draw.rect(surface, style.shade(style.GOLD_LIGHT, 1.1), box, border_radius=6)
        draw.rect(surface, style.GOLD, box, 2, border_radius=6)
    style.paragraph(surface, words, box.inflate(-16, -4).move(0, 1), 12, colour, bold=move is not None,
                    spacing=1, max_lines=2)


def _reserve(surface: pygame.Surface, geo: Geometry, builder: Builder, look: Look) -> None:
    """The castellers left, a column per size with its count; sizes with none are faded."""
    reserve, sizes = builder.reserve(), set(builder.purpose.sizes)
    first = geo.reserve[0]
    style.text(surface, t("castell.builder.reserve"), (first.x, first.y - 17), 13, style.INK, bold=True)
    for size, column in enumerate(geo.reserve, start=1):
        count = reserve[size - 1]
        hovered = look.hover == ReserveSize(size) and count > 0
        if hovered:
            draw.rect(surface, style.GOLD_LIGHT, column, border_radius=6)
        w = column.w * 0.78 * _grow(size)
        h = (column.h - 22) * _grow(size)
        box = pygame.Rect(round(column.centerx - w / 2), round(column.bottom - 20 - h), round(w), round(h))
        pieces.casteller_tile(surface, box, size, token=size in sizes and count > 0, lit=hovered, faded=not count)
        style.text(surface, f"×{count}", (column.centerx, column.bottom - 1), 13,
                   style.INK if count else style.GREY, bold=bool(count), anchor="midbottom")


def _dashed(surface: pygame.Surface, box: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A dashed outline: the new level zone, a place to drop."""
    dash = 8
    for x in range(box.x + 4, box.right - 4, dash * 2):
        end = min(x + dash, box.right - 4)
        draw.line(surface, colour, (x, box.y), (end, box.y), 1)
        draw.line(surface, colour, (x, box.bottom - 1), (end, box.bottom - 1), 1)
    for y in range(box.y + 4, box.bottom - 4, dash * 2):
        end = min(y + dash, box.bottom - 4)
        draw.line(surface, colour, (box.x, y), (box.x, end), 1)
        draw.line(surface, colour, (box.right - 1, y), (box.right - 1, end), 1)


def _focus(surface: pygame.Surface, rect: pygame.Rect, builder: Builder, target: Target) -> None:
    box = target_rect(rect, builder, target)
    if box is not None:
        ring = box.inflate(6, 6)
        draw.rect(surface, style.WOOD_DARK, ring.inflate(4, 4), 4, border_radius=8)
        draw.rect(surface, style.WHITE, ring, 2, border_radius=7)


def _dragged(surface: pygame.Surface, geo: Geometry, size: int, pointer: tuple[float, float],
             builder: Builder) -> None:
    """The casteller being dragged, under the pointer."""
    w = geo.reserve[0].w * 0.78 * _grow(size)
    h = (geo.reserve[0].h - 22) * _grow(size)
    box = pygame.Rect(round(pointer[0] - w / 2), round(pointer[1] - h / 2), round(w), round(h))
    pieces.casteller_tile(surface, box, size, token=size in builder.purpose.sizes, lit=True)
