"""Saves, settings and crash reports in the platform's data folder, with
EL_GRANDE_DATA_DIR still first; the folder earlier versions used on every system is moved there
once, in one rename, with one notice."""
from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from net import datadir
from game.shell.datadir import take_notices
from game.match import saves
from game.__main__ import build_parser, start_context
from game.shell.settings import Settings


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """(the old folder, holding a save, a named save and settings; the platform's folder, absent),
    with no override and nothing settled or noticed yet this session."""
    old = tmp_path / "xdg" / "el-grande"
    (old / "saves").mkdir(parents=True)
    (old / "autosave.json").write_text('{"a": 1}', encoding="utf-8")
    (old / "saves" / "mine.json").write_text('{"b": 2}', encoding="utf-8")
    (old / "settings.json").write_text('{"language": "pt"}', encoding="utf-8")
    new = tmp_path / "Application Support" / "el-grande"
    monkeypatch.delenv("EL_GRANDE_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(datadir, "platform_dir", lambda: new)
    monkeypatch.setattr(datadir, "_settled", {})
    monkeypatch.setattr(datadir, "_pending", [])
    return old, new


def contents(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_the_override_wins_and_nothing_moves(folders, tmp_path, monkeypatch):
    old, new = folders
    monkeypatch.setenv("EL_GRANDE_DATA_DIR", str(tmp_path / "mine"))
    assert saves.data_dir() == tmp_path / "mine"
    assert (old / "autosave.json").exists() and not new.exists() and take_notices() == []


def test_on_linux_the_platform_folder_is_the_old_one(tmp_path, monkeypatch):
    monkeypatch.delenv("EL_GRANDE_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(datadir, "_settled", {})
    assert datadir.platform_dir() == datadir.legacy_dir() == tmp_path / "xdg" / "el-grande"
    assert saves.data_dir() == tmp_path / "xdg" / "el-grande" and take_notices() == []


def test_asking_for_the_platform_folder_creates_nothing(tmp_path, monkeypatch):
    """Why platformdirs and not pygame.system.get_pref_path, which creates the folder it names."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME")
    assert datadir.platform_dir() == tmp_path / "home" / ".local" / "share" / "el-grande"
    assert not (tmp_path / "home").exists()


def test_the_old_folder_moves_once_whole_with_one_notice(folders):
    old, new = folders
    before = contents(old)
    assert saves.data_dir() == new
    assert contents(new) == before and not old.exists()
    notices = take_notices()
    assert len(notices) == 1 and "moved to" in notices[0] and "el-grande" in notices[0]
    assert saves.data_dir() == new and take_notices() == [], "once"
    assert saves.autosave_path() == new / "autosave.json" and Settings.load().language == "pt"


def test_the_move_notice_is_a_start_up_notice_in_the_players_language(folders):
    from game.shell import i18n
    settings = Settings.load()                     # the first look at the data folder moves it
    i18n.set_language(settings.language)
    notices = start_context(build_parser().parse_args([]), settings).notices
    assert [n for n in notices if "passaram para" in n] and take_notices() == []


def test_an_empty_platform_folder_is_replaced(folders):
    old, new = folders
    new.mkdir(parents=True)
    assert saves.data_dir() == new and (new / "saves" / "mine.json").exists() and not old.exists()


def test_when_both_hold_files_the_platform_folder_is_used_and_the_old_one_left(folders):
    old, new = folders
    new.mkdir(parents=True)
    (new / "settings.json").write_text('{"language": "ca"}', encoding="utf-8")
    assert saves.data_dir() == new and Settings.load().language == "ca"
    assert (old / "autosave.json").exists() and take_notices() == []


def test_across_volumes_the_folder_is_copied_beside_then_renamed_in(folders, monkeypatch):
    old, new = folders
    before = contents(old)
    real_replace = os.replace

    def other_volume(source, target):
        if Path(source) == old:
            raise OSError(errno.EXDEV, os.strerror(errno.EXDEV))
        real_replace(source, target)
    monkeypatch.setattr(os, "replace", other_volume)
    assert saves.data_dir() == new and contents(new) == before and not old.exists()
    assert [p.name for p in new.parent.iterdir()] == ["el-grande"], "no staging folder left"
    assert len(take_notices()) == 1


def test_a_failed_move_keeps_the_old_folder_in_use_and_says_why(folders, monkeypatch):
    old, new = folders
    before = contents(old)

    def refused(source, target):
        raise OSError(errno.EACCES, os.strerror(errno.EACCES))
    monkeypatch.setattr(os, "replace", refused)
    assert saves.data_dir() == old and contents(old) == before
    notices = take_notices()
    assert len(notices) == 1 and "could not be moved" in notices[0] and "Permission denied" in notices[0]
    assert "\n" not in notices[0]
