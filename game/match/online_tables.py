"""The player's online tables as the title screen shows them: fetched from the servers off the
frame loop, in words (whose turn it is), each resumable.

Why apart from the screens: the list is asked of every server the stored credentials name
(`remote.list_tables`, a BackgroundClient per server) in a thread, so the title never waits; a
server that cannot be reached is one quiet line, never a dialog. No pygame: the title draws it
(game/render/online_tables.py) and hands it the clicks.
"""
from __future__ import annotations

from concurrent.futures import Future
from typing import Any

from game.match import remote
from game.shell.i18n import player_name, t
from net.client import Refused, load_credentials

ROWS = 5            # tables shown at most (the player's turn first)


def failure_text(exc: BaseException) -> str:
    """Why a request failed, in one line (the server's own detail for a refusal)."""
    if isinstance(exc, Refused):
        return t("online.refused", detail=exc.detail)
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


def table_line(item: dict[str, Any]) -> str:
    """One stored table: its code, its host's name, and whose turn it is (or that it waits)."""
    return t("online.table_line", code=item["code"], name=item.get("name") or "—", state=table_state(item))


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

    def resume(self, code: str, name: str) -> tuple[str, Future[Any]] | None:
        """Back to a listed table: (its server's URL, the seating request)."""
        entry = self.stored.get(code)
        if entry is None:
            return None
        return str(entry.get("server", "")), remote.resume_seat(code, entry, name)

    def quiet(self, connecting: bool) -> str:
        """The one line under the rows: connecting, looking, unreachable, or nothing in play."""
        if connecting:
            return t("online.connecting")
        if self.busy and not self.tables:
            return t("online.looking")
        if self.unreachable:
            return t("title.online_unreachable")
        return "" if self.tables else t("title.online_none_waiting")
