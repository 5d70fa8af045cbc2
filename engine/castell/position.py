"""A Castell position and everything read from it: the read API both the `Game` and the `View`
answer, and the one legal-move generator (docs/castell.md, "A turn").

The state is plain data: per-seat lists indexed by seat, per-region lists indexed by region (data
order), castellers kept as 10 counts by size (index size-1). A `Game` holds lists it changes; a
`View` holds the same fields as tuples and never changes.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .data import SPECIAL, CastellData, ExhibitionTile, FestivalTile
from .moves import Move, perform_move, tower_move
from .solver import exhibition_tower, festival_towers, shape_tower
from .towers import SKILLS, Tower

# the four actions of a turn, each at most once (docs/castell.md "A turn")
MOVE, RECRUIT, TRAIN, SPECIAL_ACTION = 1, 2, 4, 8
ALL_ACTIONS = MOVE | RECRUIT | TRAIN | SPECIAL_ACTION
ACTION_NAMES = {MOVE: "move", RECRUIT: "recruit", TRAIN: "train", SPECIAL_ACTION: "special"}

# phases: a player's turn, the free special action a special tile opened (C21), a festival's
# declarations (C7), the end
TURN, FREE, FESTIVAL, OVER = "turn", "free", "festival", "over"
ALL_SEGMENT = "all"          # the All Regions / No Regions segment's name in events and reads
WHEELS = ("standard", "advanced")
DONE, SKIP, NO_TOWER = Move("done"), Move("skip"), Move("no", ("tower",))


@dataclass(frozen=True)
class Festival:
    """One calendar space with its tile and size token(s), in the calendar's space order."""
    round: int
    tile: FestivalTile
    sizes: tuple[int, ...]

    @property
    def id(self) -> str:
        return self.tile.id


# the state's fields by shape: per-region or per-seat lists of lists, flat lists, and scalars
NESTED_FIELDS = ("pool", "rows", "bounty", "team", "ranks", "won_tiles", "won_sizes", "won_prizes")
FLAT_FIELDS = ("bag", "pawn", "tokens", "collected", "best", "prizes_left", "entrants", "declared")
SCALAR_FIELDS = ("round", "first", "turn_pos", "used", "phase", "fest_pos")
STATE_FIELDS = NESTED_FIELDS + FLAT_FIELDS + SCALAR_FIELDS
SETUP_FIELDS = ("data", "players", "seed", "wheel", "ring", "calendar", "tile_region")


def copy_state(source: "Position", target: "Position", frozen: bool) -> None:
    """Copy the state fields: as fresh lists (a Game's, changeable) or tuples (a View's)."""
    put = object.__setattr__
    if frozen:
        for name in NESTED_FIELDS:
            put(target, name, tuple([tuple(x) for x in getattr(source, name)]))
        for name in FLAT_FIELDS:
            put(target, name, tuple(getattr(source, name)))
    else:                       # the AI's searches clone games by the thousand: the plain loops
        for name in NESTED_FIELDS:
            put(target, name, [list(x) for x in getattr(source, name)])
        for name in FLAT_FIELDS:
            put(target, name, list(getattr(source, name)))
    for name in SCALAR_FIELDS:
        put(target, name, getattr(source, name))


