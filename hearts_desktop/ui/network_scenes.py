"""The screens of network play: host a table, its lobby, join one, and a table that ended.

The host's lobby shows the room code in large type, the addresses a friend can type when
discovery is blocked, and every seat: open, taken (by whom) or a computer. A friend's Join
screen lists the tables heard on the network (zeroconf), a box for the code, and one for
an address. These scenes only draw and forward: the network tables do the work.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ..language import N_, _, join_alternatives, p_
from ..net.link import DEFAULT_PORT
from ..persistence.seats import MAX_NAME_LENGTH, shown_name
from ..words import SeatKind
from . import reading, theme
from .form import FormScene, rows
from .widgets import Button, dim, panel

if TYPE_CHECKING:
    from ..net.discovery import Browser, TableAd
    from ..net.host import HostTable
    from ..net.protocol import SeatInfo
    from ..play.network import HostedPlay, JoinedPlay

CODE_HELP = N_("Friends choose Play on the network, then Join a table, and type this code.")


class NetworkMenuScene(FormScene):
    """Play on the network: host a table, or join one."""

    TITLE = N_("Play on the network")

    def __init__(self, size: tuple[int, int], on_host: Callable[[], None], on_join: Callable[[], None]) -> None:
        super().__init__(size)
        self.controls = [Button(_("Host a table"), self.closing_then(on_host), name="host"),
                         Button(_("Join a table"), self.closing_then(on_join), name="join"),
                         Button(p_("go back", "Back"), self.close)]
        self.move_focus(1)

    def _intro(self) -> list[str]:
        fs = self.font_size
        return theme.wrap(_("Friends at home, at work or in a dorm, each on their own computer: "
                            "no internet and no account needed."), int(fs * 0.85), self.panel_box.width - fs * 3)

    def place_panel(self) -> None:
        fs = self.font_size
        rect = pygame.Rect(0, 0, max(self.size[0] * 40 // 100, fs * 24), self.column_height(len(self.controls)) + fs * 9)
        rect.center = (self.size[0] // 2, self.size[1] // 2)
        self.panel_area = rect

    def place_controls(self) -> None:
        fs = self.font_size
        rect = self.panel_box
        buttons = [c for c in self.controls if isinstance(c, Button)]
        y = self.title_bottom(_(self.TITLE), rect.top + fs) + len(self._intro()) * int(fs * 1.2)
        self.place_column(buttons, y + fs, rect.width - fs * 4)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        fs = self.font_size
        rect = self.panel_box
        panel(surface, rect)
        y = self.title(surface, _(self.TITLE), rect.top + fs)
        for line in self._intro():
            text = theme.text(line, int(fs * 0.85), theme.INK_DIM)
            surface.blit(text, text.get_rect(midtop=(rect.centerx, y)))
            y += int(fs * 1.2)
        for control in self.controls:
            self.draw_control(surface, control, int(fs * 1.05))


class HostLobbyScene(FormScene):
    """The host waits for friends: the room code, the addresses, and every seat."""

    opaque = True
    close_keys = ()
    panel_shares = (0.8, 0.9)
    TITLE = N_("Your table is open")

    def __init__(self, size: tuple[int, int], play: HostedPlay, on_start: Callable[[HostedPlay], None],
                 on_cancel: Callable[[], None]) -> None:
        super().__init__(size)
        self.play = play
        self.addresses = list(play.addresses)
        self.discovery_note = play.discovery_note
        self.on_start = on_start
        self.on_cancel = on_cancel
        self.started = False
        """The game started: the table holds it from now on (else the table closes with the lobby)."""
        self.seat_buttons: list[Button] = []
        # Translators: a button: start the game at the table hosted here.
        self.start_button = Button(_("Start"), self._start, name="start")
        self.buttons = [self.start_button, Button(_("Close the table"), self._cancel)]

    @property
    def host(self) -> HostTable:
        return self.play.host

    @property
    def room_code(self) -> str:
        """The code as shown (the UI log records it, so tests can type it elsewhere)."""
        return self.host.shown_code

    def _computer_for(self, seat: int) -> Callable[[], None]:
        return lambda: self.host.make_computer(seat)

    def _start(self) -> None:
        if self.host.can_start():
            self.play.start()
            self.started = True
            self.close()
            self.on_start(self.play)

    def _cancel(self) -> None:
        self.close()
        self.on_cancel()

    def on_exit(self) -> None:
        if not self.started:
            self.play.close()

    def update(self, dt: float) -> None:
        self.play.update(dt)
        host = self.host
        self.seat_buttons = [Button(_("Computer plays"), self._computer_for(i)) for i in host.open_seats()]
        self.controls = list(self.seat_buttons)
        self.start_button.enabled = host.can_start()
        super().update(dt)

    def _notes(self) -> list[str]:
        """The lines under the room code, wrapped to the panel."""
        lines = [_(CODE_HELP)]
        if self.addresses:
            # Translators: {addresses} lists this computer's addresses as choices ("192.168.1.20:7777 or ...").
            lines.append(_("If they cannot see your table: Join by address, {addresses}.").format(
                addresses=join_alternatives(self.addresses)))
        if self.discovery_note:
            lines.append(_(self.discovery_note))
        fs = self.font_size
        return [part for line in lines for part in theme.wrap(line, int(fs * 0.9), self.panel_box.width - fs * 4)]

    def _seat_rows(self) -> list[pygame.Rect]:
        """Each seat's row, under the code and the notes."""
        fs = self.font_size
        rect = self.panel_box
        code_size = int(fs * 3.4)
        code_height = theme.font(code_size, True).size(self.room_code)[1] + max(1, code_size // 14)
        top = (self.title_bottom(_(self.TITLE), rect.top + fs) + int(fs * 1.4) + code_height + fs // 2
               + len(self._notes()) * int(fs * 1.3) + fs // 2)
        return rows(top, rect.left + fs * 3, rect.width - fs * 6, int(fs * 2.2), len(self.host.table), fs // 3)

    def place_controls(self) -> None:
        fs = self.font_size
        open_rows = [place for state, place in zip(self.host.table, self._seat_rows()) if state.open]
        for button, place in zip(self.seat_buttons, open_rows):  # one button to each open seat, from update
            button.rect = pygame.Rect(place.right - fs * 10, place.top, fs * 10, place.height - fs // 3)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        fs = self.font_size
        rect = self.panel_box
        panel(surface, rect)
        y = self.title(surface, _(self.TITLE), rect.top + fs)
        label = theme.text(_("Room code"), fs, theme.INK_DIM)
        surface.blit(label, label.get_rect(midtop=(rect.centerx, y)))
        y += int(fs * 1.4)
        code = theme.shadowed_text(self.room_code, int(fs * 3.4), theme.GOLD, bold=True)
        surface.blit(code, code.get_rect(midtop=(rect.centerx, y)))
        y += code.get_height() + fs // 2
        for part in self._notes():
            text = theme.text(part, int(fs * 0.9), theme.INK)
            surface.blit(text, text.get_rect(midtop=(rect.centerx, y)))
            y += int(fs * 1.3)
        self._draw_seats(surface)
        self.button_row(surface)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        fs = self.font_size
        host = self.host
        for button in self.seat_buttons:
            self.draw_control(surface, button, int(fs * 0.9))
        for index, (state, place) in enumerate(zip(host.table, self._seat_rows())):
            seat = state.seat
            if state.open:
                status, colour = _("open for a friend…"), theme.INK_DIM
            elif seat.kind == SeatKind.REMOTE:
                # Translators: a friend's seat in the host's lobby: the friend has joined, or has left.
                status, colour = (_("has joined ✓") if state.conn_id is not None else p_("seat", "left")), theme.HINT
            elif seat.kind == SeatKind.HUMAN:
                status, colour = _("you (host)"), theme.INK
            else:
                # Translators: a seat a computer plays, and its level ("computer (Hard)").
                status, colour = _("computer ({level})").format(level=seat.level.label), theme.INK_DIM
            name = _("Seat {number}").format(number=index + 1) if state.open else shown_name(seat.name)
            surface.blit(theme.text(name, fs, theme.INK, bold=True), (place.left, place.top + fs // 3))
            surface.blit(theme.text(status, fs, colour), (place.left + int(place.width * 0.35), place.top + fs // 3))


class HostSeatsScene(FormScene):
    """The host's say over friends' seats during the game: answer who asks for a seat without
    its token, give any friend's seat to its computer, and give it back. The table plays on
    for the friends while it is open."""

    close_keys = ()
    panel_shares = (0.75, 0.8)
    TITLE = N_("Friends' seats")

    def __init__(self, size: tuple[int, int], host: HostTable) -> None:
        super().__init__(size)
        self.host = host
        self.buttons = [Button(_("Back to the table"), self.close)]
        self.lines: list[tuple[str, list[Button]]] = []
        self._shown: list[str] = []
        self._refresh()

    def _answer(self, conn_id: int, give: bool) -> Callable[[], None]:
        return lambda: self.host.answer_request(conn_id, give)

    def _seat_action(self, seat: int, to_computer: bool) -> Callable[[], None]:
        return (lambda: self.host.hand_to_computer(seat)) if to_computer else (lambda: self.host.hand_back(seat))

    def _build(self) -> list[tuple[str, list[Button]]]:
        host = self.host
        lines = [(r.text, [Button(_("Give the seat"), self._answer(r.conn_id, True)),
                           Button(_("Refuse"), self._answer(r.conn_id, False))]) for r in host.requests]
        for seat, state in enumerate(host.table):
            if not state.remote:
                continue
            name = state.seat.name
            if state.stand_in == "host":
                status = _("{name}: a computer plays, as you chose.").format(name=name)
            elif state.stand_in == "slow":
                status = _("{name} let a turn pass: a computer plays until {name} moves.").format(name=name)
            elif state.conn_id is None:
                status = _("{name} is away: a computer plays until {name} is back.").format(name=name)
            else:
                status = _("{name} plays.").format(name=name)
            # Translators: a button: give a friend's seat back to the friend (a computer played it).
            label = _("Give back") if state.stand_in else _("Computer plays")
            lines.append((status, [Button(label, self._seat_action(seat, not state.stand_in))]))
        return lines

    def _refresh(self) -> None:
        lines = self._build()
        if [text for text, _buttons in lines] != self._shown:  # new buttons only when what they answer changes
            self._shown = [text for text, _buttons in lines]
            self.lines = lines
            self.controls = [button for _text, buttons in lines for button in buttons]
            self.place()

    def update(self, dt: float) -> None:
        self.host.update(dt)  # the friends' table goes on while the host reads this
        self._refresh()
        super().update(dt)

    def _rows(self) -> list[pygame.Rect]:
        fs = self.font_size
        rect = self.panel_box
        top = self.title_bottom(_(self.TITLE), rect.top + fs) + fs
        return rows(top, rect.left + fs * 2, rect.width - fs * 4, int(fs * 2.4), len(self.lines), fs // 3)

    def place_controls(self) -> None:
        fs = self.font_size
        for (_text, buttons), place in zip(self.lines, self._rows()):
            right = place.right
            for button in reversed(buttons):
                button.rect = pygame.Rect(right - fs * 9, place.top, fs * 9, place.height - fs // 3)
                right -= fs * 9 + fs // 2

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        fs = self.font_size
        panel(surface, self.panel_box)
        self.title(surface, _(self.TITLE), self.panel_box.top + fs)
        for (text, buttons), place in zip(self.lines, self._rows()):
            width = place.width - len(buttons) * (fs * 9 + fs // 2)
            for number, part in enumerate(theme.wrap(text, int(fs * 0.9), width)[:2]):
                surface.blit(theme.text(part, int(fs * 0.9), theme.INK), (place.left, place.top + number * int(fs * 1.1)))
            for button in buttons:
                self.draw_control(surface, button, int(fs * 0.9))
        self.button_row(surface)


class JoinScene(FormScene):
    """Join a table: pick one heard on the network or type an address, and the code."""

    panel_shares = (0.8, 0.92)

    def __init__(self, size: tuple[int, int], name: str, browser: Browser | None, browse_note: str,
                 on_join: Callable[[str, str, str, TableAd | None], str | None]) -> None:
        super().__init__(size)
        self.browser = browser
        self.browse_note = browse_note
        self.on_join = on_join
        self.name_field = self.text_fields.add(name, MAX_NAME_LENGTH)
        self.code_field = self.text_fields.add("", 9)
        self.address_field = self.text_fields.add("", 60)
        self.tables: list[TableAd] = []
        self.table_buttons: list[Button] = []
        self.chosen: TableAd | None = None
        self.problem = ""
        self.join_button = Button(_("Join"), self._join, name="join")
        self.buttons = [self.join_button, Button(p_("go back", "Back"), self.close)]
        self.controls = [self.name_field, self.code_field, self.address_field]
        self.set_focus(self.code_field)

    def _choose(self, table: TableAd) -> Callable[[], None]:
        def choose() -> None:
            self.chosen = None if self.chosen == table else table
            self.set_focus(self.code_field)
        return choose

    def _join(self) -> None:
        """Knock; the Joining screen goes on top of this one, so its Back finds the form as typed."""
        self.problem = self.on_join(self.name_field.text.strip(), self.code_field.text,
                                    self.address_field.text.strip(), self.chosen) or ""

    def key(self, intent: Any) -> None:
        if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._join()

    def update(self, dt: float) -> None:
        tables = self.browser.tables() if self.browser is not None else []
        if tables != self.tables:
            self.tables = tables
            if self.chosen not in tables:
                self.chosen = None
            self.table_buttons = [Button(t.label, self._choose(t), enabled=t.compatible) for t in tables[:6]]
        for button, table in zip(self.table_buttons, self.tables):
            button.label = ("✓ " if table == self.chosen else "") + table.label
        self.controls = [*self.table_buttons, self.name_field, self.code_field, self.address_field]
        super().update(dt)

    def on_exit(self) -> None:
        """The search for tables stops with the screen listing them."""
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    FIELDS = (N_("Your name"), N_("Room code"), N_("Or the host's address"))
    LABEL_SHARE = 0.34
    """How much of a field's row its label takes, before the box."""

    def _column(self) -> tuple[int, int]:
        """The left edge and width of what the panel lists."""
        fs = self.font_size
        return self.panel_box.left + fs * 3, self.panel_box.width - fs * 6

    def _browse_lines(self) -> list[str]:
        if self.tables or not self.browse_note:
            return []
        return theme.wrap(self.browse_note, int(self.font_size * 0.85), self._column()[1])

    def place_controls(self) -> None:
        fs = self.font_size
        left, width = self._column()
        y = self.title_bottom(_("Join a table"), self.panel_box.top + fs // 2) + int(fs * 1.6)
        for button, place in zip(self.table_buttons, rows(y, left, width, int(fs * 2.1), len(self.table_buttons),
                                                          fs // 3)):
            button.rect = place
            y = place.bottom + fs // 3
        y += len(self._browse_lines()) * int(fs * 1.2) + fs // 2
        label_w = int(width * self.LABEL_SHARE)
        for field in (self.name_field, self.code_field, self.address_field):
            field.rect = pygame.Rect(left + label_w, y, width - label_w, int(fs * 2))
            y += int(fs * 2.5)

    def buttons_bottom(self) -> int:
        return self.panel_box.bottom - self.font_size // 2

    def _line(self, surface: pygame.Surface, text: pygame.Surface, y: int) -> None:
        """A line of text at the start of the column: its left end, its right end in Hebrew."""
        left, width = self._column()
        box = reading.mirror(pygame.Rect(left, y, width, text.get_height()), self.size[0])
        surface.blit(text, reading.at_start(text, box, "topleft"))

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        fs = self.font_size
        rect = self.panel_box
        panel(surface, rect)
        y = self.title(surface, _("Join a table"), rect.top + fs // 2)
        left, width = self._column()
        heading = _("Tables on this network") if self.tables else _("Looking for tables on this network…")
        self._line(surface, theme.text(heading, fs, theme.GOLD, bold=True), y)
        for button in self.table_buttons:
            self.draw_control(surface, button, int(fs * 0.95))
        browse_lines = self._browse_lines()
        y = self.name_field.rect.top - fs // 2 - len(browse_lines) * int(fs * 1.2)
        for line in browse_lines:
            self._line(surface, theme.text(line, int(fs * 0.85), theme.INK_DIM), y)
            y += int(fs * 1.2)
        label_w = int(width * self.LABEL_SHARE) - fs // 2
        for label, field in zip(self.FIELDS, (self.name_field, self.code_field, self.address_field)):
            text = theme.fit_text(_(label), fs, label_w, theme.INK)
            box = reading.mirror(pygame.Rect(left, field.rect.top, label_w, field.rect.height), self.size[0])
            surface.blit(text, reading.at_start(text, box))
            self.draw_control(surface, field)
        y = self.address_field.rect.top + int(fs * 2.5)
        # Translators: {example} is an example address ("192.168.1.20:7777").
        note = self.text_fields.refusal or self.problem or _(
            "Pick your friend's table above, or type the address their screen shows (e.g. {example}), then the "
            "room code.").format(example=f"192.168.1.20:{DEFAULT_PORT}")
        warned = bool(self.text_fields.refusal or self.problem)
        for line in theme.wrap(note, int(fs * 0.9), width, bold=warned):
            self._line(surface, theme.text(line, int(fs * 0.9), theme.RED if warned else theme.INK_DIM, bold=warned), y)
            y += int(fs * 1.3)
        self.button_row(surface)
        self.draw_text_fields(surface)


def lobby_lines(lobby: Sequence[SeatInfo]) -> list[str]:
    """Who sits where, as a friend waiting for the host's start reads it: "Ben: computer (Easy)"."""
    return [lobby_line(info) for info in lobby]


def lobby_line(info: SeatInfo) -> str:
    """One seat of the lobby: who sits there and how ("Ben: computer (Easy)")."""
    name = shown_name(info.name)  # a computer's name the host's game gave, in this program's language
    if info.kind == "open":
        # Translators: a seat of the lobby still open for a friend; {name} is the seat's name.
        return _("{name}: open").format(name=name)
    if info.kind == "host":
        return _("{name}: host").format(name=name)
    if info.kind == "friend":
        return _("{name}: joined").format(name=name)
    # Translators: a seat a computer plays, and its level ("Ben: computer (Easy)").
    return _("{name}: computer ({level})").format(name=name, level=info.level.label)


class JoiningScene(FormScene):
    """Between Join and the first deal: knocking, then seated and waiting for the host."""

    opaque = True
    close_keys = ()
    panel_shares = (0.6, 0.7)

    def __init__(self, size: tuple[int, int], play: JoinedPlay, on_playing: Callable[[JoinedPlay], None],
                 on_back: Callable[[], None] | None = None) -> None:
        super().__init__(size)
        self.play = play
        self.client = play.client
        self.where = play.where
        self.on_playing = on_playing
        self.on_back = on_back
        self.playing = False
        """Seated and dealt: the table holds the seat from now on (else it is left with this screen)."""
        self.buttons = [Button(_("Leave"), self._back)]

    def _back(self) -> None:
        """To the screen below (the Join form, as typed), or where ``on_back`` says."""
        self.close()
        if self.on_back is not None:
            self.on_back()

    def on_exit(self) -> None:
        if not self.playing:
            self.play.close()

    def update(self, dt: float) -> None:
        self.client.update(dt)
        if self.client.state == "playing":
            self.playing = True
            self.close()
            self.on_playing(self.play)
            return
        self.buttons[0].label = p_("go back", "Back") if self.client.state == "closed" else _("Leave")
        super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        fs = self.font_size
        rect = self.panel_box
        panel(surface, rect)
        client = self.client
        if client.state == "closed":
            title, lines = _("Could not join"), [client.closed_reason or _("The host did not answer.")]
        elif client.joined is None and client.waiting:
            title, lines = _("Waiting…"), [client.waiting]
        elif client.joined is None:
            # Translators: {where} is the table's address or name being joined.
            title, lines = _("Joining…"), [_("Knocking at {where}.").format(where=self.where)]
        else:
            # Translators: {host} is the name of the friend who hosts the table.
            title = _("At {host}'s table").format(host=client.joined.host)
            lines = lobby_lines(client.lobby) + ["", _("Waiting for the host to start…")]
        y = self.title(surface, title, rect.top + fs)
        for line in lines:
            for part in theme.wrap(line, fs, rect.width - fs * 4):
                text = theme.text(part, fs, theme.INK)
                surface.blit(text, text.get_rect(midtop=(rect.centerx, y)))
                y += int(fs * 1.4)
        self.button_row(surface)


class TableClosedScene(FormScene):
    """A friend's table ended (the host left, the line broke): one sentence, then the menu."""

    close_keys = ()
    panel_shares = (0.55, 0.34)

    def __init__(self, size: tuple[int, int], reason: str, on_menu: Callable[[], None]) -> None:
        super().__init__(size)
        self.reason = reason
        self.buttons = [Button(_("Main menu"), on_menu)]
        self.set_focus(self.buttons[0])

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        fs = self.font_size
        rect = self.panel_box
        panel(surface, rect)
        y = rect.top + fs * 2
        for line in theme.wrap(self.reason, int(fs * 1.1), rect.width - fs * 4):
            text = theme.text(line, int(fs * 1.1), theme.INK)
            surface.blit(text, text.get_rect(midtop=(rect.centerx, y)))
            y += int(fs * 1.6)
        self.button_row(surface)

