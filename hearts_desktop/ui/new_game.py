"""The New game dialog: who plays (people and computers), the rules, the target and the pace.

``SetupDraft`` holds what the dialog shows, in plain Python, so tests check the ruleset
and seats it builds without a window. The ruleset itself judges every combination: the
dialog shows the engine's own ``RulesetError`` message and will not start until it is
resolved, so the dialog cannot drift from the rules the engine enforces.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import pygame

from ..engine import PRESETS, Ruleset, describe, matching_preset, preset_by_key
from ..engine.rules import MAX_TARGET, MIN_TARGET, MoonScoring, PassCycle, RulesetError
from ..language import N_, _, p_
from ..persistence import NewGameSetup, Seat
from ..persistence.seats import DEFAULT_NAMES, MAX_NAME_LENGTH, shown_name
from ..persistence.settings import CUSTOM_RULES
from ..words import FRIEND_LEVEL_NOTE, Level, Pace, SeatKind
from . import reading, theme
from .form import Choice, FormScene, rows
from .text_field import TextField, unicode_names
from .widgets import Button, dim, panel

MAX_SEATS: Final = 5
TARGETS: Final = tuple((t, str(t)) for t in range(MIN_TARGET, MAX_TARGET + 1, 25))
YES_NO: Final = ((True, N_("Yes")), (False, N_("No")))
ON_OFF: Final = ((False, N_("Off")), (True, N_("On")))
PASS_CYCLE_OWN_LABEL: Final = ""
"""A passing cycle's option text: none of its own, the dialog shows the cycle's label."""

ADVANCED: Final[tuple[tuple[str, str, tuple[tuple[Any, str], ...]], ...]] = (
    ("players", N_("Players"), ((3, "3"), (4, "4"), (5, "5"))),
    ("kitty", N_("Kitty (3 or 5 players)"), ((False, N_("No")), (True, N_("Yes")))),
    # Translators: the rule of which way cards are passed, hand after hand.
    ("pass_cycle", N_("Passing"), tuple((c, PASS_CYCLE_OWN_LABEL) for c in PassCycle)),
    ("points_on_first_trick", N_("Points on the first trick"), ((False, N_("Not allowed")), (True, N_("Allowed")))),
    ("queen_breaks_hearts", N_("Q♠ breaks hearts"), YES_NO),
    ("moon", N_("Shooting the moon"), (
        (MoonScoring.ADD_TO_OTHERS, N_("Others score it")),
        (MoonScoring.SUBTRACT_FROM_SHOOTER, N_("Shooter subtracts")),
        (MoonScoring.SHOOTERS_CHOICE, N_("Shooter's choice")),
        (MoonScoring.OFF, N_("Off")),
    )),
    ("sweep_bonus", N_("Sweep bonus (every trick)"), ON_OFF[::-1]),
    ("jack_of_diamonds", N_("J♦ counts −10"), ON_OFF),
    ("moon_needs_jack", N_("Moon needs the J♦"), ((False, N_("No")), (True, N_("Yes")))),
    ("spot_scoring", N_("Spot scoring (face value)"), ON_OFF),
    ("black_maria_spades", N_("Black Maria (A♠ 7, K♠ 10)"), ON_OFF),
)
"""Every option of RULES.md but the target (shown outside the Advanced panel), its texts
marked for the catalogue and translated when the dialog opens (``option_text``)."""


def pace_choices() -> tuple[tuple[Pace, str], ...]:
    """Slowest to fastest, Instant included: a scale, so ▶ on Instant stays there (``wrap=False``)."""
    return tuple((pace, pace.label) for pace in Pace)


def option_text(value: Any, text: str) -> str:
    """An advanced option as the dialog shows it: its text in the player's language, or a
    passing cycle's own label (the rules' words), starting with a capital."""
    if isinstance(value, PassCycle) and text == PASS_CYCLE_OWN_LABEL:
        return value.label[:1].upper() + value.label[1:]
    return _(text)


@dataclass
class SeatDraft:
    name: str
    kind: SeatKind
    level: Level


class SetupDraft:
    """The dialog's state: rule options, and five seats of which the first ``players`` play."""

    def __init__(self, setup: NewGameSetup) -> None:
        self.options: dict[str, Any] = _options(setup.rules)
        defaults = [Seat(DEFAULT_NAMES[0], SeatKind.HUMAN)] + [Seat(name) for name in DEFAULT_NAMES[1:MAX_SEATS]]
        seats = list(setup.seats) + defaults[len(setup.seats):]
        self.seats = [SeatDraft(s.name, s.kind, s.level) for s in seats]

    @property
    def players(self) -> int:
        return int(self.options["players"])

    def for_network(self) -> None:
        """Hosting: the host in the first seat; the other people's seats open for friends."""
        for index, seat in enumerate(self.seats):
            if index == 0:
                seat.kind = SeatKind.HUMAN
            elif seat.kind != SeatKind.COMPUTER:
                seat.kind = SeatKind.REMOTE
        if all(seat.kind == SeatKind.COMPUTER for seat in self.seats[1:self.players]):
            self.seats[1].kind = SeatKind.REMOTE

    def rules(self) -> Ruleset:
        """The ruleset chosen; raises RulesetError (a sentence for the player) when it conflicts."""
        return Ruleset(**self.options)

    def preset_key(self) -> str:
        try:
            preset = matching_preset(self.rules())
        except RulesetError:
            return CUSTOM_RULES
        return preset.key if preset else CUSTOM_RULES

    def choose_preset(self, key: str) -> None:
        self.options = _options(preset_by_key(key).rules)

    def set_option(self, name: str, value: Any) -> None:
        self.options[name] = value

    def names(self) -> list[str]:
        """The playing seats' names, an empty one replaced by that seat's default."""
        return [s.name.strip() or DEFAULT_NAMES[i] for i, s in enumerate(self.seats[: self.players])]

    def problem(self) -> str | None:
        """Why the game cannot start as set, in one sentence, or None."""
        try:
            self.rules()
        except RulesetError as error:
            return str(error)
        seen: set[str] = set()
        for number, name in enumerate(self.names(), start=1):
            if not name.isprintable():
                return _("The name {name} has characters that cannot be shown.").format(name=repr(name))
            if unicodedata.category(name[0]).startswith("M"):
                # Translators: {character} names a combining mark ("the combining acute accent").
                return _("The name of player {number} starts with {character}, which needs a letter "
                         "before it.").format(number=number, character=unicode_names(name[0]))
            missing = theme.missing_glyphs(name)
            if missing:  # named, not shown: the sentence's own font would draw them as boxes
                # Translators: {characters} names the characters ("the cjk unified ideograph-738b and 1 more").
                return _("The game's font cannot draw {characters} in the name of player {number}: "
                         "use other letters for that name.").format(characters=unicode_names(missing), number=number)
            shown = shown_name(name)  # "You" and a "Du" typed read alike in German
            if shown.casefold() in seen:
                return _("Two players are called {name}: give each a different name.").format(name=shown)
            seen.add(shown.casefold())
        return None

    def setup(self) -> NewGameSetup:
        """The setup to start; raises ValueError with ``problem()``'s sentence if it cannot start."""
        problem = self.problem()
        if problem is not None:
            raise ValueError(problem)
        seats = tuple(
            Seat(name, draft.kind, draft.level) for name, draft in zip(self.names(), self.seats)
        )
        return NewGameSetup.of(seats, self.rules())


