"""`el-grande --headless` notes ties — tied players share a rank and are marked,
and a tie for the most points is a shared win (rules §9: every tied player wins)."""
from __future__ import annotations

from game.__main__ import result_lines


def test_tied_players_share_a_rank_and_a_tie_at_the_top_is_a_shared_win():
    lines = result_lines([("Red", "hard", 71), ("Blue", "easy", 71), ("Green", "normal", 64), ("Yellow", "easy", 64),
                          ("Orange", "random", 20)])
    assert lines == ["Result:", "1. Red (hard): 71 (tie)", "1. Blue (easy): 71 (tie)", "3. Green (normal): 64 (tie)",
                     "3. Yellow (easy): 64 (tie)", "5. Orange (random): 20",
                     "Shared win, tied at 71 points: Red, Blue"]


def test_without_ties_nothing_is_marked():
    assert result_lines([("Red", "hard", 50), ("Blue", "easy", 62)]) == \
        ["Result:", "1. Blue (easy): 62", "2. Red (hard): 50", "Winner: Blue"]
