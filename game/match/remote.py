"""A table on a game server, read by the match screen as it reads a local `Match` (no pygame).

Why its own class: online the true Game lives on the server; this object holds only what the
server sends this seat — its View, its events, the table's summary — and never a Game. It has the
reading surface `MatchScene` uses; what does not apply online (undo, hints, saving, hand-offs)
answers "not available". `think()`, called every frame, takes what arrived from the
`BackgroundClient` without blocking; `play()` sends a move and returns at once.
"""
from __future__ import annotations

import time
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import engine
from game.match.end_table import EndTable
from game.match.seats import Seat
from game.match.feed import EventFeed
from game.present.neutral import client_key
from game.shell.datadir import data_dir
from game.shell.i18n import player_name, t
from game.present.refusals import refusal_text
from game.present.score_summary import ScoreSummary
from net.background import BackgroundClient
from net.client import History, Refused, Update, load_credentials, save_credentials

DEFAULT_SERVER = "127.0.0.1:8765"
CREDENTIALS_FILE = "online.json"


def server_url(address: str) -> str:
    """"host:port" (or a ws:// URL) as the URL the client connects to; no port means 8765."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    if ":" not in address:
        address += ":8765"
    return f"ws://{address}"


def credentials_path() -> Path:
    return data_dir() / CREDENTIALS_FILE


def remember(code: str, server: str, player: str, credential: str, host_token: str | None = None) -> None:
    """Keep a seat's credential (and the host token) in the data dir, for resuming later."""
    tables = load_credentials(credentials_path())
    entry: dict[str, Any] = {"server": server, "player": player, "credential": credential}
    if host_token:
        entry["host_token"] = host_token
    tables[code] = entry
    save_credentials(credentials_path(), tables)


def seat_at(url: str, method: str, *args: Any, **kwargs: Any) -> Future[tuple[BackgroundClient, dict[str, Any]]]:
    """Connect to `url` and send one seating request (create, join, resume) in a thread of its
    own: the frame loop polls the future; on failure the connection is closed again."""
    def work() -> tuple[BackgroundClient, dict[str, Any]]:
        online = BackgroundClient(url)
        try:
            online.submit("connect", timeout=5.0).result(10)
            return online, online.submit(method, *args, **kwargs).result(30)
        except BaseException:
            online.close()
            raise
    return _POOL.submit(work)


def resume_seat(code: str, entry: dict[str, Any], name: str = "") -> Future[tuple[BackgroundClient, dict[str, Any]]]:
    """Back to a stored seat (`entry` from the credentials file), under the player's current name,
    with the whole history of the table: a player back after days reads what happened."""
    return seat_at(str(entry.get("server", "")), "resume", code, str(entry.get("credential", "")), name=name,
                   history=0)


def list_tables(stored: dict[str, dict[str, Any]]) -> Future[list[dict[str, Any]]]:
    """The stored tables' summaries, server by server (a server that cannot be reached: its
    tables carry "error": "unreachable"), each with its server address."""
    def work() -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        by_server: dict[str, dict[str, str]] = {}
        for code, entry in stored.items():
            by_server.setdefault(str(entry.get("server", "")), {})[code] = str(entry.get("credential", ""))
        for server, credentials in by_server.items():
            online = BackgroundClient(server, backoff_max=0.5)
            try:
                online.submit("connect", timeout=3.0).result(5)
                found = online.submit("list_tables", credentials).result(10)
            except Exception:  # noqa: BLE001 - an unreachable server lists its tables as such
                found = [{"code": code, "error": "unreachable"} for code in credentials]
            finally:
                online.close()
            out += [{**item, "server": server} for item in found]
        return out
    return _POOL.submit(work)


_POOL = ThreadPoolExecutor(max_workers=4, thread_name_prefix="el-grande-seat")


