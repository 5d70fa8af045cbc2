"""A table on a game server, read by the match screen as it reads a local `Match` (no pygame).

Why its own class: online the true Game lives on the server; this object holds only what the
server sends this seat — its View, its events, the table's summary — and never a Game. It has the
reading surface `MatchScene` uses; what does not apply online (undo, hints, saving, hand-offs)
answers "not available". `think()`, called every frame, takes what arrived from the
`BackgroundClient` without blocking; `play()` sends a move and returns at once.

How a seat follows its connection, the seats and a queued move is every game's, in
game/match/remote_seat.py; here are El Grande's view, log and words, and the requests that seat
a player at a table of either game (`table_for` gives Castell's its `RemoteCastell`).
"""
from __future__ import annotations

from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import engine
from game.match.end_table import EndTable
from game.match.seats import Seat
from game.match.feed import EventFeed, FeedReads
from game.match.remote_castell import RemoteCastell
from game.match.remote_seat import POOL, Link, RemoteSeat, SeatState, credentials_path
from game.present.neutral import client_key
from game.shell.i18n import player_name, t
from game.present.refusals import refusal_text
from net.background import BackgroundClient
from game.match import local_server
from game.present.describe import item_text, move_item
from net.client import load_credentials, save_credentials

__all__ = ["DEFAULT_SERVER", "Link", "RemoteTable", "SeatState", "credentials_path", "forget", "remember",
           "seat_at", "server_url", "table_for"]

DEFAULT_SERVER = "127.0.0.1:8765"
LIST_CONNECT_S = 3.0     # how long the tables list waits for a server before calling it unreachable


def server_url(address: str) -> str:
    """"host:port" (or a ws:// URL) as the URL the client connects to; no port means 8765."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    if ":" not in address:
        address += ":8765"
    return f"ws://{address}"


def remember(code: str, server: str, player: str, credential: str, host_token: str | None = None,
             hosted: bool = False) -> None:
    """Keep a seat's credential (and the host token) in the data dir, for resuming later;
    `hosted`: the table is on this computer's own server (game/match/local_server.py)."""
    tables = load_credentials(credentials_path())
    entry: dict[str, Any] = {"server": server, "player": player, "credential": credential}
    if host_token:
        entry["host_token"] = host_token
    if hosted:
        entry["hosted"] = True
    tables[code] = entry
    save_credentials(credentials_path(), tables)


def forget(code: str) -> None:
    """Remove a table from the player's list (its credential is dropped)."""
    tables = load_credentials(credentials_path())
    if tables.pop(code, None) is not None:
        save_credentials(credentials_path(), tables)


def entry_url(entry: dict[str, Any]) -> str:
    """The URL of a stored table's server; a hosted table's is this computer's server, started if
    it does not run (blocks: call it off the frame loop)."""
    if entry.get("hosted"):
        return local_server.running().url
    return str(entry.get("server", ""))


def seat_at(url: str | None, method: str, *args: Any, **kwargs: Any) -> Future[tuple[BackgroundClient, dict[str, Any]]]:
    """Connect to `url` (None: this computer's own server, started first) and send one seating
    request (create, join, resume, watch) in a thread of its own: the frame loop polls the
    future; on failure the connection is closed again."""
    def work() -> tuple[BackgroundClient, dict[str, Any]]:
        online = BackgroundClient(url if url is not None else local_server.running().url)
        try:
            online.submit("connect", timeout=5.0).result(10)
            return online, online.submit(method, *args, **kwargs).result(30)
        except BaseException:
            online.close()
            raise
    return POOL.submit(work)


def resume_seat(code: str, entry: dict[str, Any], name: str = "") -> Future[tuple[BackgroundClient, dict[str, Any]]]:
    """Back to a stored seat (`entry` from the credentials file), under the player's current name,
    with the whole history of the table: a player back after days reads what happened."""
    def work() -> tuple[BackgroundClient, dict[str, Any]]:
        return seat_at(entry_url(entry), "resume", code, str(entry.get("credential", "")), name=name,
                       history=0).result()
    return _LOOKUPS.submit(work)


