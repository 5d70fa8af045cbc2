"""Encoding and decoding time of a View's wire form, per view, over seeded random games: what
the server spends sending every seat its view after a move, and a client reading one.

Prints one JSON line: microseconds per view for `json.dumps(view.to_json())`, for the server's
cached `View.wire_text` (one cache per game, as a table keeps), for `engine.view_from_json`, and
the mean size in bytes. Run: PYTHONPATH=. python benchmarks/view_encoding.py [games]
"""
from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

import engine

COLOURS = ["red", "blue", "green", "yellow", "orange"]


def positions(games: int) -> list[list[engine.View]]:
    """Every seat's and the public view at every position of `games` seeded games, per game."""
    out = []
    for seed in range(games):
        g = engine.new_game(players=COLOURS[:2 + seed % 4], seed=seed)
        rng, views = random.Random(seed), []
        while not g.is_over:
            views += [g.view(p) for p in g.players] + [g.public_view()]
            g.play(rng.choice(g.legal_moves()))
        out.append(views)
    return out


def per_view_us(games: list[list[engine.View]], work: Any) -> float:
    count, start = 0, time.perf_counter()
    for views in games:
        work(views)
        count += len(views)
    return (time.perf_counter() - start) / count * 1e6


def main() -> None:
    games = positions(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
    texts = [json.dumps(v.to_json(), separators=(",", ":")) for views in games for v in views]
    parsed = [json.loads(t) for t in texts]

    def to_json(views: list[engine.View]) -> None:
        for v in views:
            json.dumps(v.to_json(), separators=(",", ":"))

    def cached(views: list[engine.View]) -> None:
        fragments: dict[Any, str] = {}
        for v in views:
            v.wire_text(fragments)

    print(json.dumps({"benchmark": "view_encoding", "views": len(texts),
                      "to_json_dumps_us": round(per_view_us(games, to_json), 1),
                      "wire_text_us": round(per_view_us(games, cached), 1),
                      "view_from_json_us": round(per_view_us([parsed], lambda ds: [engine.view_from_json(d) for d in ds]), 1),
                      "bytes": round(sum(map(len, texts)) / len(texts))}))


if __name__ == "__main__":
    main()
