"""`--screenshots`: an empty value is refused, a new run numbers on after the folder's earlier
pictures (never writing over them), and a picture the disk refused is one line, not an empty
PNG."""
from __future__ import annotations

import errno

import pytest

from game.__main__ import main
from game.scenes.title import TitleScene
from game.shell import shots
from tests.game.driver import Driver, make_context


@pytest.mark.parametrize("value", ["", "  "])
def test_an_empty_folder_is_refused_in_one_line(value, capsys, monkeypatch):
    monkeypatch.setattr("game.__main__.run_window", lambda *a: pytest.fail("the window opened"))
    with pytest.raises(SystemExit) as stop:
        main(["--screenshots", value])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err.count("\n") == 1 and "--screenshots" in err and "empty" in err


def test_a_new_run_numbers_on_and_keeps_the_earlier_pictures(tmp_path):
    earlier = tmp_path / "007-title.png"
    earlier.write_bytes(b"earlier run")
    (tmp_path / "notes.txt").write_text("not a picture")
    Driver(TitleScene(make_context()), shots=tmp_path).step()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["007-title.png", "008-title.png", "notes.txt"]
    assert earlier.read_bytes() == b"earlier run"
    assert (tmp_path / "008-title.png").read_bytes().startswith(b"\x89PNG")


def test_a_picture_the_disk_refuses_is_one_line_and_no_empty_file(tmp_path, monkeypatch, capsys):
    def full_disk(path, mode):
        open(path, mode).close()     # the file is made, then the disk is full
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(shots, "open", full_disk, raising=False)
    Driver(TitleScene(make_context()), shots=tmp_path).step()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "001-title.png" in err and "No space left on device" in err
    assert list(tmp_path.iterdir()) == []
