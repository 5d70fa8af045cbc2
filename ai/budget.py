"""Search budgets: counts (worlds, nodes) with an optional wall-clock deadline.

A node is one move applied inside search (plans, playouts and disc-resolution trials alike).
Tests set counts only; the client and benchmarks may add a deadline in seconds, which the search
checks between playouts so it stops within one playout of it.

Deadlines are read from `search_clock()`: wall-clock seconds for a player waiting at the table,
or, after `use_cpu_clock()`, the searching process's own CPU seconds. Strength benchmarks use the
latter so that a loaded machine plays the same search a quiet one would (a deadline then buys the
same work whatever else runs), only slower.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

_clock: Callable[[], float] = time.perf_counter


def search_clock() -> float:
    """Seconds on the clock search deadlines are measured with (wall clock by default)."""
    return _clock()


def use_cpu_clock(enabled: bool = True) -> None:
    """Measure every search deadline in this process in CPU seconds of the process (or, with
    `enabled` false, in wall-clock seconds again)."""
    global _clock
    _clock = time.process_time if enabled else time.perf_counter


@dataclass
class Budget:
    max_nodes: int
    deadline_s: float | None = None
    nodes: int = 0
    _stop_at: float | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.max_nodes, int) or self.max_nodes < 1:
            raise ValueError(f"Budget: max_nodes must be a positive integer, got {self.max_nodes!r}")
        if self.deadline_s is not None and not self.deadline_s > 0:
            raise ValueError(f"Budget: deadline_s must be positive seconds or None, got {self.deadline_s!r}")

    def start(self) -> Budget:
        """A fresh copy with the counter at zero and the clock started."""
        b = Budget(self.max_nodes, self.deadline_s)
        if self.deadline_s is not None:
            b._stop_at = search_clock() + self.deadline_s
        return b

    def child(self, max_nodes: int) -> Budget:
        """A budget of its own `max_nodes`, counted from zero, that stops at this one's deadline."""
        b = Budget(max_nodes)
        b._stop_at = self._stop_at
        return b

    def spend(self, k: int = 1) -> None:
        self.nodes += k

    def room(self, k: int) -> bool:
        """True if `k` more nodes fit in the count and the deadline has not passed."""
        return self.nodes + k <= self.max_nodes and not self.exhausted()

    def exhausted(self) -> bool:
        if self.nodes >= self.max_nodes:
            return True
        return self._stop_at is not None and search_clock() >= self._stop_at
