"""The engine's invariants, written once: the UI fuzzer checks them after every input event
and the property tests after every action of thousands of random games."""

from __future__ import annotations

from hearts_desktop.engine import Game, HandState, Phase, cards_of, mask_of
from hearts_desktop.engine.cards import SUIT_MASKS
from hearts_desktop.engine.game import decide_end


class InvariantBroken(AssertionError):
    """The game reached a state that must never be."""


def require(condition: bool, message: str) -> None:
    if not condition:
        raise InvariantBroken(message)


def check_hand(hand: HandState, where: str = "the hand") -> None:
    """Every card exactly once (in a hand, the trick, a taken pile or the kitty), every trick
    won by its highest card of the suit led, and a player to act holding a legal card that
    follows suit when it can."""
    tables = hand.t
    held = 0
    for place in (*hand.hands, *hand.taken, mask_of(hand.trick), hand.kitty if hand.kitty_taker is None else 0):
        require(not held & place, f"a card is in two places in {where}")
        held |= place
    require(held == tables.deck, f"cards lost or made up in {where}: {(held ^ tables.deck).bit_count()} differ")
    for trick in hand.tricks:
        require(len(trick.cards) == hand.n, f"a trick of {len(trick.cards)} cards in {where}")
        led = trick.cards[0] // 13
        best = max(c for c in trick.cards if c // 13 == led)
        require(trick.winner == trick.seat_of(trick.cards.index(best), hand.n),
                f"a trick in {where} went to seat {trick.winner}, not to its highest card")
    if hand.phase is Phase.PLAYING:
        legal = hand.legal_mask()
        require(legal != 0, f"seat {hand.turn} must play but has no legal card")
        require(legal & ~hand.hands[hand.turn] == 0, "a legal card is not in the player's hand")
        require(hand.legal_cards() == cards_of(legal), "the legal cards are not those of the legal mask")
        if hand.trick and hand.hands[hand.turn] & SUIT_MASKS[hand.led_suit]:
            require(legal & ~SUIT_MASKS[hand.led_suit] == 0, "a player who can follow suit may play another")


def check_game(game: Game) -> None:
    """The hand's invariants, and the game's: totals, hands scored, the winner, someone to act."""
    check_hand(game.hand, f"hand {game.hand_index + 1}")
    sums = [sum(result.points[seat] for result in game.results) for seat in range(game.players)]
    require(game.totals == sums, f"totals {game.totals} are not the sum of the hands {sums}")
    require(len(game.results) == game.hand_index + (1 if game.over else 0),
            f"{len(game.results)} hands scored by hand {game.hand_index + 1}")
    winner, _ = decide_end(game.totals, game.rules.target)
    require(game.winner == winner, f"winner {game.winner}, the totals {game.totals} say {winner}")
    require(game.over or bool(game.to_act()), "nobody is to act in a game that is not over")
