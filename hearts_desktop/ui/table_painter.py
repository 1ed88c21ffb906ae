"""Drawing the table: one frame from a snapshot of what it shows.

The table scene reads its models (the controller's view, ``TableMotion``, ``PassSelection``,
the pointer and the buttons) into a ``TableFrame`` and hands it to ``TablePainter.draw`` with
the layout. The painter keeps no game state: what it draws is the snapshot, so drawing can
never change what a click hits or what the game is. Its one memory is the backdrop (the felt
and the other seats' face-down cards), kept while the snapshot says it has not changed.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..engine import Card, Phase, PlayerView
from ..engine.rules import PassDirection
from ..language import _, n_
from ..persistence.seats import Seat, shown_name
from ..words import points
from . import reading, theme
from .card_art import CardArt
from .layout import LABEL_PITCH, LINE, MESSAGE_LINES, SeatPlace, TableLayout
from .sprites import draw_card
from .widgets import Button

MOON_WARNING_TRICK = 6
TRICKS_APART = "  · "
"""Between a seat's points and the tricks it took, on one score line."""


@dataclass(frozen=True)
class HandCard:
    """One card of the viewer's hand as the coming frame shows it."""

    card: Card
    rect: pygame.Rect
    face_up: bool
    outline: theme.Color | None = None
    dimmed: bool = False
    arriving: bool = False
    """Still flying in from a pass: its place in the row stays empty (and takes clicks)."""


@dataclass(frozen=True)
class PassArea:
    """The viewer's pass slots, the cards in them and the title above them."""

    slots: tuple[pygame.Rect, ...]
    chosen: tuple[tuple[Card, pygame.Rect], ...]
    """The cards in the slots, each where it lies (a card being dragged out is left out)."""
    outlined: bool
    """The pass is still open: the chosen cards are outlined."""
    title: str
    receivers: tuple[str, ...] = ()
    """A scatter pass: who each slot's card goes to."""


@dataclass(frozen=True)
class TableFrame:
    """Everything one frame of the table shows, read from the scene's models."""

    view: PlayerView
    seats: tuple[Seat, ...]
    turn: frozenset[int]
    """Seats whose names are highlighted: theirs to play or to pass."""
    leader: int | None
    """The one seat with the lowest total, starred; none at the start or on a tie."""
    hand_number: int
    replays_hand: int | None
    """The number, in its game, of the hand this table plays again (a deal played again)."""
    notes: tuple[str, ...]
    message: str
    """The sentence above the viewer's name: a message, a hint, or whose turn it is."""
    others_cards: tuple[int, ...]
    """How many face-down cards each other seat shows, in the layout's order of places."""
    trick: tuple[tuple[int, Card], ...]
    trick_winner: int | None
    """The seat whose card in the complete trick is outlined as the winner."""
    pass_area: PassArea | None
    hand: tuple[HandCard, ...]
    flights: tuple[tuple[Card | None, pygame.Rect], ...]
    dragged: tuple[Card, pygame.Rect] | None
    buttons: tuple[tuple[Button, int], ...]
    """Each button to draw and its font size (buttons with no place are left out)."""


