"""Robustness tests: every save goes to a temporary data directory, never the user's, and every
test starts in English (the monkey may leave another language set; under xdist any test may run
after it in the same worker)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:            # fuzzkit, shared with benchmarks/soak.py
    sys.path.insert(0, str(HERE))


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    target = tmp_path / "data"
    monkeypatch.setenv("EL_GRANDE_DATA_DIR", str(target))
    from game.shell import i18n
    i18n.set_language("en")
    return target
