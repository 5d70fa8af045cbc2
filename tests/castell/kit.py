"""Positions for Castell's rules tests: a seeded new game, then the few fields a test is about set
directly (Castell has no scenario files yet; the fields are the engine's plain state)."""
from __future__ import annotations

from engine import castell
from engine.castell.towers import SKILLS


def counts(*sizes: int) -> list[int]:
    """10 counts by size from a list of sizes: counts(8, 8, 5) -> two 8s and a 5."""
    out = [0] * 10
    for s in sizes:
        out[s - 1] += 1
    return out


def region_index(g: castell.Game, region: str) -> int:
    return g.data.regions.index(region)


def after_first_turns(players: tuple[str, ...] = ("red", "blue", "green"), seed: int = 1,
                      wheel: str = "standard", places: dict[str, str] | None = None) -> castell.Game:
    """A game in round 1 after every player placed his pawn (in `places`, default met) and ended
    the turn, so round 2's first player is to move with every action open."""
    g = castell.new_game(list(players), seed=seed, wheel=wheel)
    while g.round == 1:
        player = g.to_move
        assert player is not None
        g.play(f"place {(places or {}).get(player, 'met')}")
        g.play("done")
    return g


def give(g: castell.Game, player: str, team: list[int] | None = None, ranks: dict[str, int] | None = None,
         region: str | None = None, tokens: int | None = None) -> None:
    """Set a player's team, skill ranks, pawn or tokens, keeping every casteller somewhere: a team
    given here is taken from (or returned to) the bag."""
    seat = g.seat(player)
    if team is not None:
        for s in range(1, 11):
            delta = team[s - 1] - g.team[seat][s - 1]
            for _ in range(delta):
                g.bag.remove(s)
            g.bag.extend([s] * max(0, -delta))
            g.team[seat][s - 1] = team[s - 1]
    if ranks is not None:
        g.ranks[seat] = [ranks.get(k, 0) for k in SKILLS]
    if region is not None:
        g.pawn[seat] = region_index(g, region)
    if tokens is not None:
        g.tokens[seat] = tokens


def set_pool(g: castell.Game, region: str, pool: list[int]) -> None:
    """Set a region's castellers, the difference taken from or returned to the bag."""
    r = region_index(g, region)
    for s in range(1, 11):
        delta = pool[s - 1] - g.pool[r][s - 1]
        for _ in range(delta):
            g.bag.remove(s)
        g.bag.extend([s] * max(0, -delta))
    g.pool[r] = list(pool)


def total_castellers(g: castell.Position) -> int:
    return len(g.bag) + sum(map(sum, g.pool)) + sum(map(sum, g.team))
