"""Play online: host a table of El Grande or Castell (on this computer's own server unless another
is named, with every game option), join or watch one of either game by address (the last used, or
one found on the LAN) and code, or resume or remove one of the player's tables (listed with its
game and whose turn it is). The table's
lobby and the gone player's seat are game/scenes/online_lobby.py. Every request runs off the
frame loop (game/match/remote.py); the screens poll.
"""
from __future__ import annotations

import threading
from concurrent.futures import Future

import pygame

from game.match import remote
from game.match.reach import recent_servers, remember_server
from game.present.online_options import GameOptions
from game.match.online_tables import OnlineTables, failure_text, table_line
from game.render import draw, style
from game.render.online_forms import Buttons, heading, text_box
from game.scenes import navigation
from game.shell import input as inp
from game.shell import layout
from game.shell.glyphs import missing
from game.shell.i18n import player_name, t
from game.shell.scene import Context, Transition
from game.shell.text_field import TextField
from net.discovery import discover
from net.protocol import NAME_LIMIT, ProtocolError, clean_name

CODE_LIMIT = 16                                # a table code as typed (the server says how long codes are)


class Seating(Buttons):
    """A screen whose request seats the player at a table (host, join, watch, resume)."""

    def seated(self) -> Transition | None:
        """A seating request's answer: the credential kept, then the table's lobby."""
        if self.pending is None or not self.pending.done():
            return None
        pending, self.pending = self.pending, None
        try:
            online, reply = pending.result()
        except Exception as exc:  # noqa: BLE001 - said on the screen
            self.status = failure_text(exc)
            return None
        return Transition.replace(navigation.online_lobby(self.ctx, online, reply))




class OnlineScene(Seating):
    """Host, join, and the player's tables (each resumable, each removable); a server that cannot
    be reached is asked again by itself (game/match/online_tables.py)."""
    name = "online"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.tables = OnlineTables()

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        out = [(layout.in_frame(340, 170, 280, 52), "host"), (layout.in_frame(660, 170, 280, 52), "join")]
        for i, item in enumerate(self.tables.tables[:6]):
            out.append((layout.in_frame(200, 300 + i * 62, 740, 52), f"table:{item['code']}"))
            out.append((layout.in_frame(950, 300 + i * 62, 130, 52), f"remove:{item['code']}"))
        return out + [(layout.in_frame(540, 680, 200, 48), "back")]

    def label(self, key: str) -> str:
        if key.startswith("remove:"):
            return t("online.remove")
        if not key.startswith("table:"):
            return super().label(key)
        item = next(i for i in self.tables.tables if i["code"] == key[6:])
        return table_line(item)

    def redraw_rate(self) -> float:
        return 1.0 if self.tables.busy or self.tables.retrying else super().redraw_rate()

    def update(self, dt: float) -> Transition | None:
        self.tables.poll()
        return self.seated() or self.take_request()

    def choose(self, key: str) -> bool:
        if key == "host":
            self.request(Transition.push(HostScene(self.ctx)))
        elif key == "join":
            self.request(Transition.push(JoinScene(self.ctx)))
        elif key.startswith("remove:"):
            self.tables.forget(key[7:])
            self.status = t("online.removed", code=key[7:])
        elif key.startswith("table:") and self.pending is None:
            self.pending = self.tables.resume(key[6:], self.ctx.settings.online_name)
            self.status = t("online.connecting")
        return super().choose(key)

    def resume(self) -> None:
        self.tables.refresh()

    def draw(self, surface: pygame.Surface) -> None:
        heading(surface, t("online.title"))
        frame = layout.current().frame
        if self.tables.tables:
            caption = t("online.your_tables")
        elif self.tables.unreachable:
            caption = t("title.online_unreachable")
        else:
            caption = t("online.looking") if self.tables.busy else t("online.no_tables")
        style.text(surface, caption, (frame.centerx, frame.y + 262), 18, style.PARCHMENT, bold=True, anchor="midtop")
        if self.tables.tables and self.tables.unreachable:
            line = t("title.online_unreachable")
            style.text(surface, line, (frame.centerx, frame.y + 286), 14, style.GOLD_LIGHT, anchor="midtop")
        self.draw_buttons(surface, "host")


