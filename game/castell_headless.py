"""`el-grande --game castell --headless`: an AI-only Castell game printed as a log a player can
follow — every action, each festival with its towers and prizes — and the final breakdown by the
five scoring categories."""
from __future__ import annotations

import random
from collections.abc import Iterator

from ai.castell import AGENT_NAMES, make_agent
from engine import castell
from engine.castell.describe import CATEGORIES, CATEGORY_NAMES, describe, sizes_text, tile_text

HUMAN = "human"
SEAT_KINDS = (HUMAN,) + AGENT_NAMES


def parse_castell_players(text: str) -> list[str]:
    """`human,hard,normal` -> seat kinds; ValueError (one line) on a bad count or name."""
    kinds = [k.strip().lower() for k in text.split(",")]
    if not 2 <= len(kinds) <= 4 or not all(kinds):
        raise ValueError(f"--players {text[:60]!r}: Castell needs 2 to 4 seats separated by commas")
    for kind in kinds:
        if kind not in SEAT_KINDS:
            raise ValueError(f"--players: unknown Castell seat {kind!r}; expected one of {', '.join(SEAT_KINDS)}")
    return kinds


def breakdown_lines(game: castell.Position) -> list[str]:
    """The final scoring as a table: one row per player, the five categories and the total."""
    head = f"{'':8}" + "".join(f"{CATEGORY_NAMES[c]:>14}" for c in CATEGORIES) + f"{'Total':>8}"
    rows = [head]
    for p in game.players:
        parts = game.breakdown(p)
        rows.append(f"{p:8}" + "".join(f"{parts[c]:>14}" for c in CATEGORIES) + f"{sum(parts.values()):>8}")
    return rows


def castell_headless_lines(kinds: list[str], seed: int, wheel: str) -> Iterator[str]:
    """Play an AI-only game to the end, yielding the log line by line as it happens."""
    players = list(castell.COLOURS[:len(kinds)])
    game = castell.new_game(players, seed=seed, wheel=wheel)
    data = game.data
    agents = {p: make_agent(kind, seed=seed * 10 + i) for i, (p, kind) in enumerate(zip(players, kinds))}
    rng = random.Random(seed)
    yield (f"Castell, {len(players)} players, {wheel} wheel, seed {seed}: "
           + ", ".join(f"{p} ({k})" for p, k in zip(players, kinds)) + ".")
    yield "Festival calendar: " + "; ".join(
        f"round {f.round} {f.tile.town} ({data.region_names[data.regions[f.tile.region]]}) "
        f"size {sizes_text(f.sizes)}" for f in game.calendar) + "."
    yield "Performance tiles: " + "; ".join(
        f"{data.region_names[region]}: " + ", ".join(tile_text(data, t) for t in row)
        for region, row in zip(data.regions, game.rows)) + "."
    yield "The wheel: " + ", ".join(f"{'All regions' if r == 'all' else data.region_names[r]} {kind}"
                                    for r, kind in game.wheel_facing()) + "."
    yield f"— Round 1 — {game.to_move} plays first."
    while game.to_move is not None:
        player = game.to_move
        move = agents[player].choose(game.view(player), rng)
        for event in game.play(move):
            line = describe(event, data)
            if line:
                yield line
    yield ""
    yield "Final scoring:"
    yield from breakdown_lines(game)
