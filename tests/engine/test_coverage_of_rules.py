"""Bookkeeping for this suite: every §10 ruling 1-50, every §8.3 worked
example and every action card id of levels/classic.yaml is checked by at least one test here."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import engine

HERE = Path(__file__).resolve().parent


def _test_texts() -> dict[str, str]:
    """test name -> its name and docstring, over the test modules of this folder."""
    out = {}
    for path in sorted(HERE.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                out[f"{path.name}::{node.name}"] = node.name + " " + (ast.get_docstring(node) or "")
    return out


def test_every_s10_ruling_has_a_test():
    """§10: each of the 50 rulings is named (as §10.N or s10_N) by some test."""
    text = " ".join(_test_texts().values())
    cited = {int(n) for n in re.findall(r"§10\.(\d+)", text)}
    cited |= {int(n) for n in re.findall(r"s10_(\d+)_", text)}
    assert set(range(1, 51)) - cited == set()


def test_every_action_card_is_played_in_a_test():
    """§6: each of the 33 action card ids is taken (`card ID`) in some test of this folder."""
    source = "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    missing = [cid for cid in engine.CARDS
               if not re.search(rf"card {cid}\b", source) and f'"{cid}"' not in source]
    assert missing == []


def test_every_test_names_its_rule():
    """Every test names the rule (a docs/rules.md section, a ruling, or a docs/design.md clause) it
    checks."""
    unnamed = [name for name, text in _test_texts().items()
               if not re.search(r"§|docs/|[Rr]uling|s\d+_\d+|levels/scenarios", text)]
    assert unnamed == []
