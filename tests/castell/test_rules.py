"""Castell's rules, section by section and ruling by ruling (docs/castell.md)."""
from __future__ import annotations

import pytest

from dataclasses import replace

from engine import DataError, IllegalMove, NotationError, castell
from engine.castell import events as ev
from engine.castell.game import _prize_ranks, _size_token_taker
from engine.castell.position import FESTIVAL, FREE

from .kit import after_first_turns, counts, give, region_index, set_pool, total_castellers

TOWER_6 = counts(8, 8, 8, 6, 6, 5, 5, 3)           # docs/castell.md, the worked tower example


def texts(g: castell.Position) -> list[str]:
    return [str(m) for m in g.legal_moves()]


# --- Set-up (docs/castell.md "Set-up") -------------------------------------------------------

@pytest.mark.parametrize("n, per_region, festivals", [(2, 3, 8), (3, 4, 11), (4, 5, 14)])
def test_setup_counts_by_player_count(n: int, per_region: int, festivals: int) -> None:
    g = castell.new_game(list(castell.COLOURS[:n]), seed=5)
    assert all(sum(pool) == per_region for pool in g.pool)
    assert all(sum(team) == 7 for team in g.team)
    assert g.tokens == [7] * n
    assert len(g.calendar) == festivals
    assert [len(row) for row in g.rows] == [2] * 7
    assert g.pawn == [-1] * n
    assert total_castellers(g) == 150


def test_calendar_uses_I_tiles_in_rounds_3_to_6_and_II_after() -> None:
    g = castell.new_game(list(castell.COLOURS), seed=2)
    for fest in g.calendar:
        assert fest.tile.back == ("I" if fest.round <= 6 else "II")
        assert len(fest.sizes) == 1
    assert len({f.tile.id for f in g.calendar}) == len(g.calendar)


def test_bad_setup_is_one_clear_error() -> None:
    with pytest.raises(DataError, match="players"):
        castell.new_game(["red"], seed=1)
    with pytest.raises(DataError, match="wheel"):
        castell.new_game(["red", "blue"], seed=1, wheel="sideways")


# --- A turn (docs/castell.md "A turn"; C10, C25) --------------------------------------------

def test_first_turn_only_places_the_pawn_C10() -> None:
    g = castell.new_game(["red", "blue"], seed=1)
    assert texts(g) == [f"place {r}" for r in g.data.regions]
    with pytest.raises(IllegalMove, match="C10"):
        g.play("done")
    g.play("place cam")
    assert "done" in texts(g) and not any(t.startswith(("place", "move ")) for t in texts(g))


def test_pawns_may_share_a_region_C10() -> None:
    g = after_first_turns(places={"red": "pon", "blue": "pon", "green": "pon"})
    assert g.pawn == [region_index(g, "pon")] * 3


def test_each_action_once_in_any_order_and_the_turn_ends_by_itself_C25() -> None:
    g = after_first_turns()
    player = g.to_move
    seat = g.seat(player)
    give(g, player, region="met")
    set_pool(g, "cam", counts(9, 9, 4))
    g.play("move cam")
    with pytest.raises(IllegalMove, match="already used the move action"):
        g.play("move met")
    g.play("recruit 9 9")
    assert g.team[seat][8] >= 2
    trains = [t for t in texts(g) if t.startswith("train")]
    g.play(trains[0] if trains[0] != "train special" else trains[-1])
    if g.phase == FREE:
        g.play("skip")
    assert g.to_move == player
    events = g.play("special move met")
    assert any(isinstance(e, ev.TurnEnded) for e in events)
    assert g.to_move != player


def test_done_is_refused_while_the_free_special_action_is_open_C21_C25() -> None:
    g = after_first_turns()
    player = g.to_move
    _stand_where_the_wheel_offers(g, player, "special")
    g.play("train special")
    assert g.phase == FREE
    assert "done" not in texts(g) and "skip" in texts(g)
    with pytest.raises(IllegalMove, match="C21"):
        g.play("done")


def _stand_where_the_wheel_offers(g: castell.Game, player: str, kind: str) -> str:
    for region in g.data.regions:
        if kind in g.trainable(region_index(g, region)):
            give(g, player, region=region)
            return region
    raise AssertionError(f"the wheel offers {kind} nowhere this round")   # each tile faces a segment


