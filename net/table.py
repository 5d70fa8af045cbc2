"""One table: its seats (who may act for each colour) and its true game, with no I/O.

Why apart from the server: every rule of who may do what (join, start, hand a seat to an AI,
remove a stranger, move) is checked here, where tests can reach it without sockets; the server
only carries messages, and the store only persists what this module decided. The game itself is
El Grande or Castell (games.py): the rules of seats are the same for both.

Credentials (seat and host tokens) are kept as SHA-256 digests: the tokens themselves live only
with the clients, so a copy of the database lets nobody act for a seat.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass, replace
from typing import Any

from .games import GAMES, GameKind
from .protocol import ProtocolError

COLOURS = GAMES["el-grande"].colours
OPEN, PLAYING, OVER = "open", "playing", "over"
FRAGMENTS_MAX = 400        # field texts a table keeps (about two moves' worth of changes)
GRACE_S = 60               # default seconds a gone player's seat waits before others may hand it to an AI


def new_token() -> str:
    """A credential: 32 random bytes (256 bits), URL-safe text."""
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Seat:
    """A colour's seat: `kind` "human" or an AI level; `credential` the digest of its token once
    a human has taken it; `away_kind` "human" while an AI plays for a human who is gone;
    `left_at` the time (time.time()) its player quit deliberately with `leave`, None otherwise
    (stored, so a restart still tells a quit from a lost connection and counts his absence from
    then). Not stored: `gone_since` (time.monotonic() when its player's last connection went;
    None while connected)."""
    player: str
    kind: str
    name: str = ""
    credential: str | None = None
    away_kind: str | None = None
    left_at: float | None = None
    gone_since: float | None = None

    @property
    def left(self) -> bool:
        return self.left_at is not None

    def holds(self, token: str) -> bool:
        return self.credential is not None and hmac.compare_digest(self.credential, digest(token))


def table_settings(msg: dict[str, Any]) -> dict[str, Any]:
    """The table's own settings from a `create`: the grace period, and the AI level the server
    hands a gone player's seat to after `auto_after` seconds (none: it never does by itself)."""
    grace = msg.get("grace", GRACE_S)
    settings: dict[str, Any] = {"grace": grace}
    if "auto_ai" in msg:
        after = msg.get("auto_after", max(grace, 300))
        if after < grace:
            raise ProtocolError("bad_option", f"auto_after ({after} s) must not be shorter than grace ({grace} s)")
        settings.update(auto_ai=msg["auto_ai"], auto_after=after)
    return settings


