"""Client test fixtures: a private data directory (settings, saved game) and a screenshot folder
a developer can open (tests/game/_screenshots/, git-ignored)."""
from __future__ import annotations

from pathlib import Path

import pytest

SCREENSHOTS = Path(__file__).resolve().parent / "_screenshots"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("EL_GRANDE_DATA_DIR", str(tmp_path / "data"))
    from game.shell import i18n
    i18n.set_language("en")
    return tmp_path / "data"


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS
