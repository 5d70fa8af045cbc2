"""The player's online tables as the title screen shows them: fetched from the servers off the
frame loop, in words (whose turn it is), each resumable.

Why apart from the screens: the list is asked of every server the stored credentials name
(`remote.list_tables`, a BackgroundClient per server) in a thread, so the title never waits; a
server that cannot be reached is one quiet line, never a dialog, and the list is asked again by
itself (every RETRY_SECONDS) until it answers; the tables last listed stay meanwhile. No pygame:
the title and the Play online screen draw it (game/render/online_tables.py) and hand it the clicks.
"""
from __future__ import annotations

import time
from concurrent.futures import Future
from typing import Any

from game.match import remote
from game.shell.i18n import has, player_name, t
from net.client import Refused, load_credentials

ROWS = 5            # tables shown at most (the player's turn first)
RETRY_SECONDS = 3.0     # between two askings of a server that could not be reached


def failure_text(exc: BaseException) -> str:
    """Why a request failed, in one line of the player's language: a refusal by its code
    (docs/protocol.md "Error codes"; an unknown code is named), anything else unreachable."""
    if isinstance(exc, Refused):
        key = f"online.error.{exc.code}"
        return t(key) if has(key) else t("online.refused_code", code=exc.code)
    return t("online.unreachable")


def table_state(item: dict[str, Any]) -> str:
    """Whose turn it is at a stored table (by the seat's name where it has one), or that it waits."""
    seats = {s["player"]: s.get("name", "") for s in item.get("seats", [])}
    names = {p: n for p, n in seats.items() if n}
    if item.get("status") == "over":
        return t("online.over")
    if item.get("status") == "open":
        return t("online.not_started")
    if item.get("to_move") == item.get("player"):
        return t("online.your_turn")
    return t("online.turn_of", who=player_name(str(item.get("to_move")), names))


def game_name(item: dict[str, Any]) -> str:
    """The game a listed table holds, by its name (a summary without one is El Grande's)."""
    return t(f"online.game.{item.get('game') or 'el-grande'}")


def table_line(item: dict[str, Any]) -> str:
    """One stored table: its code, its game, its host's name, and whose turn it is (or that it
    waits)."""
    return t("online.table_line", code=item["code"], game=game_name(item), name=item.get("name") or "—",
             state=table_state(item))


class OnlineTables:
    """The stored tables' summaries as the servers answered (fetched again by `refresh`)."""

    def __init__(self) -> None:
        self.stored: dict[str, dict[str, Any]] = {}
        self.tables: list[dict[str, Any]] = []
        self.unreachable = False
        self.listing: Future[list[dict[str, Any]]] | None = None
        self.retry_at: float | None = None
        self.refresh()

    def refresh(self) -> None:
        """Ask again (back on the title), unless an answer is still awaited."""
        self.stored = load_credentials(remote.credentials_path())
        if not self.stored:
            self.tables, self.unreachable, self.retry_at = [], False, None
        if self.stored and self.listing is None:
            self.retry_at = None
            self.listing = remote.list_tables(self.stored)

    def forget(self, code: str) -> None:
        """A table removed from the player's list (a host's never-started table is also
        abandoned on its server)."""
        entry = self.stored.get(code, {})
        item = next((i for i in self.tables if i.get("code") == code), {})
        if entry.get("host_token") and item.get("status") == "open":
            remote.abandon(entry, code)
        remote.forget(code)
        self.tables = [i for i in self.tables if i.get("code") != code]
        self.stored.pop(code, None)

    @property
    def busy(self) -> bool:
        return self.listing is not None

    def poll(self) -> bool:
        """Take the answer when it is in, and ask again once a retry is due; True when the list
        changed (the screen redraws)."""
        if self.retry_at is not None and time.monotonic() >= self.retry_at and self.listing is None:
            self.retry_at = None
            self.listing = remote.list_tables(self.stored)
        if self.listing is None or not self.listing.done():
            return False
        found, self.listing = self.listing.result(), None
        gone = {item["code"] for item in found if item.get("error") == "unreachable"}
        live = [item for item in found if "error" not in item and item.get("status") != "over"]
        live += [item for item in self.tables if item["code"] in gone]        # last known, kept
        live.sort(key=lambda item: (item.get("to_move") != item.get("player"), item["code"]))
        self.tables = live[:ROWS]
        self.unreachable = bool(gone)
        self.retry_at = time.monotonic() + RETRY_SECONDS if gone else None
        return True

    @property
    def retrying(self) -> bool:
        """A server could not be reached and is asked again by itself."""
        return self.retry_at is not None or (self.listing is not None and self.unreachable)

    def resume(self, code: str, name: str) -> Future[Any] | None:
        """Back to a listed table: the seating request."""
        entry = self.stored.get(code)
        if entry is None:
            return None
        return remote.resume_seat(code, entry, name)

    def quiet(self, connecting: bool) -> str:
        """The one line under the rows: connecting, looking, unreachable, or nothing in play."""
        if connecting:
            return t("online.connecting")
        if self.busy and not self.tables and not self.unreachable:
            return t("online.looking")
        if self.unreachable:
            return t("title.online_unreachable")
        return "" if self.tables else t("title.online_none_waiting")
