"""The Castell tower builder: the model keeps the team whole, says every broken rule the engine
says (docs/castell.md "Towers", "Skills") and what a festival or a tile asks ("Festivals", "Local
performances"), and its move is one the engine plays; the panel draws inside its rectangle and
its hit-test finds what it drew."""
from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pygame
import pytest

from engine import castell
from engine.castell.position import FESTIVAL
from engine.castell.towers import tower_problem_codes, tower_problems
from game.present.castell_builder import (BUTTONS, Builder, Button, LevelSlot, Placed, Purpose, ReserveSize,
                                          tower_problem_words,
                                          activate, drop, focus_targets)
from game.render import castell_builder as panel
from game.render import castell_pieces, style
from game.shell import layout
from game.shell.i18n import t
from tests.castell.kit import after_first_turns, counts, give, region_index

SIX = Purpose.festival((6,), "Barcelona")
TALL = counts(9, 9, 9, 7, 7, 6, 6, 3)        # 9,9,9/7,7/6,6/3 with Balance 1


def built(builder: Builder, tower: list[list[int]]) -> Builder:
    for i, level in enumerate(tower):
        for size in level:
            builder = builder.add(size, i)
    return builder


def placed_counts(builder: Builder) -> list[int]:
    return counts(*(s for level in builder.levels for s in level))


# ---- the model ------------------------------------------------------------------------------

def test_adding_and_removing_keeps_the_team_whole() -> None:
    team = counts(10, 9, 9, 8, 8, 8, 6, 6, 5, 5, 4, 3, 3, 1)
    builder = Builder.start(team, {"balance": 2, "mix": 1, "width": 1}, SIX)
    rng = random.Random(5)
    for _ in range(300):
        reserve = builder.reserve()
        left = [s for s in range(1, 11) if reserve[s - 1]]
        if builder.levels and (not left or rng.random() < 0.4):
            level = rng.randrange(len(builder.levels))
            builder = builder.remove(level, rng.randrange(len(builder.levels[level])))
        else:
            builder = builder.add(rng.choice(left), rng.randrange(len(builder.levels) + 1))
        assert [r + p for r, p in zip(builder.reserve(), placed_counts(builder))] == team
        assert all(builder.levels) and all(list(lv) == sorted(lv, reverse=True) for lv in builder.levels)
    assert builder.clear().reserve() == tuple(team)


def test_a_size_not_in_the_reserve_is_refused_in_one_line() -> None:
    builder = Builder.start(counts(8), {}, SIX).add(8, 0)
    with pytest.raises(ValueError, match="no casteller of size 8 is left"):
        builder.add(8, 1)
    with pytest.raises(ValueError, match="level 3 is not 0..0"):
        Builder.start(counts(8), {}, SIX).add(8, 3)


def test_a_click_joins_the_top_level_of_its_size_else_starts_a_level() -> None:
    builder = Builder.start(TALL, {"balance": 1}, SIX)
    for size in (9, 9, 9, 7, 7, 6, 6, 3):
        builder = builder.place(size)
    assert builder.levels == ((9, 9, 9), (7, 7), (6, 6), (3,))
    assert activate(builder, Placed(1, 0)).levels == ((9, 9, 9), (7,), (6, 6), (3,))
    assert activate(builder, Placed(3, 0)).levels == ((9, 9, 9), (7, 7), (6, 6))   # an emptied level goes


def test_problems_are_the_engines_problems_worded_and_tagged_with_their_level() -> None:
    """docs/castell.md "Towers": the builder restates nothing: it words the engine's problem
    codes (one per broken rule, as many as the engine's sentences) and each names its level."""
    ranks = {"mix": 1}
    broken = [[9, 9], [9, 7, 7], [6, 5], [5, 4]]
    builder = built(Builder.start(counts(9, 9, 9, 7, 7, 6, 5, 5, 4), ranks, SIX), broken)
    engine_says = tower_problems(builder.levels, ranks)
    codes = tower_problem_codes(builder.levels, ranks)
    assert len(engine_says) == len(codes) >= 3
    problems = builder.problems()
    assert [p.text for p in problems[:len(codes)]] == [tower_problem_words(c) for c in codes]
    assert [p.levels for p in problems[:len(codes)]] == [c[1] for c in codes]
    for problem in problems[:len(engine_says)]:
        assert problem.text.startswith(f"Level {problem.level} ") or problem.text.startswith(f"Levels {problem.level}")
    # level 2 is wider than level 1 and mixes 9 and 7; levels 2, 3 and 4 mix; level 4 needs Balance;
    # levels 2 and 4 need Strength
    assert [p.level for p in problems[:len(engine_says)]] == [2, 2, 2, 4, 2]
    assert (2, 3, 4) in [p.levels for p in problems] and (2, 4) in [p.levels for p in problems]
    assert builder.move() is None


