"""Castell's help (F1 at the table): the four actions of a turn, the tower rules and each skill,
every one with a worked example drawn as a tower, in the player's language. Towers in the
examples are checked by the engine's own tower functions, so the help can never show an illegal
tower as legal."""
from __future__ import annotations

import pygame

from engine import castell
from game.present.castell_words import skill_rule
from game.render import castell_pieces as pieces
from game.render import draw, style
from game.shell import input as inp
from game.shell import layout
from game.shell.focus import Target, of_rects
from game.shell.i18n import t
from game.scenes.navigation import SCREENS
from game.shell.scene import Context, Scene, Transition

# (topic, example tower bottom first or None, the ranks it needs) — each example is legal
TOPICS: tuple[tuple[str, str | None, dict[str, int]], ...] = (
    ("turn", None, {}),
    ("rules", "8,8,8/6,6/3", {}),
    ("balance", "8,8,8/6,6/5,5/3", {"balance": 1}),
    ("base", "9,9,9,9,9/7,7/5", {"base": 1}),
    ("mix", "8,8,8/6,5/3", {"mix": 1}),
    ("strength", "8,8,8/6,6/6", {"strength": 1}),
    ("width", "9,9,9,9/7,7,7/5,5/3", {"width": 1}),
    ("festivals", "9,9,9/7,7/6,6/3", {"balance": 1}),
)


def panel() -> pygame.Rect:
    return layout.in_frame(90, 50, 1100, 700)


def topic_rects() -> list[tuple[str, pygame.Rect]]:
    box = panel()
    return [(topic, pygame.Rect(box.x + 24, box.y + 80 + i * 44, 220, 36)) for i, (topic, _, _) in enumerate(TOPICS)]


def close_button() -> pygame.Rect:
    return pygame.Rect(panel().right - 150, panel().y + 18, 130, 36)


class CastellHelp(Scene):
    name = "castell_help"
    opaque = False

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.topic = TOPICS[0][0]
        self.hover: tuple[int, int] | None = None

    def focus_targets(self) -> list[Target]:
        return of_rects([(topic, rect) for topic, rect in topic_rects()] + [("close", close_button())])

    def frame(self) -> object:
        return (self.topic, self.hover)

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
        elif intent.kind in (inp.Kind.CANCEL, inp.Kind.HELP):
            self.request(Transition.pop())
        elif intent.kind == inp.Kind.CLICK:
            if close_button().collidepoint(intent.pos):
                self.request(Transition.pop())
            for topic, rect in topic_rects():
                if rect.collidepoint(intent.pos):
                    self.topic = topic
        return True   # modal

    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 170)
        box = panel()
        style.panel(surface, box, border=style.GOLD, width=3, radius=14)
        style.text(surface, t("castell.help.title"), (box.x + 24, box.y + 20), 26, style.INK, bold=True,
                   face="serif")
        style.button(surface, close_button(), t("help.close"), size=15)
        for topic, rect in topic_rects():
            style.button(surface, rect, t(f"castell.help.{topic}.name"), primary=topic == self.topic, size=15,
                         hover=bool(self.hover and rect.collidepoint(self.hover)))
        _, example, ranks = next(entry for entry in TOPICS if entry[0] == self.topic)
        text_box = pygame.Rect(box.x + 270, box.y + 80, 500 if example else box.width - 300, box.height - 110)
        words = t(f"castell.help.{self.topic}.text")
        if self.topic in castell.SKILLS:                 # the sentence the wheel's tooltips use, then the example
            words = f"{skill_rule(self.topic)} {words}"
        style.paragraph(surface, words, text_box, 15, style.INK, max_lines=24)
        if example:
            tower = castell.parse_tower(example)
            assert not castell.tower_problems([list(level) for level in tower], ranks), example
            area = pygame.Rect(box.right - 300, box.y + 110, 270, 300)
            draw.rect(surface, style.PARCHMENT_DARK, area.inflate(16, 16), border_radius=10)
            _example(surface, area, tower)
            style.text(surface, t("castell.help.example", tower=example), (area.centerx, area.bottom + 24), 13,
                       style.INK_SOFT, anchor="center")


def _example(surface: pygame.Surface, area: pygame.Rect, tower: castell.Tower) -> None:
    """The example tower, bottom level at the bottom, tiles sized to fit the area."""
    tile_h = min(44, area.height // len(tower))
    tile_w = min(round(tile_h * 0.8), area.width // max(len(level) for level in tower))
    for i, level in enumerate(tower):
        y = area.bottom - (i + 1) * tile_h
        x0 = area.centerx - len(level) * tile_w / 2
        for k, size in enumerate(level):
            pieces.casteller_tile(surface, pygame.Rect(round(x0 + k * tile_w) + 2, y + 2, tile_w - 4, tile_h - 4), size)


SCREENS.castell_help = CastellHelp
