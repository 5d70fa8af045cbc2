"""Castell rules engine: pure Python, no pygame, no I/O but its data file and records.

Glossary (docs/castell.md):
  casteller     a tile with a size 1..10; a player's team is the castellers he recruited
  region        one of the seven map areas; the pawn stands in one
  tower         levels of castellers, bottom first (`8,8,8/6,6/5,5/3`), built from the team
  skill         balance, base, mix, strength, width: each rank relaxes a tower rule
  wheel         turns each round; the board skill tile facing a region is what you train there
  performance   a tile in a region's row, met by a tower of its shape or skills
  festival      at the end of rounds 3-10: towers of 4+ levels with the size token's size score

Public API: the same calls as El Grande's (docs/design.md) plus `breakdown`, `tower_problems` and
`festival_score`. Turn structure: game.py. Data: levels/castell/ (house data, docs/castell.md).
"""
from __future__ import annotations

from . import events
from ..errors import DataError, IllegalMove, NotationError
from . import data
from .data import DATA, CastellData, ExhibitionTile, FestivalTile, ShapeTile, load_data
from .game import COLOURS, RULES_VERSION, Game, new_game, random_playout
from .moves import Move, parse_move
from .position import (ACTION_NAMES, DONE, FESTIVAL, FREE, MOVE, NO_TOWER, OVER, RECRUIT, SKIP, SPECIAL_ACTION,
                       TRAIN, TURN, Festival, Position)
from .record import from_json, replay
from .solver import festival_prospect, festival_scores, festival_towers, tallest_tower
from .towers import SKILLS, Tower, festival_score, format_tower, parse_tower, tower_problems
from .view import View, determinize

__all__ = ["ACTION_NAMES", "DONE", "FESTIVAL", "FREE", "MOVE", "NO_TOWER", "OVER", "RECRUIT", "SKIP",
           "SPECIAL_ACTION", "TRAIN", "TURN", "festival_prospect", "festival_scores", "tallest_tower", "COLOURS", "CastellData", "DATA", "DataError", "IllegalMove", "NotationError", "data", "ExhibitionTile", "Festival", "FestivalTile",
           "Game", "Move", "Position", "RULES_VERSION", "SKILLS", "ShapeTile", "Tower", "View", "determinize",
           "events", "festival_score", "festival_towers", "format_tower", "from_json", "load_data",
           "new_game", "parse_move", "parse_tower", "random_playout", "replay", "tower_problems"]