# --- Move, recruit (docs/castell.md "A turn"; C9) --------------------------------------------

def test_move_and_special_move_go_to_adjacent_regions_only_C9() -> None:
    g = after_first_turns()
    give(g, g.to_move, region="ebr")
    moves = {t.split()[-1] for t in texts(g) if t.startswith("move ")}
    specials = {t.split()[-1] for t in texts(g) if t.startswith("special move")}
    assert moves == specials == {"pon", "cam"}
    with pytest.raises(IllegalMove, match="not adjacent"):
        g.play("move gir")


def test_recruit_takes_one_or_two_and_a_pair_needs_two_of_a_size() -> None:
    g = after_first_turns()
    player = g.to_move
    give(g, player, region="met")
    set_pool(g, "met", counts(7, 5))
    recruits = sorted(t for t in texts(g) if t.startswith("recruit"))
    assert recruits == ["recruit 5", "recruit 7", "recruit 7 5"]
    g.play("recruit 5 7")                 # any order in the text; canonical high to low
    assert g.pool[0] == [0] * 10
    assert castell.parse_move("recruit 5 7") == castell.parse_move("recruit 7 5")


# --- Train and the wheel (C6, C18, C19) ------------------------------------------------------

def test_the_wheel_faces_all_regions_north_in_round_1_and_turns_each_round_C18() -> None:
    g = castell.new_game(["red", "blue"], seed=4)
    assert g.facing(7, rnd=1) == g.ring[0]
    for rnd in range(1, 11):
        for segment in range(8):
            assert g.facing(segment, rnd) == g.ring[(segment + rnd) % 8]


def test_wheel_turn_event_at_the_start_of_round_2_C18() -> None:
    g = castell.new_game(["red", "blue"], seed=4)
    events = []
    while g.round == 1:
        events += g.play("place met") + g.play("done")
    turned = [e for e in events if isinstance(e, ev.WheelTurned)]
    assert len(turned) == 1 and turned[0].round == 2
    assert dict(turned[0].facing)["all"] == g.ring[(7 + 2) % 8]


@pytest.mark.parametrize("wheel", ["standard", "advanced"])
def test_training_offers_the_regions_tile_and_on_the_standard_side_all_regions_C19(wheel: str) -> None:
    g = after_first_turns(wheel=wheel)
    player = g.to_move
    for region in g.data.regions:
        give(g, player, region=region)
        seg = g.data.wheel.index(region_index(g, region))
        offered = {t.split()[1] for t in texts(g) if t.startswith("train")}
        expected = {g.facing(seg)} | ({g.facing(7)} if wheel == "standard" else set())
        assert offered == expected


def test_a_skill_at_its_top_rank_is_not_offered_C6_C19() -> None:
    g = after_first_turns()
    player = g.to_move
    seat = g.seat(player)
    for region in g.data.regions:
        give(g, player, region=region)
        for kind in g.trainable(region_index(g, region)):
            if kind == "base":
                give(g, player, ranks={"base": 1})
                assert "train base" not in texts(g)
                give(g, player, ranks={})
                g.play("train base")
                assert g.ranks[seat][castell.SKILLS.index("base")] == 1
                return
    raise AssertionError("base faces no region")


# --- Special actions and performances (C8, C21, C22, C24) -----------------------------------

def _perform_setup(g: castell.Game, player: str, region: str = "met") -> str:
    """Give `player` a 3-2-1 team and put shape01 (3-2-1, 3 points) in `region`'s row."""
    give(g, player, team=counts(9, 9, 9, 7, 7, 5), region=region)
    r = region_index(g, region)
    for row in g.rows:
        if "shape01" in row:
            row.remove("shape01")
    g.rows[r] = ["shape01"] + g.rows[r][:1]
    g.tile_region["shape01"] = r
    return "shape01"


