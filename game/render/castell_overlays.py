"""What the Castell scene paints over the table: the prompt plate, the button row, the game log,
a festival's results and the final scoring with the best-tower chart. Painting reads the frame
(game/present/castell_screen.py) and changes nothing; the rectangles here are also the scene's
hit-tests and keyboard focus targets, so a click lands on what is drawn."""
from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from engine import castell
from engine.castell import events as ev
from engine.castell.describe import CATEGORIES
from game.shell.castell_map import load_castell_map
from game.present.castell_screen import Button, Frame
from game.present.castell_show import FestivalStage, FinalStage
from game.present.castell_words import prize_name
from game.render import castell_pieces as pieces
from game.render import draw, style
from game.render.castell_board import casteller_feet
from game.render.castell_pieces import casteller_size
from game.render.pieces import chip
from game.render.castell_tiles import tile_slots
from game.shell.castell_layout import CastellLayout
from game.shell.i18n import t
from game.shell.tween import lerp

TONES = {"plain": style.PARCHMENT, "wait": style.GOLD_LIGHT, "error": (255, 170, 150)}
BUTTON_W = {"undo": 96, "special": 190, "normal": 190, "build": 150, "no_tower": 130,
            "start": 64, "back": 64, "forward": 64, "end": 64}      # the replay's glyph buttons
BUTTON_GAP = 8
MIN_TILE_W = 18


def button_rects(layout: CastellLayout, buttons: Sequence[Button]) -> list[tuple[Button, pygame.Rect]]:
    """The buttons right-aligned in the row over the sea (Undo at its left end)."""
    row = layout.button_row
    out: list[tuple[Button, pygame.Rect]] = []
    right = row.right
    for button in reversed([b for b in buttons if b.id != "undo"]):
        width = BUTTON_W.get(button.id, max(120, round(style.text_width(button.label, 16, bold=True)) + 36))
        out.append((button, pygame.Rect(right - width, row.y, width, row.height)))
        right -= width + BUTTON_GAP
    undo = next((b for b in buttons if b.id == "undo"), None)
    if undo is not None:
        out.append((undo, pygame.Rect(row.x, row.y, BUTTON_W["undo"], row.height)))
    return out


def lit_rects(layout: CastellLayout, frame: Frame) -> list[tuple[str, pygame.Rect]]:
    """Where each lit target can be clicked (the keyboard focus walks these): regions at their
    labels, recruitable castellers (one per size: a recruit names sizes, and the focus tells its
    targets apart by key), the ring tiles of trainable skills, performance tiles."""
    view, lit = frame.view, frame.look.lit
    out: list[tuple[str, pygame.Rect]] = []
    m = load_castell_map()
    for rid in view.data.regions:
        if rid in lit:
            x, y = layout.to_screen(m.regions[rid].label)
            out.append((f"region:{rid}", pygame.Rect(round(x) - 40, round(y) - 14, 80, 28)))
    seat = view.to_move_idx
    if seat >= 0 and view.pawn[seat] >= 0 and view.data.regions[view.pawn[seat]] in lit:
        for size, foot in casteller_feet(layout, view, view.pawn[seat]):
            if any(key == f"casteller:{size}" for key, _ in out):
                continue
            w, h = casteller_size(size, 0.9)
            out.append((f"casteller:{size}", pygame.Rect(round(foot[0] - w / 2), round(foot[1] - h), round(w), round(h))))
    for position, kind in enumerate(view.ring):
        if kind in lit:
            out.append((f"skill:{position}", layout.ring_rect(position, len(view.ring))))
    for tile_id, rect in tile_slots(layout, view).items():
        if tile_id in lit:
            out.append((f"tile:{tile_id}", rect))
    return out


