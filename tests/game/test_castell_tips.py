"""The Castell table's hover tooltips: each kind's facts against the View and the engine's solver,
where a tooltip stands (in the window, clear of what it is about, of the prompt and of the
buttons) at 1024x640 and 1920x1080, its texts fitting in English, Portuguese and Catalan, the
hovered region's name legible and the train ghost's "+1" clear of the other wheel tiles."""
from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import combinations

import pygame
import pytest

from engine import castell
from engine.castell import ExhibitionTile
from engine.castell.solver import best_festival_tower
from engine.castell.towers import SKILLS, festival_score
from game.present import castell_screen as model
from game.present.castell_look import TableLook, Target
from game.present.castell_tips import BAD, GOOD, Tip, tip
from game.present.castell_turn import trainable_positions
from game.render import style
from game.render.castell_board import casteller_feet
from game.render.castell_overlays import frame_buttons
from game.render.castell_table import hit_test, paint_table
from game.render.castell_tips import paint_tip, target_rect, tip_rect
from game.render.castell_wheel import gain_rect
from game.scenes.castell_play import CastellScene
from game.shell import i18n
from game.shell import layout as shell_layout
from game.shell.castell_layout import CastellLayout
from game.shell.castell_map import load_castell_map
from tests.castell.kit import after_first_turns, counts, give
from tests.game.driver import Driver, make_context
from tests.game.test_castell_fit import MIDDLE
from tests.game.test_ui_scale_fit import Recorder, problems

NAMES = ("Ada", "Bo", "Cy")
SIZES = [(1024, 640), (1920, 1080)]
STRONG = counts(*([10] * 6 + [9] * 5 + [8] * 4 + [7] * 4 + [6] * 3 + [5] * 2 + [4, 3, 2, 1]))
TOP = {"balance": 3, "base": 1, "mix": 3, "strength": 3, "width": 3}


@pytest.fixture
def language() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.fixture
def text_scale(request) -> Iterator[None]:
    style.use_look("classic", request.param)
    yield
    style.use_look("classic", 1.0)


def strong_position() -> tuple[castell.Game, str]:
    """Round 2, the first player to move with every action open, a strong team at top ranks, the
    pawn in the region of a tile that team can build, two bounty tokens lying there."""
    g = after_first_turns(seed=4)
    player = g.to_move
    assert player is not None
    give(g, player, team=STRONG, ranks=TOP)
    seat = g.seat(player)
    tile = next(t for t in g.tile_region if g.performance_tower(seat, t) is not None)
    region = g.data.regions[g.tile_region[tile]]
    give(g, player, region=region)
    g.bounty[g.tile_region[tile]] = [(seat + 1) % g.n, (seat + 2) % g.n]
    return g, tile


def texts(found: Tip | None) -> list[str]:
    assert found is not None
    return [line.text for line in found.lines]


def number(pattern: str, lines: list[str]) -> int:
    for line in lines:
        if (match := re.search(pattern, line)) is not None:
            return int(match.group(1))
    raise AssertionError(f"{pattern!r} in none of {lines}")


def test_a_performance_tile_tells_its_ask_points_bounty_and_whether_the_mover_can_perform_it():
    """docs/castell.md "Local performances" (C11, C12, C24): the points and bounty are the View's,
    "now" only with a legal `special perform`, the tower shown the solver's."""
    g, tile_id = strong_position()
    view = castell.View.of(g, None)
    seat = view.to_move_idx
    tile = view.data.tiles[tile_id]
    found = tip(view, Target("tile", tile_id), NAMES)
    lines = texts(found)
    assert number(r"Worth (\d+) points?", lines) == tile.points
    assert number(r"Bounty: (\d+) tokens?", lines) == len(view.bounty[view.tile_region[tile_id]]) == 2
    if isinstance(tile, ExhibitionTile):
        assert number(r"exactly (\d+) levels?", lines) == tile.points
    else:
        asked = re.findall(r"level \d+: (\d+)", " ".join(lines))
        assert tuple(map(int, asked)) == tile.levels
    assert any(m.verb == "special" and m.args[1] == tile_id for m in view.legal_moves())
    tower = castell.format_tower(view.performance_tower(seat, tile_id))
    assert found is not None and found.lines[-1].tone == GOOD and found.lines[-1].seat == seat
    assert lines[-1] == f"{NAMES[seat]} can perform it now with a special action: {tower}"
    give(g, view.players[seat], region=next(r for r in g.data.regions if r != view.data.regions[view.tile_region[tile_id]]))
    elsewhere = texts(tip(castell.View.of(g, None), Target("tile", tile_id), NAMES))
    assert "can build it" in elsewhere[-1] and "now" not in elsewhere[-1]
    give(g, view.players[seat], team=counts(3, 2))
    weak = tip(castell.View.of(g, None), Target("tile", tile_id), NAMES)
    assert weak is not None and weak.lines[-1].tone == BAD and "cannot build" in weak.lines[-1].text


