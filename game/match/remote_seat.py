"""One seat at a server's table, whatever the game: what arrives from the `BackgroundClient`, the
seats as the server's summary says, and the move sent, queued while the connection is down
(no pygame).

Why one piece for both games: connection trouble is the normal case for games that last days,
and how a seat follows it — the seconds waited, a move made meanwhile (or one in flight when it
dropped) queued and sent once the seat is back at the same position, the server's move number
check making it count once at most, a gone player's seat handed to an AI — does not depend on the
game. A game's table (El Grande's `RemoteTable` in game/match/remote.py, Castell's
`RemoteCastell` in game/match/remote_castell.py) adds its view, its log and its words.
"""
from __future__ import annotations

import time
from abc import ABC, abstractmethod
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from game.shell.datadir import data_dir
from game.shell.i18n import t
from net.client import Disconnected, History, Refused, Update, load_credentials

CREDENTIALS_FILE = "online.json"
POOL = ThreadPoolExecutor(max_workers=4, thread_name_prefix="el-grande-seat")


def credentials_path() -> Path:
    return data_dir() / CREDENTIALS_FILE


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


class RemoteSeat(ABC):
    """One seat (or a spectator: `viewer` None) at a server's table, fed by `online` (already
    connected and seated). A game's table answers the hooks at the end."""

    game = "el-grande"

    def __init__(self, online: Link, code: str, player: str | None, server: str,
                 host_token: str | None = None, notices: list[str] | None = None, hosted: bool = False) -> None:
        self.online, self.code, self.viewer, self.server = online, code, player, server
        self.host_token, self.hosted = host_token, hosted     # hosted: on this computer's own server
        self.notices = notices if notices is not None else []   # refusals shown as the screen's toasts
        self.summary: dict[str, Any] = {}
        self.n = -1
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
                self.error = self._refusal_words(exc.reason) if exc.reason else exc.detail
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
        if n == self.n and self.ready and self._to_move() == self.viewer:
            self.sent, self.pending = (n, text), self.online.submit("move", self.code, text)
        elif n + 1 != self.n:      # one move on: it was this one, stored before the drop
            self.notices.append(t("online.queued_dropped"))

    def send(self, text: str) -> None:
        """A move this seat's view allows, in notation: sent now, or queued while the connection
        is down (sent once the seat is back)."""
        self.error = None
        if self.online.connected and self.fresh:
            self.sent, self.pending = (self.n, text), self.online.submit("move", self.code, text)
        else:
            self.queued = (self.n, text)
        self.version += 1

    def wait_ready(self, timeout: float = 30.0) -> None:
        """Block until the first view arrived (tests; the lobby scene polls `ready`)."""
        end = time.monotonic() + timeout
        while not self.ready:
            if time.monotonic() > end:
                raise TimeoutError(f"table {self.code}: no view from the server")
            self.think()
            time.sleep(0.005)

    def _update(self, update: Update) -> None:
        if update.n < self.n:
            return
        self.fresh = True
        if update.n == self.n and self.ready:
            return                          # the same position again (after a reconnection)
        self._take_view(update.view_json)
        self.n = update.n
        self.version += 1
        if update.move:
            self._log_move(self.mover(update.move), update.move["text"], update.events)

    def mover(self, move: dict[str, Any]) -> str:
        """Who made a move, as the log names him: a human seat an AI plays while its player is
        away is "blue+ai:normal" (worded "Ben (AI Normal)"); the level is the update's `ai` when
        the server sends it, else the seat's as the last summary said. A seat an AI plays from the
        start is named as it is (the server marks its moves `ai` too, and `away` only a gone
        player's: a history's moves are marked from that alone, the player being back by then)."""
        player = str(move["player"])
        if move.get("away") and move.get("ai"):
            return f"{player}+ai:{move['ai']}"
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
        steps = list(zip(history.steps_json, history.steps))
        if history.start == 0:
            self._forget_log()
        elif self.n > history.start:
            steps = steps[self.n - history.start:]        # the moves this seat has already seen
        for move, (_, text, events) in steps:
            self._log_settled(self.mover(move), text, events)
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
    def status(self) -> str:
        return str(self.summary.get("status", "open"))

    @property
    def humans(self) -> list[str]:
        return [s.player for s in self.seat_states() if s.kind == "human"]

    def names(self) -> dict[str, str]:
        return {s.player: s.name for s in self.seat_states() if s.name}

    def name(self, player: str) -> str:
        """A seat's name (its colour when it has none); "blue+ai:normal" (a move an AI played for
        an away player, `mover`) reads "Ben (AI Normal)"."""
        player, _, level = player.partition("+ai:")
        who = self._who(player)
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

    def connection_text(self) -> str:
        """The banner while the connection is down: the seconds waited, and the move that will be
        sent once it is back; "" while connected and up to date."""
        if self.lost_since is None and self.fresh:
            return ""
        waited = int(time.monotonic() - self.lost_since) if self.lost_since is not None else 0
        line = t("online.reconnecting", seconds=waited)
        move = self.queued or self.sent
        words = self._move_words(move[1]) if move is not None and self.viewer else None
        if words:
            line += " · " + t("online.move_queued", move=words)
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

    @property
    def thinking(self) -> str | None:
        """The seat an AI plays (an AI level, or a human seat handed to one) while it is to move."""
        to_move = self._to_move() if self.ready else None
        for s in self.seat_states():
            if s.player == to_move and (s.kind != "human" or s.away):
                return s.player
        return None

    def my_turn(self) -> str | None:
        """This seat, when it is to move and no move of it is in flight or queued (only it may
        click here)."""
        if not self.ready or self.pending is not None or self.queued is not None or self.viewer is None:
            return None
        return self.viewer if self._to_move() == self.viewer else None

    def close(self) -> Future[None]:
        """Leave the table: the server is told the player quits (`leave`: the others read "Ana
        left the table"; a server without it only sees the connection close), then the connection
        is closed, in a thread of its own, so the frame loop never waits for the close handshake."""
        if self._closing is None:
            self._closing = POOL.submit(self._leave)
        return self._closing

    def _leave(self) -> None:
        try:
            if self.viewer is not None and self.online.connected and self.status == "playing":
                self.online.submit("request", "leave", timeout=2.0, code=self.code).result(3)
        except Exception:  # noqa: BLE001 - the close below says it anyway
            pass
        finally:
            self.online.close()

    # ---- what a game's table answers ------------------------------------------------------------
    @property
    @abstractmethod
    def ready(self) -> bool:
        """Whether the first view has arrived."""

    @abstractmethod
    def _to_move(self) -> str | None:
        """Who decides now in the last view (call only when `ready`)."""

    @abstractmethod
    def _take_view(self, wire: dict[str, Any]) -> None:
        """The view of an update, from its wire form."""

    @abstractmethod
    def _log_move(self, mover: str, text: str, events: list[Any]) -> None:
        """A move played while the screen watches, with its events."""

    @abstractmethod
    def _log_settled(self, player: str, text: str, events: list[Any]) -> None:
        """A move from before (a history), shown at once."""

    @abstractmethod
    def _forget_log(self) -> None:
        """The log is about to be rebuilt from the table's whole history."""

    @abstractmethod
    def _refusal_words(self, reason: tuple[str, dict[str, Any]]) -> str:
        """The server's refusal reason in the player's words."""

    @abstractmethod
    def _move_words(self, text: str) -> str | None:
        """A move of this seat in the player's words (the reconnect banner's queued move)."""

    @abstractmethod
    def _who(self, player: str) -> str:
        """A seat's name, or its colour worded."""
