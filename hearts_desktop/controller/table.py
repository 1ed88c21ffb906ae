"""Game flow at the table: whose turn, bot pacing, hot-seat covers, undo, hints.

The controller owns the game and time. It is pure Python: the window calls ``update(dt)``
with the elapsed seconds and forwards the player's intents (``play``, ``submit_pass``...);
tests do the same with a fake clock. Everything the table should show or animate comes out
of ``drain_events()`` in order; the current picture comes from ``view()``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..bots import Hint
from ..engine import (
    Action,
    Card,
    CardsExchanged,
    Event,
    Game,
    GameOver,
    HandResult,
    HandScored,
    MoonAction,
    MoonScoring,
    PassAction,
    Phase,
    PlayAction,
    PlayerView,
    Ruleset,
    TrickWon,
)
from ..language import N_, Phrase, _
from ..persistence.seats import Seat, shown_levels
from ..words import JobKind, Level, Pace
from .bot_runner import BotAnswer, BotJob, BotRunner

HINT_LEVEL = Level.EXPERT
WAIT_FOR_TURN = Phrase(N_("Wait for your turn."))
"""A move out of turn (a phrase: a network host sends it to the friend who made it)."""


@dataclass(frozen=True, slots=True)
class Refused:
    """A move the rules refused; ``reason`` is shown to the player."""

    seat: int
    reason: str
    card: Card | None


@dataclass(frozen=True, slots=True)
class CoverShown:
    """Hot-seat: hide every hand until ``name`` has the computer and clicks."""

    seat: int
    name: str


@dataclass(frozen=True, slots=True)
class TableReset:
    """The state jumped (undo, resume): redraw everything from the view, no animation."""


@dataclass(frozen=True, slots=True)
class HintReady:
    """The hint asked for by ``seat`` is ready to show."""

    seat: int
    hint: Hint


@dataclass(frozen=True, slots=True)
class BotFailed:
    """A bot raised instead of answering; a legal fallback move was played for it."""

    seat: int
    details: str


TableEvent = Event | Refused | CoverShown | TableReset | HintReady | BotFailed


class TableController:
    """Runs one game at the table: the window draws it, the controller decides what happens."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        runner: BotRunner,
        pace: Pace = Pace.FRIENDLY,
        on_change: Callable[[TableController], None] | None = None,
        auto_continue: bool = False,
    ) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{game.players} players need {game.players} seats, not {len(seats)}")
        self.game = game
        self.seats = list(seats)
        self.runner = runner
        self.pace = pace
        self.on_change = on_change
        self.auto_continue = auto_continue
        self.now = 0.0
        self._events: list[TableEvent] = []
        self._next_job = 1
        self._pending: dict[int, int] = {}  # job id -> seat deciding
        self._answers: dict[int, Action] = {}  # seat -> decided action waiting for its moment
        self._ready_at = 0.0
        self._hint_job: int | None = None
        self.awaiting_continue = False
        self.revealed: int | None = None
        self.cover: int | None = None
        humans = self.human_seats()
        self.viewer = humans[0] if humans else 0
        if len(humans) == 1:
            self.revealed = humans[0]
        self._update_cover()

    # ------------------------------------------------------------------ who is who

    def human_seats(self) -> list[int]:
        return [s for s, seat in enumerate(self.seats) if seat.is_human]

    @property
    def hot_seat(self) -> bool:
        return len(self.human_seats()) > 1

    def active_human(self) -> int | None:
        """The human whose decision the game waits for (first in seat order while passing)."""
        if self.awaiting_continue:
            return None
        for seat in self.game.to_act():
            if self.seats[seat].is_human:
                return seat
        return None

    @property
    def hand_face_up(self) -> bool:
        """Whether the viewer's hand may be drawn face up now (never behind a cover)."""
        if self.cover is not None:
            return False
        if not self.hot_seat:
            return True
        return self.revealed is not None and self.revealed == self.active_human()

    def view(self) -> PlayerView:
        return self.game.view(self.viewer)

    # The rest of the table model (``table_model.TableModel``), read from the game.

    @property
    def rules(self) -> Ruleset:
        return self.game.rules

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def totals(self) -> Sequence[int]:
        return self.game.totals

    @property
    def results(self) -> Sequence[HandResult]:
        return self.game.results

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def fresh(self) -> bool:
        return not self.game.actions

    @property
    def undo_note(self) -> str | None:
        """Why undo is off for the whole game: with several people at one computer, a move
        taken back would show the next person's hand."""
        if len(self.human_seats()) > 1:
            return _("Undo is off when people take turns at one computer.")
        return None

    def notes(self) -> list[str]:
        return []

    def drain_events(self) -> list[TableEvent]:
        events, self._events = self._events, []
        return events

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        """Advance time: collect bot answers, start bots whose turn it is, apply due moves."""
        self.now += dt
        self.start_decisions()
        for answer in self.runner.poll():
            self._receive(answer)
        if not (self.awaiting_continue or self.game.over):
            self._apply_due_answers()

    def start_decisions(self) -> None:
        """Ask every seat but the people here whose turn it is for its decision now, rather
        than at the next update: a network table tells a friend it is their turn only once
        it waits for their move."""
        if self.awaiting_continue or self.game.over:
            return
        deciding = set(self._pending.values()) | set(self._answers)
        for seat in self.game.to_act():
            if not self.seats[seat].is_human and seat not in deciding:
                view = self.game.view(seat)
                self._submit(JobKind.DECIDE, self.seats[seat].level, view, self._decision_seed(view))

    def _decision_seed(self, view: PlayerView) -> str:
        """A seed fixed by the position: undo and replays bring back the same decisions when
        a search ends on its deal budget, though not always when its clock cuts it short."""
        return f"{self.game.seed}:{view.hand_index}:{view.phase.value}:{len(view.tricks)}:{len(view.trick)}:{view.seat}"

    def _submit(self, kind: JobKind, level: Level, view: PlayerView, seed: str) -> int:
        job_id = self._next_job
        self._next_job += 1
        if kind is JobKind.DECIDE:
            self._pending[job_id] = view.seat
        self.runner.submit(BotJob(job_id, kind, level, view, seed, seat_levels=shown_levels(self.seats)))
        return job_id

    def _receive(self, answer: BotAnswer) -> None:
        if answer.job_id == self._hint_job:
            self._hint_job = None
            if isinstance(answer.result, Hint):
                self._events.append(HintReady(self.viewer, answer.result))
            return
        seat = self._pending.pop(answer.job_id, None)
        if seat is None:
            return
        if isinstance(answer.result, Action):
            self._answers[seat] = answer.result
        else:
            self._events.append(BotFailed(seat, answer.error or "no answer"))
            self._answers[seat] = self._fallback(seat)

    def _fallback(self, seat: int) -> Action:
        view = self.game.view(seat)
        if view.phase is Phase.PASSING:
            return PassAction(seat, view.cards()[-3:])
        if view.phase is Phase.MOON_CHOICE:
            return MoonAction(seat, MoonScoring.ADD_TO_OTHERS)
        return PlayAction(seat, view.legal_cards()[0])

    def _apply_due_answers(self) -> None:
        phase = self.game.hand.phase
        for seat in list(self._answers):
            if seat not in self.game.to_act():
                del self._answers[seat]
                continue
            if phase is Phase.PLAYING and self.now < self._ready_at:
                continue
            action = self._answers.pop(seat)
            self._apply(action)
            if self.awaiting_continue or self.game.over or self.game.hand.phase is not phase:
                break

    # ------------------------------------------------------------------ applying moves

    def _apply(self, action: Action, cover: bool = True) -> list[Event]:
        """Apply a move; ``cover`` False while the hand is played out at once (no one takes a turn)."""
        events = self.game.apply(action)
        self._events.extend(events)
        timing = self.pace.timing
        delay = timing.bot_delay
        if any(isinstance(e, TrickWon) for e in events):
            delay += timing.trick_hold
        if any(isinstance(e, CardsExchanged) for e in events):
            delay += timing.received_hold
        self._ready_at = self.now + delay
        self._invalidate_hint()
        if any(isinstance(e, (HandScored, GameOver)) for e in events):
            # The score screen (or the game-over screen) waits for the players to read it.
            self.awaiting_continue = self.game.over or not self.auto_continue
            self._answers.clear()
        if cover:
            self._update_cover()
        if self.on_change is not None:
            self.on_change(self)
        return events

    def _human_action(self, action: Action) -> str | None:
        """Apply a person's move, or return (and announce) why the rules refuse it."""
        if self.cover is not None:
            return _("Click the cover first.")
        active = self.active_human()
        if active is None or action.seat != active:
            reason = WAIT_FOR_TURN()
            self._events.append(Refused(action.seat, reason, getattr(action, "card", None)))
            return reason
        refusal = self.game.illegal_reason(action)
        if refusal:
            self._events.append(Refused(action.seat, refusal, getattr(action, "card", None)))
            return refusal
        self._apply(action)
        return None

    def person_moved(self, action: Action) -> str | None:
        """A person at another computer (a friend at a network table) made the move their
        seat was asked for: applied at once, or the rules' reason not to. The pace is for the
        computers' moves, so that people can follow them; a person took their own time. A
        computer's answer for the seat still waiting for its moment (given while the person
        was away) gives way to the person's own."""
        seat = action.seat
        job_id = next((job for job, deciding in self._pending.items() if deciding == seat), None)
        if seat not in self.game.to_act() or (job_id is None and seat not in self._answers):
            return WAIT_FOR_TURN()
        refusal = self.game.illegal_reason(action)
        if refusal:
            return refusal
        if job_id is not None:
            del self._pending[job_id]
            self.runner.cancel([job_id])
        self._answers.pop(seat, None)
        self._apply(action)
        return None

    def play(self, card: Card) -> str | None:
        return self._human_action(PlayAction(self.viewer, card))

    def submit_pass(self, cards: Sequence[Card]) -> str | None:
        return self._human_action(PassAction(self.viewer, tuple(cards)))

    def choose_moon(self, choice: MoonScoring) -> str | None:
        return self._human_action(MoonAction(self.viewer, choice))

    def continue_after_hand(self) -> None:
        """The players have read the hand's score: deal on (no-op once the game is over)."""
        if self.awaiting_continue and not self.game.over:
            self.awaiting_continue = False
            self._ready_at = self.now
            self._update_cover()

    # ------------------------------------------------------------------ hot-seat cover

    def _update_cover(self) -> None:
        active = self.active_human()
        if active is None:
            return
        if not self.hot_seat:
            self.viewer = active
            return
        if active != self.revealed and self.cover != active:
            self.cover = active
            self.viewer = active
            self._events.append(CoverShown(active, self.seats[active].name))

    def reveal(self) -> None:
        """The person named on the cover has the computer: show their hand."""
        if self.cover is not None:
            self.revealed = self.cover
            self.cover = None

    # ------------------------------------------------------------------ finishing a hand

    def can_finish_hand(self) -> bool:
        """The rest of the hand cannot change the score, and a person is at the table."""
        return (
            not self.awaiting_continue
            and self.cover is None
            and self.active_human() is not None
            and self.game.hand.outcome_decided()
        )

    def finish_hand(self) -> bool:
        """Play the rest of the hand at once; the score is what playing it out would give."""
        if not self.can_finish_hand():
            return False
        self._cancel_jobs()
        hand_index = self.game.hand_index
        while self.game.hand_index == hand_index and self.game.hand.phase is Phase.PLAYING:
            view = self.game.view(self.game.hand.turn)
            self._apply(PlayAction(view.seat, view.legal_cards()[-1]), cover=False)
        self._update_cover()  # a cover only for who acts next (a human shooter's moon choice)
        return True

    # ------------------------------------------------------------------ undo and hint

    def can_undo(self) -> bool:
        """Undo is for games against computers only: one human, a move of theirs this hand."""
        humans = self.human_seats()
        if len(humans) != 1 or self.awaiting_continue or self.game.over:
            return False
        return any(a.seat == humans[0] for a in self.game.actions[self.game.hand_start:])

    def undo(self) -> bool:
        """Take back the human's last move this hand and every computer move after it."""
        if not self.can_undo():
            return False
        human = self.human_seats()[0]
        actions = self.game.actions
        last = max(i for i in range(self.game.hand_start, len(actions)) if actions[i].seat == human)
        self._cancel_jobs()
        self.game = Game.replay(self.game.rules, self.game.seed, actions[:last], self.game.deals_from)
        self._ready_at = self.now + self.pace.timing.bot_delay
        self._events.append(TableReset())
        if self.on_change is not None:
            self.on_change(self)
        return True

    def request_hint(self) -> bool:
        """Ask the strongest bot what the human to act should do; answered by HintReady."""
        active = self.active_human()
        if active is None or self.cover is not None or self._hint_job is not None:
            return False
        view = self.game.view(active)
        self._hint_job = self._submit(JobKind.HINT, HINT_LEVEL, view, "hint:" + self._decision_seed(view))
        return True

    def _invalidate_hint(self) -> None:
        """The position changed: the hint being thought about is stale (only it: the
        computers' decisions asked for before it still count)."""
        if self._hint_job is not None:
            self.runner.cancel([self._hint_job])
            self._hint_job = None

    def _cancel_jobs(self) -> None:
        """Forget every decision and hint being thought about: the position jumped."""
        self.runner.cancel([*self._pending, *([self._hint_job] if self._hint_job is not None else [])])
        self._pending.clear()
        self._answers.clear()
        self._hint_job = None

    # ------------------------------------------------------------------ settings

    def set_level(self, seat: int, level: Level) -> None:
        """Change a computer's difficulty; it takes effect from its next decision."""
        self.seats[seat] = replace(self.seats[seat], level=level)

    def close(self) -> None:
        self._cancel_jobs()
        self.runner.close()

