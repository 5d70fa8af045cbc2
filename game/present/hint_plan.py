"""A clicked hint's plan, docked while the player carries it out step by step.

Why a state of its own: a hint is a whole stretch of decisions (the action card, the order, the
court count, the placements, the King's target, the special action), and the player plays them
one click at a time while opponents may answer in between (a Veto window). The plan stays docked,
its next step pulsing, until every step is played or the player plays something else; an Undo
inside the plan steps back with it, an Undo past the click drops it. When the game goes another
way than the plan foresaw (an opponent's other answer: the player is shown another view than the
hint's foreseen one), the plan is dropped and the panel says so, as the hard search drops its own
plan and searches afresh. Progress is read from the
moves the table has played (the host's `PlayedMoves`: every move as the table saw it, another's
secret moves masked), never counted by hand, so it cannot drift from the position. No pygame
here: the match screen draws it and `benchmarks/hint_follower.py` follows it the same way.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from engine import Move, Position

ALLOW = "allow"      # an opponent's Veto window the plan foresaw as allowed (none may come)


class PlayedMoves(Protocol):
    """The moves played so far, as the table saw them (game/match/controller.py `Match`)."""

    def moves_played(self) -> int: ...

    def public_moves_since(self, mark: int) -> list[str] | None:
        """The texts after the first `mark` moves, oldest first (None: fewer were played)."""


def progress(plan: Sequence[str], played: Sequence[str]) -> int | None:
    """How many of the plan's steps the moves `played` carried out, or None when one departs from
    it. A foreseen `allow` that never came (nobody held a Veto) is passed over."""
    i = 0
    for text in played:
        while i < len(plan) and plan[i] != text and plan[i] == ALLOW:
            i += 1
        if i >= len(plan) or plan[i] != text:
            return None
        i += 1
    return i


class HintPlan:
    """The docked plan of one player: dock it on the click, ask `step` for what to pulse."""

    def __init__(self) -> None:
        self.plan: tuple[Move, ...] = ()
        self.player: str | None = None
        self.mark = 0
        self.number = 1           # which hint of the panel it was (the panel says so)
        self.foreseen: dict[int, Position] = {}   # step index -> the view the plan expects before it
        self.left = False         # undocked because the game went another way (the panel says so)

    @property
    def docked(self) -> bool:
        return bool(self.plan)

    def dock(self, plan: Sequence[Move], player: str, played: PlayedMoves,
             foreseen: Sequence[tuple[int, Position]] = ()) -> None:
        """Follow `plan` for `player` from the current position; `foreseen` (the hint's): the
        views the plan expects before its later steps."""
        self.plan, self.player, self.mark = tuple(plan), player, played.moves_played()
        self.foreseen, self.left = dict(foreseen), False

    def undock(self) -> None:
        self.plan, self.player, self.mark, self.foreseen = (), None, 0, {}

    def done_steps(self, game: Position, moves: PlayedMoves) -> int | None:
        """How many steps are behind the player (None, and undocked, when the plan no longer
        holds: finished, departed from, undone past, or the player shown a position the plan did
        not foresee — an opponent's other answer). `game`: the player's View."""
        done, left = self.verdict(game, moves)
        if done is None and self.plan:
            self.left = self.left or left
            self.undock()
        return done

    def verdict(self, game: Position, moves: PlayedMoves) -> tuple[int | None, bool]:
        """`done_steps` without undocking: (the steps behind the player or None, whether the game
        went another way than the plan foresaw)."""
        if not self.plan:
            return None, False
        played = moves.public_moves_since(self.mark)
        done = None if played is None else progress([m.text for m in self.plan], played)
        while done is not None and done < len(self.plan) and self.plan[done].text == ALLOW \
                and game.to_move == self.player:
            done += 1                 # the Veto window the plan foresaw did not open
        if done is None or done >= len(self.plan) or game.is_over:
            return None, False
        expected = self.foreseen.get(done)
        if expected is not None and game.to_move == self.player and expected != game:
            return None, True
        return done, False

    def step(self, game: Position, moves: PlayedMoves, player: str | None) -> Move | None:
        """The plan's next step if it is `player`'s to play now (None while an opponent answers,
        and None, undocked, once the plan is over or was left)."""
        done = self.done_steps(game, moves)
        if done is None or player != self.player or game.to_move != player:
            return None
        move = self.plan[done]
        if move not in game.legal_moves():
            self.left = True
            self.undock()             # the position is not the one the plan foresaw
            return None
        return move

    def remaining(self, game: Position, moves: PlayedMoves) -> tuple[Move, ...]:
        """The steps still to come (the board's ghosts), the next first; a plan that no longer
        holds is undocked."""
        done = self.done_steps(game, moves)
        return () if done is None else self.plan[done:]

    def ahead(self, game: Position, moves: PlayedMoves) -> tuple[Move, ...]:
        """`remaining` without undocking (what a frame shows: reading changes nothing)."""
        done = self.verdict(game, moves)[0]
        return () if done is None else self.plan[done:]


def ghost_counts(plan: Sequence[Move]) -> list[tuple[Move, int]]:
    """Each distinct step of a plan with how often it comes: three `place aragon` are one ghost
    marked +3, as the plan places them."""
    counts: dict[Move, int] = {}
    for move in plan:
        counts[move] = counts.get(move, 0) + 1
    return list(counts.items())


def follow(docked: HintPlan, view: Position, moves: PlayedMoves, advise: Any) -> Move:
    """A player who follows the panel: the docked plan's next step, else the advisor's best hint
    (`advise(view) -> hints, best first`) docked afresh and its first step. The benchmark's
    whole-plan follower; `view` is the player's View."""
    player = str(view.to_move)
    move = docked.step(view, moves, player)
    if move is None:
        best = advise(view)[0]
        docked.dock(best.plan, player, moves, best.foreseen)
        move = docked.plan[0]
    return move
