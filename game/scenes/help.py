"""Help overlay: a rules summary and every action card explained — what it does in plain words,
its restrictions and a short example (opened on a card by a right-click in the game)."""
from __future__ import annotations

import pygame

import engine
from engine.effects import EFFECTS
from game.shell import input as inp
from game.shell.focus import Target, of_rects
from game.shell import layout
from game.shell.i18n import t, tn
from game.render import cards, draw, style
from game.shell.scene import Context, Scene, Transition
from game.scenes.navigation import SCREENS


def panel() -> pygame.Rect:
    return layout.in_frame(90, 50, 1100, 700)


def tabs() -> dict[str, pygame.Rect]:
    return {"rules": pygame.Rect(panel().x + 24, panel().y + 70, 180, 36),
            "cards": pygame.Rect(panel().x + 214, panel().y + 70, 180, 36)}


def close_button() -> pygame.Rect:
    return pygame.Rect(panel().right - 150, panel().y + 18, 130, 36)


RULE_SECTIONS = ("goal", "round", "power", "turn", "king", "castillo", "scoring", "dummy", "keys", "keyboard")
CARD_SECTIONS = ("what", "limits", "example")


def help_card(card: str) -> str:
    """The card whose explanation `card` uses: cards with the same effect (the engine registers one
    effect for both `score_choice_s2` and `score_choice_s3`) read as the same card."""
    return next(cid for cid in engine.CARDS if EFFECTS[cid] is EFFECTS[card])


def places_text(count: int) -> str:
    """"Places up to 1 Caballero" / "up to 3 Caballeros" in every language."""
    return tn("help.places", count)


def card_list() -> list[tuple[pygame.Rect, str]]:
    ids = list(engine.CARDS)
    rows = (len(ids) + 1) // 2
    return [(pygame.Rect(panel().x + 24 + (i // rows) * 250, panel().y + 120 + (i % rows) * 34, 240, 30), cid)
            for i, cid in enumerate(ids)]


class HelpScene(Scene):
    name = "help"
    opaque = False

    def __init__(self, ctx: Context, card: str | None = None) -> None:
        super().__init__(ctx)
        self.tab = "cards" if card else "rules"
        self.card = card or next(iter(engine.CARDS))
        self.hover: tuple[int, int] | None = None

    def focus_targets(self) -> list[Target]:
        named = [(("tab", tab), rect) for tab, rect in tabs().items()]
        if self.tab == "cards":
            named += [(("card", cid), rect) for rect, cid in card_list()]
        return of_rects(named + [(("close",), close_button())])

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
            return True
        if intent.kind in (inp.Kind.CANCEL, inp.Kind.HELP) or (intent.kind == inp.Kind.CLICK and close_button().collidepoint(intent.pos)):
            self.request(Transition.pop())
            return True
        if intent.kind == inp.Kind.CLICK:
            for tab, rect in tabs().items():
                if rect.collidepoint(intent.pos):
                    self.tab = tab
            if self.tab == "cards":
                for rect, cid in card_list():
                    if rect.collidepoint(intent.pos):
                        self.card = cid
        return True

    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 170)
        style.panel(surface, panel(), border=style.GOLD, width=3, radius=14)
        style.text(surface, t("help.title"), (panel().x + 24, panel().y + 18), 30, style.INK, bold=True, face="serif")
        style.button(surface, close_button(), t("help.close"), hover=bool(self.hover and close_button().collidepoint(self.hover)))
        for tab, rect in tabs().items():
            style.button(surface, rect, t(f"help.tab_{tab}"), primary=tab == self.tab, size=16)
        if self.tab == "rules":
            self.draw_rules(surface)
        else:
            self.draw_cards(surface)

    def draw_rules(self, surface: pygame.Surface) -> None:
        left = pygame.Rect(panel().x + 28, panel().y + 124, panel().width // 2 - 48, panel().height - 140)
        right = left.move(panel().width // 2 - 8, 0)
        size = next((s for s in range(14, 7, -1) if self.rules_end(left, right, s) <= right.bottom), 8)
        self.rules_end(left, right, size, surface)

    def rules_end(self, left: pygame.Rect, right: pygame.Rect, size: int,
                  surface: pygame.Surface | None = None) -> float:
        """Lay the rule sections out in two columns at body `size` (drawing them on `surface`
        if given); where the second column ends (a larger UI scale may need a smaller size)."""
        y, column = float(left.y), left
        head = max(24, style.line_height(17, True, "serif"))
        for section in RULE_SECTIONS:
            body = t(f"help.rules.{section}")
            height = len(style.wrap(body, column.width, size)) * (style.line_height(size) + 2) + head + 10
            if y + height > column.bottom and column is left:
                column, y = right, float(right.y)
            if surface is not None:
                style.text(surface, t(f"help.heading.{section}"), (column.x, y), 17, style.INK, bold=True,
                           face="serif")
                style.paragraph(surface, body, pygame.Rect(column.x, round(y + head), column.width, 400), size)
            y += height
        return y

    def draw_cards(self, surface: pygame.Surface) -> None:
        for rect, cid in card_list():
            chosen = cid == self.card
            hover = bool(self.hover and rect.collidepoint(self.hover))
            if chosen or hover:
                draw.rect(surface, style.PARCHMENT_DARK, rect, border_radius=6)
            colour = cards.STACK_COLOURS[cards.card_stack(cid)]
            draw.rect(surface, colour, (rect.x + 4, rect.y + 5, 20, 20), border_radius=4)
            style.text(surface, str(cards.card_stack(cid)), (rect.x + 14, rect.centery), 13, style.WHITE, bold=True,
                       anchor="center")
            name = t(f"card.{cid}.name")
            style.text(surface, name, (rect.x + 32, rect.centery), style.fit_size(name, rect.width - 36, 14, chosen),
                       style.INK, bold=chosen, anchor="midleft")
        detail = pygame.Rect(panel().x + 540, panel().y + 124, panel().width - 570, 200)
        big = pygame.Rect(detail.x, detail.y, detail.width, 84)
        cards.action_card(surface, big, self.card)
        style.text(surface, places_text(cards.card_stack(self.card)), (detail.x, big.bottom + 12), 15,
                   style.INK_SOFT, bold=True)
        y = big.bottom + 40
        key = help_card(self.card)
        for section in CARD_SECTIONS:
            style.text(surface, t(f"help.card_{section}"), (detail.x, y), 16, style.INK, bold=True, face="serif")
            y = style.paragraph(surface, t(f"cardhelp.{key}.{section}"),
                                pygame.Rect(detail.x, y + max(22, round(style.line_height(16, True, "serif"))),
                                            detail.width, 200), 15) + 10


SCREENS.help_screen = HelpScene
