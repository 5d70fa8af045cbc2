"""Invariants a Castell position must keep at every step, as plain-English problems: the random
tests and the soak (`benchmarks/soak.py --game castell`) check them, so one definition serves both."""
from __future__ import annotations

import random

from ..errors import EngineError
from .game import Game
from .moves import parse_move
from .view import determinize


def problems(g: Game, rng: random.Random | None = None) -> list[str]:
    """What is wrong with this position (empty when nothing): castellers conserved, tokens spent
    at most the supply and every spent one lying or collected, scores equal to the breakdown,
    legal moves non-empty while someone is to move, unique, round-tripping their notation; with
    `rng`, one legal move also played through the checked path and the view's determinization
    compared with the view."""
    d = g.data
    out: list[str] = []
    total = len(g.bag) + sum(map(sum, g.pool)) + sum(map(sum, g.team))
    if total != d.casteller_total:
        out.append(f"{total} castellers somewhere, expected {d.casteller_total}")
    if any(not 0 <= t <= d.special_tokens for t in g.tokens):
        out.append(f"special tokens left out of range: {list(g.tokens)}")
    spent = sum(d.special_tokens - t for t in g.tokens)
    if spent != sum(map(len, g.bounty)) + sum(g.collected):
        out.append(f"{spent} tokens spent but {sum(map(len, g.bounty))} lie and {sum(g.collected)} were taken")
    for p in g.players:
        if g.scores[p] != sum(g.breakdown(p).values()):
            out.append(f"{p}'s score is not the sum of the breakdown")
    moves = g.legal_moves()
    if g.to_move is None:
        return out + (["legal moves after the end"] if moves else [])
    texts = [str(m) for m in moves]
    if not moves:
        out.append(f"no legal move for {g.to_move} in phase {g.phase}")
    if len(set(texts)) != len(texts):
        out.append("legal moves repeat a text")
    for m in moves:
        if parse_move(str(m), d) != m:
            out.append(f"{m} does not round-trip its notation")
    if rng is not None and moves:
        probe = rng.choice(moves)
        try:
            g.clone().play(str(probe))
        except EngineError as exc:
            out.append(f"legal move {probe} refused: {exc}")
        view = g.view(g.to_move)
        if [str(m) for m in view.legal_moves()] != texts:
            out.append("the view's legal moves differ from the game's")
        if determinize(view, rng).view(g.to_move) != view:
            out.append("a determinized game's view differs from the view")
    return out
