"""What hovering a legal target would do: the move a click there completes, and one line saying
how the area's count and rank change ("Castilla la Nueva: Blue 3 → 4, now 1st").

Why: a player should see the result before committing. The move is played on a copy of the game
and read back through the viewer's View (so a hidden Castillo count stays hidden); the rank is the
engine's own ranking (`engine.scoring.rank_players`, ties dropping a rank as §8.2 says).
"""
from __future__ import annotations

from typing import Any

import engine
from engine.scoring import rank_players
from game.describe import Namer
from game.i18n import area_name, t
from game.picker import Picker


def would_complete(picker: Picker, area: str) -> Any:
    """The full move a click on `area` would make now, without changing `picker`; None when the
    click only narrows a multi-step choice."""
    trial = Picker(list(picker.moves), picker.verb, dict(picker.chosen))
    return trial.click_area(area)


def arrival(move: Any, mover: str | None) -> tuple[str, str] | None:
    """(whose Caballero, which area) a move puts a Caballero into, for `place` and `move`."""
    if move.verb == "place" and mover:
        return mover, move.args[0]
    if move.verb == "move":
        return move.args[0], move.args[2]
    return None


def preview_line(game: engine.Game, viewer: str | None, move: Any, name: Namer) -> str | None:
    """The hover line for `move` in `game` as `viewer` sees it; None when it moves no Caballero
    into an area or the counts there are hidden from the viewer."""
    target = arrival(move, game.to_move)
    if target is None:
        return None
    owner, area = target
    after = game.clone()
    try:
        after.play(move)
    except engine.EngineError:
        return None
    before_view = game.view(viewer) if viewer else game
    after_view = after.view(viewer) if viewer else after
    counts = [after_view.count(p, area) for p in after.players]
    was = before_view.count(owner, area)
    if was is None or any(n is None for n in counts):
        return None
    numbers = [n or 0 for n in counts]
    index = after.players.index(owner)
    rank = rank_players(numbers)[index]
    tied = numbers.count(numbers[index]) > 1
    standing = t("preview.tied", rank=t(f"rank.{rank}")) if tied else t(f"rank.{rank}")
    return t("preview.line", area=area_name(area), who=name(owner), before=was, after=numbers[index],
             standing=standing)
