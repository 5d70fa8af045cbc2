"""Painting the match screen's frame (game/present/match_frame.py), layer by layer.

Why apart from the scene: painting only reads — the frame, and the table and View the frame was
made from (the frame holds their snapshot and version, so a change to either is a new frame) —
and changes nothing, so the frame loop may skip it whenever the frame is the one drawn last.
Layers: the map with its highlights, pieces, ghosts and labels; the panels around it, the mode's
stage and the prompt with its buttons; pieces in flight and the banner; a tooltip kept off the
buttons; a modal panel (a scoring's summary) over all.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

import engine
from game.present.match_frame import Button, Frame
from game.present.table import Table
from game.render import board, cards, hint_panel, hud, online_tables, pieces, style
from game.render.animator import Banner, draw_banner
from game.render.log_view import LogView
from game.render.score_panel import draw_score_panel
from game.render.standings import draw_rank_badges, draw_standings
from game.shell import layout
from game.shell.i18n import t


@dataclass(frozen=True)
class Canvas:
    """What painting reads beside the frame: the table and View it was made from, the seats'
    names, the log's panel, the mode's stage painter, and the position a tooltip's standings and
    gains are read from (MatchScene.results_view: None while an animation has still to show them)."""
    table: Table
    view: engine.View
    name: Callable[[str], str]
    players: tuple[str, ...]
    log_view: LogView
    overlay: Callable[[pygame.Surface, Frame], None]
    results: engine.View | None


def rect(value: tuple[int, int, int, int]) -> pygame.Rect:
    return pygame.Rect(value)


def paint(surface: pygame.Surface, frame: Frame, canvas: Canvas) -> None:
    surface.blit(style.wood_background(surface.get_size()), (0, 0))
    paint_board(surface, frame, canvas)
    paint_side(surface, frame, canvas)
    canvas.overlay(surface, frame)
    hud.top_bar(surface, canvas.table, frame.caption, frame.hover)
    if frame.hints.button:
        hint_panel.hint_button(surface, frame.hover, frame.hints.open)
    paint_prompt(surface, frame)
    board.draw_sprites(surface, canvas.table)
    banner = Banner()
    banner.text, banner.alpha = frame.banner
    draw_banner(surface, banner)
    if frame.connection:
        online_tables.draw_connection(surface, frame.connection)
    if frame.summary is not None:
        draw_score_panel(surface, frame.summary, canvas.players, canvas.name)
    else:
        paint_tooltip(surface, frame, canvas)


def paint_board(surface: pygame.Surface, frame: Frame, canvas: Canvas) -> None:
    lit = board.Lit(frame.targets, frame.hover_area, frame.focus_area,
                    style.player_colour(frame.turn) if frame.turn else style.GOLD, frame.pulse)

    def ghosts(layer: pygame.Surface) -> None:
        for ghost in frame.ghosts:
            solid = ghost.solid or (ghost.breathing and frame.pulse > 0.5)
            board.ghost(layer, canvas.table, ghost.move, ghost.mover, solid=solid, count=ghost.count)

    board.draw_board(surface, canvas.table, frame.language, lit, ghosts=ghosts)
    hud.success_track(surface, canvas.table)


def paint_side(surface: pygame.Surface, frame: Frame, canvas: Canvas) -> None:
    for place, panel in zip(layout.player_rects(len(frame.panels)), frame.panels):
        hud.player_panel(surface, place, canvas.table, panel.player, panel.name, panel.seat, panel.active,
                         panel.thinking, panel.disc)
    cards.offer_column(surface, canvas.table, frame.selectable_cards, frame.hover, frame.card_in_play,
                       frame.staged_card)
    canvas.log_view.draw(surface, list(frame.log))
    hints = frame.hints
    if hints.open:
        hint_panel.hint_panel(surface, list(hints.rows), hints.thinking, hints.failed, frame.hover, frame.clock % 1.0)
    elif hints.plan is not None:
        hint_panel.plan_panel(surface, hints.plan, frame.pulse)


def paint_prompt(surface: pygame.Surface, frame: Frame) -> None:
    prompt = frame.prompt
    if prompt.text:
        plate = layout.current().prompt_rect
        if prompt.tone == "error":
            colour = (*style.DANGER, 225)
        elif prompt.tone == "news":
            colour = (*style.shade(style.GOLD, 0.6), 235)
        else:
            colour = (*style.WOOD_DARK, 210)
        style.plate(surface, plate, colour)
        size = style.fit_size(prompt.text, plate.width - 24, 17, True, minimum=6)
        style.text(surface, prompt.text, plate.center, size, style.PARCHMENT, bold=True, anchor="center")
        if prompt.preview:
            paint_preview(surface, plate, prompt.preview, prompt.preview_colour)
    for button in frame.buttons:
        style.button(surface, rect(button.rect), button.label, hover=button.hover, primary=button.primary, size=16)
    if frame.undo is not None:
        style.button(surface, rect(frame.undo.rect), frame.undo.label, hover=frame.undo.hover, size=16)


def paint_preview(surface: pygame.Surface, prompt_rect: pygame.Rect, line: str, colour: str) -> None:
    """Under the prompt: what the hovered (or staged) target would do, e.g. "Castilla la
    Nueva: Blue 3 → 4, now 1st"."""
    width = min(prompt_rect.width, int(style.text_width(line, 14, True)) + 28)
    place = pygame.Rect(0, 0, width, 24)
    place.midtop = (prompt_rect.centerx, prompt_rect.bottom + 4)
    style.panel(surface, place, fill=style.PARCHMENT, border=style.player_colour(colour), width=2, radius=8,
                shadow=False)
    style.text(surface, line, place.center, style.fit_size(line, place.width - 16, 14, True), style.INK,
               bold=True, anchor="center")


