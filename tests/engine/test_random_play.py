"""Random-play consistency (docs/design.md §6): 64 seeded games over 2-5
players, both variants, both Veto settings and both Castillo options (the long sweep, the next 16
games of every configuration and more, is `benchmarks/soak.py --checked`; the checks live in
randomplay.py), checking at every step:

* legal moves non-empty with unique texts while someone is to move (§10.2, docs/design.md §2);
* every legal move accepted by play() — on clones, all moves every CHECK_ALL_EVERY steps and
  a sample of moves at the other steps;
* notation round trip for every legal move (parse_move(str(m)) == m);
* JSON round trip every JSON_EVERY steps and at the end (from_json replays the record);
* each player's 30 Caballeros accounted for over regions, Castillo, court and provinces (§1.2),
  no negative count;
* the King's region (§7.1, A1): its contents (Caballeros, Grandes, mobile scoreboards) never
  change, and the King moves only through the `king` / `royal_advisor` cards;
* the view of a determinized world equals the view it was drawn from, and two different
  determinizations give equal views (nothing leaks);
* the view's legal moves equal the game's for the player to move;
* Caballeros leave the Castillo only at a general scoring (§5.3, §10.13-14);
* the events play() returns, applied to the position before, give the position after;
* scores never decrease; the game ends in bounded length; replay(record()) == g at the end.
"""
from __future__ import annotations

import json
import random

import engine
import pytest
from engine.data import REGIONS
from randomplay import (
    COLOURS,
    CONFIGS,
    MAX_MOVES,
    TEST_GAMES,
    check_step,
    config_seed,
    king_region_contents,
    play_checked_game,
)

@pytest.mark.parametrize("n,variant,veto", CONFIGS,
                         ids=[f"{n}p-{v}-{'veto' if t else 'noveto'}" for n, v, t in CONFIGS])
def test_random_play_consistency(n, variant, veto):
    """docs/design.md §6: invariants at every step of 4 seeded random games
    for this player count, variant and Veto setting (64 games over all configurations)."""
    base = config_seed(n, variant, veto)
    lengths = [play_checked_game(n, variant, veto, base + i) for i in range(TEST_GAMES)]
    assert max(lengths) < MAX_MOVES


def crowded_scenario(seed):
    """A random mid-game position with nearly empty provinces (so court fills reach into the map,
    §5.2 T1/§10.6-7), Caballeros everywhere, boards on the map and Veto holders."""
    rng = random.Random(seed)
    n = 2 + seed % 4
    players = COLOURS[:n]
    variant = "classic" if seed % 2 else "short"
    rounds = (1, 2, 3, 4, 5, 6, 7, 8, 9) if variant == "classic" else (2, 3, 5, 6, 8, 9)
    regions = list(REGIONS)
    rng.shuffle(regions)
    king, homes = regions[0], regions[1:1 + n]
    caballeros = {}
    for p in players:
        areas = {}
        for _ in range(30 - rng.randrange(0, 3)):
            a = rng.choice(REGIONS + ("castillo", "court", "court"))
            areas[a] = areas.get(a, 0) + 1
        caballeros[p] = areas
    round_ = rng.choice(rounds[:-1])
    boards = rng.sample([r for r in REGIONS], 2)
    return {"players": players, "seed": seed, "variant": variant, "veto": bool(seed % 3),
            "castillo": "secret" if seed % 5 == 0 else "announced", "round": round_,
            "phase": "power", "to_move": rng.choice(players), "king": king,
            "grandes": dict(zip(players, homes)), "caballeros": caballeros,
            "scoreboards": {"8-4-0": boards[0], "4-0-0": boards[1]},
            "vetoes": {rng.choice(players): "this"} if seed % 3 else {}}


@pytest.mark.parametrize("block", range(4))
def test_random_play_from_crowded_scenarios(block):
    """§5.2 T1/§10.6-7 and the invariants above from 40 random crowded scenario positions (empty
    provinces, boards on the map, Veto holders), where recalls from the map and long returns
    happen often; records of scenario games replay (levels/scenarios/README.md)."""
    recalls = 0
    for seed in range(block * 10, block * 10 + 10):
        g = engine.load_scenario(crowded_scenario(seed))
        rng = random.Random(seed)
        step = 0
        while not g.is_over:
            assert step < MAX_MOVES
            moves = g.legal_moves()
            check_step(g, moves, step, rng)
            before = king_region_contents(g)
            card = g.card
            move = rng.choice(moves)
            recalls += move.verb == "recall"
            g.play(move)
            if g.king != before[0]:
                assert card in ("king", "royal_advisor")
            assert (before[1], before[2], before[3]) == (
                tuple(g.count(p, before[0]) for p in g.players),
                tuple(p for p in g.players if g.grandes[p] == before[0]),
                tuple(b for b, r in g.scoreboards.items() if r == before[0]))
            step += 1
        assert engine.replay(json.loads(json.dumps(g.record()))) == g
        assert engine.from_json(json.loads(json.dumps(g.to_json()))) == g
    assert recalls > 0
