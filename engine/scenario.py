"""Scenario files (levels/scenarios/*.yaml): a position to start a game from.

The format is documented in levels/scenarios/README.md. A scenario is built on a `new_game` with
the scenario's players, seed and options, then the listed parts of the position replace the set-up
ones. Every field is checked; errors name the file and the field.
"""
from __future__ import annotations

import copy
from collections import Counter
from pathlib import Path
from typing import Any

from .data import read_yaml_mapping, AREA_INDEX, AREAS_PER_PLAYER as A, BOARD, BOARD_NAMES, CARDS, PROVINCES, REGIONS
from .errors import DataError, EngineError
from .dummy import stack_slot
from .flow import begin_general_scoring, begin_turn, new_game
from .seed import SEED_LIMIT
from .phase import P_CARD, P_POWER
from .state import Game

_PHASES = ("power", "turn", "card", "scoring")
TEXT_LIMIT = 2000           # characters of a name or description (per language)
SCORE_LIMIT = 999           # points a scenario may give; a real game ends near 150
_KNOWN = {"name", "description", "players", "seed", "variant", "veto", "castillo", "dummy", "round", "phase",
          "to_move", "starter", "king", "grandes", "caballeros", "scores", "hands", "played",
          "face_up", "scoreboards", "vetoes"}


class _Reader:
    def __init__(self, data: dict, source: str) -> None:
        self.data, self.source = data, source

    def fail(self, field: str, expected: str) -> DataError:
        return DataError(f"{self.source}: {field}: expected {expected}, got {self.data.get(field.split('.')[0])!r}")

    def region(self, value: Any, field: str) -> int:
        if value not in REGIONS:
            raise DataError(f"{self.source}: {field}: expected a region id, got {value!r}")
        return REGIONS.index(value)

    def player_map(self, field: str, players: tuple) -> dict:
        value = self.data.get(field, {})
        if not isinstance(value, dict) or any(p not in players for p in value):
            raise DataError(f"{self.source}: {field}: expected a mapping from the scenario's players, got {value!r}")
        return value


def load_scenario(path_or_dict: str | Path | dict, source: str | None = None) -> Game:
    """A Game in the position a scenario file (or an already parsed mapping) describes."""
    if isinstance(path_or_dict, dict):
        data, source = path_or_dict, source or "scenario"
    else:
        path = Path(path_or_dict)
        source = source or path.name
        data = read_yaml_mapping(path, source)
    if not isinstance(data, dict):
        raise DataError(f"{source}: a scenario must be a mapping")
    unknown = sorted(map(str, set(data) - _KNOWN))
    if unknown:
        raise DataError(f"{source}: unknown field {unknown[0]!r} (expected one of {', '.join(sorted(_KNOWN))})")
    for field in ("name", "description"):
        _check_text(data.get(field), field, source)
    try:
        return _build(data, source)
    except DataError:
        raise
    except (AttributeError, TypeError, ValueError, KeyError, IndexError, OverflowError) as exc:
        raise DataError(f"{source}: malformed scenario ({exc.__class__.__name__}: {exc})") from None


def _check_text(value: Any, field: str, source: str) -> None:
    """A menu text: plain text, or a mapping language code -> text; at most TEXT_LIMIT characters.
    A bare YAML scalar (`description: no` reads as false) is taken as its text."""
    texts = value.items() if isinstance(value, dict) else [(None, value)]
    for lang, text in texts:
        where = field if lang is None else f"{field}.{lang}"
        if not isinstance(lang, (str, type(None))) or (lang is not None and len(lang) > 8):
            raise DataError(f"{source}: {field}: expected language codes (en, pt, ca) as keys, got {lang!r}")
        if text is None or isinstance(text, (bool, int, float)):
            continue
        if not isinstance(text, str) or len(text) > TEXT_LIMIT:
            got = f"{len(text)} characters" if isinstance(text, str) else type(text).__name__
            raise DataError(f"{source}: {where}: expected text of at most {TEXT_LIMIT} characters, got {got}")


