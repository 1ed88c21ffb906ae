"""The Statistics screen: one person's figures, by opponents, and a chart of recent games."""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame

from ..persistence import Statistics, Tally
from ..persistence.stats import GameRecord
from . import theme
from .form import Choice, FormScene
from .grammar import possessive
from .menus import ConfirmScene
from .widgets import Button, dim, panel


def figures(tally: Tally) -> list[tuple[str, str]]:
    """The headline numbers of a tally, as label and value."""
    def number(value: float | None, digits: int = 0) -> str:
        return "—" if value is None else f"{value:.{digits}f}"

    won = f"{tally.wins} ({tally.wins * 100 // tally.games}%)" if tally.games else "0"
    return [
        ("Games played", str(tally.games)),
        ("Games won", won),
        ("Average per hand", number(tally.average_per_hand, 2)),
        ("Moons shot", str(tally.moons)),
        ("Q♠ taken", str(tally.queens)),
        ("Best game", number(tally.best)),
        ("Worst game", number(tally.worst)),
    ]


class StatisticsScene(FormScene):
    def __init__(self, size: tuple[int, int], statistics: Statistics, player: str,
                 on_reset: Callable[[str], None]) -> None:
        super().__init__(size)
        self.statistics = statistics
        names = sorted(statistics.profiles)
        self.player = player if player in statistics.profiles or not names else names[0]
        self.on_reset = on_reset
        self.profile_choice = Choice("Player", tuple((n, n) for n in names), lambda: self.player,
                                     self._choose, fallback=self.player)
        self.controls = [self.profile_choice] if len(names) > 1 else []
        self.reset_button = Button("Reset…", self._ask_reset, enabled=bool(names))
        self.buttons = [self.reset_button, Button("Close", self.close)]
        self.move_focus(1)

    def _choose(self, name: str) -> None:
        self.player = name

    def _ask_reset(self) -> None:
        if self.stack is None:
            return
        name = self.player
        self.stack.push(ConfirmScene(self.size, f"Forget all of {possessive(name)} statistics? This cannot be undone.",
                                     "Reset", lambda: self._reset(name)))

    def _reset(self, name: str) -> None:
        self.on_reset(name)
        names = sorted(self.statistics.profiles)
        self.player = names[0] if names else self.player
        self.profile_choice.options = tuple((n, n) for n in names)
        if len(names) <= 1:
            self.controls = []
        self.reset_button.enabled = bool(names)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        fs = self.font_size
        rect = self.panel_rect(0.86, 0.9)
        panel(surface, rect)
        y = self.title(surface, f"Statistics — {self.player}", rect.top + fs)
        if self.controls:
            self.draw_control(surface, self.profile_choice,
                              pygame.Rect(rect.centerx - fs * 12, y, fs * 24, int(fs * 2)))
            y += fs * 3
        profile = self.statistics.profiles.get(self.player)
        if profile is None or not profile.recent and not profile.by_opponents:
            text = theme.text("No finished games yet: statistics appear after your first game.", fs,
                              theme.INK_DIM)
            surface.blit(text, text.get_rect(midtop=(rect.centerx, y + fs * 4)))
        else:
            left = rect.left + fs * 2
            half = rect.width // 2 - fs * 3
            bottom = self._draw_figures(surface, figures(profile.overall), left, y, half)
            self._draw_by_opponents(surface, profile.by_opponents, rect.centerx + fs, y, half)
            chart = pygame.Rect(left, bottom + fs, rect.width - fs * 4, rect.bottom - bottom - fs * 6)
            draw_chart(surface, chart, profile.recent, fs)
        self.button_row(surface, rect.bottom - fs)

    def _draw_figures(self, surface: pygame.Surface, rows: list[tuple[str, str]], left: int, top: int,
                      width: int) -> int:
        fs = self.font_size
        y = top
        for label, value in rows:
            surface.blit(theme.text(label, fs, theme.INK_DIM), (left, y))
            text = theme.text(value, fs, theme.INK, bold=True)
            surface.blit(text, text.get_rect(topright=(left + width, y)))
            y += int(fs * 1.45)
        return y

    def _draw_by_opponents(self, surface: pygame.Surface, tallies: dict[str, Tally], left: int, top: int,
                           width: int) -> None:
        fs = self.font_size
        small = int(fs * 0.9)
        surface.blit(theme.text("Against", small, theme.GOLD, bold=True), (left, top))
        columns = (("Games", 0.62), ("Won", 0.78), ("Avg/hand", 1.0))
        for label, share in columns:
            text = theme.text(label, small, theme.GOLD, bold=True)
            surface.blit(text, text.get_rect(topright=(left + int(width * share), top)))
        y = top + int(fs * 1.5)
        names_width = int(width * columns[0][1]) - theme.font(small, True).size(columns[0][0])[0] - fs
        for key, tally in sorted(tallies.items(), key=lambda item: -item[1].games)[:6]:
            average = tally.average_per_hand
            values = (str(tally.games), str(tally.wins), "—" if average is None else f"{average:.2f}")
            surface.blit(theme.text(theme.fitted(opponents_label(key), small, names_width), small, theme.INK), (left, y))
            for value, (_, share) in zip(values, columns):
                text = theme.text(value, small, theme.INK)
                surface.blit(text, text.get_rect(topright=(left + int(width * share), y)))
            y += int(fs * 1.35)


def opponents_label(key: str) -> str:
    """"1x human + 2x expert" as the rest of the game writes levels: "1x Human + 2x Expert"."""
    return re.sub(r"(\d+x) (\w+)", lambda match: f"{match[1]} {match[2].capitalize()}", key)


def draw_chart(surface: pygame.Surface, area: pygame.Rect, games: list[GameRecord], fs: int) -> None:
    """Final totals of the recent games as bars, oldest first; won games in gold."""
    small = int(fs * 0.8)
    surface.blit(theme.text("Final score, last games (gold: won)", small, theme.INK_DIM), area.topleft)
    if not games or area.height < fs * 4:
        return
    plot = pygame.Rect(area.left + fs * 2, area.top + fs * 2, area.width - fs * 2, area.height - fs * 3)
    high = max(1, max(g.total for g in games))
    low = min(0, min(g.total for g in games))
    scale = plot.height / (high - low)
    zero_y = plot.bottom - round(-low * scale)
    pygame.draw.line(surface, theme.PANEL_EDGE, (plot.left, zero_y), (plot.right, zero_y), 1)
    slot = plot.width / len(games)
    bar_w = max(4, min(int(slot * 0.6), fs * 2))  # one game is one slim bar, not a grey block
    for i, game in enumerate(games):
        x = plot.left + int(i * slot + (slot - bar_w) / 2)
        top = zero_y - round(game.total * scale)
        bar = pygame.Rect(x, min(top, zero_y), bar_w, max(1, abs(zero_y - top)))
        pygame.draw.rect(surface, theme.GOLD if game.won else theme.INK_DIM, bar, border_radius=2)
        label = theme.text(str(game.total), small, theme.INK)
        surface.blit(label, label.get_rect(midbottom=(bar.centerx, bar.top - 2)))
    top_label = theme.text(str(high), small, theme.INK_DIM)
    surface.blit(top_label, top_label.get_rect(topright=(plot.left - 4, plot.top)))
