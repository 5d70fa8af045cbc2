"""The local host of a Castell game: the true Game, the seats, AI decisions in the shared worker,
undo for the human to move, the game log, and the autosave after every decision.

Castell has no private information (docs/castell.md "Hidden information"), so one public view
serves every screen: pass-and-play needs no hand-off, and the table always shows everything.
The client changes the game only through `play`; the log words every event in the players'
language (game/present/castell_log.py), in order. pygame-free: the scene polls `think()`.
"""
from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ai.worker_pool import Job, Reply
from engine import EngineError, castell
from engine.castell import events as ev
from engine.castell.refusals import Reason
from game.match import ai_worker, castell_saves
from game.match.seats import Seat
from game.present import castell_log
from game.present.castell_refusals import refusal_text
from game.shell.i18n import player_name

LOG = logging.getLogger(__name__)
SEAT_KINDS = castell_saves.CASTELL_SEAT_KINDS


def seat_name(seat: Seat) -> str:
    """A seat as the table names it: the name its player gave, else the colour's name."""
    return player_name(seat.player, {seat.player: seat.name} if seat.name else None)


class CastellMatch:
    """A Castell game at one table: seats in colour order, the first to move drawn by the seed."""

    has_undo = True

    def __init__(self, seats: Sequence[Seat], seed: int, wheel: str = "standard",
                 moves: Sequence[str] = (), slot: str | None = None, autosave: bool = True) -> None:
        for seat in seats:
            if seat.kind not in SEAT_KINDS:
                raise ValueError(f"seat {seat.player}: unknown kind {seat.kind!r} (expected {', '.join(SEAT_KINDS)})")
        self.seats = {s.player: s for s in seats}
        self.seed, self.wheel = seed, wheel
        self.game = castell.new_game([s.player for s in seats], seed=seed, wheel=wheel)
        self.events: list[ev.Event] = []
        self.movers: list[str] = []
        for text in moves:
            self._apply(castell.parse_move(text, self.game.data))
        self.error: str | None = None          # the engine's English, for logs and tools
        self.reason: Reason | None = None      # the same refusal as data, for `refusal()`
        self.version = 0                       # bumped by every change: a stale AI answer is dropped
        self.thinking: str | None = None
        self._job: Job | None = None
        self._answer: str | None = None
        self.autosave = autosave
        self.slot = slot or castell_saves.new_slot()

    # ---- who and what ---------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return self.game.players

    def name(self, player: str) -> str:
        return seat_name(self.seats[player])

    def view(self) -> castell.View:
        """The public view every screen draws (Castell hides only the bag's order)."""
        return self.game.view(None)

    @property
    def human_to_move(self) -> str | None:
        player = self.game.to_move
        return player if player is not None and self.seats[player].human else None

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def legal_moves(self) -> list[castell.Move]:
        return self.game.legal_moves() if self.human_to_move else []

    # ---- playing ------------------------------------------------------------------------------
    def play(self, move: castell.Move | str) -> bool:
        """Play a move of the seat to move; False with `error` set (one line) when refused."""
        try:
            if isinstance(move, str):
                move = castell.parse_move(move, self.game.data)
            self.game.check(move)
        except EngineError as exc:
            self.error = str(exc)
            self.reason = getattr(exc, "reason", None)
            return False
        self.error, self.reason = None, None
        self._apply(move)
        self._changed()
        return True

    def _apply(self, move: castell.Move) -> None:
        mover = self.game.to_move
        assert mover is not None
        self.events += self.game.apply(move)
        self.movers.append(mover)

    def _changed(self) -> None:
        self.version += 1
        self._drop_ai()
        if self.autosave:
            self.save()

    def refusal(self) -> str | None:
        """Why the last move was refused, in the players' words (None: it was not)."""
        if self.reason is not None:
            return refusal_text(self.reason, self.game.data, {p: self.name(p) for p in self.players})
        return self.error

    def log_lines(self) -> list[str]:
        """The game log so far in the players' language, one line per event the log prints."""
        return castell_log.log_lines(self.events, self.game.data, {p: self.name(p) for p in self.players}, self.wheel)

    def banner(self) -> str:
        """No connection to lose, nobody to wait for: no banner."""
        return ""

    def waiting_text(self) -> str:
        """Nobody beyond the seats to wait for (a lesson waits for its step to be read)."""
        return ""

    def seat_lost(self) -> None:
        """Every seat is at this screen: nobody to lose."""
        return None

    def close(self) -> None:
        """Nothing to close: the autosave already holds the game."""

    @property
    def local(self) -> CastellMatch:
        """This game is on this computer: it can be saved under a name and replayed."""
        return self

    # ---- undo: the human to move takes back his own decisions, never another's ------------------
    def undo_steps(self) -> int:
        """How many of the last decisions the human to move may take back (his, since the last
        decision of anyone else)."""
        player = self.human_to_move
        if player is None:
            return 0
        steps = 0
        for mover in reversed(self.movers):
            if mover != player:
                break
            steps += 1
        return steps

    def undo(self) -> bool:
        if not self.undo_steps():
            return False
        moves = self.game.moves_played()[:-1]
        self._rebuild(moves)
        self._changed()
        return True

    def _rebuild(self, moves: Sequence[str]) -> None:
        self.game = castell.new_game(list(self.players), seed=self.seed, wheel=self.wheel)
        self.events, self.movers = [], []
        for text in moves:
            self._apply(castell.parse_move(text, self.game.data))

    # ---- AI seats --------------------------------------------------------------------------
    def think(self) -> None:
        """Ask the worker for the AI seat to move and play its answer once it is in. Never blocks."""
        if self._ask():
            self._take(ai_worker.shared().poll())
        self._play_answer()

    def wait_for_ai(self, timeout: float = 120.0) -> None:
        """Block until the AI seat to move has its answer in (tests; `think` then plays it, when
        the table lets the game go on)."""
        if self._ask():
            self._take(ai_worker.shared().wait(timeout))
        elif self._answer is None and self._job is not None:
            self._take(ai_worker.shared().wait(timeout))

    def play_ai(self, timeout: float = 120.0) -> None:
        """Wait for the AI seat to move and play its answer (headless tools and tests)."""
        self.wait_for_ai(timeout)
        self._play_answer()

    def _ask(self) -> bool:
        player = self.game.to_move
        if player is None or self.seats[player].human or self._answer is not None:
            return False
        worker = ai_worker.shared()
        if self._job is None or worker.job is not self._job:
            seat = self.seats[player]
            self._job = Job(seat.kind, self.seed + self.players.index(player), self.game.view(player),
                            random.Random(self.seed * 1000 + self.version), game="castell")
            worker.ask(self._job)
            self.thinking = player
            return False
        return True

    def _take(self, reply: Reply) -> None:
        if reply.notice:
            LOG.warning("castell: %s's decision asked again: %s", self.thinking, reply.notice)
        if reply.given_up and self._job is not None:
            self._answer = str(random.Random(self._job.seed).choice(self._job.view.legal_moves()))
        elif reply.move is not None:
            self._answer = reply.move

    def _play_answer(self) -> None:
        if self._answer is None:
            return
        move, self._answer, self._job, self.thinking = self._answer, None, None, None
        if not self.play(move):
            raise RuntimeError(f"AI chose an illegal move {move}: {self.error}")

    def _drop_ai(self) -> None:
        worker = ai_worker.shared()
        if self._job is not None and worker.job is self._job:
            worker.cancel()
        self._job, self._answer, self.thinking = None, None, None

    # ---- saving ----------------------------------------------------------------------------
    def document(self) -> dict[str, Any]:
        return castell_saves.document(self.game, [self.seats[p] for p in self.players])

    def save(self) -> Path | None:
        """The autosave after every decision; a refused write is a logged line, play goes on."""
        try:
            return castell_saves.autosave(self.document(), self.slot, finished=self.is_over)
        except castell_saves.SaveWriteError as exc:
            LOG.warning("castell: autosave not written: %s", exc)
            return None

    def save_as(self, name: str) -> Path:
        """A named save of the game now (the pause menu's Save); SaveWriteError when refused."""
        return castell_saves.save_as(name, self.document())

    @staticmethod
    def save_path(name: str) -> Path:
        """The file a named save of `name` is written to (the dialog warns when it exists)."""
        return castell_saves.slot_path(name)

    @classmethod
    def from_document(cls, doc: dict[str, Any], slot: str | None = None, autosave: bool = True) -> CastellMatch:
        seats, record = castell_saves.read_document(doc)
        setup = record["setup"]
        return cls(seats, setup["seed"], setup.get("wheel", "standard"), record["moves"], slot=slot,
                   autosave=autosave)