def game_options(data: dict, source: str, where: str = "") -> dict[str, Any]:
    """The `new_game` arguments of a scenario or a record's setup, each checked by type and range
    (`where` prefixes the field names, e.g. "setup.")."""
    seed = data.get("seed", 0)
    if type(seed) is not int or not -SEED_LIMIT < seed < SEED_LIMIT:
        raise DataError(f"{source}: {where}seed: expected an integer of at most 39 digits, got {repr(seed)[:40]}")
    variant = data.get("variant", "classic")
    if not isinstance(variant, str) or variant not in BOARD.variants:
        raise DataError(f"{source}: {where}variant: expected one of {', '.join(BOARD.variants)}, "
                        f"got {repr(variant)[:40]}")
    veto = data.get("veto", True)
    if not isinstance(veto, bool):
        raise DataError(f"{source}: {where}veto: expected true or false, got {repr(veto)[:40]}")
    castillo = data.get("castillo", "announced")
    if castillo not in ("announced", "secret"):
        raise DataError(f"{source}: {where}castillo: expected announced or secret, got {repr(castillo)[:40]}")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise DataError(f"{source}: {where}players: expected a list of 2 to 5 colours, got {repr(players)[:40]}")
    dummy = data.get("dummy", False)
    if not isinstance(dummy, bool):
        raise DataError(f"{source}: {where}dummy: expected true or false, got {repr(dummy)[:40]}")
    return {"players": players, "seed": seed, "variant": variant, "veto": veto, "castillo": castillo,
            "dummy": dummy}


def _build(data: dict, source: str) -> Game:
    r = _Reader(data, source)
    options = game_options(data, source)
    try:
        g = new_game(**options)
    except EngineError as exc:
        raise DataError(f"{source}: players/options: {exc}") from None
    players = g.players
    _read_board(g, r, players)
    _read_cards(g, r, players)
    _read_phase(g, r, players)
    g.history, g.origin = None, copy.deepcopy(data)
    return g


def _read_board(g: Game, r: _Reader, players: tuple) -> None:
    data = r.data
    if "king" in data:
        g.king_i = r.region(data["king"], "king")
    for p, region in r.player_map("grandes", players).items():
        g.grande_i[players.index(p)] = r.region(region, f"grandes.{p}")
    for p, areas in r.player_map("caballeros", players).items():
        q = players.index(p)
        if not isinstance(areas, dict):
            raise DataError(f"{r.source}: caballeros.{p}: expected a mapping area -> count")
        base = q * A
        g.counts[base:base + A] = [0] * A
        for area, n in areas.items():
            if area not in AREA_INDEX or area == "provinces":
                raise DataError(f"{r.source}: caballeros.{p}.{area}: expected a region id, castillo or court")
            if type(n) is not int or not 0 <= n <= BOARD.caballeros:
                raise DataError(f"{r.source}: caballeros.{p}.{area}: expected a whole number "
                                f"0..{BOARD.caballeros}, got {repr(n)[:40]}")
            g.counts[base + AREA_INDEX[area]] = n
        placed = sum(g.counts[base:base + A])
        if placed > BOARD.caballeros:
            raise DataError(f"{r.source}: caballeros.{p}: {placed} Caballeros listed, at most {BOARD.caballeros}")
        g.counts[base + PROVINCES] = BOARD.caballeros - placed
    for p, pts in r.player_map("scores", players).items():
        if type(pts) is not int or not 0 <= pts <= SCORE_LIMIT:
            raise DataError(f"{r.source}: scores.{p}: expected whole points 0..{SCORE_LIMIT}, got {repr(pts)[:40]}")
        g.score_pts[players.index(p)] = pts
    boards = data.get("scoreboards", {})
    if not isinstance(boards, dict) or any(b not in BOARD_NAMES for b in boards):
        raise DataError(f"{r.source}: scoreboards: expected a mapping from {' / '.join(BOARD_NAMES)} to regions")
    for b, region in boards.items():
        g.boards[BOARD_NAMES.index(b)] = -1 if region is None else r.region(region, f"scoreboards.{b}")
    if g.boards[0] >= 0 and g.boards[0] == g.boards[1]:
        raise DataError(f"{r.source}: scoreboards: the two boards cannot share a region")


