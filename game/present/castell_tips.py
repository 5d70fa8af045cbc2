"""The Castell table's hover tooltips as values: what a performance tile, a festival banner, a
skill tile of the wheel, a player board, the castellers of a region, a bounty pile or a round of
the round track tells a player, read from the public View. pygame-free; game/render/castell_tips.py
places and paints a `Tip`.

Why read the engine: whether a tile can be performed comes from the solver's towers and the legal
moves (docs/castell.md "Local performances", rulings C11, C12, C24), festival scores from the
festival solver (C2, "Festivals"), what training gives from the legal train moves (C19); the
tooltip restates no rule, so it cannot disagree with what a click does.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ai.castell.evaluate import distances
from engine import castell
from engine.castell import ExhibitionTile, ShapeTile
from engine.castell.data import SPECIAL
from engine.castell.position import ALL_SEGMENT
from engine.castell.solver import FESTIVAL_HEIGHT, best_festival_tower, tallest_tower
from engine.castell.towers import SKILLS, festival_score, format_tower
from game.present.castell_look import Target
from game.present.castell_turn import trainable_positions
from game.present.castell_words import joined, prize_name, sizes_text, skill_name, skill_rule
from game.shell.i18n import t, tn

PLAIN, SOFT, GOOD, BAD = "plain", "soft", "good", "bad"


@dataclass(frozen=True)
class Line:
    """One paragraph of a tooltip (the painter wraps it); `seat` puts that player's chip before it."""
    text: str
    tone: str = PLAIN
    seat: int = -1


@dataclass(frozen=True)
class Tip:
    """A tooltip: what it is about (`target`, which it never covers), a small kicker above its
    title, and its lines."""
    target: Target
    kicker: str
    title: str
    lines: tuple[Line, ...]


def tip(view: castell.Position, target: Target | None, names: Sequence[str]) -> Tip | None:
    """The tooltip for a hovered target (None: the target has none); `names`: the seats' names."""
    if target is None:
        return None
    made = _MAKERS.get(target.kind)
    return made(view, target, names) if made is not None else None


def _mover(view: castell.Position, names: Sequence[str]) -> tuple[int, str]:
    seat = view.to_move_idx
    return seat, (names[seat] if 0 <= seat < len(names) else "")


def _region(view: castell.Position, region: int) -> str:
    return view.data.region_names[view.data.regions[region]]


# ---- performance tiles ---------------------------------------------------------------------------

def _tile(view: castell.Position, target: Target, names: Sequence[str]) -> Tip:
    tile = view.data.tiles[target.key]
    region = view.tile_region[target.key]
    if isinstance(tile, ExhibitionTile):
        kicker = t("castell.tip.tile.exhibition", region=_region(view, region))
        title = tn("castell.tip.tile.exhibition_title", tile.points)
        asks = [Line(tn("castell.tip.tile.exhibition_asks", tile.points,
                        skills=joined([skill_name(s) for s in tile.skills])))]
    else:
        kicker = t("castell.tip.tile.shape", region=_region(view, region))
        title = t("castell.builder.shape", levels="-".join(map(str, tile.levels)))
        asks = [Line(t("castell.tip.tile.shape_asks", levels=_levels_text(tile)))]
    lines = asks + [Line(tn("castell.tip.tile.points", tile.points)), _bounty_line(view, region)]
    return Tip(target, kicker, title, tuple(lines + _can_perform(view, target.key, tile, names)))


def _levels_text(tile: ShapeTile) -> str:
    return ", ".join(tn("castell.tip.tile.level", count, level=level)
                     for level, count in enumerate(tile.levels, start=1))


def _bounty_line(view: castell.Position, region: int) -> Line:
    count = len(view.bounty[region])
    if not count:
        return Line(t("castell.tip.tile.no_bounty"), SOFT)
    return Line(tn("castell.tip.tile.bounty", count))


