"""What a seat can deduce about the hidden cards from its view alone.

Every bot reasons from the same deductions: the cards still out, which seats are void in
which suit (a failed follow), which cards a seat must hold (cards we passed to it and it
has not played), and what the first-trick and hearts-broken rules reveal (a seat that
dumped a point card on the first trick held nothing else; a seat that led a heart before
hearts were broken held only hearts).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..compiler import mypyc_attr
from ..engine import Phase, PlayerView
from ..engine.cards import HEARTS_MASK, SUIT_MASKS


@mypyc_attr(native_class=False)  # pickled with hints: a native frozen class is not
@dataclass(frozen=True, slots=True)
class Knowledge:
    seat: int
    players: int
    hand: int
    played: int
    unseen: int
    """Cards this seat has not seen: in other hands or in the face-down kitty."""
    known: tuple[int, ...]
    """Per seat: unplayed cards it certainly holds (ours: our hand)."""
    allowed: tuple[int, ...]
    """Per seat: unseen cards it could hold (known ones included); ours: our hand."""
    voids: tuple[int, ...]
    """Per seat: mask of the suits it has shown it cannot follow."""
    counts: tuple[int, ...]
    """Per seat: cards still in hand."""
    kitty_hidden: int
    """How many unseen cards lie in the kitty (face down, held by no one)."""

    @classmethod
    def from_view(cls, view: PlayerView) -> Knowledge:
        n = view.players
        rules = view.rules
        t = rules.tables
        voids = [0] * n
        restricted = [t.deck] * n  # what the seat's remaining hand can be a subset of
        broken = False
        played = 0
        for number, trick in enumerate(view.tricks_so_far()):
            led = trick.cards[0] // 13
            for position, (seat, c) in enumerate(zip(trick.seats(n), trick.cards)):
                bit = 1 << c
                if position == 0:
                    if not broken and bit & HEARTS_MASK and number > 0:
                        restricted[seat] &= HEARTS_MASK
                elif c // 13 != led:
                    voids[seat] |= SUIT_MASKS[led]
                    if number == 0 and bit & t.first_trick_forbidden:
                        restricted[seat] &= t.first_trick_forbidden
                played |= bit
                if bit & t.breaks_hearts:
                    broken = True
        unseen = t.deck & ~view.hand & ~played
        known = [0] * n
        if view.passed is not None and view.phase is not Phase.PASSING:
            for c, target in zip(view.passed, view.pass_targets):
                if unseen >> c & 1:
                    known[target] |= 1 << c
        allowed = []
        for seat in range(n):
            if seat == view.seat:
                known[seat] = view.hand
                allowed.append(view.hand)
                continue
            allowed.append((unseen & ~voids[seat] & restricted[seat]) | known[seat])
        return cls(
            seat=view.seat,
            players=n,
            hand=view.hand,
            played=played,
            unseen=unseen,
            known=tuple(known),
            allowed=tuple(allowed),
            voids=tuple(voids),
            counts=view.cards_left,
            kitty_hidden=view.kitty_size,
        )

    def is_void(self, seat: int, suit: int) -> bool:
        return bool(self.voids[seat] & SUIT_MASKS[suit])