def _options(rules: Ruleset) -> dict[str, Any]:
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(Ruleset)}


class NewGameScene(FormScene):
    """The dialog: seats on the left with the game's shape; every rule option on the right."""

    panel_shares = (0.94, 0.95)

    def __init__(self, size: tuple[int, int], setup: NewGameSetup, pace: Pace,
                 on_start: Callable[[NewGameSetup, Pace], None], network: bool = False) -> None:
        super().__init__(size)
        self.network = network
        """Hosting a table: the first seat is the host, each other one a computer or open for a friend."""
        self.draft = SetupDraft(setup)
        self.network = network
        if network:
            self.draft.for_network()
        self.pace = pace
        self.on_start = on_start
        self.advanced_open = False
        self.seat_controls: list[tuple[TextField, Choice[Any], Choice[Any]]] = []
        self.given_names = [seat.name for seat in self.draft.seats]
        """The names as the settings hold them: a name the game gave, shown in the language in
        use, is kept as given unless the player types another."""
        for index, seat in enumerate(self.draft.seats):
            name = self.text_fields.add(shown_name(seat.name), MAX_NAME_LENGTH)
            kinds: tuple[tuple[SeatKind, str], ...] = tuple((kind, kind.label) for kind in (SeatKind.HUMAN,
                                                                                            SeatKind.COMPUTER))
            if network:
                kinds = ((SeatKind.HUMAN, _("You (host)")),) if index == 0 else tuple(
                    (kind, kind.label) for kind in (SeatKind.REMOTE, SeatKind.COMPUTER))
            kind = Choice("", kinds, self._seat_getter(index, "kind"), self._seat_setter(index, "kind"))
            level = Choice("", tuple((lv, lv.label) for lv in Level),
                           self._seat_getter(index, "level"), self._seat_setter(index, "level"))
            self.seat_controls.append((name, kind, level))
        # Translators: the name shown for rules that match none of the named sets.
        self.preset = Choice(_("Rules"), tuple((p.key, p.name) for p in PRESETS), self.draft.preset_key,
                             self.draft.choose_preset, fallback=p_("rules", "Custom"))
        # Translators: the score that ends the game ("Game to: 100").
        self.target = Choice(_("Game to"), TARGETS, lambda: self.draft.options["target"],
                             lambda value: self.draft.set_option("target", value), wrap=False)
        self.pace_choice = Choice(_("Computers' pace"), pace_choices(), lambda: self.pace, self._set_pace,
                                  wrap=False, fallback=pace.label)
        self.advanced_button = Button(_("Advanced rules ▸"), self._toggle_advanced)
        self.advanced = [
            Choice(_(label), tuple((value, option_text(value, text)) for value, text in options),
                   self._option_getter(name), self._option_setter(name))
            for name, label, options in ADVANCED
        ]
        for choice in self.advanced:
            choice.visible = False
        self.controls = [c for trio in self.seat_controls for c in trio]
        self.controls += [self.preset, self.target, self.pace_choice, self.advanced_button, *self.advanced]
        self.start_button = Button(_("Open the table") if network else _("Start game"), self._start, name="start")
        self.buttons = [self.start_button, Button(_("Cancel"), self.close)]
        self.move_focus(1)

    # ------------------------------------------------------------------ model

    def _seat_getter(self, index: int, name: str) -> Callable[[], Any]:
        return lambda: getattr(self.draft.seats[index], name)

    def _seat_setter(self, index: int, name: str) -> Callable[[Any], None]:
        return lambda value: setattr(self.draft.seats[index], name, value)

    def _option_getter(self, name: str) -> Callable[[], Any]:
        return lambda: self.draft.options[name]

    def _option_setter(self, name: str) -> Callable[[Any], None]:
        return lambda value: self.draft.set_option(name, value)

    def _set_pace(self, pace: Pace) -> None:
        self.pace = pace

    def _toggle_advanced(self) -> None:
        self.advanced_open = not self.advanced_open
        self.advanced_button.label = _("Advanced rules ▾") if self.advanced_open else _("Advanced rules ▸")
        for choice in self.advanced:
            choice.visible = self.advanced_open

    def _start(self) -> None:
        self._read_names()
        if self.draft.problem() is None:
            setup = self.draft.setup()
            self.close()
            self.on_start(setup, self.pace)

    def _read_names(self) -> None:
        for (field, _kind, _level), seat, given in zip(self.seat_controls, self.draft.seats, self.given_names):
            seat.name = given if field.text == shown_name(given) else field.text

    def update(self, dt: float) -> None:
        self._read_names()
        self.start_button.enabled = self.draft.problem() is None
        super().update(dt)

    # ------------------------------------------------------------------ drawing

    def _geometry(self) -> tuple[int, int, int, int, int, int]:
        """Row height, gap, column width, left and right column edges, and the top under the title."""
        fs = self.font_size
        rect = self.panel_box
        top = self.title_bottom(self._title(), rect.top + fs // 2)
        return int(fs * 1.8), max(4, fs // 3), rect.width // 2 - fs * 2, rect.left + fs * 3 // 2, rect.centerx + fs // 2, top

    def _title(self) -> str:
        return _("Host a table") if self.network else _("New game")

    def _seats_top(self) -> int:
        """Where the seat rows start: under the Players header."""
        gap, top = self._geometry()[1], self._geometry()[5]
        return top + theme.font(int(self.font_size * 1.1), True).size(_("Players"))[1] + gap

    def place_controls(self) -> None:
        for index, (field, kind, level) in enumerate(self.seat_controls):
            field.visible = kind.visible = level.visible = index < self.draft.players  # only the seats that play
            level.enabled = self.draft.seats[index].kind != SeatKind.HUMAN  # a friend's seat: who plays it while away
        fs = self.font_size
        row_h, gap, column_w, left, right, top = self._geometry()
        name_w = int(column_w * 0.38)
        kind_w = int(column_w * 0.32)
        level_w = column_w - name_w - kind_w - 2 * gap
        y = self._seats_top()
        for field, kind, level in self.seat_controls[: self.draft.players]:
            field.rect = pygame.Rect(left, y, name_w, row_h)
            kind.rect = pygame.Rect(left + name_w + gap, y, kind_w, row_h)
            level.rect = pygame.Rect(left + name_w + kind_w + 2 * gap, y, level_w, row_h)
            y += row_h + gap
        game_rows: tuple[Choice[Any], ...] = (self.preset, self.target, self.pace_choice)
        for control, place in zip(game_rows, rows(y + fs // 2, left, column_w, row_h, 3, gap)):
            control.rect = place
        self.advanced_button.rect = pygame.Rect(right, top, int(fs * 13), row_h)
        for control, place in zip(self.advanced, rows(top + row_h + gap * 2, right, column_w, row_h,
                                                      len(self.advanced), gap)):
            control.rect = place

    def buttons_bottom(self) -> int:
        return self.panel_box.bottom - self.font_size // 2

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        fs = self.font_size
        rect = self.panel_box
        panel(surface, rect)
        self.title(surface, self._title(), rect.top + fs // 2)
        row_h, gap, column_w, left, right, top = self._geometry()
        players = theme.text(_("Players"), int(fs * 1.1), theme.GOLD, bold=True)
        surface.blit(players, reading.at_start(players, self._mirrored(left, top, column_w, players.get_height()),
                                               "topleft"))
        for trio in self.seat_controls[: self.draft.players]:
            for control in trio:
                self.draw_control(surface, control, int(fs * 0.9) if isinstance(control, Choice) else None)
        for control in (self.preset, self.target, self.pace_choice):
            self.draw_control(surface, control)
        y = self.pace_choice.rect.bottom + gap + fs // 2
        if self.advanced_open:
            self._draw_summary(surface, self._mirrored(left, y, column_w, rect.bottom - y - fs * 4))
        elif self.network:
            for line in theme.wrap(_(FRIEND_LEVEL_NOTE), int(fs * 0.85), column_w):
                note = theme.text(line, int(fs * 0.85), theme.INK_DIM)
                surface.blit(note, reading.at_start(note, self._mirrored(left, y, column_w, note.get_height()),
                                                    "topleft"))
                y += round(fs * 1.2)
        self.draw_control(surface, self.advanced_button)
        if self.advanced_open:
            for control in self.advanced:
                self.draw_control(surface, control, int(fs * 0.9))
        else:
            y = top + row_h + gap * 2
            self._draw_summary(surface, self._mirrored(right, y, column_w, rect.bottom - fs * 4 - y))
        problem = self.text_fields.refusal or self.draft.problem()
        if problem:
            for i, line in enumerate(theme.wrap(problem, fs, rect.width - fs * 4, bold=True)[:2]):
                text = theme.text(line, fs, theme.RED, bold=True)
                surface.blit(text, text.get_rect(midbottom=(rect.centerx, rect.bottom - fs * 3.6 + i * fs * 1.3)))
        self.button_row(surface)
        self.draw_text_fields(surface)

    def _mirrored(self, left: int, top: int, width: int, height: int) -> pygame.Rect:
        """A box placed for a left-to-right reader, where the mirrored rows leave it in Hebrew
        (the controls are mirrored by ``place``; what is only drawn must follow them)."""
        return reading.mirror(pygame.Rect(left, top, width, height), self.size[0])

    def _draw_summary(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        fs = int(self.font_size * 0.8)
        try:
            rules = self.draft.rules()
        except RulesetError:
            return
        preset = matching_preset(rules)
        # Translators: a rules' set and the sentence about it ("Standard: The rules most people know.").
        heading = _("{name}: {tagline}").format(name=preset.name, tagline=preset.tagline) if preset else _("Custom rules:")
        y = area.top
        heading_lines = theme.wrap(heading, fs, area.width)
        for index, line in enumerate(heading_lines + bullet_lines(describe(rules), fs, area.width)):
            if y + fs * 1.25 > area.bottom:
                break
            colour = theme.GOLD if index < len(heading_lines) else theme.INK
            text = theme.text(line, fs, colour)
            surface.blit(text, reading.at_start(text, pygame.Rect(area.left, y, area.width, text.get_height()),
                                                "topleft"))
            y += int(fs * 1.25)


def bullet_lines(sentences: Sequence[str], font_size: int, width: int) -> list[str]:
    """Each sentence as a bullet wrapped to ``width``, later lines indented."""
    lines: list[str] = []
    for sentence in sentences:
        wrapped = theme.wrap(sentence, font_size, width - font_size)
        lines += ["• " + wrapped[0]] + ["   " + rest for rest in wrapped[1:]]
    return lines
