"""The two games a table may hold, behind one small interface: how a table's set-up is made from
the host's options, how its record replays, what a move looks like to every seat (and which
moves only their own seat may read in full), and the wire
form of a seat's view.

Why here and not in table.py: the table's rules of who may act (seats, credentials, turns) are
the same for both games; only these few calls differ, and each game's engine already knows them.
"""
from __future__ import annotations

import json
from typing import Any, Protocol

import engine
from engine import castell
from engine.castell.events import event_to_json as castell_event_json
from engine.castell.view_wire import view_text as castell_view_text
from engine.errors import EngineError
from engine.events import event_to_json

from .protocol import AI_LEVELS, ProtocolError

Reason = tuple[str, dict[str, Any]]


class GameKind(Protocol):
    name: str
    colours: tuple[str, ...]
    seats: tuple[int, int]
    levels: tuple[str, ...]

    def setup(self, players: list[str], seed: int, options: dict[str, Any]) -> dict[str, Any]: ...
    def replay(self, setup: dict[str, Any], moves: list[str], source: str) -> Any: ...
    def canonical(self, game: Any, text: str) -> str: ...
    def public_text(self, game: Any, text: str) -> str: ...
    def secret(self, text: str) -> bool: ...
    def events(self, events: list[Any]) -> list[Any]: ...
    def view(self, game: Any, player: str | None) -> Any: ...
    def wire_text(self, view: Any, fragments: dict[Any, str]) -> str: ...
    def wire_json(self, view: Any) -> dict[str, Any]: ...
    def why_illegal(self, game: Any, view: Any, text: str) -> Reason | None: ...
    def reason_text(self, reason: Reason) -> str: ...


EL_GRANDE_OPTIONS = ("variant", "veto", "castillo", "neutral")
CASTELL_OPTIONS = ("wheel",)


class ElGrande(GameKind):
    name = "el-grande"
    colours = ("red", "blue", "green", "yellow", "orange")
    seats = (2, 5)
    levels = AI_LEVELS

    def setup(self, players: list[str], seed: int, options: dict[str, Any]) -> dict[str, Any]:
        if options.get("neutral") and len(players) != 2:
            raise ProtocolError("bad_option", f"the neutral colour is for 2 players, not {len(players)}")
        setup = {"players": players, "seed": seed, "variant": options.get("variant", "classic"),
                 "veto": options.get("veto", True), "castillo": options.get("castillo", "announced")}
        if options.get("neutral"):
            setup["dummy"] = True
        return setup

    def replay(self, setup: dict[str, Any], moves: list[str], source: str) -> Any:
        return engine.replay({"setup": setup, "moves": moves}, source=source)

    def canonical(self, game: Any, text: str) -> str:
        return str(engine.parse_move(text, game))

    def public_text(self, game: Any, text: str) -> str:
        return engine.public_text(engine.parse_move(text, game))

    def secret(self, text: str) -> bool:
        return text.split(" ", 1)[0] in engine.SECRET_VERBS

    def events(self, events: list[Any]) -> list[Any]:
        return [event_to_json(e) for e in events]

    def view(self, game: Any, player: str | None) -> Any:
        return game.public_view() if player is None else game.view(player)

    def wire_text(self, view: Any, fragments: dict[Any, str]) -> str:
        return str(view.wire_text(fragments))

    def wire_json(self, view: Any) -> dict[str, Any]:
        return dict(view.to_json())

    def why_illegal(self, game: Any, view: Any, text: str) -> Reason | None:
        return engine.why_illegal(view, text)

    def reason_text(self, reason: Reason) -> str:
        return engine.reason_text(reason)


class Castell(GameKind):
    name = "castell"
    colours = castell.COLOURS
    seats = (2, 4)
    levels = tuple(level for level in AI_LEVELS if level != "expert")   # ai/castell's presets

    def setup(self, players: list[str], seed: int, options: dict[str, Any]) -> dict[str, Any]:
        return {"players": players, "seed": seed, "wheel": options.get("wheel", "standard")}

    def replay(self, setup: dict[str, Any], moves: list[str], source: str) -> Any:
        return castell.replay({"game": "castell", "rules_version": castell.RULES_VERSION, "setup": setup,
                               "moves": moves}, source=source)

    def canonical(self, game: Any, text: str) -> str:
        return str(castell.parse_move(text, game.data))

    def public_text(self, game: Any, text: str) -> str:
        return self.canonical(game, text)          # Castell has no secret moves

    def secret(self, text: str) -> bool:
        return False

    def events(self, events: list[Any]) -> list[Any]:
        return [castell_event_json(e) for e in events]

    def view(self, game: Any, player: str | None) -> Any:
        return game.view(player)

    def wire_text(self, view: Any, fragments: dict[Any, str]) -> str:
        return castell_view_text(view)

    def wire_json(self, view: Any) -> dict[str, Any]:
        return dict(json.loads(castell_view_text(view)))

    def why_illegal(self, game: Any, view: Any, text: str) -> Reason | None:
        if view.viewer is not None and view.to_move is not None and view.viewer != view.to_move:
            return "not_your_turn", {"player": view.to_move}
        try:
            move = castell.parse_move(text, game.data)
        except EngineError as exc:
            return "bad_notation", {"text": text[:80], "detail": str(exc)}
        try:
            game.check(move)
        except castell.IllegalMove as exc:
            code, args = exc.reason or ("not_legal", {"move": str(move)})
            return code, {**args, "detail": str(exc)}
        return None

    def reason_text(self, reason: Reason) -> str:
        code, args = reason
        if code == "not_your_turn":
            return f"it is {args.get('player')}'s turn"
        return str(args.get("detail", code))


GAMES: dict[str, GameKind] = {"el-grande": ElGrande(), "castell": Castell()}
