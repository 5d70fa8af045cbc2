"""The lit map (game/render/board.py `lit_map`): the highlights' fills are blended into the map
once per set of targets, hover, focus and King's region at a window size, and reused at every
pulse of a resting decision (only the outlines breathe); what is drawn is unchanged."""
from __future__ import annotations

import pygame

from game.shell import layout
from game.shell.mapdata import load_map
from game.render import board, draw
from game.present.table import Table


def _table() -> Table:
    import engine
    table = Table()
    table.sync(engine.new_game(players=["red", "blue", "green"], seed=3), False)
    return table


def test_the_pulse_reuses_one_image_and_a_new_target_set_builds_another():
    layout.use((2560, 1440))
    try:
        data, table = load_map(), _table()
        targets = frozenset({"aragon", "cataluna"})
        first = board.lit_map("en", data, table, board.Lit(targets, pulse=0.0))
        assert board.lit_map("en", data, table, board.Lit(targets, pulse=1.0)) is first
        assert board.lit_map("en", data, table, board.Lit(targets, hover="galicia")) is first   # not a target
        hovered = board.lit_map("en", data, table, board.Lit(targets, hover="aragon"))
        other = board.lit_map("en", data, table, board.Lit(frozenset({"valencia"})))
        assert hovered is not first and other is not first
        assert first.get_size() == draw.layer(layout.current().map_rect.size).get_size()
    finally:
        layout.use(layout.LOGICAL)


def test_the_lit_image_is_the_map_with_the_fills_blended_in():
    data, table = load_map(), _table()
    lit = board.Lit(frozenset({"aragon"}), hover="aragon")
    image = board.lit_map("en", data, table, lit)
    static = board.static_layer("en")

    def at(region: str) -> tuple[int, int]:
        x, y = layout.to_screen(data.regions[region].label)
        return draw.point((x - layout.current().map_rect.x, y + 30 - layout.current().map_rect.y))
    lifted, dimmed = at("aragon"), at("castilla_la_nueva")
    assert sum(image.get_at(lifted)[:3]) > sum(static.get_at(lifted)[:3])      # the hovered target brighter
    assert sum(image.get_at(dimmed)[:3]) < sum(static.get_at(dimmed)[:3])      # the rest dimmed
    surface = pygame.Surface(draw.layer((layout.current().width, layout.current().height), alpha=False).get_size())
    board.draw_board(surface, table, "en", lit)
    corner = draw.point((layout.current().map_rect.x + 6, layout.current().map_rect.y + 300))
    assert surface.get_at(corner) == image.get_at(draw.point((6, 300)))
    assert len(board._LIT_MAPS) <= board.LIT_MAPS_KEPT
