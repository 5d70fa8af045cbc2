"""Finding room on the map for small things drawn over it (floating scores, rank badges).

Why one helper: both must avoid the region names, values, pieces and each other; a row is moved
by whole rows up or down, then sideways, until it touches nothing already there.
"""
from __future__ import annotations

import pygame


def free_row(centre: tuple[float, float], sizes: list[tuple[int, int]], taken: list[pygame.Rect],
             gap: int = 6, headroom: int = 0, bounds: pygame.Rect | None = None) -> list[pygame.Rect]:
    """Rects of the given sizes side by side, centred as near `centre` as possible without
    touching `taken` (with `headroom` pixels kept free above each) and, given `bounds`, inside it
    headroom included; the centred row if none fits."""
    width = sum(w for w, _ in sizes) + gap * (len(sizes) - 1)
    step = max(h for _, h in sizes) + 2

    def row_at(dx: int, dy: int) -> list[pygame.Rect]:
        x, row = centre[0] + dx - width / 2, []
        for w, h in sizes:
            row.append(pygame.Rect(int(x), int(centre[1] + dy * step - h / 2), w, h))
            x += w + gap
        return row

    for dx in (0, -60, 60, -120, 120, -180, 180):
        for dy in (0, -1, 1, -2, 2, -3, 3, -4, 4):
            row = row_at(dx, dy)
            reach = [r.inflate(0, headroom).move(0, -headroom // 2) for r in row]
            if bounds is not None and not all(bounds.contains(r) for r in reach):
                continue
            if not any(r.collidelist(taken) >= 0 for r in reach):
                return row
    return row_at(0, 0)