def test_a_festival_tower_below_4_levels_or_without_the_token_size_is_refused_C2() -> None:
    three = built(Builder.start(TALL, {"balance": 1}, SIX), [[9, 9, 9], [7, 7], [6, 6]])
    assert tower_problems(three.levels, three.rank_map) == []
    [short] = three.problems()
    assert "at least 4 levels" in short.text and short.level == 4   # the level still missing
    assert three.move() is None
    no_six = built(Builder.start(counts(9, 9, 9, 7, 7, 5, 5, 3), {"balance": 1}, SIX),
                   [[9, 9, 9], [7, 7], [5, 5], [3]])
    [missing] = no_six.problems()
    assert "size 6" in missing.text and missing.level is None
    assert no_six.move() is None
    four = three.add(3, 3)
    assert four.problems() == [] and str(four.move()) == "tower 9,9,9/7,7/6,6/3"
    assert four.score() == 4 + 2     # docs/castell.md "Festivals": levels + castellers of the token's size


def test_move_is_none_until_the_tower_is_legal() -> None:
    builder = Builder.start(TALL, {"balance": 1}, SIX)
    for size in (9, 9, 9, 7, 7, 6, 6):
        assert builder.move() is None
        builder = builder.place(size)
    assert builder.move() is None
    assert builder.place(3).move() is not None


def _to_festival(g: castell.Game, player: str, team: list[int], ranks: dict[str, int]) -> None:
    """Round 3's first festival with a 6 token, `player` alone in its region with `team`."""
    while g.round < 3:
        g.play("done")
    first = g.festivals_of(3)[0]
    fest = replace(first, sizes=(6,))
    g.calendar = tuple(fest if f is first else f for f in g.calendar)
    away = g.data.regions[(fest.tile.region + 1) % len(g.data.regions)]
    for p in g.players:
        give(g, p, team=team if p == player else counts(), ranks=ranks if p == player else {},
             region=g.data.regions[fest.tile.region] if p == player else away)
    while g.phase != FESTIVAL:
        g.play("done")


def test_best_at_a_festival_is_a_tower_the_engine_accepts() -> None:
    g = after_first_turns(("red", "blue"))
    _to_festival(g, "red", counts(9, 9, 9, 8, 7, 7, 6, 6, 6, 5, 3, 2), {"balance": 2, "mix": 1})
    view = g.view("red")
    builder = Builder.for_festival(view, view.seat("red"))
    assert builder.move() is None
    best = builder.best()
    move = best.move()
    assert move is not None and move in view.legal_moves()       # the solver's first candidate
    assert best.score() == len(best.levels) + sum(lv.count(6) for lv in best.levels)
    g.play(move)
    assert g.best[g.seat("red")] == best.score()


def _tile_in_row(g: castell.Game, player: str, tile: str, team: list[int], ranks: dict[str, int]) -> None:
    give(g, player, team=team, ranks=ranks, region="met")
    for row in g.rows:
        if tile in row:
            row.remove(tile)
    r = region_index(g, "met")
    g.rows[r] = [tile] + g.rows[r][:1]
    g.tile_region[tile] = r


@pytest.mark.parametrize("tile, team, ranks", [
    ("shape06", counts(9, 9, 9, 8, 8, 8, 6, 6, 4), {"balance": 1}),           # 3-3-2-1
    ("exh01", counts(9, 9, 9, 8, 8, 8, 6, 6, 4), {"balance": 1}),             # 4 levels, Balance
])
def test_best_for_a_tile_is_a_performance_the_engine_accepts_C11_C12(tile: str, team: list[int],
                                                                     ranks: dict[str, int]) -> None:
    g = after_first_turns()
    player = g.to_move
    assert player is not None
    _tile_in_row(g, player, tile, team, ranks)
    view = g.view(player)
    builder = Builder.for_tile(view, view.seat(player), tile)
    assert builder.move() is None and builder.score() == g.data.tiles[tile].points
    move = builder.best().move()
    assert move is not None and str(move).startswith(f"special perform {tile} ")
    g.play(move)
    assert tile in g.won_tiles[g.seat(player)]


