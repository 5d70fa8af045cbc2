"""One table: its seats (who may act for each colour) and its true Game, with no I/O.

Why apart from the server: every rule of who may do what (join, start, hand a seat to an AI,
move) is checked here, where tests can reach it without sockets; the server only carries
messages, and the store only persists what this module decided.

Credentials (seat and host tokens) are kept as SHA-256 digests: the tokens themselves live only
with the clients, so a copy of the database lets nobody act for a seat.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

import engine
from engine.events import event_to_json

from .protocol import ProtocolError

COLOURS = ("red", "blue", "green", "yellow", "orange")
OPEN, PLAYING, OVER = "open", "playing", "over"
FRAGMENTS_MAX = 400        # field texts a table keeps (about two moves' worth of changes)


def new_token() -> str:
    """A credential: 32 random bytes (256 bits), URL-safe text."""
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Seat:
    """A colour's seat: `kind` "human" or an AI level; `credential` the digest of its token once
    a human has taken it; `away_kind` "human" while an AI plays for a human who is gone."""
    player: str
    kind: str
    name: str = ""
    credential: str | None = None
    away_kind: str | None = None

    def holds(self, token: str) -> bool:
        return self.credential is not None and hmac.compare_digest(self.credential, digest(token))


class Table:
    """A table's seats, status and Game; `n` is the number of moves played (the next move's
    number, which a client's `move` message must name)."""

    def __init__(self, table_id: int, code: str, setup: dict[str, Any], seats: list[Seat],
                 host: str, status: str = OPEN, moves: tuple[str, ...] = (), name: str = "") -> None:
        self.id, self.code, self.setup, self.seats, self.host = table_id, code, setup, seats, host
        self.status, self.name = status, name
        self.game = engine.replay({"setup": setup, "moves": list(moves)}, source=f"table {code}")
        self.n = len(moves)
        self._views_n = -1                                 # the move number the caches are of
        self._views: dict[str | None, engine.View] = {}
        self._texts: dict[str | None, str] = {}
        self._legal: tuple[str, ...] = ()                  # the legal moves' texts at move _views_n
        self._fragments: dict[Any, str] = {}               # field texts (View.wire_text), across moves

    @classmethod
    def create(cls, table_id: int, code: str, kinds: list[str], seed: int, options: dict[str, Any],
               name: str = "") -> tuple[Table, str]:
        """A new open table and its host token; AI seats are filled, human seats open."""
        players = list(COLOURS[:len(kinds)])
        setup = {"players": players, "seed": seed, "variant": options.get("variant", "classic"),
                 "veto": options.get("veto", True), "castillo": options.get("castillo", "announced")}
        seats = [Seat(p, k) for p, k in zip(players, kinds)]
        token = new_token()
        return cls(table_id, code, setup, seats, digest(token), name=name), token

    # ---- seats ---------------------------------------------------------------------------------
    def seat(self, player: str) -> Seat:
        for s in self.seats:
            if s.player == player:
                return s
        raise ProtocolError("bad_message", f"no seat {player[:16]!r} at table {self.code}")

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

    def resume(self, token: str) -> Seat:
        """The seat whose credential this is; a seat an AI kept for its player comes back."""
        for seat in self.seats:
            if seat.holds(token):
                if seat.away_kind is not None:
                    seat.kind, seat.away_kind = seat.away_kind, None
                return seat
        raise ProtocolError("bad_credential", f"no seat at table {self.code} holds that credential")

    def check_host(self, token: str) -> None:
        if not hmac.compare_digest(self.host, digest(token)):
            raise ProtocolError("not_host", f"only the host of table {self.code} may do that")

    def start(self, host_token: str) -> None:
        self.check_host(host_token)
        if self.status != OPEN:
            raise ProtocolError("already_started", f"table {self.code} has started")
        if any(s.kind == "human" and s.credential is None for s in self.seats):
            raise ProtocolError("seats_open", f"a human seat at table {self.code} is still open")
        self.status = PLAYING

    def hand_to_ai(self, host_token: str, player: str, level: str, connected: bool) -> None:
        """The host gives a seat to an AI: an open seat before the start, or, in play, the seat of
        a player who is not connected (he takes it back by resuming)."""
        self.check_host(host_token)
        seat = self.seat(player)
        if self.status == OPEN and seat.credential is None:
            seat.kind = level
            return
        if seat.kind == "human" and connected:
            raise ProtocolError("player_connected", f"{player}'s player is connected")
        if seat.kind == "human":
            seat.away_kind = "human"
        seat.kind = level

    # ---- play ----------------------------------------------------------------------------------
    def check_move(self, seat: Seat, text: str, n: int) -> None:
        """Refuse a move that `seat` may not make now: not started, another seat's turn, an AI
        seat, a stale move number, or one the engine refuses (with its reason)."""
        if self.status == OPEN:
            raise ProtocolError("not_started", f"table {self.code} has not started")
        if n != self.n:
            raise ProtocolError("stale_move", f"move {n} was asked, the table is at move {self.n}")
        if seat.kind != "human":
            raise ProtocolError("busy", f"an AI plays {seat.player} now")
        if seat.player == self.game.to_move and text in self.legal_texts():
            return
        reason = engine.why_illegal(self.view(seat.player), text)
        if reason is not None:
            raise ProtocolError("illegal_move", engine.reason_text(reason), reason)

    def play(self, text: str) -> tuple[list[Any], dict[str, str]]:
        """Play a checked move on the true game: its events (JSON-able) and the move as the table
        saw it (`public_move`), the status updated."""
        move = public_move(self.game, text)
        events = self.game.play(text)
        self.n += 1
        if self.game.is_over:
            self.status = OVER
        return [event_to_json(e) for e in events], move

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

    def view(self, player: str | None) -> engine.View:
        """`player`'s view now (None: the public view), built once per move."""
        self._fresh()
        view = self._views.get(player)
        if view is None:
            view = self._views[player] = self.game.public_view() if player is None else self.game.view(player)
        return view

    def view_text(self, player: str | None) -> str:
        """The wire form of `player`'s view as JSON text, built once per move and seat, and only
        for the seats asked for (the connected ones)."""
        self._fresh()
        text = self._texts.get(player)
        if text is None:
            if len(self._fragments) > FRAGMENTS_MAX:
                self._fragments.clear()
            text = self._texts[player] = self.view(player).wire_text(self._fragments)
        return text

    def view_json(self, player: str | None) -> dict[str, Any]:
        """The wire form of `player`'s view as a dict (what an AI worker reads)."""
        return self.view(player).to_json()

    def legal_texts(self) -> tuple[str, ...]:
        """The notation of every legal move of the seat to move (none when nobody is), as that
        seat's view has them: what its frame carries (before the start too: its first move, so
        that the start needs no frame of its own), and the quick path of `check_move`."""
        self._fresh()
        if not self._legal and self.status != OVER and (mover := self.game.to_move) is not None:
            self._legal = tuple(str(m) for m in self.view(mover).legal_moves())
        return self._legal

    def forget_views(self) -> None:
        """Drop the cached views and texts (nobody is connected to the table)."""
        self._views.clear()
        self._texts.clear()
        self._legal = ()
        self._fragments.clear()

    def summary(self, connected: set[str]) -> dict[str, Any]:
        """What everyone at the table may know of it: seats, who is connected, whose turn."""
        return {"code": self.code, "name": self.name, "status": self.status, "n": self.n,
                "to_move": self.game.to_move if self.status == PLAYING else None,
                "seats": [{"player": s.player, "kind": s.kind, "name": s.name,
                           "taken": s.credential is not None, "connected": s.player in connected,
                           "away": s.away_kind is not None} for s in self.seats]}

    def steps_since(self, start: int) -> list[dict[str, Any]]:
        """Moves `start`.. as their updates carried them, replayed from the record: each one's
        `player`, public `text` and `events` (JSON-able), for a player who was away (no seat's
        secret: a secret move's argument is "?", and the events never hold one)."""
        moves = self.game.record()["moves"]
        game = engine.replay({"setup": self.setup, "moves": moves[:start]}, source=f"table {self.code}")
        steps = []
        for text in moves[start:]:
            move = public_move(game, text)
            steps.append({**move, "events": [event_to_json(e) for e in game.play(text)]})
        return steps


def public_move(game: engine.Game, text: str) -> dict[str, str]:
    """`text`, about to be played in `game`, as every seat may see it: who plays it and its
    public text (`engine.public_text`: a disc's region or a recovered card is "?")."""
    return {"player": str(game.to_move), "text": engine.public_text(engine.parse_move(text, game))}