def test_a_festival_banner_tells_when_its_token_prizes_and_each_players_reach_and_best_tower():
    """docs/castell.md "Festivals": the size token and prizes from the data, each player's
    distance to the region and best festival score from the festival solver (C2)."""
    g, _ = strong_position()
    view = castell.View.of(g, None)
    fest = view.calendar[0]
    seat = view.to_move_idx
    give(g, view.players[seat], region=view.data.regions[fest.tile.region])
    view = castell.View.of(g, None)
    found = tip(view, Target("festival", fest.id), NAMES)
    assert found is not None and found.title == fest.tile.town
    lines = texts(found)
    ahead = fest.round - view.round
    assert lines[0] == ("Next round." if ahead == 1 else f"In {ahead} rounds.")
    assert number(r"Size token (\d+)", lines) == fest.sizes[0]
    kinds = view.data.prize_kinds[:view.data.prize_places[view.n]]
    assert re.findall(r"(\w+) \d+", lines[3].split(":")[1]) == [i18n.t(f"castell.prize.{k}") for k in kinds]
    assert "none left" not in lines[3]
    contenders = [line for line in found.lines if line.seat >= 0]
    assert [line.seat for line in contenders] == list(range(view.n))
    mine = contenders[seat].text
    assert mine.startswith(f"{NAMES[seat]}: here")
    tower = best_festival_tower(view.team[seat], view.rank_map(seat), fest.sizes)
    assert tower is not None and number(r"best tower now (\d+)", [mine]) == festival_score(tower, fest.sizes)
    g.prizes_left[0] = 0                  # C14: a rank whose prizes ran out takes none
    gone = texts(tip(castell.View.of(g, None), Target("festival", fest.id), NAMES))[3]
    assert gone.count("(none left)") == 1 and gone.index("(none left)") < gone.index(",")


def test_a_wheel_tile_tells_its_rule_where_it_faces_and_the_training_it_gives():
    """docs/castell.md "The wheel" (C18, C19): the training offered is a legal train move, from
    a ring position the pawn may train from; the rank goes r -> r+1."""
    g = after_first_turns(seed=4)
    view = castell.View.of(g, None)
    seat = view.to_move_idx
    trains = {m.args[0] for m in view.legal_moves() if m.verb == "train"}
    offered = trainable_positions(view, seat)
    for position, kind in enumerate(view.ring):
        found = tip(view, Target("skill", kind, position), NAMES)
        lines = texts(found)
        assert lines[0] == i18n.t(f"castell.skill_rule.{kind}")
        gives = found is not None and found.lines[-1].tone == GOOD
        assert gives == (kind in trains and position in offered), (position, kind)
        if gives and kind != "special":
            rank = view.ranks[seat][SKILLS.index(kind)]
            assert lines[-1].endswith(f"rank {rank} → {rank + 1}.")


def test_the_help_opens_each_skill_with_the_tooltips_sentence():
    """One sentence, worded once: the F1 help's skill topic starts with the wheel tooltip's line."""
    for skill in SKILLS:
        rule = i18n.t(f"castell.skill_rule.{skill}")
        assert rule.endswith(".") and rule not in i18n.t(f"castell.help.{skill}.text")


