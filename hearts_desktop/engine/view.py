"""A player's view: exactly what one seat at the table may know, and nothing else.

Bots and the table read only this. It is a frozen snapshot of plain values with no link
back to the hidden state, so nothing reachable from it reveals another hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CARDS, Card, cards_of, mask_of
from .hand import HandState, Phase, Trick, play_order
from .rules import PassDirection, Ruleset


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    rules: Ruleset
    hand_index: int
    phase: Phase
    hand: int
    direction: PassDirection
    pass_targets: tuple[int, ...]
    passed: tuple[Card, ...] | None
    received: tuple[Card, ...]
    received_from: tuple[int, ...]
    waiting_to_pass: tuple[int, ...]
    opening_card: int
    leader: int
    turn: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    hearts_broken: bool
    cards_left: tuple[int, ...]
    points_taken: tuple[int, ...]
    kitty_size: int
    kitty_taker: int | None
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    moon_chooser: int | None
    legal: int

    @property
    def players(self) -> int:
        return len(self.cards_left)

    @property
    def my_turn(self) -> bool:
        return self.phase is Phase.PLAYING and self.turn == self.seat

    def cards(self) -> tuple[Card, ...]:
        return cards_of(self.hand)

    def legal_cards(self) -> tuple[Card, ...]:
        return cards_of(self.legal)

    def trick_seats(self) -> tuple[int, ...]:
        return play_order(self.leader, len(self.trick), self.players)

    def tricks_so_far(self) -> tuple[Trick, ...]:
        """The finished tricks and, while cards lie on the table, the current one (winner -1)."""
        return (*self.tricks, Trick(self.leader, self.trick, -1)) if self.trick else self.tricks

    @property
    def played_mask(self) -> int:
        """Every card seen on the table this hand (finished tricks and the current one)."""
        mask = mask_of(self.trick)
        for finished in self.tricks:
            mask |= mask_of(finished.cards)
        return mask

    @property
    def unseen_mask(self) -> int:
        """Cards this seat has not seen played and does not hold (hidden hands and kitty)."""
        return self.rules.tables.deck & ~self.hand & ~self.played_mask


def view_of(
    state: HandState,
    seat: int,
    hand_index: int = 0,
    totals: tuple[int, ...] | None = None,
    history: tuple[tuple[int, ...], ...] = (),
) -> PlayerView:
    """Copy out what ``seat`` may know of ``state``."""
    passing = state.phase is Phase.PASSING
    return PlayerView(
        seat=seat,
        rules=state.rules,
        hand_index=hand_index,
        phase=state.phase,
        hand=state.hands[seat],
        direction=state.direction,
        pass_targets=state.pass_targets(seat),
        passed=state.passes[seat],
        received=() if passing else state.received[seat],
        received_from=() if passing else state.senders[seat],
        waiting_to_pass=tuple(state.waiting_to_pass()),
        opening_card=state.opening_card,
        leader=state.leader,
        turn=state.turn,
        trick=tuple(CARDS[c] for c in state.trick),
        tricks=tuple(state.tricks),
        hearts_broken=state.hearts_broken,
        cards_left=tuple(state.cards_left()),
        points_taken=tuple(state.points_taken_in_tricks()),
        kitty_size=state.t.kitty_size,
        kitty_taker=state.kitty_taker,
        totals=totals if totals is not None else (0,) * state.n,
        history=history,
        moon_chooser=state.moon_candidate,
        legal=state.legal_mask() if state.phase is Phase.PLAYING and state.turn == seat else 0,
    )
