"""Title screen: new game, continue the autosaved game, challenge levels, load a named save, watch
replays, settings, help, quit."""
from __future__ import annotations

import pygame

import engine
from game import input as inp
from game import layout, saves
from game.i18n import language, t
from game.render import board, draw, style
from game.scene import Context, Scene, Transition

ITEMS = ("new", "continue", "challenges", "load", "replays", "settings", "help", "quit")


def title_buttons() -> list[tuple[pygame.Rect, str]]:
    return list(zip(layout.menu_rects(len(ITEMS), top=262, height=44), ITEMS))


class TitleScene(Scene):
    name = "title"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.hover: tuple[int, int] | None = None
        self.can_continue = False
        self.continue_round: int | None = None
        self.refresh()

    def refresh(self) -> None:
        """Whether there is an autosave to continue, and its round for the button."""
        info = saves.continue_info()
        self.can_continue = info is not None
        self.continue_round = info.round if info else None

    def resume(self) -> None:
        self.refresh()

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
            self.continue_game()
        elif item == "challenges":
            from game.scenes.challenges import ChallengesScene
            self.request(Transition.push(ChallengesScene(self.ctx)))
        elif item in ("load", "replays"):
            from game.scenes.files import FilesScene
            self.request(Transition.push(FilesScene(self.ctx, "load" if item == "load" else "replay")))
        elif item == "settings":
            self.request(Transition.push(SettingsScene(self.ctx, in_game=False)))
        elif item == "help":
            self.request(Transition.push(HelpScene(self.ctx)))
        elif item == "quit":
            self.request(Transition.quit())
        return True

    def continue_game(self) -> None:
        """Resume the autosave exactly where it stopped; a broken autosave says why in a dialog."""
        from game.scenes.dialog import MessageScene
        from game.scenes.files import resume_scene
        try:
            game, meta = saves.load_autosave()
        except engine.EngineError as exc:
            self.can_continue = False
            self.request(Transition.push(MessageScene(self.ctx, t("files.load_failed"), str(exc), True,
                                                      t("files.untouched"))))
            return
        self.request(Transition.replace(resume_scene(self.ctx, game, meta.seats)))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        frame = layout.FRAME
        art = board.static_layer(language())
        draw.blit(surface, art, (frame.centerx - layout.MAP_RECT.width // 2, frame.y + 60))
        style.dim(surface, 120, style.WOOD_DARK)
        style.text(surface, "El Grande", (frame.centerx, frame.y + 84), 96, style.GOLD_LIGHT, bold=True, face="serif",
                   anchor="midtop", shadow=(0, 0, 0))
        style.text(surface, t("title.tagline"), (frame.centerx, frame.y + 200), 22, style.PARCHMENT, face="serif",
                   anchor="midtop", shadow=(0, 0, 0))
        for rect, item in title_buttons():
            enabled = item != "continue" or self.can_continue
            label = t(f"title.{item}")
            if item == "continue" and self.can_continue and self.continue_round:
                label += " · " + t("files.round_value", round=self.continue_round)
            style.button(surface, rect, label, hover=bool(self.hover and rect.collidepoint(self.hover)),
                         enabled=enabled, primary=item == "new", size=20)
        style.text(surface, t("title.footer"), (frame.centerx, layout.HEIGHT - 24), 13, style.PARCHMENT,
                   anchor="center")