def test_paid_perform_collects_the_bounty_then_leaves_its_token_C8_C22() -> None:
    g = after_first_turns()
    player = g.to_move
    seat = g.seat(player)
    tile = _perform_setup(g, player)
    g.bounty[0] = [1, 2]
    performs = [t for t in texts(g) if t.startswith(f"special perform {tile}")]
    assert performs == ["special perform shape01 9,9,9/7,7/5"]
    events = g.play(performs[0])
    done = next(e for e in events if isinstance(e, ev.Performed))
    assert done.bounty == 2 and g.collected[seat] == 2
    assert g.bounty[0] == [seat]                 # the spent token is the next bounty
    assert g.tokens[seat] == 6 and tile in g.won_tiles[seat] and tile not in g.rows[0]
    assert g.breakdown(player)["performances"] == 3 + 2


def test_any_legal_tower_meeting_the_tile_is_accepted_and_a_wrong_one_says_why_C12() -> None:
    g = after_first_turns()
    player = g.to_move
    _perform_setup(g, player)
    with pytest.raises(IllegalMove, match="C12"):
        g.play("special perform shape01 9,9/7/5")
    g.play("special perform shape01 9,9,9/7,7/5")


def test_special_move_puts_the_token_on_the_destination_C22() -> None:
    g = after_first_turns()
    player = g.to_move
    give(g, player, region="met")
    g.play("special move cam")
    assert g.bounty[region_index(g, "cam")] == [g.seat(player)]


def test_free_special_costs_no_token_places_none_and_still_collects_the_bounty_C21() -> None:
    g = after_first_turns()
    player = g.to_move
    seat = g.seat(player)
    region = _stand_where_the_wheel_offers(g, player, "special")
    tile = _perform_setup(g, player, region)
    r = region_index(g, region)
    g.bounty[r] = [0]
    g.play("train special")
    g.play(f"special perform {tile} 9,9,9/7,7/5")
    assert g.tokens[seat] == 7 and g.collected[seat] == 1 and g.bounty[r] == []
    assert any(t.startswith("special ") for t in texts(g))      # the paid special is still open


def test_perform_is_offered_only_for_a_tile_the_team_can_build_C24() -> None:
    g = after_first_turns()
    player = g.to_move
    _perform_setup(g, player)
    give(g, player, team=counts(9, 9))
    assert not any(t.startswith("special perform") for t in texts(g))


def test_no_special_action_without_tokens() -> None:
    g = after_first_turns()
    give(g, g.to_move, tokens=0)
    assert not any(t.startswith("special") for t in texts(g))
    with pytest.raises(IllegalMove, match="no special action token"):
        g.play("special move gir")


# --- Festivals (C2, C7, C13, C14, C26) -------------------------------------------------------

def _to_festival(g: castell.Game, teams: dict[str, list[int]], ranks: dict[str, dict[str, int]],
                 away: tuple[str, ...] = (), size: int = 6) -> castell.Festival:
    """Round 3's first festival with size token `size`; every pawn (but `away`) in its region,
    with the given teams and ranks; every turn ended until the festival asks for towers."""
    while g.round < 3:
        g.play("done")
    first = g.festivals_of(3)[0]
    fest = replace(first, sizes=(size,))
    g.calendar = tuple(fest if f is first else f for f in g.calendar)
    region = g.data.regions[fest.tile.region]
    other = g.data.regions[(fest.tile.region + 1) % 7]
    for p in g.players:
        give(g, p, team=teams.get(p, counts()), ranks=ranks.get(p, {}), region=other if p in away else region)
    while g.phase != FESTIVAL and g.round == 3:
        g.play("done")
    return fest


TALL = counts(9, 9, 9, 7, 7, 6, 6, 3)       # 9,9,9/7,7/6,6/3 with Balance 1: 4 levels, two 6s
SHORT = counts(9, 9, 9, 7, 7, 6)            # 3 levels at most without skills


def test_festival_entry_needs_4_levels_and_the_size_C2_C26() -> None:
    g = after_first_turns(("red", "blue", "green", "yellow"))
    _to_festival(g, {"red": TALL, "blue": SHORT, "yellow": counts(9, 9, 9, 8, 8, 7, 7, 5)},
                 {"red": {"balance": 1}, "blue": {"balance": 1}, "yellow": {"balance": 1}})
    # blue cannot reach 4 levels, yellow has no 6, green has nobody: all passed over (C26)
    assert [g.players[s] for s in g.entrants] == ["red"]
    assert g.to_move == "red"


