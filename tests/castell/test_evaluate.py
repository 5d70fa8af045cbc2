"""Castell's evaluation (ai/castell/evaluate.py, prospects.py): the memoised tower questions agree
with the solver, performance tiles count no more than the tokens left can take and as far as the
weights reach."""
from __future__ import annotations

from dataclasses import replace

from ai.castell import DEFAULT_WEIGHTS
from ai.castell.evaluate import tiles_value
from ai.castell.prospects import can_perform, festival_prospect
from engine.castell import festival_score, festival_towers
from tests.castell.kit import after_first_turns, counts, give, region_index

TEAM = counts(8, 8, 8, 6, 6, 5, 5, 3, 2, 1)      # 8,8,8/6,6/5 meets 3-2-1 (ruling C12)


def _two_tiles_here():
    """Round 2, red to move in met, whose row holds two 3-2-1 shape tiles red's team meets."""
    g = after_first_turns()
    me = g.to_move_idx
    give(g, g.players[me], team=TEAM, region="met", tokens=2)
    met = region_index(g, "met")
    g.rows[met] = ["shape01", "shape02"]
    for tile in g.rows[met]:
        g.tile_region[tile] = met
    for r in range(len(g.rows)):
        if r != met:
            g.rows[r] = []
    return g, me


def test_prospect_and_performability_agree_with_the_solver():
    g, me = _two_tiles_here()
    for sizes in [(8,), (5,), (4,)]:
        towers = festival_towers(g.team[me], g.rank_map(me), sizes)
        expected = (festival_score([list(lv) for lv in towers[0]], sizes),
                    max(sum(lv.count(s) for lv in t for s in sizes) for t in towers)) if towers else (0, 0)
        assert festival_prospect(g, me, sizes) == expected
    for tile in ("shape01", "shape08", "exh03"):
        assert can_perform(g, me, tile) == (g.performance_tower(me, tile) is not None)


def test_tiles_count_no_more_than_the_tokens_left():
    g, me = _two_tiles_here()
    both = tiles_value(g, me, DEFAULT_WEIGHTS)
    one_tile = tiles_value(g, me, replace(DEFAULT_WEIGHTS, tiles_ahead=1))
    assert 0 < one_tile < both
    g.tokens[me] = 1                          # one special action left: one tile at most
    assert tiles_value(g, me, DEFAULT_WEIGHTS) == one_tile


def test_a_tile_counts_only_as_far_as_the_reach_weights_go():
    """A tile three moves away (gir to ebr): nothing with three distance weights, something with
    four."""
    g, me = _two_tiles_here()
    met, ebr = region_index(g, "met"), region_index(g, "ebr")
    give(g, g.players[me], region="gir")
    g.rows[met] = []
    g.rows[ebr] = ["shape01"]
    g.tile_region["shape01"] = ebr
    assert tiles_value(g, me, replace(DEFAULT_WEIGHTS, tile_reach=(0.7, 0.5, 0.25))) == 0
    assert tiles_value(g, me, replace(DEFAULT_WEIGHTS, tile_reach=(0.7, 0.5, 0.25, 0.1))) > 0
