"""Draw the Castell tower builder panel headless to docs/screenshots/castell-builder-*.png:

    PYTHONPATH=. python docs/make_castell_builder_shots.py

A festival and a performance tile, each with a legal tower and a broken one, on the wood of the
table at 1280x800 (the panel alone; the match scene hosts it).
"""
from __future__ import annotations

from pathlib import Path

import pygame

from engine.castell.data import DATA
from game.present.castell_builder import Builder, Button, Placed, Purpose, ReserveSize
from game.render import style
from game.render.castell_builder import Look, paint_builder
from game.shell import layout

OUT = Path(__file__).resolve().parent / "screenshots"
SIZE = (1280, 800)
RECT = pygame.Rect(260, 70, 760, 660)


def team(*sizes: int) -> list[int]:
    counts = [0] * 10
    for s in sizes:
        counts[s - 1] += 1
    return counts


def build(builder: Builder, tower: list[list[int]]) -> Builder:
    for i, level in enumerate(tower):
        for size in level:
            builder = builder.add(size, i)
    return builder


def shoot(name: str, builder: Builder, look: Look) -> None:
    surface = pygame.Surface(SIZE)
    surface.blit(style.wood_background(SIZE), (0, 0))
    paint_builder(surface, RECT, builder, look)
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(OUT / f"castell-builder-{name}.png"))
    print(OUT / f"castell-builder-{name}.png")


def main() -> None:
    pygame.font.init()          # no window: the panel is drawn on a plain surface
    layout.use(SIZE)
    festival = Builder.start(team(9, 8, 8, 8, 7, 6, 6, 6, 5, 5, 3, 3, 2, 1),
                             {"balance": 2, "mix": 1, "width": 1}, Purpose.festival((6,), "Barcelona"))
    shoot("festival-legal", festival.best(), Look(hover=Button("confirm")))
    shoot("festival-broken", build(festival, [[8, 8, 8], [7, 6, 6], [6, 5, 5]]),
          Look(hover=ReserveSize(9), pulse=0.5))
    tile = DATA.tiles["shape13"]
    perform = Builder.start(team(9, 9, 9, 9, 8, 8, 8, 8, 7, 6, 6, 6, 4, 4, 2), {"balance": 1, "width": 1, "strength": 1},
                            Purpose.performance("shape13", tile))
    shoot("performance-legal", perform.best(), Look(hover=Placed(0, 1)))
    exh = Builder.start(team(9, 8, 8, 7, 7, 6, 5, 4, 3), {"balance": 1, "width": 1},
                        Purpose.performance("exh06", DATA.tiles["exh06"]))
    shoot("performance-broken", build(exh, [[8, 8, 7], [7, 6, 5], [4]]), Look(focus=ReserveSize(3)))


if __name__ == "__main__":
    main()
