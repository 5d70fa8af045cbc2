"""The words Castell's table shares between its log, its refusals, its prompts and its panels:
skills, prizes, actions, performance tiles, towers and lists of sizes, from the catalogs.

Why one module: a skill is "Balance" on the wheel, in the log and in a refusal alike, so each
game term is worded once. Region and town names are data (levels/castell/components.yaml,
Catalan place names in every language); a tower stays in its notation (8,8,8/6,6/3).
"""
from __future__ import annotations

from collections.abc import Sequence

from engine.castell.data import CastellData, ExhibitionTile, PerformanceTile
from engine.castell.towers import Tower, format_tower
from game.shell.i18n import t, tn


def skill_name(skill: str) -> str:
    """A skill, or the wheel's special tile (`special`), by its name."""
    return t(f"castell.skill.{skill}")


def skill_rule(kind: str) -> str:
    """What a skill (or the special tile) does for towers, in one plain sentence: the help's
    opening and the wheel tile's tooltip alike."""
    return t(f"castell.skill_rule.{kind}")


def prize_name(kind: str) -> str:
    return t(f"castell.prize.{kind}")


def action_name(action: str) -> str:
    """One of a turn's four actions (move, recruit, train, special)."""
    return t(f"castell.action.{action}")


def joined(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c" in the current language."""
    if len(items) <= 1:
        return "".join(items)
    return t("castell.list", first=", ".join(items[:-1]), last=items[-1])


def sizes_text(sizes: Sequence[int | str]) -> str:
    return joined([str(s) for s in sizes])


def tile_text(data: CastellData, tile_id: str) -> str:
    """A performance tile, by its id in `data`, as players know it (see tile_words)."""
    return tile_words(data.tiles[tile_id])


def tile_words(tile: PerformanceTile) -> str:
    """A performance tile as players know it: its level counts, or its height and skills."""
    if isinstance(tile, ExhibitionTile):
        return tn("castell.tile.exhibition", tile.points, skills=joined([skill_name(s) for s in tile.skills]))
    return t("castell.tile.shape", levels="-".join(map(str, tile.levels)))


def tower_text(tower: Tower) -> str:
    """A tower in its notation with its height."""
    return tn("castell.tower", len(tower), tower=format_tower(tower))