def test_entrants_declare_in_turn_order_from_the_rounds_first_player_C7_C26() -> None:
    g = after_first_turns(("red", "blue", "green"))
    _to_festival(g, {p: TALL for p in g.players}, {p: {"balance": 1} for p in g.players})
    order = [g.players[s] for s in g.entrants]
    assert order == list(g.round_order())
    for p in order:
        assert g.to_move == p
        g.play("no tower")


def test_prize_ranks_drop_one_rank_on_a_tie_C14() -> None:
    # A 9, B 9, C 9, D 7 -> A, B, C a medal (rank 2) each, D a ribbon (rank 3)
    assert _prize_ranks([(0, 9), (1, 9), (2, 9), (3, 7)]) == [(0, 2), (1, 2), (2, 2), (3, 3)]
    assert _prize_ranks([(0, 9), (1, 8), (2, 8), (3, 2)]) == [(0, 1), (1, 3), (2, 3), (3, 4)]


def test_size_token_to_the_most_castellers_of_its_size_a_tie_gives_nobody_C13() -> None:
    a = ((6, 6, 6), (5, 5), (4,), (3,))
    b = ((7, 7), (6,), (5,), (4,))
    assert _size_token_taker([(0, a), (1, b)], (6,)) == 0
    assert _size_token_taker([(0, a), (1, b)], (4,)) is None


def test_a_whole_festival_scores_towers_best_track_prizes_and_token_C7_C13_C14() -> None:
    g = after_first_turns(("red", "blue", "green"))
    one_six = counts(9, 9, 9, 7, 7, 6, 5, 3)               # at best 9,9,9/7,7/6/5: one 6
    _to_festival(g, {"red": TALL, "blue": one_six}, {"red": {"balance": 1}, "blue": {"balance": 1}}, away=("green",))
    assert {g.players[s] for s in g.entrants} == {"red", "blue"}
    events = []
    while g.phase == FESTIVAL:
        options = g.legal_moves()
        assert str(options[-1]) == "no tower"
        events += g.play(options[0])
    held = next(e for e in events if isinstance(e, ev.FestivalHeld))
    scores = {p: s for p, _, s in held.entries}
    assert scores == {"red": 4 + 2, "blue": 4 + 1}          # levels + castellers of size 6
    assert g.best[g.seat("red")] == 6 and g.best[g.seat("blue")] == 5
    assert dict(held.prizes) == {"red": "trophy", "blue": "medal"}
    assert held.size_token == "red"
    assert g.breakdown("red")["sizes"] == 2 and g.breakdown("red")["prizes"] == 5


def test_declining_is_a_declaration_C7() -> None:
    g = after_first_turns(("red", "blue"))
    _to_festival(g, {"red": TALL}, {"red": {"balance": 1}})
    assert g.to_move == "red"
    events = g.play("no tower")
    declared = next(e for e in events if isinstance(e, ev.TowerDeclared))
    assert declared.tower is None
    held = next(e for e in events if isinstance(e, ev.FestivalHeld))
    assert held.entries == () and held.size_token is None


def test_a_festival_tower_below_4_levels_or_without_the_size_is_refused_C2() -> None:
    g = after_first_turns(("red", "blue"))
    _to_festival(g, {"red": TALL}, {"red": {"balance": 1}})
    with pytest.raises(IllegalMove, match="C2"):
        g.play("tower 9,9,9/7,7/6")
    with pytest.raises(IllegalMove, match="size 6"):
        g.play("tower 9,9,9/7,7/3")
    g.play("tower 9,9,9/7,7/6,6/3")
    assert g.best[0] == 6


# --- Rounds (C16, C17) -----------------------------------------------------------------------

def test_first_player_passes_clockwise_each_round_C16() -> None:
    g = castell.new_game(["red", "blue", "green"], seed=9)
    firsts = []
    while g.round <= 3 and g.to_move is not None:
        if g.turn_pos == 0 and g.used == 0 and g.phase == "turn":
            firsts.append((g.round, g.first))
        g.play(g.legal_moves()[0] if g.pawn[g.to_move_idx] < 0 else castell.parse_move("done"))
        if g.phase == FESTIVAL:
            g.play("no tower")
    by_round = dict(firsts)
    assert by_round[2] == (by_round[1] + 1) % 3 and by_round[3] == (by_round[2] + 1) % 3


