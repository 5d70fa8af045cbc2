"""Saved games in words, for the screens that list them (Load game, Continue, the unfinished-game
question): when a save was written and who plays in it."""
from __future__ import annotations

from datetime import datetime

from game.match import saves
from game.shell.i18n import player_name, t


def local_time(stamp: str) -> str:
    """An ISO timestamp from a save, in the player's local time (as written when unreadable)."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError):
        return stamp


def who_plays(seats: tuple[saves.SeatMeta, ...]) -> str:
    """The seats in a few words: each human by name (or colour), each AI by its level."""
    return ", ".join(seat.name or player_name(seat.player) if seat.kind == "human" else t(f"seat.{seat.kind}")
                     for seat in seats)
