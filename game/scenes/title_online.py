"""The title screen's list of the player's online tables, with whose turn it is, each resumable
from there (issue 23 §5).

Why apart from the title scene: the list is fetched from the servers off the frame loop (the
stored credentials asked by `remote.list_tables`, a BackgroundClient per server), so the title
never waits; a server that cannot be reached is one quiet line, never a dialog. The title only
asks it for its rows, draws it and hands it the clicks.
"""
from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pygame

from game.match import remote
from game.render import style
from game.shell import layout
from game.shell.i18n import t
from net.client import load_credentials

ROWS = 5            # tables shown at most (the player's turn first)


def panel_rect() -> pygame.Rect:
    """Right of the title's menu, on the map: the heading, the rows and the quiet line."""
    return layout.in_frame(812, 244, 236, 340)


class OnlineTables:
    """The stored tables' summaries as the servers answered (fetched again by `refresh`)."""

    def __init__(self) -> None:
        self.stored: dict[str, dict[str, Any]] = {}
        self.tables: list[dict[str, Any]] = []
        self.unreachable = False
        self.listing: Future[list[dict[str, Any]]] | None = None
        self.refresh()

    def refresh(self) -> None:
        """Ask again (back on the title), unless an answer is still awaited."""
        self.stored = load_credentials(remote.credentials_path())
        if self.stored and self.listing is None:
            self.listing = remote.list_tables(self.stored)

    @property
    def busy(self) -> bool:
        return self.listing is not None

    def poll(self) -> bool:
        """Take the answer when it is in; True when the list changed (the title redraws)."""
        if self.listing is None or not self.listing.done():
            return False
        found, self.listing = self.listing.result(), None
        live = [item for item in found if "error" not in item and item.get("status") != "over"]
        live.sort(key=lambda item: (item.get("to_move") != item.get("player"), item["code"]))
        self.tables = live[:ROWS]
        self.unreachable = any(item.get("error") == "unreachable" for item in found)
        return True

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        box = panel_rect()
        return [(pygame.Rect(box.x + 8, box.y + 38 + i * 56, box.width - 16, 48), f"table:{item['code']}")
                for i, item in enumerate(self.tables)]

    def resume(self, key: str, name: str) -> tuple[str, Future[Any]] | None:
        """Back to the table of a row's key: (its server's URL, the seating request)."""
        code = key.removeprefix("table:")
        entry = self.stored.get(code)
        if entry is None:
            return None
        return str(entry.get("server", "")), remote.resume_seat(code, entry, name)

    def draw(self, surface: pygame.Surface, hover: tuple[int, int] | None, connecting: bool = False) -> None:
        if not self.stored:
            return
        from game.scenes.online import table_state
        box = panel_rect()
        rows = self.buttons()
        quiet = (t("online.connecting") if connecting else
                 t("online.looking") if self.busy and not self.tables else
                 t("title.online_unreachable") if self.unreachable else
                 "" if self.tables else t("title.online_none_waiting"))
        lines = style.wrap(quiet, box.width - 20, 13) if quiet else []
        height = 38 + len(rows) * 56 + 18 * len(lines) + 6
        style.plate(surface, pygame.Rect(box.x, box.y, box.width, height), (20, 14, 8, 170), radius=10)
        style.text(surface, t("online.your_tables"), (box.centerx, box.y + 10), style.fit_size(
            t("online.your_tables"), box.width - 16, 17, True, "serif"), style.GOLD_LIGHT, bold=True, face="serif",
            anchor="midtop")
        for (rect, _), item in zip(rows, self.tables):
            mine = item.get("to_move") == item.get("player") and item.get("status") == "playing"
            style.button(surface, rect, "", hover=bool(hover and rect.collidepoint(hover)), primary=mine)
            head = f"{item['code']} · {item.get('name') or '—'}"
            state = table_state(item)
            style.text(surface, head, (rect.centerx, rect.y + 6), style.fit_size(head, rect.width - 16, 15, True),
                       style.INK, bold=True, anchor="midtop")
            style.text(surface, state, (rect.centerx, rect.bottom - 7), style.fit_size(state, rect.width - 16, 13),
                       style.INK, anchor="midbottom")
        y = box.y + 40 + len(rows) * 56
        for i, line in enumerate(lines):
            style.text(surface, line, (box.centerx, y + 18 * i), 13, style.PARCHMENT, anchor="midtop")
