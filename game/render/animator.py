"""Turns engine events into tweens on the table: Caballeros fly, the King walks, points rise.

Why: animation is driven only by what the engine reports; each event updates the displayed table
when its animation lands, so the counts on screen always match what has been shown. Flights are
tweened in board coordinates (layout.to_board), so a window resized mid-flight moves them along.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

import pygame

from engine import events as E
from game.shell import layout
from game.shell.assets import Sounds
from game.shell.layout import from_board, to_board
from game.shell.i18n import area_name, t
from game.shell.mapdata import load_map
from game.present.neutral import NEUTRAL
from game.render import draw, style
from game.render.board import occupied_rects, points_rect
from game.render.placement import free_row
from game.present.table import Sprite, Table
from game.shell.tween import Tweener

Locator = Callable[[str], tuple[float, float]]   # player -> screen point of his panel
NEUTRAL_SUPPLY = (160, 600)   # design point (layout.to_screen) the neutral colour's cubes fly from


class _Hold:
    """A dummy tween target: waiting is a tween of nothing."""
    value = 0.0


class Banner:
    """A short caption across the map ("Round 4", "Veto!")."""

    def __init__(self) -> None:
        self.text = ""
        self.alpha = 0.0


class Animator:
    def __init__(self, table: Table, tweener: Tweener, sounds: Sounds, panel_point: Locator,
                 name: Callable[[str], str]) -> None:
        self.table = table
        self.tweener = tweener
        self.sounds = sounds
        self.panel_point = panel_point
        self.name = name
        self.banner = Banner()

    # ---- helpers ------------------------------------------------------------------------------
    def hold(self, seconds: float, then: Callable[[], None] | None = None) -> None:
        self.tweener.animate(_Hold(), "value", 1.0, seconds, "linear", on_finish=then)

    def say(self, text: str, seconds: float = 1.0) -> None:
        self.banner.text = text
        self.banner.alpha = 255.0
        self.tweener.animate(self.banner, "alpha", 0.0, seconds, "in_quad")

    def point(self, player: str, area: str) -> tuple[float, float]:
        if player == NEUTRAL and area in ("court", "provinces"):
            return layout.to_screen(NEUTRAL_SUPPLY)   # its supply beside the board
        if area in ("court", "provinces"):
            return self.panel_point(player)
        return layout.area_anchor(area)

    def fly(self, player: str, source: str, target: str, count: int, duration: float = 0.45,
            delay: float = 0.0, start: tuple[float, float] | None = None) -> None:
        """One cube (labelled with the count) flies; counts update at take-off and landing.
        `player` may be an engine colour: the neutral colour's flies as NEUTRAL."""
        table = self.table
        player = table.key(player)
        table.add(player, source, -count)
        sprite = Sprite("cube", to_board(start or self.point(player, source)), player, str(count) if count > 1 else "")
        table.sprites.append(sprite)

        def land() -> None:
            if sprite in table.sprites:
                table.sprites.remove(sprite)
            table.add(player, target, count)
            self.sounds.play("place")
        self.tweener.animate(sprite, "pos", to_board(self.point(player, target)), duration, "in_out_quad", delay, land)

    def rise_points(self, area: str, points: tuple[tuple[str, int], ...], duration: float = 1.6,
                    origin: tuple[float, float] | None = None) -> None:
        """'+5' labels in player colours, in a row near an area (or `origin`) where they cover no
        name, value, piece or other floating label; they drift up a little and fade."""
        x, y = origin or layout.area_anchor(area)
        shown = [(p, f"+{n}") for p, n in points if n]
        if not shown:
            return
        taken = [points_rect(s.label, from_board(s.pos)).inflate(0, RISE) for s in self.table.sprites
                 if s.kind == "points"]
        if origin is None:
            taken += occupied_rects(load_map(), self.table)
        sizes = [points_rect(label, (0, 0)).size for _, label in shown]
        # kept on the map, drift included (a chip over Galicia was clipped at the map's top)
        row = free_row((x, y - 26), sizes, taken, headroom=RISE, bounds=layout.current().map_rect)
        for (player, label), rect in zip(shown, row):
            sprite = Sprite("points", to_board(rect.center), player, label)
            self.table.sprites.append(sprite)
            self.tweener.animate(sprite, "pos", to_board((rect.centerx, rect.centery - RISE)), duration, "out_cubic",
                                 on_finish=partial(self._drop, sprite))
            self.tweener.animate(sprite, "alpha", 0.0, duration, "in_quad")

    def _drop(self, sprite: Sprite) -> None:
        if sprite in self.table.sprites:
            self.table.sprites.remove(sprite)

    def move_markers(self, points: tuple[tuple[str, int], ...], duration: float = 0.8) -> None:
        """Score markers slide along the success track."""
        for player, value in points:
            if not value:
                continue
            self.table.scores[player] = self.table.scores.get(player, 0) + value
            holder = _TrackMarker(self.table, player)
            self.tweener.animate(holder, "value", float(self.table.scores[player]), duration, "out_quad")

    # ---- events -------------------------------------------------------------------------------
    def start(self, event: E.Event) -> None:
        """Begin the animation of one event; `tweener.busy` is False once it is over."""
        handler = self.HANDLERS.get(type(event))
        if handler:
            handler(self, event)

    def _on_CaballerosMoved(self, e: E.CaballerosMoved) -> None:
        self.fly(e.player, e.source, e.target, e.count)

    def _on_DummyRegionsDrawn(self, e: E.DummyRegionsDrawn) -> None:
        self.say(t("banner.dummy_regions", who=self.name(e.colour),
                   regions=", ".join(area_name(r) for r in e.regions)), 1.4)
        self.sounds.play("card")
        self.hold(0.5)

    def _on_DummyPowerRevealed(self, e: E.DummyPowerRevealed) -> None:
        self.table.power_played[NEUTRAL] = e.value
        self.say(t("banner.dummy_power", who=self.name(e.colour), value=e.value), 1.2)
        self.sounds.play("card")
        self.hold(0.5)

    def _on_DummyCardTaken(self, e: E.DummyCardTaken) -> None:
        self.table.taken[e.card] = NEUTRAL
        self.say(t("banner.dummy_card", who=self.name(e.colour), card=t(f"card.{e.card}.name")), 1.2)
        self.sounds.play("card")
        self.hold(0.6)

    def _on_KingMoved(self, e: E.KingMoved) -> None:
        data = load_map()
        table = self.table
        table.king_pos = to_board(layout.to_screen(data.regions[e.source].king))
        table.king = e.source

        def arrive() -> None:
            table.king, table.king_pos = e.target, None
            self.sounds.play("king")
        self.tweener.animate(table, "king_pos", to_board(layout.to_screen(data.regions[e.target].king)), 0.8,
                             "in_out_sine", on_finish=arrive)

    def _on_GrandeMoved(self, e: E.GrandeMoved) -> None:
        data = load_map()
        table = self.table
        table.grandes.pop(e.player, None)
        sprite = Sprite("grande", to_board(layout.to_screen(data.regions[e.source].grande)), e.player)
        table.sprites.append(sprite)

        def arrive() -> None:
            self._drop(sprite)
            table.grandes[e.player] = e.target
        self.tweener.animate(sprite, "pos", to_board(layout.to_screen(data.regions[e.target].grande)), 0.7,
                             "in_out_quad", on_finish=arrive)

    def _on_ScoreboardMoved(self, e: E.ScoreboardMoved) -> None:
        self.table.scoreboards[e.board] = e.target
        self.sounds.play("card")
        self.hold(0.4)

    def _on_CardTaken(self, e: E.CardTaken) -> None:
        self.table.taken[e.card] = e.player
        self.sounds.play("card")
        self.hold(0.35)

    def _on_PowerPlayed(self, e: E.PowerPlayed) -> None:
        self.table.power_played[e.player] = e.value
        hand = self.table.hands.get(e.player)
        if hand is not None:
            self.table.hands[e.player] = tuple(v for v in hand if v != e.value)
        self.sounds.play("card")
        self.hold(0.35)

    def _on_RoundStarted(self, e: E.RoundStarted) -> None:
        self.table.offer, self.table.taken = list(e.face_up), {}
        self.table.power_played = {}
        self.table.round = e.round
        self.say(t("banner.round", round=e.round), 1.4)

    def _on_TurnOrderSet(self, e: E.TurnOrderSet) -> None:
        self.say(t("banner.turn_order", order=" › ".join(self.name(p) for p in e.order)), 1.6)

    def _on_TurnStarted(self, e: E.TurnStarted) -> None:
        self.table.active = e.player
        self.hold(0.2)

    def _on_AreaScored(self, e: E.AreaScored) -> None:
        self.table.focus = e.area
        self.rise_points(e.area, e.points)
        self.move_markers(e.points)
        bonuses = [t("banner.king_bonus", who=self.name(e.king_bonus))] if e.king_bonus else []
        bonuses += [t("banner.home_bonus", who=self.name(p)) for p in e.home_bonus]
        if bonuses:
            self.say(" · ".join(bonuses), 1.2)
        if any(n for _, n in e.points):
            self.sounds.play("score")

        def clear() -> None:
            self.table.focus = None
        self.hold(0.9, clear)

    def _on_ScoringStarted(self, e: E.ScoringStarted) -> None:
        if e.card:
            self.say(t(f"card.{e.card}.name"), 1.2)

    def _on_DiscsRevealed(self, e: E.DiscsRevealed) -> None:
        self.table.revealed = dict(e.discs)
        self.sounds.play("reveal")

        def clear() -> None:
            self.table.revealed = {}
        self.hold(1.6, clear)

    def _on_ActionVetoed(self, e: E.ActionVetoed) -> None:
        self.say(t("banner.vetoed", who=self.name(e.vetoed_by)), 1.2)
        self.sounds.play("error")

    def _on_ActionSkipped(self, e: E.ActionSkipped) -> None:
        self.hold(0.2)

    def _on_VetoTaken(self, e: E.VetoTaken) -> None:
        self.table.veto[e.player] = True

    def _on_PowerRecovered(self, e: E.PowerRecovered) -> None:
        self.say(t("banner.recovered", who=self.name(e.player)), 1.0)

    def _on_CastilloOpened(self, e: E.CastilloOpened) -> None:
        self.say(area_name("castillo") + ": " + ", ".join(f"{self.name(p)} {n}" for p, n in e.counts), 1.4)

    # Dispatch by event class: renaming an event breaks the import, not the animation silently.
    HANDLERS: dict[type, Callable[[Animator, Any], None]] = {
        E.CaballerosMoved: _on_CaballerosMoved, E.KingMoved: _on_KingMoved,
        E.GrandeMoved: _on_GrandeMoved, E.ScoreboardMoved: _on_ScoreboardMoved,
        E.CardTaken: _on_CardTaken, E.PowerPlayed: _on_PowerPlayed,
        E.DummyRegionsDrawn: _on_DummyRegionsDrawn, E.DummyPowerRevealed: _on_DummyPowerRevealed,
        E.DummyCardTaken: _on_DummyCardTaken,
        E.RoundStarted: _on_RoundStarted, E.TurnOrderSet: _on_TurnOrderSet,
        E.TurnStarted: _on_TurnStarted, E.AreaScored: _on_AreaScored,
        E.ScoringStarted: _on_ScoringStarted, E.DiscsRevealed: _on_DiscsRevealed,
        E.ActionVetoed: _on_ActionVetoed, E.ActionSkipped: _on_ActionSkipped,
        E.VetoTaken: _on_VetoTaken, E.PowerRecovered: _on_PowerRecovered,
        E.CastilloOpened: _on_CastilloOpened,
    }


