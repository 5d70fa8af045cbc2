"""The match: the engine game, its seats, AI workers, the event queue and pass-and-play viewing.

Why: scenes draw and animate; this object is the only one that calls `game.play()`. Each play
appends its events to a queue the scenes animate in order, and log items (data, worded when drawn)
to the game log.
AI seats think in a worker process (game/match/ai_worker.py) from the moment their turn starts, while
the previous move still animates; the frame loop only polls, and the move is played once the
board has caught up. A worker that dies or raises is replaced with a line in the game log.
"""
from __future__ import annotations

import logging
import random
from collections import deque
from pathlib import Path
from typing import Any, Sequence, TypedDict

import engine
from ai.agent import Agent
from game.match import ai_worker, saves, undo
from game.match.feed import EventFeed, FeedReads
from game.present.describe import LogItem, challenge_items
from game.present.refusals import refusal_text
from game.match.replay_model import ReplayModel, ReplayWindow, walk
from game.match.end_table import EndTable, end_table
from game.match.seats import AI_LEVELS as AI_KINDS
from game.match.seats import Seat, default_seats, make_agent
from game.present.neutral import client_key
from game.shell.i18n import player_name

SECRET_PHASES = ("disc",)
LOG = logging.getLogger("el_grande")


def opening_events(start: engine.Position) -> list[engine.events.Event]:
    """The round the record starts in, as the RoundStarted event the set-up never reports, then
    the neutral colour's opening steps of a 2-player dummy game (its placements already stand)."""
    return [engine.events.RoundStarted(start.round, tuple(start.face_up))] + neutral_opening(start)


def neutral_opening(start: engine.Position) -> list[engine.events.Event]:
    """The set-up's round-start steps of the neutral colour, as events: the regions where its
    Caballeros stand and its power card turned up (nothing without the neutral colour)."""
    if start.dummy is None or not start.dummy_power:
        return []
    regions = tuple(r for r in engine.REGIONS if start.count(start.dummy, r))
    return [engine.events.DummyRegionsDrawn(start.dummy, regions),
            engine.events.DummyPowerRevealed(start.dummy, start.dummy_power)]


class Setup(TypedDict):
    """The options a match was set up with (Play again repeats them)."""
    variant: str
    veto: bool
    castillo: str
    dummy: bool


