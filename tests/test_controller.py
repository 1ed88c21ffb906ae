"""Game flow with a fake clock: bot pacing, human moves, undo, hot-seat covers, hints."""

from __future__ import annotations

import random

import pytest

from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.controller.table import CoverShown, HintReady, Refused, TableController, TableReset
from hearts_desktop.engine import CardPlayed, Game, HandScored, Phase, Ruleset
from hearts_desktop.persistence.seats import Seat
from hearts_desktop.words import Level, Pace, SeatKind

from .delayed_runner import DelayedRunner

HUMAN_VS_BOTS = (Seat("You", SeatKind.HUMAN), Seat("A", SeatKind.COMPUTER, Level.EASY), Seat("B", SeatKind.COMPUTER, Level.EASY),
                 Seat("C", SeatKind.COMPUTER, Level.EASY))


def controller(seats: tuple[Seat, ...] = HUMAN_VS_BOTS, pace: Pace = Pace.FRIENDLY, seed: int = 5,
               rules: Ruleset | None = None) -> TableController:
    return TableController(Game(rules or Ruleset(), seed), seats, InlineRunner(), pace)


def run_until(c: TableController, done, step: float = 0.05, limit: float = 120.0) -> None:  # type: ignore[no-untyped-def]
    waited = 0.0
    while not done():
        c.update(step)
        waited += step
        assert waited < limit, "the table stopped moving"


def human_pass(c: TableController) -> None:
    c.submit_pass(c.view().cards()[:3])


def test_bots_pass_and_wait_for_the_human() -> None:
    c = controller()
    c.update(0.01)
    assert c.game.to_act() == [0]  # every computer has passed; only the human is awaited
    assert c.active_human() == 0
    human_pass(c)
    assert c.game.hand.phase is Phase.PLAYING


def test_bot_plays_land_no_sooner_than_the_pace_allows() -> None:
    c = controller(pace=Pace.RELAXED)
    c.update(0.01)
    human_pass(c)
    c.drain_events()
    if c.game.hand.turn == 0:
        c.play(c.view().legal_cards()[0])
        c.drain_events()
    played_at: list[float] = []
    t = 0.0
    while len(played_at) < 2:
        c.update(0.05)
        t += 0.05
        if c.game.hand.turn == 0:
            c.play(c.view().legal_cards()[0])
        played_at += [t for e in c.drain_events() if isinstance(e, CardPlayed) and e.seat != 0]
    assert played_at[0] >= Pace.RELAXED.timing.bot_delay - 0.06


def test_a_whole_hand_reaches_the_score_and_waits_to_continue() -> None:
    c = controller(pace=Pace.QUICK)
    rng = random.Random(1)
    events = []
    while not c.awaiting_continue:
        c.update(0.05)
        if c.active_human() == 0:
            view = c.view()
            if view.phase is Phase.PASSING:
                human_pass(c)
            else:
                assert c.play(rng.choice(view.legal_cards())) is None
        events += c.drain_events()
    assert any(isinstance(e, HandScored) for e in events)
    hand = c.game.hand_index
    for _ in range(40):
        c.update(0.1)
    assert c.game.hand_index == hand and c.game.hand.phase is Phase.PASSING
    assert c.game.to_act() == [0, 1, 2, 3]  # bots wait too until the score is read
    c.continue_after_hand()
    c.update(0.05)
    assert c.game.to_act() == [0]


def test_illegal_play_is_refused_with_the_reason_and_nothing_changes() -> None:
    c = controller(pace=Pace.INSTANT)
    c.update(0.01)
    human_pass(c)
    run_until(c, lambda: c.game.hand.turn == 0 and c.game.hand.phase is Phase.PLAYING)
    view = c.view()
    illegal = [card for card in view.cards() if not view.legal >> card & 1]
    if illegal:
        before = list(c.game.actions)
        c.drain_events()
        reason = c.play(illegal[0])
        assert reason
        assert c.game.actions == before
        assert [e for e in c.drain_events() if isinstance(e, Refused)][0].reason == reason


def test_undo_takes_back_the_human_move_and_the_bot_moves_after_it() -> None:
    c = controller(pace=Pace.INSTANT)
    c.update(0.01)
    human_pass(c)
    # Play on (first legal card) until the human is to play in the third trick or later.
    while not (c.active_human() == 0 and c.game.hand.tricks_played >= 2):
        if c.active_human() == 0:
            c.play(c.view().legal_cards()[0])
        c.update(0.05)
    snapshot = (list(c.game.actions), c.game.hand.hands[:], list(c.game.hand.trick))
    c.play(c.view().legal_cards()[-1])
    run_until(c, lambda: c.game.hand.turn == 0 or c.awaiting_continue)
    assert len(c.game.actions) > len(snapshot[0])
    c.drain_events()
    assert c.undo()
    assert any(isinstance(e, TableReset) for e in c.drain_events())
    assert (list(c.game.actions), c.game.hand.hands, list(c.game.hand.trick)) == snapshot
    # Undo again goes one more human move back, still within the hand.
    assert c.undo() and len(c.game.actions) < len(snapshot[0])


