"""Helpers for the engine's rules tests: build positions from scenario dicts, play notation.

Every rules test builds its position with `engine.load_scenario({...})` (through `position`
below) and drives it with notation text, so a test reads like a table-top situation.
"""
from __future__ import annotations

import engine
import pytest

from engine.data import REGIONS

FOUR = ["red", "blue", "green", "yellow"]

# Homes used by default in card tests: far from the King's region of most tests (aragon).
DEFAULT_GRANDES = {"red": "galicia", "blue": "sevilla", "green": "cataluna", "yellow": "granada",
                   "orange": "pais_vasco"}


def position(players=None, **fields) -> engine.Game:
    """A Game from a scenario dict; `players` defaults to four, Grandes to DEFAULT_GRANDES."""
    players = list(players or FOUR)
    data = {"players": players}
    data.setdefault("grandes", {p: DEFAULT_GRANDES[p] for p in players})
    data.update(fields)
    return engine.load_scenario(data)


def card_position(card: str, *, players=None, to_move: str | None = None, king: str = "aragon",
                  caballeros: dict | None = None, others: tuple = (), **fields) -> engine.Game:
    """`to_move` (default: the first player) is about to take `card`; he acts first this round
    with power 13 and nobody's court fill is pending (the later players hold 12, 11, 10, 9).

    Players not listed in `caballeros` have nothing on the board and an empty court (all 30 in
    the provinces) so that counts in assertions are easy to read.
    """
    players = list(players or FOUR)
    to_move = to_move or players[0]
    i = players.index(to_move)
    order = players[i:] + players[:i]
    played = {p: 13 - k for k, p in enumerate(order)}
    cab = {p: {} for p in players}
    cab.update(caballeros or {})
    face = [card] + [c for c in others if c != card]
    for c in ("intrigue_any_3", "score_castillo", "court_2", "decay_court_3", "score_most"):
        if len(face) >= 4:
            break
        if c not in face:
            face.append(c)
    if "king" not in face:
        face.append("king")
    return position(players, king=king, phase="card", to_move=to_move, played=played,
                    caballeros=cab, face_up=face, **fields)


def legal(g) -> list[str]:
    return [str(m) for m in g.legal_moves()]


def run(g, script: str) -> list:
    """Play moves separated by ';' or new lines; returns all events."""
    events = []
    for text in script.replace("\n", ";").split(";"):
        text = text.strip()
        if text:
            events.extend(g.play(text))
    return events


def board(g, player: str) -> dict[str, int]:
    """A player's non-zero counts in every area (regions, castillo, court, provinces)."""
    out = {}
    for area in REGIONS + ("castillo", "court", "provinces"):
        n = g.count(player, area)
        if n:
            out[area] = n
    return out


def total(g, player: str) -> int:
    return sum(g.count(player, a) for a in REGIONS + ("castillo", "court", "provinces"))


def events_of(events, kind) -> list:
    return [e for e in events if isinstance(e, kind)]


def illegal(g, text: str) -> str:
    """Play an illegal move and return the IllegalMove message."""
    with pytest.raises(engine.IllegalMove) as info:
        g.play(text)
    return str(info.value)
