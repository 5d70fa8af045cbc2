"""Client test fixtures: a private data directory (settings, saved game) and a screenshot folder
a developer can open (`_screenshots/` beside this file, made by the tests, git-ignored)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

SCREENSHOTS = Path(__file__).resolve().parent / "_screenshots"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """The test's own data folder. Autosaves there skip fsync (a whole game writes hundreds):
    durability is tests/robustness's (test_robust_crash, test_robust_disk_faults), whose own
    data folder keeps it."""
    monkeypatch.setenv("EL_GRANDE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    from game.shell import i18n
    i18n.set_language("en")
    return tmp_path / "data"


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS
