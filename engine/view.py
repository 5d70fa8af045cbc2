"""Per-player views (§5.4) and determinization: the only window agents and the UI look through.

A View is a copy of the game with everything the viewer may not know scrubbed to a canonical
form: the face-down stacks sorted, other players' set discs marked hidden, other players'
secretly recovered power cards folded back among their played cards, a secret power-card
declaration masked, and the seed and move history dropped. Two games that differ only in hidden
parts therefore give equal views, which is what the anti-cheat tests compare.
"""
from __future__ import annotations

import random

from .context import VetoWindow, running
from .flow import _disc_effect
from .effects import effect_for
from .phase import HIDDEN_DISC, P_DISC, P_VETO
from .state import Game

_MASKED_RECOVERY = "recover ?"


class View(Game):
    """A read-only game as one player sees it; `legal_moves()` works when that player moves."""

    __slots__ = ()


def make_view(g: Game, viewer: str) -> View:
    p = g.index(viewer)
    v = View.__new__(View)
    base = g.clone()
    for name in Game.__slots__:
        setattr(v, name, getattr(base, name))
    v.viewer = p
    v.seed, v.history = None, None
    v.stacks = tuple(tuple(sorted(s)) for s in g.stacks)
    v.discs = tuple(d if q == p or d < 0 else HIDDEN_DISC for q, d in enumerate(g.discs))
    for q in range(g.n):
        rec = v.recovered[q]
        if q != p and rec:
            v.hand_bits[q] &= ~rec
            v.used[q] |= rec
            v.unknown_hand[q] += bin(rec).count("1")
            v.recovered[q] = 0
    if (g.ph == P_VETO and g.active_idx != p and effect_for(g.card).secret_declaration):
        v.ctx = running(g.ctx, VetoWindow)._replace(declared=_MASKED_RECOVERY)
    return v


def determinize(view: Game, rng: random.Random) -> Game:
    """A full Game consistent with `view`: hidden parts drawn at random, the rest copied."""
    g = Game.__new__(Game)
    base = view.clone()
    for name in Game.__slots__:
        setattr(g, name, getattr(base, name))
    g.viewer = None
    stacks = []
    for s in view.stacks:
        cards = list(s)
        rng.shuffle(cards)
        stacks.append(tuple(cards))
    g.stacks = tuple(stacks)
    for q in range(g.n):
        k = g.unknown_hand[q]
        if k:
            pool = g.used[q] & g.recover_pool[q]
            candidates = [v for v in range(1, 14) if pool >> v & 1]
            for v in rng.sample(candidates, k):
                g.used[q] &= ~(1 << v)
                g.hand_bits[q] |= 1 << v
                g.recovered[q] |= 1 << v
            g.unknown_hand[q] = 0
    if g.ph == P_DISC and HIDDEN_DISC in g.discs:
        effect = _disc_effect(g)
        discs = list(g.discs)
        for q, d in enumerate(discs):
            if d == HIDDEN_DISC:
                discs[q] = rng.choice(effect.disc_options(g, q))
        g.discs = tuple(discs)
    if g.ph == P_VETO and running(g.ctx, VetoWindow).declared == _MASKED_RECOVERY:
        used = [v for v in range(1, 14) if g.used[g.active_idx] >> v & 1]
        g.ctx = running(g.ctx, VetoWindow)._replace(declared=f"recover {rng.choice(used)}")
    return g
