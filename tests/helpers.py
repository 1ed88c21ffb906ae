"""Scripted positions by card name, so each rules test reads like the rule it pins."""

from __future__ import annotations

from hearts_desktop.engine import HandState, PlayAction, Ruleset, Trick, cards_of, parse_cards
from hearts_desktop.engine.actions import PassAction
from hearts_desktop.engine.cards import SUIT_MASKS, iter_bits, mask_of
from hearts_desktop.engine.rules import PassDirection


def deal_with(
    rules: Ruleset,
    hands: dict[int, str],
    kitty: str = "",
    direction: PassDirection = PassDirection.HOLD,
) -> HandState:
    """A hand where the named seats hold exactly the given cards.

    The other seats are filled in seat order with the remaining cards of the deck, lowest
    first, so a test states only the cards that matter to it.
    """
    t = rules.tables
    masks = {seat: mask_of(parse_cards(text)) for seat, text in hands.items()}
    kitty_mask = mask_of(parse_cards(kitty))
    used = kitty_mask
    for m in masks.values():
        used |= m
    rest = list(iter_bits(t.deck & ~used))
    if not kitty and t.kitty_size:
        kitty_mask = mask_of(rest[-t.kitty_size:])
        rest = rest[: -t.kitty_size]
    dealt = []
    for seat in range(t.players):
        if seat in masks:
            dealt.append(masks[seat])
        else:
            dealt.append(mask_of(rest[: t.hand_size]))
            rest = rest[t.hand_size:]
    return HandState(rules, dealt, kitty_mask, direction)


def deal_and_pass(hands: dict[int, str], direction: PassDirection, passes: dict[int, str]) -> HandState:
    """A Standard hand dealt as ``deal_with`` does, each seat then passing the named cards."""
    state = deal_with(Ruleset(), hands, direction=direction)
    for seat, cards in passes.items():
        state.apply(PassAction(seat, parse_cards(cards)))
    return state


def play(state: HandState, cards: str) -> None:
    """Play the named cards in turn order, each checked as a player's move would be."""
    for c in parse_cards(cards):
        state.apply(PlayAction(state.turn, c))


def legal(state: HandState) -> set[str]:
    return {str(c) for c in state.legal_cards()}


def held(state: HandState, seat: int) -> set[str]:
    return {str(c) for c in cards_of(state.hands[seat])}


def hand_in_play(
    rules: Ruleset,
    held: dict[int, str],
    tricks: list[tuple[int, str, int]],
    leader: int,
    trick: str = "",
) -> HandState:
    """A hand in play: ``held`` cards for the named seats, finished ``tricks`` as
    (leader, cards in play order, winner), the current ``trick``. Seats not named get the
    remaining cards, none of a suit they have shown void in."""
    t = rules.tables
    n = t.players
    hands = {seat: mask_of(parse_cards(text)) for seat, text in held.items()}
    finished = [Trick(lead, parse_cards(cards), winner) for lead, cards, winner in tricks]
    current = parse_cards(trick)
    played = mask_of(current)
    voids = [0] * n
    for f in finished:
        played |= mask_of(f.cards)
        for position_in_trick, c in enumerate(f.cards):
            if c.suit != f.cards[0].suit:
                voids[(f.leader + position_in_trick) % n] |= SUIT_MASKS[f.cards[0].suit]
    size = {seat: t.hand_size - len(finished) - ((seat - leader) % n < len(current)) for seat in range(n)}
    free = t.deck & ~played
    for mask in hands.values():
        free &= ~mask
    for seat in range(n):
        if seat not in hands:
            pick = [c for c in iter_bits(free & ~voids[seat])][: size[seat]]
            hands[seat] = mask_of(pick)
            free &= ~hands[seat]
    return HandState.position(rules, [hands[s] for s in range(n)], 0, leader, current, finished)
