"""What every lesson file shares, whichever game it teaches: a step (its text, the element it
points at, the opponents' scripted moves, the player's moves, what to notice) and the reader that
checks a step's fields, so each error names the file and the field.

Why shared: El Grande's lesson (levels/tutorial/steps.yaml) and Castell's
(levels/castell/lesson.yaml) are the same kind of text and moves; only the elements a step may
point at and the engine that plays the moves differ (each lesson's reader names its elements).
"""
from __future__ import annotations

from abc import ABC, abstractmethod

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.errors import DataError, EngineError

LANGUAGES = ("en", "pt", "ca")
STEP_FIELDS = {"say", "point", "script", "play", "why", "notice"}


@dataclass(frozen=True)
class Step:
    """Text shown, the element pointed at, the opponents' scripted moves (played first), the
    player's expected moves (in order), what to notice once they are made, and why those moves
    (one sentence, said when another move is tried)."""
    say: dict[str, str]
    point: str | None
    script: tuple[str, ...]
    play: tuple[str, ...]
    notice: dict[str, str] | None
    why: dict[str, str] | None = None

    @property
    def moves(self) -> tuple[str, ...]:
        return self.script + self.play


class Fields(ABC):
    """Reads one lesson file's fields; every error names the file and the field. `point` is the
    lesson's own: which on-screen elements its steps may name; `why_required`: whether a step that
    dictates moves must say why (El Grande's lesson does; its nudge repeats it)."""

    why_required = False

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, field: str, expected: str, got: Any) -> DataError:
        return DataError(f"{self.source}: {field}: expected {expected}, got {got!r}")

    def text(self, value: Any, field: str) -> dict[str, str]:
        if not isinstance(value, dict):
            raise self.fail(field, f"a mapping of {', '.join(LANGUAGES)} to text", value)
        for lang in LANGUAGES:
            if not isinstance(value.get(lang), str) or not value[lang].strip():
                raise self.fail(f"{field}.{lang}", "a non-empty text", value.get(lang))
        return {lang: " ".join(value[lang].split()) for lang in LANGUAGES}

    def moves(self, value: Any, field: str) -> tuple[str, ...]:
        if value is None:
            return ()
        if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
            raise self.fail(field, "a list of moves in notation", value)
        return tuple(value)

    @abstractmethod
    def point(self, value: Any, field: str) -> str | None: ...

    def step(self, entry: Any, where: str) -> Step:
        if not isinstance(entry, dict):
            raise self.fail(where, "a mapping with say, point, script, play, why, notice", entry)
        unknown = sorted(set(entry) - STEP_FIELDS)
        if unknown:
            raise self.fail(f"{where}.{unknown[0]}", f"one of {', '.join(sorted(STEP_FIELDS))}", unknown[0])
        notice, why = entry.get("notice"), entry.get("why")
        play = self.moves(entry.get("play"), f"{where}.play")
        if play and why is None and self.why_required:
            raise self.fail(f"{where}.why", "one sentence saying why the moves asked for", None)
        return Step(self.text(entry.get("say"), f"{where}.say"), self.point(entry.get("point"), f"{where}.point"),
                    self.moves(entry.get("script"), f"{where}.script"), play,
                    None if notice is None else self.text(notice, f"{where}.notice"),
                    None if why is None else self.text(why, f"{where}.why"))


class Playable(Protocol):
    """What a rehearsal needs of a game, either game's."""

    @property
    def to_move(self) -> str | None: ...

    def play(self, move: str) -> Any: ...


def rehearse(fields: Fields, game: Playable, human: str, steps: Sequence[Step], where: str) -> None:
    """Play the steps through the engine: scripted moves by opponents, the rest by the player (a
    refused move, or one for the wrong side, is one error naming the step and the move)."""
    for s, step in enumerate(steps):
        for part, moves, by_human in (("script", step.script, False), ("play", step.play, True)):
            for i, move in enumerate(moves):
                field = f"{where}steps[{s}].{part}[{i}]"
                mover = game.to_move
                if mover is None or (mover == human) != by_human:
                    who = "the player" if by_human else "an opponent"
                    raise fields.fail(field, f"a move for {who} ({human} is the player)",
                                      f"{move} with {mover} to move")
                try:
                    game.play(move)
                except EngineError as exc:
                    raise fields.fail(field, f"a legal move ({exc})", move) from None
