"""Fit the evaluation weights to self-play: `python -m ai.fit_weights`.

    python -m ai.fit_weights --agent normal --games 200 --seed 1000 [--players 2,3,4,5] [--jobs 2] [--dummy]

The static evaluation (`evaluate.py`) guesses what a position is worth in final points. This
tool measures it instead. It plays seeded games between copies of one preset, records every
player's features at the start of every round after the first — exactly the positions a
round-horizon search scores as leaves — and fits, by least squares, how many of the points
still to come (relative to the mean rival, since winning is relative) each feature predicts:

  majorities_gap0/1/2  today's region points at the next general scoring (King and home bonuses
                       included), split by rounds still to play before that scoring round
  margin               the size of sole leads (as in `Weights.margin`)
  castillo_points, castillo_caballeros, court, provinces, hand   (as in `Weights`)

Each table size (`--players`, one or several) is fitted on its own games — the 2-player game
scores first places only and plays very differently; `--dummy` plays 2-player games with the
neutral colour, whose Caballeros take their rank in every majority. It prints the coefficients with bootstrap
standard errors (games resampled) and the `weights_by_players:` block for
`levels/ai_profiles.yaml` they translate to. The fit is correlational, so treat it as
a measured starting point and check any change with `benchmarks/ai_strength.py`.
"""
from __future__ import annotations

import argparse
import random
import sys
from multiprocessing import Pool

import engine
from engine import Game
from engine.internals import AREAS_PER_PLAYER as A
from engine.internals import (BOARD, CASTILLO, COURT, NREG, PROVINCES, bonus_points, depth_for,
                              place_points, values_in_force)

from .evaluate import rounds_left, rounds_to_scoring, top_cards

FEATURES = ("majorities_gap0", "majorities_gap1", "majorities_gap2", "margin", "castillo_points",
            "castillo_caballeros", "court", "provinces", "hand")
COLOURS = ("red", "blue", "green", "yellow", "orange")


def round_start_features(g: Game) -> list[list[float]]:
    """Every player's feature vector (FEATURES order) in the position `g`."""
    n, colours, depth = g.n, g.rows, depth_for(g.rows)   # the neutral colour's row counts, never a seat
    vals = values_in_force(g.boards)
    majorities, margins = [0.0] * colours, [0.0] * colours
    for a in range(NREG):
        pts, leader, lead = place_points(g.counts[a::A][:colours], vals[a], depth)
        for p in range(n):
            majorities[p] += pts[p]
        if leader >= 0:
            majorities[leader] += bonus_points(a, leader, g.king_i, g.grande_i)
            margins[leader] += min(lead, 2) * vals[a][0] / 5.0
    castillo = g.counts[CASTILLO::A][:colours]
    castillo_pts, _, _ = place_points(castillo, BOARD.castillo_values, depth)
    gap = min(rounds_to_scoring(g), 2)
    keep = rounds_left(g) + 1
    rows = []
    for p in range(n):
        o = p * A
        row = [0.0] * len(FEATURES)
        row[gap] = majorities[p]
        row[3:] = [margins[p], castillo_pts[p], castillo[p], g.counts[o + COURT],
                   g.counts[o + PROVINCES], top_cards(g.hand_bits[p], keep)]
        rows.append(row)
    return rows


def relative_samples(features: list[list[float]], scores_then: list[int],
                     final: list[int]) -> list[tuple[list[float], float]]:
    """(x, y) per player: features and points still to come, each minus the rivals' mean (any
    feature list: Castell's fit uses it too)."""
    n = len(features)
    out = []
    for p in range(n):
        others = [q for q in range(n) if q != p]
        x = [features[p][i] - sum(features[q][i] for q in others) / len(others) for i in range(len(features[p]))]
        gain = final[p] - scores_then[p]
        y = gain - sum(final[q] - scores_then[q] for q in others) / len(others)
        out.append((x, y))
    return out


def play_and_record(agent: str, players: int, seed: int, dummy: bool = False) -> list[tuple[list[float], float]]:
    """One self-play game (`dummy`: with the neutral colour): the relative samples of every round
    start after the first."""
    from . import make_agent
    g = engine.new_game(players=list(COLOURS[:players]), seed=seed, dummy=dummy)
    seats = [make_agent(agent, seed=seed * 10 + s) for s in range(players)]
    rngs = [random.Random(seed * 7919 + s) for s in range(players)]
    snapshots: list[tuple[list[list[float]], list[int]]] = []
    last_round = 0
    while not g.is_over:
        if g.round_idx != last_round:
            last_round = g.round_idx
            snapshots.append((round_start_features(g), list(g.score_pts)))
        p = g.to_move_idx
        g.play(seats[p].choose(g.view(g.players[p]), rngs[p]))
    final = list(g.score_pts)
    return [s for feats, then in snapshots for s in relative_samples(feats, then, final)]