class Table:
    """A table's seats, status and game; `n` is the number of moves played (the next move's
    number, which a client's `move` message must name). With `lazy`, the record is replayed only
    when the game is first read (`replayed`): a restarted server listens before replaying its
    tables, and a table nobody comes back to costs its record only."""

    def __init__(self, table_id: int, code: str, setup: dict[str, Any], seats: list[Seat],
                 host: str, status: str = OPEN, moves: tuple[str, ...] = (), name: str = "",
                 game: str = "el-grande", settings: dict[str, Any] | None = None, owner: str = "",
                 created: float = 0.0, lazy: bool = False) -> None:
        self.id, self.code, self.setup, self.seats, self.host = table_id, code, setup, seats, host
        self.status, self.name, self.owner = status, name, owner
        self.created = created or time.time()
        self.settings = settings if settings is not None else {"grace": GRACE_S}
        self.kind: GameKind = GAMES[game]
        self._record: tuple[str, ...] | None = moves
        self._game: Any = None
        if not lazy:
            self.replay()
        self.n = len(moves)
        self._views_n = -1                                 # the move number the caches are of
        self._views: dict[str | None, Any] = {}
        self._texts: dict[str | None, str] = {}
        self._legal: tuple[str, ...] = ()                  # the legal moves' texts at move _views_n
        self._fragments: dict[Any, str] = {}               # field texts (View.wire_text), across moves

    @classmethod
    def create(cls, table_id: int, code: str, msg: dict[str, Any], seed: int, name: str = "",
               owner: str = "") -> tuple[Table, str]:
        """A new open table and its host token from a checked `create` message: AI seats are
        filled, human seats open; options that do not fit the game are `bad_option`."""
        game = msg.get("game", "el-grande")
        kind = GAMES[game]
        kinds = msg["seats"]
        low, high = kind.seats
        if not low <= len(kinds) <= high:
            raise ProtocolError("bad_option", f"{game} takes {low}-{high} seats, not {len(kinds)}")
        for k in kinds + ([msg["auto_ai"]] if "auto_ai" in msg else []):
            if k != "human" and k not in kind.levels:
                raise ProtocolError("bad_option", f"{game} has no AI level {k!r} ({', '.join(kind.levels)})")
        foreign = [o for o in ("variant", "veto", "castillo", "neutral", "wheel")
                   if o in msg and o not in _OPTIONS[game]]
        if foreign:
            raise ProtocolError("bad_option", f"{foreign[0]} is not an option of {game}")
        players = list(kind.colours[:len(kinds)])
        setup = kind.setup(players, seed, msg)
        seats = [Seat(p, k) for p, k in zip(players, kinds)]
        token = new_token()
        return cls(table_id, code, setup, seats, digest(token), name=name, game=game,
                   settings=table_settings(msg), owner=owner), token

    @property
    def replayed(self) -> bool:
        return self._record is None

    def replay(self) -> None:
        """Replay the stored record (once); EngineError when it does not replay."""
        if self._record is not None:
            self._game = self.kind.replay(self.setup, list(self._record), f"table {self.code}")
            self._record = None

    @property
    def game(self) -> Any:
        """The true game, the record replayed first if it has not been."""
        if self._record is not None:
            self.replay()
        return self._game

    # ---- seats ---------------------------------------------------------------------------------
    def seat(self, player: str) -> Seat:
        for s in self.seats:
            if s.player == player:
                return s
        raise ProtocolError("bad_message", f"no seat {player[:16]!r} at table {self.code}")

    def snapshot(self) -> tuple[list[Seat], str]:
        """The seats and status as they are (to undo a change that could not be stored)."""
        return [replace(s) for s in self.seats], self.status

    def restore(self, snap: tuple[list[Seat], str]) -> None:
        self.seats[:] = [replace(s) for s in snap[0]]
        self.status = snap[1]

    def join(self, name: str, player: str | None = None) -> tuple[Seat, str]:
        """Take an open human seat (the named one, else the first); returns it and its token."""
        if self.status != OPEN:
            raise ProtocolError("already_started", f"table {self.code} has started")
        open_seats = [s for s in self.seats if s.kind == "human" and s.credential is None]
        if player is not None:
            seat = self.seat(player)
            if seat not in open_seats:
                raise ProtocolError("seat_taken", f"seat {player} is not open")
        elif not open_seats:
            raise ProtocolError("table_full", f"every human seat at table {self.code} is taken")
        else:
            seat = open_seats[0]
        token = new_token()
        seat.credential, seat.name = digest(token), name
        return seat, token

    def holder(self, token: str) -> Seat:
        """The seat this credential holds, else `bad_credential`."""
        for seat in self.seats:
            if seat.holds(token):
                return seat
        raise ProtocolError("bad_credential", f"no seat at table {self.code} holds that credential")

    def resume(self, token: str) -> Seat:
        """The seat whose credential this is; a seat an AI kept for its player comes back."""
        seat = self.holder(token)
        if seat.away_kind is not None:
            seat.kind, seat.away_kind = seat.away_kind, None
        seat.left_at = None
        return seat

    def leave(self, player: str, now: float | None = None) -> None:
        """The seat's player quits deliberately (the seat is his still: his credential resumes it)."""
        self.seat(player).left_at = time.time() if now is None else now

    def check_host(self, token: str) -> None:
        if not hmac.compare_digest(self.host, digest(token)):
            raise ProtocolError("not_host", f"only the host of table {self.code} may do that")

    def check_start(self, host_token: str) -> None:
        """Refuse a start the table cannot make (not the host, started, a human seat open)."""
        self.check_host(host_token)
        if self.status != OPEN:
            raise ProtocolError("already_started", f"table {self.code} has started")
        open_seats = [s.player for s in self.seats if s.kind == "human" and s.credential is None]
        if open_seats:
            raise ProtocolError("seats_open", f"seat {', '.join(open_seats)} at table {self.code} is still open")

    def check_open(self, host_token: str) -> None:
        """The host's own acts on a table that has not started (remove a player, abandon)."""
        self.check_host(host_token)
        if self.status != OPEN:
            raise ProtocolError("not_open", f"table {self.code} has started")

    def unseat(self, host_token: str, player: str) -> Seat:
        """Before the start, the host opens a taken seat again (a stranger who guessed the code):
        its credential stops working."""
        self.check_open(host_token)
        seat = self.seat(player)
        if seat.kind != "human" or seat.credential is None:
            raise ProtocolError("seat_taken", f"seat {player} holds nobody to remove")
        seat.credential, seat.name, seat.left_at = None, "", None
        return seat

    def hand_to_ai(self, player: str, level: str, connected: bool, host_token: str | None = None,
                   credential: str | None = None, now: float | None = None) -> None:
        """Give a seat to an AI. The host: an open seat before the start, or in play the seat of
        a player who is not connected. A seated player (his credential): in play, the seat of a
        player gone for the table's grace period. The gone player takes it back by resuming."""
        if level not in self.kind.levels:
            raise ProtocolError("bad_option", f"{self.kind.name} has no AI level {level!r}")
        if host_token is not None:
            self.check_host(host_token)
        else:
            self.holder(credential or "")
            if self.status != PLAYING:
                raise ProtocolError("not_host", f"before the start only the host of table {self.code} seats AIs")
        seat = self.seat(player)
        if self.status == OPEN and seat.credential is None:
            seat.kind = level
            return
        if self.status == OVER:
            raise ProtocolError("already_started", f"table {self.code} is over")
        if seat.kind == "human" and connected:
            raise ProtocolError("player_connected", f"{player}'s player is connected")
        if host_token is None and seat.kind == "human":
            gone = self.gone_for(seat, now)
            if gone is None or gone < self.settings["grace"]:
                raise ProtocolError("not_gone", f"{player} has been gone {int(gone or 0)} s of the table's "
                                    f"{self.settings['grace']} s grace period")
        if seat.kind == "human":
            seat.away_kind = "human"
        seat.kind = level

    @staticmethod
    def gone_for(seat: Seat, now: float | None = None) -> float | None:
        if seat.gone_since is None:
            return None
        return (time.monotonic() if now is None else now) - seat.gone_since

    # ---- play ----------------------------------------------------------------------------------
    def check_move(self, seat: Seat, text: str, n: int) -> str:
        """Refuse a move that `seat` may not make now: not started, another seat's turn, an AI
        seat, a stale move number, or one the engine refuses (with its reason). The move's
        canonical text (what is stored and broadcast)."""
        if self.status == OPEN:
            raise ProtocolError("not_started", f"table {self.code} has not started")
        if n != self.n:
            raise ProtocolError("stale_move", f"move {n} was asked, the table is at move {self.n}")
        if seat.kind != "human":
            raise ProtocolError("busy", f"an AI plays {seat.player} now")
        if not (seat.player == self.game.to_move and text in self.legal_texts()):
            reason = self.kind.why_illegal(self.game, self.view(seat.player), text)
            if reason is not None:
                raise ProtocolError("illegal_move", self.kind.reason_text(reason), reason)
        return self.kind.canonical(self.game, text)

    def play(self, text: str) -> tuple[list[Any], dict[str, str]]:
        """Play a checked move on the true game: its events (JSON-able) and the move as the table
        saw it (`player`, public `text`, `ai`: the level of the AI that played it, and `away` when
        that AI played for a player who is gone: a history's log marks the move from it alone)."""
        player = str(self.game.to_move)
        move = {"player": player, "text": self.kind.public_text(self.game, text)}
        mover = next((s for s in self.seats if s.player == player), None)
        if mover is not None and mover.kind != "human":
            move["ai"] = mover.kind
            if mover.away_kind is not None:
                move["away"] = "yes"
        events = self.game.play(text)
        self.n += 1
        if self.game.is_over:
            self.status = OVER
        return self.kind.events(events), move

    def ai_to_move(self) -> Seat | None:
        """The AI seat that must decide now, if any."""
        if self.status != PLAYING or self.game.to_move is None:
            return None
        seat = self.seat(self.game.to_move)
        return None if seat.kind == "human" else seat

    def _fresh(self) -> None:
        if self._views_n != self.n:
            self._views.clear()
            self._texts.clear()
            self._legal = ()
            self._views_n = self.n

    def view(self, player: str | None) -> Any:
        """`player`'s view now (None: the public view), built once per move and kept (an AI's
        decision, the reason of an illegal move)."""
        self._fresh()
        view = self._views.get(player)
        if view is None:
            view = self._views[player] = self.kind.view(self.game, player)
        return view

    def _passing_view(self, player: str | None) -> Any:
        """`player`'s view for the texts read from it (its wire text; the mover's legal moves,
        kept as they pass), not kept: a view holds a copy of the game, and the four kept until
        each table's next move were most of what the young garbage collections scanned (76
        objects a move; with 2 000 tables, pauses of 150 ms every 10 s)."""
        view = self._views.get(player)
        if view is None:
            view = self.kind.view(self.game, player)
        if not self._legal and player is not None and player == self.game.to_move and self.status != OVER:
            self._legal = tuple(str(m) for m in view.legal_moves())
        return view

    def view_text(self, player: str | None) -> str:
        """The wire form of `player`'s view as JSON text, built once per move and seat, and only
        for the seats asked for (the connected ones)."""
        self._fresh()
        text = self._texts.get(player)
        if text is None:
            if len(self._fragments) > FRAGMENTS_MAX:
                self._fragments.clear()
            text = self._texts[player] = self.kind.wire_text(self._passing_view(player), self._fragments)
        return text

    def view_json(self, player: str | None) -> dict[str, Any]:
        """The wire form of `player`'s view as a dict."""
        return self.kind.wire_json(self.view(player))

    def legal_texts(self) -> tuple[str, ...]:
        """The notation of every legal move of the seat to move (none when nobody is), as that
        seat's view has them: what its frame carries (before the start too: its first move, so
        that the start needs no frame of its own), and the quick path of `check_move`."""
        self._fresh()
        if not self._legal and (mover := self.game.to_move) is not None:
            self._passing_view(mover)
        return self._legal

    def forget_views(self) -> None:
        """Drop the cached views and texts (nobody is connected to the table)."""
        self._views.clear()
        self._texts.clear()
        self._legal = ()
        self._fragments.clear()

    def summary(self, connected: set[str], now: float | None = None) -> dict[str, Any]:
        """What everyone at the table may know of it: the game, seats, who is connected, who is
        gone and for how long, whose turn."""
        return {"code": self.code, "game": self.kind.name, "name": self.name, "status": self.status,
                "n": self.n, "to_move": self.game.to_move if self.status == PLAYING else None,
                **self.settings,
                "seats": [_seat_summary(s, s.player in connected, self.gone_for(s, now)) for s in self.seats]}


def _seat_summary(s: Seat, connected: bool, gone: float | None) -> dict[str, Any]:
    return {"player": s.player, "kind": s.kind, "name": s.name, "taken": s.credential is not None,
            "connected": connected, "away": s.away_kind is not None, "left": s.left,
            "gone_for": None if connected or gone is None or s.credential is None else int(gone)}


_OPTIONS = {"el-grande": ("variant", "veto", "castillo", "neutral"), "castell": ("wheel",)}
