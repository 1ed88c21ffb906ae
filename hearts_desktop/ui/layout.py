"""Where everything goes for a window size and a number of players.

The viewer sits at the bottom; the others follow clockwise (left, across, right), as at a
real table where "left" is the next seat. All sizes derive from the window so the table
reads the same from 1024x640 to 4K.
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


@dataclass(frozen=True)
class SeatPlace:
    seat: int
    side: str
    hand_center: Point
    trick_center: Point
    label_center: Point
    vertical: bool


@dataclass(frozen=True)
class TableLayout:
    width: int
    height: int
    players: int
    viewer: int
    card_h: int
    card_w: int
    small_h: int
    small_w: int
    places: tuple[SeatPlace, ...]
    table_center: Point
    button_height: int
    font_size: int

    @classmethod
    def compute(cls, size: tuple[int, int], players: int, viewer: int, large_cards: bool = False) -> TableLayout:
        w, h = size
        card_h = int(min(h * 0.205, w * 0.135) * (1.18 if large_cards else 1.0))
        card_w = card_width(card_h)
        small_h = int(card_h * 0.62)
        small_w = card_width(small_h)
        font_size = max(13, int(min(w / 64, h / 40)))
        center = (w / 2, h * 0.43)
        margin = h * 0.02
        places = []
        for offset, side in enumerate(SIDES[players]):
            seat = (viewer + offset) % players
            places.append(_place(seat, side, w, h, card_h, card_w, small_h, small_w, center, margin, font_size))
        return cls(
            width=w, height=h, players=players, viewer=viewer, card_h=card_h, card_w=card_w,
            small_h=small_h, small_w=small_w, places=tuple(places), table_center=center,
            button_height=int(font_size * 2.3), font_size=font_size,
        )

    def place(self, seat: int) -> SeatPlace:
        return self.places[(seat - self.viewer) % self.players]

    def hand_rects(self, count: int, lift: float = 0.0) -> list[pygame.Rect]:
        """The viewer's cards left to right, overlapping to fit, on a gentle arc."""
        if count == 0:
            return []
        max_width = self.width * 0.66
        step = min(self.card_w * 0.62, (max_width - self.card_w) / max(count - 1, 1))
        total = step * (count - 1) + self.card_w
        x0 = self.width / 2 - total / 2
        base_y = self.place(self.viewer).hand_center[1] - self.card_h / 2
        rects = []
        for i in range(count):
            t = (i - (count - 1) / 2) / max((count - 1) / 2, 1)
            arc = (t * t) * self.card_h * 0.06
            rects.append(pygame.Rect(round(x0 + i * step), round(base_y + arc - lift), self.card_w, self.card_h))
        return rects

    def trick_rect(self, seat: int) -> pygame.Rect:
        cx, cy = self.place(seat).trick_center
        return pygame.Rect(round(cx - self.card_w / 2), round(cy - self.card_h / 2), self.card_w, self.card_h)

    def drop_zone(self) -> pygame.Rect:
        """Where a dragged card counts as played: the middle of the table."""
        cx, cy = self.table_center
        return pygame.Rect(round(cx - self.card_w * 2.2), round(cy - self.card_h * 1.3),
                           round(self.card_w * 4.4), round(self.card_h * 2.6))

    def pass_slots(self, toward: str) -> list[pygame.Rect]:
        """Three slots above the hand, shifted toward the receiving side."""
        cx, cy = self.table_center
        shift = {"left": -self.card_w * 1.4, "right": self.card_w * 1.4}.get(toward, 0.0)
        y = cy + self.card_h * 0.05
        if toward == "across":
            y -= self.card_h * 0.25
        gap = self.card_w * 1.12
        return [
            pygame.Rect(round(cx + shift + (i - 1) * gap - self.card_w / 2), round(y - self.card_h / 2),
                        self.card_w, self.card_h)
            for i in range(3)
        ]

    def opponent_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """Face-down cards of another seat: a tight row (top) or column (sides)."""
        place = self.place(seat)
        cx, cy = place.hand_center
        if place.vertical:
            step = min(self.small_w * 0.28, self.height * 0.42 / max(count, 1))
            total = step * (count - 1) + self.small_w
            return [pygame.Rect(round(cx - self.small_h / 2), round(cy - total / 2 + i * step),
                                self.small_h, self.small_w) for i in range(count)]
        step = min(self.small_w * 0.28, self.width * 0.22 / max(count, 1))
        total = step * (count - 1) + self.small_w
        return [pygame.Rect(round(cx - total / 2 + i * step), round(cy - self.small_h / 2),
                            self.small_w, self.small_h) for i in range(count)]

    def pass_button(self, toward: str) -> pygame.Rect:
        """The Pass button sits under the pass slots, where the eye already is."""
        slots = self.pass_slots(toward)
        rect = pygame.Rect(0, 0, int(self.font_size * 9), self.button_height)
        rect.midtop = (slots[1].centerx, slots[1].bottom + self.font_size)
        return rect

    def finish_button(self) -> pygame.Rect:
        """Offered in the middle of the table, below the trick."""
        rect = pygame.Rect(0, 0, int(self.font_size * 10), self.button_height)
        cx, cy = self.table_center
        rect.midtop = (round(cx), round(cy + self.card_h * 0.95))
        return rect

    def button_row(self, labels: int) -> list[pygame.Rect]:
        """Buttons stacked at the bottom right, clear of the hand and the right-hand seat."""
        bw = int(self.font_size * 8.2)
        bh = int(self.button_height * 0.85)
        gap = int(bh * 0.25)
        x = self.width - bw - gap * 2
        y0 = self.height - (bh + gap) * labels - gap
        return [pygame.Rect(x, y0 + i * (bh + gap), bw, bh) for i in range(labels)]


def _place(
    seat: int, side: str, w: int, h: int, card_h: int, card_w: int, small_h: int, small_w: int,
    center: Point, margin: float, font_size: int,
) -> SeatPlace:
    cx, cy = center
    if side == "bottom":
        hand = (w / 2, h - margin - card_h * 0.55)
        trick = (cx, cy + card_h * 0.42)
        label = (w / 2, hand[1] - card_h * 0.62 - font_size)
        return SeatPlace(seat, side, hand, trick, label, False)
    if side == "left":
        hand = (margin + small_h / 2 + font_size * 0.5, cy)
        trick = (cx - card_w * 0.95, cy)
        label = (hand[0] + small_h * 0.5 + font_size * 4.2, cy - small_h * 0.9)
        return SeatPlace(seat, side, hand, trick, label, True)
    if side == "right":
        hand = (w - margin - small_h / 2 - font_size * 0.5, cy)
        trick = (cx + card_w * 0.95, cy)
        label = (hand[0] - small_h * 0.5 - font_size * 4.2, cy - small_h * 0.9)
        return SeatPlace(seat, side, hand, trick, label, True)
    top_y = margin + small_h / 2
    if side == "top":
        hand = (w / 2, top_y)
        trick = (cx, cy - card_h * 0.42)
    else:
        x = w * (0.33 if side == "top-left" else 0.67)
        hand = (x, top_y)
        trick = (cx + card_w * (-0.6 if side == "top-left" else 0.6), cy - card_h * 0.38)
    label = (hand[0], top_y + small_h / 2 + font_size * 1.1)
    return SeatPlace(seat, side, hand, trick, label, False)