def paint_chrome(surface: pygame.Surface, layout: CastellLayout, frame: Frame) -> None:
    """The prompt plate, an online table's banner under it, the buttons and the game log."""
    style.plate(surface, layout.prompt_rect, (34, 24, 18, 215), 8)
    size = style.fit_size(frame.prompt, layout.prompt_rect.width - 20, 16, bold=True, minimum=8)
    style.text(surface, frame.prompt, layout.prompt_rect.center, size, TONES.get(frame.tone, style.PARCHMENT),
               bold=True, anchor="center")
    if frame.banner:
        _banner(surface, layout, frame.banner)
    for button, rect in button_rects(layout, frame.buttons):
        style.button(surface, rect, button.label, primary=button.primary, enabled=button.enabled, size=16)
    if frame.builder is None:
        _log(surface, layout.log_rect(frame.view.n), frame.log, frame.log_current)


def _banner(surface: pygame.Surface, layout: CastellLayout, text: str) -> None:
    """A red plate under the prompt while the connection is down or a player is gone."""
    width = min(layout.prompt_rect.width, int(style.text_width(text, 15, True)) + 40)
    rect = pygame.Rect(0, 0, width, 32)
    rect.midtop = (layout.prompt_rect.centerx, layout.prompt_rect.bottom + 6)
    style.plate(surface, rect, (*style.DANGER, 235), radius=8)
    style.text(surface, text, rect.center, style.fit_size(text, rect.width - 24, 15, True), style.PARCHMENT,
               bold=True, anchor="center")


