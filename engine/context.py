"""The running step's context (`Game.ctx`): one small named record per kind, read by field name.

NamedTuples, because the search clones and compares positions constantly: they cost what a
tuple costs. A snapshot stores a context as `[kind, *fields]` (`KIND_OF`) (the form rules-version-1 saves
already hold), so saves written before these records existed still load.
"""
from __future__ import annotations

from typing import NamedTuple, TypeVar, Union


class Recall(NamedTuple):
    """Court fill short of the provinces (§5.2 T1): `short` Caballeros still to recall from the map;
    `for_card` when the fill is court_2's special action."""
    short: int
    for_card: bool


class ExtraCourtFill(NamedTuple):
    """court_2's special action: a second court fill of up to 2 is running."""
    # no fields: the phase and the card say everything


class Placement(NamedTuple):
    """Placing from the court: `left` more may still be placed (§5.2 T4)."""
    left: int


class VetoWindow(NamedTuple):
    """A declared special action waits for the usable Veto holders, `holders[0]` answering (§6.7)."""
    declared: str
    holders: tuple[int, ...]


class Discs(NamedTuple):
    """A secret-disc step (rule A6): `who[i]` sets his disc; `purpose` is "castillo" at a general
    scoring or the card id; `arg` the region a card named (eviction), else -1."""
    who: tuple[int, ...]
    i: int
    purpose: str
    arg: int


class Returns(NamedTuple):
    """king_returns_3: `queue[0]` is returning his own Caballeros, `left` still to go."""
    queue: tuple[int, ...]
    left: int


class Cull(NamedTuple):
    """cull_1_each_opponent: the active player picks one Caballero of `queue[0]`."""
    queue: tuple[int, ...]


class Moves(NamedTuple):
    """An Intrigue move action: allowances left for own, opponents' and any Caballeros; `source`
    the only region they may leave (-1: any); `must_finish` when `done` is not offered;
    `moved_in[p * NREG + r]` Caballeros of p moved into r, which may not move again (rule A3)."""
    own: int
    opp: int
    any_: int
    source: int
    must_finish: int
    moved_in: tuple[int, ...]


class Anywhere(NamedTuple):
    """intrigue_court_2_anywhere: `left` more may be placed from the court anywhere."""
    left: int


# Placements are the commonest step: their contexts are built once (index = Caballeros left).
PLACEMENTS = tuple(Placement(left) for left in range(6))

Ctx = Union[Recall, ExtraCourtFill, Placement, VetoWindow, Discs, Returns, Cull, Moves, Anywhere]

KIND_OF: dict[type, str] = {Recall: "recall", ExtraCourtFill: "court2", Placement: "place", VetoWindow: "veto",
                            Discs: "disc", Returns: "return", Cull: "cull", Moves: "move",
                            Anywhere: "anywhere"}

_C = TypeVar("_C", Recall, ExtraCourtFill, Placement, VetoWindow, Discs, Returns, Cull, Moves, Anywhere)


def running(ctx: Ctx | None, kind: type[_C]) -> _C:
    """The running context, which the phase guarantees is a `kind` (checked, and typed so)."""
    if not isinstance(ctx, kind):
        raise AssertionError(f"expected a running {kind.__name__}, got {ctx!r}")
    return ctx


def plain(value: object) -> object:
    """A state value in JSON form: a running context as `[kind, *fields]`, tuples as lists."""
    kind = KIND_OF.get(type(value))
    if kind is not None:
        fields: list[object] = [plain(v) for v in value]  # type: ignore[attr-defined]
        return [kind, *fields]
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value