def asked(frame: Frame) -> list[pygame.Rect]:
    """The buttons the prompt asks for (Confirm, Done, Allow, the choice row, Undo): no tooltip
    may cover them."""
    buttons: tuple[Button, ...] = frame.buttons + ((frame.undo,) if frame.undo is not None else ())
    return [rect(button.rect) for button in buttons]


def paint_tooltip(surface: pygame.Surface, frame: Frame, canvas: Canvas) -> pygame.Rect | None:
    """Rank badges (M), then a card's help (with a scoring card's gains if taken now) or an
    area's standings; returns where the tooltip stands (None: none open)."""
    if frame.marks:
        draw_rank_badges(surface, canvas.view, canvas.table)
    tip = frame.tooltip
    if tip is None:
        return None
    clear = [rect(box) for box in frame.clear]
    if tip.kind == "card":
        return paint_card_tooltip(surface, canvas, tip.subject, tip.at, clear)
    return draw_standings(surface, canvas.results or canvas.view, tip.subject, tip.at, canvas.name,
                          avoid=asked(frame), keep_clear=clear)


def paint_card_tooltip(surface: pygame.Surface, canvas: Canvas, card: str, hover: tuple[int, int],
                       keep_clear: list[pygame.Rect]) -> pygame.Rect | None:
    """A card's help left of the offer at the pointer's height; not drawn (None) where it would
    cover one of `keep_clear` (a lesson's pointed target)."""
    gains = engine.card_scoring_preview(canvas.results, card) if canvas.results is not None else {}
    place = pygame.Rect(0, 0, 380, 10)
    lines = style.wrap(t(f"card.{card}.effect"), place.width - 24, 14)
    place.height = 44 + len(lines) * 18 + (30 + 22 * len(gains) if gains else 0)
    here = layout.current()
    place.topright = (here.side.x - 8, max(48, min(hover[1] - 20, here.height - 10 - place.height)))
    if place.collidelist(keep_clear) >= 0:
        return None
    style.panel(surface, place, fill=(252, 244, 220), border=style.GOLD)
    style.text(surface, t(f"card.{card}.name"), (place.x + 12, place.y + 8), 16, style.INK, bold=True, face="serif")
    y = style.paragraph(surface, t(f"card.{card}.effect"),
                        pygame.Rect(place.x + 12, place.y + 32, place.width - 24, place.height), 14)
    if not gains:
        return place
    style.text(surface, t("standings.card_gains"), (place.x + 12, y + 6), 12, style.INK_SOFT, bold=True)
    y += 28
    for player, points in sorted(gains.items(), key=lambda kv: -kv[1]):
        pieces.cube(surface, (place.x + 22, y + 9), 12, style.player_colour(player), player)
        style.text(surface, canvas.name(player), (place.x + 36, y), 14, style.INK, bold=True)
        style.text(surface, f"+{points}", (place.right - 16, y), 15, style.INK if points else style.GREY,
                   bold=True, anchor="topright")
        y += 22
    return place
