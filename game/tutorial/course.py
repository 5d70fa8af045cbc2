"""Where a lesson's match stands within its step, for both games' lesson matches.

Why a mixin: El Grande's TutorialMatch and Castell's lesson match are each their game's match
(the only place that plays a move), and both follow a step the same way: the next scripted or
asked move, whether the step's moves are made, whether it waits for Continue (the table then
asks nobody for a move: the lesson has the turn), and the nudge for a legal move the step does
not ask for.
"""
from __future__ import annotations

from abc import ABC, abstractmethod

from collections.abc import Callable, Sequence

from game.match.seats import Seat
from game.shell.i18n import t
from game.tutorial.steps import Step


def lesson_seats(players: Sequence[str]) -> list[Seat]:
    """The learner first; the others the lesson's scripted opponents (kind: the AI that plays
    them should the game be saved and resumed)."""
    return [Seat(p) if i == 0 else Seat(p, "normal", scripted=True) for i, p in enumerate(players)]


class StepCursor(ABC):
    """The lesson's place: `index` (the step, counted over the whole lesson), `made` (its moves
    played so far) and the nudge the panel shows. A subclass says which step `index` is."""

    index: int
    made: int = 0                   # moves of the current step played so far
    nudge: str | None = None        # why the last move was refused, for the lesson panel
    nudged: bool = False            # a refusal the scene has not reacted to yet

    @property
    @abstractmethod
    def step(self) -> Step: ...

    def expected(self) -> str | None:
        """The next move of the step (an opponent's scripted one or the player's), if any."""
        moves = self.step.moves
        return moves[self.made] if self.made < len(moves) else None

    @property
    def moves_done(self) -> bool:
        return self.made >= len(self.step.moves)

    def off_script(self, text: str | None, legal: set[str], why: Callable[[str], str]) -> str | None:
        """The nudge for a legal move the step does not ask for (`why(expected)`: why the asked
        one); None lets the move through (the asked one, or an illegal one the engine explains)."""
        expected = self.expected()
        if text is None or text == expected or text not in legal:
            return None
        if expected is None:
            return t("tutorial.nudge_read")
        return t("tutorial.nudge", why=why(expected))

    @property
    def needs_continue(self) -> bool:
        """The step waits for Continue once its moves are made: to read it (no moves for the
        player) or to read what to notice."""
        return self.moves_done and (self.step.notice is not None or not self.step.play)

    def reading_prompt(self) -> str | None:
        """The table's prompt while the step waits for Continue (None: the step's moves go on)."""
        return t("tutorial.prompt_read") if self.needs_continue else None

    def next_step(self) -> None:
        self.index += 1
        self.made = 0
        self.nudge, self.nudged = None, False
