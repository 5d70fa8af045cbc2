"""Following a plan made once: the views an agent expects to be shown and the moves it will play.

Game-independent (El Grande's turn plans and Castell's use it): a plan is played in the world it
was made in, and for each of the agent's later steps the view it should then be shown is kept.
When the view handed to the agent is not that one (an opponent answered otherwise, a draw, an
undo, another game), the plan is dropped and the agent searches again.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

Self = TypeVar("Self", bound="PlayableGame")


class PlayableGame(Protocol):
    """What a plan needs of a game: the read API every game of the project answers."""
    players: Any

    @property
    def to_move_idx(self) -> int: ...

    def clone(self: Self) -> Self: ...

    def view(self, player: str) -> Any: ...

    def legal_moves(self) -> Sequence[Any]: ...

    def apply(self, move: Any) -> Any: ...


def foreseen_views(world: PlayableGame, me: int, plan: Sequence[Any]) -> list[tuple[int, Any]]:
    """(step index, the view `me` should be shown before that step) for each of the plan's later
    own steps, as the plan foresees them in `world`; it stops where the plan does not hold there.
    A follower whose view differs has met an answer or a draw the plan did not foresee."""
    g, steps, name = world.clone(), [], world.players[me]
    for i, m in enumerate(plan):
        if i and g.to_move_idx == me:
            steps.append((i, g.view(name)))
        if m not in g.legal_moves():
            break
        g.apply(m)
    return steps


@dataclass
class PlanCursor:
    """The plan being followed: (expected view, move) for each of the agent's coming steps."""
    steps: list[tuple[Any, Any]] = field(default_factory=list)

    @classmethod
    def after_first(cls, world: PlayableGame, me: int, plan: Sequence[Any]) -> PlanCursor:
        """The cursor for `plan` once its first move is played."""
        return cls([(view, plan[i]) for i, view in foreseen_views(world, me, plan)])

    def next_move(self, view: Any) -> Any:
        """The planned move if `view` is the one foreseen; otherwise None and the plan is dropped."""
        if self.steps and self.steps[0][0] == view:
            return self.steps.pop(0)[1]
        self.steps.clear()
        return None
