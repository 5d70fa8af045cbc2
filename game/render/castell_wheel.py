"""The skill wheel: a disc of eight segments (the seven regions in wheel order and All / No
Regions), each marked with its region's id and colour, turning inside a ring of the eight board skill tiles (docs/castell.md "The wheel").

The disc is drawn at the View's round, turned back by `TableLook.wheel_angle` of a step while the
scene animates its turn; the ring never moves.
"""
from __future__ import annotations

import pygame

from engine.castell import View
from game.present.castell_look import Colour, TableLook
from game.present.castell_turn import trainable_positions
from game.shell.castell_map import load_castell_map
from game.present.castell_words import skill_name
from game.render import draw, style
from game.render.castell_board import hex_colour
from game.render.castell_pieces import skill_icon
from game.shell.castell_layout import DISC_RADIUS, RING_RADIUS, RING_TILE, CastellLayout, polar
from game.shell.i18n import t

SKILL_TINTS: dict[str, Colour] = {"balance": (70, 110, 160), "base": (120, 84, 52), "mix": (128, 72, 140),
                                  "strength": (168, 60, 48), "width": (46, 122, 96), "special": (196, 140, 30)}


def segment_count(view: View) -> int:
    return len(view.data.wheel) + 1


@style.fixed_size
def paint_wheel(surface: pygame.Surface, layout: CastellLayout, view: View, look: TableLook, mover: int,
                colour: Colour) -> None:
    cx, cy = layout.wheel_centre
    draw.circle(surface, style.WOOD_DARK, (cx + 2, cy + 3), layout.wheel_rect.width / 2)
    draw.circle(surface, (92, 66, 44), (cx, cy), layout.wheel_rect.width / 2)
    draw.circle(surface, style.GOLD, (cx, cy), layout.wheel_rect.width / 2, 2)
    draw.circle(surface, style.shade((92, 66, 44), 0.8), (cx, cy), DISC_RADIUS + 4)
    _disc(surface, layout, view, mover, look.wheel_angle)
    trainable = trainable_positions(view, mover)
    ghost = look.ghost.skill if look.ghost is not None else None
    for position, kind in enumerate(view.ring):
        lit = kind in look.lit and position in trainable
        hovered = look.hover is not None and look.hover.kind == "skill" and look.hover.index == position
        _ring_tile(surface, layout.ring_rect(position, len(view.ring)), kind, lit, hovered,
                   ghost == kind and position in trainable, look.pulse, colour)
    for position, kind in enumerate(view.ring):
        if ghost == kind and position in trainable:
            _gain_badge(surface, layout, position, len(view.ring))


def _disc(surface: pygame.Surface, layout: CastellLayout, view: View, mover: int, back: float) -> None:
    """The disc, turned `back` of a step from where it faces in the View's round."""
    m = load_castell_map()
    centre = layout.wheel_centre
    count = segment_count(view)
    own = view.data.wheel.index(view.pawn[mover]) if mover >= 0 and view.pawn[mover] >= 0 else None
    for segment in range(count):
        turn = (segment + view.round - back) / count
        if segment < len(view.data.wheel):
            region = m.regions[view.data.regions[view.data.wheel[segment]]]
            fill, name = hex_colour(region.colour), region.id.upper()
        else:
            fill, name = style.PARCHMENT, (t("castell.wheel.none") if view.wheel == "advanced"
                                        else t("castell.wheel.all"))
        points = [centre] + [polar(centre, DISC_RADIUS, turn + k / (8 * count)) for k in range(-4, 5)]
        draw.polygon(surface, fill, points)
        draw.polygon(surface, style.shade(fill, 0.5), points, 1)
        tip = [polar(centre, DISC_RADIUS - 1, turn - 0.012), polar(centre, DISC_RADIUS + 6, turn),
               polar(centre, DISC_RADIUS - 1, turn + 0.012)]
        draw.polygon(surface, style.GOLD_LIGHT if segment == own else style.shade(fill, 0.6), tip)
        x, y = polar(centre, DISC_RADIUS * 0.68, turn)
        style.text(surface, name, (x, y), 10, style.INK, bold=True, face="condensed", anchor="center")
        if segment == own:
            draw.polygon(surface, style.HIGHLIGHT, points, 2)
    draw.circle(surface, style.WOOD_DARK, centre, 20)
    draw.circle(surface, style.GOLD, centre, 20, 2)
    style.text(surface, t("castell.wheel.round"), (centre[0], centre[1] - 7), 9, style.GOLD_LIGHT, anchor="center")
    style.text(surface, str(view.round), (centre[0], centre[1] + 7), 15, style.GOLD_LIGHT, bold=True,
               face="serif", anchor="center")


def _ring_tile(surface: pygame.Surface, rect: pygame.Rect, kind: str, lit: bool, hovered: bool, ghost: bool,
               pulse: float, colour: Colour) -> None:
    tint = SKILL_TINTS.get(kind, style.INK)
    draw.rect(surface, style.WOOD_DARK, rect.move(1, 2), border_radius=6)
    draw.rect(surface, style.shade(style.PARCHMENT, 1.15) if hovered else style.PARCHMENT, rect, border_radius=6)
    draw.rect(surface, tint, (rect.x, rect.y, rect.width, 5), border_top_left_radius=6, border_top_right_radius=6)
    skill_icon(surface, (rect.centerx, rect.y + 18), 18, kind, tint)
    label = skill_name(kind)
    bold = style.text_width(label, 10, True, "condensed") <= rect.width - 4
    style.text(surface, label, (rect.centerx, rect.bottom - 7), 10, style.INK, bold=bold, face="condensed",
               anchor="center")
    draw.rect(surface, style.INK_SOFT, rect, 1, border_radius=6)
    if lit:
        width = 4 if hovered else 2 + round(pulse)
        draw.rect(surface, style.shade(colour, 1.0 + 0.45 * pulse), rect.inflate(6, 6), width, border_radius=8)
    if ghost:
        draw.rect(surface, style.HIGHLIGHT, rect.inflate(10, 10), 3, border_radius=9)


def gain_rect(layout: CastellLayout, position: int, count: int) -> pygame.Rect:
    """Where the train ghost's "+1" sits: a pill on the ring tile's inner edge, toward the disc,
    where no neighbouring tile lies."""
    centre = polar(layout.wheel_centre, RING_RADIUS - RING_TILE[1] / 2 - 2, position / count)
    pill = pygame.Rect(0, 0, 26, 16)
    pill.center = (round(centre[0]), round(centre[1]))
    return pill


def _gain_badge(surface: pygame.Surface, layout: CastellLayout, position: int, count: int) -> None:
    """The staged or hovered train's "+1", painted after every tile so none covers it."""
    pill = gain_rect(layout, position, count)
    draw.rect(surface, style.HIGHLIGHT, pill, border_radius=8)
    draw.rect(surface, style.INK, pill, 1, border_radius=8)
    style.text(surface, "+1", pill.center, 12, style.INK, bold=True, anchor="center")
