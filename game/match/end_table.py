"""The final reckoning of a finished game, as plain data for the game-over screen (no pygame).

Why from the record: the engine's score history gives what every scoring brought, the record's
starting position gives a challenge's starting points, and replaying it gives each player's score
after every round — so every row of the end table adds up to the final score by construction,
and nothing here re-derives a rule.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import engine
from game.match.replay_model import walk

START, CARDS, TOTAL = "start", "cards", "total"


@dataclass(frozen=True)
class EndTable:
    """`columns`: "start" (only when a scenario gave starting points), one "round N" per general
    scoring, "cards" (every scoring by an action card), "total". `rows[player]` matches them."""
    columns: tuple[str, ...]
    rows: dict[str, tuple[int, ...]]
    progress: tuple[tuple[int, dict[str, int]], ...]   # (round, scores at its end); round 0 = before play
    ranks: dict[str, int]                               # 1 = best; tied players share a rank
    winners: tuple[str, ...]
    challenge: str | None                               # the colour a challenge's player plays


def end_table(game: engine.Game) -> EndTable:
    """The end table of a finished (or stopped) game."""
    record = game.record()
    _, games = walk(record)
    start = games[0].scores
    history = game.score_history
    general = [entry for entry in history if entry.kind == "general"]
    cards = [entry.points for entry in history if entry.kind == "card"]
    columns = ([START] if any(start.values()) else []) + [f"round {e.round}" for e in general] + [CARDS, TOTAL]
    rows = {}
    for player in game.players:
        values = [start[player]] if columns[0] == START else []
        values += [entry.points.get(player, 0) for entry in general]
        values += [sum(points.get(player, 0) for points in cards), game.scores[player]]
        rows[player] = tuple(values)
    scores = game.scores
    ranks = {p: 1 + sum(1 for q in game.players if scores[q] > scores[p]) for p in game.players}
    challenge = game.players[0] if is_challenge(record) else None
    return EndTable(tuple(columns), rows, progression(games), ranks, tuple(game.winners()), challenge)


def progression(games: list[Any]) -> tuple[tuple[int, dict[str, int]], ...]:
    """Each player's score before the first round played and at the end of every round."""
    first = games[0]
    points = [(first.round - 1, first.scores)]
    for before, after in itertools.pairwise(games):
        if after.round != before.round or (after.is_over and not before.is_over):
            points.append((before.round, after.scores))
    return tuple(points)


def is_challenge(record: dict) -> bool:
    """A game started from a challenge scenario (one with a name); its player plays the first colour."""
    scenario = record.get("scenario")
    return isinstance(scenario, dict) and bool(scenario.get("name"))