class Form(Seating):
    """A screen of text fields (the focused one takes the keys; Tab or a click moves the focus)
    above its buttons; Enter presses `submit`. The first field is the player's name, prefilled
    with the last name used."""
    text_entry = True
    submit = ""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.player = TextField(ctx.settings.online_name, NAME_LIMIT)
        self.focus_field = 0

    def fields(self) -> list[tuple[pygame.Rect, str, TextField]]:
        """(box, label key, field), in focus order."""
        return []

    def edited(self) -> None:
        """A field's value changed (a form that normalises what is typed does it here)."""

    def handle(self, intent: inp.Intent) -> bool:
        fields = self.fields()
        if intent.kind == inp.Kind.CLICK:
            for i, (rect, _, _) in enumerate(fields):
                if rect.collidepoint(intent.pos):
                    self.focus_field = i
                    return True
        if intent.kind in (inp.Kind.NEXT, inp.Kind.PREV):
            self.focus_field = (self.focus_field + (1 if intent.kind == inp.Kind.NEXT else -1)) % len(fields)
            return True
        field = fields[self.focus_field][2]
        if field.handle(intent):
            self.edited()
            self.status = ""
            return True
        if intent.kind == inp.Kind.KEY and field.refused:
            self.status = t("name.glyphs", chars=field.refused)
            return True
        if intent.kind == inp.Kind.CONFIRM:
            return self.choose(self.submit)
        return super().handle(intent)

    def checked_name(self) -> str | None:
        """The name typed, trimmed, and remembered for next time; None (with the reason on the
        status line) when it is not 1-24 printable characters."""
        try:
            name = clean_name(self.player.value)
        except ProtocolError:
            self.status = t("online.bad_name", limit=NAME_LIMIT)
            self.focus_field = 0
            return None
        if missing(name):                 # a name remembered from before the check
            self.status = t("name.glyphs", chars=missing(name))
            self.focus_field = 0
            return None
        if name != self.ctx.settings.online_name:
            self.ctx.settings.online_name = name
            self.ctx.settings.save()
        return name

    def draw_fields(self, surface: pygame.Surface) -> None:
        for i, (rect, label, field) in enumerate(self.fields()):
            text_box(surface, rect, t(label), field, i == self.focus_field)


class HostScene(Form):
    """A new table: the host's name, the server (empty: this computer's own, started for it), the
    game (El Grande or Castell), the seats after the host's own (as many as the game takes, each
    open to a friend, an AI of the game's levels, or none) and the game's options (click to
    change)."""
    name = "online_host"
    submit = "create"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.address = TextField("", 80)
        self.kinds = ["human", "normal", "normal", "none"]      # seats 2 to 5 (seat 1 is the host)
        self.options = GameOptions()
        self.focus_field = 0 if not self.player.value else 1

    def fields(self) -> list[tuple[pygame.Rect, str, TextField]]:
        return [(layout.in_frame(220, 200, 400, 44), "online.your_name", self.player),
                (layout.in_frame(660, 200, 400, 44), "online.host_address", self.address)]

    def seat_kinds(self) -> tuple[str, ...]:
        """What a seat after the first may be at the chosen game: open to a friend, an AI of one
        of its levels, or no seat."""
        return ("human", *self.options.levels, "none")

    def shown_kinds(self) -> list[str]:
        """The seats after the host's the chosen game has (Castell seats four at most)."""
        return self.kinds[:self.options.max_seats - 1]

    def seats(self) -> list[str]:
        return ["human"] + [k for k in self.shown_kinds() if k != "none"]

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        out = [(layout.in_frame(500, 330 + i * 62, 300, 50), f"seat:{i}") for i in range(len(self.shown_kinds()))]
        out += [(layout.in_frame(840, 330 + i * 62, 340, 50), f"opt:{key}")
                for i, key in enumerate(self.options.shown(len(self.seats())))]
        return out + [(layout.in_frame(420, 620, 200, 52), "create"), (layout.in_frame(660, 620, 200, 52), "back")]

    def label(self, key: str) -> str:
        if key.startswith("seat:"):
            kind = self.kinds[int(key[5:])]
            if kind == "human":
                return t("online.open_seat")
            return t("setup.ai", level=t(f"seat.{kind}")) if kind != "none" else t("online.no_seat")
        if key.startswith("opt:"):
            return self.options.label(key[4:])
        return super().label(key)

    def choose(self, key: str) -> bool:
        if key.startswith("seat:"):
            i, kinds = int(key[5:]), self.seat_kinds()
            self.kinds[i] = kinds[(kinds.index(self.kinds[i]) + 1) % len(kinds)]
        elif key.startswith("opt:"):
            self.options.toggle(key[4:])
            kinds = self.seat_kinds()
            self.kinds = [kind if kind in kinds else "normal" for kind in self.kinds]   # Castell has no Expert
        elif key == "create" and self.pending is None:
            if len(self.seats()) < 2:
                self.status = t("online.too_few")
                return True
            name = self.checked_name()
            if name is None:
                return True
            address = self.address.value.strip()
            if address:
                remember_server(address)
            self.pending = remote.seat_at(remote.server_url(address) if address else None, "create", self.seats(),
                                          name=name, **self.options.fields(len(self.seats())))
            self.status = t("online.connecting") if address else t("online.starting_server")
        return super().choose(key)

    def update(self, dt: float) -> Transition | None:
        return self.seated() or self.take_request()

    def draw(self, surface: pygame.Surface) -> None:
        heading(surface, t("online.host"), t("online.host_help"))
        self.draw_fields(surface)
        seat_buttons = [rect for rect, _ in self.buttons()[:len(self.shown_kinds())]]
        host = seat_buttons[0].move(0, -62)
        rows = [("red", host)] + list(zip(("blue", "green", "yellow", "orange"), seat_buttons))
        for colour, rect in rows:
            swatch = pygame.Rect(rect.x - 140, rect.centery - 13, 26, 26)
            draw.rect(surface, style.player_colour(colour), swatch, border_radius=6)
            draw.rect(surface, style.INK, swatch, 2, border_radius=6)
            style.text(surface, player_name(colour), (swatch.right + 10, rect.centery), 18, style.PARCHMENT,
                       bold=True, anchor="midleft")
        style.text(surface, t("online.you"), (host.centerx, host.centery), 18, style.GOLD_LIGHT, bold=True,
                   anchor="center")
        frame = layout.current().frame
        style.text(surface, t("online.options"), (frame.x + 840, frame.y + 296), 15, style.PARCHMENT, bold=True)
        self.draw_buttons(surface, "create")


