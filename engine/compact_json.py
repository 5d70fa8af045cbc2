"""Compact JSON text: what `json.dumps(value, separators=(",", ":"))` writes (ASCII, no spaces,
keys in their order), at a fraction of its cost for the small values a server writes thousands
of a second (a view's fields, a frame of a few keys).

Why not `json.dumps` or one `JSONEncoder`: both build the standard library's C encoder anew for
every call (with a closure for floats and a dict to detect cycles), which was most of the cost
of a small value: a table's four views after a restart spend a third of their time there
(docs/scaling.md). Here the C encoder is built once, without the cycle check (what is encoded
here is built fresh from a game or a message and has no cycles), and an int, a string, None
or a boolean is written without it. Where the C encoder is missing (a Python without `_json`),
a `JSONEncoder` does the same work more slowly.
"""
from __future__ import annotations

import json
from json.encoder import encode_basestring_ascii
from typing import Any, Callable


def _not_serializable(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _made_once() -> Callable[[Any], str]:
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return json.JSONEncoder(separators=(",", ":")).encode
    # markers (None: no cycle check), default, string encoder, indent, key separator, item
    # separator, sort_keys, skipkeys, allow_nan: JSONEncoder's own arguments for compact text
    encoder = make(None, _not_serializable, encode_basestring_ascii, None, ":", ",", False, False, True)
    return lambda value: "".join(encoder(value, 0))


_encode = _made_once()


def compact(value: Any) -> str:
    """`value` as compact JSON text (a TypeError for what JSON cannot hold)."""
    kind = type(value)
    if kind is str:
        return encode_basestring_ascii(value)
    if kind is int:
        return int.__repr__(value)
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    return _encode(value)
