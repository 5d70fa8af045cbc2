"""The Castell game: set-up, the checked `play`, the fast `apply`, and the turn structure.

Order of automatic steps (docs/castell.md "Round structure"), all inside `play`:
  start of a round: refill (rounds of the refill schedule, C17), then the wheel turns (from round
  2, C18), then the first player's turn begins;
  a turn: up to four actions in any order, each once; it ends by `done` or when no action is left
  (C25); `train special` opens a free special action answered before anything else (C21);
  after the last turn of a round from round 3: the round's festivals in calendar order (C26), each
  asking its entrants for a tower in turn order (C7), then scored (C13, C14);
  end of a round: the first-player marker passes one seat clockwise (C16); after the last round
  the game is over.
All chance is the bag's order, shuffled once at set-up from the seed, so (set-up, moves) replays
exactly and a View hides only that order.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..errors import DataError, IllegalMove
from ..seed import new_seed
from . import events as ev
from .data import DATA, PLAYER_COUNTS, SPECIAL, CastellData, ShapeTile
from .moves import Move, parse_move
from .refusals import Reason, reason_text
from .position import (ALL_ACTIONS, FESTIVAL, FREE, MOVE, OVER, RECRUIT, SETUP_FIELDS,
                       SPECIAL_ACTION, STATE_FIELDS, TRAIN, TURN, WHEELS, Festival, Position,
                       copy_state)
from .solver import festival_towers
from .towers import SKILLS, Tower, festival_score, meets_exhibition, meets_shape, tower_problems

COLOURS = ("red", "blue", "green", "yellow")
RULES_VERSION = 1

if TYPE_CHECKING:
    from .view import View

History = tuple[Any, str] | None     # a persistent list of move texts, newest first (cheap clones)


class Game(Position):
    """The true state of a Castell game (the host's); players and agents get a `View`."""

    __slots__ = SETUP_FIELDS + STATE_FIELDS + ("history",)

    history: History
    bag: list[int]
    pool: list[list[int]]
    rows: list[list[str]]
    bounty: list[list[int]]
    pawn: list[int]
    team: list[list[int]]
    ranks: list[list[int]]
    tokens: list[int]
    collected: list[int]
    best: list[int]
    won_tiles: list[list[str]]
    won_sizes: list[list[tuple[int, int]]]
    won_prizes: list[list[tuple[int, int]]]
    prizes_left: list[int]
    entrants: list[int]
    declared: list[tuple[int, Tower | None]]

    # --- the public contract -------------------------------------------------------------
    def play(self, move: Move | str) -> list[ev.Event]:
        """Play a move (a Move or its text) after checking it; IllegalMove says which rule refuses."""
        if isinstance(move, str):
            move = parse_move(move, self.data)
        self.check(move)
        return self.apply(move)

    def check(self, move: Move) -> None:
        """Raise IllegalMove (with a reason code) unless `move` is legal now."""
        seat = self.to_move_idx
        if seat < 0:
            raise self._refuse(move, ("game_over", {}))
        if move.tower is not None and (move.verb == "tower" or move.args[0] == "perform"):
            self._check_tower(seat, move)
            return
        if move not in self.legal_moves():
            raise self._refuse(move, self._why(seat, move))

    def apply(self, move: Move) -> list[ev.Event]:
        """Play a move known to be legal (the AI's fast path: no check)."""
        self.history = (self.history, str(move))
        seat = self.to_move_idx
        out: list[ev.Event] = []
        if self.phase == FESTIVAL:
            self._declare(seat, move.tower if move.verb == "tower" else None, out)
            return out
        self._action(seat, move, out)
        if self.phase == TURN and (self.used == ALL_ACTIONS or move.verb == "done"):
            self._end_turn(out)
        return out

    def clone(self) -> Game:
        g = Game.__new__(Game)
        for name in SETUP_FIELDS:
            setattr(g, name, getattr(self, name))
        copy_state(self, g, frozen=False)
        g.history = self.history
        return g

    def view(self, player: str | None = None) -> "View":
        from .view import View
        return View.of(self, player)

    def record(self) -> dict[str, Any]:
        from .record import record
        return record(self)

    def to_json(self) -> dict[str, Any]:
        from .record import to_json
        return to_json(self)

    def moves_played(self) -> list[str]:
        texts: list[str] = []
        node = self.history
        while node is not None:
            node, text = node
            texts.append(text)
        texts.reverse()
        return texts

    # --- checking -------------------------------------------------------------------------
    def _check_tower(self, seat: int, move: Move) -> None:
        tower = move.tower
        assert tower is not None
        ranks = self.rank_map(seat)
        if move.verb == "tower":
            fest = self.festival
            if fest is None:
                raise self._refuse(move, ("no_festival", {}))
            problems = self._tower_problems(seat, tower)
            if len(tower) < 4:
                problems.append("a festival tower needs at least 4 levels (ruling C2)")
            missing = [s for s in fest.sizes if not any(s in level for level in tower)]
            if missing:
                problems.append(f"the festival's size token asks for a casteller of size {missing[0]}")
        else:
            if self.phase not in (TURN, FREE) or self.pawn[seat] < 0 or (
                    self.phase == TURN and (self.used & SPECIAL_ACTION or self.tokens[seat] == 0)):
                raise self._refuse(move, self._why(seat, move))
            tile_id = move.args[1]
            if tile_id not in self.rows[self.pawn[seat]]:
                raise self._refuse(move, ("tile_not_here", {"tile": tile_id, "here": self.data.regions[self.pawn[seat]]}))
            problems = self._tower_problems(seat, tower)
            tile = self.data.tiles[tile_id]
            if isinstance(tile, ShapeTile):
                if not meets_shape(tower, tile.levels):
                    problems.append(f"{tile_id} asks for levels of {'-'.join(map(str, tile.levels))} "
                                    "castellers (ruling C12)")
            elif not meets_exhibition(tower, ranks, tile.points, tile.skills):
                problems.append(f"{tile_id} asks for exactly {tile.points} levels using "
                                f"{', '.join(tile.skills)} (ruling C11)")
        if problems:
            raise self._refuse(move, ("bad_tower", {"problems": problems}))

    def _tower_problems(self, seat: int, tower: Tower) -> list[str]:
        problems = list(tower_problems([list(level) for level in tower], self.rank_map(seat)))
        need = [0] * 10
        for level in tower:
            for s in level:
                if 1 <= s <= 10:
                    need[s - 1] += 1
        for s in range(1, 11):
            if need[s - 1] > self.team[seat][s - 1]:
                problems.append(f"the team has {self.team[seat][s - 1]} castellers of size {s}, "
                                f"the tower uses {need[s - 1]} (ruling C7)")
        return problems

    def _why(self, seat: int, move: Move) -> Reason:
        """The rule that refuses a move the legal-move list does not hold, as a reason code."""
        player = self.players[seat]
        if self.phase == FESTIVAL:
            return "festival_decision", {"player": player}
        if self.pawn[seat] < 0:
            return "first_turn_place", {"player": player}
        if self.phase == FREE:
            return "free_special_open", {"player": player}
        verb = move.verb
        action = {"move": MOVE, "recruit": RECRUIT, "train": TRAIN, "special": SPECIAL_ACTION}.get(verb)
        if action is not None and self.used & action:
            return "action_used", {"player": player, "action": verb}
        if verb == "special" and self.tokens[seat] == 0:
            return "no_tokens", {"player": player}
        here = self.data.regions[self.pawn[seat]]
        if verb in ("move", "special") and move.args[-1] in self.data.region_names:
            return "not_adjacent", {"region": move.args[-1], "here": here}
        if verb in ("recruit", "special"):
            return "nothing_to_recruit", {"here": here}
        if verb == "train":
            return "not_on_wheel", {"offered": ", ".join(self.trainable(self.pawn[seat])), "here": here}
        return "not_this_step", {"legal": ", ".join(map(str, self.legal_moves()[:6]))}

    def _refuse(self, move: Move, reason: Reason) -> IllegalMove:
        return IllegalMove(f"{move}: {reason_text(reason)}", reason)

    # --- a turn ----------------------------------------------------------------------------
    def _action(self, seat: int, move: Move, out: list[ev.Event]) -> None:
        player, verb, args = self.players[seat], move.verb, move.args
        if verb == "done":
            return
        if verb == "place":
            self.pawn[seat] = self.data.regions.index(args[0])
            self.used |= MOVE
            out.append(ev.PawnPlaced(player, args[0]))
        elif verb == "move":
            self._move_pawn(seat, args[0], False, out)
            self.used |= MOVE
        elif verb == "recruit":
            self._recruit(seat, tuple(int(a) for a in args), False, out)
            self.used |= RECRUIT
        elif verb == "train":
            self.used |= TRAIN
            if args[0] == SPECIAL:
                self.phase = FREE
                out.append(ev.Trained(player, SPECIAL, 0))
            else:
                k = SKILLS.index(args[0])
                self.ranks[seat][k] += 1
                out.append(ev.Trained(player, args[0], self.ranks[seat][k]))
        elif verb == "skip":
            self.phase = TURN
            out.append(ev.SpecialSkipped(player))
        elif verb == "special":
            free = self.phase == FREE
            if free:
                self.phase = TURN
            else:
                self.used |= SPECIAL_ACTION
                self.tokens[seat] -= 1
            effect = args[0]
            if effect == "recruit":
                self._recruit(seat, (int(args[1]),), True, out)
            elif effect == "move":
                self._move_pawn(seat, args[1], True, out)
            else:
                tower = move.tower
                assert tower is not None
                self._perform(seat, args[1], tower, out)
            if not free:                                     # C8, C22: the token, after the bounty
                region = self.pawn[seat]
                self.bounty[region].append(seat)
                out.append(ev.TokenSpent(player, self.data.regions[region]))

    def _move_pawn(self, seat: int, target: str, special: bool, out: list[ev.Event]) -> None:
        source = self.data.regions[self.pawn[seat]]
        self.pawn[seat] = self.data.regions.index(target)
        out.append(ev.PawnMoved(self.players[seat], source, target, special))

    def _recruit(self, seat: int, sizes: tuple[int, ...], special: bool, out: list[ev.Event]) -> None:
        region = self.pawn[seat]
        for s in sizes:
            self.pool[region][s - 1] -= 1
            self.team[seat][s - 1] += 1
        out.append(ev.Recruited(self.players[seat], self.data.regions[region], sizes, special))

    def _perform(self, seat: int, tile: str, tower: Tower, out: list[ev.Event]) -> None:
        """C8, C24: the tile is the player's, with every token lying on the region's space."""
        region = self.pawn[seat]
        self.rows[region].remove(tile)
        self.won_tiles[seat].append(tile)
        bounty = len(self.bounty[region])
        self.collected[seat] += bounty
        self.bounty[region].clear()
        out.append(ev.Performed(self.players[seat], self.data.regions[region], tile, tower,
                                self.data.tiles[tile].points, bounty))

    def _end_turn(self, out: list[ev.Event]) -> None:
        out.append(ev.TurnEnded(self.players[self.to_move_idx]))
        self.turn_pos += 1
        self.used = 0
        if self.turn_pos < self.n:
            out.append(ev.TurnStarted(self.players[self.to_move_idx]))
            return
        self.fest_pos = -1
        self._next_festival(out)

    # --- festivals (C2, C7, C13, C14, C26) ----------------------------------------------
    def _next_festival(self, out: list[ev.Event]) -> None:
        today = self.festivals_of(self.round)
        while self.fest_pos + 1 < len(today):
            self.fest_pos += 1
            fest = today[self.fest_pos]
            self.entrants = [s for s in ((self.first + k) % self.n for k in range(self.n))
                             if self.pawn[s] == fest.tile.region
                             and festival_towers(self.team[s], self.rank_map(s), fest.sizes)]
            self.declared = []
            if self.entrants:
                self.phase = FESTIVAL
                return
            self._hold(fest, out)
        self._end_round(out)

    def _declare(self, seat: int, tower: Tower | None, out: list[ev.Event]) -> None:
        fest = self.festival
        assert fest is not None
        self.declared.append((seat, tower))
        out.append(ev.TowerDeclared(self.players[seat], fest.id, tower))
        if len(self.declared) == len(self.entrants):
            self._hold(fest, out)
            self._next_festival(out)

    def _hold(self, fest: Festival, out: list[ev.Event]) -> None:
        entries = [(seat, tower, festival_score([list(lv) for lv in tower], fest.sizes))
                   for seat, tower in self.declared if tower is not None]
        new_best = []
        for seat, _, score in entries:
            if score > self.best[seat]:
                self.best[seat] = score
                new_best.append((self.players[seat], score))
        prizes = [(seat, rank - 1) for seat, rank in _prize_ranks([(s, sc) for s, _, sc in entries])
                  if rank <= self.data.prize_places[self.n]]
        by_kind: dict[int, int] = {}
        for _, kind in prizes:
            by_kind[kind] = by_kind.get(kind, 0) + 1
        prizes = [(s, k) for s, k in prizes if by_kind[k] <= self.prizes_left[k]]   # C14: not enough: none
        for seat, kind in prizes:
            self.prizes_left[kind] -= 1
            self.won_prizes[seat].append((kind, fest.tile.region))
        taker = _size_token_taker([(seat, tower) for seat, tower, _ in entries], fest.sizes)
        if taker is not None:
            for size in fest.sizes:
                self.won_sizes[taker].append((size, fest.tile.region))
        self.declared = []
        self.entrants = []
        self.phase = TURN
        out.append(ev.FestivalHeld(
            fest.id, self.data.regions[fest.tile.region], fest.tile.town, fest.sizes,
            tuple((self.players[s], t, sc) for s, t, sc in entries), tuple(new_best),
            tuple((self.players[s], self.data.prize_kinds[k]) for s, k in prizes),
            None if taker is None else self.players[taker]))

    # --- rounds (C16, C17, C18) -----------------------------------------------------------
    def _end_round(self, out: list[ev.Event]) -> None:
        if self.round >= self.data.rounds:
            self.phase = OVER
            scores = self.scores
            out.append(ev.GameOver(tuple(scores.items()), tuple(self.winners())))
            return
        self.first = (self.first + 1) % self.n
        self.round += 1
        self._start_round(out)

    def _start_round(self, out: list[ev.Event]) -> None:
        """The round's marker event first (the log's and the table's heading), then the refill and
        the wheel's turn in the rules' order (C17 before C18), then the first turn."""
        out.append(ev.RoundStarted(self.round, self.players[self.first]))
        if self.round in self.data.refill_rounds:
            self._refill(out)
        if self.round >= 2:
            out.append(ev.WheelTurned(self.round, self.wheel_facing()))
        self.phase, self.turn_pos, self.used, self.fest_pos = TURN, 0, 0, -1
        out.append(ev.TurnStarted(self.players[self.first]))

    def _refill(self, out: list[ev.Event]) -> None:
        """C17: each region topped up to its set-up count, in data order, while the bag lasts."""
        target = self.data.per_region[self.n]
        for r, pool in enumerate(self.pool):
            drawn = []
            while sum(pool) < target and self.bag:
                size = self.bag.pop()
                pool[size - 1] += 1
                drawn.append(size)
            if drawn:
                out.append(ev.Refilled(self.data.regions[r], tuple(sorted(drawn, reverse=True))))


def _prize_ranks(scores: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """C14 ("drop one rank"): each entrant's rank by festival score; a score held by one takes the
    pointer's rank (pointer + 1), a tie takes the next rank (pointer + 2) whatever its size."""
    ranked: list[tuple[int, int]] = []
    pointer = 1
    for score in sorted({sc for _, sc in scores}, reverse=True):
        holders = [seat for seat, sc in scores if sc == score]
        if len(holders) == 1:
            ranked.append((holders[0], pointer))
            pointer += 1
        else:
            ranked += [(seat, pointer + 1) for seat in holders]
            pointer += 2
    return ranked


def _size_token_taker(entries: Sequence[tuple[int, Tower]], sizes: tuple[int, ...]) -> int | None:
    """C13: the entrant with the most castellers of the token's size(s); a tie: nobody."""
    if not entries:
        return None
    counts = [(sum(lv.count(s) for lv in tower for s in sizes), seat) for seat, tower in entries]
    top = max(c for c, _ in counts)
    holders = [seat for c, seat in counts if c == top]
    return holders[0] if len(holders) == 1 else None


def new_game(players: Sequence[str] = COLOURS[:3], seed: int | None = None, wheel: str = "standard",
             data: CastellData = DATA) -> Game:
    """A game at the start of round 1 (docs/castell.md "Set-up"); `seed` fixes every draw (None:
    a fresh 128-bit one, engine/seed.py, kept in the record so that it replays)."""
    if seed is None:
        seed = new_seed()
    players = tuple(players)
    if len(players) not in PLAYER_COUNTS:
        raise DataError(f"castell: {len(players)} players (expected 2, 3 or 4)")
    if len(set(players)) != len(players) or not all(isinstance(p, str) and p for p in players):
        raise DataError(f"castell: players must be distinct non-empty names, got {list(players)}")
    if wheel not in WHEELS:
        raise DataError(f"castell: wheel {wheel!r} (expected standard or advanced)")
    if type(seed) is not int:
        raise DataError(f"castell: seed must be a whole number, got {seed!r}")
    rng = random.Random(seed)
    n = len(players)
    g = Game.__new__(Game)
    g.data, g.players, g.seed, g.wheel = data, players, seed, wheel
    bag = [s for s in range(1, 11) for _ in range(data.castellers[s - 1])]
    rng.shuffle(bag)
    ring = list(data.board_tiles)
    rng.shuffle(ring)
    g.ring = tuple(ring)
    calendar: list[Festival] = []
    tokens = [s for s in range(1, 11) for _ in range(data.size_tokens[s - 1])]
    rng.shuffle(tokens)
    stacks = {back: [t for t in data.festival_tiles if t.back == back] for back in ("I", "II")}
    for stack in stacks.values():
        rng.shuffle(stack)
    for rnd in sorted(data.festivals[n]):
        for _ in range(data.festivals[n][rnd]):
            tile = stacks[data.calendar_back[rnd]].pop()
            sizes = tuple(sorted({tokens.pop() for _ in range(data.sizes_per_festival)}, reverse=True))
            calendar.append(Festival(rnd, tile, sizes))
    g.calendar = tuple(calendar)
    deck = list(data.tiles)
    rng.shuffle(deck)
    per_row = data.tiles_per_region
    g.rows = [deck[r * per_row:(r + 1) * per_row] for r in range(len(data.regions))]
    g.tile_region = {t: r for r, row in enumerate(g.rows) for t in row}
    g.pool = [[0] * 10 for _ in data.regions]
    for pool in g.pool:
        for _ in range(data.per_region[n]):
            pool[bag.pop() - 1] += 1
    g.team = [[0] * 10 for _ in players]
    for team in g.team:
        for _ in range(data.team):
            team[bag.pop() - 1] += 1
    g.bag = bag
    g.first = rng.randrange(n)                                   # C16
    g.bounty = [[] for _ in data.regions]
    g.pawn = [-1] * n
    g.ranks = [[0] * len(SKILLS) for _ in players]               # C6
    g.tokens = [data.special_tokens] * n
    g.collected, g.best = [0] * n, [0] * n
    g.won_tiles, g.won_sizes, g.won_prizes = [[] for _ in players], [[] for _ in players], [[] for _ in players]
    g.prizes_left = list(data.prize_supply)
    g.round, g.turn_pos, g.used, g.phase, g.fest_pos = 1, 0, 0, TURN, -1
    g.entrants, g.declared = [], []
    g.history = None
    return g


def random_playout(game: Game, rng: random.Random) -> Game:
    """Uniformly random legal moves to the end (tests and benchmarks)."""
    while game.phase != OVER:
        game.apply(rng.choice(game.legal_moves()))
    return game