def _normal_sums(samples: list[tuple[list[float], float]], k: int) -> tuple[list[list[float]], list[float]]:
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for x, y in samples:
        for i in range(k):
            xi = x[i]
            if xi:
                xty[i] += xi * y
                row = xtx[i]
                for j in range(k):
                    row[j] += xi * x[j]
    return xtx, xty


def solve(xtx: list[list[float]], xty: list[float], ridge: float = 1e-6) -> list[float]:
    """Least squares from the normal equations (Gaussian elimination, partial pivoting)."""
    k = len(xty)
    m = [[xtx[i][j] + (ridge if i == j else 0.0) for j in range(k)] + [xty[i]] for i in range(k)]
    for c in range(k):
        pivot = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(k):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [a - f * b for a, b in zip(m[r], m[c])]
    return [m[i][k] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(k)]


def fit(per_game: list[list[tuple[list[float], float]]], boot: int = 200,
        seed: int = 0) -> tuple[list[float], list[float]]:
    """Coefficients and their bootstrap standard errors (whole games resampled); as many
    coefficients as each sample has features."""
    k = next(len(x) for samples in per_game for x, _ in samples)
    sums = [_normal_sums(samples, k) for samples in per_game]

    def solve_sum(idx: list[int]) -> list[float]:
        xtx = [[sum(sums[g][0][i][j] for g in idx) for j in range(k)] for i in range(k)]
        xty = [sum(sums[g][1][i] for g in idx) for i in range(k)]
        return solve(xtx, xty)

    everything = list(range(len(sums)))
    coef = solve_sum(everything)
    rng = random.Random(seed)
    draws = [solve_sum([rng.choice(everything) for _ in everything]) for _ in range(boot)]
    se = []
    for i in range(k):
        col = [d[i] for d in draws]
        mean = sum(col) / len(col)
        se.append((sum((c - mean) ** 2 for c in col) / max(1, len(col) - 1)) ** 0.5)
    return coef, se


def suggested_weights(coef: list[float]) -> dict[str, float]:
    """The `weights:` block the fit translates to (majority, fade; future 0 since each gap has
    its own coefficient; negative margins are clipped, leads are never a handicap)."""
    c = dict(zip(FEATURES, coef))
    majority = max(0.05, c["majorities_gap0"])
    fade = sum((1.0 - c[f"majorities_gap{d}"] / majority) / d for d in (1, 2)) / 2
    return {"majority": round(majority, 2), "fade": round(min(max(fade, 0.0), 0.5), 2), "future": 0.0,
            "margin": round(max(0.0, c["margin"]), 2), "castillo_move": round(c["castillo_caballeros"], 2),
            "court": round(c["court"], 2), "provinces": round(c["provinces"], 2),
            "hand": round(max(0.0, c["hand"]), 2)}


def _table_sizes(text: str) -> list[int]:
    sizes = [int(x) for x in text.split(",") if x.strip()]
    if not sizes or any(n not in range(2, 6) for n in sizes):
        raise argparse.ArgumentTypeError(f"--players: player counts 2..5, comma-separated, got {text!r}")
    return sizes


def fit_table_size(agent: str, players: int, games: int, seed: int, jobs: int,
                   dummy: bool = False) -> dict[str, float]:
    """Self-play at one table size, the fit printed; returns the weights it translates to."""
    tasks = [(agent, players, seed + i, dummy) for i in range(games)]
    if jobs > 1:
        with Pool(jobs) as pool:
            per_game = pool.starmap(play_and_record, tasks)
    else:
        per_game = [play_and_record(*t) for t in tasks]
    coef, se = fit(per_game)
    print(f"{games} games of {players} x {agent}{' with the neutral colour' if dummy else ''}, "
          f"{sum(len(s) for s in per_game)} samples; points to come per unit, relative to the mean rival:")
    for name, c, s in zip(FEATURES, coef, se):
        print(f"  {name:20s} {c:6.2f} ± {s:.2f}")
    return suggested_weights(coef)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ai.fit_weights", description=__doc__.split("\n\n")[0])
    ap.add_argument("--agent", default="normal", help="preset playing every seat (default normal)")
    ap.add_argument("--games", type=int, default=200, help="games per table size")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--players", type=_table_sizes, default=[4],
                    help="table size(s), comma-separated (e.g. 2,3,4,5); default 4")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--dummy", action="store_true", help="2-player games with the neutral colour")
    args = ap.parse_args(argv)
    if args.dummy and args.players != [2]:
        ap.error(f"--dummy: the neutral colour is for 2 players, got --players {','.join(map(str, args.players))}")
    blocks = {n: fit_table_size(args.agent, n, args.games, args.seed, args.jobs, args.dummy) for n in args.players}
    print("weights_by_players:")
    for n, weights in blocks.items():
        print(f"  {n}:")
        for name, value in weights.items():
            print(f"    {name}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
