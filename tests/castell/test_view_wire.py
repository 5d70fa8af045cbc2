"""The Castell View's public wire form (docs/protocol.md "The Castell view"): pinned byte for byte
by a fixture, rebuilt to an equal View with the same legal moves, and refused field by field when
malformed."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import castell
from engine.castell.view_wire import FIELDS, view_from_json, view_text, view_to_json
from engine.errors import DataError

FIXTURE = Path(__file__).parent / "fixtures" / "castell_view_v1.json"


def _festival_game() -> castell.Game:
    """A 3-player game played by seeded random moves to a festival's declarations in round 6, so
    that most fields hold something."""
    g = castell.new_game(["red", "blue", "green"], seed=11)
    rng = random.Random(5)
    while not (g.phase == castell.FESTIVAL and g.round >= 6):
        g.play(rng.choice(g.legal_moves()))
    return g


def test_the_wire_form_is_pinned_byte_for_byte_by_the_fixture():
    text = json.dumps(view_to_json(_festival_game().view("blue")), indent=1) + "\n"
    assert text == FIXTURE.read_text(encoding="utf-8")


def test_the_wire_form_rebuilds_an_equal_view_with_the_same_legal_moves():
    g = _festival_game()
    for viewer in (None, "red", "blue"):
        view = g.view(viewer)
        back = view_from_json(json.loads(view_text(view)))
        assert back == view and back.viewer == viewer
        assert [str(m) for m in back.legal_moves()] == [str(m) for m in view.legal_moves()]
        assert list(view_to_json(back)["state"]) == list(FIELDS)


@pytest.mark.parametrize("field, value", [("pawns", {"red": "atlantis"}), ("first", "purple"),
                                          ("teams", []), ("to_move", "red")])
def test_a_malformed_field_is_refused_naming_it(field, value):
    wire = view_to_json(_festival_game().view("blue"))
    wire["state"][field] = value
    with pytest.raises(DataError, match=field if field != "teams" else "state"):
        view_from_json(wire)


def test_another_format_or_version_is_refused():
    wire = view_to_json(_festival_game().view(None))
    with pytest.raises(DataError, match="version 1"):
        view_from_json({**wire, "version": 2})