def test_a_board_castellers_bounty_and_round_tell_their_facts():
    g, tile_id = strong_position()
    view = castell.View.of(g, None)
    seat = view.to_move_idx
    board = texts(tip(view, Target("board", view.players[seat], seat), NAMES))
    assert number(r"Team \((\d+)\)", board) == sum(view.team[seat])
    for skill, top in TOP.items():
        assert f"{i18n.t('castell.skill.' + skill)} {top}/{top}" in board[1]
    assert number(r"tokens: (\d+) of", board) == view.tokens[seat]
    assert number(r"Tallest tower now: (\d+)", board) == castell.tallest_tower(view.team[seat], view.rank_map(seat))
    region = view.pawn[seat]
    here = tip(view, Target("casteller", view.data.regions[region], 1), NAMES)
    sizes = [s for s in range(10, 0, -1) for _ in range(view.pool[region][s - 1])]
    assert here is not None and here.title.endswith(f"{len(sizes)} castellers")
    assert here.lines[1].seat == seat and "up to 2" in here.lines[1].text
    bounty = texts(tip(view, Target("bounty", view.data.regions[view.tile_region[tile_id]]), NAMES))
    assert number(r"(\d+) special action tokens", bounty) == 2
    fest = view.calendar[-1]
    rnd = texts(tip(view, Target("round", "", fest.round), NAMES))
    assert sum(1 for line in rnd if line.startswith("Festival in")) == len(view.festivals_of(fest.round))
    assert number(r"(\d+) festivals still", rnd) == len(view.calendar)


def hovered_targets(view: castell.View, lay: CastellLayout) -> dict[str, Target]:
    """One target of each tooltip kind, found by hit-testing what is drawn."""
    seat = view.to_move_idx
    region = view.pawn[seat]
    foot = casteller_feet(lay, view, region)[0][1]
    points = {"tile": next(r for t, r in ((t, target_rect(lay, view, Target("tile", t))) for row in view.rows for t in row)
                           if r is not None).center,
              "festival": lay.festival_rects([(f.round, f.id) for f in view.calendar])[view.calendar[-1].id].center,
              "skill": lay.ring_rect(4, len(view.ring)).center,
              "board": lay.board_rects(view.n)[-1].center,
              "casteller": (foot[0], foot[1] - 8),
              "bounty": lay.bounty_rect(lay.row_rects(len(view.data.regions))[0]).center,
              "round": lay.round_rects()[6].center}
    found = {kind: hit_test(lay, view, point) for kind, point in points.items()}
    assert all(target is not None and target.kind == kind for kind, target in found.items()), found
    return {kind: target for kind, target in found.items() if target is not None}


@pytest.mark.parametrize(("size", "text_scale"), [(size, 1.0) for size in SIZES] + [((1024, 640), 1.5)],
                         indirect=["text_scale"], ids=str)
def test_a_tooltip_stays_in_the_window_clear_of_its_target_the_prompt_and_the_buttons(size, text_scale):
    pygame.init()
    g, _ = strong_position()
    view = castell.View.of(g, None)
    lay = CastellLayout.for_window(size)
    shell_layout.use(size)
    window = pygame.Rect(0, 0, lay.width, lay.height)
    for kind, target in hovered_targets(view, lay).items():
        frame = model.build_frame(view, model.Ui(hover=target), NAMES, True, None, True, (), 0.0, 0.5)
        assert frame.tip is not None and frame.tip.target == target, kind
        rect = tip_rect(lay, frame)
        aimed = target_rect(lay, view, target)
        assert rect is not None and aimed is not None
        assert window.contains(rect), (kind, rect)
        assert not rect.colliderect(aimed), (kind, rect, aimed)
        assert not rect.colliderect(lay.prompt_rect), kind
        assert rect.collidelist([r for _, r in frame_buttons(lay, frame)]) < 0, kind


