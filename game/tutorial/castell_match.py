"""Castell's lesson match: the opponent plays the steps' scripted moves, and the player's moves
are checked against the step before they reach the engine.

Why a CastellMatch subclass: the match is the only place that plays a move, so checking a human
move here covers every way the table sends one (click, key, the builder's Confirm). An illegal
move keeps the engine's worded reason; a legal one the step does not ask for is refused with a
nudge naming the asked move, and not played. No autosave: the player's own Castell game stays.
"""
from __future__ import annotations

from engine import EngineError, castell
from game.match.castell_match import CastellMatch
from game.present.castell_screen import describe_move
from game.shell.i18n import localized, t
from game.tutorial.castell_lesson import CastellLesson
from game.tutorial.course import StepCursor, lesson_seats
from game.tutorial.steps import Step


class CastellLessonMatch(StepCursor, CastellMatch):
    """The lesson's game, positioned at step `index` (every earlier step's moves played)."""

    def __init__(self, lesson: CastellLesson, index: int) -> None:
        self.lesson = lesson
        self.index = index
        super().__init__(lesson_seats(lesson.players), lesson.seed, lesson.wheel, lesson.moves_before(index),
                         autosave=False)

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def human_to_move(self) -> str | None:
        """Nobody while the step waits for Continue: the table lights no target and asks for no
        move until the step is read."""
        return None if self.needs_continue else super().human_to_move

    def waiting_text(self) -> str:
        """The table's prompt while the step waits to be read (not "Waiting for Blue…")."""
        return self.reading_prompt() or ""

    def undo_steps(self) -> int:
        """No undo in the lesson: the steps only go forward."""
        return 0

    def play(self, move: castell.Move | str) -> bool:
        player = self.game.to_move
        human = player is not None and self.seats[player].human
        text = self._notation(move)
        if human:
            nudge = self.nudge_for(text)
            if nudge:
                self.error, self.reason = nudge, None
                self.nudge, self.nudged = nudge, True
                return False
        expected = self.expected()
        played = super().play(move)
        if played and text == expected:
            self.made += 1
            self.nudge = None
        elif not played and human:
            self.nudge, self.nudged = self.refusal(), True
        return played

    def _notation(self, move: castell.Move | str) -> str | None:
        """The move in canonical notation, or None when the engine cannot read it."""
        try:
            return str(castell.parse_move(str(move), self.game.data))
        except EngineError:
            return None

    def nudge_for(self, text: str | None) -> str | None:
        """The nudge for a legal move the step does not ask for; None lets the move through (the
        asked one, or an illegal one the engine explains)."""
        def why(expected: str) -> str:
            return localized(self.step.why) if self.step.why else t("castell.lesson.asked", move=self.words(expected))
        return self.off_script(text, {str(m) for m in self.game.legal_moves()}, why)

    def words(self, text: str) -> str:
        """The asked move in the player's words."""
        move = castell.parse_move(text, self.game.data)
        if move.verb == "done":
            return t("castell.button.done")
        if move.verb == "tower":
            return t("castell.lesson.tower", tower=castell.format_tower(castell.parse_tower(move.args[0])))
        return describe_move(self.view(), move, tuple(self.name(p) for p in self.players))

    # ---- the opponent: scripted, never searched ---------------------------------------------------
    def think(self) -> None:
        """The opponent plays the step's next scripted move (the scene paces the calls)."""
        player = self.game.to_move
        move = self.expected()
        if player is not None and not self.seats[player].human and move is not None:
            self.play(move)

    def wait_for_ai(self, timeout: float = 120.0) -> None:
        """Nothing to wait for: the opponent's moves are written in the lesson."""
