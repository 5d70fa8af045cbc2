"""The outside yardstick: information-set MCTS with uniformly random playouts (`mcts` preset).

It shares nothing with the other presets: no evaluation, no fast policy, no plans. Each
iteration samples one full game consistent with the view (`engine.determinize`), walks one
tree of the decision-maker's information set down it (single-observer ISMCTS: the children are
moves by text, and a child's availability counts how often it was legal when its parent was
reached, which stands in for its parent's visits in UCB), adds one node, plays uniformly random
moves to the end of the game and credits every node on the path with the outcome for the player
who chose its move: half the win share, half the final score scaled between the lowest and the
highest. The most visited legal root move is played.

It exists so that `benchmarks/ai_strength.py` can measure hard and expert against an opponent
whose mistakes are not theirs; it is not offered in the client's menus.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

import engine
from engine import Game, Move, View

from .agent import check_view
from .budget import search_clock


@dataclass(frozen=True)
class MCTSConfig:
    time_s: float | None = 1.0      # wall-clock seconds per decision (null: iterations only)
    iterations: int = 1_000_000     # iterations per decision (the cap tests use)
    exploration: float = 0.7        # UCB exploration constant

    def __post_init__(self) -> None:
        if not isinstance(self.iterations, int) or isinstance(self.iterations, bool) or self.iterations < 1:
            raise ValueError(f"MCTSConfig.iterations: must be a positive integer, got {self.iterations!r}")
        if self.time_s is not None and (not isinstance(self.time_s, (int, float)) or self.time_s <= 0):
            raise ValueError(f"MCTSConfig.time_s: must be positive seconds or null, got {self.time_s!r}")
        if not isinstance(self.exploration, (int, float)) or self.exploration < 0:
            raise ValueError(f"MCTSConfig.exploration: must be a non-negative number, got {self.exploration!r}")


class _Node:
    __slots__ = ("avail", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover                       # who chose the move leading here
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


class MCTSAgent:
    """Single-observer information-set MCTS with random playouts to the end of the game."""

    def __init__(self, name: str = "mcts", config: MCTSConfig = MCTSConfig()) -> None:
        if not isinstance(config, MCTSConfig):
            raise TypeError("MCTSAgent: config must be an MCTSConfig")
        self.name, self.config = name, config
        self.last_iterations = 0                 # iterations of the last decision (tests read it)

    def __repr__(self) -> str:
        return f"MCTSAgent(name={self.name!r}, config={self.config!r})"

    def choose(self, view: View, rng: random.Random) -> Move:
        view = check_view(view)
        legal = view.legal_moves()
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        cfg = self.config
        stop_at = None if cfg.time_s is None else search_clock() + cfg.time_s
        root = _Node(-1)
        for it in range(cfg.iterations):
            if stop_at is not None and search_clock() >= stop_at:
                break
            self._iterate(root, engine.determinize(view, rng), rng)
            self.last_iterations = it + 1
        by_text = {m.text: m for m in legal}
        visited = [(child.visits, text) for text, child in root.children.items() if text in by_text]
        return by_text[max(visited)[1]] if visited else legal[0]

    def _iterate(self, root: _Node, g: Game, rng: random.Random) -> None:
        """One determinized descent, one new node, a random playout, the outcome backed up."""
        path, node = [root], root
        while not g.is_over:
            legal = g.legal_moves()
            untried = [m for m in legal if m.text not in node.children]
            for m in legal:
                child = node.children.get(m.text)
                if child is not None:
                    child.avail += 1
            if untried:
                move = rng.choice(untried)
                child = node.children[move.text] = _Node(g.to_move_idx)
                child.avail = 1
                g.apply(move)
                path.append(child)
                break
            move, node = self._select(node, legal)
            g.apply(move)
            path.append(node)
        while not g.is_over:
            g.apply(rng.choice(g.legal_moves()))
        outcome = _outcome(g)
        for n in path[1:]:
            n.visits += 1
            n.reward += outcome[n.mover]

    def _select(self, node: _Node, legal: list[Move]) -> tuple[Move, _Node]:
        c = self.config.exploration
        best, best_u = legal[0], -math.inf
        for m in legal:
            child = node.children[m.text]
            u = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if u > best_u:
                best, best_u = m, u
        return best, node.children[best.text]


def _outcome(g: Game) -> list[float]:
    """Per player: half the win share, half the score scaled between the lowest and highest."""
    scores, winners = g.score_pts, set(g.winners())
    low, spread = min(scores), max(1, max(scores) - min(scores))
    return [0.5 * (1.0 / len(winners) if p in winners else 0.0) + 0.5 * (s - low) / spread
            for p, s in zip(g.players, scores)]
