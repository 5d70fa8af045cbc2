"""The random-play consistency checks (the invariants listed in test_random_play.py's docstring),
shared by tests/engine/test_random_play.py and benchmarks/soak.py --checked, which plays the long
sweep of the same seeded games."""
from __future__ import annotations

import itertools
import json
import random

import engine
from engine.data import REGIONS

AREAS = REGIONS + ("castillo", "court", "provinces")
COLOURS = ["red", "blue", "green", "yellow", "orange"]
CHECK_ALL_EVERY = 7
SAMPLE = 3
JSON_EVERY = 25
VIEW_ALL_EVERY = 9
MAX_MOVES = 2500  # far above any real game (a 5-player classic game takes about 500)

CONFIGS = list(itertools.product([2, 3, 4, 5], ["classic", "short"], [True, False]))
TEST_GAMES = 4    # per configuration in the test (64 games); the soak plays the ones after them


def config_seed(n: int, variant: str, veto: bool) -> int:
    """The first seed of a configuration's games; the test plays the first few, the soak the rest."""
    return 1000 * n + (100 if variant == "short" else 0) + (10 if veto else 0)


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
    """docs/design.md §2 events: replaying the events on the position before the move gives the position
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
            assert any(isinstance(e, engine.events.ScoringStarted) and e.kind == "general" for e in events), (
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
    assert [e.round for e in g.score_history if e.kind == "general"] == [3, 6, 9]
    return step