class Link(Protocol):
    """What a table reads of its connection (a `BackgroundClient`; a test's stand-in)."""

    def poll(self) -> list[Update | History | dict[str, Any]]: ...
    def submit(self, method: str, *args: Any, **kwargs: Any) -> Future[Any]: ...
    def close(self) -> None: ...


@dataclass(frozen=True)
class SeatState:
    """A seat as the table summary shows it."""
    player: str
    kind: str
    name: str
    taken: bool
    connected: bool
    away: bool


class RemoteTable:
    """One seat at a server's table, fed by `online` (already connected and seated)."""

    local = False            # no undo, hints, saving or replays: the game is the server's
    pass_and_play = False
    from_scenario = False
    undo_player: str | None = None
    hand_offs = 0
    hints_used = 0
    save_error: str | None = None

    def __init__(self, online: Link, code: str, player: str | None, server: str,
                 host_token: str | None = None, notices: list[str] | None = None) -> None:
        self.online, self.code, self.viewer, self.server = online, code, player, server
        self.host_token = host_token
        self.notices = notices if notices is not None else []   # refusals shown as the screen's toasts
        self.summary: dict[str, Any] = {}
        self.n = -1
        self._view: engine.View | None = None
        self.feed = EventFeed(lambda: self.view().scoreboards)   # the log, the queue, the summaries
        self.version = 0
        self.error: str | None = None
        self.pending: Future[Any] | None = None
        self.asked: set[str] = set()                    # disconnected seats the host was asked about
        self._closing: Future[None] | None = None

    # ---- what arrives ---------------------------------------------------------------------------
    def think(self) -> None:
        """Take every update and table summary that arrived, and the answer to a move in flight."""
        for item in self.online.poll():
            if isinstance(item, Update):
                if item.code == self.code:
                    self._update(item)
            elif isinstance(item, History):
                if item.code == self.code:
                    self._history(item)
            elif item.get("code") == self.code:
                self.summary = item
        if self.pending is not None and self.pending.done():
            pending, self.pending = self.pending, None
            exc = pending.exception()
            if isinstance(exc, Refused):
                self.error = refusal_text(exc.reason, self.names()) if exc.reason else exc.detail
                self.notices.append(self.error)
            self.version += 1              # the move's answer is in: the seat may choose again

    def wait_ready(self, timeout: float = 30.0) -> None:
        """Block until the first view arrived (tests; the lobby scene polls `ready`)."""
        end = time.monotonic() + timeout
        while not self.ready:
            if time.monotonic() > end:
                raise TimeoutError(f"table {self.code}: no view from the server")
            self.think()
            time.sleep(0.005)

    @property
    def ready(self) -> bool:
        return self._view is not None

    def _update(self, update: Update) -> None:
        view = engine.view_from_json(update.view_json)
        if update.n < self.n:
            return
        if update.n == self.n and self._view is not None:
            return                          # the same position again (after a reconnection)
        self._view, self.n = view, update.n
        self.version += 1
        if update.move:
            self.feed.played(update.move["player"], update.move["text"], update.events)

    def _history(self, history: History) -> None:
        """What happened while the player was away (a resume from the first move, or the moves
        missed while the connection was down), shown at once and not animated: the board is
        already at the position of the update that follows."""
        if history.n <= self.n:
            return
        steps = history.steps
        if history.start == 0:
            self.feed.reset()
        elif self.n > history.start:
            steps = steps[self.n - history.start:]        # the moves this seat has already seen
        for player, text, events in steps:
            self.feed.settled(player, text, events)
        self.version += 1

    # ---- seats ----------------------------------------------------------------------------------
    def seat_states(self) -> list[SeatState]:
        return [SeatState(s["player"], s["kind"], s.get("name", ""), bool(s.get("taken")),
                          bool(s.get("connected")), bool(s.get("away")))
                for s in self.summary.get("seats", [])]

    @property
    def seats(self) -> dict[str, Seat]:
        return {s.player: Seat(s.player, s.kind, s.name) for s in self.seat_states()}

    @property
    def status(self) -> str:
        return str(self.summary.get("status", "open"))

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.view().players)

    @property
    def humans(self) -> list[str]:
        return [s.player for s in self.seat_states() if s.kind == "human"]

    def names(self) -> dict[str, str]:
        return {s.player: s.name for s in self.seat_states() if s.name}

    def name(self, player: str) -> str:
        dummy = self._view.dummy if self._view is not None else None
        return player_name(client_key(player, dummy), self.names())

    def disconnected(self) -> list[str]:
        """Taken human seats whose player lost the connection in play (nobody plays them)."""
        if self.status != "playing":
            return []
        return [s.player for s in self.seat_states()
                if s.kind == "human" and s.taken and not s.connected and not s.away and s.player != self.viewer]

    def seat_to_ask(self) -> str | None:
        """A seat whose player is gone, not yet put to this table's host (once each)."""
        if self.host_token is None:
            return None
        for player in self.disconnected():
            if player not in self.asked:
                self.asked.add(player)
                return player
        return None

    def waiting_text(self) -> str:
        """"Ben lost the connection — waiting" while a seat's player is gone; "Waiting for Ben to
        play…" while another human seat is to move (the plate is never blank); else ""."""
        gone = self.disconnected()
        if gone:
            return t("online.lost_connection", who=self.name(gone[0]))
        mover = self._view.to_move if self._view is not None else None
        if mover is not None and mover != self.viewer and self.thinking is None:
            return t("online.waiting_for", who=self.name(mover))
        return ""

    def hand_to_ai(self, player: str, level: str) -> Future[Any] | None:
        """The host's choice: an AI plays the absent player's seat until he resumes."""
        if self.host_token is None:
            return None
        return self.online.submit("seat_ai", self.code, self.host_token, player, level)

    def start(self) -> Future[Any] | None:
        if self.host_token is None:
            return None
        return self.online.submit("start", self.code, self.host_token)

    # ---- reading --------------------------------------------------------------------------------
    def view(self) -> engine.View:
        if self._view is None:
            raise engine.EngineError(f"table {self.code}: no view from the server yet")
        return self._view

    @property
    def thinking(self) -> str | None:
        """The seat an AI plays (an AI level, or a human seat handed to one) while it is to move."""
        to_move = self._view.to_move if self._view is not None else None
        for s in self.seat_states():
            if s.player == to_move and (s.kind != "human" or s.away):
                return s.player
        return None

    def human_to_move(self) -> str | None:
        """This seat, when it is to move and no move of it is in flight (only it may click here)."""
        if self._view is None or self.pending is not None or self.viewer is None:
            return None
        return self.viewer if self._view.to_move == self.viewer else None

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
        self.error = None
        self.pending = self.online.submit("move", self.code, str(parsed))
        self.version += 1
        return True

    @property
    def events(self) -> deque[engine.events.Event]:
        """The events still to animate, oldest first."""
        return self.feed.events

    def visible_log(self) -> list[str]:
        """The log of the table, as far as the animations have got."""
        return self.feed.visible_log(self.name)

    def log_lines(self) -> list[str]:
        return self.feed.log_lines(self.name)

    def past_events(self) -> list[engine.events.Event]:
        """The events known at this seat, with the round's start (game/match/feed.py)."""
        return self.feed.round_events(self.view())

    def visible_discs(self) -> dict[str, str]:
        view = self.view()
        disc = view.disc(self.viewer) if self.viewer and view.phase == "disc" else None
        return {self.viewer: disc} if self.viewer and disc else {}

    def take_summary(self) -> ScoreSummary | None:
        return self.feed.take_summary()

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

    def close(self) -> Future[None]:
        """Leave the table: the connection is closed (the server shows the seat as gone to the
        others) in a thread of its own, so the frame loop never waits for the close handshake."""
        if self._closing is None:
            self._closing = _POOL.submit(self.online.close)
        return self._closing


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

