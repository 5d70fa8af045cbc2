"""Title screen: new game, continue the saved game, settings, help, quit."""
from __future__ import annotations

import pygame

from game import input as inp
from game import layout
from game.controller import Match
from game.i18n import language, t
from game.render import board, style
from game.scene import Context, Scene, Transition

ITEMS = ("new", "continue", "settings", "help", "quit")


def title_buttons() -> list[tuple[pygame.Rect, str]]:
    return list(zip(layout.menu_rects(len(ITEMS), top=330), ITEMS))


class TitleScene(Scene):
    name = "title"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.hover: tuple[int, int] | None = None
        self.can_continue = Match.has_saved()

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.HOVER:
            self.hover = intent.pos
            return True
        if intent.kind == inp.HELP:
            return self.choose("help")
        if intent.kind == inp.CONFIRM:
            return self.choose("new")
        if intent.kind == inp.CANCEL:
            return self.choose("quit")
        if intent.kind == inp.CLICK:
            for rect, item in title_buttons():
                if rect.collidepoint(intent.pos):
                    return self.choose(item)
        return False

    def choose(self, item: str) -> bool:
        from game.scenes.help import HelpScene
        from game.scenes.settings import SettingsScene
        from game.scenes.setup import SetupScene
        self.ctx.sounds.play("click")
        if item == "new":
            self.request(Transition.replace(SetupScene(self.ctx)))
        elif item == "continue" and self.can_continue:
            match = Match.load_saved()
            if match is None:
                self.can_continue = False
                return True
            from game.scenes.play import phase_scene
            self.request(Transition.replace(phase_scene(match.game.phase)(self.ctx, match)))
        elif item == "settings":
            self.request(Transition.push(SettingsScene(self.ctx, in_game=False)))
        elif item == "help":
            self.request(Transition.push(HelpScene(self.ctx)))
        elif item == "quit":
            self.request(Transition.quit())
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        art = board.static_layer(language())
        surface.blit(art, ((layout.WIDTH - art.get_width()) // 2, 60))
        style.dim(surface, 120, style.WOOD_DARK)
        style.text(surface, "El Grande", (layout.WIDTH // 2, 120), 96, style.GOLD_LIGHT, bold=True, face="serif",
                   anchor="midtop", shadow=(0, 0, 0))
        style.text(surface, t("title.tagline"), (layout.WIDTH // 2, 236), 22, style.PARCHMENT, face="serif",
                   anchor="midtop", shadow=(0, 0, 0))
        for rect, item in title_buttons():
            enabled = item != "continue" or self.can_continue
            style.button(surface, rect, t(f"title.{item}"), hover=bool(self.hover and rect.collidepoint(self.hover)),
                         enabled=enabled, primary=item == "new", size=20)
        style.text(surface, t("title.footer"), (layout.WIDTH // 2, layout.HEIGHT - 24), 13, style.PARCHMENT,
                   anchor="center")
