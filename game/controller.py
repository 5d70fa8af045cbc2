"""The match: the engine game, its seats, AI workers, the event queue and pass-and-play viewing.

Why: scenes draw and animate; this object is the only one that calls `game.play()`. Each play
appends its events to a queue the scenes animate in order, and a localized line to the game log.
AI seats think in a worker process; the frame loop only polls them.
"""
from __future__ import annotations

import json
import multiprocessing
import random
from concurrent.futures import Future, ProcessPoolExecutor
from collections import deque
from typing import Any

import engine
from game.describe import describe_event, describe_move
from game.seats import Seat, make_agent
from game.settings import data_dir, write_atomic

SECRET_PHASES = ("disc",)
SAVE_NAME = "savegame.json"


_POOL: ProcessPoolExecutor | None = None


def _pool() -> ProcessPoolExecutor:
    """One worker process for every AI seat, started on first use and reused across games.
    Forked where the platform allows it, so callers need no `if __name__ == "__main__"` guard."""
    global _POOL
    if _POOL is None:
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        _POOL = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context(method))
    return _POOL


def _choose(level: str, seed: int, view: Any, rng: random.Random) -> str:
    """Runs in the worker process: the agent's move as notation text."""
    return str(make_agent(level, seed=seed).choose(view, rng))


class AIWorker:
    """Runs an agent's `choose(view, rng)` in a worker process; the frame loop polls `done`.

    A process, not a thread: the search is pure Python and would hold the GIL for tens of
    milliseconds at a time, stalling frames. The view is small plain data and pickles cheaply.
    """

    def __init__(self, level: str, seed: int, view: Any, rng: random.Random) -> None:
        self._future: Future = _pool().submit(_choose, level, seed, view, rng)

    @property
    def done(self) -> bool:
        return self._future.done()

    @property
    def result(self) -> str:
        return self._future.result()


