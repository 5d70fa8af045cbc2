"""Hostile input and faults, and scenario and record validation: one
case of each kind from tests/robustness/hostilekit.py (`benchmarks/soak.py --hostile` runs them
all), and the parts the cases do not show on their own."""
from __future__ import annotations

import argparse
import os
import random
import signal
from pathlib import Path

import hostilekit
import pytest

import engine
from game.match import ai_worker
from game.__main__ import check_flags, start_context
from game.shell.settings import Settings


@pytest.mark.parametrize("case", hostilekit.first_of_each_kind(), ids=lambda c: c.kind)
def test_one_hostile_case_of_each_kind_is_refused_in_one_line(case: hostilekit.Case, tmp_path: Path) -> None:
    assert {c.kind for c in hostilekit.first_of_each_kind()} == set(hostilekit.KINDS)
    assert hostilekit.run_case(case, tmp_path) is None


def test_every_case_is_named_once_and_each_kind_has_several() -> None:
    names = [(c.kind, c.name) for c in hostilekit.CASES]
    assert len(names) == len(set(names))
    for kind in hostilekit.KINDS:
        assert sum(c.kind == kind for c in hostilekit.CASES) >= 3, kind


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs POSIX signals")
def test_a_worker_killed_client_mid_search_does_not_outlive_it() -> None:
    """24.3: the worker notices its changed parent even while searching (a watcher thread)."""
    problem, _ = hostilekit.worker_outlives_client(search=True)
    assert problem is None


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs POSIX signals")
def test_a_stopped_worker_is_replaced_after_the_watchdog_time() -> None:
    """24.3: a worker that does not answer within WATCHDOG_S is ended and the decision asked again
    (stopped once it has answered: a child still starting has STARTUP_S instead)."""
    worker = ai_worker.AIWorker(watchdog_s=0.3)
    try:
        game = engine.new_game(players=["red", "blue"], seed=2)
        view = game.view(game.to_move)
        worker.ask(ai_worker.Job("random", 1, view, random.Random(1)))
        assert worker.wait(30).move is not None and worker.restarts == 0
        stopped = worker.pid
        assert stopped is not None
        os.kill(stopped, signal.SIGSTOP)
        worker.ask(ai_worker.Job("greedy", 1, view, random.Random(1)))
        reply = worker.wait(30)
        assert reply.move is not None and worker.restarts == 1 and worker.pid != stopped
        assert reply.notice == "the AI worker did not answer within 0.3 s"
        assert not hostilekit.pid_alive(stopped)
    finally:
        worker.close()


def test_the_watchdog_is_longer_than_any_search_deadline() -> None:
    import yaml
    profiles = yaml.safe_load((engine.data.LEVELS_DIR / "ai_profiles.yaml").read_text(encoding="utf-8"))
    deadlines = [p.get("deadline_s") or 0 for p in profiles.values() if isinstance(p, dict)]
    assert deadlines and ai_worker.WATCHDOG_S >= 10 * max(deadlines)


def _flags(**given: object) -> argparse.Namespace:
    base = dict(players=None, seed=None, speed=None, window="1280x800", screenshots=None)
    base.update(given)
    return argparse.Namespace(**base)


@pytest.mark.parametrize("given,named", [
    ({"speed": 0.0}, "--speed"), ({"speed": float("inf")}, "--speed"), ({"speed": 9.0}, "--speed"),
    ({"window": "1280x"}, "--window"), ({"window": "x800"}, "--window"), ({"window": "50x50"}, "--window"),
    ({"players": "human, ,easy"}, "--players"), ({"players": "human"}, "--players"),
    ({"seed": 2 ** 128}, "--seed"),
])
def test_bad_flags_are_named_with_their_range(given: dict, named: str) -> None:
    problem = check_flags(_flags(**given))
    assert problem is not None and named in problem and "\n" not in problem


def test_good_flags_pass_and_the_window_is_read() -> None:
    args = _flags(players="human,hard", seed=2 ** 128 - 1, speed=0.25, window="1920x1080")
    assert check_flags(args) is None and args.window == (1920, 1080)


def test_speed_from_the_command_line_and_a_notice_for_a_refused_setting(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text('{"anim_speed": NaN, "language": "en"}', encoding="utf-8")
    settings = Settings.load()
    assert settings.anim_speed == 1.0 and settings.refused == ["anim_speed"]
    ctx = start_context(_flags(speed=2.0), settings)
    assert settings.anim_speed == 2.0
    assert ctx.notices == ["settings.json: anim_speed must be from 0.25 to 8, so the default is used"]


# ---------------------------------------------------------------------------
def _scenario(**fields: object) -> dict:
    return {"players": ["red", "blue", "green"], "seed": 1, **fields}


@pytest.mark.parametrize("fields,named", [
    ({"face_up": ["king", "king", "court_2", "court_2", "score_castillo"]}, "face_up: 'king' listed 2 times"),
    ({"hands": {"red": [True] + list(range(2, 13))}}, "hands.red"),
    ({"round": True}, "round"),
    ({"caballeros": {"red": {"aragon": 31}}}, "caballeros.red.aragon: expected a whole number 0..30"),
    ({"scores": {"red": 1000}}, "scores.red: expected whole points 0..999"),
    ({"scores": {"red": 1.5}}, "scores.red"),
    ({"name": "x" * 2001}, "name: expected text of at most 2000 characters, got 2001 characters"),
    ({"description": ["a", "list"]}, "description: expected text"),
    ({"seed": 1.5}, "seed: expected an integer"),
    ({"castillo": ["secret"]}, "castillo: expected announced or secret"),
    ({"players": "red,blue"}, "players: expected a list"),
])
def test_scenario_fields_are_checked_by_type_and_range(fields: dict, named: str) -> None:
    with pytest.raises(engine.DataError, match=f"^scenario: {named}".replace("(", r"\(").replace(".", r"\.")):
        engine.load_scenario(_scenario(**fields))


def test_a_grande_may_share_the_kings_region_once_the_king_could_have_moved_there() -> None:
    """§2: no Grande in the King's region at the set-up; §7.1 (`king`): the King may later enter a
    region with a Grande, so a position after the first bid may hold one."""
    later = _scenario(king="aragon", grandes={"red": "aragon", "blue": "sevilla", "green": "galicia"}, round=3,
                      hands={p: list(range(1, 14)) for p in ("red", "blue", "green")})
    assert engine.load_scenario(later).grandes["red"] == "aragon"
    with pytest.raises(engine.DataError, match="grandes.red: expected a region other than the King's"):
        engine.load_scenario({**later, "round": 1})


def test_record_setup_fields_name_the_field() -> None:
    record = {"rules_version": engine.RULES_VERSION, "moves": [],
              "setup": {"players": ["red", "blue"], "seed": 4, "castillo": "hidden"}}
    with pytest.raises(engine.DataError, match=r"^record: setup\.castillo: expected announced or secret"):
        engine.replay(record)
    del record["setup"]["seed"]
    with pytest.raises(engine.DataError, match=r"setup\.seed is missing"):
        engine.replay(record)


def test_the_shipped_scenarios_and_lesson_still_load() -> None:
    from game.tutorial.lesson import load_lesson
    for path in sorted((engine.data.LEVELS_DIR / "scenarios").glob("*.yaml")):
        engine.load_scenario(path)
    assert load_lesson().total > 0
