"""Where everything goes for a window size and a number of players.

The viewer sits at the bottom; the others follow clockwise (left, across, right), as at a
real table where "left" is the next seat. All sizes derive from the window so the table
reads the same from 800x600 to 4K.

The window is cut into three bands so nothing can overlap whatever the size: the top band
(the seats across, their names, and the status lines at the left), the bottom band (the
hand, the room a raised card needs, the viewer's name and the two message lines above it)
and the middle band between them (the trick or the pass slots, with the side seats' cards
at the edges and their names above them). Cards shrink when the bands would not fit.

Large cards make the viewer's hand ``LARGE_HAND`` times taller whatever the window: where the
bands would not fit, the trick, the pass slots and the other seats' cards give up the room,
so the hand is the one size that always grows.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .card_art import card_width

Point = tuple[float, float]

# Where each opponent sits, by how many seats clockwise from the viewer, per table size.
SIDES = {
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "left", "top-left", "top-right", "right"),
}
LIFT = 0.16
"""How far a hovered card rises, in card heights: the hand band keeps this room free."""
LABEL_PITCH = 1.25
"""From a seat's name to its score, and on to "passed ✓", in font sizes."""
LABEL_ROWS = 0.3 + 2 * LABEL_PITCH + 1.0
"""A seat's name, its score and "passed ✓", in font sizes."""
MESSAGE_LINES = 2
"""A hint or a message wraps to at most this many lines above the viewer's name."""
LINE = 1.35
"""The distance between two lines of text, in font sizes."""
TRICK_SPAN = 1.6
"""The trick's height in card heights (the top and bottom cards overlap the side ones)."""
BANNER = LINE
"""A line of text at the top of the middle band, above the trick (the last trick's banner)."""
LARGE_HAND = 1.18
"""With Large cards, the hand is this much taller than without (the layout checker asks for
at least 15% more at every window size)."""
HAND_BAND = 1.06 + LIFT
"""The hand's band in its card heights: the cards on their arc and the room a raised one needs."""
OTHER_BANDS = 0.62 + TRICK_SPAN
"""The seats across and the trick, in (trick) card heights."""


@dataclass(frozen=True)
class SeatPlace:
    seat: int
    side: str
    hand_center: Point
    trick_center: Point
    label_anchor: Point
    """The top of the name: its middle (``align`` "center"), its left end or its right end."""
    align: str
    vertical: bool


