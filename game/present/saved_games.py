"""Saved games in words, for the screens that list them (Load game, Continue, the unfinished-game
question): when a save was written and who plays in it."""
from __future__ import annotations

from datetime import datetime
from typing import Protocol

from game.shell.i18n import player_name, t


class SeatNamed(Protocol):
    """A seat as a save names it (game.match.saves.SeatMeta), read here without the host."""
    @property
    def player(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def name(self) -> str: ...


def local_time(stamp: str) -> str:
    """An ISO timestamp from a save, in the player's local time (as written when unreadable)."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError):
        return stamp


def who_plays(seats: tuple[SeatNamed, ...]) -> str:
    """The seats in a few words: each human by name (or colour), each AI by its level."""
    return ", ".join(seat.name or player_name(seat.player) if seat.kind == "human" else t(f"seat.{seat.kind}")
                     for seat in seats)
