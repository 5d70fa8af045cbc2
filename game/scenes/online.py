"""Play online: host a table on a server, join one by address (or a server found on the LAN) and
code, or resume one of the player's tables (listed from the stored credentials with whose turn
it is); a table's lobby (the code to give friends, the seats as they fill, Start for the host),
then the one match screen driven by the remote table, and for the host the choice to wait for a
gone player or hand the seat to an AI. Every request runs off the frame loop
(game/match/remote.py); the screens poll.
"""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pygame

from game.match import remote
from game.match.seats import AI_LEVELS
from game.render import draw, pieces, style
from game.scenes import navigation
from game.shell import input as inp
from game.shell import layout
from game.shell.focus import Target, of_rects
from game.shell.i18n import player_name, t
from game.shell.scene import PULSE, Context, Scene, Transition
from game.shell.text_field import TextField
from net.background import BackgroundClient
from game.match.online_tables import failure_text, table_line
from net.client import load_credentials
from net.discovery import discover
from net.protocol import NAME_LIMIT, ProtocolError, clean_name

SEAT_KINDS = ("human", *AI_LEVELS, "none")     # a seat after the first: open to a friend, an AI, or no seat
CARET = 2.0


def heading(surface: pygame.Surface, title: str, subtitle: str = "") -> None:
    surface.blit(style.wood_background(surface.get_size()), (0, 0))
    frame = layout.current().frame
    style.text(surface, title, (frame.centerx, frame.y + 40), 44, style.GOLD_LIGHT, bold=True, face="serif",
               anchor="midtop", shadow=(0, 0, 0))
    if subtitle:
        style.text(surface, subtitle, (frame.centerx, frame.y + 100), 18, style.PARCHMENT, anchor="midtop")


