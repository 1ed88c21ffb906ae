"""The Statistics screen: one person's figures, by opponents, and charts of recent games:
their final scores and the coach's cost per decision in each (its accuracy figure).

Everything is placed for a left-to-right reader and drawn through ``put``, which mirrors it
for a right-to-left one: the figures first at the right, labels right of their values, the
opponents' names before their columns, the oldest game at the right."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence

import pygame

from ..language import _, number, p_, percent
from ..persistence import Statistics, Tally
from ..persistence.seats import shown_name
from ..persistence.stats import GameRecord
from ..words import PAST_GAMES, Level, SeatKind
from . import reading, theme
from .form import Choice, FormScene
from .grammar import about
from .menus import ConfirmScene
from .widgets import Button, dim, panel


def figures(tally: Tally) -> list[tuple[str, str]]:
    """The headline numbers of a tally, as label and value."""
    # Translators: games won and their share of the games played ("7 (35%)").
    won = (_("{wins} ({share})").format(wins=tally.wins, share=percent(tally.wins * 100 // tally.games / 100))
           if tally.games else "0")
    return [
        (_("Games played"), str(tally.games)),
        (_("Games won"), won),
        (_("Average per hand"), figure(tally.average_per_hand, 2)),
        (_("Moons shot"), str(tally.moons)),
        (_("Q♠ taken"), str(tally.queens)),
        (_("Best game"), figure(tally.best)),
        (_("Worst game"), figure(tally.worst)),
    ]


def figure(value: float | None, digits: int = 0) -> str:
    """A statistic written the language's way, or a dash where there is none yet."""
    return "—" if value is None else number(value, digits)