class Match:
    """One game in progress as the client sees it."""

    def __init__(self, seats: list[Seat], seed: int = 1, variant: str = "classic", veto: bool = True,
                 castillo: str = "announced", autosave: bool = True) -> None:
        self.seats = {seat.player: seat for seat in seats}
        self.seed = seed
        self.setup = dict(variant=variant, veto=veto, castillo=castillo)
        self.autosave = autosave
        self.game = engine.new_game(players=[s.player for s in seats], seed=seed, variant=variant,
                                    veto=veto, castillo=castillo)
        self.events: deque[Any] = deque()
        self.log: list[str] = []
        self.version = 0
        self.worker: AIWorker | None = None
        self.thinking: str | None = None
        self.error: str | None = None
        self.pending_discs: dict[str, str] = {}
        self.handed_to: str | None = None
        self.secret_pending = False
        self.viewer: str | None = self.humans[0] if self.humans else None
        self._view_cache: tuple[int, str | None, Any] | None = None

    # ---- seats and viewing --------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.game.players)

    @property
    def humans(self) -> list[str]:
        return [p for p, s in self.seats.items() if s.human]

    @property
    def pass_and_play(self) -> bool:
        return len(self.humans) > 1

    def name(self, player: str) -> str:
        from game.i18n import player_name
        return player_name(player, {p: s.name for p, s in self.seats.items()})

    def human_to_move(self) -> str | None:
        """The human who must decide now, once no hand-off is outstanding."""
        player = self.game.to_move
        if player is None or not self.seats[player].human:
            return None
        return player

    def view(self) -> Any:
        """The view the board is drawn from (the true game only when nobody human is seated)."""
        if self._view_cache and self._view_cache[:2] == (self.version, self.viewer):
            return self._view_cache[2]
        view = self.game.view(self.viewer) if self.viewer else self.game
        self._view_cache = (self.version, self.viewer, view)
        return view

    def visible_discs(self) -> dict[str, str]:
        """Secret disc choices that may be drawn now: only the viewer's own, before the reveal."""
        if self.viewer in self.pending_discs:
            return {self.viewer: self.pending_discs[self.viewer]}
        return {}

    def handoff_due(self) -> tuple[str, str | None] | None:
        """("before", player) before a human's secret choice, ("after", None) once one is made."""
        if not self.pass_and_play or self.events:
            return None
        player = self.human_to_move()
        if player and self.game.phase in SECRET_PHASES and self.handed_to != player:
            return ("before", player)
        if self.secret_pending and not (player and self.game.phase in SECRET_PHASES):
            return ("after", None)
        return None

    def hand_to(self, player: str | None) -> None:
        """The hand-off screen was confirmed: `player` now looks at the screen."""
        self.secret_pending = False
        self.handed_to = player
        if player:
            self.viewer = player

    def follow_turn(self) -> None:
        """Outside secret choices the viewer follows the human to move (pass-and-play)."""
        player = self.human_to_move()
        if player and self.game.phase not in SECRET_PHASES and not self.secret_pending:
            self.viewer = player

    # ---- playing ------------------------------------------------------------------------------
    def legal_moves(self) -> list[Any]:
        return list(self.game.legal_moves())

    def play(self, move: Any) -> bool:
        """Play a move (Move or text). False, with `error` set to the engine's reason, if illegal."""
        player = self.game.to_move
        try:
            parsed = engine.parse_move(str(move), self.game)
            line = describe_move(parsed, player, self.name)
            events = self.game.play(parsed)
        except engine.EngineError as exc:
            self.error = str(exc)
            return False
        self.error = None
        self.version += 1
        if parsed.verb == "disc" and self.seats[player].human:
            self.pending_discs[player] = parsed.args[0]
            if self.pass_and_play:
                self.secret_pending = True
                self.handed_to = None
        self._log(line)
        for event in events:
            if type(event).__name__ == "DiscsRevealed":
                self.pending_discs.clear()
                self.secret_pending = False   # the reveal shows every disc anyway
            self._log(describe_event(event, self.name))
            self.events.append(event)
        self.save()
        return True

    def _log(self, line: str | None) -> None:
        if not line:
            return
        if self.log and self.log[-1].split(" ×")[0] == line:
            base, _, count = self.log[-1].partition(" ×")
            self.log[-1] = f"{base} ×{int(count or 1) + 1}"
        else:
            self.log.append(line)

    def poll_ai(self) -> None:
        """Start or collect the AI worker of the seat to move; never blocks."""
        player = self.game.to_move
        if player is None or self.seats[player].human:
            return
        if self.worker is None:
            rng = random.Random(self.seed * 1000 + self.version)
            seat = self.seats[player]
            self.worker = AIWorker(seat.kind, self.seed + self.players.index(player), self.game.view(player), rng)
            self.thinking = player
            return
        if not self.worker.done:
            return
        worker, self.worker, self.thinking = self.worker, None, None
        if not self.play(worker.result):
            raise RuntimeError(f"AI {player} chose an illegal move {worker.result}: {self.error}")

    # ---- saving -------------------------------------------------------------------------------
    def save(self) -> None:
        """Keep the running game in the data directory for "Continue" (seed + move texts)."""
        if not self.autosave:
            return
        data = {"seats": [[s.player, s.kind, s.name] for s in self.seats.values()],
                "seed": self.seed, **self.setup, "record": self.game.record()}
        write_atomic(data_dir() / SAVE_NAME, json.dumps(data))

    @classmethod
    def load_saved(cls) -> "Match | None":
        """The saved game, or None when there is none or it is finished or unreadable."""
        try:
            data = json.loads((data_dir() / SAVE_NAME).read_text(encoding="utf-8"))
            seats = [Seat(p, k, n) for p, k, n in data["seats"]]
            match = cls(seats, data["seed"], data["variant"], data["veto"], data["castillo"])
            match.game = engine.replay(data["record"])
        except (OSError, ValueError, KeyError, TypeError):
            return None
        return None if match.game.is_over else match

    @staticmethod
    def has_saved() -> bool:
        return (data_dir() / SAVE_NAME).exists()
