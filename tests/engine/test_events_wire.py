"""docs/design.md §2 Events: events go over the wire as JSON and come back equal; a malformed
one is refused with a DataError naming the event type and field."""
from __future__ import annotations

import json
import random

import pytest

import engine
from engine.events import EVENT_TYPES, event_from_json, event_to_json


def test_every_event_of_random_games_round_trips_through_json():
    """docs/design.md §2 Events: every event of three random games comes back equal from its JSON."""
    seen = set()
    for seed in range(3):
        game, rng = engine.new_game(["red", "blue", "green", "yellow"], seed=seed), random.Random(seed)
        while not game.is_over:
            for event in game.play(rng.choice(game.legal_moves())):
                wire = json.loads(json.dumps(event_to_json(event)))
                assert event_from_json(wire) == event
                seen.add(type(event).__name__)
    assert len(seen) >= 15 and seen <= set(EVENT_TYPES)


@pytest.mark.parametrize("data, words", [
    ({"type": "Nonsense"}, "known 'type'"),
    ([1, 2], "known 'type'"),
    ({"type": "PowerPlayed", "player": "red"}, "field 'value' is missing"),
    ({"type": "PowerPlayed", "player": "red", "value": "9"}, "PowerPlayed.value: expected int"),
    ({"type": "PowerPlayed", "player": "red", "value": True}, "PowerPlayed.value: expected int"),
    ({"type": "PowerPlayed", "player": "red", "value": 9, "secret": 1}, "unknown field 'secret'"),
    ({"type": "DiscsRevealed", "purpose": "castillo", "discs": [["red"]]}, "expected a list of 2"),
    ({"type": "RoundStarted", "round": 1, "face_up": "king"}, "face_up: expected a list"),
])
def test_malformed_events_are_refused_by_field(data, words):
    """docs/design.md §2: a malformed event is refused in one line naming its type and field."""
    with pytest.raises(engine.DataError, match=words):
        event_from_json(data)


def test_optional_fields_may_be_left_out():
    """docs/design.md §2 Events: fields with defaults (ScoringStarted.card) may be absent; None stays None."""
    assert event_from_json({"type": "ScoringStarted", "kind": "general", "round": 3}) == \
        engine.events.ScoringStarted("general", 3)
    assert event_from_json({"type": "ScoreboardMoved", "board": "8-4-0", "source": None,
                            "target": "galicia"}).source is None
