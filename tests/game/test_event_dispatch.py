"""docs/design.md §2 events: the client dispatches engine events by class, so renaming an
event class or dropping a field the client reads fails here instead of silently stopping an
animation or a log line.

The check reads game/ with `ast`: every `E.Name` / `engine.events.Name` (but the union `Event`)
must be an event class,
and every attribute the client reads from an event narrowed to a class — inside an
`if isinstance(x, E.Name)` (its test and body) or from a parameter annotated `E.Name` — must be
one of that class's fields.
"""
from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

from engine import events

GAME = Path(__file__).resolve().parents[2] / "game"


def _event_class(node: ast.expr) -> str | None:
    """The event class a node names: `E.Name` or `engine.events.Name` (not `Event`, the union of
    them all that annotates "any event")."""
    if not isinstance(node, ast.Attribute) or node.attr == "Event":
        return None
    base = node.value
    if isinstance(base, ast.Name) and base.id == "E":
        return node.attr
    if (isinstance(base, ast.Attribute) and base.attr == "events" and isinstance(base.value, ast.Name)
            and base.value.id == "engine"):
        return node.attr
    return None


def _reads(tree: ast.AST, subject: str) -> set[str]:
    """Attributes read from the expression `subject` (an ast.dump) anywhere under `tree`."""
    return {n.attr for n in ast.walk(tree)
            if isinstance(n, ast.Attribute) and ast.dump(n.value) == subject}


def _narrowed(node: ast.If | ast.IfExp | ast.BoolOp) -> list[tuple[str, str, ast.AST]]:
    """(class, subject, scope) for each `isinstance(subject, E.Class)` in the node's test."""
    test = node.values[0] if isinstance(node, ast.BoolOp) else node.test
    out = []
    for call in ast.walk(test):
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "isinstance"
                and len(call.args) == 2):
            cls = _event_class(call.args[1])
            if cls:
                scope = node if isinstance(node, ast.BoolOp) else ast.Module(
                    body=[ast.Expr(node.test)] + (node.body if isinstance(node.body, list) else [ast.Expr(node.body)]),
                    type_ignores=[])
                out.append((cls, ast.dump(call.args[0]), scope))
    return out


def client_event_use() -> tuple[set[str], dict[str, set[str]]]:
    """Event classes the client names, and per class the fields it reads."""
    named: set[str] = set()
    reads: dict[str, set[str]] = {}
    for path in sorted(GAME.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            cls = _event_class(node) if isinstance(node, ast.expr) else None
            if cls:
                named.add(cls)
            if isinstance(node, (ast.If, ast.IfExp, ast.BoolOp)):
                for cls, subject, scope in _narrowed(node):
                    reads.setdefault(cls, set()).update(_reads(scope, subject))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for arg in node.args.args:
                    cls = _event_class(arg.annotation) if arg.annotation is not None else None
                    if cls:
                        subject = ast.dump(ast.Name(id=arg.arg, ctx=ast.Load()))
                        reads.setdefault(cls, set()).update(_reads(node, subject))
    return named, reads


def readable(cls: type) -> set[str]:
    """What an event offers to read: its fields, and the properties the engine derives from
    them (AreaScored.ranks, under the tie rule)."""
    return {f.name for f in dataclasses.fields(cls)} | {
        name for name, value in vars(cls).items() if isinstance(value, property)}


def test_client_names_only_existing_event_classes_and_reads_only_their_fields():
    """docs/design.md §2 events: every event class the client dispatches on exists in engine.events, and
    every field it reads from one is a field of that class."""
    named, reads = client_event_use()
    missing = sorted(c for c in named if not dataclasses.is_dataclass(getattr(events, c, None)))
    assert not missing, f"game/ dispatches on event classes engine.events lacks: {missing}"
    bad = sorted(f"{cls}.{attr}" for cls, attrs in reads.items()
                 for attr in attrs - readable(getattr(events, cls)))
    assert not bad, f"game/ reads event fields that do not exist: {bad}"
    # the check has teeth: the animator's handlers and the reveal scene are all seen
    assert {"CaballerosMoved", "KingMoved", "AreaScored", "DiscsRevealed", "CastilloOpened",
            "RoundStarted", "ScoringStarted", "GameOver"} <= named
    assert {"player", "source", "target", "count"} <= reads["CaballerosMoved"]
    assert {"points", "king_bonus", "home_bonus", "area"} <= reads["AreaScored"]


def test_the_checker_catches_a_renamed_class_and_a_lost_field():
    """The reader itself: a misspelt class and a field read the class does not have are seen."""
    source = ("def f(event, e: E.KingMoved):\n"
              "    if isinstance(event, E.DiscsRevealed) and event.purposes:\n"
              "        return event.dicss\n"
              "    if isinstance(event, engine.events.CastleOpened):\n        return 1\n"
              "    return e.target, e.frm\n")
    tree = ast.parse(source)
    named = {c for n in ast.walk(tree) if isinstance(n, ast.expr) and (c := _event_class(n))}
    assert named == {"KingMoved", "DiscsRevealed", "CastleOpened"}
    narrowed = [x for n in ast.walk(tree) if isinstance(n, ast.If) for x in _narrowed(n)]
    assert {(cls, attr) for cls, subject, scope in narrowed for attr in _reads(scope, subject)} == {
        ("DiscsRevealed", "purposes"), ("DiscsRevealed", "dicss")}
    func = tree.body[0]
    assert _reads(func, ast.dump(ast.Name(id="e", ctx=ast.Load()))) == {"target", "frm"}