class StatisticsScene(FormScene):
    panel_shares = (0.86, 0.9)

    def __init__(self, size: tuple[int, int], statistics: Statistics, player: str,
                 on_reset: Callable[[str], None], on_past_games: Callable[[], None]) -> None:
        super().__init__(size)
        self.statistics = statistics
        names = sorted(statistics.profiles)
        self.player = player if player in statistics.profiles or not names else names[0]
        self.on_reset = on_reset
        self.profile_choice = Choice(_("Player"), tuple((n, shown_name(n)) for n in names), lambda: self.player,
                                     self._choose, fallback=shown_name(self.player))
        self.controls = [self.profile_choice] if len(names) > 1 else []
        self.reset_button = Button(_("Reset…"), self._ask_reset, enabled=bool(names))
        self.buttons = [Button(_(PAST_GAMES), on_past_games), self.reset_button, Button(_("Close"), self.close)]
        self.set_focus(self.buttons[-1])  # Enter closes; forgetting statistics is never the default

    def _choose(self, name: str) -> None:
        self.player = name

    def _ask_reset(self) -> None:
        if self.stack is None:
            return
        name = self.player
        question = about(name, _("Forget all of your statistics? This cannot be undone."),
                         _("Forget all of {name}'s statistics? This cannot be undone."))
        self.stack.push(ConfirmScene(self.size, question, _("Reset"), lambda: self._reset(name)))

    def _reset(self, name: str) -> None:
        self.on_reset(name)
        names = sorted(self.statistics.profiles)
        self.player = names[0] if names else self.player
        self.profile_choice.options = tuple((n, shown_name(n)) for n in names)
        if len(names) <= 1:
            self.controls = []
        self.reset_button.enabled = bool(names)

    def place_controls(self) -> None:
        fs = self.font_size
        rect = self.panel_box
        y = self.title_bottom(self.heading, rect.top + fs)
        self.profile_choice.rect = pygame.Rect(rect.centerx - fs * 12, y, fs * 24, int(fs * 2))

    @property
    def heading(self) -> str:
        return _("Statistics — {name}").format(name=shown_name(self.player))

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        fs = self.font_size
        rect = self.panel_box
        panel(surface, rect)
        y = self.title(surface, self.heading, rect.top + fs)
        if self.controls:
            self.draw_control(surface, self.profile_choice)
            y += fs * 3
        profile = self.statistics.profiles.get(self.player)
        if profile is None or not profile.recent and not profile.by_opponents:
            text = theme.text(_("No finished games yet: statistics appear after your first game."), fs,
                              theme.INK_DIM)
            put(surface, text, text.get_rect(midtop=(rect.centerx, y + fs * 4)))
        else:
            left = rect.left + fs * 2
            half = rect.width // 2 - fs * 3
            rows = [*figures(profile.overall), (_("Cost per decision"), accuracy_figure(profile.recent))]
            bottom = max(self._draw_figures(surface, rows, left, y, half),
                         self._draw_by_opponents(surface, profile.by_opponents, rect.centerx + fs, y, half))
            charts = pygame.Rect(left, bottom + fs // 2, rect.width - fs * 4, rect.bottom - bottom - fs * 5)
            scores = pygame.Rect(charts.left, charts.top, charts.width, int(charts.height * 0.6))
            draw_chart(surface, scores, profile.recent, fs)
            costs = pygame.Rect(charts.left, scores.bottom + fs // 2, charts.width, charts.bottom - scores.bottom - fs // 2)
            draw_accuracy_chart(surface, costs, profile.recent, fs)
        self.button_row(surface)

    def _draw_figures(self, surface: pygame.Surface, rows: list[tuple[str, str]], left: int, top: int,
                      width: int) -> int:
        fs = self.font_size
        y = top
        for label, value in rows:
            name = theme.text(label, fs, theme.INK_DIM)
            put(surface, name, name.get_rect(topleft=(left, y)))
            text = theme.text(value, fs, theme.INK, bold=True)
            put(surface, text, text.get_rect(topright=(left + width, y)))
            y += int(fs * 1.45)
        return y

    def _draw_by_opponents(self, surface: pygame.Surface, tallies: dict[str, Tally], left: int, top: int,
                           width: int) -> int:
        """The table of line-ups, each written whole; where it ends."""
        fs = self.font_size
        small = int(fs * 0.9)
        rows = sorted(tallies.items(), key=lambda item: -item[1].games)[:6]
        # Translators: column headings: games played, games won, average points per hand (keep them short).
        headings = (_("Games"), p_("games", "Won"), _("Avg/hand"))
        cells = [(str(tally.games), str(tally.wins), figure(tally.average_per_hand, 2)) for _key, tally in rows]
        columns = column_edges([(heading, *(row[i] for row in cells)) for i, heading in enumerate(headings)],
                               small, left + width, fs)
        rights = [right for _left, right in columns]
        for label, right in zip(headings, rights):
            text = theme.text(label, small, theme.GOLD, bold=True)
            put(surface, text, text.get_rect(topright=(right, top)))
        names_width = columns[0][0] - fs - left
        # Translators: the heading of the table of the opponents a player met.
        against = theme.fit_text(_("Against"), small, names_width, theme.GOLD, bold=True)
        put(surface, against, against.get_rect(topleft=(left, top)))
        y = top + int(fs * 1.5)
        for (key, _tally), values in zip(rows, cells):
            for value, right in zip(values, rights):
                text = theme.text(value, small, theme.INK)
                put(surface, text, text.get_rect(topright=(right, y)))
            for line in theme.wrap(opponents_label(key), small, names_width):  # a long line-up on two lines, whole
                text = theme.text(line, small, theme.INK)
                put(surface, text, text.get_rect(topleft=(left, y)))
                y += int(fs * 1.35)
        return y


def put(surface: pygame.Surface, text: pygame.Surface, place: pygame.Rect) -> None:
    """Draw ``text`` at ``place``, given for a left-to-right reader (mirrored for the other)."""
    surface.blit(text, reading.mirror(place, surface.get_width()))


def column_edges(columns: Sequence[Sequence[str]], size: int, right: int, gap: int) -> list[tuple[int, int]]:
    """The left and right edge of each column of texts, the last ending at ``right``: each
    column as wide as its widest text (its heading, in any language), ``gap`` between them."""
    edges: list[tuple[int, int]] = []
    for column in reversed(columns):
        width = max(theme.font(size, True).size(text)[0] for text in column)
        edges.insert(0, (right - width, right))
        right -= width + gap
    return edges


def opponents_label(key: str) -> str:
    """"1x human + 2x expert" (the statistics file's key) as the rest of the game writes
    levels: "1x Human + 2x Expert", in the player's language."""
    kinds = {SeatKind.HUMAN.value: SeatKind.HUMAN.label, **{level.value: level.label for level in Level}}
    # Translators: how many opponents of one kind a player met ("2x Expert"); {kind} is a level or "Human".
    return " + ".join(_("{count}x {kind}").format(count=count, kind=kinds.get(kind, kind))
                      for count, kind in re.findall(r"(\d+)x (\w+)", key))


def accuracy_figure(games: list[GameRecord]) -> str:
    """The coach's mean cost per decision over the reviewed games (each decision counts once)."""
    reviewed = [g.accuracy for g in games if g.accuracy is not None]
    decisions = sum(a.decisions for a in reviewed)
    if not decisions:
        return "—"
    return number(sum(a.mean_cost * a.decisions for a in reviewed) / decisions, 2)


def game_slots(plot: pygame.Rect, count: int) -> list[int]:
    """The centre of each game's column: the two charts put a game at the same place."""
    slot = plot.width / count
    return [plot.left + int((i + 0.5) * slot) for i in range(count)]


def draw_accuracy_chart(surface: pygame.Surface, area: pygame.Rect, games: list[GameRecord], fs: int) -> None:
    """The coach's cost per decision in each recent game as a line (a gap where a game was not
    reviewed), each game's figure beneath it; lower is better."""
    small = int(fs * 0.8)
    title = theme.text(_("Coach's cost per decision, same games (lower is better, — not reviewed)"), small,
                       theme.INK_DIM)
    put(surface, title, title.get_rect(topleft=area.topleft))
    if not games or area.height < fs * 4:
        return
    width = surface.get_width()
    plot = pygame.Rect(area.left + fs * 2, area.top + int(fs * 1.6), area.width - fs * 2,
                       area.height - int(fs * 1.6) - int(fs * 1.3))
    costs = [None if g.accuracy is None else g.accuracy.mean_cost for g in games]
    high = max(1.0, math.ceil(max(c or 0.0 for c in costs) * 2) / 2)  # the axis in half points
    pygame.draw.line(surface, theme.PANEL_EDGE, (reading.across(plot.left, 0, width), plot.bottom),
                     (reading.across(plot.right, 0, width), plot.bottom), 1)
    previous: tuple[int, int] | None = None
    for x, cost in zip(game_slots(plot, len(games)), costs):
        label = theme.text(figure(cost, 2), small, theme.INK if cost is not None else theme.INK_DIM)
        put(surface, label, label.get_rect(midtop=(x, plot.bottom + 3)))
        if cost is None:
            previous = None
            continue
        point = (reading.across(x, 0, width), plot.bottom - round(cost / high * plot.height))
        if previous is not None:
            pygame.draw.line(surface, theme.HINT, previous, point, 2)
        pygame.draw.circle(surface, theme.HINT, point, max(3, fs // 4))
        previous = point
    top_label = theme.text(number(high, 1), small, theme.INK_DIM)
    put(surface, top_label, top_label.get_rect(topright=(plot.left - 4, plot.top)))


def draw_chart(surface: pygame.Surface, area: pygame.Rect, games: list[GameRecord], fs: int) -> None:
    """Final totals of the recent games as bars, oldest first; won games in gold."""
    small = int(fs * 0.8)
    title = theme.text(_("Final score, last games (gold: won)"), small, theme.INK_DIM)
    put(surface, title, title.get_rect(topleft=area.topleft))
    if not games or area.height < fs * 4:
        return
    width = surface.get_width()
    plot = pygame.Rect(area.left + fs * 2, area.top + fs * 2, area.width - fs * 2, area.height - fs * 3)
    high = max(1, max(g.total for g in games))
    low = min(0, min(g.total for g in games))
    scale = plot.height / (high - low)
    zero_y = plot.bottom - round(-low * scale)
    pygame.draw.line(surface, theme.PANEL_EDGE, (reading.across(plot.left, 0, width), zero_y),
                     (reading.across(plot.right, 0, width), zero_y), 1)
    slot = plot.width / len(games)
    bar_w = max(4, min(int(slot * 0.6), fs * 2))  # one game is one slim bar, not a grey block
    for centre, game in zip(game_slots(plot, len(games)), games):
        x = centre - bar_w // 2
        top = zero_y - round(game.total * scale)
        bar = pygame.Rect(x, min(top, zero_y), bar_w, max(1, abs(zero_y - top)))
        pygame.draw.rect(surface, theme.GOLD if game.won else theme.INK_DIM, reading.mirror(bar, width), border_radius=2)
        label = theme.text(str(game.total), small, theme.INK)
        put(surface, label, label.get_rect(midbottom=(bar.centerx, bar.top - 2)))
    top_label = theme.text(str(high), small, theme.INK_DIM)
    put(surface, top_label, top_label.get_rect(topright=(plot.left - 4, plot.top)))