def test_a_shape_tile_names_the_level_of_the_wrong_count_C12() -> None:
    tile = castell.DATA.tiles["shape06"]          # 3-3-2-1
    builder = Builder.start(counts(9, 9, 9, 8, 8, 8, 6, 6, 4), {"balance": 1},
                            Purpose.performance("shape06", tile))
    wrong = built(builder, [[9, 9, 9], [8, 8], [6], [4]])
    assert tower_problems(wrong.levels, wrong.rank_map) == []
    texts = {p.level: p.text for p in wrong.problems()}
    assert set(texts) == {2, 3} and "asks for 3" in texts[2] and "asks for 2" in texts[3]
    assert wrong.move() is None
    short = built(builder, [[9, 9, 9], [8, 8, 8], [6, 6]])
    [missing] = short.problems()
    assert missing.level == 4 and "4 levels of 3-3-2-1" in missing.text
    right = built(builder, [[9, 9, 9], [8, 8, 8], [6, 6], [4]])
    assert str(right.move()) == "special perform shape06 9,9,9/8,8,8/6,6/4"


def test_an_exhibition_tile_asks_for_its_height_and_its_skills_C11_C23() -> None:
    tile = castell.DATA.tiles["exh06"]            # 5 levels, Balance and Width
    builder = Builder.start(counts(9, 9, 9, 9, 8, 8, 8, 8, 7, 7, 7, 6, 6, 5), {"balance": 1, "width": 1},
                            Purpose.performance("exh06", tile))
    three = built(builder, [[9, 9, 9], [8, 8], [7]])
    texts = [p.text for p in three.problems()]
    assert any("exactly 5 levels" in t for t in texts)
    assert any("Balance" in t for t in texts) and any("Width" in t for t in texts)
    good = built(builder, [[9, 9, 9, 9], [8, 8, 8, 8], [7, 7, 7], [6, 6], [5]])
    assert good.problems() == [] and good.skills_used()["balance"] == 1 and good.skills_used()["width"] == 1
    assert str(good.move()) == "special perform exh06 9,9,9,9/8,8,8,8/7,7,7/6,6/5"
    assert good.level_skills()[:2] == [("width",), ("balance",)]


def test_focus_targets_run_reserve_tower_then_enabled_buttons() -> None:
    builder = built(Builder.start(counts(9, 8, 8, 3), {}, SIX), [[8, 8]])
    targets = focus_targets(builder)
    assert targets == [ReserveSize(9), ReserveSize(3), Placed(0, 0), Placed(0, 1),
                       Button("clear"), Button("cancel")]       # no tower of 4 levels: no Best, no Confirm
    assert drop(builder, 9, LevelSlot(1)).levels == ((8, 8), (9,))
    assert drop(builder, 9, Placed(0, 1)).levels == ((9, 8, 8),)
    assert drop(builder, 9, Button("clear")) == builder


# ---- the panel --------------------------------------------------------------------------------

MAGENTA = (255, 0, 255)


