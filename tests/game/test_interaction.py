"""Confirm before commit, undo in pass-and-play, hot-seat secrecy, and prompts that name the
player and the step with unmistakable legal targets, through the real scenes: events are posted
where things are drawn, and the engine is only called to set positions up and check."""
from __future__ import annotations

import random
from pathlib import Path

import pygame

import engine
from game.shell import i18n, layout
from game.match.controller import Match
from game.shell.i18n import t
from game.match.saves import SeatMeta
from game.shell.scene import PULSE
from game.scenes.handoff import ready_button
from game.scenes.play import MatchScene
from game.match.seats import parse_players
from tests.game.driver import Driver, human_target, make_context

SCENARIOS = Path(__file__).resolve().parents[2] / "levels" / "scenarios"


def my_turn(driver: Driver) -> str | None:
    return getattr(driver.scene, "my_turn", lambda: None)()


def start(seats: str, seed: int, confirm: bool = True) -> tuple[Match, Driver]:
    ctx = make_context()
    ctx.settings.confirm_moves = confirm
    match = Match(parse_players(seats), seed, autosave=False)
    return match, Driver(MatchScene(ctx, match))


def reach(match: Match, driver: Driver, wanted, rng: random.Random, limit: int = 6000) -> None:
    """Play on (humans pick at random, through the engine) until `wanted()` holds at a human's turn."""
    for _ in range(limit):
        if my_turn(driver) and wanted():
            return
        if driver.scene.name == "handoff":
            driver.click(ready_button().center)
        elif getattr(driver.scene, "summary", None) is not None:
            driver.key(pygame.K_RETURN)          # a scoring summary: read, then Enter
        elif my_turn(driver):
            match.play(rng.choice(match.host_game.legal_moves()))
        driver.step()
    raise AssertionError("position not reached")


def hand_centre(value: str) -> tuple[int, int]:
    return layout.hand_rects()[int(value) - 1].center


# ---- A. confirm before commit ---------------------------------------------------------------------
def test_a_staged_power_card_is_changed_before_it_is_confirmed():
    match, driver = start("human,random,random", 4)
    reach(match, driver, lambda: match.host_game.phase == "power", random.Random(1))
    first, second = driver.scene.picker.values("power")[:2]
    version = match.version
    driver.click(hand_centre(first))
    assert driver.scene.staged() == engine.parse_move(f"power {first}")
    assert match.version == version and "red" not in match.host_game.power_played, "nothing reaches the engine"
    assert [c.verb for _, c in driver.scene.choice_buttons()] == ["confirm"]
    assert driver.scene.prompt() == f"Red — play power card {first} — Confirm (Enter), or click another choice"
    driver.click(hand_centre(second))
    assert driver.scene.staged() == engine.parse_move(f"power {second}")
    assert "red" not in match.host_game.power_played
    driver.click((60, 560))                   # Portugal: not a target, the choice is dropped
    assert driver.scene.staged() is None and "red" not in match.host_game.power_played
    driver.click(hand_centre(second))
    driver.past_key_guard()
    driver.key(pygame.K_RETURN)
    assert match.host_game.power_played["red"] == int(second)


def test_a_a_staged_action_card_is_lifted_and_taken_only_on_confirm():
    match, driver = start("human,random,random", 5)
    reach(match, driver, lambda: match.host_game.phase == "card", random.Random(3))
    first, second = driver.scene.picker.values("card")[:2]
    centre = {card: rect.center for rect, card in zip(layout.card_rects(len(driver.scene.table.offer)),
                                                      driver.scene.table.offer)}
    driver.click(centre[first])
    assert driver.scene.staged() == engine.parse_move(f"card {first}") and match.host_game.phase == "card"
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.staged() is None and driver.scene.name == "action", "Esc drops it, no pause menu"
    driver.click(centre[second])
    assert driver.scene.staged() == engine.parse_move(f"card {second}") and match.host_game.phase == "card"
    driver.past_key_guard()
    driver.key(pygame.K_RETURN)
    assert match.host_game.card == second


def last_placement(match: Match) -> bool:
    step = engine.progress(match.host_game)
    places = [m for m in match.host_game.legal_moves() if m.verb == "place"]
    return match.host_game.phase == "place" and step is not None and step.left == 1 and len(places) >= 2


