"""Fuzzing the inputs a user can hand the game: saves, records, the board YAML, scenario YAML.

Each case mutates a valid input (bytes, lines or the parsed tree; see fuzzkit.py), writes it to a
temporary file and loads it as the game does. It must either load (and the loaded game must play
on with legal moves) or raise engine.EngineError with a one-line message naming the file; never
another exception, and the file's bytes must be unchanged. The runs are derandomized so CI is
repeatable; benchmarks/soak.py runs the same cases with fresh seeds by the thousand.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import engine
import fuzzkit
from game.match import saves

FUZZ = settings(derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
EXAMPLES = {"save": 75, "record": 75, "data": 40, "scenario": 75}   # soak --fuzz: 1000s a kind


def _check(kind: str, rnd: random.Random, workdir: Path) -> None:
    outcome = fuzzkit.run_case(kind, rnd, workdir)
    assert outcome.result != "failure", (
        f"{kind} input made the loader fail: {outcome.detail}\ninput: {outcome.data[:2000]!r}")


@pytest.mark.parametrize("kind", fuzzkit.KINDS)
def test_fuzz(kind: str, tmp_path: Path) -> None:
    @settings(FUZZ, max_examples=EXAMPLES[kind])
    @given(st.randoms(use_true_random=False))
    def case(rnd: random.Random) -> None:
        _check(kind, rnd, tmp_path)
    case()


@settings(FUZZ, max_examples=60)
@given(path=st.lists(st.sampled_from(["game", "state", "record", "moves", "setup", "seats", 0, 1, 5]),
                     min_size=1, max_size=4),
       value=st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                          lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                          max_leaves=6))
def test_fuzz_save_fields(path: list, value: object, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Hypothesis-built values planted at paths of a real save: loads or a one-line DataError."""
    tmp = tmp_path_factory.mktemp("fields")
    game = fuzzkit.random_game(3, 4, 70)
    doc = saves.save_document(game, None)
    node = doc
    for key in path[:-1]:
        if isinstance(node, dict) and key in node:
            node = node[key]
        elif isinstance(node, list) and isinstance(key, int) and key < len(node):
            node = node[key]
    last = path[-1]
    if isinstance(node, dict):
        node[str(last)] = value
    elif isinstance(node, list) and isinstance(last, int) and last < len(node):
        node[last] = value
    file = tmp / "save.json"
    file.write_text(json.dumps(doc))
    before = file.read_bytes()
    current = game.to_json()
    try:
        loaded, _ = saves.load_save(file)
        assert loaded.to_move is None or loaded.legal_moves()
    except engine.DataError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("save.json")
    assert file.read_bytes() == before and game.to_json() == current
