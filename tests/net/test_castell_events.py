"""The Python client decodes Castell's events (docs/protocol.md "The Castell view": the dataclasses
of engine/castell/events.py as `{"type", field: value}`): every kind, in an `update` and in a
`history` (whose table's game the client knows from the seating answer, which comes first), and a
malformed one is refused naming its field."""
from __future__ import annotations

import json
import random

import pytest

from engine import castell
from engine.castell.events import EVENT_TYPES, event_to_json
from engine.castell.view_wire import view_to_json
from engine.errors import DataError
from net.client import Client, History, Update
from net.games import GAMES


def every_kind() -> list[list[castell.events.Event]]:
    """The events of each move of one seeded 3-player game, which holds every kind of event."""
    game, rng, moves = castell.new_game(["red", "blue", "green"], seed=3), random.Random(1), []
    while not game.is_over:
        moves.append(game.play(rng.choice(game.legal_moves())))
    assert {type(e).__name__ for step in moves for e in step} == set(EVENT_TYPES)
    return moves


def wire(events: list[castell.events.Event]) -> list[object]:
    """The events as the server sends them (net/games.py), through JSON text."""
    return json.loads(json.dumps(GAMES["castell"].events(events)))


def test_every_castell_event_kind_is_decoded_from_an_update_and_a_history():
    moves = every_kind()
    client = Client("ws://127.0.0.1:1", queue_updates=True)
    view_json = view_to_json(castell.new_game(["red", "blue", "green"], seed=3).view(None))
    for n, events in enumerate(moves, start=1):
        client._dispatch({"type": "update", "code": "C", "game": "castell", "n": n, "events": wire(events),
                          "view": view_json, "move": {"player": "red", "text": "done"}})
    decoded = [client.updates.get_nowait() for _ in moves]
    assert all(isinstance(u, Update) and u.game == "castell" for u in decoded)
    assert [u.events for u in decoded if isinstance(u, Update)] == moves
    # a resume: the seating answer names the table's game before its history arrives
    client._dispatch({"type": "joined", "code": "D", "player": "red", "credential": "k",
                      "table": {"code": "D", "game": "castell", "seats": []}})
    client._dispatch({"type": "history", "code": "D", "start": 0, "n": len(moves),
                      "steps": [{"player": "red", "text": "done", "events": wire(e)} for e in moves]})
    history = client.updates.get_nowait()
    assert isinstance(history, History) and history.game == "castell"
    assert [events for _, _, events in history.steps] == moves


@pytest.mark.parametrize("field, value", [("sizes", ["9"]), ("special", 1), ("tower", [[8, 8], "6"])])
def test_a_malformed_castell_event_is_refused_naming_its_field(field, value):
    events = [e for step in every_kind() for e in step]
    kind = {"sizes": castell.events.Recruited, "special": castell.events.PawnMoved,
            "tower": castell.events.Performed}[field]
    data = event_to_json(next(e for e in events if isinstance(e, kind)))
    data[field] = value
    with pytest.raises(DataError, match=field):
        assert not Update("C", 1, [data], {}, None, "castell").events