def _can_perform(view: castell.Position, tile_id: str, tile: ShapeTile | ExhibitionTile,
                 names: Sequence[str]) -> list[Line]:
    """Whether the player to move could perform the tile now, could build it but from elsewhere
    or later, or cannot build it yet (the solver's tower, C24)."""
    seat, name = _mover(view, names)
    if seat < 0 or view.phase == castell.FESTIVAL:
        return []
    out = []
    if isinstance(tile, ExhibitionTile):
        ranks = view.rank_map(seat)
        out.append(Line(t("castell.tip.tile.ranks", name=name, ranks=", ".join(
            t("castell.tip.rank", skill=skill_name(s), rank=ranks[s]) for s in tile.skills)), seat=seat))
    tower = view.performance_tower(seat, tile_id)
    if tower is None:
        return out + [Line(t("castell.tip.tile.cannot", name=name), BAD, seat)]
    performs = any(m.verb == "special" and m.args[:2] == ("perform", tile_id) for m in view.legal_moves())
    words = dict(name=name, tower=format_tower(tower))
    if performs:
        return out + [Line(t("castell.tip.tile.can_now", **words), GOOD, seat)]
    return out + [Line(t("castell.tip.tile.can_build", region=_region(view, view.tile_region[tile_id]), **words),
                       PLAIN, seat)]


# ---- festivals -----------------------------------------------------------------------------------

def _festival(view: castell.Position, target: Target, names: Sequence[str]) -> Tip | None:
    fest = next((f for f in view.calendar if f.id == target.key), None)
    if fest is None:
        return None
    sizes = sizes_text(fest.sizes)
    region = fest.tile.region
    d = view.data
    prizes = ", ".join(_prize(view, k) for k in range(d.prize_places[view.n]))
    lines = [Line(_when(view, fest), SOFT),
             Line(tn("castell.tip.festival.token", len(fest.sizes), sizes=sizes)),
             Line(t("castell.tip.festival.enter", region=_region(view, region), height=FESTIVAL_HEIGHT, sizes=sizes)),
             Line(t("castell.tip.festival.prizes", prizes=prizes))]
    if fest.round >= view.round and not view.is_over:
        lines += _contenders(view, region, fest.sizes, names)
    kicker = t("castell.tip.festival.kicker", round=fest.round, region=_region(view, region), back=fest.tile.back)
    return Tip(target, kicker, fest.tile.town, tuple(lines))


def _prize(view: castell.Position, kind: int) -> str:
    """A prize kind with its points, marked when the supply has run out (C14: that rank takes none)."""
    words = dict(prize=prize_name(view.data.prize_kinds[kind]), points=view.data.prize_points[kind])
    if view.prizes_left[kind]:
        return t("castell.tip.festival.prize", **words)
    return t("castell.tip.festival.prize_gone", **words)


def _when(view: castell.Position, fest: castell.Festival) -> str:
    ahead = fest.round - view.round
    if view.is_over or ahead < 0:
        return t("castell.tip.festival.held", round=fest.round)
    if ahead == 0:
        held = view.phase == castell.FESTIVAL and view.festival is not None
        return t("castell.tip.festival.now") if held and view.festival == fest else t("castell.tip.festival.this_round")
    if ahead == 1:
        return t("castell.tip.festival.next_round")
    return tn("castell.tip.festival.in_rounds", ahead)


def _contenders(view: castell.Position, region: int, sizes: tuple[int, ...], names: Sequence[str]) -> list[Line]:
    """Each player: in the region or how many moves away, and the best festival score the team
    and ranks give now (the festival solver's tower, C2)."""
    table = distances(view.data.adjacent)
    out = []
    for seat in range(view.n):
        pawn = view.pawn[seat]
        if pawn < 0:
            where = t("castell.board.off_map")
        elif pawn == region:
            where = t("castell.tip.festival.here")
        else:
            where = tn("castell.tip.festival.away", table[pawn][region])
        tower = best_festival_tower(view.team[seat], view.rank_map(seat), sizes)
        best = (t("castell.tip.festival.would_score", score=festival_score(tower, sizes)) if tower is not None
                else t("castell.tip.festival.no_tower", sizes=sizes_text(sizes)))
        out.append(Line(t("castell.tip.festival.contender", name=names[seat] if seat < len(names) else "",
                          where=where, best=best), GOOD if pawn == region and tower else PLAIN, seat))
    return out