@dataclass(frozen=True)
class TableLayout:
    width: int
    height: int
    players: int
    viewer: int
    card_h: int
    """The trick's cards, the pass slots' and those in flight between seats."""
    card_w: int
    hand_h: int
    """The viewer's hand (taller than ``card_h`` with Large cards)."""
    hand_w: int
    small_h: int
    small_w: int
    places: tuple[SeatPlace, ...]
    table_center: Point
    button_height: int
    font_size: int
    margin: int
    middle: pygame.Rect
    """The band between the seats across and the hand: trick, slots, side seats."""
    centre: pygame.Rect
    """The part of the middle band between the side seats' cards: titles and slots stay in it."""
    message_bottom: int
    """The baseline of the lowest message line, just above the viewer's name."""

    @classmethod
    def compute(cls, size: tuple[int, int], players: int, viewer: int, large_cards: bool = False) -> TableLayout:
        w, h = size
        font_size = max(13, int(min(w / 64, h / 40)))
        margin = max(8, round(h * 0.02))
        card_h = hand_h = int(min(h * 0.205, w * 0.135, _tallest_card(h, margin, font_size)))
        if large_cards:
            hand_h = round(card_h * LARGE_HAND)
            card_h = int(min(card_h, _tallest_card(h, margin, font_size, hand_h)))
        card_w = card_width(card_h)
        hand_w = card_width(hand_h)
        small_h = int(card_h * 0.62)
        small_w = card_width(small_h)
        top_band = margin + small_h + font_size * LABEL_ROWS
        viewer_row = h - margin - hand_h * HAND_BAND - font_size * LINE
        message_bottom = round(viewer_row - font_size * 0.3)
        bottom_band = message_bottom - font_size * LINE * MESSAGE_LINES
        middle = pygame.Rect(0, round(top_band), w, round(bottom_band - top_band))
        side_x = margin + small_h + font_size * 0.5
        centre = pygame.Rect(round(side_x), middle.top, round(w - 2 * side_x), middle.height)
        center = (w / 2, middle.top + font_size * BANNER + (middle.height - font_size * BANNER) / 2)
        places = []
        for offset, side in enumerate(SIDES[players]):
            seat = (viewer + offset) % players
            places.append(_place(seat, side, w, h, (card_h, hand_h), card_w, small_h, center, middle, margin,
                                 font_size, round(viewer_row)))
        return cls(
            width=w, height=h, players=players, viewer=viewer, card_h=card_h, card_w=card_w,
            hand_h=hand_h, hand_w=hand_w, small_h=small_h, small_w=small_w, places=tuple(places), table_center=center,
            button_height=int(font_size * 2.3), font_size=font_size, margin=margin, middle=middle,
            centre=centre, message_bottom=message_bottom,
        )

    def place(self, seat: int) -> SeatPlace:
        return self.places[(seat - self.viewer) % self.players]

    @property
    def label_width(self) -> int:
        """The widest a seat's name may be drawn (longer ones end in an ellipsis)."""
        return round(min(self.width * 0.24, self.font_size * 16))

    @property
    def message_width(self) -> int:
        """Messages and hints wrap within the hand's width, clear of the buttons."""
        return round(self.width * 0.64)

    def hand_rects(self, count: int, lift: float = 0.0) -> list[pygame.Rect]:
        """The viewer's cards left to right, overlapping to fit, on a gentle arc."""
        if count == 0:
            return []
        max_width = self.width * 0.66
        step = min(self.hand_w * 0.62, (max_width - self.hand_w) / max(count - 1, 1))
        total = step * (count - 1) + self.hand_w
        x0 = self.width / 2 - total / 2
        base_y = self.place(self.viewer).hand_center[1] - self.hand_h / 2
        rects = []
        for i in range(count):
            t = (i - (count - 1) / 2) / max((count - 1) / 2, 1)
            arc = (t * t) * self.hand_h * 0.06
            rects.append(pygame.Rect(round(x0 + i * step), round(base_y + arc - lift), self.hand_w, self.hand_h))
        return rects

    @property
    def lift(self) -> int:
        return int(self.hand_h * LIFT)

    def trick_rect(self, seat: int) -> pygame.Rect:
        cx, cy = self.place(seat).trick_center
        return pygame.Rect(round(cx - self.card_w / 2), round(cy - self.card_h / 2), self.card_w, self.card_h)

    def drop_zone(self) -> pygame.Rect:
        """Where a dragged card counts as played: the middle of the table."""
        cx, cy = self.table_center
        return pygame.Rect(round(cx - self.card_w * 2.2), round(cy - self.card_h * 1.3),
                           round(self.card_w * 4.4), round(self.card_h * 2.6))

    def pass_title_bottom(self) -> int:
        """The pass title sits at the top of the middle band, the slots below it."""
        return round(self.middle.top + self.font_size * LINE * 2)

    def pass_slots(self, toward: str) -> list[pygame.Rect]:
        """Three slots in the middle band, shifted toward the receiving side as far as the
        side seats allow."""
        gap = self.card_w * 1.12
        room = self.centre.width / 2 - gap - self.card_w / 2
        shift = {"left": -1.0, "right": 1.0}.get(toward, 0.0) * max(0.0, min(self.card_w * 1.4, room))
        cx = self.table_center[0] + shift
        top = self.pass_title_bottom() + self.font_size * 0.4
        return [
            pygame.Rect(round(cx + (i - 1) * gap - self.card_w / 2), round(top), self.card_w, self.card_h)
            for i in range(3)
        ]

    def opponent_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """Face-down cards of another seat: a tight row (top) or column (sides)."""
        place = self.place(seat)
        cx, cy = place.hand_center
        if place.vertical:
            longest = self.middle.height - self.font_size * LABEL_ROWS - self.margin
            step = max(0.0, min(self.small_w * 0.28, (longest - self.small_w) / max(count - 1, 1)))
            total = step * (count - 1) + self.small_w
            top = self.middle.top + self.font_size * LABEL_ROWS
            return [pygame.Rect(round(cx - self.small_h / 2), round(top + i * step),
                                self.small_h, self.small_w) for i in range(count)]
        step = min(self.small_w * 0.28, self.width * 0.2 / max(count, 1))
        total = step * (count - 1) + self.small_w
        return [pygame.Rect(round(cx - total / 2 + i * step), round(cy - self.small_h / 2),
                            self.small_w, self.small_h) for i in range(count)]

    def pass_button(self, toward: str) -> pygame.Rect:
        """The Pass button sits beside the pass slots, where the eye already is: on the side
        away from the receiver, whose name the slots lean toward."""
        slots = self.pass_slots(toward)
        rect = pygame.Rect(0, 0, int(self.font_size * 9), self.button_height)
        gap = self.font_size
        if toward == "right":
            rect.midright = (slots[0].left - gap, slots[1].centery)
        else:
            rect.midleft = (slots[2].right + gap, slots[1].centery)
        return rect

    def button_row(self, labels: int) -> list[pygame.Rect]:
        """Buttons stacked at the bottom right, clear of the hand and the right-hand seat."""
        bw = int(self.font_size * 8.2)
        bh = int(self.button_height * 0.85)
        gap = int(bh * 0.25)
        x = self.width - bw - gap * 2
        y0 = self.height - (bh + gap) * labels - gap
        return [pygame.Rect(x, y0 + i * (bh + gap), bw, bh) for i in range(labels)]


