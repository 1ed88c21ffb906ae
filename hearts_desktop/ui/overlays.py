"""Screens opened above the table: hand score, moon choice, game over, scores, last trick,
and the hot-seat cover. Each is a scene that says whether it used the input it was given."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, Protocol

import pygame

from ..controller.table import CoverShown
from ..controller.table_model import TableModel
from ..engine import Card, GameOver, HandResult, HandScored, MoonScoring, Ruleset, cards_of
from ..engine.game import decide_end, single_leader
from ..language import N_, _, join_names, n_, p_
from ..persistence.seats import Seat, shown_name
from ..words import DEAL_OF_HAND, SeatKind
from . import reading, theme
from .card_art import card_width
from .focus import FocusRing
from .grammar import about
from .intents import Intent, KeyPress, PointerDown, PointerMove, PointerUp
from .layout import TableLayout
from .pass_selection import short_name
from .scene import Scene
from .widgets import Button, Focusable, dim, panel

CLOSE_KEYS = (pygame.K_ESCAPE,)
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
VERSION_BAND = 1.5
"""The bottom of the window, in font sizes, where the main menu writes the version: panels
stay above it, so that none cuts the label in two."""
BUTTON_HEIGHT = 2.4
"""A dialog button's height, in font sizes."""


class Overlay(Scene):
    """A panel over the dimmed table with buttons that the mouse and keyboard can reach."""

    opaque = False
    pauses_below = True
    close_keys: tuple[int, ...] = CLOSE_KEYS
    panel_shares: tuple[float, float] | None = None
    """The panel's width and height as shares of the window; None: no panel."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__()
        self.size = size
        self.buttons: list[Button] = []
        self.focus: FocusRing[Focusable] = FocusRing(self.focus_order, self.default_target)
        self.panel_area: pygame.Rect | None = None
        """The panel drawn over the table, if any: nothing below may show through it."""
        self.place_panel()

    @property
    def font_size(self) -> int:
        return max(13, int(min(self.size[0] / 64, self.size[1] / 40)))

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.place()

    def update(self, dt: float) -> None:
        self.place()

    def place(self) -> None:
        """Every hit rectangle for this size and what the screen holds now, so that a click
        hits what the coming frame shows, even before it is drawn; drawing only reads them.
        Placed for a left-to-right reader, then mirrored for a right-to-left one (``reading``)."""
        self.place_for_reading()
        for placed in self.placed():
            placed.rect = reading.mirror(placed.rect, self.size[0])

    def place_for_reading(self) -> None:
        """Every place as a left-to-right reader expects it."""
        self.place_panel()
        self.place_buttons(self.buttons_bottom())

    def placed(self) -> Sequence[Focusable]:
        """What ``place`` put somewhere, to mirror for a right-to-left reader."""
        return self.buttons

    def place_panel(self) -> None:
        if self.panel_shares is not None:
            self.panel_area = self.panel_rect(*self.panel_shares)

    def panel_rect(self, width_share: float, height_share: float) -> pygame.Rect:
        """A centred panel; never so tall that its bottom edge cuts through the version label
        of the main menu below (``VERSION_BAND``)."""
        w, h = self.size
        tallest = h - 2 * round(self.font_size * VERSION_BAND)
        rect = pygame.Rect(0, 0, int(w * width_share), min(int(h * height_share), tallest))
        rect.center = (w // 2, h // 2)
        return rect

    @property
    def panel_box(self) -> pygame.Rect:
        """The panel as placed for this size."""
        assert self.panel_area is not None, "a screen without panel_shares has no panel"
        return self.panel_area

    def buttons_bottom(self) -> int:
        """Where the row of buttons ends: a little above the panel's bottom."""
        bottom = self.panel_area.bottom if self.panel_area is not None else self.size[1]
        return bottom - self.font_size

    def title_bottom(self, label: str, y: int) -> int:
        """Where what follows a ``title`` drawn at ``y`` starts, measured without drawing."""
        size = int(self.font_size * 1.6)
        return y + theme.font(size, True).size(label)[1] + max(1, size // 14) + self.font_size // 2

    def on_close(self) -> None:
        self.close()

    # ------------------------------------------------------------------ focus

    def focus_order(self) -> list[Focusable]:
        """What Tab walks through now: the buttons that are on."""
        return [button for button in self.buttons if button.enabled]

    def default_target(self) -> Focusable | None:
        """Enter with nothing focused presses the first button (Next hand, Close...)."""
        if self.focus.current is not None:
            return None
        return next(iter(self.focus_order()), None)

    @property
    def focused(self) -> Focusable | None:
        return self.focus.current

    def set_focus(self, target: Focusable | None) -> None:
        self.focus.set(target)

    def move_focus(self, step: int) -> None:
        self.set_focus(self.focus.move(step))

    def is_highlighted(self, target: Focusable) -> bool:
        """Drawn with the focus ring: what Enter would act on."""
        return target is self.focus.enter_target()

    # ------------------------------------------------------------------ input

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, PointerMove):
            for control in self.focus_order():
                control.hovered = control.rect.collidepoint(intent.pos)
        elif isinstance(intent, PointerDown) and intent.button == 1:
            clicked = next((t for t in self.focus_order() if t.hit(intent.pos)), None)
            self.focus.pointer(clicked)  # the focus follows the click, or leaves when it hit nothing
            self.set_focus(self.focus.current)
            if clicked is not None:
                self.press(clicked, intent.pos)
        elif isinstance(intent, KeyPress):
            self.key_press(intent)
        return True

    def key_press(self, intent: KeyPress) -> None:
        if intent.key in self.close_keys:
            self.on_close()
        elif intent.key == pygame.K_TAB:
            self.move_focus(-1 if intent.shift else 1)
        elif intent.key in ACTIVATE_KEYS:
            target = self.focus.enter_target()
            if target is not None:
                self.activate(target)

    def press(self, target: Focusable, pos: tuple[int, int]) -> None:
        """A click on ``target`` at ``pos``."""
        self.activate(target)

    def activate(self, target: Focusable) -> None:
        """Enter or Space on ``target``."""
        if isinstance(target, Button) and target.enabled:
            target.action()

    @property
    def button_font_size(self) -> int:
        return int(self.font_size * 0.95)

    def place_buttons(self, bottom: int) -> None:
        """The buttons side by side, centred, ending at ``bottom``; where they do not all fit
        the panel's width (two people's long names on their review buttons), in as many rows
        as they need, in order, the last row at ``bottom``."""
        height = int(self.font_size * BUTTON_HEIGHT)
        rows = self._button_rows()
        for number, row in enumerate(rows):
            self._place_row(row, bottom - (len(rows) - 1 - number) * (height + self.font_size // 2), height)

    def _button_need(self, button: Button) -> int:
        """The width ``button``'s label needs, with a margin on each side."""
        return button.width_for(self.button_font_size) + self.font_size

    def _button_room(self) -> int:
        """The width the buttons' rows may take: the panel's (or the window's), less a margin."""
        return (self.panel_area.width if self.panel_area is not None else self.size[0]) - 2 * self.font_size

    def _button_rows(self) -> list[list[Button]]:
        """The buttons in order, as many to a row as fit ``_button_room`` (at least one)."""
        room, gap = self._button_room(), self.font_size
        rows: list[list[Button]] = []
        row: list[Button] = []
        used = 0
        for button in self.buttons:
            need = self._button_need(button)
            if row and used + gap + need > room:
                rows.append(row)
                row, used = [], 0
            used += need + (gap if row else 0)
            row.append(button)
        return rows + [row]

    def _place_row(self, row: list[Button], bottom: int, height: int) -> None:
        """One row of buttons, centred, ending at ``bottom``: equally wide where the widest
        label leaves a margin in each, otherwise each as wide as its own label needs with the
        room left shared out, so no label runs to its button's edges."""
        fs = self.font_size
        gap = fs
        count = max(len(row), 1)
        room = self._button_room() - (count - 1) * gap
        needs = [self._button_need(button) for button in row]
        equal = min(int(fs * 11), room // count)
        if equal >= max(needs, default=0):
            widths = [equal] * len(needs)
        else:
            spare = max(0, room - sum(needs)) // count
            widths = [need + spare for need in needs]
        x = self.size[0] // 2 - (sum(widths) + (len(widths) - 1) * gap) // 2
        for button, width in zip(row, widths):
            button.rect = pygame.Rect(x, bottom - height, width, height)
            x += width + gap

    def draw_buttons(self, surface: pygame.Surface) -> None:
        for button in self.buttons:
            button.focused = self.is_highlighted(button)
            button.draw(surface, self.button_font_size)

    def title(self, surface: pygame.Surface, label: str, y: int, colour: theme.Color = theme.GOLD) -> int:
        text = theme.shadowed_text(label, int(self.font_size * 1.6), colour, bold=True)
        surface.blit(text, text.get_rect(midtop=(self.size[0] // 2, y)))
        return self.title_bottom(label, y)


def penalty_cards(result: HandResult, seat: int, counted: int) -> tuple[Card, ...]:
    """The cards that made a seat's points this hand (hearts, the queen, the jack...)."""
    return cards_of(result.taken[seat] & counted)


def hand_banner(controller: TableModel, result: HandResult) -> str:
    names = [shown_name(s.name) for s in controller.seats]
    if result.sweeper is not None:
        return _("{name} took every trick!").format(name=names[result.sweeper])
    if result.moon_shooter is not None:
        return _("{name} shot the moon!").format(name=names[result.moon_shooter])
    return ""


class HandScoreScene(Overlay):
    """After each hand: who took what, the hand's points and the totals."""

    panel_shares = (0.72, 0.8)

    def __init__(self, size: tuple[int, int], controller: TableModel, event: HandScored,
                 art_face: Callable[[Card, int], pygame.Surface], on_continue: Callable[[], None],
                 reviews: Sequence[Button] = (), continue_label: str | None = None,
                 note: str = "", heading: str | None = None) -> None:
        """``note``: a sentence under the points (a deal played again: the first time's)."""
        super().__init__(size)
        self.controller = controller
        self.event = event
        self.result = controller.results[event.hand_index]
        self.face = art_face
        self.on_continue = on_continue
        self.note = note
        self.heading = heading or _(DEAL_OF_HAND).format(number=event.hand_index + 1)
        label = continue_label or (_("See the final scores") if controller.over else _("Next hand"))
        self.buttons = [Button(label, self._continue, name="continue"), *reviews]

    def _continue(self) -> None:
        self.close()
        self.on_continue()

    def on_close(self) -> None:
        self._continue()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        rect = self.panel_box
        panel(surface, rect)
        fs = self.font_size
        y = self.title(surface, self.heading, rect.top + fs)
        banner = hand_banner(self.controller, self.result)
        if banner:
            text = theme.shadowed_text(banner, int(fs * 1.4), theme.HIGHLIGHT, bold=True)
            surface.blit(text, text.get_rect(midtop=(rect.centerx, y)))
            y += text.get_height() + fs // 2
        counted = self.controller.rules.tables.scoring_mask
        card_h = int(min(fs * 3.6, rect.height / (len(self.controller.seats) + 4)))
        row_h = card_h + fs // 2
        name_x = rect.left + fs * 2
        cards_x = rect.left + int(rect.width * 0.26)
        points_x = rect.right - int(fs * 11)
        total_x = rect.right - int(fs * 4)
        header_y = y
        width = self.size[0]
        points_x, total_x = reading.across(points_x, 0, width), reading.across(total_x, 0, width)
        # Translators: a column heading: the points of the hand (the deal) just played.
        for label, x in ((_("This hand"), points_x), (_("Total"), total_x)):
            text = theme.text(label, int(fs * 0.9), theme.INK_DIM)
            surface.blit(text, text.get_rect(midtop=(x, header_y)))
        y += fs * 2
        step = max(6, int(card_width(card_h) * 0.42))
        for seat, seat_info in enumerate(self.controller.seats):
            centre_y = y + row_h // 2
            name = theme.text(theme.fitted(shown_name(seat_info.name), fs, cards_x - name_x - fs, True), fs, theme.INK,
                              bold=True)
            name_box = reading.mirror(pygame.Rect(name_x, y, cards_x - name_x, row_h), width)
            surface.blit(name, reading.at_start(name, name_box))
            cards = penalty_cards(self.result, seat, counted)
            if cards:  # fanned as on the table, left to right, at the start of their column
                fan_width = (len(cards) - 1) * step + card_width(card_h)
                fan = reading.mirror(pygame.Rect(cards_x, centre_y - card_h // 2, fan_width, card_h), width)
                for i, card in enumerate(cards):
                    surface.blit(self.face(card, card_h), (fan.left + i * step, fan.top))
            else:
                none = theme.text(_("no points taken"), int(fs * 0.85), theme.INK_DIM)
                surface.blit(none, reading.at_start(none, reading.mirror(pygame.Rect(cards_x, y, 0, row_h), width)))
            points = self.event.points[seat]
            colour = theme.HIGHLIGHT if seat in (self.result.moon_shooter, self.result.sweeper) else theme.INK
            text = theme.text(f"{points:+d}" if points else "0", int(fs * 1.2), colour, bold=True)
            surface.blit(text, text.get_rect(center=(points_x, centre_y)))
            total = theme.text(str(self.event.totals[seat]), int(fs * 1.2), theme.INK, bold=True)
            surface.blit(total, total.get_rect(center=(total_x, centre_y)))
            y += row_h
        if self.result.kitty:
            taker = shown_name(self.controller.seats[self.result.kitty_taker or 0].name)
            kitty = " ".join(short_name(c) for c in self.result.kitty)
            # Translators: {cards} are the kitty's cards ("Q♠ 2♥"); {name} the player who took them.
            text = theme.text(_("Kitty ({cards}) went to {name}.").format(cards=kitty, name=taker),
                              int(fs * 0.9), theme.INK_DIM)
            surface.blit(text, text.get_rect(midtop=(rect.centerx, y)))
            y += fs * 2
        for line in theme.wrap(self.note, int(fs * 1.1), rect.width - fs * 4, bold=True):
            text = theme.text(line, int(fs * 1.1), theme.GOLD, bold=True)
            surface.blit(text, text.get_rect(midtop=(rect.centerx, y)))
            y += int(fs * 1.5)
        tied = decide_end(self.event.totals, self.controller.rules.target)[1]
        if tied and not self.controller.over and not self.note:
            text = theme.text(tie_sentence([shown_name(self.controller.seats[s].name) for s in tied]), fs, theme.GOLD,
                              bold=True)
            surface.blit(text, text.get_rect(midtop=(rect.centerx, y)))
        self.draw_buttons(surface)


def tie_sentence(names: list[str]) -> str:
    """Who tie for the lowest score past the target: "Ann, Bo and Cy tie…"."""
    # Translators: {names} lists two or more players ("Ann, Bo and Cy").
    return _("{names} tie for the lowest score: another hand decides.").format(names=join_names(names))


class MoonChoiceScene(Overlay):
    """Shooter's choice: the human who shot the moon picks how it scores."""

    close_keys = ()
    panel_shares = (0.6, 0.4)

    def __init__(self, size: tuple[int, int], controller: TableModel) -> None:
        super().__init__(size)
        self.controller = controller
        total = controller.rules.tables.penalty_total
        self.buttons = [
            # Translators: a button: the moon's points ({total}, 26) go to every other player.
            Button(_("Everyone else +{total}").format(total=total), lambda: self._choose(MoonScoring.ADD_TO_OTHERS)),
            # Translators: a button: the moon's points ({total}, 26) come off the shooter's own score.
            Button(_("Me −{total}").format(total=total), lambda: self._choose(MoonScoring.SUBTRACT_FROM_SHOOTER)),
        ]

    def _choose(self, choice: MoonScoring) -> None:
        if self.controller.choose_moon(choice) is None:
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        rect = self.panel_box
        panel(surface, rect)
        y = self.title(surface, _("You shot the moon!"), rect.top + self.font_size)
        text = theme.text(_("How should it score?"), self.font_size, theme.INK)
        surface.blit(text, text.get_rect(midtop=(rect.centerx, y)))
        self.draw_buttons(surface)


class ScoreSheet(Protocol):
    """What a score sheet shows: a table's game now, or a past game from the history."""

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def rules(self) -> Ruleset: ...

    @property
    def totals(self) -> Sequence[int]: ...

    @property
    def results(self) -> Sequence[HandResult]: ...


def draw_score_table(surface: pygame.Surface, rect: pygame.Rect, controller: ScoreSheet, fs: int) -> int:
    """Every hand's points by player, totals last, the leader starred; returns the bottom."""
    names = [shown_name(s.name) for s in controller.seats]
    results = controller.results
    columns = len(names) + 1
    col_w = rect.width // columns

    def column(index: int) -> int:
        """The middle of a column: the hands' numbers first (at the right in Hebrew), then each player."""
        return reading.across(rect.left + col_w * index + col_w // 2, rect.left, rect.right)

    y = rect.top
    header = theme.text(p_("deal", "Hand"), fs, theme.INK_DIM, bold=True)
    surface.blit(header, header.get_rect(midtop=(column(0), y)))
    totals = controller.totals
    leader = single_leader(totals) if results else None
    for i, name in enumerate(names):
        label = theme.fitted(("★ " if i == leader else "") + name, fs, col_w - fs // 2, True)
        text = theme.text(label, fs, theme.HIGHLIGHT if i == leader else theme.INK, bold=True)
        surface.blit(text, text.get_rect(midtop=(column(i + 1), y)))
    y += int(fs * 1.8)
    row_h = int(fs * 1.45)
    visible = max(1, (rect.bottom - y - row_h * 2) // row_h)
    for number, result in list(enumerate(results))[-visible:]:
        text = theme.text(str(number + 1), fs, theme.INK_DIM)
        surface.blit(text, text.get_rect(midtop=(column(0), y)))
        for i, points in enumerate(result.points):
            special = i in (result.moon_shooter, result.sweeper)
            label = f"{points}" + (" ☾" if special else "")
            text = theme.text(label, fs, theme.HIGHLIGHT if special else theme.INK)
            surface.blit(text, text.get_rect(midtop=(column(i + 1), y)))
        y += row_h
    pygame.draw.line(surface, theme.PANEL_EDGE, (rect.left, y + 2), (rect.right, y + 2), 2)
    y += fs // 2
    text = theme.text(_("Total"), fs, theme.INK, bold=True)
    surface.blit(text, text.get_rect(midtop=(column(0), y)))
    for i, total in enumerate(totals):
        text = theme.text(str(total), int(fs * 1.1), theme.HIGHLIGHT if i == leader else theme.INK, bold=True)
        surface.blit(text, text.get_rect(midtop=(column(i + 1), y)))
    return y + row_h


class ScoreHistoryScene(Overlay):
    panel_shares = (0.66, 0.78)

    def __init__(self, size: tuple[int, int], controller: ScoreSheet,
                 reviews: Sequence[Button] = (), heading: str | None = None) -> None:
        super().__init__(size)
        self.controller = controller
        self.heading = heading or _("Scores")
        self.close_keys = (pygame.K_ESCAPE, pygame.K_s)
        self.buttons = [Button(_("Close"), self.close, name="close"), *reviews]

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface)
        rect = self.panel_box
        panel(surface, rect)
        fs = self.font_size
        y = self.title(surface, self.heading, rect.top + fs)
        # Translators: {target} is the score that ends the game (100).
        target = theme.text(_("Game to {target}").format(target=self.controller.rules.target), int(fs * 0.9),
                            theme.INK_DIM)
        surface.blit(target, target.get_rect(midtop=(rect.centerx, y)))
        table = pygame.Rect(rect.left + fs, y + fs * 2, rect.width - fs * 2, rect.height - (y - rect.top) - fs * 6)
        if self.controller.results:
            draw_score_table(surface, table, self.controller, fs)
        else:
            text = theme.text(_("No hand has been scored yet."), fs, theme.INK_DIM)
            surface.blit(text, text.get_rect(midtop=table.midtop))
        self.draw_buttons(surface)


class GameOverScene(Overlay):
    close_keys = ()
    panel_shares = (0.7, 0.82)

    def __init__(self, size: tuple[int, int], controller: TableModel, event: GameOver,
                 on_new_game: Callable[[], None] | None, on_rematch: Callable[[], None] | None,
                 on_leave: Callable[[], None] | None = None, on_quit: Callable[[], None] | None = None,
                 reviews: Sequence[Button] = ()) -> None:
        """A friend at a network table has only ``on_leave``: the host deals any rematch."""
        super().__init__(size)
        self.controller = controller
        self.event = event
        leaving = ((_("Rematch"), on_rematch), (_("New game"), on_new_game), (_("Main menu"), on_leave))
        self.buttons = [*(Button(label, action) for label, action in leaving if action is not None), *reviews,
                        *([Button(_("Quit"), on_quit)] if on_quit is not None else [])]

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        rect = self.panel_box
        panel(surface, rect)
        fs = self.font_size
        winner = self.controller.seats[self.event.winner]
        you = winner.kind == SeatKind.HUMAN and not self.controller.hot_seat
        headline = _("You win!") if you else about(winner.name, _("You win!"), _("{name} wins!"))
        y = self.title(surface, headline, rect.top + fs, theme.HIGHLIGHT)
        total = self.event.totals[self.event.winner]
        # Translators: under "Anna wins!": the winner's final score.
        text = theme.text(n_("with {count} point", "with {count} points", total).format(count=total), fs, theme.INK)
        surface.blit(text, text.get_rect(midtop=(rect.centerx, y)))
        table = pygame.Rect(rect.left + fs, y + fs * 2, rect.width - fs * 2, rect.height - (y - rect.top) - fs * 6)
        draw_score_table(surface, table, self.controller, fs)
        self.draw_buttons(surface)


class LastTrickScene(Overlay):
    """The previous trick, shown where each card was played, until dismissed; the banner
    naming its winner sits above the trick, clear of the seats' cards."""

    def __init__(self, size: tuple[int, int], controller: TableModel, layout: Callable[[], TableLayout],
                 face: Callable[[Card, int], pygame.Surface]) -> None:
        super().__init__(size)
        self.controller = controller
        self.layout = layout
        """The table's layout as it is now (it changes with the window)."""
        self.face = face
        self.close_keys = (pygame.K_ESCAPE, pygame.K_l)

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, PointerDown) or (isinstance(intent, KeyPress) and intent.key in ACTIVATE_KEYS):
            self.close()
            return True
        return super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 120)
        tricks = self.controller.view().tricks
        if not tricks:
            return
        layout = self.layout()
        last = tricks[-1]
        n = self.controller.players
        for position, card in enumerate(last.cards):
            seat = last.seat_of(position, n)
            draw_card_face(surface, self.face, card, layout.trick_rect(seat), seat == last.winner)
        said = about(self.controller.seats[last.winner].name, _("Last trick — won by you. Click to close."),
                     _("Last trick — won by {name}. Click to close."))
        fs = layout.font_size
        banner = theme.fitted(said, fs, layout.centre.width, bold=True)
        text = theme.shadowed_text(banner, fs, theme.INK, bold=True)
        surface.blit(text, text.get_rect(midtop=(layout.width // 2, layout.middle.top)))


def draw_card_face(surface: pygame.Surface, face: Callable[[Card, int], pygame.Surface], card: Card,
                   rect: pygame.Rect, highlight: bool) -> None:
    surface.blit(face(card, rect.height), rect.topleft)
    if highlight:
        pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(4, 4), width=3, border_radius=rect.width // 12)


HANDOVER_GRACE_SECONDS: Final = 0.8
"""How long a hot-seat cover ignores every input after it appears, counted in frame time
(``Scene.update``): longer than a double-click (Windows counts two clicks up to 0.5 s apart
as one, by default) and a double Enter, so the second half of the last person's gesture
never lifts the cover for the next."""
HANDOVER_KEYS: Final = ACTIVATE_KEYS
"""The cover's own keys, pressed anew (not held from before) once the grace has passed."""


class Handover:
    """The moment the computer goes from one person to the next: a cover over one person's
    cards that only a deliberate act lifts, a press on its own button ("I am Alice — show my
    cards") or a fresh press of its key, both only once ``HANDOVER_GRACE_SECONDS`` have
    passed. A click whose press began before that (a double-click, a press held over the
    hand-over) and a key held from before do nothing."""

    def __init__(self, name: str, label: str, on_lift: Callable[[], None]) -> None:
        self.name = name
        self.label = label
        """The button's sentence, marked with ``N_`` and holding ``{name}`` ("I am {name} — show
        my cards"): translated each time it is placed, in the language in use."""
        self.age = 0.0
        """Frame time since the cover appeared."""
        # Translators: the name of the Enter key, shown beside a button.
        self.button = Button(self._label(shown_name(name)), on_lift, enabled=False, key_hint=_("Enter"))
        self._pressed = False
        """A press began on the button while it was ready; its release there lifts the cover."""

    @property
    def ready(self) -> bool:
        return self.age >= HANDOVER_GRACE_SECONDS

    def update(self, dt: float) -> None:
        self.age += dt
        self.button.enabled = self.ready

    def handle(self, intent: Intent) -> None:
        """Lift the cover if ``intent`` completes a deliberate act; ignore it otherwise."""
        if isinstance(intent, PointerMove):
            self.button.hovered = self.button.hit(intent.pos)
        elif not self.ready:
            self._pressed = False
        elif isinstance(intent, PointerDown) and intent.button == 1:
            self._pressed = self.button.hit(intent.pos)
        elif isinstance(intent, PointerUp) and intent.button == 1:
            pressed, self._pressed = self._pressed, False
            if pressed and self.button.hit(intent.pos):
                self.button.action()
        elif isinstance(intent, KeyPress) and intent.key in HANDOVER_KEYS and not intent.repeat:
            self.button.action()

    def font_size(self, size: tuple[int, int]) -> int:
        return max(16, int(min(size[0] / 48, size[1] / 30)))

    def _label(self, name: str) -> str:
        return _(self.label).format(name=name)

    def place(self, size: tuple[int, int]) -> None:
        """The button under the words, as wide as its label (the name cut where the window
        is too narrow for it)."""
        fs = self.font_size(size)
        button_fs = int(fs * 0.95)
        room = size[0] - 4 * fs
        name = shown_name(self.name)
        self.button.label = self._label(name)
        overflow = self.button.width_for(button_fs) - room
        if overflow > 0:
            name_width = theme.font(button_fs, True).size(name)[0]
            self.button.label = self._label(theme.fitted(name, button_fs, max(fs, name_width - overflow), True))
        rect = pygame.Rect(0, 0, min(room, self.button.width_for(button_fs) + 2 * fs), int(fs * 2.6))
        rect.midtop = (size[0] // 2, size[1] // 2 + fs * 2)
        self.button.rect = rect

    def draw(self, surface: pygame.Surface, size: tuple[int, int], title: str, prompt: str) -> None:
        """The whole window hidden: who should take the computer, and their button."""
        surface.fill(theme.FELT_DARK)
        fs = self.font_size(size)
        lines = [
            (title, int(fs * 1.5), theme.GOLD, True),
            (prompt, fs, theme.INK, False),
            (_("Everyone else, please look away."), int(fs * 0.8), theme.INK_DIM, False),
        ]
        y = size[1] // 2 - fs * 5
        for label, text_size, colour, bold in lines:
            label = theme.fitted(label, text_size, size[0] - 2 * fs, bold)
            text = theme.shadowed_text(label, text_size, colour, bold)
            surface.blit(text, text.get_rect(midtop=(size[0] // 2, y)))
            y += text.get_height() + fs // 2
        self.button.focused = self.ready
        self.button.draw(surface, int(fs * 0.95))


def handover_title(name: str) -> str:
    """Who should take the computer now, over a hot-seat cover."""
    return about(name, _("Pass the computer to you"), _("Pass the computer to {name}"))


class CoverScene(Scene):
    """Hot-seat privacy: an opaque screen until the named person says it is them."""

    opaque = True
    pauses_below = True

    def __init__(self, size: tuple[int, int], controller: TableModel, event: CoverShown) -> None:
        super().__init__()
        self.size = size
        self.controller = controller
        self.event = event
        self.handover = Handover(event.name, N_("I am {name} — show my cards"), self._lift)

    def _lift(self) -> None:
        self.controller.reveal()
        self.close()

    def place(self) -> None:
        self.handover.place(self.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.place()

    def update(self, dt: float) -> None:
        self.handover.update(dt)
        self.place()

    def handle(self, intent: Intent) -> bool:
        self.handover.handle(intent)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        name = self.event.name
        self.handover.draw(surface, self.size, handover_title(name),
                           _("{name}: when you have the computer, press the button below (or Enter).").format(
                               name=shown_name(name)))