def list_tables(stored: dict[str, dict[str, Any]]) -> Future[list[dict[str, Any]]]:
    """The stored tables' summaries, server by server (a server that cannot be reached: its
    tables carry "error": "unreachable"), each with its server address."""
    def work() -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        by_server: dict[str, dict[str, str]] = {}
        for code, entry in stored.items():
            try:
                server = entry_url(entry)
            except OSError:                 # this computer's server cannot listen
                out.append({"code": code, "error": "unreachable", "server": ""})
                continue
            by_server.setdefault(server, {})[code] = str(entry.get("credential", ""))
        for server, credentials in by_server.items():
            online = BackgroundClient(server, backoff_max=0.5)
            try:
                online.submit("connect", timeout=LIST_CONNECT_S).result(LIST_CONNECT_S + 2)
                found = online.submit("list_tables", credentials).result(10)
            except Exception:  # noqa: BLE001 - an unreachable server lists its tables as such
                found = [{"code": code, "error": "unreachable"} for code in credentials]
            finally:
                online.close()
            out += [{**item, "server": server} for item in found]
        return out
    return POOL.submit(work)


def abandon(entry: dict[str, Any], code: str) -> Future[None]:
    """A host's never-started table removed from the server (`abandon`, with the host token);
    a server without that request, or one that cannot be reached, is not asked again: the
    table is only forgotten here."""
    def work() -> None:
        online = BackgroundClient(entry_url(entry), backoff_max=0.5)
        try:
            online.submit("connect", timeout=LIST_CONNECT_S).result(LIST_CONNECT_S + 2)
            online.submit("request", "abandon", code=code, host_token=str(entry.get("host_token", ""))).result(10)
        except Exception:  # noqa: BLE001 - forgotten here whatever the server says
            pass
        finally:
            online.close()
    return POOL.submit(work)


_LOOKUPS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="el-grande-resume")


class RemoteTable(RemoteSeat, FeedReads):
    """One seat at a server's El Grande table, fed by `online` (already connected and seated)."""

    local = False            # no undo, hints, saving or replays: the game is the server's
    pass_and_play = False
    from_scenario = False
    undo_player: str | None = None
    hand_offs = 0
    hints_used = 0
    save_error: str | None = None

    def __init__(self, online: Link, code: str, player: str | None, server: str,
                 host_token: str | None = None, notices: list[str] | None = None, hosted: bool = False) -> None:
        super().__init__(online, code, player, server, host_token, notices, hosted)
        self._view: engine.View | None = None
        self.feed = EventFeed(lambda: self.view().scoreboards)   # the log, the queue, the summaries

    # ---- the game's part of a seat (game/match/remote_seat.py) ----------------------------------
    @property
    def ready(self) -> bool:
        return self._view is not None

    def _to_move(self) -> str | None:
        return self.view().to_move

    def _take_view(self, wire: dict[str, Any]) -> None:
        self._view = engine.view_from_json(wire)

    def _log_move(self, mover: str, text: str, events: list[Any]) -> None:
        self.feed.played(mover, text, events)

    def _log_settled(self, player: str, text: str, events: list[Any]) -> None:
        self.feed.settled(player, text, events)

    def _forget_log(self) -> None:
        self.feed.reset()

    def _refusal_words(self, reason: tuple[str, dict[str, Any]]) -> str:
        return refusal_text(reason, self.names())

    def _move_words(self, text: str) -> str | None:
        item = move_item(text, self.viewer, every_move=True)     # its own: a secret one in full
        return item_text(item, self.name, self.viewer) if item is not None else None

    def _who(self, player: str) -> str:
        dummy = self._view.dummy if self._view is not None else None
        return player_name(client_key(player, dummy), self.names())

    # ---- seats ----------------------------------------------------------------------------------
    @property
    def seats(self) -> dict[str, Seat]:
        return {s.player: Seat(s.player, s.kind, s.name) for s in self.seat_states()}

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.view().players)

    def waiting_text(self) -> str:
        """"Ben lost the connection — waiting" (or "Ben left the table") while a seat's player is
        gone; "Waiting for Ben to play…" while another human seat is to move and the screen has
        shown every move before it (the plate is never blank, never stale); else ""."""
        gone = self.disconnected()
        if gone:
            return self.gone_text(gone[0])
        mover = self._view.to_move if self._view is not None else None
        if mover is not None and mover != self.viewer and self.thinking is None and not self.feed.events:
            return t("online.waiting_for", who=self.name(mover))
        return ""

    # ---- reading --------------------------------------------------------------------------------
    def view(self) -> engine.View:
        if self._view is None:
            raise engine.EngineError(f"table {self.code}: no view from the server yet")
        return self._view

    def human_to_move(self) -> str | None:
        return self.my_turn()

    def legal_moves(self) -> list[engine.Move]:
        return self.view().legal_moves() if self.human_to_move() else []

    def play(self, move: engine.Move | str) -> bool:
        """Send this seat's move; False (with `error` worded) when it is not legal in its view."""
        view = self.view()
        try:
            parsed = move if isinstance(move, engine.Move) else engine.parse_move(move, view)
        except engine.EngineError as exc:
            self.error = str(exc)
            return False
        reason = engine.why_illegal(view, parsed) if self.human_to_move() else \
            ("not_your_turn", {"player": view.to_move or ""})
        if reason is not None:
            self.error = refusal_text(reason, self.names())
            return False
        self.send(str(parsed))
        return True

    @property
    def events(self) -> deque[engine.events.Event]:
        """The events still to animate, oldest first."""
        return self.feed.events

    def visible_discs(self) -> dict[str, str]:
        view = self.view()
        disc = view.disc(self.viewer) if self.viewer and view.phase == "disc" else None
        return {self.viewer: disc} if self.viewer and disc else {}

    def end_table(self) -> EndTable:
        """The final reckoning from the seat's last view (its score history is public)."""
        return view_end_table(self.view())

    # ---- what does not apply online -------------------------------------------------------------
    def handoff_due(self) -> tuple[str, str | None] | None:
        return None

    def hand_to(self, player: str | None) -> None:
        """No hand-off: the screen is always this seat's."""

    def moves_played(self) -> int:
        return max(self.n, 0)

    def public_moves_since(self, mark: int) -> list[str] | None:
        """No hint plan is followed online (hints are the local game's): none to follow."""
        return None

    def follow_turn(self) -> None:
        """The screen is always this seat's."""

    def poll_ai(self) -> None:
        """AI seats play on the server."""
        self.think()

    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        self.error = None
        return False


