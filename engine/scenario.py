"""Scenario files (levels/scenarios/*.yaml): a position to start from. Format: levels/scenarios/README.md."""
from __future__ import annotations

def load_scenario(path_or_dict):
    raise NotImplementedError
