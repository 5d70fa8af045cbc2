"""What hovering a legal target would do: the move a click there completes, and one line saying
how the area's count and rank change and what it would score then ("Castilla la Nueva: Blue 3 →
4, now 1st · +7 if scored now"; "Sevilla: Red now 1st · +9 if scored now (King's region +2)").

Why: a player should see the result before committing. The move is previewed on the viewer's own
View (`View.after`: nothing hidden from him is used); the rank and the points are the engine's
own on the position after the move (`engine.area_ranks`, ties dropping a rank as §8.2 says;
`engine.scoring_preview`, bonuses included).
"""
from __future__ import annotations


import engine
from game.present.describe import Namer
from game.shell.i18n import area_name, t, tn
from game.present.picker import Picker
from game.present.table import castillo_counts_off_display


def would_complete(picker: Picker, area: str) -> engine.Move | None:
    """The full move a click on `area` would make now, without changing `picker`; None when the
    click only narrows a multi-step choice."""
    trial = Picker(list(picker.moves), picker.verb, dict(picker.chosen))
    return trial.click_area(area)


def arrival(move: engine.Move, mover: str | None) -> tuple[str, str] | None:
    """(whose standing, which area) a move changes: the verbs that put a piece down on the map
    (engine.VERB_INFO's ghost), the piece's owner (a `move`'s Caballero's, else the mover) in the
    area the engine says the move acts on (the King's or the Grande's new region, a scoreboard's
    region, a disc's region)."""
    area = engine.target_area(move) if engine.VERB_INFO[move.verb].ghost.on_map else None
    owner = engine.piece_owner(move.verb, move.args, mover)
    return (owner, area) if area is not None and owner else None


def preview_line(view: engine.View, move: engine.Move, name: Namer) -> str | None:
    """The hover line for the viewer's own `move`, from his view's preview of it (`View.after`)
    and the engine's scoring of the area there (`engine.scoring_preview`: every bonus the scoring
    would give, the King's and the home region's included); None when it changes no area or what
    follows is hidden from him. A Castillo disc whose reveal waits for other discs says where the
    viewer's own Castillo Caballeros go, not today's standing."""
    target = arrival(move, view.to_move)
    if target is None or view.viewer_id != view.to_move:
        return None
    owner, area = target
    if "castillo" in (area, move.verb) and castillo_counts_off_display(view):
        return None
    after = view.after(move)
    if after is None:
        return None
    before, now = view.count(owner, area), after.count(owner, area)
    if engine.VERB_INFO[move.verb].secret and before == now:      # a disc: the Castillo waits for the reveal
        if view.card is not None or not view.count(owner, "castillo"):
            return None
        return tn("preview.disc_pending", view.count(owner, "castillo"), area=area_name(area), who=name(owner))
    ranks = engine.area_ranks(after, area)
    rank = ranks.get(owner, 0)
    tied = list(ranks.values()).count(rank) > 1
    standing = (t("preview.tied", rank=t(f"rank.{rank}")) if tied else t(f"rank.{rank}")) if rank else t("preview.absent")
    if before != now:
        line = t("preview.line", area=area_name(area), who=name(owner), before=before, after=now, standing=standing)
    else:
        line = t("preview.standing", area=area_name(area), who=name(owner), standing=standing)
    return t("preview.with_score", line=line, score=_score(engine.scoring_preview(after, area), owner))


def _score(scored: engine.events.AreaScored, owner: str) -> str:
    """What the area would give `owner` if scored in that position, with the bonuses it includes."""
    bonuses = ([t("scoring.king_bonus")] if scored.king_bonus == owner else []) + \
              ([t("scoring.home_bonus")] if owner in scored.home_bonus else [])
    points = dict(scored.points).get(owner, 0)
    if bonuses:
        return t("preview.score_bonus", points=points, bonuses=", ".join(bonuses))
    return t("preview.score", points=points)