RISE = 10   # pixels a floating score drifts up while it fades


class _TrackMarker:
    """Tween target that writes an animated score into table.track."""

    def __init__(self, table: Table, player: str) -> None:
        self.table = table
        self.player = player

    @property
    def value(self) -> float:
        return self.table.track.get(self.player, 0.0)

    @value.setter
    def value(self, v: float) -> None:
        self.table.track[self.player] = v


def draw_banner(surface: pygame.Surface, banner: Banner) -> None:
    """The caption over the top of the map, fading out."""
    if banner.alpha <= 1 or not banner.text:
        return
    rect = pygame.Rect(0, 0, min(780, int(style.text_width(banner.text, 22, True, "serif")) + 60), 36)
    # just under the prompt, over the sea and France: no region name or scoreboard sits there
    rect.midtop = (layout.current().map_rect.centerx, layout.current().prompt_rect.bottom + 3)
    plate = style.plate_layer(rect.size, (*style.WOOD_DARK, 220), 10, (*style.GOLD, 255))
    size = style.fit_size(banner.text, rect.width - 30, 22, True, "serif")
    style.text(plate, banner.text, (rect.width / 2, rect.height / 2), size, style.GOLD_LIGHT, bold=True,
               face="serif", anchor="center")
    plate.set_alpha(int(min(255, banner.alpha * 1.5)))
    draw.blit(surface, plate, rect)