def _log(surface: pygame.Surface, area: pygame.Rect, log: Sequence[str], current: int = 0) -> None:
    """The newest lines that fit; the last `current` entries (the replay's move shown) on gold,
    as El Grande's replay log marks its move."""
    style.panel(surface, area, style.PARCHMENT, style.INK_SOFT, 8, 2)
    style.text(surface, t("castell.log.heading"), (area.x + 10, area.y + 6), 12, style.INK_SOFT, bold=True)
    height = style.line_height(12)
    room = max(0, int((area.height - 30) // height))
    shown = log[-room:] if room else ()
    lines = [(line, k >= len(shown) - current) for k, entry in enumerate(shown)
             for line in style.wrap(entry, area.width - 20, 12)][-room:] if room else []
    for i, (line, marked) in enumerate(lines):
        y = area.y + 24 + i * height
        if marked:
            draw.rect(surface, style.GOLD_LIGHT, pygame.Rect(area.x + 6, round(y), area.width - 12, round(height)),
                      border_radius=3)
        style.text(surface, line, (area.x + 10, y), 12, style.INK)


def _modal_box(layout: CastellLayout, width: int, height: int) -> pygame.Rect:
    box = pygame.Rect(0, 0, width, height)
    box.center = layout.map_rect.union(layout.panel_rect).center
    return box


def _modal(surface: pygame.Surface, layout: CastellLayout, width: int, height: int) -> pygame.Rect:
    style.dim(surface, 140)
    box = _modal_box(layout, width, height)
    style.panel(surface, box, border=style.GOLD, width=3, radius=14)
    return box


FINAL_SIZE = (900, 560)
FINAL_BUTTON = (240, 40)


def frame_buttons(layout: CastellLayout, frame: Frame) -> list[tuple[Button, pygame.Rect]]:
    """Where the frame's buttons are: in the final scoring's foot once the game is over (the
    panel covers the table's row), else the table's row."""
    if not frame.over:
        return button_rects(layout, frame.buttons)
    box = _modal_box(layout, *FINAL_SIZE)
    width, height = FINAL_BUTTON
    left = box.centerx - (len(frame.buttons) * (width + BUTTON_GAP) - BUTTON_GAP) // 2
    return [(b, pygame.Rect(left + i * (width + BUTTON_GAP), box.bottom - height - 14, width, height))
            for i, b in enumerate(frame.buttons)]


FESTIVAL_W, FESTIVAL_ROW, TRACK_H = 760, 118, 58
PRIZE_SUPPLY = (-60, 64)       # where the prizes slide from: near the panel's top right corner


def festival_size(held: ev.FestivalHeld) -> tuple[int, int]:
    return FESTIVAL_W, 150 + FESTIVAL_ROW * max(1, len(held.entries)) + TRACK_H


def paint_festival(surface: pygame.Surface, layout: CastellLayout, view: castell.Position, held: ev.FestivalHeld,
                   names: Sequence[str], stage: FestivalStage | None, before: dict[str, int]) -> None:
    """A festival's results as far as `stage` shows them (None: all): each entrant's tower with
    its score, the prizes and the size token by their winners, the best-tower track (`before`:
    each player's best tower before it); Continue (Enter) goes on once all is shown."""
    box = _modal(surface, layout, *festival_size(held))
    who = dict(zip(view.players, names))
    style.text(surface, t("castell.results.title", town=held.town), (box.centerx, box.y + 18), 28, style.INK, bold=True,
               face="serif", anchor="midtop")
    supply = (box.centerx - 70, box.y + 70)
    pieces.size_token(surface, supply, 13, held.sizes[0])
    style.text(surface, t("castell.results.token", region=view.data.region_names[held.region]), (box.centerx - 50, box.y + 70), 15,
               style.INK_SOFT, anchor="midleft")
    prizes = dict(held.prizes)
    best = dict(held.new_best)
    awards = 1.0 if stage is None else stage.awards
    track = 1.0 if stage is None else stage.track
    prize_from = (box.right + PRIZE_SUPPLY[0], box.y + PRIZE_SUPPLY[1])
    ranked = sorted(range(len(held.entries)), key=lambda k: -held.entries[k][2])
    for i, k in enumerate(ranked):
        player, tower, score = held.entries[k]
        levels = len(tower) if stage is None else stage.levels[k]
        row = pygame.Rect(box.x + 30, box.y + 100 + i * FESTIVAL_ROW, box.width - 60, FESTIVAL_ROW - 10)
        draw.rect(surface, style.PARCHMENT_DARK, row, border_radius=8)
        style.text(surface, who.get(player, player), (row.x + 14, row.y + 10), 18, style.INK, bold=True)
        _tower(surface, pygame.Rect(row.x + 180, row.y + 6, 300, row.height - 12), tower, held.sizes, levels)
        if levels:
            shown = score if stage is None else stage.scores[k]
            style.text(surface, str(shown), (row.right - 150, row.centery), 34, style.INK, bold=True, anchor="center")
            style.text(surface, t("castell.results.tower_score"), (row.right - 150, row.centery + 26), 11, style.INK_SOFT,
                       anchor="center")
        y = row.y + 40
        if awards > 0 and player in prizes:
            pieces.prize(surface, _along(prize_from, (row.x + 24, y + 8), awards), prizes[player], 18)
            if awards >= 1:
                style.text(surface, prize_name(prizes[player]), (row.x + 40, y + 8), 14, style.INK, anchor="midleft")
            y += 24
        if awards > 0 and held.size_token == player:
            pieces.size_token(surface, _along(supply, (row.x + 24, y + 8), awards), 9, held.sizes[0])
            if awards >= 1:
                style.text(surface, t("castell.results.size_token"), (row.x + 40, y + 8), 14, style.INK, anchor="midleft")
        if track > 0 and player in best:
            style.text(surface, t("castell.results.new_best"), (row.right - 60, row.y + 12), 12, style.DANGER, bold=True,
                       anchor="midtop")
    after = {**before, **best}
    _best_track(surface, pygame.Rect(box.x + 30, box.bottom - 44 - TRACK_H, box.width - 60, TRACK_H - 6), view,
                {p: lerp(before.get(p, 0), after.get(p, 0), track) for p in view.players}, max(after.values(), default=0))
    foot = t("castell.results.continue") if stage is None else t("castell.results.skip")
    style.text(surface, foot, (box.centerx, box.bottom - 22), 13, style.INK_SOFT, anchor="center")


def _along(start: tuple[float, float], end: tuple[float, float], progress: float) -> tuple[float, float]:
    return (lerp(start[0], end[0], progress), lerp(start[1], end[1], progress))


def _best_track(surface: pygame.Surface, area: pygame.Rect, view: castell.Position, marks: dict[str, float],
                highest: int) -> None:
    """Every player's best tower as a chip on a track from 0 past `highest` (chips on one spot
    stack up)."""
    draw.rect(surface, style.PARCHMENT_DARK, area, border_radius=8)
    label = t("castell.category.tower")
    drawn = style.text(surface, label, (area.x + 14, area.centery), 14, style.INK, bold=True, anchor="midleft")
    left, right, y = drawn.right + 24, area.right - 24, area.bottom - 16
    top = max(10, math.ceil(highest / 5) * 5)
    draw.line(surface, style.INK_SOFT, (left, y), (right, y), 2)
    for value in range(0, top + 1, 5):
        x = lerp(left, right, value / top)
        draw.line(surface, style.INK_SOFT, (x, y - 4), (x, y + 4), 1)
        style.text(surface, str(value), (x, y + 5), 10, style.INK_SOFT, anchor="midtop")
    placed: list[float] = []
    for player in view.players:
        x = lerp(left, right, marks[player] / top)
        level = sum(1 for other in placed if abs(other - x) < 16)
        placed.append(x)
        chip(surface, (x, y - 12 - level * 13), 14, player)


def _tower(surface: pygame.Surface, area: pygame.Rect, tower: castell.Tower, sizes: Sequence[int], shown: int) -> None:
    """A tower drawn as stacked casteller tiles, bottom level at the bottom, fitted into `area`;
    only its `shown` lowest levels stand yet."""
    levels = len(tower)
    widest = max(len(level) for level in tower)
    tile_h = min(26, (area.height - 2) // max(1, levels))
    tile_w = min(max(round(tile_h * 0.8), MIN_TILE_W), (area.width - 4) // max(1, widest))   # room for a "10"
    for i, level in enumerate(tower[:shown]):
        y = area.bottom - (i + 1) * tile_h
        x0 = area.centerx - len(level) * tile_w / 2
        for k, size in enumerate(level):
            box = pygame.Rect(round(x0 + k * tile_w) + 1, y + 1, tile_w - 2, tile_h - 2)
            pieces.casteller_tile(surface, box, size, token=size in sizes)


def best_track(view: castell.Position, events: Sequence[ev.Event]) -> dict[str, list[tuple[int, int]]]:
    """Each player's best-tower score after every round that held a festival (the chart's data)."""
    best = {p: 0 for p in view.players}
    track: dict[str, list[tuple[int, int]]] = {p: [(2, 0)] for p in view.players}
    rnd = 1
    for event in events:
        if isinstance(event, ev.RoundStarted):
            rnd = event.round
        elif isinstance(event, ev.FestivalHeld):
            for player, score in event.new_best:
                best[player] = score
            for p in view.players:
                if track[p][-1][0] == rnd:
                    track[p][-1] = (rnd, best[p])
                else:
                    track[p].append((rnd, best[p]))
    return track


def paint_final(surface: pygame.Surface, layout: CastellLayout, frame: Frame, events: Sequence[ev.Event],
                stage: FinalStage | None) -> None:
    """The final scoring as far as `stage` shows it (None: all): the five categories per player
    filled in row by row, each row adding up to its total, the winner(s) marked, a chart of the
    best-tower track over the game, and the frame's buttons (replay, title)."""
    view, names = frame.view, frame.look.names
    box = _modal(surface, layout, *FINAL_SIZE)
    cells = len(view.players) * len(CATEGORIES) if stage is None else stage.cells
    marked = stage is None or stage.winners
    winners = view.winners() if marked else []
    who = dict(zip(view.players, names))
    shown = ", ".join(who[p] for p in winners)
    title = (t("castell.final.title") if not marked else t("castell.final.shared", names=shown) if len(winners) > 1
             else t("castell.final.winner", names=shown))
    style.text(surface, title, (box.centerx, box.y + 18), 28, style.INK, bold=True, face="serif", anchor="midtop")
    columns = list(CATEGORIES) + ["total"]
    x0, col_w = box.x + 200, (box.width - 230) // len(columns)
    for c, key in enumerate(columns):
        label = t(f"castell.category.{key}")
        style.text(surface, label, (x0 + c * col_w + col_w // 2, box.y + 74), 13, style.INK_SOFT, bold=True,
                   anchor="center")
    order = sorted(view.players, key=lambda p: -view.scores[p])
    for i, player in enumerate(order):
        y = box.y + 104 + i * 34
        if player in winners:
            draw.rect(surface, style.GOLD_LIGHT, pygame.Rect(box.x + 24, y - 15, box.width - 48, 30), border_radius=6)
        chip(surface, (box.x + 40, y), 20, player)
        style.text(surface, who[player], (box.x + 60, y), 17, style.INK, bold=player in winners, anchor="midleft")
        parts = [view.breakdown(player)[key] for key in CATEGORIES][:max(0, cells - i * len(CATEGORIES))]
        for c, value in enumerate(parts + ([sum(parts)] if parts else [])):
            total = c == len(parts)
            style.text(surface, str(value), (x0 + (len(CATEGORIES) if total else c) * col_w + col_w // 2, y),
                       18 if total else 16, style.INK, bold=total, anchor="center")
    labels = max(style.text_width(f"{who[p]} {view.best[view.players.index(p)]}", 12, True) for p in view.players)
    _chart(surface, pygame.Rect(box.x + 40, box.y + 260, box.width - 90 - round(labels),
                                box.height - 334), view, events, who, 1.0 if stage is None else stage.chart)
    for button, rect in frame_buttons(layout, frame):
        style.button(surface, rect, button.label, primary=button.primary, enabled=button.enabled, size=16)


def _chart(surface: pygame.Surface, area: pygame.Rect, view: castell.Position, events: Sequence[ev.Event],
           who: dict[str, str], drawn: float) -> None:
    """Best tower score by round (rounds 2..10 on x), one line per player, drawn from the left
    as far as `drawn` (0..1) of the rounds; the names at the lines' ends once whole."""
    style.text(surface, t("castell.final.chart"), (area.x, area.y - 6), 13, style.INK_SOFT, bold=True,
               anchor="bottomleft")
    draw.rect(surface, style.PARCHMENT_DARK, area, border_radius=6)
    track = best_track(view, events)
    top = max([5] + [s for points in track.values() for _, s in points])
    rounds = view.data.rounds
    reach = lerp(2, rounds, drawn)

    def at(rnd: float, score: float) -> tuple[float, float]:
        return (area.x + 20 + (rnd - 2) / max(1, rounds - 2) * (area.width - 40),
                area.bottom - 16 - score / top * (area.height - 30))
    for rnd in range(2, rounds + 1):
        x, _ = at(rnd, 0)
        style.text(surface, str(rnd), (x, area.bottom - 6), 10, style.INK_SOFT, anchor="center")
    for player, points in track.items():
        points = points + [(rounds, points[-1][1])]
        colour = style.player_colour(player)
        for (r0, s0), (r1, s1) in zip(points, points[1:]):
            if r0 >= reach:
                break
            end = min(r1, reach)
            draw.line(surface, colour, at(r0, s0), at(end, s0), 3)
            if end == r1:
                draw.line(surface, colour, at(r1, s0), at(r1, s1), 3)
        if drawn >= 1:
            end_x, end_y = at(rounds, points[-1][1])
            chip(surface, (end_x + 10, end_y), 14, player)      # the colour's shape too
            style.text(surface, f"{who[player]} {points[-1][1]}", (end_x + 20, end_y), 12, colour,
                       bold=True, anchor="midleft")
