"""The neutral colour of the 2-player dummy game, as the client shows it.

Why one key: the engine gives the neutral colour one of the unseated colours (`Game.dummy`), but
the table draws it in its own stone grey with a ring mark and names it "Neutral" in every language,
so every drawing and naming lookup uses the key NEUTRAL instead (docs/rulings.md R4-R9).
"""
from __future__ import annotations

NEUTRAL = "neutral"


def client_key(colour: str, dummy: str | None) -> str:
    """The key the client draws and names `colour` by: NEUTRAL for the game's neutral colour."""
    return NEUTRAL if dummy is not None and colour == dummy else colour