class TablePainter:
    """Draws a ``TableFrame``; keeps nothing of the game between frames but the backdrop."""

    def __init__(self, art: CardArt) -> None:
        self.art = art
        self._backdrop: tuple[tuple[object, ...], pygame.Surface] | None = None

    def forget_backdrop(self) -> None:
        """The next frame draws the felt and the other seats' cards from scratch."""
        self._backdrop = None

    def draw(self, surface: pygame.Surface, layout: TableLayout, frame: TableFrame) -> None:
        surface.blit(self._backdrop_for(surface.get_size(), layout, frame.others_cards), (0, 0))
        labels = {place.seat: _label_rows(layout, frame, place.seat) for place in layout.places}
        for place in layout.places:
            _draw_label(surface, layout, place, labels[place.seat])
        for seat, card in frame.trick:
            draw_card(surface, self.art, card, layout.trick_rect(seat),
                      outline=theme.HIGHLIGHT if seat == frame.trick_winner else None)
        _draw_status(surface, layout, frame)
        if frame.pass_area is not None:
            self._draw_pass_area(surface, layout, frame.pass_area, _between_side_labels(layout, labels))
        for placed in frame.hand:
            if not placed.arriving:
                draw_card(surface, self.art, placed.card if placed.face_up else None, placed.rect,
                          outline=placed.outline, dimmed=placed.dimmed)
        for flying, rect in frame.flights:
            draw_card(surface, self.art, flying, rect)
        if frame.dragged is not None:
            draw_card(surface, self.art, frame.dragged[0], frame.dragged[1], outline=theme.HIGHLIGHT)
        for button, font_size in frame.buttons:
            button.draw(surface, font_size)

    def _backdrop_for(self, size: tuple[int, int], layout: TableLayout, counts: tuple[int, ...]) -> pygame.Surface:
        """The felt with the other seats' face-down cards on it, drawn again only when the
        size, the layout, the art or a seat's count of cards changes: drawing those cards and
        their shadows every frame was a third of a frame's work."""
        key = (size, layout, self.art, counts)
        if self._backdrop is None or self._backdrop[0] != key:
            backdrop = theme.felt(size).copy()
            others = [place for place in layout.places if place.seat != layout.viewer]
            for place, count in zip(others, counts):
                for rect in layout.opponent_rects(place.seat, count):
                    draw_card(backdrop, self.art, None, rect, rotate=place.vertical)
            self._backdrop = (key, backdrop)
        return self._backdrop[1]

    def _draw_pass_area(self, surface: pygame.Surface, layout: TableLayout, area: PassArea,
                        free: tuple[int, int]) -> None:
        """The slots, the cards chosen and the title above them, leaning toward the receiver
        as the slots do but kept within ``free``, the stretch the side seats' names leave."""
        for rect in area.slots:
            outline = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(outline, (255, 255, 255, 40), outline.get_rect(), border_radius=rect.width // 10)
            pygame.draw.rect(outline, (255, 255, 255, 150), outline.get_rect(), width=2, border_radius=rect.width // 10)
            surface.blit(outline, rect.topleft)
        for name, rect in zip(area.receivers, area.slots):
            label = theme.shadowed_text("→ " + name, int(layout.font_size * 0.8), theme.INK_DIM)
            surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.bottom + 4)))
        for card, rect in area.chosen:
            draw_card(surface, self.art, card, rect, outline=theme.HIGHLIGHT if area.outlined else None)
        size = int(layout.font_size * 1.1)
        left, right = free
        lines = theme.wrap(area.title, size, right - left, bold=True, most=2)
        bottom = layout.pass_title_bottom()
        for line in reversed(lines):
            title = theme.shadowed_text(line, size, theme.INK, bold=True)
            rect = title.get_rect(midbottom=(area.slots[1].centerx, bottom))
            rect.left = max(left, min(rect.left, right - rect.width))
            surface.blit(title, rect)
            bottom -= round(layout.font_size * LINE)


def _label_rows(layout: TableLayout, frame: TableFrame, seat: int) -> list[pygame.Surface]:
    """A seat's name (with the computer's level), its score, and "passed ✓" below."""
    fs = layout.font_size
    view = frame.view
    colour = theme.HIGHLIGHT if seat in frame.turn else theme.INK
    name_text = theme.fitted(shown_name(frame.seats[seat].name), fs, layout.label_width, True)
    small = int(fs * 0.9)
    scores = [score_line(frame, seat)]
    if seat != layout.viewer and theme.font(small).size(scores[0])[0] > layout.label_width:
        scores = score_parts(frame, seat)  # a longer language: the tricks on a row of their own
    rows = [theme.shadowed_text(name_text, fs, colour, bold=True)]
    for line in scores:  # smaller, and cut only where even the smallest size is too wide
        size = theme.fitting_size(line, small, layout.label_width)
        rows.append(theme.shadowed_text(theme.fitted(line, size, layout.label_width), size, theme.INK_DIM))
    if seat != layout.viewer and view.phase is Phase.PASSING and seat not in view.waiting_to_pass:
        # Translators: under a player's name: they have chosen the cards they pass.
        rows.append(theme.shadowed_text(_("passed ✓"), int(fs * 0.85), theme.HINT))
    return rows