def _tallest_card(h: int, margin: int, font_size: int, hand_h: int | None = None) -> float:
    """The card height at which the three bands just fit in a window ``h`` tall: the seats
    across (0.62 of a card and their labels), the trick, and the hand with its rows (the
    hand's cards as tall as the others, or ``hand_h``)."""
    text = font_size * (LABEL_ROWS + LINE * (1 + MESSAGE_LINES) + 0.3 + BANNER)
    if hand_h is None:
        return (h - 2 * margin - text) / (OTHER_BANDS + HAND_BAND)
    return (h - 2 * margin - text - hand_h * HAND_BAND) / OTHER_BANDS


def _place(
    seat: int, side: str, w: int, h: int, heights: tuple[int, int], card_w: int, small_h: int,
    center: Point, middle: pygame.Rect, margin: int, font_size: int, viewer_row: int,
) -> SeatPlace:
    """``heights``: the trick's cards and the viewer's hand."""
    card_h, hand_h = heights
    cx, cy = center
    reach = card_h * (TRICK_SPAN - 1) / 2
    if side == "bottom":
        hand = (w / 2, h - margin - hand_h * 0.56)
        return SeatPlace(seat, side, hand, (cx, cy + reach), (w / 2, viewer_row), "center", False)
    if side in ("left", "right"):
        x = margin + small_h / 2 if side == "left" else w - margin - small_h / 2
        label_x = margin if side == "left" else w - margin
        trick = (cx - card_w * 0.95 if side == "left" else cx + card_w * 0.95, cy)
        return SeatPlace(seat, side, (x, cy), trick, (label_x, middle.top), side, True)
    top_y = margin + small_h / 2
    if side == "top":
        hand = (w / 2, top_y)
        trick = (cx, cy - reach)
    else:
        hand = (w * (0.33 if side == "top-left" else 0.67), top_y)
        trick = (cx + card_w * (-0.6 if side == "top-left" else 0.6), cy - reach)
    return SeatPlace(seat, side, hand, trick, (hand[0], top_y + small_h / 2 + font_size * 0.3), "center", False)