def test_refill_tops_each_region_up_in_data_order_before_round_3_C17() -> None:
    g = after_first_turns(("red", "blue"))
    set_pool(g, g.data.regions[1], counts())
    set_pool(g, g.data.regions[4], counts(5))
    while g.round < 3:
        events = g.play("done")
    refills = [e for e in events if isinstance(e, ev.Refilled)]
    assert [e.region for e in refills] == [g.data.regions[1], g.data.regions[4]]
    assert all(sum(pool) == 3 for pool in g.pool)
    assert total_castellers(g) == 150


def test_refill_with_an_empty_bag_leaves_regions_short_C17() -> None:
    g = after_first_turns(("red", "blue"))
    g.pool[0] = counts()
    g.pool[1] = counts()
    moved = g.bag[:-2]
    g.team[0] = [a + b for a, b in zip(g.team[0], counts(*moved))]
    del g.bag[:-2]
    while g.round < 3:
        g.play("done")
    assert sum(g.pool[0]) == 2 and sum(g.pool[1]) == 0 and g.bag == []


# --- Scoring (C15, C20, C27, C28) ------------------------------------------------------------

def test_breakdown_categories_sum_to_the_score_C20_C27_C28() -> None:
    g = after_first_turns(("red", "blue"))
    seat = g.seat("red")
    g.best[seat] = 9
    g.won_sizes[seat] += [(5, 0), (5, 1), (3, 2)]           # 2 + 1 + 2 (C27)
    g.won_prizes[seat] += [(0, 2), (1, 3), (2, 3)]          # 5 + 3 + 1
    g.won_tiles[seat].append(g.rows[4][0])                  # a tile of region 4
    g.collected[seat] = 2
    parts = g.breakdown("red")
    assert parts["sizes"] == 5 and parts["prizes"] == 9 and parts["tower"] == 9
    assert parts["diversity"] == g.data.diversity[5]        # regions 0, 1, 2, 3, 4 (C20)
    assert parts["performances"] == g.data.tiles[g.rows[4][0]].points + 2
    assert g.scores["red"] == sum(parts.values())


def test_a_tie_for_the_most_points_is_a_shared_win_C15() -> None:
    g = after_first_turns(("red", "blue"))
    g.best[0] = g.best[1] = 7
    assert g.winners() == ["red", "blue"]


# --- Notation and refusals -------------------------------------------------------------------

@pytest.mark.parametrize("text", ["place met", "move cam", "recruit 8 5", "recruit 3", "train balance",
                                  "train special", "special recruit 4", "special move pon",
                                  "special perform exh03 7,7,7,7/5/4/3", "tower 8,8,8/6,6/5,5/3",
                                  "no tower", "done", "skip"])
def test_notation_round_trips(text: str) -> None:
    assert str(castell.parse_move(text)) == text


@pytest.mark.parametrize("text, expected", [("recruit 11", "1..10"), ("move barcelona", "region"),
                                           ("train flying", "skill"), ("special fly", "special"),
                                           ("tower 8,8/x", "tower"), ("no", "no tower"), ("", "empty"),
                                           ("dance", "unknown move")])
def test_bad_notation_says_what_was_expected(text: str, expected: str) -> None:
    with pytest.raises(NotationError, match=expected):
        castell.parse_move(text)


@pytest.mark.parametrize("setup, text, code", [
    (lambda g: None, "done", "first_turn_place"),
    (lambda g: g.play("place met"), "move met", "action_used"),
    (lambda g: (g.play("place met"), give(g, g.to_move, tokens=0)), "special move gir", "no_tokens"),
    (lambda g: g.play("place met"), "special move pir", "not_adjacent"),
    (lambda g: g.play("place met"), "tower 9,9,9/7,7/6,6/3", "no_festival"),
])
def test_refusals_are_codes_with_the_engines_wording(setup, text: str, code: str) -> None:
    """engine/castell/refusals.py: every refusal is a code of REASONS, its text the engine's wording."""
    from engine.castell.refusals import REASONS, reason_text
    g = castell.new_game(["red", "blue"], seed=1)
    setup(g)
    with pytest.raises(IllegalMove) as refused:
        g.play(text)
    assert refused.value.reason is not None and refused.value.reason[0] == code and code in REASONS
    assert str(refused.value) == f"{text}: {reason_text(refused.value.reason)}"
