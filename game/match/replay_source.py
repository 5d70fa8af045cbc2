"""The replay viewer's match source: a record's window (game/match/replay_model.py) read as every
other table is (game/match/source.py), its log and action cards from the one event feed.

Why a source and not the window itself: the log a replay shows at a position must be the log a
match played to that position shows, and the round's action cards the same; both come from the
feed, given the moves up to the position as settled (a jump, not an animation). Nobody plays here:
the answers about turns, undo, hand-offs and AI say "nothing".
"""
from __future__ import annotations

from collections import deque

import engine
from game.match.end_table import EndTable, end_table
from game.match.feed import EventFeed, FeedReads
from game.match.replay_model import ReplayWindow
from game.match.seats import Seat
from game.match.controller import opening_events
from game.present.neutral import client_key
from game.shell.i18n import player_name


class ReplaySource(FeedReads):
    """A `MatchSource` over a `ReplayWindow`: `seek(position)` moves both; `marks[i]` is how many
    log lines stood before move i's (the lines of a move are `marks[i]:marks[i + 1]`)."""

    local = False          # no undo, hints or saving: the game is a record
    pass_and_play = False
    thinking: str | None = None
    undo_player: str | None = None

    def __init__(self, window: ReplayWindow) -> None:
        self.window = window
        self.viewer: str | None = window.seat
        self.error: str | None = None
        self.save_error: str | None = None
        self.hand_offs = 0
        self.hints_used = 0
        self.version = 0
        players = window.players
        metas = {s.player: s for s in (window.seats or ())}
        self.seats = {p: Seat(p, metas[p].kind, metas[p].name) if p in metas else Seat(p, "human")
                      for p in players}
        self.feed = EventFeed(lambda: self.window.game.scoreboards)
        self.marks: list[int] = []
        self._fed = 0
        self._restart()

    # ---- moving -------------------------------------------------------------------------------
    def seek(self, position: int) -> int:
        """Show the game after `position` moves: the moves past the ones fed are settled into
        the feed; a step back rebuilds it from the start."""
        position = self.window.seek(position)
        if position < self._fed:
            self._restart()
        for step in self.window.steps[self._fed:position]:
            self.marks.append(len(self.feed.items))
            self.feed.settled(step.player, step.move, step.events)
        self._fed = position
        self.version += 1
        return position

    def _restart(self) -> None:
        self.feed.reset()
        self.feed.opening(opening_events(self.window.game_at(0)))
        self.marks, self._fed = [], 0

    def step_of_line(self, line: int) -> int:
        """The index of the move whose log line is `line` (-1: a line of the set-up)."""
        return sum(1 for mark in self.marks if mark <= line) - 1

    # ---- what the screen reads (game/match/source.py) -----------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return self.window.players

    @property
    def humans(self) -> list[str]:
        return [p for p, s in self.seats.items() if s.human]

    @property
    def from_scenario(self) -> bool:
        return False

    @property
    def events(self) -> deque[engine.events.Event]:
        return self.feed.events

    def name(self, player: str) -> str:
        """A seat's name, or "Neutral" for the neutral colour (as a match names it)."""
        return player_name(client_key(player, self.window.game.dummy), {p: s.name for p, s in self.seats.items()})

    def position(self) -> engine.Position:
        """The position drawn: the viewer's View, or the whole game once it is over."""
        return self.window.game

    def log_viewer(self) -> str | None:
        """The seat the replay is shown to: its own secret moves read in full, as they did in play."""
        return self.viewer

    def view(self) -> engine.View:
        """The viewer's View at the position (the public one for a finished game's record)."""
        shown = self.window.game
        if isinstance(shown, engine.View):
            return shown
        assert isinstance(shown, engine.Game), "a window holds Views, or Games once the game is over"
        return shown.public_view()

    def visible_discs(self) -> dict[str, str]:
        return {}

    def human_to_move(self) -> str | None:
        return None

    def legal_moves(self) -> list[engine.Move]:
        return []

    def play(self, move: engine.Move | str) -> bool:
        """A record is not played on."""
        self.error = "a replay is not played on"
        return False

    def think(self) -> None: ...
    def poll_ai(self) -> None: ...
    def follow_turn(self) -> None: ...

    def handoff_due(self) -> tuple[str, str | None] | None:
        return None

    def hand_to(self, player: str | None) -> None: ...

    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def waiting_text(self) -> str | None:
        return None





    def end_table(self) -> EndTable:
        """The end table of a finished game's record (an unfinished one's stays with its host)."""
        final = self.window.game_at(len(self.window))
        if not isinstance(final, engine.Game):
            raise engine.EngineError("the end table of an unfinished game stays with its host")
        return end_table(final)

    def moves_played(self) -> int:
        return self.window.position

    def public_moves_since(self, mark: int) -> list[str] | None:
        if mark > self.window.position:
            return None
        return [engine.public_text(engine.parse_move(s.move)) for s in self.window.steps[mark:self.window.position]]

    def close(self) -> None:
        """A record holds no connection."""
