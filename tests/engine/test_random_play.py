"""Random-play consistency (issue 2 "Tests", DESIGN §6, STYLE 11): 320 seeded games over 2-5
players, both variants, both Veto settings and both Castillo options, checking at every step:

* legal moves non-empty with unique texts while someone is to move (§10.2, DESIGN §2);
* every legal move accepted by play() — on clones, all moves every CHECK_ALL_EVERY steps and
  a sample of moves at the other steps;
* notation round trip for every legal move (parse_move(str(m)) == m);
* JSON round trip every JSON_EVERY steps and at the end (from_json replays the record);
* each player's 30 Caballeros accounted for over regions, Castillo, court and provinces (§1.2),
  no negative count;
* the King's region (§7.1, A1): its contents (Caballeros, Grandes, mobile scoreboards) never
  change, and the King moves only through the `king` / `royal_advisor` cards;
* the view of a determinized world equals the view it was drawn from, and two different
  determinizations give equal views (nothing leaks, STYLE 8);
* the view's legal moves equal the game's for the player to move;
* Caballeros leave the Castillo only at a general scoring (§5.3, §10.13-14);
* the events play() returns, applied to the position before, give the position after;
* scores never decrease; the game ends in bounded length; replay(record()) == g at the end.
"""
from __future__ import annotations

import itertools
import json
import random

import engine
import pytest
from engine.data import REGIONS

AREAS = REGIONS + ("castillo", "court", "provinces")
COLOURS = ["red", "blue", "green", "yellow", "orange"]
CHECK_ALL_EVERY = 7
SAMPLE = 3
JSON_EVERY = 25
VIEW_ALL_EVERY = 9
MAX_MOVES = 2500  # far above any real game (a 5-player classic game takes about 500)

CONFIGS = list(itertools.product([2, 3, 4, 5], ["classic", "short"], [True, False]))
GAMES_PER_CONFIG = 20   # 16 configurations x 20 = 320 games


def king_region_contents(g):
    k = g.king
    return (k, tuple(g.count(p, k) for p in g.players),
            tuple(p for p in g.players if g.grandes[p] == k),
            tuple(b for b, r in g.scoreboards.items() if r == k))


def check_step(g, moves, step, rng):
    texts = [str(m) for m in moves]
    assert moves, f"no legal move for {g.to_move} in phase {g.phase}"
    assert len(set(texts)) == len(texts), f"duplicate move texts: {texts}"
    for m in moves:
        assert engine.parse_move(str(m)) == m
    to_try = moves if step % CHECK_ALL_EVERY == 0 else rng.sample(moves, min(SAMPLE, len(moves)))
    for m in to_try:
        g.clone().play(str(m))   # raises IllegalMove if refused
    for p in g.players:
        counts = [g.count(p, a) for a in AREAS]
        assert min(counts) >= 0, f"negative count for {p}: {counts}"
        assert sum(counts) == 30, f"{p} has {sum(counts)} Caballeros"
    viewers = g.players if step % VIEW_ALL_EVERY == 0 else (g.to_move,)
    for p in viewers:
        v = g.view(p)
        a = engine.determinize(v, random.Random(step))
        assert a.view(p) == v, f"determinized world's view differs for {p} at step {step}"
        if p == g.to_move:
            assert v.legal_moves() == moves
            assert a.legal_moves() == moves
        if step % VIEW_ALL_EVERY == 0:
            b = engine.determinize(v, random.Random(step + 1))
            assert b.view(p) == v


def snapshot(g):
    return ({(p, a): g.count(p, a) for p in g.players for a in AREAS},
            g.king, dict(g.grandes), dict(g.scoreboards), dict(g.scores))


def check_events(before, after, events):
    """DESIGN §2 events: replaying the events on the position before the move gives the position
    after it (Caballeros, King, Grandes, scoreboards, scores), so the client never re-derives."""
    counts, king, grandes, boards, scores = before
    counts = dict(counts)
    scores = dict(scores)
    grandes = dict(grandes)
    boards = dict(boards)
    for e in events:
        if isinstance(e, engine.events.CaballerosMoved):
            counts[(e.player, e.source)] -= e.count
            counts[(e.player, e.target)] += e.count
        elif isinstance(e, engine.events.KingMoved):
            assert e.source == king
            king = e.target
        elif isinstance(e, engine.events.GrandeMoved):
            assert grandes[e.player] == e.source
            grandes[e.player] = e.target
        elif isinstance(e, engine.events.ScoreboardMoved):
            assert boards[e.board] == e.source
            boards[e.board] = e.target
        elif isinstance(e, engine.events.AreaScored):
            for p, pts in e.points:
                scores[p] += pts
    assert (counts, king, grandes, boards, scores) == after


def play_checked_game(n, variant, veto, seed):
    castillo = "secret" if seed % 3 == 0 else "announced"
    g = engine.new_game(players=COLOURS[:n], seed=seed, variant=variant, veto=veto, castillo=castillo)
    rng = random.Random(seed * 7919 + n)
    step = 0
    while not g.is_over:
        assert step < MAX_MOVES, "game does not end"
        moves = g.legal_moves()
        check_step(g, moves, step, rng)
        move = rng.choice(moves)
        before = king_region_contents(g)
        card = g.card
        scores = g.scores
        pre = snapshot(g)
        events = g.play(move)
        check_events(pre, snapshot(g), events)
        if any(g.count(p, "castillo") < pre[0][(p, "castillo")] for p in g.players):
            assert engine.events.ScoringStarted("general") in events, (
                f"Caballeros left the Castillo outside a general scoring by '{move}' (§10.13-14)")
        after_old = (before[0], tuple(g.count(p, before[0]) for p in g.players),
                     tuple(p for p in g.players if g.grandes[p] == before[0]),
                     tuple(b for b, r in g.scoreboards.items() if r == before[0]))
        assert after_old == before, f"the King's region changed by '{move}' (card {card})"
        if g.king != before[0]:
            assert card in ("king", "royal_advisor") and move.verb in ("king", "allow"), (
                f"the King moved by '{move}' with card {card}")
        assert all(g.scores[p] >= scores[p] for p in g.players)
        step += 1
        if step % JSON_EVERY == 0:
            assert engine.from_json(json.loads(json.dumps(g.to_json()))) == g
    assert g.to_move is None and g.legal_moves() == []
    assert g.winners() and set(g.winners()) <= set(g.players)
    assert engine.from_json(json.loads(json.dumps(g.to_json()))) == g
    assert engine.replay(json.loads(json.dumps(g.record()))) == g
    assert [label for label, _ in g.score_history if label.startswith("round ")] == [
        "round 3", "round 6", "round 9"]
    return step


@pytest.mark.parametrize("n,variant,veto", CONFIGS,
                         ids=[f"{n}p-{v}-{'veto' if t else 'noveto'}" for n, v, t in CONFIGS])
def test_random_play_consistency(n, variant, veto):
    """Issue 2 "Tests"/DESIGN §6/STYLE 11: invariants at every step of 20 seeded random games
    for this player count, variant and Veto setting (320 games over all configurations)."""
    base = 1000 * n + (100 if variant == "short" else 0) + (10 if veto else 0)
    lengths = [play_checked_game(n, variant, veto, base + i) for i in range(GAMES_PER_CONFIG)]
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
