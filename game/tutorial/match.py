"""The lesson's match: the opponents play the steps' scripted moves, and the player's moves are
checked against the step before they reach the engine.

Why a Match subclass: the controller is the only place that calls `game.play()`, so checking a
human move here covers every way a scene can send one (click, key, Confirm) without a hook in the
scenes. An illegal move still gets the engine's reason; a legal move the step does not ask for is
refused with a friendly nudge and not played.
"""
from __future__ import annotations


import engine
from game.match.controller import SECRET_PHASES, Match
from game.shell.i18n import localized
from game.tutorial.course import StepCursor, lesson_seats
from game.tutorial.lesson import Chapter, Lesson, Step


class TutorialMatch(StepCursor, Match):
    """One chapter of the lesson, positioned at step `index` (counted over the whole lesson)."""

    def __init__(self, lesson: Lesson, index: int) -> None:
        game = lesson.position(index)
        self.lesson = lesson
        self.index = index
        super().__init__(lesson_seats(game.players), game=game, autosave=False)   # the player's own "Continue" game stays
        self.rebuild_log()
        self.step_events = len(self.feed.past)     # the events known when the step began
        if game.phase in SECRET_PHASES:  # resumed after the player's disc: his strip still shows it
            self.pending_discs = {p: d for p in self.humans if (d := game.disc(p))}

    # ---- where the lesson stands ---------------------------------------------------------------
    @property
    def chapter_index(self) -> int:
        return self.lesson.locate(self.index)[0]

    @property
    def chapter(self) -> Chapter:
        return self.lesson.chapters[self.chapter_index]

    @property
    def step(self) -> Step:
        chapter, step = self.lesson.locate(self.index)
        return self.lesson.chapters[chapter].steps[step]

    def next_step(self) -> None:
        super().next_step()
        self.step_events = len(self.feed.past)

    # ---- playing --------------------------------------------------------------------------------
    def human_to_move(self) -> str | None:
        """Nobody while the step waits for Continue: the table lights no target and asks for no
        move until the step is read."""
        return None if self.needs_continue else super().human_to_move()

    def waiting_text(self) -> str | None:
        """The table's prompt while the step waits to be read, once the board shows its moves."""
        return None if self.events else self.reading_prompt()

    @property
    def undo_player(self) -> str | None:
        """No undo in the lesson: the steps only go forward."""
        return None

    def play(self, move: engine.Move | str) -> bool:
        player = self.host_game.to_move
        text = self._notation(move)
        if player is not None and self.seats[player].human:
            refusal = self.refusal(player, text)
            if refusal:
                self.error, self.nudge, self.nudged = refusal, refusal, True
                return False
        expected = self.expected()
        played = super().play(move)
        if played and text is not None and text == expected:
            self.made += 1
            self.nudge = None
        elif not played and player is not None and self.seats[player].human:
            self.nudge = self.error      # an illegal move: the engine's reason, worded (refusals.py)
        return played

    def _notation(self, move: engine.Move | str) -> str | None:
        """The move in normal notation, or None when the engine cannot read it."""
        try:
            return str(engine.parse_move(str(move), self.host_game))
        except engine.EngineError:
            return None

    def refusal(self, player: str, text: str | None) -> str | None:
        """The nudge for a legal move the step does not ask for; None lets the move through (the
        expected one, or an illegal one the engine explains)."""
        # the step's moves always say why (the lesson's loader requires it)
        return self.off_script(text, {str(m) for m in self.host_game.legal_moves()},
                               lambda expected: localized(self.step.why or {}))

    def think(self) -> None:
        """The opponents' moves are scripted: no AI worker is asked to search for them."""

    def wait_for_ai(self, timeout: float = 120.0) -> None:
        """Nothing to wait for: a scripted move is played as soon as the board has caught up."""

    def poll_ai(self) -> None:
        """The opponents play the step's scripted moves, one per call (the scene animates each)."""
        player = self.host_game.to_move
        if player is None or self.seats[player].human:
            return
        move = self.expected()
        if move is not None:
            self.play(move)
