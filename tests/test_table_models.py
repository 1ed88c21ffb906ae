"""The table's models without a window: what lies on the table and moves over it
(``TableMotion``), and the pass being chosen and the cards received (``PassSelection``)."""

from __future__ import annotations

import pygame

from hearts_desktop.engine import (
    Card,
    CardsExchanged,
    Game,
    HandDealt,
    PassDirection,
    Phase,
    Ruleset,
    TrickWon,
)
from hearts_desktop.engine.cards import CARDS, parse_cards
from hearts_desktop.ui.layout import TableLayout
from hearts_desktop.ui.pass_selection import PassSelection
from hearts_desktop.ui.table_motion import DEAL_SECONDS, FLIGHT_SECONDS, SWEEP_SECONDS, TableMotion

TRICK = parse_cards("2C 9C KC 5C")
QUEEN_TRICK = parse_cards("3S QS 4S 5S")
HOLD = 0.9


def motion(animations: bool = True) -> tuple[TableMotion, list[str]]:
    sounds: list[str] = []
    return TableMotion(TableLayout.compute((1280, 800), 4, 0), animations, sound=sounds.append), sounds


def run(table: TableMotion, seconds: float, step: float = 1 / 60) -> None:
    for _ in range(round(seconds / step)):
        table.update(step)


def won(cards: tuple[Card, ...], winner: int) -> TrickWon:
    return TrickWon(winner=winner, cards=cards, leader=0, points=0, trick_number=0, kitty=())


def play_trick(table: TableMotion, cards: tuple[Card, ...] = TRICK) -> None:
    for seat, card in enumerate(cards):
        table.card_played(seat, card, None)
        run(table, FLIGHT_SECONDS + 0.05)


# ---------------------------------------------------------------------- tricks


def test_a_played_card_flies_from_its_seat_and_lands_in_the_trick_after_its_flight() -> None:
    table, sounds = motion()
    table.card_played(2, TRICK[0], None)
    assert table.trick == [] and table.busy and sounds == ["card_play"]
    assert table.flights[0].start == table.seat_rect(2) and table.flights[0].end == table.layout.trick_rect(2)
    run(table, FLIGHT_SECONDS / 2)
    assert table.trick == []
    run(table, FLIGHT_SECONDS)
    assert table.trick == [(2, TRICK[0])] and not table.busy


def test_the_viewers_card_starts_where_it_was_drawn() -> None:
    table, _ = motion()
    where = pygame.Rect(500, 600, 90, 126)
    table.card_played(0, TRICK[0], where)
    assert table.flights[0].start == where


def test_a_won_trick_stays_with_the_winner_outlined_for_the_hold_then_sweeps_to_the_winner() -> None:
    table, sounds = motion()
    play_trick(table)
    table.trick_won(won(TRICK, 2), HOLD)
    assert table.winning(2) and not table.winning(1) and table.busy
    run(table, HOLD)  # the hold counts from the last card's landing: still readable
    assert len(table.trick) == 4 and table.winning(2)
    run(table, FLIGHT_SECONDS)
    assert table.trick == [] and table.trick_winner is None
    assert [flight.end for flight in table.flights] == [table.seat_rect(2)] * 4
    assert sounds[-1] == "trick_sweep"
    run(table, SWEEP_SECONDS + 0.05)
    assert not table.busy


def test_the_queen_of_spades_taken_has_its_own_sound() -> None:
    table, sounds = motion()
    play_trick(table, QUEEN_TRICK)
    table.trick_won(won(QUEEN_TRICK, 1), HOLD)
    run(table, HOLD + FLIGHT_SECONDS + 0.05)
    assert sounds[-1] == "queen_taken"


def test_without_animations_a_won_trick_is_swept_at_once() -> None:
    table, _ = motion(animations=False)
    for seat, card in enumerate(TRICK):
        table.card_played(seat, card, None)
        table.update(0.0)
    assert len(table.trick) == 4
    table.trick_won(won(TRICK, 3), HOLD)
    assert table.trick == [] and table.sweep is None
    table.update(0.0)
    assert not table.busy


def test_a_card_played_during_the_hold_completes_the_old_trick_first() -> None:
    table, _ = motion()
    play_trick(table)
    table.trick_won(won(TRICK, 2), HOLD)
    table.card_played(2, parse_cards("AD")[0], None)
    run(table, FLIGHT_SECONDS + 0.05)
    assert table.trick == [(2, parse_cards("AD")[0])] and table.trick_winner is None


def test_reset_puts_the_views_trick_on_the_table_with_nothing_moving() -> None:
    game = Game(Ruleset(), 5)
    while game.hand.phase is not Phase.PLAYING or len(game.hand.trick) < 2:
        seat = game.to_act()[0]
        game.apply(game.legal_actions(seat)[0])
    table, _ = motion()
    table.card_played(1, TRICK[0], None)
    table.reset(game.view(0))
    assert table.flights == [] and not table.busy
    assert [card for _, card in table.trick] == list(game.hand.trick)


# ---------------------------------------------------------------------- the deal


def dealt_event(per_seat: int = 13) -> HandDealt:
    return HandDealt(hand_index=1, hands=(CARDS[:per_seat], (), (), ()),  # the others' unseen
                     kitty_size=0, direction=PassDirection.LEFT)


