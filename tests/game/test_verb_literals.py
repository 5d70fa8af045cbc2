"""The client reads what a verb means from the engine's verb table (engine.VERB_INFO: its target,
secrecy, ghost, Confirm rule, where it is picked), never by comparing a move's verb to a literal.

The scan: every comparison in game/ whose one side is a `.verb` attribute or a `verb` name and
whose other side holds an El Grande verb literal (directly, or through a module-level tuple or set
of them). Castell's modules have their own notation (engine/castell/moves.py) and are not scanned.
The few comparisons left only choose wording and are listed with why.
"""
from __future__ import annotations

import ast
from pathlib import Path

import engine

GAME = Path(__file__).resolve().parents[2] / "game"

# (module, verbs) -> why those comparisons only choose words or looks, no property the table holds
WORDING = {
    ("game/present/prompts.py", ("done",)): "Done while placing says how many Caballeros stay unplaced",
    ("game/present/describe.py", ("place",)): "a plan's step text counts its placements",
    ("game/match/hints.py", ("place",)): "a plan's text groups its placements per area",
    ("game/present/picker.py", ("move", "cull", "scoreboard")): "ARG_ORDER: the order the picker asks "
                                                                "for a move's arguments (the source area first)",
    ("game/scenes/match_screen/model.py", ("done", "action", "allow")): "PRIMARY: the buttons drawn in the "
                                                                        "primary colour",
    ("game/scenes/review.py", ("power", "court", "card")): "a review's headline cuts two plans at the power "
                                                           "card, court count or action card where they part",
}
ALLOWED = {(module, verb) for module, verbs in WORDING for verb in verbs}


def _is_verb(node: ast.expr) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "verb") or (isinstance(node, ast.Name) and node.id == "verb")


def _verb_literals(node: ast.expr, constants: dict[str, ast.expr]) -> set[str]:
    if isinstance(node, ast.Name) and node.id in constants:
        node = constants[node.id]
    return {leaf.value for leaf in ast.walk(node)
            if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str) and leaf.value in engine.VERB_INFO}


def verb_comparisons(path: Path) -> set[tuple[str, int]]:
    """(verb literal, line) of each comparison of a verb to a literal in the module at `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    constants = {target.id: node.value for node in tree.body if isinstance(node, ast.Assign)
                 for target in node.targets if isinstance(target, ast.Name)}
    found: set[tuple[str, int]] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_verb(side) for side in sides):
                for side in sides:
                    found |= {(verb, node.lineno) for verb in _verb_literals(side, constants)}
    return found


def _modules() -> list[Path]:
    return [path for path in sorted(GAME.rglob("*.py")) if not path.name.startswith("castell")]


def test_no_client_module_compares_a_verb_to_a_literal_beyond_wording():
    unexpected = []
    for path in _modules():
        module = path.relative_to(GAME.parent).as_posix()
        unexpected += [f"{module}:{line}: verb compared to {verb!r} (read engine.VERB_INFO)"
                       for verb, line in sorted(verb_comparisons(path), key=lambda f: f[1])
                       if (module, verb) not in ALLOWED]
    assert not unexpected, "\n".join(unexpected)


def test_the_wording_allow_list_is_in_use_and_the_scan_finds_comparisons(tmp_path):
    """Each allowed comparison still exists (a stale entry would hide a new one), and the scan sees
    a literal compared directly, through `in`, and through a module constant."""
    for module, verb in ALLOWED:
        assert verb in {found for found, _ in verb_comparisons(GAME.parent / module)}, (module, verb)
    sample = tmp_path / "sample.py"
    sample.write_text('PIECES = ("king", "grande")\n'
                      'a = move.verb == "disc"\nb = verb in ("power", "nothing")\nc = move.verb in PIECES\n'
                      'd = choice.verb == "confirm"\n', encoding="utf-8")
    assert verb_comparisons(sample) == {("disc", 2), ("power", 3), ("king", 4), ("grande", 4)}