def test_a_staged_last_placement_is_changed_then_confirmed_and_ctrl_z_drops_it():
    match, driver = start("human,random,random", 6)
    reach(match, driver, lambda: last_placement(match), random.Random(2))
    first, second = sorted(m.args[0] for m in match.host_game.legal_moves() if m.verb == "place")[:2]
    counts = {a: match.host_game.count("red", a) for a in (first, second)}
    driver.click(layout.area_point(first))
    assert driver.scene.staged() == engine.parse_move(f"place {first}")
    assert match.host_game.phase == "place" and match.host_game.count("red", first) == counts[first]
    driver.ctrl_z()
    assert driver.scene.staged() is None and match.host_game.phase == "place", "Undo drops the staged move"
    driver.click(layout.area_point(first))
    driver.click(layout.area_point(second))
    assert driver.scene.staged() == engine.parse_move(f"place {second}"), "another click restages"
    confirm = next(rect for rect, choice in driver.scene.choice_buttons() if choice.verb == "confirm")
    driver.click(confirm.center)
    assert match.host_game.count("red", second) == counts[second] + 1
    assert match.host_game.count("red", first) == counts[first]


def test_a_placement_that_leaves_more_to_place_is_played_at_once():
    match, driver = start("human,random,random", 6)
    reach(match, driver, lambda: match.host_game.phase == "place" and engine.progress(match.host_game).left >= 2,
          random.Random(3))
    area = min(m.args[0] for m in match.host_game.legal_moves() if m.verb == "place")
    before = match.host_game.count("red", area)
    driver.click(layout.area_point(area))
    assert driver.scene.staged() is None and match.host_game.count("red", area) == before + 1


def test_a_with_confirm_off_a_click_plays_at_once():
    match, driver = start("human,random,random", 4, confirm=False)
    reach(match, driver, lambda: match.host_game.phase == "power", random.Random(1))
    value = driver.scene.picker.values("power")[0]
    driver.click(hand_centre(value))
    assert driver.scene.staged() is None and match.host_game.power_played["red"] == int(value)


def test_a_the_confirm_setting_is_a_settings_row_and_is_saved(data_dir):
    from game.scenes.settings import SettingsScene, row_rects
    from game.shell.settings import Settings
    ctx = make_context()
    driver = Driver(SettingsScene(ctx, in_game=False))
    rect = {row: r for r, row in row_rects()}["confirm_moves"]
    assert ctx.settings.confirm_moves
    driver.click((rect.right - 20, rect.centery))
    assert not ctx.settings.confirm_moves and not Settings.load().confirm_moves


# ---- B. undo in pass-and-play ----------------------------------------------------------------------
def test_b_the_acting_human_undoes_his_own_placement_in_a_two_human_game():
    match, driver = start("human,human,random", 8)
    rng = random.Random(4)
    reach(match, driver, lambda: match.host_game.phase == "place" and engine.progress(match.host_game).left >= 2, rng)
    player = match.host_game.to_move
    before = match.host_game.clone()
    area = min(m.args[0] for m in match.host_game.legal_moves() if m.verb == "place")
    driver.click(layout.area_point(area))
    assert match.host_game.count(player, area) == before.count(player, area) + 1
    assert driver.until(lambda: driver.scene.undo_shown(), 50)
    driver.ctrl_z()
    assert match.host_game.key() == before.key() and match.host_game.record() == before.record()
    # once play has passed to someone else, nothing of the earlier turn can be undone
    while match.host_game.to_move == player:
        match.play(rng.choice(match.host_game.legal_moves()))
    assert not match.can_undo(), "never across another player's move"
    other = next(p for p in match.humans if p != player)
    while match.host_game.to_move != other:
        match.play(rng.choice(match.host_game.legal_moves()))
    assert match.undo_player == other and not match.can_undo(), "the next human cannot undo the previous one's turn"


