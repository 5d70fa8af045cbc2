"""Render mid-game Castell tables to docs/screenshots/castell-*.png (headless, seeded, no window):

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python docs/make_castell_screenshots.py

Each picture is `game.render.castell_table.paint_table` of a game played from a seed with random
legal moves into a round in the middle of the game, at 1024x640, 1280x800 and 1920x1080, with
the mover's legal regions lit and a staged recruit's ghost, as the match scene will show them.
"""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402 (the project is put on sys.path first)

from engine.castell import View, new_game  # noqa: E402 (the project is put on sys.path first)
from engine.castell.describe import describe  # noqa: E402 (the project is put on sys.path first)
from game.present.castell_look import Ghost, TableLook  # noqa: E402 (the project is put on sys.path first)
from game.render.castell_table import paint_table  # noqa: E402 (the project is put on sys.path first)
from game.render import style  # noqa: E402 (the project is put on sys.path first)
from game.shell.castell_layout import CastellLayout  # noqa: E402 (the project is put on sys.path first)

SIZES = ((1024, 640), (1280, 800), (1920, 1080))
GAMES = ((4, 11, 8), (3, 5, 6), (2, 3, 5))      # players, seed, round to stop in
NAMES = ("Ana", "Bernat", "Carla", "Duarte")


def mid_game(players: int, seed: int, rnd: int) -> tuple[View, list[str]]:
    """A game played with random legal moves into round `rnd`, left at the start of a player's
    turn with the pawn on the map, and its log's lines."""
    game = new_game(("red", "blue", "green", "yellow")[:players], seed=seed)
    rng = random.Random(seed)
    log: list[str] = []
    while not game.is_over and (game.round < rnd or game.phase != "turn" or game.used
                                or game.pawn[game.to_move_idx] < 0):
        for event in game.play(rng.choice(game.legal_moves())):
            line = describe(event, game.data)
            if line:
                log.append(line)
    return View.of(game, None), log


def look_for(view: View) -> TableLook:
    """The mover's legal move targets lit and the first recruit staged, as the scene would."""
    moves = view.legal_moves()
    lit = frozenset(m.args[0] for m in moves if m.verb in ("move", "place", "train"))
    recruit = next((m for m in moves if m.verb == "recruit" and len(m.args) == 2), None)
    ghost = Ghost(recruits=tuple(int(a) for a in recruit.args), staged=True) if recruit else None
    return TableLook(names=NAMES[:view.n], lit=lit, ghost=ghost, pulse=0.6)


def scene_parts(surface: pygame.Surface, layout: CastellLayout, view: View, look: TableLook, log: list[str]) -> None:
    """What the match scene paints over the table, roughly: the prompt, the buttons, the log."""
    style.plate(surface, layout.prompt_rect, (34, 24, 18, 200), 8)
    name = look.names[view.to_move_idx]
    style.text(surface, f"{name} — move, recruit, train or take a special action", layout.prompt_rect.center,
               16, style.PARCHMENT, bold=True, anchor="center")
    row = layout.button_row
    style.button(surface, pygame.Rect(row.x, row.y, 110, row.height), "Undo", enabled=False)
    style.button(surface, pygame.Rect(row.right - 150, row.y, 150, row.height), "End turn", primary=True)
    area = layout.log_rect(view.n)
    style.panel(surface, area, style.PARCHMENT, style.INK_SOFT, 8, 2)
    style.text(surface, "GAME LOG", (area.x + 10, area.y + 6), 12, style.INK_SOFT, bold=True)
    lines = [line for entry in log[-40:] for line in style.wrap(entry, area.width - 20, 12)]
    room = int((area.height - 30) // style.line_height(12))
    for i, line in enumerate(lines[-room:]):
        style.text(surface, line, (area.x + 10, area.y + 24 + i * style.line_height(12)), 12)


def main() -> None:
    pygame.init()
    OUT.mkdir(parents=True, exist_ok=True)
    for players, seed, rnd in GAMES:
        view, log = mid_game(players, seed, rnd)
        for size in SIZES:
            surface = pygame.Surface(size)
            layout = CastellLayout.for_window(size)
            look = look_for(view)
            paint_table(surface, layout, view, look)
            scene_parts(surface, layout, view, look, log)
            path = OUT / f"castell-{players}p-{size[0]}x{size[1]}.png"
            pygame.image.save(surface, str(path))
            print(path)


if __name__ == "__main__":
    main()