@pytest.mark.parametrize(("lang", "size", "text_scale"),
                         [(lang, size, 1.0) for lang in ("en", "pt", "ca") for size in SIZES]
                         + [("ca", (1024, 640), 1.5), ("pt", (1920, 1080), 1.5)],
                         indirect=["text_scale"], ids=str)
def test_every_tooltip_fits_in_every_language(lang, size, text_scale, monkeypatch, language):
    """Drawn by the table scene over the mid-game table (also at the largest UI text scale):
    every line inside the tooltip and the window, none running into another, none cut short."""
    i18n.set_language(lang)
    ctx = make_context(speed=40.0)
    ctx.settings.language = lang
    match = MIDDLE()
    scene = CastellScene(ctx, match)
    driver = Driver(scene, size)
    driver.step(1)
    recorder = Recorder(monkeypatch)
    bad = []
    for kind, target in hovered_targets(match.view(), scene.table_layout()).items():
        scene.ui = model.Ui(hover=target)
        drawn = recorder.draw(driver)
        tip_rect_now = tip_rect(scene.table_layout(), scene.table_frame())
        assert tip_rect_now is not None, kind
        inside = [d for d in drawn if tip_rect_now.contains(d.rect)]
        assert len(inside) >= 3, kind
        bad += [f"{kind}: {p}" for p in problems(drawn)]
        bad += [f"{kind}: {d.value!r} is cut" for d in inside if d.value.endswith("…")]
    assert not bad, "\n".join(bad)


def contrast_of_name(hover: Target | None) -> float:
    """The contrast between the darkest ink of Ponent's name and the fill around it."""
    pygame.init()
    g, _ = strong_position()
    view = castell.View.of(g, None)
    size = (1280, 800)
    lay = CastellLayout.for_window(size)
    surface = pygame.Surface(size)
    paint_table(surface, lay, view, TableLook(hover=hover))
    x, y = lay.to_screen(load_castell_map().regions["pon"].label)
    box = pygame.Rect(round(x) - 26, round(y) - 7, 52, 14)
    pixels = [tuple(surface.get_at((px, py)))[:3] for px in range(box.left, box.right) for py in range(box.top, box.bottom)]
    ink = min(pixels, key=style.relative_luminance)
    fill = tuple(surface.get_at((round(x), box.top - 6)))[:3]
    return style.contrast(ink, fill)


def test_the_hovered_regions_name_stays_legible():
    """The hover veil brightens the region; its name is drawn again on top, as dark as unhovered."""
    plain = contrast_of_name(None)
    hovered = contrast_of_name(Target("region", "pon"))
    assert hovered >= 7 and hovered >= plain * 0.9, (plain, hovered)


def test_the_train_ghosts_plus_one_lies_on_its_own_tile_clear_of_the_others():
    for size in SIZES:
        lay = CastellLayout.for_window(size)
        tiles = [lay.ring_rect(p, 8) for p in range(8)]
        for position in range(8):
            badge = gain_rect(lay, position, 8)
            assert lay.wheel_rect.contains(badge)
            assert [i for i, r in enumerate(tiles) if r.colliderect(badge)] == [position], position
        assert not any(gain_rect(lay, a, 8).colliderect(gain_rect(lay, b, 8)) for a, b in combinations(range(8), 2))


def test_a_frame_without_hover_has_no_tooltip_and_painting_one_changes_nothing():
    pygame.init()
    g, tile_id = strong_position()
    view = castell.View.of(g, None)
    assert model.build_frame(view, model.Ui(), NAMES, True, None, True, (), 0.0, 0.5).tip is None
    frame = model.build_frame(view, model.Ui(hover=Target("tile", tile_id)), NAMES, True, None, True, (), 0.0, 0.5)
    assert frame == model.build_frame(view, model.Ui(hover=Target("tile", tile_id)), NAMES, True, None, True, (), 0.0, 0.5)
    lay = CastellLayout.for_window((1280, 800))
    shell_layout.use((1280, 800))
    surface = pygame.Surface((1280, 800))
    assert paint_tip(surface, lay, frame) == tip_rect(lay, frame)
    assert castell.View.of(g, None) == view