# ---- C. hot-seat secrecy ---------------------------------------------------------------------------
def fresh_frame(driver: Driver, match: Match) -> pygame.Surface:
    """The frame a scene that never saw the previous player's mouse draws for the same position."""
    scene = driver.scene
    fresh = type(scene)(scene.ctx, match, scene.table)
    fresh.clock = scene.clock
    fresh.refresh_picker()
    surface = pygame.Surface(driver.app.window.get_size())
    fresh.draw(surface)
    return surface


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_c_after_each_hand_off_nothing_of_the_previous_player_is_drawn():
    """Both humans set a Castillo disc (§8.1): Red hovers and picks Castilla la Vieja; on every frame
    after a hand-off, with the mouse still where Red left it, nothing is hovered, half-chosen or
    staged, and the pixels are those of a scene that never saw Red's mouse."""
    game = engine.load_scenario(SCENARIOS / "challenge_1_last_scoring.yaml")
    seats = [SeatMeta("red", "human"), SeatMeta("blue", "human"), SeatMeta("green", "random")]
    match = Match.from_game(game, seats, autosave=False)
    driver = Driver(MatchScene(make_context(), match))
    spot = layout.area_point("castilla_la_vieja")
    checked = 0
    for _ in range(400):
        driver.step()
        scene = driver.scene
        if scene.name == "handoff":
            driver.click(ready_button().center)
            driver.step()
            if not my_turn(driver):
                continue
            scene = driver.scene
            assert scene.hover is None and scene.staged() is None and scene.picker.verb is None
            assert scene.toast_time == 0
            driver.app.draw()                         # the frame at this instant of the pulse
            frame = driver.app.window.copy()
            assert same(frame, fresh_frame(driver, match)), "the frame after a hand-off shows a leftover"
            checked += 1
            if match.viewer == "blue":
                break
            driver.hover(spot)                       # Red points at his region ...
            assert scene.hover == spot
            driver.app.draw()
            hovered = driver.app.window.copy()
            assert not same(hovered, fresh_frame(driver, match)), "a hovered region must show (test sanity)"
            driver.click(spot)                        # ... stages it ...
            assert scene.staged() == engine.parse_move("disc castilla_la_vieja")
            driver.past_key_guard()
            driver.key(pygame.K_RETURN)               # ... and confirms
            assert match.host_game.to_move == "blue"
    assert checked == 2 and match.viewer == "blue"
    assert match.host_game.disc("red") == "castilla_la_vieja"


# ---- D. prompts -----------------------------------------------------------------------------------
def test_d_every_prompt_of_a_pass_and_play_game_names_the_player_and_shows_its_buttons():
    """Two humans play a whole short game (six rounds, three general scorings)."""
    ctx = make_context()
    match = Match(parse_players("human,human"), 21, variant="short", autosave=False)
    driver = Driver(MatchScene(ctx, match), paint_every=10)
    rng = random.Random(9)
    phases: set[str] = set()
    for _ in range(60000):
        if match.host_game.is_over:
            break
        scene = driver.scene
        player = my_turn(driver)
        if player:
            prompt = scene.prompt()
            assert prompt.startswith(f"{match.name(player)} — "), prompt
            verbs = {choice.verb for _, choice in scene.choice_buttons()}
            for verb in ("done", "skip"):
                if t(f"button.{verb}") in prompt:
                    assert verb in verbs, f"prompt mentions {verb} with no button: {prompt}"
            phases.add(match.host_game.phase)
        target = human_target(scene, rng)
        if target:
            driver.click(target)
        elif scene.name == "handoff":
            driver.click(ready_button().center)
        else:
            driver.step()
    assert match.host_game.is_over, "the game was played to its end"
    assert {"power", "card", "order", "place", "disc"} <= phases


def test_d_prompts_count_what_is_left_in_three_languages():
    match, driver = start("human,random,random", 6)
    reach(match, driver, lambda: match.host_game.phase == "place" and engine.progress(match.host_game).total == 3
          and engine.progress(match.host_game).left == 2, random.Random(5), limit=20000)
    assert driver.scene.prompt() == "Red — place up to 3 Caballeros (2 left) — Done when finished"
    i18n.set_language("pt")
    assert driver.scene.prompt() == "Vermelho — coloca até 3 Caballeros (faltam 2) — Concluir no fim"
    i18n.set_language("ca")
    assert driver.scene.prompt() == "Vermell — col·loca fins a 3 Cavallers (en queden 2) — Fet quan acabis"


def test_d_plural_forms():
    assert i18n.tn("prompt.place", 1, left=i18n.tn("prompt.left", 1)) == "place up to 1 Caballero (1 left)"
    i18n.set_language("pt")
    assert i18n.tn("prompt.left", 1) == "falta 1" and i18n.tn("prompt.left", 3) == "faltam 3"
    i18n.set_language("ca")
    assert i18n.tn("prompt.court", 1) == "porta fins a 1 Cavaller a la teva cort"