class JoinScene(Form):
    """A friend's table: the player's name, the server's address (the last one used, one used
    before, or one found on the LAN) and the code; Join takes a seat, Watch follows a table in
    play as a spectator."""
    name = "online_join"
    submit = "join_table"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.recent = recent_servers()
        self.address = TextField(self.recent[0] if self.recent else remote.DEFAULT_SERVER, 80)
        self.code = TextField("", CODE_LIMIT)
        self.focus_field = 0 if not self.player.value else 2
        self.lan: list[tuple[str, str, int]] = []
        self.finding: Future[list[tuple[str, str, int]]] | None = _find_servers()

    def fields(self) -> list[tuple[pygame.Rect, str, TextField]]:
        return [(layout.in_frame(220, 200, 400, 44), "online.your_name", self.player),
                (layout.in_frame(660, 200, 400, 44), "online.address", self.address),
                (layout.in_frame(420, 290, 440, 44), "online.code", self.code)]

    def servers(self) -> list[str]:
        """The addresses offered under the fields: those used before, then those on the LAN."""
        found = [f"{host}:{port}" for _, host, port in self.lan]
        return list(dict.fromkeys(self.recent[:3] + found[:3]))

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        out = [(layout.in_frame(420, 400 + i * 50, 440, 42), f"server:{i}") for i in range(min(4, len(self.servers())))]
        return out + [(layout.in_frame(300, 620, 200, 52), "join_table"), (layout.in_frame(540, 620, 200, 52), "watch"),
                      (layout.in_frame(780, 620, 200, 52), "back")]

    def label(self, key: str) -> str:
        if key.startswith("server:"):
            address = self.servers()[int(key[7:])]
            named = next((name for name, host, port in self.lan if f"{host}:{port}" == address), "")
            return f"{named} · {address}" if named else address
        return super().label(key)

    def edited(self) -> None:
        self.code.value = self.code.value.upper()

    def choose(self, key: str) -> bool:
        if key.startswith("server:"):
            self.address.value = self.servers()[int(key[7:])]
            self.focus_field = 2
        elif key in ("join_table", "watch") and self.pending is None:
            name = self.checked_name() if key == "join_table" else ""
            if name is None:
                return True
            remember_server(self.address.value)
            url, code = remote.server_url(self.address.value), self.code.value.strip()
            self.pending = remote.seat_at(url, "join", code, name=name) if key == "join_table" else \
                remote.seat_at(url, "watch", code)
            self.status = t("online.connecting")
        return super().choose(key)

    def update(self, dt: float) -> Transition | None:
        if self.finding is not None and self.finding.done():
            self.lan, self.finding = self.finding.result(), None
        return self.seated() or self.take_request()

    def draw(self, surface: pygame.Surface) -> None:
        heading(surface, t("online.join"), t("online.join_help"))
        self.draw_fields(surface)
        frame = layout.current().frame
        if self.finding:
            line = t("online.lan_looking")
        else:
            line = t("online.recent") if self.recent else (t("online.lan_found") if self.lan else t("online.lan_none"))
        style.text(surface, line, (frame.x + 420, frame.y + 366), 15, style.PARCHMENT, bold=True)
        self.draw_buttons(surface, "join_table")


def _find_servers() -> Future[list[tuple[str, str, int]]]:
    """The LAN search, on a daemon thread: a search still listening when the player quits must
    not hold the program's exit (an executor's threads are waited for, one queued search after
    another, two seconds each)."""
    found: Future[list[tuple[str, str, int]]] = Future()

    def search() -> None:
        try:
            servers = discover(2.0)
        except Exception:  # noqa: BLE001 - the screen says none were found instead of looking forever
            servers = []
        found.set_result(servers)
    threading.Thread(target=search, name="el-grande-lan", daemon=True).start()
    return found


navigation.SCREENS.online = OnlineScene
