"""El Grande rules engine: pure Python, no pygame, no I/O but data files and records.

Glossary (the rulebook's words, used throughout the code):
  region        one of the 9 map areas; the Castillo is not a region
  Castillo      the tower, a separate scoring area emptied only at general scorings
  area          a region or the Castillo (anything scored); code also treats court and provinces
                as per-player areas
  Caballero     a player's cube; the only piece counted for majorities
  Grande        a player's big cube; marks his home region; never counted
  King          the black pawn; nothing enters or leaves the King's region except the King
  court         a player's Caballeros ready to be placed
  provinces     a player's Caballeros not in play
  power card    bidding cards 1..13: high acts first, low brings more Caballeros to court
  action card   one of the five cards offered each round; places up to its stack number
  secret disc   a dial set in secret to one of the 9 regions and revealed together
  mobile scoreboard  an 8-4-0 or 4-0-0 tile replacing a region's values

Public API: engine/position.py (what a Game and a View both answer), docs/protocol.md. Turn structure: flow.py. Card effects: effects/.
"""
from __future__ import annotations

import random as _random

from . import events
from .data import ADJACENT, BOARD, CARDS, REGIONS, CardInfo
from .describe import CARD_NAMES, describe
from .errors import DataError, EngineError, IllegalMove, NotationError
from .flow import CASTILLO_MODES, new_game
from .moves import FIRST_PLACE, SECRET_VERBS, TARGET_ARG, VERBS, Move, parse_move, public_text, target_area
from .refusals import REASONS, Reason, reason_text, why_illegal
from .progress import Progress, progress
from .record import from_json, replay
from .scenario import load_scenario
from .scoring import area_values, depth_for, rank_players as ranks
from .phase import RULES_VERSION, Phase
from .position import Position
from .state import Game, ScoreEntry
from .verbs import COMMON_REFUSALS, VERB_INFO, Confirm, Ghost, VerbInfo, Where, piece_owner
from .view import View, determinize, holds_secret, readable, view_from_json

VARIANTS: tuple[str, ...] = tuple(BOARD.variants)   # "classic" (9 rounds), "short" (6 rounds)



def region_values(pos: Position, region: str) -> tuple[int, int, int]:
    """The three values in force for a region or the Castillo (mobile scoreboards included)."""
    from .data import AREA_INDEX
    return area_values(readable(pos).boards, AREA_INDEX[region])


def scoring_preview(pos: Position, area: str) -> events.AreaScored:
    """What scoring a region or the Castillo now would give (place points, bonuses and ranks), as
    the event a real scoring reports; the game is unchanged."""
    from .data import AREA_INDEX
    from .ops import area_scored
    return area_scored(readable(pos), AREA_INDEX[area])


def area_ranks(pos: Position, area: str) -> dict[str, int]:
    """Each player present in a region or the Castillo and his rank there now, under §8.2's tie
    rule (tied players share the lower rank and the next rank goes on from there: 3, 3, 1 ranks 2nd, 2nd, 3rd)."""
    from .data import AREA_INDEX
    from .ops import area_ranks as ranks_in
    return dict(ranks_in(readable(pos), AREA_INDEX[area]))


def card_scoring_preview(pos: Position, card: str) -> dict[str, int] | None:
    """Each player's gain if the scoring card `card` were played now (None when its areas are
    chosen as it is played, or it would score a Castillo the viewer cannot count)."""
    from .effects.scoring_cards import fixed_scoring_gains
    return fixed_scoring_gains(readable(pos), card)


def idle_moves(pos: Position) -> tuple[Move, ...]:
    """Legal moves that would do nothing now, which a client need not offer: `first place` while
    the player choosing the order of his turn (§5.2 T3/T4) has an empty court (only court
    Caballeros are placed, so the special action is the one choice; placing after it stays open)."""
    if pos.phase == "order" and pos.active is not None and pos.count(pos.active, "court") == 0:
        return (FIRST_PLACE,)
    return ()


def random_playout(game: Game, rng: _random.Random) -> Game:
    """Play uniformly random legal moves to the end (tests and benchmarks)."""
    while game.to_move_idx >= 0:
        game.apply(rng.choice(game.legal_moves()))
    return game


__all__ = ["ADJACENT", "BOARD", "CARDS", "CARD_NAMES", "CASTILLO_MODES", "CardInfo", "DataError",
           "EngineError", "Game", "IllegalMove", "Move", "NotationError", "Phase", "Position", "REASONS", "REGIONS",
           "RULES_VERSION", "Reason", "SECRET_VERBS", "ScoreEntry", "TARGET_ARG", "VARIANTS", "VERBS", "View",
           "area_ranks", "card_scoring_preview", "depth_for", "describe", "determinize", "events",
           "from_json", "holds_secret", "load_scenario", "new_game", "parse_move", "Progress", "progress", "public_text",
           "idle_moves", "random_playout", "ranks", "reason_text", "region_values", "replay", "scoring_preview",
           "target_area", "view_from_json", "why_illegal",
           "COMMON_REFUSALS", "Confirm", "Ghost", "VERB_INFO", "VerbInfo", "Where", "piece_owner"]
