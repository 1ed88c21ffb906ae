"""Finishing a hand at once gives exactly the score that playing it out gives."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.controller.table import TableController
from hearts_desktop.engine import Game, HandState, Phase, Ruleset, cards_of, preset_by_key
from hearts_desktop.persistence.seats import Seat
from hearts_desktop.words import Level, Pace, SeatKind

from .helpers import deal_with, play


def playout(state: HandState, rng: random.Random) -> tuple[int, ...]:
    state = state.copy()
    while seats := state.to_act():
        state.apply(state.random_action(seats[0], rng))
    assert state.result is not None
    return state.result.points


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), preset=st.sampled_from(["standard", "omnibus", "black-maria", "black-lady"]))
def test_decided_positions_score_the_same_however_they_are_played(seed: int, preset: str) -> None:
    rules = preset_by_key(preset).rules
    rng = random.Random(seed)
    state = HandState.deal_new(rules, rng)
    decided = 0
    while state.phase is Phase.PLAYING:
        if state.outcome_decided():
            decided += 1
            outcomes = {playout(state, random.Random(seed + i)) for i in range(6)}
            assert len(outcomes) == 1, f"decided, yet playouts differ: {outcomes}"
        state.play(rng.choice(cards_of(state.legal_mask())))


def test_no_points_left_but_a_sweep_still_possible_is_not_decided() -> None:
    clubs = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    state = deal_with(Ruleset(), {0: clubs})
    for c in clubs.split()[:12]:
        play(state, c)
        while state.turn != 0:
            state.play(state.legal_mask().bit_length() - 1)
    # Seat 0 has won all twelve tricks; it holds the last club, others hold what is left.
    assert state.tricks_played == 12
    assert state.outcome_decided()  # it leads the only club: it wins the last trick too
    assert not deal_with(Ruleset(), {}).outcome_decided()  # nothing is decided before trick one


def test_leader_with_only_winners_can_claim() -> None:
    state = deal_with(
        Ruleset(),
        {
            0: "2C AC AD KD AS KS QS AH KH QH JH TH 9H",
            1: "3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D 3D",
            2: "4D 5D 6D 7D 8D 9D TD JD QD 2S 3S 4S 5S",
            3: "6S 7S 8S 9S TS JS 2H 3H 4H 5H 6H 7H 8H",
        },
    )
    play(state, "2C 3C 4D 6S")  # seat 1 wins the first trick with the three of clubs
    assert not state.outcome_decided()  # seat 1's low cards are no sure winners
    play(state, "2D 5D 2H AD")  # seat 0 takes the lead with the ace of diamonds
    assert state.turn == 0
    # Every card seat 0 holds now tops its suit among the cards still out: it takes the rest.
    assert state.outcome_decided()
    before = state.tricks_won[0]
    points = playout(state, random.Random(1))
    assert points == (0, 26, 26, 26)  # it took every heart and the queen: a moon
    assert before == 1


def test_controller_finish_hand_matches_the_engine() -> None:
    seats = (Seat("You", SeatKind.HUMAN),) + tuple(Seat(n, SeatKind.COMPUTER, Level.EASY) for n in "ABC")
    for seed in range(40):
        c = TableController(Game(Ruleset(), seed), seats, InlineRunner(), Pace.INSTANT)
        rng = random.Random(seed)
        finished = False
        while not c.awaiting_continue:
            c.update(0.0)
            if c.active_human() == 0:
                if c.can_finish_hand():
                    expected = playout(c.game.hand, rng)
                    assert c.finish_hand()
                    finished = True
                    break
                view = c.view()
                if view.phase is Phase.PASSING:
                    c.submit_pass(view.cards()[:3])
                else:
                    c.play(rng.choice(view.legal_cards()))
        if finished:
            assert c.game.results[-1].points == expected
            return
    raise AssertionError("no hand in 40 offered to finish")
