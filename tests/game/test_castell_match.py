"""The Castell host (game/match/castell_match.py), its saves and the turn model the table reads
(game/present/castell_turn.py): moves only through the engine, undo of one's own decisions,
autosave after every decision and resume at the same position, AI seats answered by the worker."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import DataError, castell
from game.match import castell_saves
from game.match.castell_match import CastellMatch
from game.match.seats import Seat
from game.present import castell_turn
from game.present.castell_turn import NORMAL, SPECIAL


def two_humans(seed: int = 3) -> CastellMatch:
    return CastellMatch([Seat("red"), Seat("blue")], seed=seed)


def test_a_refused_move_leaves_the_game_and_says_why_in_one_line() -> None:
    m = two_humans()
    player = m.human_to_move
    assert player is not None and not m.play("move met")
    assert m.error is not None and "C10" in m.error and "\n" not in m.error
    assert m.game.moves_played() == []


def test_undo_takes_back_only_the_movers_own_decisions() -> None:
    m = two_humans()
    first = m.human_to_move
    assert m.play("place met") and m.play("done")
    second = m.human_to_move
    assert second != first and m.undo_steps() == 0 and not m.undo()
    assert m.play("place cam") and m.undo_steps() == 1
    assert m.undo() and m.game.moves_played() == ["place met", "done"] and m.human_to_move == second


def test_every_decision_is_autosaved_and_resumes_at_the_same_position(data_dir: Path) -> None:
    m = two_humans()
    assert m.play("place met")
    assert m.play("recruit " + " ".join(map(str, _two_sizes(m))))
    assert m.play("done")
    [slot] = castell_saves.unfinished()
    doc = castell_saves.read_file(slot.path)
    again = CastellMatch.from_document(doc, slot=slot.slot)
    assert again.game.to_json() == m.game.to_json() and again.slot == m.slot
    assert again.log_lines() == m.log_lines()


def _two_sizes(m: CastellMatch) -> tuple[int, ...]:
    view = m.view()
    recruit = next(mv for mv in view.legal_moves() if mv.verb == "recruit")
    return tuple(int(a) for a in recruit.args)


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.update(format="x"), "format"),
    (lambda d: d["record"]["moves"].append("move nowhere"), "moves\\[1\\]"),
    (lambda d: d["seats"][0].update(kind="wizard"), "seats\\[0\\].kind"),
    (lambda d: d.update(seats=[]), "seats must be a list"),
])
def test_a_damaged_save_is_one_line_naming_the_field(edit, message: str) -> None:
    m = two_humans()
    m.play("place met")
    doc = json.loads(json.dumps(m.document()))
    edit(doc)
    with pytest.raises(DataError, match=message):
        castell_saves.read_document(doc)


def test_a_finished_game_leaves_no_unfinished_autosave() -> None:
    m = CastellMatch([Seat("red", "random"), Seat("blue", "random")], seed=5)
    while not m.is_over:
        m.play_ai()
    assert castell_saves.unfinished() == [] and m.game.scores == castell.replay(m.game.record()).scores


def test_the_turn_model_lights_what_the_engine_allows_and_the_prompt_says_what_is_left() -> None:
    m = two_humans()
    view = m.view()
    name = m.name(view.to_move)
    assert castell_turn.prompt(view, name) == f"{name} — your first turn: place your pawn in any region"
    lit = castell_turn.targets(view.legal_moves(), NORMAL)
    assert set(lit.regions) == set(view.data.regions) and not lit.done
    m.play("place met")
    view = m.view()
    assert castell_turn.prompt(view, name) == f"{name} — 3 of 4 actions left: recruit, train, special"
    normal = castell_turn.targets(view.legal_moves(), NORMAL)
    special = castell_turn.targets(view.legal_moves(), SPECIAL)
    assert set(normal.regions) == set() and normal.done      # the move action is used up
    assert set(special.regions) == {view.data.regions[r] for r in view.data.adjacent[0]}
    sizes = normal.recruit_sizes
    assert sizes and all(normal.recruit_move((s,)) is not None for s in sizes)
    assert normal.recruit_move((11,)) is None
