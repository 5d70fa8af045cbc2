"""engine/compact_json.py writes what `json.dumps(value, separators=(",", ":"))` writes: the
view's bytes (docs/protocol.md) and every frame depend on it."""
from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.compact_json import compact

SCALARS = st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70) \
    | st.floats(allow_nan=True, allow_infinity=True) | st.text()
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=5), max_leaves=30)


def dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


@settings(max_examples=400, deadline=None)
@given(VALUES)
def test_the_same_text_as_json_dumps(value: object) -> None:
    """docs/protocol.md (a frame is one JSON object): json.dumps's compact text, byte for byte (the
    view's bytes pinned in tests/engine/fixtures/view_v2.json are that text)."""
    assert compact(value) == dumps(value)


@pytest.mark.parametrize("value", [
    "é ☃ 🎲 \"quoted\" \\ \n \t \x00", True, False, None, 0, -1, 2**64, 1.5, math.inf, -math.inf,
    {"b": [1, {"a": None}], "a": (True, "x")}, [], {}, {1: "int key", False: "bool key", None: "none key", 2.5: "float key"},
])
def test_edge_values(value: object) -> None:
    """docs/protocol.md: non-ASCII escaped, big integers, infinities, keys of other types."""
    assert compact(value) == dumps(value)


def test_nan_is_written_as_json_dumps_writes_it() -> None:
    """docs/protocol.md: the same text as json.dumps even for a value JSON has no word for."""
    assert compact(math.nan) == dumps(math.nan) == "NaN"


@pytest.mark.parametrize("value", [object(), {"set": {1, 2}}, [b"bytes"], {(1, 2): "tuple key"}])
def test_what_json_cannot_hold_is_a_type_error(value: object) -> None:
    """docs/protocol.md: only JSON values are written; anything else is refused, not guessed."""
    with pytest.raises(TypeError):
        dumps(value)
    with pytest.raises(TypeError):
        compact(value)