# ---- the wheel's skill tiles ---------------------------------------------------------------------

def _skill(view: castell.Position, target: Target, names: Sequence[str]) -> Tip:
    kind, position = target.key, target.index
    lines = [Line(skill_rule(kind)),
             Line(t("castell.tip.skill.faces", now=_facing(view, position, view.round),
                    next=_facing(view, position, view.round + 1)), SOFT)]
    seat, name = _mover(view, names)
    if seat >= 0 and view.pawn[seat] >= 0 and view.phase == castell.TURN:
        lines.append(_training(view, seat, name, kind, position))
    return Tip(target, t("castell.tip.skill.kicker"), skill_name(kind), tuple(lines))


def _facing(view: castell.Position, position: int, rnd: int) -> str:
    """The wheel segment (its region, or All / No regions) facing a ring position in round `rnd`."""
    for segment, (rid, _) in enumerate(view.wheel_facing(rnd)):
        if (segment + rnd) % len(view.ring) == position:
            if rid == ALL_SEGMENT:
                return t("castell.wheel.no_regions" if view.wheel == "advanced" else "castell.wheel.all_regions")
            return view.data.region_names[rid]
    return ""


def _training(view: castell.Position, seat: int, name: str, kind: str, position: int) -> Line:
    """What a Train action on this tile gives the player to move, if it is one of the legal ones
    (C19), else the player's rank."""
    trains = {m.args[0] for m in view.legal_moves() if m.verb == "train"}
    offered = {p for p in range(len(view.ring)) if view.ring[p] == kind} & trainable_positions(view, seat)
    if kind in trains and offered and position in offered:
        if kind == SPECIAL:
            return Line(t("castell.tip.skill.free_special", name=name), GOOD, seat)
        rank = view.rank_map(seat)[kind]
        return Line(t("castell.tip.skill.train", name=name, skill=skill_name(kind), rank=rank, next=rank + 1),
                    GOOD, seat)
    if kind == SPECIAL:
        return Line(t("castell.tip.skill.not_now", name=name), SOFT, seat)
    rank = view.rank_map(seat)[kind]
    top = view.data.max_rank[SKILLS.index(kind)]
    return Line(t("castell.tip.skill.rank", name=name, skill=skill_name(kind), rank=rank, top=top), SOFT, seat)


# ---- player boards -------------------------------------------------------------------------------

def _board(view: castell.Position, target: Target, names: Sequence[str]) -> Tip:
    seat = target.index
    player = view.players[seat]
    ranks = view.rank_map(seat)
    d = view.data
    team = view.team_sizes(player)
    breakdown = view.breakdown(player)
    where = view.region_of(player)
    lines = [
        Line(tn("castell.tip.board.team", len(team), sizes=_grouped(team))),
        Line(t("castell.tip.board.skills", ranks=", ".join(
            t("castell.tip.rank_of", skill=skill_name(s), rank=ranks[s], top=d.max_rank[i]) for i, s in enumerate(SKILLS)))),
        Line(t("castell.tip.board.tallest", levels=tallest_tower(view.team[seat], ranks), need=FESTIVAL_HEIGHT)),
        Line(t("castell.tip.board.tokens", count=view.tokens[seat], total=d.special_tokens)),
        Line(t("castell.tip.board.best", score=view.best[seat])),
        Line(t("castell.tip.board.pawn", where=d.region_names[where] if where else t("castell.board.off_map")), SOFT),
        Line(t("castell.tip.board.score", total=sum(breakdown.values()), parts=", ".join(
            t(f"castell.category.{k}") + f" {v}" for k, v in breakdown.items())), SOFT),
    ]
    return Tip(target, t("castell.tip.board.kicker"), names[seat] if seat < len(names) else player, tuple(lines))


