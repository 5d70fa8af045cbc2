"""Builds a human's clickable choices from `legal_moves()` and assembles a move from clicks.

Why: the client never re-derives rules. Moves are grouped by verb; a verb's arguments are asked
one at a time in a natural order (for `move PLAYER FROM TO`: the source region, then whose
Caballero, then the destination). At each step the candidates are exactly the values that still
complete some legal move; a step with a single candidate is taken automatically.
"""
from __future__ import annotations

from dataclasses import dataclass, field
import engine

AREAS = frozenset((*engine.REGIONS, "castillo"))
ARG_ORDER = {"move": (1, 0, 2), "cull": (1, 0), "scoreboard": (0, 1)}


def offered(pos: engine.Position, moves: list[engine.Move]) -> list[engine.Move]:
    """The legal moves a human is offered: none the engine calls idle (engine.idle_moves: `first
    place` with an empty court, so "Action first" is the one choice)."""
    idle = engine.idle_moves(pos)
    return [move for move in moves if move not in idle]


@dataclass(frozen=True)
class Choice:
    """A button: `value` completes the next argument (or is a whole argument-less verb)."""
    verb: str
    value: str
    kind: str   # "verb" (no args), "value" (number, player, board, first, court...)


@dataclass
class Picker:
    moves: list[engine.Move] = field(default_factory=list)
    verb: str | None = None
    chosen: dict[int, str] = field(default_factory=dict)

    def reset(self, moves: list[engine.Move]) -> None:
        self.moves = list(moves)
        self.verb = None
        self.chosen = {}

    def cancel(self) -> None:
        self.verb, self.chosen = None, {}

    # ---- what is clickable now -----------------------------------------------------------------
    def _order(self, verb: str, arity: int) -> tuple[int, ...]:
        return ARG_ORDER.get(verb, tuple(range(arity)))

    def _matching(self) -> list[engine.Move]:
        return [m for m in self.moves if m.verb == self.verb
                and all(m.args[i] == v for i, v in self.chosen.items())]

    def _next_index(self, move: engine.Move) -> int | None:
        for index in self._order(move.verb, len(move.args)):
            if index not in self.chosen:
                return index
        return None

    def candidates(self) -> list[tuple[str, str]]:
        """(verb, value) pairs for the next click; value "" for argument-less verbs."""
        seen: dict[tuple[str, str], None] = {}
        pool = self._matching() if self.verb else self.moves
        for move in pool:
            index = self._next_index(move) if self.verb else (self._order(move.verb, len(move.args)) or (None,))[0]
            value = "" if index is None else move.args[index]
            seen.setdefault((move.verb, value), None)
        return list(seen)

    def areas(self) -> frozenset[str]:
        return frozenset(v for _, v in self.candidates() if v in AREAS)

    def values(self, verb: str) -> list[str]:
        return [v for vb, v in self.candidates() if vb == verb]

    def buttons(self) -> list[Choice]:
        """Everything not clicked on the map, the offer or the hand."""
        out = []
        for verb, value in self.candidates():
            if value in AREAS or engine.VERB_INFO[verb].chosen_on is not engine.Where.BOARD:
                continue
            out.append(Choice(verb, value, "verb" if value == "" else "value"))
        return out

    @property
    def source(self) -> str | None:
        """The area already chosen for a multi-step verb (drawn as the focus)."""
        if self.verb in ARG_ORDER:
            first = ARG_ORDER[self.verb][0]
            value = self.chosen.get(first)
            return value if value in AREAS else None
        return None

    # ---- clicking ------------------------------------------------------------------------------
    def pick(self, verb: str, value: str) -> engine.Move | None:
        """Choose `value` for `verb`'s next argument; returns the full Move once determined."""
        if self.verb is None:
            self.verb = verb
        if value:
            index = next(i for i in map(self._next_index, self._matching()) if i is not None)
            self.chosen[index] = value
        return self._settle()

    def _settle(self) -> engine.Move | None:
        """Auto-take single-candidate steps; return the move when no argument is left open."""
        while True:
            matching = self._matching()
            if not matching:
                self.cancel()
                return None
            complete = [m for m in matching if self._next_index(m) is None]
            if complete:
                move = complete[0]
                self.cancel()
                return move
            indices = [self._next_index(m) for m in matching]
            values = {m.args[i] for m, i in zip(matching, indices) if i is not None}
            if len(values) > 1:
                return None
            first = indices[0]
            assert first is not None      # no complete move is left among the matching ones
            self.chosen[first] = values.pop()

    def click_area(self, area: str) -> engine.Move | None:
        """A click on a highlighted area; None if it does not advance anything."""
        for verb, value in self.candidates():
            if value == area:
                return self.pick(verb, value)
        return None

    def verb_for_area(self) -> str | None:
        """The verb an illegal area click would have meant (to ask the engine why not)."""
        for verb, value in self.candidates():
            if value in AREAS:
                return verb
        return None

    def partial_text(self, area: str) -> str | None:
        """Notation for clicking `area` as the next argument (to show the engine's refusal reason)."""
        verb = self.verb or self.verb_for_area()
        template = next((m for m in self.moves if m.verb == verb), None)
        if template is None or (self.verb is None and len(template.args) != 1):
            return None
        index = self._next_index(template)
        args = {**self.chosen, index: area} if index is not None else {}
        if len(args) != len(template.args):
            return None
        return " ".join([template.verb, *(args[i] for i in range(len(template.args)))])