@pytest.fixture(params=[(1024, 640), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def surface(request: pytest.FixtureRequest) -> Iterator[pygame.Surface]:
    pygame.font.init()
    layout.use(request.param)
    yield pygame.Surface(request.param)
    layout.use(layout.LOGICAL)


def panel_rect() -> pygame.Rect:
    return layout.in_frame(260, 70, 760, 660)


def samples() -> list[Builder]:
    festival = Builder.start(counts(9, 8, 8, 8, 7, 6, 6, 6, 5, 5, 3, 3, 2, 1), {"balance": 2, "mix": 1, "width": 1}, SIX)
    exh = Builder.start(counts(9, 8, 8, 7, 7, 6, 5, 4, 3), {"balance": 1, "width": 1},
                        Purpose.performance("exh06", castell.DATA.tiles["exh06"]))
    shape = Builder.start(TALL, {"balance": 1}, Purpose.performance("shape05", castell.DATA.tiles["shape05"]))
    return [festival, festival.best(), built(festival, [[8, 8, 8], [7, 6, 6], [6, 5, 5]]),
            built(exh, [[8, 8, 7], [7, 6, 5], [4]]), shape, shape.best()]


def test_painting_stays_inside_the_rect_and_leaves_the_builder_alone(surface: pygame.Surface) -> None:
    rect = panel_rect()
    for builder in samples():
        before = builder
        surface.fill(MAGENTA)
        look = panel.Look(hover=Button("confirm"), focus=ReserveSize(3), dragging=9,
                          pointer=(rect.right - 5, rect.bottom - 5))
        panel.paint_builder(surface, rect, builder, look)
        assert builder == before
        inside = panel.draw.rect_px(rect)
        drawn = pygame.mask.from_threshold(surface, MAGENTA, (1, 1, 1, 255))
        assert drawn.count() < surface.get_width() * surface.get_height() - inside.w * inside.h // 2
        surface.fill(MAGENTA, inside)
        untouched = pygame.mask.from_threshold(surface, MAGENTA, (1, 1, 1, 255))
        assert untouched.count() == surface.get_width() * surface.get_height()


def test_hit_test_finds_every_reserve_column_and_button_where_it_is_drawn(
        surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    rect = panel_rect()
    buttons: dict[str, pygame.Rect] = {}
    tiles: list[tuple[int, pygame.Rect, bool]] = []
    real_button, real_tile = style.button, castell_pieces.casteller_tile

    def button(s: pygame.Surface, box: pygame.Rect, label: str, **kw: Any) -> None:
        buttons[label] = box.copy()
        real_button(s, box, label, **kw)

    def casteller(s: pygame.Surface, box: pygame.Rect, size: int, **kw: Any) -> None:
        tiles.append((size, box.copy(), kw.get("faded", False)))
        real_tile(s, box, size, **kw)
    monkeypatch.setattr(style, "button", button)
    monkeypatch.setattr(castell_pieces, "casteller_tile", casteller)
    for builder in samples():
        buttons.clear()
        tiles.clear()
        panel.paint_builder(surface, rect, builder)
        assert len(buttons) == len(BUTTONS)
        for name in BUTTONS:
            assert panel.hit_test(rect, builder, buttons[t(f"castell.builder.{name}")].center) == Button(name)
        reserve = builder.reserve()
        columns = tiles[-10:]                         # the reserve is drawn after the tower
        assert [size for size, _, _ in columns] == list(range(1, 11))
        for size, box, faded in columns:
            expected = ReserveSize(size) if reserve[size - 1] else None
            assert faded == (expected is None)
            assert panel.hit_test(rect, builder, box.center) == expected
        placed = tiles[:-10]
        assert len(placed) == sum(map(len, builder.levels))
        positions = [(i, j) for i, level in enumerate(builder.levels) for j in range(len(level))]
        for (size, box, _), (i, j) in zip(placed, positions):
            assert size == builder.levels[i][j]
            assert panel.hit_test(rect, builder, box.center) == Placed(i, j)
        geo = panel.geometry(rect, builder)
        top = geo.rows[-1]
        assert panel.hit_test(rect, builder, (top.x + 4, top.centery)) == LevelSlot(len(builder.levels))
        assert panel.hit_test(rect, builder, (rect.x - 5, rect.y - 5)) is None


def test_every_tower_problem_is_worded_in_each_language() -> None:
    """docs/castell.md "Towers": the engine's problem codes (engine/castell/towers.py) reach the
    player in his language, each naming its level; none is left in English in pt or ca."""
    from game.shell import i18n
    towers = {"no_levels": [], "empty_level": [[9], []], "bad_size": [[11]], "mixed_sizes": [[9, 7]],
              "too_wide": [[9, 9, 9, 9]], "wider_than_below": [[9], [8, 8]], "not_smaller": [[8, 8], [9]],
              "overuse": [[9, 9], [8, 8]]}
    try:
        worded = {}
        for lang in ("en", "pt", "ca"):
            i18n.set_language(lang)
            for code, levels in towers.items():
                problems = tower_problem_codes(levels, {})
                assert code in [c for c, _, _ in problems], (code, problems)
                text = tower_problem_words(next(p for p in problems if p[0] == code))
                assert "{" not in text and text
                worded[lang, code] = text
        for code in towers:
            assert worded["pt", code] != worded["en", code] != worded["ca", code]
    finally:
        i18n.set_language("en")
