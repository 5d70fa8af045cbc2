"""Every write (autosave, named save, exported record, settings) meets a full disk
(ENOSPC) or a refused permission (EACCES) at each step of the atomic write (creating the temp
file, writing it, fsync, the rename): the previous file is intact, no temp file is left, the
failure is one line naming the reason, and play goes on."""
from __future__ import annotations

import errno
import os
import random
import tempfile
from pathlib import Path
from typing import Callable

import pytest

from game.match import saves
from game.match.controller import Match
from game.match.seats import parse_players
from game.shell.settings import Settings

STEPS = ("temp file", "write", "fsync", "rename")
ERRORS = {errno.ENOSPC: "No space left on device", errno.EACCES: "Permission denied"}


def fail_at(monkeypatch: pytest.MonkeyPatch, step: str, code: int) -> None:
    """Make the atomic writer's `step` raise OSError(code)."""
    def refuse(*args, **kwargs):
        raise OSError(code, os.strerror(code))
    if step == "temp file":
        monkeypatch.setattr(tempfile, "mkstemp", refuse)
    elif step == "write":
        real_fdopen = os.fdopen

        class Refusing:
            def __init__(self, handle):
                self.handle = handle

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.handle.close()

            def write(self, data):
                refuse()
        monkeypatch.setattr(os, "fdopen", lambda fd, mode="r", *a, **k: Refusing(real_fdopen(fd, mode, *a, **k)))
    elif step == "fsync":
        monkeypatch.setattr(os, "fsync", refuse)
    else:
        monkeypatch.setattr(os, "replace", refuse)


def played(seed: int, moves: int) -> Match:
    match = Match(parse_players("human,random,random"), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        match.play(rng.choice(match.host_game.legal_moves()))
    match.events.clear()
    return match


def refused(write: Callable[[], object]) -> Callable[[], str | None]:
    """A save or export as a notice: its one-line error, None when it worked."""
    def attempt() -> str | None:
        try:
            write()
        except saves.SaveWriteError as exc:
            return str(exc)
        return None
    return attempt


def write_of(kind: str, match: Match) -> tuple[Path, Callable[[], str | None]]:
    """(the file a kind of write replaces, the write returning its failure notice or None); the file
    exists beforehand."""
    if kind == "autosave":
        def play() -> str | None:
            assert match.play(match.host_game.legal_moves()[0]), "the move is played even though the save fails"
            return match.save_error
        return saves.autosave_path(), play
    if kind == "named save":
        saves.save_slot("mine", match.host_game, match.seat_meta())
        return saves.slot_path("mine"), refused(lambda: saves.save_slot("mine", match.host_game, match.seat_meta()))
    if kind == "export":
        path = saves.records_dir() / "game.json"
        saves.export_record(match.host_game, match.seat_meta(), path)
        return path, refused(lambda: saves.export_record(match.host_game, match.seat_meta(), path))
    settings = Settings(language="pt")
    settings.save()
    settings.language = "ca"
    return saves.data_dir() / "settings.json", lambda: None if settings.save() else settings.save_error


@pytest.mark.parametrize("code", sorted(ERRORS))
@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize("kind", ["autosave", "named save", "export", "settings"])
def test_a_refused_write_keeps_the_previous_file_and_says_why_in_one_line(kind, step, code, monkeypatch, data_dir):
    match = played(31, 20)
    path, write = write_of(kind, match)
    match.play(match.host_game.legal_moves()[0])       # the game moves on: the next write has news
    before = path.read_bytes()
    with monkeypatch.context() as faulty:       # the disk comes back; the data dir stays redirected
        fail_at(faulty, step, code)
        message = write()
    assert saves.data_dir() == data_dir, "ending the fault kept the test's own data dir"
    assert message and "\n" not in message and ERRORS[code] in message
    assert kind == "settings" or path.name in message, "the notice names the file"
    assert path.read_bytes() == before, "the previous file is intact"
    assert not [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")], "no temp file left"
    assert write() is None, "the next write, with the disk back, works"
    if kind == "autosave":
        assert saves.load_autosave()[0] == match.host_game