# ---- E. legal targets ------------------------------------------------------------------------------
def test_e_hovering_a_target_previews_the_count_and_rank():
    match, driver = start("human,random,random", 6)
    reach(match, driver, lambda: match.host_game.phase == "place", random.Random(2))
    view = match.host_game.view("red")
    for area in sorted(m.args[0] for m in match.host_game.legal_moves() if m.verb == "place" and m.args[0] != "castillo"):
        mine = view.count("red", area)
        others = [view.count(p, area) for p in match.players if p != "red"]
        if mine + 1 > max(others):          # a clear lead after the placement: 1st
            break
    else:
        raise AssertionError("no region to lead in")
    driver.hover(layout.area_point(area))
    driver.step()
    assert driver.scene.pending_move() == engine.parse_move(f"place {area}")
    line = driver.scene.preview[1]
    after = view.after(engine.parse_move(f"place {area}"))
    assert after is not None
    points = dict(engine.scoring_preview(after, area).points).get("red", 0)
    assert line is not None and line.startswith(f"{i18n.area_name(area)}: Red {mine} → {mine + 1}, now 1st · +{points}")


def target_zone(targets: frozenset[str]) -> pygame.Surface:
    """White where a lit target or its outline may be drawn, black elsewhere."""
    from game.shell.mapdata import load_map
    zone = pygame.Surface(layout.current().window)
    data = load_map()
    for area in targets:
        if area == "castillo":
            pygame.draw.rect(zone, (255, 255, 255), layout.castillo_rect(data).inflate(40, 40))
            continue
        points = [layout.to_screen(p) for p in data.regions[area].polygon]
        pygame.draw.polygon(zone, (255, 255, 255), points)
        pygame.draw.polygon(zone, (255, 255, 255), points, 12)
        for corner in points:                  # thick strokes leave notches and spurs at corners
            pygame.draw.circle(zone, (255, 255, 255), corner, 8)
    return zone


def test_e_the_outline_pulses_in_time_around_exactly_the_lit_targets():
    match, driver = start("human,random,random", 6)
    reach(match, driver, lambda: match.host_game.phase == "place", random.Random(2))
    scene = driver.scene
    assert scene.redraw_rate() == PULSE, "pulsing targets ask the idle loop for redraws"
    targets = scene.targets()
    assert targets == {m.args[0] for m in match.host_game.legal_moves() if m.verb == "place"}
    frames = []
    for clock in (0.0, 0.4):   # a quarter breath apart
        scene.clock = clock
        surface = pygame.Surface(driver.app.window.get_size())
        scene.draw(surface)
        frames.append(surface)
    zone = target_zone(targets)
    changed = outside = 0
    rect = layout.current().map_rect
    for x in range(rect.left, rect.right, 2):
        for y in range(rect.top + 50, rect.bottom, 2):     # below the prompt and preview plates
            if frames[0].get_at((x, y)) != frames[1].get_at((x, y)):
                changed += 1
                outside += zone.get_at((x, y))[0] == 0
    assert changed > 100, "the outline breathes with scene time"
    assert outside == 0, "only the lit targets pulse"


def test_d_one_from_each_names_the_opponent_now_and_those_to_come():
    """§6.4 cull_1_each_opponent in pass-and-play: the prompt says whose Caballero is chosen now
    and who comes next, and moves on from Blue to Green visibly."""
    from tests.engine.enginekit import card_position, run
    spread = {"red": {"galicia": 3, "court": 5}, "blue": {"galicia": 2, "sevilla": 1},
              "green": {"granada": 1, "valencia": 1}}
    game = card_position("cull_1_each_opponent", players=["red", "blue", "green"], king="aragon",
                         caballeros=spread, others=("cull_1_each_opponent",))
    run(game, "card cull_1_each_opponent; first action; action")
    match = Match.from_game(game, [SeatMeta("red", "human"), SeatMeta("blue", "human"), SeatMeta("green", "random")],
                            autosave=False)
    driver = Driver(MatchScene(make_context(), match))
    assert driver.until(lambda: my_turn(driver) == "red", 100)
    assert driver.scene.prompt() == "Red — choose one of Blue's Caballeros (One from each; next: Green)"
    driver.click(layout.area_point("sevilla"))
    assert driver.until(lambda: my_turn(driver) == "red", 100)
    assert driver.scene.prompt() == "Red — choose one of Green's Caballeros (One from each)"