def _read_cards(g: Game, r: _Reader, players: tuple) -> None:
    data = r.data
    rnd = data.get("round", g.rounds[0])
    if type(rnd) is not int or rnd not in g.rounds:
        raise DataError(f"{r.source}: round: expected one of {list(g.rounds)} for this variant, got {rnd!r}")
    g.round_idx = g.rounds.index(rnd)
    played = r.player_map("played", players)
    hands = r.player_map("hands", players)
    for p in players:
        q = players.index(p)
        if p in hands:
            values = hands[p]
            if not isinstance(values, list) or any(type(v) is not int or not 1 <= v <= 13 for v in values):
                raise DataError(f"{r.source}: hands.{p}: expected a list of power cards 1..13")
            g.hand_bits[q] = sum(1 << v for v in set(values))
        v = played.get(p, 0)
        if v and (type(v) is not int or not 1 <= v <= 13):
            raise DataError(f"{r.source}: played.{p}: expected a power card 1..13, got {v!r}")
        if v and p not in hands:
            g.hand_bits[q] &= ~(1 << v)
        if v:
            if g.hand_bits[q] >> v & 1:
                raise DataError(f"{r.source}: played.{p}: expected a power card 1..13 not in the hand")
        g.played[q] = v
        g.used[q] = sum(1 << x for x in range(1, 14) if not g.hand_bits[q] >> x & 1)
    for q, p in enumerate(players):
        to_bid = len(g.rounds) - g.round_idx - (1 if g.played[q] else 0)
        need = to_bid + g.n - 1 if to_bid else 0
        if bin(g.hand_bits[q]).count("1") < need:
            raise DataError(f"{r.source}: hands.{p}: expected at least {need} power cards "
                            f"({to_bid} rounds still to bid with {g.n} players)")
    values = [v for v in g.played if v]
    if len(values) != len(set(values)):
        raise DataError(f"{r.source}: played: power card values must differ within a round")
    face_up = data.get("face_up")
    if face_up is not None:
        if not isinstance(face_up, list) or any(not isinstance(c, str) or c not in CARDS for c in face_up):
            raise DataError(f"{r.source}: face_up: expected a list of action card ids")
        for cid, n in Counter(face_up).items():
            if n > CARDS[cid].copies:
                raise DataError(f"{r.source}: face_up: {cid!r} listed {n} times, the deck holds "
                                f"{CARDS[cid].copies}")
        stacks = [list(s) for s in g.stacks]
        for prev in g.face_up_slots[:len(stacks)]:  # put the cards revealed at set-up back
            if prev is not None:
                stacks[stack_slot(g, CARDS[prev].stack)].append(prev)
        for cid in face_up:
            stack = CARDS[cid].stack
            if stack < 5:
                if cid not in stacks[stack_slot(g, stack)]:
                    raise DataError(f"{r.source}: face_up: no copy of {cid!r} left in stack {stack}")
                stacks[stack_slot(g, stack)].remove(cid)
        g.stacks = tuple(tuple(s) for s in stacks)
        g.face_up_slots = tuple(face_up)
    held = []
    for p in players:
        when = r.player_map("vetoes", players).get(p, [])
        when = [when] if isinstance(when, str) else when
        if not isinstance(when, list) or len(when) > 2 or any(w not in ("this", "previous") for w in when):
            raise DataError(f"{r.source}: vetoes.{p}: expected 'this', 'previous' or a list of up to 2 of them, got {when!r}")
        if "previous" in when and g.round_idx == 0:
            raise DataError(f"{r.source}: vetoes.{p}: 'previous' needs a round before round {rnd}")
        held.append(tuple(sorted(g.round_idx - (w == "previous") for w in when)))
    g.veto = tuple(held)


