"""A hosted table's game options as the Host screen offers them (no pygame): the variant, the
Veto cards, the Castillo's mode, and for two seats the neutral colour — worded as the local
set-up words them, sent as the `create` request's fields (docs/protocol.md)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.shell.i18n import t


@dataclass
class GameOptions:
    variant: str = "classic"
    veto: bool = True
    castillo: str = "announced"
    dummy: bool = False            # the 2-player game's neutral colour

    def shown(self, seats: int) -> list[str]:
        """The options a table of `seats` seats may have (the neutral colour only for two)."""
        return ["variant", "veto", "castillo"] + (["dummy"] if seats == 2 else [])

    def toggle(self, key: str) -> None:
        if key == "variant":
            self.variant = "short" if self.variant == "classic" else "classic"
        elif key == "castillo":
            self.castillo = "secret" if self.castillo == "announced" else "announced"
        elif key == "veto":
            self.veto = not self.veto
        elif key == "dummy":
            self.dummy = not self.dummy

    def label(self, key: str) -> str:
        value = getattr(self, key)
        return t(f"setup.{key}_{('on' if value else 'off') if isinstance(value, bool) else value}")

    def fields(self, seats: int) -> dict[str, Any]:
        """The `create` fields: every option, the neutral colour only when two seats have it."""
        out: dict[str, Any] = {"variant": self.variant, "veto": self.veto, "castillo": self.castillo}
        if seats == 2 and self.dummy:
            out["neutral"] = True         # docs/protocol.md "create": the neutral colour
        return out
