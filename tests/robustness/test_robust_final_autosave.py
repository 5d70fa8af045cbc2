"""A failed final autosave never leaves an older position offered as the game.
The disk fills (or refuses) at each step of the atomic write of a finished game's autosave: the
slot's older, unfinished position is set aside (or removed), Continue no longer offers it, and the
notice says so in one line."""
from __future__ import annotations

import errno

import pytest

from faultkit import late_game
from test_robust_disk_faults import ERRORS, STEPS, fail_at

from game.match import saves
from game.match.controller import Match
from game.match.seats import default_seats


def one_move_from_the_end(seed: int) -> Match:
    match = Match.from_game(late_game(3, seed, left=1), default_seats(("red", "blue", "green"), "random"))
    match.save()
    assert saves.continue_info() is not None and not match.host_game.is_over
    return match


@pytest.mark.parametrize("code", sorted(ERRORS))
@pytest.mark.parametrize("step", STEPS)
def test_a_refused_final_autosave_never_leaves_the_game_under_continue(step, code, monkeypatch):
    match = one_move_from_the_end(5)
    slot = saves.autosave_file(match.autosave_slot)
    older = slot.read_bytes()
    with monkeypatch.context() as faulty:
        fail_at(faulty, step, code)
        assert match.play(match.host_game.legal_moves()[0]), "the last move is played even though the save fails"
    assert match.host_game.is_over
    assert saves.continue_slots() == [], "Continue offers no older position of the finished game"
    assert match.save_error and "\n" not in match.save_error and ERRORS[code] in match.save_error
    aside = slot.with_name(slot.name + saves.ENDED_SUFFIX)
    if step == "rename":                           # every rename refused: the older position is removed
        assert not slot.exists() and not aside.exists() and "removed" in match.save_error
    else:                                          # set aside, kept for whoever wants it back
        assert not slot.exists() and aside.read_bytes() == older and aside.name in match.save_error


def test_a_finished_game_that_saves_is_not_offered_and_old_finished_ones_are_pruned():
    finished = []
    for seed in range(saves.FINISHED_KEPT + 2):
        match = one_move_from_the_end(seed)
        match.play(match.host_game.legal_moves()[0])
        assert match.save_error is None and saves.peek(saves.autosave_file(match.autosave_slot)).is_over
        finished.append(saves.autosave_file(match.autosave_slot))
    waiting = one_move_from_the_end(99)
    assert [info.path for info in saves.continue_slots()] == [saves.autosave_file(waiting.autosave_slot)]
    assert [p for p in finished if p.exists()] == finished[-saves.FINISHED_KEPT:], "the newest finished are kept"


def test_the_disk_full_on_the_final_rename_alone(monkeypatch):
    """ENOSPC on the final write's rename only (the set-aside rename still works, as on a full disk)."""
    import os
    match = one_move_from_the_end(7)
    real = os.replace
    calls = []

    def replace(src, dst, *args, **kwargs):
        calls.append(dst)
        if len(calls) == 1:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(src, dst, *args, **kwargs)
    monkeypatch.setattr(os, "replace", replace)
    match.play(match.host_game.legal_moves()[0])
    assert saves.continue_slots() == [] and str(calls[1]).endswith(".json" + saves.ENDED_SUFFIX)
