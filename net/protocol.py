"""The wire protocol's messages: every client message is checked here before the server reads it.

Why one module: a hostile client may send anything, so the shapes are data (`SCHEMAS`) and one
function (`parse`) refuses whatever does not fit, with an error code and a one-line detail that
names the field. docs/protocol.md describes the same messages for people writing a client.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from engine.compact_json import compact

PROTOCOL_VERSION = 2                 # 2: the view in `update` is engine/view_wire.py's version 2
MAX_MESSAGE = 64 * 1024              # bytes (UTF-8) of one client message
AI_LEVELS = ("easy", "normal", "hard", "expert", "random", "greedy")
SEAT_KINDS = ("human",) + AI_LEVELS
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"   # table codes: no 0/O, 1/I/L look-alikes
CODE_LENGTH = 10                     # 31^10: about 2^49.5 codes (older tables keep their 6)
NAME_LIMIT = 24                      # characters of a player's name, after trimming
MAX_DEPTH = 8                        # nesting of arrays and objects in a client message

# error code -> what it means (docs/protocol.md lists the same)
ERRORS = {
    "bad_json": "the message is not a JSON object",
    "too_large": "the message is larger than 64 KB",
    "bad_version": "the message's protocol version is not supported",
    "bad_message": "a field is missing, unknown or of the wrong type",
    "unknown_table": "no table has that code",
    "bad_credential": "the credential does not hold a seat at that table",
    "not_host": "only the table's host may do that",
    "not_seated": "this connection holds no seat at that table",
    "seat_taken": "the seat is not open",
    "table_full": "every human seat is taken",
    "not_started": "the game has not started",
    "already_started": "the game has started",
    "seats_open": "a human seat is still open",
    "player_connected": "the seat's player is connected",
    "stale_move": "the move was made for an earlier position (replayed or late)",
    "illegal_move": "the engine refuses the move (reason gives its code)",
    "rate_limited": "too many messages; this one was dropped",
    "server_full": "the server's table or connection limit is reached",
    "busy": "the AI is thinking for that seat",
    "storage": "the server could not store the change; nothing was done",
    "bad_name": f"a player's name must be 1-{NAME_LIMIT} printable characters",
    "too_many_guesses": "too many unknown table codes or credentials from this address; wait",
    "too_many_tables": "this address or seat holds too many tables already",
    "too_many_connections": "this address has too many connections open",
    "bad_option": "a game option that does not fit this game or this number of seats",
    "not_gone": "the seat's player has not been gone for the table's grace period",
    "not_open": "only a table that has not started can do that",
}


class ProtocolError(Exception):
    """A refused message: `code` from ERRORS, a one-line `detail`, and for an illegal move the
    engine's reason (code, args)."""

    def __init__(self, code: str, detail: str, reason: tuple[str, dict[str, Any]] | None = None,
                 request_id: int | None = None) -> None:
        if code not in ERRORS:
            raise ValueError(f"ProtocolError: unknown error code {code!r} (add it to ERRORS and docs/protocol.md)")
        super().__init__(f"{code}: {detail}")
        self.code, self.detail, self.reason = code, detail, reason
        self.request_id = request_id      # the refused message's `id`, when it had a valid one


def _text(limit: int) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, str) and 0 < len(v) <= limit


def _name(v: Any) -> bool:
    return isinstance(v, str) and len(v) <= 4 * NAME_LIMIT      # its content: clean_name


def clean_name(value: str) -> str:
    """A player's name trimmed, or ProtocolError("bad_name") when it is not 1-NAME_LIMIT
    printable characters; the client checks its name field with the same rule."""
    name = value.strip()
    if not 0 < len(name) <= NAME_LIMIT or not name.isprintable():
        raise ProtocolError("bad_name", f"a name must be 1-{NAME_LIMIT} printable characters, got {len(name)}"
                            + ("" if name.isprintable() else " with a control character"))
    return name


def name_of(msg: dict[str, Any]) -> str:
    """The checked player's name a create, join or resume message carries ("" when none)."""
    return clean_name(msg["name"]) if "name" in msg else ""


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10_000


def _seats(v: Any) -> bool:
    return isinstance(v, list) and 2 <= len(v) <= 5 and all(k in SEAT_KINDS for k in v)


def _credentials(v: Any) -> bool:
    return (isinstance(v, list) and len(v) <= 100
            and all(isinstance(c, dict) and set(c) == {"code", "credential"}
                    and _text(16)(c["code"]) and _text(100)(c["credential"]) for c in v))


_CODE, _CRED, _COLOUR = _text(16), _text(100), _text(16)
_VARIANT = ("classic", "short")
_CASTILLO = ("announced", "secret")
_WHEEL = ("standard", "advanced")
GAMES = ("el-grande", "castell")


def _seconds(v: Any) -> bool:
    return type(v) is int and 0 <= v <= 7 * 24 * 3600