def test_undo_is_not_offered_in_hot_seat() -> None:
    seats = (Seat("Anna", SeatKind.HUMAN), Seat("A", SeatKind.COMPUTER, Level.EASY), Seat("Ben", SeatKind.HUMAN),
             Seat("C", SeatKind.COMPUTER, Level.EASY))
    c = controller(seats)
    assert not c.can_undo() and not c.undo()


def test_hot_seat_covers_every_change_of_human() -> None:
    seats = (Seat("Anna", SeatKind.HUMAN), Seat("A", SeatKind.COMPUTER, Level.EASY), Seat("Ben", SeatKind.HUMAN),
             Seat("C", SeatKind.COMPUTER, Level.EASY))
    c = controller(seats, pace=Pace.INSTANT)
    covers = [e.name for e in c.drain_events() if isinstance(e, CoverShown)]
    assert covers == ["Anna"] and not c.hand_face_up
    assert c.submit_pass(c.view().cards()[:3]) == "Click the cover first."
    c.reveal()
    assert c.hand_face_up and c.viewer == 0
    c.submit_pass(c.view().cards()[:3])
    assert [e.name for e in c.drain_events() if isinstance(e, CoverShown)] == ["Ben"]
    assert not c.hand_face_up and c.viewer == 2
    c.reveal()
    c.submit_pass(c.view().cards()[:3])
    rng = random.Random(2)
    shown = []
    while not c.awaiting_continue:
        c.update(0.05)
        for e in c.drain_events():
            if isinstance(e, CoverShown):
                shown.append(e.seat)
                assert not c.hand_face_up
                c.reveal()
        active = c.active_human()
        if active is not None and c.cover is None:
            assert c.viewer == active and c.hand_face_up
            c.play(rng.choice(c.view().legal_cards()))
        elif active is None:
            assert not c.hand_face_up  # no hand shows while only computers play
    assert set(shown) <= {0, 2} and shown


def test_hint_is_answered_for_the_human_to_act() -> None:
    c = controller(pace=Pace.INSTANT)
    c.update(0.01)
    assert c.request_hint()
    c.update(0.01)
    hints = [e for e in c.drain_events() if isinstance(e, HintReady)]
    assert len(hints) == 1 and len(hints[0].hint.cards) == 3


def test_a_failing_bot_gets_a_legal_fallback_and_the_game_goes_on() -> None:
    seats = (Seat("You", SeatKind.COMPUTER, Level.EASY), Seat("A", SeatKind.COMPUTER, Level.EASY), Seat("B", SeatKind.COMPUTER, Level.EASY),
             Seat("C", SeatKind.COMPUTER, Level.EASY))
    c = TableController(Game(Ruleset(), 3), seats, BrokenRunner(), Pace.INSTANT, auto_continue=True)
    run_until(c, lambda: c.game.hand_index >= 1)
    assert any(type(e).__name__ == "BotFailed" for e in c.drain_events())


class BrokenRunner(InlineRunner):
    """Every computer decision raises, as a bug in a bot would."""

    def submit(self, job) -> None:  # type: ignore[no-untyped-def]
        from hearts_desktop.controller.bot_runner import BotAnswer

        self._answers.append(BotAnswer(job.job_id, None, "RuntimeError: broken bot"))


def test_all_computer_game_runs_to_the_end() -> None:
    seats = tuple(Seat(n, SeatKind.COMPUTER, Level.EASY) for n in "ABCD")
    c = TableController(Game(Ruleset(), 8), seats, InlineRunner(), Pace.INSTANT, auto_continue=True)
    run_until(c, lambda: c.game.over, limit=600)
    assert c.game.winner is not None


@pytest.mark.parametrize("seed", range(8))
def test_a_hint_asked_while_the_computers_pass_does_not_stall_the_table(seed: int) -> None:
    """The computers' pass jobs, asked for before the hint, are answered over several polls
    (as the worker answers them); the first pass applied makes the hint stale, and cancelling
    the hint once cancelled the passes still being thought about too: nobody passed again."""
    c = TableController(Game(Ruleset(), 5), HUMAN_VS_BOTS, DelayedRunner(seed), Pace.INSTANT)
    c.update(0.01)
    assert c.request_hint()
    run_until(c, lambda: c.game.to_act() == [0], limit=5.0)
    human_pass(c)
    assert c.game.hand.phase is Phase.PLAYING


@pytest.mark.parametrize("seed", range(4))
def test_with_late_answers_hints_undo_and_finishing_hands_a_game_reaches_its_end(seed: int) -> None:
    rng = random.Random(seed)
    c = TableController(Game(Ruleset(target=40), seed), HUMAN_VS_BOTS, DelayedRunner(seed), Pace.INSTANT,
                        auto_continue=True)
    still = 0
    while not c.game.over:
        before = len(c.game.actions)
        c.update(0.05)
        if c.active_human() == 0:
            roll = rng.random()
            if roll < 0.3:
                c.request_hint()
            elif roll < 0.4:
                c.undo()
            elif roll < 0.45:
                c.finish_hand()
            elif c.view().phase is Phase.PASSING:
                human_pass(c)
            elif c.view().phase is Phase.PLAYING:
                c.play(rng.choice(c.view().legal_cards()))
        still = still + 1 if len(c.game.actions) == before and c.active_human() is None else 0
        assert still < 50, f"the table stopped moving: {c.game.to_act()} to act, none is a person"