def _read_phase(g: Game, r: _Reader, players: tuple) -> None:
    data = r.data
    phase = data.get("phase", "power")
    if phase not in _PHASES:
        raise DataError(f"{r.source}: phase: expected one of {', '.join(_PHASES)}, got {phase!r}")
    mover = data.get("to_move", players[0])
    if mover not in players:
        raise DataError(f"{r.source}: to_move: expected one of the players, got {mover!r}")
    m = players.index(mover)
    starter = data.get("starter", mover)     # checked in every phase, though only bids use it
    if not isinstance(starter, str) or starter not in players:
        raise DataError(f"{r.source}: starter: expected one of the players ({', '.join(players)}), "
                        f"got {_shown(starter)}")
    if phase == "power" and g.round_idx == 0 and not any(g.played) and "king" in data:
        _check_grandes_at_setup(g, r)
    if phase == "power":
        s = players.index(starter)
        g.bid_seq = tuple((s + i) % g.n for i in range(g.n))
        g.pos = g.bid_seq.index(m)
        if any((g.played[q] != 0) != (i < g.pos) for i, q in enumerate(g.bid_seq)):
            raise DataError(f"{r.source}: played: expected power cards for exactly the players "
                            f"bidding before {mover}")
        g.ph, g.to_move_idx = P_POWER, m
        _check_face_up(g, r, g.n)
        return
    if phase == "scoring":
        _read_scoring_phase(g, r)
        return
    if 0 in g.played:
        raise DataError(f"{r.source}: played: every player needs a power card once turns have begun")
    g.turn_seq = tuple(sorted(range(g.n), key=lambda q: -g.played[q]))
    g.pos = g.turn_seq.index(m)
    _check_face_up(g, r, g.n - g.pos)
    begin_turn(g, [])
    if phase == "card":
        g.ph = P_CARD


def _shown(value: Any) -> str:
    """A refused value as the message shows it: its repr, cut to one short line."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _read_scoring_phase(g: Game, r: _Reader) -> None:
    """The general scoring at the end of a scoring round (§8.1): the round's turns are over; the
    players with Caballeros in the Castillo set their discs, in seat order."""
    if g.rounds[g.round_idx] not in BOARD.scoring_rounds:
        raise DataError(f"{r.source}: round: phase 'scoring' needs a scoring round "
                        f"({sorted(BOARD.scoring_rounds)}), got {g.rounds[g.round_idx]}")
    if r.data.get("to_move") is not None:
        raise DataError(f"{r.source}: to_move: the scoring phase decides who sets a disc; leave it out")
    order = sorted(range(g.n), key=lambda q: -g.played[q]) if 0 not in g.played else list(range(g.n))
    g.turn_seq, g.pos = tuple(order), g.n
    g.face_up_slots, g.active_idx, g.card = (), -1, None
    begin_general_scoring(g, [])


def _check_grandes_at_setup(g: Game, r: _Reader) -> None:
    """Before the first bid no Grande stands in the King's region the scenario names (§2); later
    the King may have been moved onto one (`king`, §7.1), so later positions may have it. (A King
    left to the seed is not checked: rules tests put Grandes in fixed regions whatever it draws.)"""
    for q, p in enumerate(g.players):
        if g.grande_i[q] == g.king_i:
            raise DataError(f"{r.source}: grandes.{p}: expected a region other than the King's "
                            f"({REGIONS[g.king_i]}) before the first bid (§2)")


def _check_face_up(g: Game, r: _Reader, still_to_take: int) -> None:
    """Every player still to take an action card this round must find one (§5.2 T2)."""
    offered = sum(1 for c in g.face_up_slots if c is not None)
    if offered < still_to_take:
        raise DataError(f"{r.source}: face_up: expected at least {still_to_take} cards for the "
                        f"players still to take one this round, got {offered}")