def _grouped(sizes: Sequence[int]) -> str:
    """Sizes high to low, a repeated size once with its count ("10, 9 ×2, 8")."""
    return ", ".join(f"{s} ×{sizes.count(s)}" if sizes.count(s) > 1 else str(s) for s in dict.fromkeys(sizes))


# ---- castellers on the map, bounty piles ---------------------------------------------------------

def _castellers(view: castell.Position, target: Target, names: Sequence[str]) -> Tip:
    region = view.data.regions.index(target.key)
    pool = [s for s in range(10, 0, -1) for _ in range(view.pool[region][s - 1])]
    seat, name = _mover(view, names)
    lines = [Line(t("castell.tip.castellers.sizes", sizes=_grouped(pool)))]
    if seat >= 0 and view.pawn[seat] == region and any(m.verb == "recruit" for m in view.legal_moves()):
        lines.append(Line(t("castell.tip.castellers.recruit_here", name=name), GOOD, seat))
    else:
        lines.append(Line(t("castell.tip.castellers.recruit_rule"), SOFT))
    refill = min((r for r in view.data.refill_rounds if r > view.round), default=None)
    if refill is not None:
        lines.append(Line(t("castell.tip.castellers.refill", count=view.data.per_region[view.n], round=refill), SOFT))
    return Tip(target, t("castell.tip.castellers.kicker"),
               tn("castell.tip.castellers.title", len(pool), region=view.data.region_names[target.key]), tuple(lines))


def _bounty(view: castell.Position, target: Target, names: Sequence[str]) -> Tip:
    region = view.data.regions.index(target.key)
    pile = view.bounty[region]
    owners = [f"{names[s] if s < len(names) else view.players[s]} {pile.count(s)}" for s in dict.fromkeys(pile)]
    lines = [Line(tn("castell.tip.bounty.count", len(pile), owners=", ".join(owners)) if pile
                  else t("castell.tip.bounty.none")),
             Line(t("castell.tip.bounty.rule", region=_region(view, region)), SOFT)]
    if pile and not view.rows[region]:
        lines.append(Line(t("castell.tip.bounty.stranded"), BAD))
    return Tip(target, t("castell.tip.bounty.kicker"), _region(view, region), tuple(lines))


# ---- the round track -----------------------------------------------------------------------------

def _round(view: castell.Position, target: Target, names: Sequence[str]) -> Tip:
    rnd, d = target.index, view.data
    ahead = rnd - view.round
    if view.is_over or ahead < 0:
        status = t("castell.tip.round.played")
    elif ahead == 0:
        status = tn("castell.tip.round.now", d.rounds - view.round)
    else:
        status = tn("castell.tip.festival.in_rounds", ahead) if ahead > 1 else t("castell.tip.festival.next_round")
    lines = [Line(status, SOFT)]
    if rnd in d.refill_rounds:
        lines.append(Line(t("castell.tip.round.refill", count=d.per_region[view.n])))
    festivals = view.festivals_of(rnd)
    lines += [Line(t("castell.tip.round.festival", town=f.tile.town, region=_region(view, f.tile.region),
                     sizes=sizes_text(f.sizes))) for f in festivals]
    if not festivals:
        lines.append(Line(t("castell.tip.round.no_festival"), SOFT))
    coming = sum(1 for f in view.calendar if f.round > view.round or (f.round == view.round and _to_hold(view, f)))
    if not view.is_over:
        lines.append(Line(tn("castell.tip.round.ahead", coming), SOFT))
    return Tip(target, t("castell.tip.round.kicker", rounds=d.rounds), t("castell.table.round", round=rnd), tuple(lines))


def _to_hold(view: castell.Position, fest: castell.Festival) -> bool:
    """A festival of this round not yet held."""
    if view.phase != castell.FESTIVAL:
        return True
    return view.festivals_of(view.round).index(fest) >= view.fest_pos


_MAKERS = {"tile": _tile, "festival": _festival, "skill": _skill, "board": _board, "casteller": _castellers,
           "bounty": _bounty, "round": _round}