class Position:
    """The read API of a Castell position (shared by Game and View); nothing here changes it."""

    __slots__ = ()

    data: CastellData
    players: tuple[str, ...]
    seed: int | None
    wheel: str
    ring: tuple[str, ...]                  # board skill tile at ring positions 0..7 (C18)
    calendar: tuple[Festival, ...]
    tile_region: dict[str, int]            # each dealt performance tile's region row
    bag: Sequence[int]                     # sizes, drawn from the end; a View's is sorted
    pool: Sequence[Sequence[int]]          # per region: castellers by size
    rows: Sequence[Sequence[str]]          # per region: performance tiles still there
    bounty: Sequence[Sequence[int]]        # per region: seats of the tokens lying there
    pawn: Sequence[int]                    # per seat: region index, -1 off the board
    team: Sequence[Sequence[int]]          # per seat: castellers by size
    ranks: Sequence[Sequence[int]]         # per seat: rank of each skill of SKILLS
    tokens: Sequence[int]                  # per seat: special action tokens left
    collected: Sequence[int]               # per seat: bounty tokens taken
    best: Sequence[int]                    # per seat: best festival tower score
    won_tiles: Sequence[Sequence[str]]
    won_sizes: Sequence[Sequence[tuple[int, int]]]     # (size, region)
    won_prizes: Sequence[Sequence[tuple[int, int]]]    # (prize kind index, region)
    prizes_left: Sequence[int]
    round: int
    first: int
    turn_pos: int
    used: int
    phase: str
    fest_pos: int                          # index into the round's festivals
    entrants: Sequence[int]
    declared: Sequence[tuple[int, Tower | None]]

    # who and when
    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def to_move_idx(self) -> int:
        if self.phase in (TURN, FREE):
            return (self.first + self.turn_pos) % self.n
        if self.phase == FESTIVAL:
            return self.entrants[len(self.declared)]
        return -1

    @property
    def to_move(self) -> str | None:
        seat = self.to_move_idx
        return None if seat < 0 else self.players[seat]

    def seat(self, player: str) -> int:
        return self.players.index(player)

    def round_order(self) -> tuple[str, ...]:
        return tuple(self.players[(self.first + k) % self.n] for k in range(self.n))

    def festivals_of(self, rnd: int) -> tuple[Festival, ...]:
        return tuple(f for f in self.calendar if f.round == rnd)

    @property
    def festival(self) -> Festival | None:
        """The festival being held now (declarations open), else None."""
        return self.festivals_of(self.round)[self.fest_pos] if self.phase == FESTIVAL else None

    # the wheel (ruling C18)
    def facing(self, segment: int, rnd: int | None = None) -> str:
        """The board skill tile that wheel segment `segment` (0..6 regions in wheel order, 7 the
        All/No Regions segment) faces in round `rnd` (default: now)."""
        return self.ring[(segment + (self.round if rnd is None else rnd)) % len(self.ring)]

    def trainable(self, region: int, rnd: int | None = None) -> tuple[str, ...]:
        """The board tiles a pawn in `region` may train from (C19): its segment's tile, and on the
        standard side the All Regions tile; each kind once."""
        kinds = [self.facing(self.data.wheel.index(region), rnd)]
        if self.wheel == "standard":
            kinds.append(self.facing(len(self.data.wheel), rnd))
        return tuple(dict.fromkeys(kinds))

    def wheel_facing(self, rnd: int | None = None) -> tuple[tuple[str, str], ...]:
        segs = [(self.data.regions[r], self.facing(i, rnd)) for i, r in enumerate(self.data.wheel)]
        return tuple(segs) + ((ALL_SEGMENT, self.facing(len(self.data.wheel), rnd)),)

    # players' holdings
    def rank_map(self, seat: int) -> dict[str, int]:
        return dict(zip(SKILLS, self.ranks[seat]))

    def region_of(self, player: str) -> str | None:
        r = self.pawn[self.seat(player)]
        return None if r < 0 else self.data.regions[r]

    def team_sizes(self, player: str) -> tuple[int, ...]:
        """The player's castellers, largest first."""
        counts = self.team[self.seat(player)]
        return tuple(s for s in range(10, 0, -1) for _ in range(counts[s - 1]))

    def bag_counts(self) -> tuple[int, ...]:
        counts = [0] * 10
        for s in self.bag:
            counts[s - 1] += 1
        return tuple(counts)

    # scoring (docs/castell.md "Final scoring"; C20, C27, C28)
    def regions_won(self, seat: int) -> frozenset[int]:
        """Regions where the player holds a performance tile, size token or prize won there (C20)."""
        return frozenset([self.tile_region[t] for t in self.won_tiles[seat]]
                         + [r for _, r in self.won_sizes[seat]] + [r for _, r in self.won_prizes[seat]])

    def breakdown(self, player: str) -> dict[str, int]:
        seat = self.seat(player)
        d = self.data
        seen: set[int] = set()
        sizes = 0
        for size, _ in self.won_sizes[seat]:
            sizes += 1 if size in seen else 2
            seen.add(size)
        return {"tower": self.best[seat],
                "diversity": d.diversity[len(self.regions_won(seat))],
                "prizes": sum(d.prize_points[k] for k, _ in self.won_prizes[seat]),
                "sizes": sizes,
                "performances": sum(d.tiles[t].points for t in self.won_tiles[seat]) + self.collected[seat]}

    @property
    def scores(self) -> dict[str, int]:
        return {p: sum(self.breakdown(p).values()) for p in self.players}

    def winners(self) -> list[str]:
        """The players with the top score; a tie is a shared victory (ruling C15)."""
        scores = self.scores
        top = max(scores.values())
        return [p for p in self.players if scores[p] == top]

    # legal moves: the one generator (docs/castell.md "A turn"; rulings C10, C19, C21, C24, C25)
    def legal_moves(self) -> list[Move]:
        seat = self.to_move_idx
        if seat < 0:
            return []
        if self.phase == FESTIVAL:
            fest = self.festival
            assert fest is not None
            towers = festival_towers(self.team[seat], self.rank_map(seat), fest.sizes)
            return [tower_move(t) for t in towers] + [NO_TOWER]
        region = self.pawn[seat]
        if region < 0:                                     # C10: the first turn opens with `place`
            return [Move("place", (r,)) for r in self.data.regions]
        if self.phase == FREE:                              # C21: the free special action
            return self.special_moves(seat) + [SKIP]
        moves: list[Move] = []
        if not self.used & MOVE:
            moves += [Move("move", (self.data.regions[r],)) for r in self.data.adjacent[region]]
        if not self.used & RECRUIT:
            moves += _recruit_moves(tuple(self.pool[region]))
        if not self.used & TRAIN:
            moves += self.train_moves(seat)
        if not self.used & SPECIAL_ACTION and self.tokens[seat] > 0:
            moves += self.special_moves(seat)
        moves.append(DONE)                                  # C25
        return moves

    def train_moves(self, seat: int) -> list[Move]:
        """C19: a skill not yet at its top rank, or the special tile."""
        moves = []
        for kind in self.trainable(self.pawn[seat]):
            k = _SKILL_INDEX.get(kind)
            if k is None or self.ranks[seat][k] < self.data.max_rank[k]:
                moves.append(_TRAIN[kind])
        return moves

    def special_moves(self, seat: int) -> list[Move]:
        """The three effects of a special action from the pawn's region (C9, C24)."""
        region = self.pawn[seat]
        moves = list(_special_recruits(tuple(self.pool[region])))
        moves += [Move("special", ("move", self.data.regions[r])) for r in self.data.adjacent[region]]
        for tile in self.rows[region]:
            tower = self.performance_tower(seat, tile)
            if tower is not None:
                moves.append(perform_move(tile, tower))
        return moves

    def performance_tower(self, seat: int, tile_id: str) -> Tower | None:
        """The solver's tower for a performance tile from this player's team, or None (C11, C12)."""
        tile = self.data.tiles[tile_id]
        ranks = self.rank_map(seat)
        if isinstance(tile, ExhibitionTile):
            return exhibition_tower(self.team[seat], ranks, tile.points, tile.skills)
        return shape_tower(self.team[seat], ranks, tile.levels)


_SKILL_INDEX = {skill: k for k, skill in enumerate(SKILLS)}
_TRAIN = {kind: Move("train", (kind,)) for kind in SKILLS + (SPECIAL,)}


@lru_cache(maxsize=4096)
def _recruit_moves(pool: tuple[int, ...]) -> tuple[Move, ...]:
    """Every distinct choice of 1 or 2 castellers from a region, largest sizes first (moves are
    values, so a region's pool always gives the same ones)."""
    present = [s for s in range(10, 0, -1) if pool[s - 1]]
    picks: list[tuple[str, ...]] = [(str(s),) for s in present]
    for i, a in enumerate(present):
        for b in present[i:]:
            if b != a or pool[a - 1] >= 2:
                picks.append((str(a), str(b)))
    return tuple(Move("recruit", pick) for pick in picks)


@lru_cache(maxsize=4096)
def _special_recruits(pool: tuple[int, ...]) -> tuple[Move, ...]:
    """A special action's recruit of one casteller of each size in a region, largest first."""
    return tuple(Move("special", ("recruit", str(s))) for s in range(10, 0, -1) if pool[s - 1])