# type -> {field: (check, required)}; "v", "type" and an optional "id" are common to all
SCHEMAS: dict[str, dict[str, tuple[Callable[[Any], bool], bool]]] = {
    "create": {"seats": (_seats, True), "name": (_name, False), "game": (lambda v: v in GAMES, False),
               "variant": (lambda v: v in _VARIANT, False), "veto": (lambda v: isinstance(v, bool), False),
               "castillo": (lambda v: v in _CASTILLO, False), "neutral": (lambda v: isinstance(v, bool), False),
               "wheel": (lambda v: v in _WHEEL, False), "grace": (_seconds, False),
               "auto_ai": (lambda v: v in AI_LEVELS, False), "auto_after": (_seconds, False)},
    "join": {"code": (_CODE, True), "name": (_name, False), "player": (_COLOUR, False)},
    "resume": {"code": (_CODE, True), "credential": (_CRED, True), "name": (_name, False),
               "history": (_int, False)},
    "watch": {"code": (_CODE, True), "history": (_int, False)},
    "start": {"code": (_CODE, True), "host_token": (_CRED, True)},
    "seat_ai": {"code": (_CODE, True), "host_token": (_CRED, False), "credential": (_CRED, False),
                "player": (_COLOUR, True), "level": (lambda v: v in AI_LEVELS, True)},
    "unseat": {"code": (_CODE, True), "host_token": (_CRED, True), "player": (_COLOUR, True)},
    "abandon": {"code": (_CODE, True), "host_token": (_CRED, True)},
    "leave": {"code": (_CODE, True)},
    "move": {"code": (_CODE, True), "move": (_text(80), True), "n": (_int, True)},
    "tables": {"credentials": (_credentials, True)},
    "ping": {},
}
# a message that needs one of two fields: type -> the fields
ONE_OF = {"seat_ai": ("host_token", "credential")}


def _is_id(v: Any) -> bool:
    return type(v) is int and 0 <= v < 2 ** 53


def _depth(text: str) -> int:
    """How deeply `text` nests arrays and objects (brackets inside strings are not counted)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def parse(raw: str | bytes) -> dict[str, Any]:
    """A client message checked against its schema; raises ProtocolError naming what is wrong
    (carrying the message's `id` once the JSON could be read and the id is valid)."""
    if isinstance(raw, bytes):
        raise ProtocolError("bad_json", "binary frames are not read: send the JSON as a text frame")
    size = len(raw.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE:
        raise ProtocolError("too_large", f"{size} bytes; at most {MAX_MESSAGE}")
    if raw.count("[") + raw.count("{") > MAX_DEPTH and _depth(raw) > MAX_DEPTH:   # counting is quick
        raise ProtocolError("bad_json", f"arrays and objects nest at most {MAX_DEPTH} deep")
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "expected a JSON object") from None
    if not isinstance(msg, dict):
        raise ProtocolError("bad_json", "expected a JSON object")
    request_id = msg.get("id") if _is_id(msg.get("id")) else None

    def refuse(code: str, detail: str) -> ProtocolError:
        return ProtocolError(code, detail, request_id=request_id)
    if type(msg.get("v")) is not int or msg["v"] != PROTOCOL_VERSION:
        raise refuse("bad_version", f"v must be the integer {PROTOCOL_VERSION}, got {json.dumps(msg.get('v'))[:20]}")
    kind = msg.get("type")
    if kind not in SCHEMAS:
        raise refuse("bad_message", f"type must be one of {', '.join(SCHEMAS)}")
    if "id" in msg and request_id is None:
        raise refuse("bad_message", "id must be a non-negative integer below 2^53")
    schema = SCHEMAS[kind]
    for field in msg:
        if field not in schema and field not in ("v", "type", "id"):
            raise refuse("bad_message", f"{kind}: unknown field {field[:40]!r}")
    for field, (check, required) in schema.items():
        if field not in msg:
            if required:
                raise refuse("bad_message", f"{kind}: field {field!r} is missing")
        elif not check(msg[field]):
            raise refuse("bad_message", f"{kind}: field {field!r} has a wrong value")
    needed = ONE_OF.get(kind)
    if needed is not None and sum(f in msg for f in needed) != 1:
        raise refuse("bad_message", f"{kind}: exactly one of {' or '.join(needed)} is needed")
    return msg


def encode(kind: str, **fields: Any) -> str:
    """A server message as JSON text (compact, keys in a fixed order)."""
    return compact({"v": PROTOCOL_VERSION, "type": kind, **fields})


def encode_raw(kind: str, raw: dict[str, str], **fields: Any) -> str:
    """As `encode`, with fields whose values are JSON text already (a cached view, a move's
    events encoded once for every seat): they follow the others, in the order given."""
    head = encode(kind, **fields)
    return head[:-1] + "".join(f',"{name}":{text}' for name, text in raw.items()) + "}"


def error(err: ProtocolError, request_id: int | None = None) -> str:
    fields: dict[str, Any] = {"code": err.code, "detail": err.detail}
    if err.reason is not None:
        fields["reason"] = {"code": err.reason[0], "args": err.reason[1]}
    if request_id is None:
        request_id = err.request_id
    if request_id is not None:
        fields["id"] = request_id
    return encode("error", **fields)