def text_box(surface: pygame.Surface, rect: pygame.Rect, label: str, field: TextField, focused: bool) -> None:
    style.text(surface, label, (rect.x, rect.y - 20), 13, style.PARCHMENT, bold=True)
    draw.rect(surface, style.WHITE, rect, border_radius=6)
    draw.rect(surface, style.GOLD if focused else style.INK_SOFT, rect, 2, border_radius=6)
    caret = "|" if focused and (pygame.time.get_ticks() // 500) % 2 == 0 else ""
    value = field.value + caret
    style.text(surface, value, (rect.x + 10, rect.centery), style.fit_size(value, rect.width - 20, 20), style.INK,
               anchor="midleft")


class Buttons(Scene):
    """A screen of buttons (key, rect) with hover, a status line and a request in flight."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.hover: tuple[int, int] | None = None
        self.status = ""
        self.pending: Future[Any] | None = None

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        return []

    def label(self, key: str) -> str:
        return t(f"online.{key}")

    def focus_targets(self) -> list[Target]:
        return of_rects([(key, rect) for rect, key in self.buttons()])

    def redraw_rate(self) -> float:
        return PULSE if self.pending is not None or self.text_entry else 1.0

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
            return True
        if intent.kind == inp.Kind.CANCEL:
            return self.choose("back")
        if intent.kind == inp.Kind.CLICK:
            for rect, key in self.buttons():
                if rect.collidepoint(intent.pos):
                    self.ctx.sounds.play("click")
                    return self.choose(key)
        return False

    def choose(self, key: str) -> bool:
        if key == "back":
            self.request(Transition.pop())
        return True

    def draw_buttons(self, surface: pygame.Surface, primary: str = "") -> None:
        for rect, key in self.buttons():
            style.button(surface, rect, self.label(key), hover=bool(self.hover and rect.collidepoint(self.hover)),
                         enabled=self.pending is None or key == "back", primary=key == primary, size=18)
        if self.status:
            frame = layout.current().frame
            style.text(surface, self.status, (frame.centerx, frame.y + 720),
                       style.fit_size(self.status, frame.width - 80, 16, True), style.GOLD_LIGHT, bold=True,
                       anchor="midtop")

    def seated(self, url: str) -> Transition | None:
        """A seating request's answer: the credential kept, then the table's lobby."""
        if self.pending is None or not self.pending.done():
            return None
        pending, self.pending = self.pending, None
        try:
            online, reply = pending.result()
        except Exception as exc:  # noqa: BLE001 - said on the screen
            self.status = failure_text(exc)
            return None
        return Transition.replace(LobbyScene(self.ctx, table_for(self.ctx, online, reply, url)))


def table_for(ctx: Context, online: BackgroundClient, reply: dict[str, Any], url: str) -> remote.RemoteTable:
    """The remote table of a `created`/`joined` answer; its credential is stored for later."""
    stored = load_credentials(remote.credentials_path()).get(reply["code"], {})
    host_token = reply.get("host_token") or stored.get("host_token")
    if reply.get("credential"):
        remote.remember(reply["code"], url, reply["player"], reply["credential"], host_token)
    return remote.RemoteTable(online, reply["code"], reply.get("player"), url, host_token, ctx.notices)


class OnlineScene(Buttons):
    """Host, join, and the player's tables (each resumable)."""
    name = "online"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.stored = load_credentials(remote.credentials_path())
        self.tables: list[dict[str, Any]] = []
        self.listing: Future[list[dict[str, Any]]] | None = remote.list_tables(self.stored) if self.stored else None
        self.url = ""

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        out = [(layout.in_frame(340, 170, 280, 52), "host"), (layout.in_frame(660, 170, 280, 52), "join")]
        for i, item in enumerate(self.tables[:6]):
            if "error" not in item:
                out.append((layout.in_frame(240, 300 + i * 62, 800, 52), f"table:{item['code']}"))
        return out + [(layout.in_frame(540, 680, 200, 48), "back")]

    def label(self, key: str) -> str:
        if not key.startswith("table:"):
            return super().label(key)
        item = next(i for i in self.tables if i["code"] == key[6:])
        return table_line(item)

    def update(self, dt: float) -> Transition | None:
        if self.listing is not None and self.listing.done():
            self.tables, self.listing = self.listing.result(), None
        return self.seated(self.url) or self.take_request()

    def choose(self, key: str) -> bool:
        if key == "host":
            self.request(Transition.push(HostScene(self.ctx)))
        elif key == "join":
            self.request(Transition.push(JoinScene(self.ctx)))
        elif key.startswith("table:") and self.pending is None:
            code = key[6:]
            self.url = str(self.stored[code]["server"])
            self.pending = remote.resume_seat(code, self.stored[code], self.ctx.settings.online_name)
            self.status = t("online.connecting")
        return super().choose(key)

    def draw(self, surface: pygame.Surface) -> None:
        heading(surface, t("online.title"))
        frame = layout.current().frame
        caption = t("online.your_tables") if self.tables else (t("online.looking") if self.listing else
                                                               t("online.no_tables"))
        style.text(surface, caption, (frame.centerx, frame.y + 262), 18, style.PARCHMENT, bold=True, anchor="midtop")
        self.draw_buttons(surface, "host")


class Form(Buttons):
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
        if fields[self.focus_field][2].handle(intent):
            self.edited()
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
        if name != self.ctx.settings.online_name:
            self.ctx.settings.online_name = name
            self.ctx.settings.save()
        return name

    def draw_fields(self, surface: pygame.Surface) -> None:
        for i, (rect, label, field) in enumerate(self.fields()):
            text_box(surface, rect, t(label), field, i == self.focus_field)


class HostScene(Form):
    """A new table: the host's name, the server's address and the seats after the host's own
    (click to change)."""
    name = "online_host"
    submit = "create"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.address = TextField(remote.DEFAULT_SERVER, 80)
        self.kinds = ["human", "normal", "normal", "none"]      # seats 2 to 5 (seat 1 is the host)
        self.focus_field = 0 if not self.player.value else 1

    def fields(self) -> list[tuple[pygame.Rect, str, TextField]]:
        return [(layout.in_frame(220, 200, 400, 44), "online.your_name", self.player),
                (layout.in_frame(660, 200, 400, 44), "online.address", self.address)]

    def seats(self) -> list[str]:
        return ["human"] + [k for k in self.kinds if k != "none"]

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        out = [(layout.in_frame(560, 330 + i * 62, 300, 50), f"seat:{i}") for i in range(len(self.kinds))]
        return out + [(layout.in_frame(420, 620, 200, 52), "create"), (layout.in_frame(660, 620, 200, 52), "back")]

    def label(self, key: str) -> str:
        if key.startswith("seat:"):
            kind = self.kinds[int(key[5:])]
            if kind == "human":
                return t("online.open_seat")
            return t("setup.ai", level=t(f"seat.{kind}")) if kind != "none" else t("online.no_seat")
        return super().label(key)

    def choose(self, key: str) -> bool:
        if key.startswith("seat:"):
            i = int(key[5:])
            self.kinds[i] = SEAT_KINDS[(SEAT_KINDS.index(self.kinds[i]) + 1) % len(SEAT_KINDS)]
        elif key == "create" and self.pending is None:
            if len(self.seats()) < 2:
                self.status = t("online.too_few")
                return True
            name = self.checked_name()
            if name is None:
                return True
            self.pending = remote.seat_at(remote.server_url(self.address.value), "create", self.seats(), name=name)
            self.status = t("online.connecting")
        return super().choose(key)

    def update(self, dt: float) -> Transition | None:
        return self.seated(remote.server_url(self.address.value)) or self.take_request()

    def draw(self, surface: pygame.Surface) -> None:
        heading(surface, t("online.host"), t("online.host_help"))
        self.draw_fields(surface)
        seat_buttons = [rect for rect, _ in self.buttons()[:len(self.kinds)]]
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
        self.draw_buttons(surface, "create")


class JoinScene(Form):
    """A friend's table: the player's name, the server's address (typed, or one found on the
    LAN) and the code."""
    name = "online_join"
    submit = "join_table"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.address = TextField(remote.DEFAULT_SERVER, 80)
        self.code = TextField("", 6)
        self.focus_field = 0 if not self.player.value else 2
        self.lan: list[tuple[str, str, int]] = []
        self.finding: Future[list[tuple[str, str, int]]] | None = _find_servers()

    def fields(self) -> list[tuple[pygame.Rect, str, TextField]]:
        return [(layout.in_frame(220, 200, 400, 44), "online.your_name", self.player),
                (layout.in_frame(660, 200, 400, 44), "online.address", self.address),
                (layout.in_frame(420, 290, 440, 44), "online.code", self.code)]

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        out = [(layout.in_frame(420, 400 + i * 56, 440, 46), f"lan:{i}") for i in range(min(3, len(self.lan)))]
        return out + [(layout.in_frame(420, 620, 200, 52), "join_table"), (layout.in_frame(660, 620, 200, 52), "back")]

    def label(self, key: str) -> str:
        if key.startswith("lan:"):
            name, host, port = self.lan[int(key[4:])]
            return f"{name} · {host}:{port}"
        return super().label(key)

    def edited(self) -> None:
        self.code.value = self.code.value.upper()

    def choose(self, key: str) -> bool:
        if key.startswith("lan:"):
            _, host, port = self.lan[int(key[4:])]
            self.address.value = f"{host}:{port}"
            self.focus_field = 2
        elif key == "join_table" and self.pending is None:
            name = self.checked_name()
            if name is None:
                return True
            self.pending = remote.seat_at(remote.server_url(self.address.value), "join", self.code.value.strip(),
                                          name=name)
            self.status = t("online.connecting")
        return super().choose(key)

    def update(self, dt: float) -> Transition | None:
        if self.finding is not None and self.finding.done():
            self.lan, self.finding = self.finding.result(), None
        return self.seated(remote.server_url(self.address.value)) or self.take_request()

    def draw(self, surface: pygame.Surface) -> None:
        heading(surface, t("online.join"), t("online.join_help"))
        self.draw_fields(surface)
        frame = layout.current().frame
        lan = t("online.lan_looking") if self.finding else (t("online.lan_found") if self.lan else t("online.lan_none"))
        style.text(surface, lan, (frame.x + 420, frame.y + 366), 15, style.PARCHMENT, bold=True)
        self.draw_buttons(surface, "join_table")


_LAN = ThreadPoolExecutor(max_workers=1, thread_name_prefix="el-grande-lan")


def _find_servers() -> Future[list[tuple[str, str, int]]]:
    return _LAN.submit(discover, 2.0)


HAND_OVER_LEVELS = ("easy", "normal", "hard", "expert")      # the AIs the host may hand a gone player's seat to


class LobbyScene(Buttons):
    """Waits for the seats to fill and the start; a table already in play opens at once."""
    name = "online_lobby"

    def __init__(self, ctx: Context, table: remote.RemoteTable) -> None:
        super().__init__(ctx)
        self.table = table

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        if not self.table.host_token:                   # a friend's lobby: Back alone, centred
            return [(layout.in_frame(540, 620, 200, 52), "back")]
        return [(layout.in_frame(420, 620, 200, 52), "start"), (layout.in_frame(660, 620, 200, 52), "back")]

    def can_start(self) -> bool:
        seats = self.table.seat_states()
        return bool(seats) and all(s.taken or s.kind != "human" for s in seats)

    def choose(self, key: str) -> bool:
        if key == "start" and self.pending is None:
            if not self.can_start():
                self.status = t("online.seats_open")
                return True
            self.pending = self.table.start()
        elif key == "back":
            self.table.close()
            self.request(Transition.replace(OnlineScene(self.ctx)))
            return True
        return super().choose(key)

    def update(self, dt: float) -> Transition | None:
        self.table.think()
        if self.pending is not None and self.pending.done():
            exc, self.pending = self.pending.exception(), None
            if exc is not None:
                self.status = failure_text(exc)
        if self.table.ready and self.table.status != "open":
            return Transition.replace(navigation.match_screen(self.ctx, self.table))
        self.follow_seats()
        return self.take_request()

    def follow_seats(self) -> None:
        """The line under the seats follows them: who the guests wait for, or open seats."""
        seats = self.table.seat_states()
        if not self.table.host_token and seats and not self.status:
            self.status = t("online.wait_host", host=self.table.name(seats[0].player))
        if self.table.host_token and not self.can_start() and not self.status:
            self.status = t("online.seats_open")
        elif self.can_start() and self.status == t("online.seats_open"):
            self.status = ""

    def frame(self) -> object:
        """The seats as the server last told them, the line under them and the pointer: a guest
        joining is drawn as the news arrives."""
        return (tuple(self.table.seat_states()), self.status, self.pending is None, self.hover)

    def draw(self, surface: pygame.Surface) -> None:
        heading(surface, t("online.table_code", code=self.table.code), t("online.code_help"))
        frame = layout.current().frame
        for i, seat in enumerate(self.table.seat_states()):
            rect = layout.in_frame(390, 160 + i * 72, 500, 60)
            style.panel(surface, rect, border=style.player_colour(seat.player))
            pieces.cube(surface, (rect.x + 30, rect.centery), 22, style.player_colour(seat.player), seat.player)
            who = self.table.name(seat.player)
            if seat.kind != "human":
                state = t("setup.ai", level=t(f"seat.{seat.kind}"))
            elif seat.player == self.table.viewer:
                state = t("online.you")
            elif i == 0:
                state = t("online.host_seat")            # the first seat is the host's
            else:
                state = t("online.joined") if seat.taken else t("online.open_seat")
            style.text(surface, who, (rect.x + 60, rect.centery), 20, style.INK, bold=True, anchor="midleft")
            style.text(surface, state, (rect.right - 16, rect.centery), 16, style.INK_SOFT, bold=True,
                       anchor="midright")
        if not self.table.seat_states():
            style.text(surface, t("online.connecting"), (frame.centerx, frame.y + 300), 18, style.PARCHMENT,
                       anchor="midtop")
        self.draw_buttons(surface, "start")


class SeatLostScene(Buttons):
    """The host's choice for a seat whose player lost the connection: wait, or an AI of the level
    he picks plays it until the player comes back."""
    name = "online_seat_lost"
    opaque = False

    def __init__(self, ctx: Context, table: remote.RemoteTable, player: str) -> None:
        super().__init__(ctx)
        self.table, self.player = table, player

    @staticmethod
    def box() -> pygame.Rect:
        return layout.in_frame(340, 230, 600, 340)

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        box = self.box()
        width = (box.width - 60 - 3 * 12) // 4
        levels = [(pygame.Rect(box.x + 30 + i * (width + 12), box.y + 172, width, 48), f"ai:{level}")
                  for i, level in enumerate(HAND_OVER_LEVELS)]
        return levels + [(pygame.Rect(box.centerx - 120, box.bottom - 70, 240, 50), "wait")]

    def label(self, key: str) -> str:
        return t(f"seat.{key[3:]}") if key.startswith("ai:") else super().label(key)

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.CANCEL:
            return self.choose("wait")
        return super().handle(intent)

    def choose(self, key: str) -> bool:
        if key.startswith("ai:"):
            self.table.hand_to_ai(self.player, key[3:])
        if key == "wait" or key.startswith("ai:"):
            self.request(Transition.pop())
        return True

    def update(self, dt: float) -> Transition | None:
        self.table.think()
        if self.player not in self.table.disconnected():      # he came back meanwhile
            return Transition.pop()
        return self.take_request()

    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 150)
        box = self.box()
        style.panel(surface, box, border=style.GOLD, width=3, radius=14)
        who = self.table.name(self.player)
        style.text(surface, t("online.lost_title", who=who), (box.centerx, box.y + 28), 26, style.INK, bold=True,
                   face="serif", anchor="midtop")
        style.paragraph(surface, t("online.lost_question", who=who),
                        pygame.Rect(box.x + 30, box.y + 80, box.width - 60, 80), 16)
        style.text(surface, t("online.ai_level"), (box.x + 30, box.y + 146), 15, style.INK, bold=True)
        draw.line(surface, style.PARCHMENT_DARK, (box.x + 20, box.bottom - 88), (box.right - 20, box.bottom - 88), 1)
        self.draw_buttons(surface, "wait")


navigation.SCREENS.online = OnlineScene
navigation.SCREENS.online_lobby = lambda ctx, online, reply, url: LobbyScene(ctx, table_for(ctx, online, reply, url))
navigation.SCREENS.seat_lost = SeatLostScene