def test_a_new_deal_waits_for_a_clear_table_and_the_score_being_read_then_fills_each_hand() -> None:
    table, sounds = motion()
    play_trick(table)
    table.trick_won(won(TRICK, 0), HOLD)
    table.hand_dealt(dealt_event())
    assert table.dealing == {0: 0, 1: 0, 2: 0, 3: 0}
    assert not table.deal_when_ready(waiting=False, viewer=0)  # the last trick is still on the table
    run(table, HOLD + FLIGHT_SECONDS + SWEEP_SECONDS + 0.1)
    assert not table.deal_when_ready(waiting=True, viewer=0)  # the hand's score is being read
    assert table.deal_when_ready(waiting=False, viewer=0) and sounds[-1] == "deal"
    assert table.pending_deal is None and len(table.flights) == 52
    assert table.flights[0].end == table.seat_rect(1)  # dealt from the viewer's left
    run(table, DEAL_SECONDS / 2)
    halfway = table.dealing
    assert halfway is not None and 0 < sum(halfway.values()) < 52
    run(table, DEAL_SECONDS)
    assert table.dealing is None and not table.busy


# ---------------------------------------------------------------------- the pass


def test_the_viewers_passed_cards_leave_their_slots_and_the_received_ones_arrive_face_up() -> None:
    table, _ = motion()
    passed = list(parse_cards("QS KS AS"))
    received = parse_cards("2H 3H 4H")
    slots = table.layout.pass_slots("left")
    places = {card: pygame.Rect(100 * i, 600, 90, 126) for i, card in enumerate(received)}
    event = CardsExchanged(received=(received, tuple(passed), (), ()),  # the others' cards unseen
                           senders=((3, 3, 3), (0, 0, 0), (1, 1, 1), (2, 2, 2)), leader=0)
    table.cards_exchanged(event, viewer=0, passed=passed, slots=slots, places=places, face_up=True)
    mine = [flight for flight in table.flights if flight.card is not None]
    assert [flight.end for flight in mine] == [places[card] for card in received]
    assert table.arriving == set(received)
    from_slots = [flight for flight in table.flights if flight.start in slots]
    assert [flight.end for flight in from_slots] == [table.seat_rect(1)] * 3  # to the left, face down
    assert all(flight.card is None for flight in from_slots)
    run(table, 0.8)
    assert table.arriving == set() and not table.busy


# ---------------------------------------------------------------------- choosing the pass


HAND = parse_cards("2C 3C 4C 5C")


def test_clicked_cards_fill_the_three_slots_and_a_fourth_is_refused_with_a_sentence() -> None:
    passing = PassSelection()
    assert [passing.choose(card) for card in HAND[:3]] == [None, None, None]
    assert passing.chosen == list(HAND[:3]) and passing.complete
    assert passing.choose(HAND[3]) == "You pass exactly 3 cards: take one back first."
    assert passing.chosen == list(HAND[:3])
    assert passing.choose(HAND[1]) is None  # a chosen card clicked again comes back
    assert passing.chosen == [HAND[0], HAND[2]] and not passing.complete
    assert passing.missing_sentence() == "Choose 1 more card to pass."


def test_a_dragged_card_goes_in_only_when_dropped_on_the_slots_and_comes_back_when_dragged_off() -> None:
    passing = PassSelection()
    passing.drop(HAND[0], from_slot=False, moved=True, over_slots=False)
    assert passing.chosen == []
    passing.drop(HAND[0], from_slot=False, moved=True, over_slots=True)
    assert passing.chosen == [HAND[0]]
    passing.drop(HAND[0], from_slot=True, moved=True, over_slots=True)  # moved within the slots
    assert passing.chosen == [HAND[0]]
    passing.drop(HAND[0], from_slot=True, moved=True, over_slots=False)
    assert passing.chosen == []


def test_the_card_in_a_slot_is_found_by_where_the_pointer_is() -> None:
    passing = PassSelection()
    for card in HAND[:2]:
        passing.choose(card)
    slots = [pygame.Rect(0, 0, 10, 10), pygame.Rect(20, 0, 10, 10), pygame.Rect(40, 0, 10, 10)]
    assert passing.card_at((25, 5), slots) == HAND[1]
    assert passing.card_at((45, 5), slots) is None  # the third slot is empty


def test_received_cards_are_shown_once_to_their_owner_naming_who_passed_them_and_raised_until_seen() -> None:
    passing = PassSelection()
    event = CardsExchanged(received=(parse_cards("KH 2C AS"), parse_cards("3D 4D 5D"), (), ()),
                           senders=((2, 1, 1), (0, 0, 0), (1, 1, 1), (2, 2, 2)), leader=0)
    passing.received(event, people=[0, 1], names=["Ann", "Ben", "Clara", "Dan"])
    assert passing.show_received(0) == "From Ben and Clara: 2♣ K♥ A♠ (raised in your hand)"
    assert passing.glowing == frozenset(parse_cards("KH 2C AS"))
    assert passing.show_received(0) is None  # once
    assert passing.note == "From Ben and Clara: 2♣ K♥ A♠ (raised in your hand)"
    passing.acknowledge()
    assert passing.glowing == frozenset() and passing.note is None
    assert passing.show_received(1) == "From Ann: 3♦ 4♦ 5♦ (raised in your hand)"  # hot-seat: the next person's


def test_a_reset_takes_the_chosen_pass_from_the_view_only_while_passing() -> None:
    game = Game(Ruleset(), 3)
    passing = PassSelection()
    passing.choose(HAND[0])
    passing.reset(game.view(0))
    assert passing.chosen == []  # nothing passed yet in the view


def test_a_card_taken_out_of_its_slot_while_the_pointer_holds_it_is_let_go_quietly() -> None:
    """``test_no_frame_at_any_timing…`` (hot-seat, seed 93): a card pressed in its slot, taken
    back with Backspace before the button was let go; the release raised ValueError."""
    passing = PassSelection()
    passing.choose(HAND[0])
    passing.choose(HAND[0])  # Backspace: back into the hand while the pointer is still down
    assert passing.drop(HAND[0], from_slot=True, moved=False, over_slots=False) is None
    assert passing.chosen == []
