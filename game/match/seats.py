"""Who sits in each seat: a human or an AI agent, and the one function that builds agents.

Why: the client must not care whose agents it runs; every AI seat is built by `ai.make_agent`.
"""
from __future__ import annotations

from dataclasses import dataclass

import ai
from ai.agent import Agent

DIFFICULTIES = ("easy", "normal", "hard", "expert")    # the ladder opponents are chosen from
AI_LEVELS = DIFFICULTIES + ("random", "greedy")          # plus two baselines for tests and tournaments
SEAT_KINDS = ("human",) + AI_LEVELS
COLOURS = ("red", "blue", "green", "yellow", "orange")


def make_agent(level: str, seed: int = 0) -> Agent:
    """An agent for an AI level name (easy, normal, hard, expert, random, greedy)."""
    if level not in AI_LEVELS:
        raise ValueError(f"unknown AI level {level!r}; expected one of {', '.join(AI_LEVELS)}")
    return ai.make_agent(level, seed=seed)


@dataclass(frozen=True)
class Seat:
    """One player's seat: colour id, human or AI level, display name ("" = colour name).
    `scripted`: a lesson's opponent, whose moves are written in the lesson (the panels name no AI
    level for it; saves keep only the kind, so a saved lesson resumes against that AI)."""
    player: str
    kind: str = "human"
    name: str = ""
    scripted: bool = False

    @property
    def human(self) -> bool:
        return self.kind == "human"


def default_seats(players: tuple[str, ...] | list[str], level: str = "normal") -> list[Seat]:
    """The first listed colour is the human, the others AI at `level`: how a resumed game without
    seat data and every challenge level are seated."""
    return [Seat(p, "human" if i == 0 else level) for i, p in enumerate(players)]


def parse_players(text: str) -> list[Seat]:
    """`human,hard,hard,hard` -> seats in colour order; raises ValueError on bad input."""
    kinds = [k.strip().lower() for k in text.split(",") if k.strip()]
    if not 2 <= len(kinds) <= 5:
        raise ValueError("--players needs 2 to 5 comma-separated seats")
    for kind in kinds:
        if kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat {kind!r}; expected one of {', '.join(SEAT_KINDS)}")
    return [Seat(COLOURS[i], kind) for i, kind in enumerate(kinds)]
