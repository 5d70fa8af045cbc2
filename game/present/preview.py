"""What hovering a legal target would do: the move a click there completes, and one line saying
how the area's count and rank change ("Castilla la Nueva: Blue 3 → 4, now 1st").

Why: a player should see the result before committing. The move is previewed on the viewer's own
View (`View.after`: nothing hidden from him is used); the rank is the engine's own
(`engine.area_ranks`, ties dropping a rank as §8.2 says).
"""
from __future__ import annotations


import engine
from game.present.describe import Namer
from game.shell.i18n import area_name, t
from game.present.picker import Picker
from game.present.table import castillo_counts_off_display


def would_complete(picker: Picker, area: str) -> engine.Move | None:
    """The full move a click on `area` would make now, without changing `picker`; None when the
    click only narrows a multi-step choice."""
    trial = Picker(list(picker.moves), picker.verb, dict(picker.chosen))
    return trial.click_area(area)


def arrival(move: engine.Move, mover: str | None) -> tuple[str, str] | None:
    """(whose Caballero, which area) a move puts a Caballero into: the verbs whose ghost is a
    Caballero (engine.VERB_INFO), the owner and the area as the engine names them."""
    if engine.VERB_INFO[move.verb].ghost is not engine.Ghost.CUBE:
        return None
    owner, area = engine.piece_owner(move.verb, move.args, mover), engine.target_area(move)
    return (owner, area) if owner and area else None


def preview_line(view: engine.View, move: engine.Move, name: Namer) -> str | None:
    """The hover line for the viewer's own `move`, from his view's preview of it (`View.after`);
    None when it moves no Caballero into an area or what follows is hidden from him."""
    target = arrival(move, view.to_move)
    if target is None or view.viewer_id != view.to_move:
        return None
    owner, area = target
    if area == "castillo" and castillo_counts_off_display(view):
        return None
    after = view.after(move)
    if after is None:
        return None
    ranks = engine.area_ranks(after, area)
    rank = ranks.get(owner, 0)
    tied = list(ranks.values()).count(rank) > 1
    standing = t("preview.tied", rank=t(f"rank.{rank}")) if tied else t(f"rank.{rank}")
    return t("preview.line", area=area_name(area), who=name(owner), before=view.count(owner, area),
             after=after.count(owner, area), standing=standing)