def view_end_table(view: engine.View) -> EndTable:
    """An end table from a view: the general scorings by round, the card scorings, the total, and
    each player's score at the end of every round added up from the score history."""
    history = view.score_history
    general = [entry for entry in history if entry.kind == "general"]
    columns = tuple(f"round {e.round}" for e in general) + ("cards", "total")
    rows = {p: tuple(e.points.get(p, 0) for e in general)
            + (sum(e.points.get(p, 0) for e in history if e.kind == "card"), view.scores[p])
            for p in view.players}
    start = {p: view.scores[p] - sum(e.points.get(p, 0) for e in history) for p in view.players}
    progress = [(0, start)]
    for r in range(1, view.round + 1):
        progress.append((r, {p: start[p] + sum(e.points.get(p, 0) for e in history if e.round <= r)
                             for p in view.players}))
    scores = view.scores
    ranks = {p: 1 + sum(1 for q in view.players if scores[q] > scores[p]) for p in view.players}
    return EndTable(columns, rows, tuple(progress), ranks, tuple(view.winners()), None)


def table_for(online: BackgroundClient, reply: dict[str, Any], notices: list[str]) -> RemoteTable | RemoteCastell:
    """The remote table of a `created`/`joined`/`watching` answer, of the game the table holds;
    a seat's credential is stored for later (marked hosted when its host made it on this
    computer's own server)."""
    stored = load_credentials(credentials_path()).get(reply["code"], {})
    if stored.get("player") != reply.get("player"):
        stored = {}                     # another seat of the table (a second window on this computer)
    host_token = reply.get("host_token") or stored.get("host_token")
    url = online.client.url
    here = local_server.current()
    hosted = bool(stored.get("hosted")) or (bool(host_token) and here is not None and url == here.url)
    if reply.get("credential"):
        remember(reply["code"], url, reply["player"], reply["credential"], host_token, hosted)
    kind = RemoteCastell if reply.get("table", {}).get("game") == "castell" else RemoteTable
    return kind(online, reply["code"], reply.get("player"), url, host_token, notices, hosted)
