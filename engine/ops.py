"""Small state changes shared by the turn flow and the card effects: moving Caballeros, scoring."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as E
from .context import Discs
from .phase import P_DISC
from .data import AREA_NAMES, AREAS_PER_PLAYER, BOARD, CASTILLO, NREG, REGIONS
from .scoring import area_result, area_values, depth_for, values_in_force

if TYPE_CHECKING:
    from .state import Game

A = AREAS_PER_PLAYER


def move_caballeros(g: "Game", p: int, src: int, dst: int, k: int, ev: list) -> None:
    """Move k of player p's Caballeros (row p: the neutral colour's too) between two areas
    (callers check legality)."""
    if k <= 0:
        return
    base = p * A
    g.counts[base + src] -= k
    g.counts[base + dst] += k
    if g.castillo_shown and (src == CASTILLO or dst == CASTILLO):
        g.castillo_shown &= ~(1 << p)   # his count changed since the tower was opened
    ev.append(E.CaballerosMoved(g.players[p] if p < g.n else str(g.dummy), AREA_NAMES[src], AREA_NAMES[dst], k))


def map_regions_except_king(g: "Game", p: int) -> list[int]:
    """Regions (not the King's) where player p has at least one Caballero."""
    base, king, c = p * A, g.king_i, g.counts
    return [r for r in range(NREG) if r != king and c[base + r] > 0]


def map_total_except_king(g: "Game", p: int) -> int:
    base, king, c = p * A, g.king_i, g.counts
    return sum(c[base + r] for r in range(NREG) if r != king)


def area_scored(g: "Game", area: int, values: tuple[int, int, int] | None = None,
                depth: int | None = None) -> E.AreaScored:
    """What scoring one area now gives under §8.2 (with King and home bonuses), as the event a real
    scoring reports; nothing changes (the client's "if scored now" preview reads this too).
    `values`: the values in force there (looked up when not given)."""
    in_force = area_values(g.boards, area) if values is None else values
    points, king, home = area_result(g.counts, g.rows, in_force, g.king_i, g.grande_i, area,
                                     depth_for(g.rows) if depth is None else depth)
    return E.AreaScored(AREA_NAMES[area], tuple((g.players[p], points[p]) for p in range(g.n) if points[p]),
                        g.players[king] if king >= 0 else None, (g.players[home],) if home >= 0 else (),
                        g.colours_on_board, tuple(g.counts[area::A]))   # one count per row


def area_ranks(g: "Game", area: int) -> tuple[tuple[str, int], ...]:
    """(colour, rank) for every colour with Caballeros in `area` (the neutral one included, which
    takes its rank like a player), strongest first (§8.2 ties)."""
    return E.AreaScored(AREA_NAMES[area], (), None, (), g.colours_on_board, tuple(g.counts[area::A])).ranks


def score_areas(g: "Game", areas: list[int], ev: list, depth: int | None = None) -> None:
    """Score several areas in canonical order (§8.2, with the values in force there and the King
    and home bonuses for regions), inside a scoring that `begin_scoring` opened."""
    values = values_in_force(g.boards)
    for area in areas:
        in_force = BOARD.castillo_values if area == CASTILLO else values[area]
        event = area_scored(g, area, in_force, depth)
        gained = dict(event.points)
        for p, player in enumerate(g.players):
            g.score_pts[p] += gained.get(player, 0)
        ev.append(event)


def begin_scoring(g: "Game", ev: list, card: str | None = None) -> list[int]:
    """Open a scoring: a general one, or action card `card`'s; returns the scores before it."""
    ev.append(E.ScoringStarted("card" if card else "general", g.rounds[g.round_idx], card))
    return g.score_pts[:]


def end_scoring(g: "Game", ev: list, before: list[int], card: str | None = None) -> None:
    """Close the scoring `begin_scoring` opened: one score-history entry for all of it."""
    kind, rnd = "card" if card else "general", g.rounds[g.round_idx]
    g.scorings = g.scorings + ((kind, rnd, card, tuple(a - b for a, b in zip(g.score_pts, before))),)
    ev.append(E.ScoringFinished(kind, rnd, card))


def open_castillo(g: "Game", ev: list) -> None:
    """The tower is opened (§8.1 step 2; a special Castillo scoring, docs/rulings.md R2): every
    player learns each colour's count there, announced or secret Castillo alike."""
    ev.append(E.CastilloOpened(tuple((g.players[p], g.counts[p * A + CASTILLO]) for p in range(g.n)
                                     if g.counts[p * A + CASTILLO])))
    g.castillo_shown = (1 << g.n) - 1


def clear_discs(g: "Game") -> tuple[tuple[str, str], ...]:
    """Reveal: the discs that were set, in seat order; then every disc is cleared."""
    shown = tuple((g.players[p], REGIONS[d]) for p, d in enumerate(g.discs) if d >= 0)
    g.discs = (-1,) * g.n
    return shown


def clockwise_from_left(g: "Game", p: int) -> list[int]:
    """The other players, starting at p's left neighbour (§0.2, rule A5)."""
    return [(p + i) % g.n for i in range(1, g.n)]



def begin_discs(g: "Game", participants: list[int], purpose: str, arg: int = -1) -> bool:
    """Open a secret-disc step (rule A6). False when nobody takes part (resolve at once)."""
    if not participants:
        return False
    g.ctx = Discs(tuple(participants), 0, purpose, arg)
    g.ph, g.to_move_idx = P_DISC, participants[0]
    return True


def chosen_rivals(g: "Game", p: int) -> list[int]:
    """The rows whose Caballeros player p acts on when a card lets him choose among his rivals'
    (the other players from his left, then the neutral colour: docs/rulings.md R7)."""
    rivals = clockwise_from_left(g, p)
    return rivals + [g.n] if g.dummy is not None else rivals


def active_first(g: "Game") -> list[int]:
    """All players, the active player first, then clockwise."""
    return [(g.active_idx + i) % g.n for i in range(g.n)]
