"""`benchmarks/ai_strength.py --results`: finished games are kept one per line and a rerun plays
only the missing ones, so a long strength measurement survives being stopped."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

SPEC = importlib.util.spec_from_file_location(
    "ai_strength", Path(__file__).resolve().parents[2] / "benchmarks" / "ai_strength.py")
assert SPEC and SPEC.loader
ai_strength = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(ai_strength)

ARGS = ["--suite", "ladder", "--only", "easy-random", "--jobs", "1", "--seed", "4"]


def _run(capsys, path: Path, games: int) -> dict:
    ai_strength.main(ARGS + ["--games", str(games), "--results", str(path)])
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_a_rerun_plays_only_the_games_not_yet_in_the_file(capsys, tmp_path):
    path = tmp_path / "games.jsonl"
    first = _run(capsys, path, 2)
    assert first["games"] == 2 and first["resumed_games"] == 0
    lines = path.read_text().splitlines()
    assert len(lines) == 2
    more = _run(capsys, path, 3)
    assert more["games"] == 3 and more["resumed_games"] == 2
    assert path.read_text().splitlines()[:2] == lines          # kept, not rewritten
    assert len(path.read_text().splitlines()) == 3
    fresh = tmp_path / "fresh.jsonl"
    assert _run(capsys, fresh, 3)["mean_score"] == more["mean_score"]   # same games as one run


def test_a_torn_last_line_is_cut_off_and_a_bad_line_named(capsys, tmp_path):
    path = tmp_path / "games.jsonl"
    _run(capsys, path, 1)
    path.write_text(path.read_text() + '{"matchup": "x", "se')     # a run killed mid-write
    assert _run(capsys, path, 2)["resumed_games"] == 1
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(rows) == 2 and all(row["lineup"] for row in rows)
    path.write_text("not json\n" + path.read_text())
    with pytest.raises(SystemExit, match=r"games.jsonl:1: not a game result line"):
        _run(capsys, path, 1)


def test_a_retuned_preset_does_not_resume_the_old_presets_games(capsys, tmp_path, monkeypatch):
    path = tmp_path / "games.jsonl"
    assert _run(capsys, path, 2)["games"] == 2
    real = ai_strength.load_profiles()
    retuned = {**real, "easy": {**real["easy"], "search": {**real["easy"]["search"], "worlds": 3}}}
    monkeypatch.setattr(ai_strength, "load_profiles", lambda: retuned)
    again = _run(capsys, path, 2)
    assert again["resumed_games"] == 0                     # the old easy's games are not reused
    assert len(path.read_text().splitlines()) == 4
    assert _run(capsys, path, 2)["resumed_games"] == 2     # the retuned easy's games are


def test_retuning_one_table_size_keeps_the_games_of_the_others():
    real = ai_strength.load_profiles()
    expert = real["expert"]
    two = {**expert["weights_by_players"][2], "margin": 9.0}
    by_weights = {**expert, "weights_by_players": {**expert["weights_by_players"], 2: two}}
    by_search = {**expert, "search_by_players": {2: {"worlds": 3}}}
    for retuned in (by_weights, by_search):
        for players, changed in ((2, True), (3, False), (4, False), (5, False)):
            before = ai_strength.presets_fingerprint(real, players, "expert", "hard")
            after = ai_strength.presets_fingerprint({**real, "expert": retuned}, players, "expert", "hard")
            assert (before != after) == changed, players


def test_the_neutral_colour_blocks_key_only_the_neutral_colour_games():
    """Retuning a preset's neutral-colour blocks starts the dummy suite's games afresh and keeps
    every plain table size's games (those blocks are not what a plain game plays)."""
    real = ai_strength.load_profiles()
    retuned = {**real, "hard": {**real["hard"], "weights_with_neutral": {"court": 0.5},
                                "search_with_neutral": {"worlds": 3}}}
    for players, dummy, changed in ((2, False, False), (3, False, False), (4, False, False), (3, True, True)):
        before = ai_strength.presets_fingerprint(real, players, "hard", "normal", dummy=dummy)
        after = ai_strength.presets_fingerprint(retuned, players, "hard", "normal", dummy=dummy)
        assert (before != after) == changed, (players, dummy)
