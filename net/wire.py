"""A View's wire form as JSON text, built from cached pieces: the same text as
`json.dumps(view.to_json(), separators=(",", ":"))`, for a fraction of the work.

Why: the server sends every connected seat its own View after every move, and encoding whole
Views was half of its CPU a move. But most of a position is the same from one move to the next
and from one seat to another (the board, the scores, the cards offered), so each state slot's
JSON text is kept, keyed by the slot's value, and reused while the value is unchanged. A test
checks the text against `View.to_json` at every position of whole games, for every seat.
"""
from __future__ import annotations

import json
from typing import Any

import engine
from engine.context import plain

FRAGMENTS_MAX = 400        # slot texts a table keeps (about two moves' worth of changes)


class _Layout:
    """What `View.to_json` writes, read once from a real view: the slot names in their order
    and the text of the fixed keys."""

    def __init__(self, view: engine.View) -> None:
        wire = view.to_json()
        self.slots: tuple[str, ...] = tuple(wire["state"])
        self.head = '{"format":%s,"version":%s,"viewer":' % (json.dumps(wire["format"]),
                                                             json.dumps(wire["version"]))
        self.ph = {view.ph: wire["state"]["ph"]}   # phase -> its name (filled as phases come)


_layout: _Layout | None = None


def view_text(view: engine.View, fragments: dict[Any, str]) -> str:
    """`view`'s wire form as compact JSON text; `fragments` is the caller's cache of slot texts
    (one per table: a table's positions share most of them). Lists (mutable, copied with every
    position) are keyed by their items, everything else (immutable tuples, numbers, the running
    step's context) by its type and value, so `Placement(3)` and `(3,)` never share a text."""
    global _layout
    if _layout is None:
        _layout = _Layout(view)
    layout = _layout
    if len(fragments) > FRAGMENTS_MAX:
        fragments.clear()
    parts = []
    for name in layout.slots:
        value = getattr(view, name)
        key = (name, tuple(value)) if type(value) is list else (name, type(value), value)
        text = fragments.get(key)
        if text is None:
            if name == "ph":
                if value not in layout.ph:
                    layout.ph[value] = view.to_json()["state"]["ph"]
                wire: Any = layout.ph[value]
            else:
                wire = plain(value)
            text = fragments[key] = f'"{name}":{json.dumps(wire, separators=(",", ":"))}'
        parts.append(text)
    return f'{layout.head}{json.dumps(view.viewer_id)},"state":{{{",".join(parts)}}}}}'