def _draw_label(surface: pygame.Surface, layout: TableLayout, place: SeatPlace, rows: list[pygame.Surface]) -> None:
    """A seat's rows stacked at its anchor; the viewer's name and score share one row above
    the hand."""
    fs = layout.font_size
    x, y = round(place.label_anchor[0]), round(place.label_anchor[1])
    if place.seat == layout.viewer:
        name, score = rows[0], rows[1]
        left = x - (name.get_width() + fs + score.get_width()) // 2
        surface.blit(name, (left, y))
        surface.blit(score, score.get_rect(midleft=(left + name.get_width() + fs, y + name.get_height() // 2)))
        return
    ink_bottom = None
    for row in rows:
        rect = row.get_rect(midtop=(x, y))
        if place.align == "left":
            rect.left = x
        elif place.align == "right":
            rect.right = x
        ink = row.get_bounding_rect().move(rect.topleft)
        if ink_bottom is not None and ink.height and ink.top <= ink_bottom:
            # Arabic's letters fill their line (a hamza above, dots below): the rows would touch.
            y += ink_bottom + 1 - ink.top
            rect.y, ink.y = rect.y + ink_bottom + 1 - ink.top, ink_bottom + 1
        surface.blit(row, rect)
        ink_bottom = ink.bottom - 1 if ink.height else ink_bottom
        y += round(fs * LABEL_PITCH)


def _between_side_labels(layout: TableLayout, labels: dict[int, list[pygame.Surface]]) -> tuple[int, int]:
    """The stretch of the centre left free by the side seats' names and scores, which share
    the pass title's rows: a long name narrows it."""
    gap = layout.font_size // 2
    left, right = layout.centre.left, layout.centre.right
    for place in layout.places:
        width = max(row.get_width() for row in labels[place.seat]) + gap
        if place.align == "left":
            left = max(left, round(place.label_anchor[0]) + width)
        elif place.align == "right":
            right = min(right, round(place.label_anchor[0]) - width)
    return left, right


def score_line(frame: TableFrame, seat: int) -> str:
    """"★ Medium · 12 pts  (+3)  · 2 tricks": level, total, this hand's points, tricks taken."""
    return TRICKS_APART.join(score_parts(frame, seat))


def score_parts(frame: TableFrame, seat: int) -> list[str]:
    """The score line's level and points ("★ Medium · 12 pts  (+3)"), then the tricks taken
    ("2 tricks") if any: a line of figures, " · " between them, no sentence built from them."""
    view, seat_info = frame.view, frame.seats[seat]
    total, taken = view.totals[seat], view.points_taken[seat]
    # Translators: the points a player has taken in this hand, after their total ("12 pts  (+3)").
    text = points(total) + ("  " + _("(+{count})").format(count=taken) if taken else "")
    if seat_info.kind == "computer":
        text = f"{seat_info.level.label} · {text}"
    parts = ["★ " + text if seat == frame.leader else text]
    tricks = sum(1 for trick in view.tricks if trick.winner == seat)
    if tricks:
        parts.append(n_("{count} trick", "{count} tricks", tricks).format(count=tricks))
    return parts


def status_lines(frame: TableFrame) -> list[tuple[str, theme.Color]]:
    """The lines at the top left (the top right in Hebrew): the hand, the points left, broken
    hearts, a hold hand, a moon in the making, and the controller's notes."""
    view = frame.view
    if frame.replays_hand is None:
        # Translators: {number} counts the hands (deals); {target} is the score that ends the game.
        hand = _("Hand {number} · game to {target}").format(number=frame.hand_number, target=view.rules.target)
    else:
        # Translators: {number} is the hand of a past game whose deal is being played again.
        hand = _("You are playing hand {number} of that game again.").format(number=frame.replays_hand)
    lines: list[tuple[str, theme.Color]] = [(hand, theme.INK_DIM)]
    if view.phase is Phase.PLAYING:
        left = view.rules.tables.penalty_total - sum(p for p in view.points_taken if p > 0)
        lines.append((_("Points left: {count}").format(count=left), theme.INK))
    if view.hearts_broken:
        lines.append((_("♥ Hearts broken"), theme.RED))
    if view.direction is PassDirection.HOLD and view.phase is Phase.PLAYING and len(view.tricks) < 2:
        # Translators: a hand (deal) in which no cards are passed ("hold hand", "keeper").
        lines.append((_("Hold hand: no passing"), theme.INK_DIM))
    shooter = moon_threat(view)
    if shooter is not None:
        # Translators: {name} has taken every point of the hand so far (may shoot the moon).
        lines.append((_("☾ {name} has every point so far").format(name=shown_name(frame.seats[shooter].name)),
                      theme.GOLD))
    return lines + [(note, theme.GOLD) for note in frame.notes]


def _draw_status(surface: pygame.Surface, layout: TableLayout, frame: TableFrame) -> None:
    fs = layout.font_size
    y = layout.margin
    # The status lines are the interface's, not the table's: they start where the reading
    # does, at the top right in Hebrew (the seats across leave both corners the same room).
    lines = pygame.Rect(fs, 0, layout.width - 2 * fs, 0)
    for text, colour in status_lines(frame):
        label = theme.shadowed_text(text, fs, colour, bold=colour == theme.RED)
        surface.blit(label, reading.at_start(label, lines.move(0, y), "topleft"))
        y += round(fs * LINE)
    if not frame.message:
        return
    size, bold = int(fs * 1.05), True
    if len(theme.wrap(frame.message, size, layout.message_width, bold)) > MESSAGE_LINES:
        size, bold = int(fs * 0.95), False  # a long hint: smaller, to be read whole
    bottom = layout.message_bottom
    for line in reversed(theme.wrap(frame.message, size, layout.message_width, bold, most=MESSAGE_LINES)):
        label = theme.shadowed_text(line, size, theme.GOLD, bold=bold)
        surface.blit(label, label.get_rect(midbottom=(round(layout.width / 2), bottom)))
        bottom -= round(fs * LINE)


def moon_threat(view: PlayerView) -> int | None:
    """An opponent who has taken every point so far, late enough in the hand to matter."""
    if view.phase is not Phase.PLAYING or len(view.tricks) < MOON_WARNING_TRICK:
        return None
    holders = [s for s, p in enumerate(view.points_taken) if p > 0]
    if len(holders) == 1 and holders[0] != view.seat:
        return holders[0]
    return None
