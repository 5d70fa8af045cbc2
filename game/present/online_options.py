"""A hosted table's game and options as the Host screen offers them (no pygame): the game
(El Grande or Castell); El Grande's variant, Veto cards, Castillo mode and, for two seats, the
neutral colour; Castell's wheel side — worded as the local set-ups word them, sent as the
`create` request's fields (docs/protocol.md)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.shell.i18n import t
from net.games import GAMES

GAME_IDS = tuple(GAMES)          # el-grande, castell


@dataclass
class GameOptions:
    game: str = "el-grande"
    variant: str = "classic"
    veto: bool = True
    castillo: str = "announced"
    dummy: bool = False            # the 2-player game's neutral colour
    wheel: str = "standard"        # Castell's wheel side

    @property
    def max_seats(self) -> int:
        return GAMES[self.game].seats[1]

    @property
    def levels(self) -> tuple[str, ...]:
        """The AI levels a seat of the chosen game may have."""
        return GAMES[self.game].levels

    def shown(self, seats: int) -> list[str]:
        """The options a table of `seats` seats of the chosen game may have (the neutral colour
        only for two)."""
        if self.game == "castell":
            return ["game", "wheel"]
        return ["game", "variant", "veto", "castillo"] + (["dummy"] if seats == 2 else [])

    def toggle(self, key: str) -> None:
        if key == "game":
            self.game = GAME_IDS[(GAME_IDS.index(self.game) + 1) % len(GAME_IDS)]
        elif key == "variant":
            self.variant = "short" if self.variant == "classic" else "classic"
        elif key == "castillo":
            self.castillo = "secret" if self.castillo == "announced" else "announced"
        elif key == "veto":
            self.veto = not self.veto
        elif key == "dummy":
            self.dummy = not self.dummy
        elif key == "wheel":
            self.wheel = "advanced" if self.wheel == "standard" else "standard"

    def label(self, key: str) -> str:
        if key == "game":
            return t("online.game_choice", game=t(f"online.game.{self.game}"))
        value = getattr(self, key)
        return t(f"setup.{key}_{('on' if value else 'off') if isinstance(value, bool) else value}")

    def fields(self, seats: int) -> dict[str, Any]:
        """The `create` fields: the game and its options (the neutral colour only when two seats
        have it)."""
        if self.game == "castell":
            return {"game": "castell", "wheel": self.wheel}
        out: dict[str, Any] = {"variant": self.variant, "veto": self.veto, "castillo": self.castillo}
        if seats == 2 and self.dummy:
            out["neutral"] = True         # docs/protocol.md "create": the neutral colour
        return out
