"""levels/map.yaml holds only drawing data, checked at load against the engine's board; the printed
numbers the client shows come from the engine (levels/classic.yaml is read by the engine alone)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import engine
from game.shell.mapdata import MAP_FILE, MapDataError, load_map
from game.render import hud
from game.render.board import BOARD_VALUES, PRINTED_VALUES

GAME = Path(__file__).resolve().parents[2] / "game"


def test_the_map_outlines_are_exactly_the_engines_regions():
    assert set(load_map().regions) == set(engine.REGIONS)


def test_a_map_file_missing_a_region_is_refused_in_one_line(tmp_path):
    data = yaml.safe_load(MAP_FILE.read_text(encoding="utf-8"))
    del data["regions"]["aragon"]
    path = tmp_path / "map.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(MapDataError, match=r"^map\.yaml: regions: expected exactly the board's regions") as err:
        load_map.__wrapped__(path)
    assert "\n" not in str(err.value)


def test_printed_numbers_are_the_engines_board_data():
    """docs/rules.md §3.1 and §4.1: region and Castillo values, mobile scoreboards and the court
    numbers of the power cards, as the engine loaded them."""
    assert PRINTED_VALUES["castillo"] == engine.BOARD.castillo_values
    assert all(PRINTED_VALUES[r] == engine.region_values(engine.new_game(seed=1), r) for r in engine.REGIONS)
    assert BOARD_VALUES == dict(engine.BOARD.scoreboards)
    assert [hud.court_of(p) for p in range(1, 14)] == list(engine.BOARD.power_to_court)


def test_no_client_module_reads_the_engines_board_file():
    readers = [path.relative_to(GAME.parent).as_posix() for path in GAME.rglob("*.py")
               if "classic.yaml" in path.read_text(encoding="utf-8").replace("levels/classic.yaml", "")
               or "CLASSIC_PATH" in path.read_text(encoding="utf-8")]
    assert not readers, readers