class Match(FeedReads):
    """One game in progress as the client sees it."""

    local = True      # played here: undo, hints, saving and replays apply (a RemoteTable: not)

    def __init__(self, seats: list[Seat], seed: int = 1, variant: str = "classic", veto: bool = True,
                 castillo: str = "announced", autosave: bool = True, game: engine.Game | None = None,
                 dummy: bool = False) -> None:
        self.seats = {seat.player: seat for seat in seats}
        self.seed = seed
        self.autosave = autosave
        self.autosave_slot: str | None = saves.new_autosave_slot()   # this game's own Continue file
        # the true game: only the host's own modules (game/match/) read it; screens get Views
        self.host_game = game if game is not None else engine.new_game(
            players=[s.player for s in seats], seed=seed, variant=variant, veto=veto, castillo=castillo,
            dummy=dummy)
        self.setup = Setup(variant=variant, veto=veto, castillo=castillo, dummy=self.host_game.dummy is not None)
        self.feed = EventFeed(lambda: self.host_game.scoreboards)   # the log, the queue, the summaries
        self.save_error: str | None = None
        self._undo_cache: tuple[int, bool] | None = None
        self.version = 0
        self.thinking: str | None = None
        self._job: ai_worker.Job | None = None      # the decision asked of the worker, at _job_version
        self._job_version = -1
        self._answer: str | None = None             # the worker's move, played once the board settles
        self.last_think: ai_worker.Reply | None = None   # the last AI answer (its timings: benchmarks)
        self.last_think_level = ""
        self.error: str | None = None
        self.pending_discs: dict[str, str] = {}
        self.handed_to: str | None = None
        self.hand_offs = 0                       # hand-off screens confirmed so far
        self.hints_used = 0                      # advisor requests (a challenge shows the count)
        self.secret_pending = False
        if game is None:
            self.feed.opening(opening_events(self.host_game))
        self.viewer: str | None = self.humans[0] if self.humans else None
        self._view_cache: tuple[int, str | None, engine.View] | None = None

    # ---- seats and viewing --------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.host_game.players)

    @property
    def humans(self) -> list[str]:
        return [p for p, s in self.seats.items() if s.human]

    @property
    def pass_and_play(self) -> bool:
        return len(self.humans) > 1

    def name(self, player: str) -> str:
        """A seat's name, or "Neutral" for the neutral colour (by its engine colour or NEUTRAL)."""
        return player_name(client_key(player, self.host_game.dummy), {p: s.name for p, s in self.seats.items()})

    def human_to_move(self) -> str | None:
        """The human who must decide now, once no hand-off is outstanding."""
        player = self.host_game.to_move
        if player is None or not self.seats[player].human:
            return None
        return player

    def view(self) -> engine.View:
        """The view the board is drawn from: the viewer's, or the public view when nobody human
        is seated (an AI-only game shows no AI's secrets either)."""
        if self._view_cache and self._view_cache[:2] == (self.version, self.viewer):
            return self._view_cache[2]
        view = self.host_game.view(self.viewer) if self.viewer else self.host_game.public_view()
        self._view_cache = (self.version, self.viewer, view)
        return view

    def log_viewer(self) -> str | None:
        """The seat the log is read by: the viewer; in pass-and-play only the player the screen
        was handed to for his private decision (the table, or a player at an open turn, reads
        every secret move hidden)."""
        return self.handed_to if self.pass_and_play else self.viewer

    def visible_discs(self) -> dict[str, str]:
        """Secret disc choices that may be drawn now: only the viewer's own, before the reveal."""
        if self.viewer in self.pending_discs:
            return {self.viewer: self.pending_discs[self.viewer]}
        return {}

    def private_decision(self, player: str) -> bool:
        """In pass-and-play, whether `player`'s decision must be made behind a hand-off: the move
        itself is secret (a disc, a power card recovered) or his view holds a secret the shared
        screen must not show (engine.holds_secret: a set disc, a recovered card in his hand)."""
        game = self.host_game
        return (any(engine.VERB_INFO[m.verb].secret for m in game.legal_moves())
                or engine.holds_secret(game, player))

    def handoff_due(self) -> tuple[str, str | None] | None:
        """("before", player) before a human's private decision, ("after", None) once he is done."""
        if not self.pass_and_play or self.events:
            return None
        player = self.human_to_move()
        private = bool(player) and self.private_decision(str(player))
        if player and private and self.handed_to != player:
            return ("before", player)
        if self.secret_pending and not (private and self.handed_to == player):
            return ("after", None)
        return None

    def hand_to(self, player: str | None) -> None:
        """The hand-off screen was confirmed: `player` now looks at the screen (None: the table
        does, and the screen shows the public view)."""
        self.hand_offs += 1
        self.secret_pending = False
        self.handed_to = player
        self.viewer = player

    def follow_turn(self) -> None:
        """Outside private decisions the viewer follows the human to move (pass-and-play); his
        view then shows nothing the public view does not."""
        player = self.human_to_move()
        if player and not self.secret_pending and not self.private_decision(player):
            if player != self.handed_to:
                self.handed_to = None        # the screen is nobody's in private any more
            self.viewer = player

    # ---- playing ------------------------------------------------------------------------------
    def legal_moves(self) -> list[engine.Move]:
        """The screen's viewer's legal moves when he is to move (from his View), else none."""
        view = self.view()
        return view.legal_moves() if view.viewer_id is not None and view.viewer_id == view.to_move else []

    def play(self, move: engine.Move | str) -> bool:
        """Play a move (Move or text). False, with `error` set to the engine's reason in the
        players' words, if illegal."""
        player = self.host_game.to_move
        try:
            parsed = move if isinstance(move, engine.Move) else engine.parse_move(move, self.host_game)
            events = self.host_game.play(parsed)
        except engine.IllegalMove as exc:
            self.error = refusal_text(exc.reason, {p: s.name for p, s in self.seats.items()}) if exc.reason else str(exc)
            return False
        except engine.EngineError as exc:
            self.error = str(exc)
            return False
        self.error = None
        assert player is not None        # the move was legal, so a seat was to move
        self.version += 1
        if engine.VERB_INFO[parsed.verb].ghost is engine.Ghost.DISC and self.seats[player].human:
            self.pending_discs[player] = parsed.args[0]
        if any(isinstance(event, engine.events.DiscsRevealed) for event in events):
            self.pending_discs.clear()
        self.feed.played(player, str(parsed), events)
        if self.pass_and_play:
            self._cover_private_view()
        self.save()
        return True

    def _cover_private_view(self) -> None:
        """After a move in pass-and-play: while the screen's viewer holds a secret (a set disc, a
        recovered card) and is not the human deciding behind a hand-off, the screen must be
        covered (the "after" hand-off); once his view shows nothing private, it need not be."""
        viewer = self.viewer
        private = bool(viewer) and engine.holds_secret(self.host_game, str(viewer))
        if private and not (viewer == self.human_to_move() == self.handed_to):
            self.secret_pending = True
            self.handed_to = None
        elif not private:
            self.secret_pending = False

    @property
    def events(self) -> deque[engine.events.Event]:
        """The events still to animate, oldest first (the screen takes them off as it shows them)."""
        return self.feed.events





    def rebuild_log(self) -> None:
        """The whole log again from the record (after a resume or an undo), all of it shown."""
        self.feed.reset()
        record = self.host_game.record()
        for item in challenge_items(record):
            self.feed.note(item)
        steps, games = walk(record)
        self.feed.opening(opening_events(games[0]))
        for step in steps:
            self.feed.settled(step.player, step.move, step.events)

    def think(self) -> None:
        """Ask the worker for the AI seat to move as soon as its turn starts and collect the
        answer; a dead or failing worker is replaced (a line in the log). Never blocks."""
        if self._ask():
            self._take(ai_worker.shared().poll())

    def wait_for_ai(self, timeout: float = 120.0) -> None:
        """Block until the pending AI answer is in (tests and benchmarks; the client polls)."""
        if self._ask():
            self._take(ai_worker.shared().wait(timeout))

    def poll_ai(self) -> None:
        """Once the board has caught up: play the AI seat's move if it has arrived."""
        self.think()
        if self._answer is None:
            return
        player, move = self.host_game.to_move, self._answer
        self._answer, self.thinking = None, None
        if not self.play(move):
            raise RuntimeError(f"AI {player} chose an illegal move {move}: {self.error}")

    def _ask(self) -> bool:
        """Make sure the worker thinks about this position; True while an answer is awaited."""
        player = self.host_game.to_move
        if player is None or self.seats[player].human or self._answer is not None:
            return False
        worker = ai_worker.shared()
        if self._job_version != self.version or worker.job is not self._job:
            seat = self.seats[player]
            self._job = ai_worker.Job(seat.kind, self.seed + self.players.index(player), self.host_game.view(player),
                                      random.Random(self.seed * 1000 + self.version))
            self._job_version = self.version
            worker.ask(self._job)
            self.thinking = player
            return False
        return True

    def _take(self, reply: ai_worker.Reply) -> None:
        assert self._job is not None
        who = self.name(self.host_game.to_move or "")
        if reply.notice:
            LOG.warning("el-grande: %s's decision asked again: %s", who, reply.notice)
            if not reply.given_up:
                self.feed.note_now(LogItem("notice", "restarted", self.host_game.to_move))
        if reply.given_up:
            self.feed.note_now(LogItem("notice", "gave_up", self.host_game.to_move))
            fallback = make_agent("random", seed=self._job.seed)
            self._answer = str(fallback.choose(self._job.view, self._job.rng))
        elif reply.move is not None:
            self._answer = reply.move
        if self._answer is not None:
            self.last_think, self.last_think_level = reply, self._job.level
            self._job = None

    def _drop_ai(self) -> None:
        """Forget the AI decision in flight (an undo or a load made it stale); its search stops."""
        worker = ai_worker.shared()
        if self._job is not None and worker.job is self._job:
            worker.cancel()
        self._job, self._answer, self.thinking = None, None, None

    # ---- undo ---------------------------------------------------------------------------------
    @property
    def undo_player(self) -> str | None:
        """Whose decisions Undo takes back: the human to move (in pass-and-play too, within the
        same limits: his own decisions of this turn, never across another player's move or a
        reveal), else the lone human of a game against AI seats."""
        if len(self.seats) < 2:
            return None
        humans = self.humans
        return self.human_to_move() or (humans[0] if len(humans) == 1 else None)

    def can_undo(self) -> bool:
        """game/match/undo.py's rule for the lone human, cached per position."""
        player = self.undo_player
        if player is None or self.host_game.to_move != player:
            return False
        if self._undo_cache is None or self._undo_cache[0] != self.version:
            self._undo_cache = (self.version, undo.can_undo(self.host_game, player))
        return self._undo_cache[1]

    def undo(self) -> bool:
        """Take back the human's last decision of this turn; False (with `error`) when refused.
        The log is rebuilt, queued animations dropped and the new position autosaved."""
        player = self.undo_player
        if player is None:
            self.error = None
            return False
        try:
            self.host_game = undo.undo(self.host_game, player)
        except engine.EngineError as exc:
            self.error = str(exc)
            return False
        self.error = None
        self._drop_ai()
        # pending disc marks stay: a disc hands play on, so it is never inside the undone moves
        self.version += 1
        self.rebuild_log()
        self.save()
        return True

    def waiting_text(self) -> str | None:
        """Who the table waits for beyond its own turn (an online seat's lost connection): a
        local match waits for nobody else."""
        return None

    def close(self) -> None:
        """Leave the table: an online table closes its connection; a local match holds none."""

    def play_agents_once(self, agents: dict[str, Agent], seed: int) -> bool:
        """An AI-only game without a window (--headless): the agent to move chooses from its own
        View and its move is played; False once the game is over."""
        game = self.host_game
        if game.is_over:
            return False
        player = game.to_move
        assert player is not None        # a game that is not over has a seat to move
        self.play(agents[player].choose(game.view(player), random.Random(seed * 1000 + self.version)))
        return True

    # ---- the moves as the table saw them (game/present/hint_plan.py PlayedMoves) -------------------
    def moves_played(self) -> int:
        return played_count(self.host_game)

    def public_moves_since(self, mark: int) -> list[str] | None:
        return public_moves_since(self.host_game, mark)

    # ---- what the host hands a screen once it may know it --------------------------------------
    def finished_record(self) -> dict[str, Any]:
        """The whole record (seed, every move): public only once the game is over."""
        if not self.host_game.is_over:
            raise engine.EngineError("the record of a game in progress stays with the host")
        return self.host_game.record()

    def end_table(self) -> EndTable:
        """The end-of-game table of a finished (or stopped) game (its rows add up every scoring)."""
        return end_table(self.host_game)

    def replay_window(self) -> ReplayWindow:
        """The replay of this game as its screen may show it (ReplayModel.window)."""
        seat = self.viewer if len(self.humans) == 1 else None
        return ReplayModel(self.host_game.record(), "game", tuple(self.seat_meta())).window(seat)

    def export_record(self) -> Path:
        """Write the finished game's record to the records folder (game/match/saves.py)."""
        return saves.export_record(self.host_game, self.seat_meta())

    def save_as(self, name: str) -> Path:
        """Save the running game under `name` (a save holds the whole game: README)."""
        return saves.save_slot(name, self.host_game, self.seat_meta(), self.hints_used)

    @staticmethod
    def save_path(name: str) -> Path:
        """The file a named save of `name` is written to (the dialog warns when it exists)."""
        return saves.slot_path(name)

    @property
    def from_scenario(self) -> bool:
        return bool(self.host_game.origin)

    def crash_facts(self) -> dict[str, Any]:
        """What a crash report keeps of the game: its record (to reproduce the crash)."""
        return {"record": self.host_game.record()}

    # ---- saving -------------------------------------------------------------------------------
    def seat_meta(self) -> list[saves.SeatMeta]:
        return [saves.SeatMeta(s.player, s.kind, s.name) for s in self.seats.values()]

    def save(self) -> None:
        """Autosave for "Continue" after every decision (game/match/saves.py writes atomically, so a
        failed write keeps the previous autosave); a failure is kept in `save_error`."""
        if not self.autosave:
            return
        try:
            saves.autosave(self.host_game, self.seat_meta(), self.hints_used, slot=self.autosave_slot)
            self.save_error = None
        except engine.EngineError as exc:
            self.save_error = str(exc)

    @classmethod
    def from_game(cls, game: engine.Game, seats: Sequence[Seat | saves.SeatMeta] | None = None,
                  autosave: bool = True) -> Match:
        """A match resuming `game` (from a save, a record or an undo) with the log rebuilt.
        `seats`: SeatMeta-like objects; None makes the first seat human and the others AI."""
        if seats:
            seat_list = [Seat(s.player, s.kind if s.kind in ("human", *AI_KINDS) else "normal", s.name)
                         for s in seats]
        else:
            seat_list = default_seats(game.players)
        options = game.options
        match = cls(seat_list, int(getattr(game, "seed", 1) or 1), options["variant"], bool(options["veto"]),
                    options["castillo"], autosave=autosave, game=game)
        match.rebuild_log()
        if game.phase in SECRET_PHASES:   # discs already set (not yet revealed) keep their badge
            match.pending_discs = {p: d for p in match.humans if (d := game.disc(p))}
        return match


def played_count(game: engine.Game) -> int:
    """How many moves the game has played (its history is a linked list, newest first)."""
    n, node = 0, game.history
    while node is not None:
        n, node = n + 1, node[0]
    return n


def public_moves_since(game: engine.Game, mark: int) -> list[str] | None:
    """The moves after the first `mark`, oldest first, as the table saw them (a secret move's
    argument masked, engine.public_text); None when fewer were played (an Undo went back)."""
    texts: list[str] = []
    node = game.history
    while node is not None:
        texts.append(node[1])
        node = node[0]
    if len(texts) < mark:
        return None
    return [engine.public_text(engine.parse_move(text)) for text in texts[:len(texts) - mark][::-1]]


class GameMoves:
    """A whole game's moves as the table saw them (the `PlayedMoves` a hint plan follows), for
    host-side code that holds a Game without a Match: benchmarks and tests."""

    def __init__(self, game: engine.Game) -> None:
        self.game = game

    def moves_played(self) -> int:
        return played_count(self.game)

    def public_moves_since(self, mark: int) -> list[str] | None:
        return public_moves_since(self.game, mark)
