"""A table on a game server, read by the match screen as it reads a local `Match` (no pygame).

Why its own class: online the true Game lives on the server; this object holds only what the
server sends this seat — its View, its events, the table's summary — and never a Game. It has the
reading surface `MatchScene` uses; what does not apply online (undo, hints, saving, hand-offs)
answers "not available". `think()`, called every frame, takes what arrived from the
`BackgroundClient` without blocking; `play()` sends a move and returns at once.

Connection trouble is the normal case for games that last days: while the connection is down
(the client reconnects by itself) the screen says so with the seconds waited, and a move made
meanwhile — or one in flight when it dropped — is queued and sent once the seat is back at the
same position (the server's move number check makes it count once at most).
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
from game.match.feed import EventFeed, FeedReads
from game.present.neutral import client_key
from game.shell.datadir import data_dir
from game.shell.i18n import player_name, t
from game.present.refusals import refusal_text
from net.background import BackgroundClient
from game.match import local_server
from game.present.describe import item_text, move_item
from net.client import Disconnected, History, Refused, Update, load_credentials, save_credentials

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
    return _POOL.submit(work)


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
                online.submit("connect", timeout=3.0).result(5)
                found = online.submit("list_tables", credentials).result(10)
            except Exception:  # noqa: BLE001 - an unreachable server lists its tables as such
                found = [{"code": code, "error": "unreachable"} for code in credentials]
            finally:
                online.close()
            out += [{**item, "server": server} for item in found]
        return out
    return _POOL.submit(work)


def abandon(entry: dict[str, Any], code: str) -> Future[None]:
    """A host's never-started table removed from the server (`abandon`, with the host token);
    a server without that request, or one that cannot be reached, is not asked again: the
    table is only forgotten here."""
    def work() -> None:
        online = BackgroundClient(entry_url(entry), backoff_max=0.5)
        try:
            online.submit("connect", timeout=3.0).result(5)
            online.submit("request", "abandon", code=code, host_token=str(entry.get("host_token", ""))).result(10)
        except Exception:  # noqa: BLE001 - forgotten here whatever the server says
            pass
        finally:
            online.close()
    return _POOL.submit(work)


_POOL = ThreadPoolExecutor(max_workers=4, thread_name_prefix="el-grande-seat")
_LOOKUPS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="el-grande-resume")


class Link(Protocol):
    """What a table reads of its connection (a `BackgroundClient`; a test's stand-in)."""

    def poll(self) -> list[Update | History | dict[str, Any]]: ...
    def submit(self, method: str, *args: Any, **kwargs: Any) -> Future[Any]: ...
    def close(self) -> None: ...
    @property
    def connected(self) -> bool: ...


@dataclass(frozen=True)
class SeatState:
    """A seat as the table summary shows it."""
    player: str
    kind: str
    name: str
    taken: bool
    connected: bool
    away: bool
    left: bool = False          # its player quit the table (not a lost connection)
    grace_over: bool = False    # gone longer than the table's grace: any seated player may hand it to an AI


class RemoteTable(FeedReads):
    """One seat at a server's table, fed by `online` (already connected and seated)."""

    local = False            # no undo, hints, saving or replays: the game is the server's
    pass_and_play = False
    from_scenario = False
    undo_player: str | None = None
    hand_offs = 0
    hints_used = 0
    save_error: str | None = None

    def __init__(self, online: Link, code: str, player: str | None, server: str,
                 host_token: str | None = None, notices: list[str] | None = None, hosted: bool = False) -> None:
        self.online, self.code, self.viewer, self.server = online, code, player, server
        self.host_token, self.hosted = host_token, hosted     # hosted: on this computer's own server
        self.notices = notices if notices is not None else []   # refusals shown as the screen's toasts
        self.summary: dict[str, Any] = {}
        self.n = -1
        self._view: engine.View | None = None
        self.feed = EventFeed(lambda: self.view().scoreboards)   # the log, the queue, the summaries
        self.version = 0
        self.error: str | None = None
        self.pending: Future[Any] | None = None
        self.asked: set[str] = set()                    # gone seats this player was asked about
        self._closing: Future[None] | None = None
        self.sent: tuple[int, str] | None = None        # the move in flight: (its move number, text)
        self.queued: tuple[int, str] | None = None      # a move to send once the connection is back
        self.lost_since: float | None = None            # when the connection dropped (monotonic)
        self.fresh = True                               # an update arrived since the last reconnection

    # ---- what arrives ---------------------------------------------------------------------------
    def think(self) -> None:
        """Take every update and table summary that arrived, the answer to a move in flight, and
        send a queued move once the seat is back."""
        self._follow_connection()
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
            pending, sent, self.pending, self.sent = self.pending, self.sent, None, None
            exc = pending.exception()
            if isinstance(exc, Refused):
                self.error = refusal_text(exc.reason, self.names()) if exc.reason else exc.detail
                self.notices.append(self.error)
            elif isinstance(exc, (Disconnected, TimeoutError)) and sent is not None:
                self.queued = sent         # unknown outcome: sent again only if the table did not move
            self.version += 1              # the move's answer is in: the seat may choose again
        self._send_queued()

    def _follow_connection(self) -> None:
        """Note when the connection drops and when the seat is back (its first update since)."""
        if self.online.connected:
            if self.lost_since is not None:
                self.lost_since, self.fresh = None, False
                self.version += 1
        elif self.lost_since is None:
            self.lost_since = time.monotonic()
            self.version += 1

    def _send_queued(self) -> None:
        """The queued move, once the seat is back and up to date: sent if the table is still at
        the move it was chosen at, else dropped with a notice (the position changed meanwhile)."""
        if self.queued is None or self.pending is not None or not self.online.connected or not self.fresh:
            return
        (n, text), self.queued = self.queued, None
        self.version += 1
        if n == self.n and self._view is not None and self._view.to_move == self.viewer:
            self.sent, self.pending = (n, text), self.online.submit("move", self.code, text)
        elif n + 1 != self.n:      # one move on: it was this one, stored before the drop
            self.notices.append(t("online.queued_dropped"))

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
        self.fresh = True
        if update.n == self.n and self._view is not None:
            return                          # the same position again (after a reconnection)
        self._view, self.n = view, update.n
        self.version += 1
        if update.move:
            self.feed.played(self.mover(update.move), update.move["text"], update.events)

    def mover(self, move: dict[str, Any]) -> str:
        """Who made a move, as the log names him: a human seat an AI plays while its player is
        away is "blue+ai:normal" (worded "Ben (AI Normal)"); the level is the update's `ai` when
        the server sends it, else the seat's as the last summary said. A seat an AI plays from the
        start is named as it is (the server marks its moves `ai` too)."""
        player = str(move["player"])
        seat = next((s for s in self.seat_states() if s.player == player), None)
        if seat is None or not seat.away:
            return player              # an AI seat from the start is named as it is
        level = move.get("ai") or seat.kind
        return f"{player}+ai:{level}"

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
        self.fresh = True

    # ---- seats ----------------------------------------------------------------------------------
    def seat_states(self) -> list[SeatState]:
        return [SeatState(s["player"], s["kind"], s.get("name", ""), bool(s.get("taken")),
                          bool(s.get("connected")), bool(s.get("away")), bool(s.get("left")),
                          self._grace_over(s))
                for s in self.summary.get("seats", [])]

    def _grace_over(self, seat: dict) -> bool:
        """Whether a seat's player has been gone longer than the table's grace period (the seat
        summary's `gone_for` against the table's `grace`, docs/protocol.md)."""
        gone = seat.get("gone_for")
        return isinstance(gone, int) and gone >= int(self.summary.get("grace", 0) or 0)

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
        """A seat's name (its colour when it has none); "blue+ai:normal" (a move an AI played for
        an away player, `mover`) reads "Ben (AI Normal)"."""
        player, _, level = player.partition("+ai:")
        dummy = self._view.dummy if self._view is not None else None
        who = player_name(client_key(player, dummy), self.names())
        return t("online.ai_played", who=who, level=t(f"seat.{level}")) if level else who

    def disconnected(self) -> list[str]:
        """Taken human seats whose player is gone in play — lost the connection or left — and
        that nobody plays."""
        if self.status != "playing":
            return []
        return [s.player for s in self.seat_states()
                if s.kind == "human" and s.taken and not s.connected and not s.away and s.player != self.viewer]

    def seat_to_ask(self) -> str | None:
        """A seat whose player is gone, not yet put to this seated player (once each): the host at
        once, any other seated player once the table's grace period is over (the server says so)."""
        if self.viewer is None and self.host_token is None:
            return None
        grace_over = {s.player for s in self.seat_states() if s.grace_over}
        for player in self.disconnected():
            if player not in self.asked and (self.host_token is not None or player in grace_over):
                self.asked.add(player)
                return player
        return None

    def has_left(self, player: str) -> bool:
        """Whether a gone seat's player quit the table (the server says `left`), not lost it."""
        return any(s.left for s in self.seat_states() if s.player == player)

    def gone_text(self, player: str) -> str:
        """"Ana left the table" for a player who quit, "Ana lost the connection — waiting" else."""
        return t("online.left_table" if self.has_left(player) else "online.lost_connection", who=self.name(player))

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

    def connection_text(self) -> str:
        """The banner while the connection is down: the seconds waited, and the move that will be
        sent once it is back; "" while connected and up to date."""
        if self.lost_since is None and self.fresh:
            return ""
        waited = int(time.monotonic() - self.lost_since) if self.lost_since is not None else 0
        line = t("online.reconnecting", seconds=waited)
        move = self.queued or self.sent
        item = move_item(move[1], self.viewer, every_move=True) if move is not None and self.viewer else None
        if item is not None:
            line += " · " + t("online.move_queued", move=item_text(item, self.name))
        return line

    def hand_to_ai(self, player: str, level: str) -> Future[Any] | None:
        """An AI plays the gone player's seat until he resumes: asked with the host token by the
        host, with the seat's credential by any other seated player (a server that allows it after
        a grace period; docs/protocol.md `seat_ai`)."""
        if self.host_token is not None:
            return self.online.submit("seat_ai", self.code, self.host_token, player, level)
        credential = self.credential()
        if credential is None:
            return None
        return self.online.submit("request", "seat_ai", code=self.code, credential=credential, player=player,
                                  level=level)

    def credential(self) -> str | None:
        """This seat's credential (None when watching)."""
        if self.viewer is None:
            return None
        stored = load_credentials(credentials_path()).get(self.code, {})
        return str(stored["credential"]) if stored.get("credential") else None

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
        """This seat, when it is to move and no move of it is in flight or queued (only it may
        click here)."""
        if self._view is None or self.pending is not None or self.queued is not None or self.viewer is None:
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
        if self.online.connected and self.fresh:
            self.sent, self.pending = (self.n, str(parsed)), self.online.submit("move", self.code, str(parsed))
        else:
            self.queued = (self.n, str(parsed))        # sent once the connection is back
        self.version += 1
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

    def close(self) -> Future[None]:
        """Leave the table: the server is told the player quits (`leave`: the others read "Ana
        left the table"; a server without it only sees the connection close), then the connection
        is closed, in a thread of its own, so the frame loop never waits for the close handshake."""
        if self._closing is None:
            self._closing = _POOL.submit(self._leave)
        return self._closing

    def _leave(self) -> None:
        try:
            if self.viewer is not None and self.online.connected and self.status == "playing":
                self.online.submit("request", "leave", timeout=2.0, code=self.code).result(3)
        except Exception:  # noqa: BLE001 - the close below says it anyway
            pass
        finally:
            self.online.close()


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


def table_for(online: BackgroundClient, reply: dict[str, Any], notices: list[str]) -> RemoteTable:
    """The remote table of a `created`/`joined`/`watching` answer; a seat's credential is stored
    for later (marked hosted when its host made it on this computer's own server)."""
    stored = load_credentials(credentials_path()).get(reply["code"], {})
    if stored.get("player") != reply.get("player"):
        stored = {}                     # another seat of the table (a second window on this computer)
    host_token = reply.get("host_token") or stored.get("host_token")
    url = online.client.url
    here = local_server.current()
    hosted = bool(stored.get("hosted")) or (bool(host_token) and here is not None and url == here.url)
    if reply.get("credential"):
        remember(reply["code"], url, reply["player"], reply["credential"], host_token, hosted)
    return RemoteTable(online, reply["code"], reply.get("player"), url, host_token, notices, hosted)
