"""One hand of Hearts as an explicit state machine: passing, playing, the moon choice, scored.

The state is mutable and cheap to copy because bots simulate thousands of hands a second
from it. Every phase answers the same two questions: ``to_act()`` (whose decision the hand
waits for) and ``apply(action)`` (which refuses an illegal action with a reason a player
can read, raised as ``IllegalMove``). ``play`` and ``pass_cards`` trust their caller: they
are the search's hot path. Events are appended only when the caller passes a list to
collect them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import Enum
from itertools import combinations, permutations
from typing import Final, NamedTuple

from ..language import N_, Nn_, Phrase, _
from . import draws
from .actions import Action, MoonAction, PassAction, PlayAction
from .cards import (
    CARDS,
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    RANKS_PER_SUIT,
    SUIT_BITS,
    SUIT_MASKS,
    Card,
    Suit,
    cards_of,
    lowest_card,
    mask_of,
    suit_cards,
)
from .events import (
    CardPlayed,
    CardsExchanged,
    Event,
    HeartsBroken,
    MoonChoiceNeeded,
    PassChosen,
    TrickWon,
)
from .rules import CARDS_PASSED, MoonScoring, PassDirection, Ruleset, RuleTables


class Phase(Enum):
    PASSING = "passing"
    PLAYING = "playing"
    MOON_CHOICE = "moon-choice"
    SCORED = "scored"


class IllegalMove(ValueError):
    """A move the rules forbid; ``str(error)`` is the reason, written for the player."""


class Trick(NamedTuple):
    """A finished trick: cards in play order, the first one led by ``leader``."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def seat_of(self, position: int, players: int) -> int:
        return (self.leader + position) % players

    def seats(self, players: int) -> tuple[int, ...]:
        return play_order(self.leader, len(self.cards), players)


# A finished trick, a hand's result or a random pass made as the tuple it is: ``Trick(...)``
# runs the NamedTuple's ``__new__``, interpreted Python even in the compiled build, thirteen
# times a hand (and ``HandResult``'s, with keywords, at the end of every playout).
_new_named_tuple: Final = tuple.__new__


def play_order(leader: int, count: int, players: int) -> tuple[int, ...]:
    """The seats that play the first ``count`` cards of a trick led by ``leader``."""
    return tuple((leader + position) % players for position in range(count))


MOON_CHOICES = (MoonScoring.ADD_TO_OTHERS, MoonScoring.SUBTRACT_FROM_SHOOTER)


class HandResult(NamedTuple):
    """How a hand scored, with what each seat took, for score screens and statistics.

    A NamedTuple, like ``Trick``: immutable and picklable (games and reviews go to worker
    processes), and made at the end of every playout, where a frozen dataclass's
    interpreted ``__init__`` cost more than the hand's last trick."""

    points: tuple[int, ...]
    card_points: tuple[int, ...]
    taken: tuple[int, ...]
    tricks_won: tuple[int, ...]
    moon_shooter: int | None
    moon_choice: MoonScoring | None
    sweeper: int | None
    kitty: tuple[Card, ...]
    kitty_taker: int | None

    def cards_taken(self, seat: int) -> tuple[Card, ...]:
        return cards_of(self.taken[seat])


def deal(rules: Ruleset, rng: random.Random) -> tuple[list[int], int]:
    """Shuffle the ruleset's deck and deal it: one mask per seat and the kitty's mask."""
    t = rules.tables
    deck = list(t.deck_order)
    draws.shuffle(rng, deck)
    hands = []
    for seat in range(t.players):
        mask = 0
        for c in deck[seat * t.hand_size:(seat + 1) * t.hand_size]:
            mask |= 1 << c
        hands.append(mask)
    kitty = 0
    for c in deck[t.players * t.hand_size:]:
        kitty |= 1 << c
    return hands, kitty


# The refusals of illegal moves are phrases: a network host sends a friend the phrase, and
# the friend's program says it in the friend's language.
# Translators: {card} is a card with its article, e.g. "the queen of spades".
NOT_HELD: Final = Phrase(N_("You do not hold {card}."), card=Card)
NO_PASSING_NOW: Final = Phrase(N_("No cards are being passed now."))
NO_SUCH_SEAT: Final = Phrase(N_("There is no seat {seat}."), seat=int)
ALREADY_PASSED: Final = Phrase(N_("You have already passed your cards."))
PASS_HOW_MANY: Final = Phrase(*Nn_("Choose exactly {count} card to pass.", "Choose exactly {count} cards to pass."),
                              count=int)
PASS_DIFFERENT: Final = Phrase(N_("Choose three different cards."))
PASS_FIRST: Final = Phrase(N_("Pass your cards first."))
HAND_OVER: Final = Phrase(N_("The hand is over."))
NOT_YOUR_TURN: Final = Phrase(N_("It is not your turn."))
# Translators: {card} is a card with its article, e.g. "the two of clubs".
OPENING_CARD_LEADS: Final = Phrase(N_("The first trick must be led with {card}."), card=Card)
HEARTS_NOT_BROKEN: Final = Phrase(N_("Hearts have not been broken."))
# Translators: {suit} is a suit's name, e.g. "spades".
FOLLOW_SUIT: Final = Phrase(N_("You must follow {suit}."), suit=Suit)
NO_POINTS_FIRST_TRICK: Final = Phrase(N_("No points on the first trick."))
NO_MOON_NOW: Final = Phrase(N_("There is no moon to score now."))
NOT_THE_SHOOTER: Final = Phrase(N_("Only the player who shot the moon chooses how it scores."))
MOON_CHOICE: Final = Phrase(N_("Choose to add the points to the others or subtract them from yourself."))


class HandState:
    """The full, omniscient state of one hand; players and bots see it only through views."""

    __slots__ = (
        "dealt",
        "direction",
        "hands",
        "hearts_broken",
        "kitty",
        "kitty_taker",
        "leader",
        "led_suit",
        "moon_candidate",
        "n",
        "opening_card",
        "passes",
        "phase",
        "received",
        "result",
        "rules",
        "senders",
        "t",
        "taken",
        "trick",
        "trick_mask",
        "tricks",
        "tricks_played",
        "tricks_won",
        "turn",
    )

    rules: Ruleset
    t: RuleTables
    n: int
    phase: Phase
    direction: PassDirection
    dealt: tuple[int, ...]
    hands: list[int]
    kitty: int
    passes: list[tuple[Card, ...] | None]
    received: list[tuple[Card, ...]]
    senders: list[tuple[int, ...]]
    opening_card: int
    leader: int
    turn: int
    trick: list[int]
    trick_mask: int
    led_suit: int
    hearts_broken: bool
    tricks_played: int
    taken: list[int]
    tricks_won: list[int]
    tricks: list[Trick]
    kitty_taker: int | None
    moon_candidate: int | None
    result: HandResult | None

    def __new__(
        cls,
        rules: Ruleset,
        hands: Sequence[int],
        kitty: int = 0,
        direction: PassDirection = PassDirection.HOLD,
        events: list[Event] | None = None,
    ) -> HandState:
        """A blank state, filled in by ``__init__`` or ``copy``. Written out because the
        compiled build's ``HandState.__new__(HandState)`` would run ``__init__`` too, and a
        copy must not: it goes through this, whose arguments are only those of ``__init__``."""
        return object.__new__(cls)

    def __init__(
        self,
        rules: Ruleset,
        hands: Sequence[int],
        kitty: int = 0,
        direction: PassDirection = PassDirection.HOLD,
        events: list[Event] | None = None,
    ) -> None:
        t = rules.tables
        _check_deal(t, hands, kitty)
        self.rules = rules
        self.t = t
        self.n = t.players
        self.direction = direction
        self.dealt = tuple(hands)
        self.hands = list(hands)
        self.kitty = kitty
        self.passes = [None] * self.n
        self.received = [()] * self.n
        self.senders = [()] * self.n
        self.trick = []
        self.trick_mask = 0
        self.led_suit = -1
        self.hearts_broken = False
        self.tricks_played = 0
        self.taken = [0] * self.n
        self.tricks_won = [0] * self.n
        self.tricks = []
        self.kitty_taker = None
        self.moon_candidate = None
        self.result = None
        self.opening_card = -1
        self.leader = self.turn = -1
        if direction is PassDirection.HOLD:
            self._start_play()
        else:
            self.phase = Phase.PASSING

    # Static, not class, methods: the compiled build makes a ``HandState(...)`` natively, where
    # ``cls(...)`` is a call through Python's type machinery, as dear as the rest of a deal.
    @staticmethod
    def deal_new(rules: Ruleset, rng: random.Random, direction: PassDirection = PassDirection.HOLD) -> HandState:
        hands, kitty = deal(rules, rng)
        return HandState(rules, hands, kitty, direction)

    @staticmethod
    def position(
        rules: Ruleset,
        hands: Sequence[int],
        kitty: int,
        leader: int,
        trick: Sequence[int],
        tricks: Sequence[Trick],
    ) -> HandState:
        """A hand in play, rebuilt at an exact point from the cards still held.

        Search bots deal the cards they cannot see in many ways and play each deal out from
        where the table stands. ``hands`` are the cards each seat still holds, ``tricks``
        the finished tricks, ``trick`` the cards of the current one (led by ``leader``).
        Everything else follows from these: what each seat held when play began (``dealt``),
        who took what (with the kitty), whether hearts are broken, whose turn it is. A
        position that cannot arise (a card in two places, wrong hand sizes) raises
        ValueError. The pass is not recorded: the position starts after it.
        """
        t = rules.tables
        n = t.players
        dealt = list(hands)
        taken = [0] * n
        tricks_won = [0] * n
        played = 0
        for finished in tricks:
            for position, c in enumerate(finished.cards):
                dealt[(finished.leader + position) % n] |= 1 << c
            won = mask_of(finished.cards)
            taken[finished.winner] |= won
            tricks_won[finished.winner] += 1
            played |= won
        for position, in_play in enumerate(trick):
            dealt[(leader + position) % n] |= 1 << in_play
        trick_mask = mask_of(trick)
        state = HandState(rules, dealt, kitty)  # ``dealt`` as held when play began: sets the opening card
        state.hands = list(hands)
        if tricks and kitty:
            state.kitty_taker = tricks[0].winner
            taken[tricks[0].winner] |= kitty
        state.leader = leader
        state.turn = (leader + len(trick)) % n
        state.trick = list(trick)
        state.trick_mask = trick_mask
        state.led_suit = trick[0] // RANKS_PER_SUIT if trick else -1
        state.hearts_broken = bool((played | trick_mask) & t.breaks_hearts)
        state.tricks_played = len(tricks)
        state.taken = taken
        state.tricks_won = tricks_won
        state.tricks = list(tricks)
        return state

    def copy(self) -> HandState:
        """An independent copy (bots branch simulations from it; undo keeps snapshots)."""
        other = HandState.__new__(HandState, self.rules, self.dealt)
        # Field by field, not through ``__slots__``: the compiled build's native class has no
        # slots to read, and written out it is faster in pure Python too.
        other.rules = self.rules
        other.t = self.t
        other.n = self.n
        other.phase = self.phase
        other.direction = self.direction
        other.dealt = self.dealt
        other.hands = self.hands[:]
        other.kitty = self.kitty
        other.passes = self.passes[:]
        other.received = self.received[:]
        other.senders = self.senders[:]
        other.opening_card = self.opening_card
        other.leader = self.leader
        other.turn = self.turn
        other.trick = self.trick[:]
        other.trick_mask = self.trick_mask
        other.led_suit = self.led_suit
        other.hearts_broken = self.hearts_broken
        other.tricks_played = self.tricks_played
        other.taken = self.taken[:]
        other.tricks_won = self.tricks_won[:]
        other.tricks = self.tricks[:]
        other.kitty_taker = self.kitty_taker
        other.moon_candidate = self.moon_candidate
        other.result = self.result
        return other

    # ----------------------------------------------------------------- any phase

    def to_act(self) -> list[int]:
        """Seats whose decision the hand waits for: every seat yet to pass while passing
        (passes are chosen at once), the seat to play, the shooter choosing how a moon
        scores, and nobody once the hand is scored."""
        phase = self.phase
        if phase is Phase.PLAYING:
            return [self.turn]
        if phase is Phase.PASSING:
            return [seat for seat, chosen in enumerate(self.passes) if chosen is None]
        if phase is Phase.MOON_CHOICE:
            assert self.moon_candidate is not None
            return [self.moon_candidate]
        return []

    def illegal_reason(self, action: Action) -> str | None:
        """Why ``action`` may not be taken now, written for the player; None when it may."""
        if isinstance(action, PlayAction):
            return self.illegal_play_reason(action.seat, action.card)
        if isinstance(action, PassAction):
            return self.illegal_pass_reason(action.seat, action.cards)
        return self.illegal_moon_reason(action.seat, action.choice)

    def apply(self, action: Action, events: list[Event] | None = None) -> None:
        """Take a seat's action in whatever phase the hand is; an illegal one raises
        IllegalMove with the reason and leaves the hand as it was."""
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalMove(reason)
        if isinstance(action, PlayAction):
            self.play(action.card, events)
        elif isinstance(action, PassAction):
            self.pass_cards(action.seat, action.cards, events)
        else:
            self._finish_scoring(None, action.choice)

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, none when the hand does not wait for it: each
        legal card, each way to score a moon, or each choice of cards to pass (in every order
        when they go to different seats, since the order then says who gets which)."""
        if seat not in self.to_act():
            return []
        phase = self.phase
        if phase is Phase.PLAYING:
            return [PlayAction(seat, card) for card in cards_of(self.legal_mask())]
        if phase is Phase.MOON_CHOICE:
            return [MoonAction(seat, choice) for choice in MOON_CHOICES]
        held = cards_of(self.hands[seat])
        choose = permutations if self._pass_order_matters() else combinations
        return [PassAction(seat, cards) for cards in choose(held, CARDS_PASSED)]

    def random_action(self, seat: int, rng: random.Random) -> Action:
        """One of ``legal_actions(seat)`` at random, a pass drawn without listing them all:
        the policy of random playouts, the fuzzers and the tests. IllegalMove when the hand
        does not wait for ``seat``."""
        if self.phase is Phase.PASSING and 0 <= seat < self.n and self.passes[seat] is None:
            cards = draws.sample(rng, cards_of(self.hands[seat]), CARDS_PASSED)
            return _new_named_tuple(PassAction, (seat, tuple(cards if self._pass_order_matters() else sorted(cards))))
        actions = self.legal_actions(seat)
        if not actions:
            raise IllegalMove(f"Seat {seat} has nothing to decide now.")
        return draws.choice(rng, actions)

    def _pass_order_matters(self) -> bool:
        """Whether the order of passed cards says who gets which: each goes to another seat."""
        return self.direction is PassDirection.SCATTER

    # ----------------------------------------------------------------- passing

    def pass_targets(self, seat: int) -> tuple[int, ...]:
        """The receiver of each passed card, in the order the cards are given."""
        return tuple((seat + off) % self.n for off in self.direction.offsets(self.n))

    def waiting_to_pass(self) -> list[int]:
        return self.to_act() if self.phase is Phase.PASSING else []

    def illegal_pass_reason(self, seat: int, cards: Sequence[int]) -> str | None:
        if self.phase is not Phase.PASSING:
            return NO_PASSING_NOW()
        if not 0 <= seat < self.n:
            return NO_SUCH_SEAT(seat=seat)
        if self.passes[seat] is not None:
            return ALREADY_PASSED()
        if len(cards) != CARDS_PASSED:
            return PASS_HOW_MANY(count=CARDS_PASSED)
        chosen = mask_of(cards)
        if chosen.bit_count() != len(cards):
            return PASS_DIFFERENT()
        missing = chosen & ~self.hands[seat]
        if missing:  # the first one named as the player gave them
            first = next(c for c in cards if missing >> c & 1)
            return NOT_HELD(card=CARDS[first])
        return None

    def pass_cards(self, seat: int, cards: Sequence[int], events: list[Event] | None = None) -> None:
        """Record a seat's pass; when everyone has chosen, all passes are delivered at once."""
        chosen = tuple(CARDS[c] for c in cards)
        self.passes[seat] = chosen
        if events is not None:
            events.append(PassChosen(seat, chosen))
        if all(chosen is not None for chosen in self.passes):
            self._exchange(events)

    def _exchange(self, events: list[Event] | None) -> None:
        n = self.n
        hands = self.hands
        offsets = self.direction.offsets(n)
        received: list[list[Card]] = [[] for _ in range(n)]
        senders: list[list[int]] = [[] for _ in range(n)]
        for seat, chosen in enumerate(self.passes):
            assert chosen is not None
            hands[seat] = hands[seat] & ~mask_of(chosen)  # written out as in ``play``
            for c, offset in zip(chosen, offsets):  # as pass_targets(seat) gives them
                target = (seat + offset) % n
                received[target].append(c)
                senders[target].append(seat)
        for seat in range(n):
            hands[seat] = hands[seat] | mask_of(received[seat])
        self.received = [tuple(r) for r in received]
        self.senders = [tuple(s) for s in senders]
        self._start_play()
        if events is not None:
            events.append(CardsExchanged(tuple(self.received), tuple(self.senders), self.leader))

    def _start_play(self) -> None:
        held = 0
        for h in self.hands:
            held |= h
        self.opening_card = lowest_card(held & SUIT_MASKS[Suit.CLUBS])
        bit = 1 << self.opening_card
        self.leader = self.turn = next(s for s in range(self.n) if self.hands[s] & bit)
        self.phase = Phase.PLAYING

    # ----------------------------------------------------------------- playing

    def legal_mask(self) -> int:
        """The cards the seat to play may play, as a mask (never empty while playing)."""
        hand = self.hands[self.turn]
        if self.trick:
            follow = hand & SUIT_MASKS[self.led_suit]
            if follow:
                return follow
            if self.tricks_played == 0:
                safe = hand & ~self.t.first_trick_forbidden
                if safe:
                    return safe
            return hand
        if self.tricks_played == 0:
            return 1 << self.opening_card
        if not self.hearts_broken:
            safe = hand & ~HEARTS_MASK
            if safe:
                return safe
        return hand

    def legal_cards(self) -> tuple[Card, ...]:
        if self.phase is not Phase.PLAYING:
            return ()
        if self.trick:  # following, when the seat can: the led suit's cards in one look-up
            suit = self.led_suit
            follow = self.hands[self.turn] >> suit * RANKS_PER_SUIT & SUIT_BITS
            if follow:
                return suit_cards(suit, follow)
        return cards_of(self.legal_mask())

    def illegal_play_reason(self, seat: int, card: int) -> str | None:
        """Why ``seat`` may not play ``card`` now, or None when the play is legal."""
        if self.phase is Phase.PASSING:
            return PASS_FIRST()
        if self.phase is not Phase.PLAYING:
            return HAND_OVER()
        if seat != self.turn:
            return NOT_YOUR_TURN()
        if not 0 <= card < 52:
            return _(NOT_HELD.message).format(card=repr(card))  # no card: nothing to send a friend
        if not self.hands[seat] >> card & 1:
            return NOT_HELD(card=CARDS[card])
        if self.legal_mask() >> card & 1:
            return None
        hand = self.hands[seat]
        if not self.trick:
            if self.tricks_played == 0:
                return OPENING_CARD_LEADS(card=CARDS[self.opening_card])
            return HEARTS_NOT_BROKEN()
        if hand & SUIT_MASKS[self.led_suit]:
            return FOLLOW_SUIT(suit=Suit(self.led_suit))
        return NO_POINTS_FIRST_TRICK()

    def play(self, card: int, events: list[Event] | None = None) -> None:
        """Play ``card`` for the seat to act; the caller guarantees it is legal."""
        seat = self.turn
        bit = 1 << card
        hands = self.hands  # not ``^=``: compiled, that is Python's number protocol on two boxed ints
        hands[seat] = hands[seat] ^ bit
        trick = self.trick
        trick.append(card)
        self.trick_mask |= bit
        if len(trick) == 1:
            self.led_suit = card // RANKS_PER_SUIT
        if events is not None:
            events.append(CardPlayed(seat, CARDS[card], self.tricks_played))
        if not self.hearts_broken and bit & self.t.breaks_hearts:
            self.hearts_broken = True
            if events is not None:
                events.append(HeartsBroken(seat, CARDS[card]))
        if len(trick) < self.n:
            self.turn = seat + 1 if seat + 1 < self.n else 0
        else:
            self._finish_trick(events)

    def _finish_trick(self, events: list[Event] | None) -> None:
        trick = self.trick
        best = (self.trick_mask & SUIT_MASKS[self.led_suit]).bit_length() - 1
        winner = (self.leader + trick.index(best)) % self.n
        won = self.trick_mask
        kitty_cards: tuple[Card, ...] = ()
        if self.tricks_played == 0 and self.kitty:
            won |= self.kitty
            self.kitty_taker = winner
            kitty_cards = cards_of(self.kitty)
        taken = self.taken  # written out, not ``|=`` and ``+=``, for the compiled build (as in ``play``)
        taken[winner] = taken[winner] | won
        tricks_won = self.tricks_won
        tricks_won[winner] = tricks_won[winner] + 1
        finished = _new_named_tuple(Trick, (self.leader, tuple(CARDS[c] for c in trick), winner))
        self.tricks.append(finished)
        if events is not None:
            events.append(
                TrickWon(
                    winner, finished.cards, self.leader, self.t.points_in(self.trick_mask),
                    self.tricks_played, kitty_cards,
                )
            )
        self.tricks_played += 1
        self.trick = []
        self.trick_mask = 0
        self.led_suit = -1
        self.leader = self.turn = winner
        if self.tricks_played == self.t.tricks_per_hand:
            self._score(events)

    # ----------------------------------------------------------------- scoring

    def _score(self, events: list[Event] | None) -> None:
        t = self.t
        sweeper = shooter = None  # at most one seat takes every trick, or every moon card
        for seat in range(self.n):
            if self.tricks_won[seat] == t.tricks_per_hand:
                sweeper = seat
            if self.taken[seat] & t.moon_mask == t.moon_mask:
                shooter = seat
        moon = self.rules.moon
        if sweeper is not None and self.rules.sweep_bonus:
            self._finish_scoring(sweeper, None)
        elif shooter is not None and moon is not MoonScoring.OFF:
            if moon is MoonScoring.SHOOTERS_CHOICE:
                self.phase = Phase.MOON_CHOICE
                self.moon_candidate = shooter
                if events is not None:
                    events.append(MoonChoiceNeeded(shooter))
                return
            self._finish_scoring(None, moon)
        else:
            self._finish_scoring(None, None)

    def illegal_moon_reason(self, seat: int, choice: MoonScoring) -> str | None:
        """Why ``seat`` may not score the moon as ``choice`` now, or None when it may."""
        if self.phase is not Phase.MOON_CHOICE:
            return NO_MOON_NOW()
        if seat != self.moon_candidate:
            return NOT_THE_SHOOTER()
        if choice not in MOON_CHOICES:
            return MOON_CHOICE()
        return None

    def _finish_scoring(self, sweeper: int | None, moon_choice: MoonScoring | None) -> None:
        """Score the hand: a sweep, a moon scored as ``moon_choice``, or the cards as taken."""
        t = self.t
        card_points = tuple(t.points_in(m) for m in self.taken)
        shooter = None
        if sweeper is not None:
            points = [t.sweep_points] * self.n
            points[sweeper] = 0
        elif moon_choice is not None:
            shooter = next(s for s in range(self.n) if self.taken[s] & t.moon_mask == t.moon_mask)
            if moon_choice is MoonScoring.ADD_TO_OTHERS:
                points = [t.penalty_total] * self.n
                points[shooter] = 0
            else:
                points = [0] * self.n
                points[shooter] = -t.penalty_total
        else:
            points = list(card_points)
        special = sweeper is not None or shooter is not None
        if special and t.jack_bonus and not self.rules.moon_needs_jack:
            # The jack's bonus is counted apart from a moon or sweep unless it is part of it.
            jack_holder = next(s for s in range(self.n) if self.taken[s] >> JACK_OF_DIAMONDS & 1)
            points[jack_holder] += t.jack_bonus
        self.result = _new_named_tuple(HandResult, (  # its fields in order
            tuple(points), card_points, tuple(self.taken), tuple(self.tricks_won), shooter, moon_choice,
            sweeper, cards_of(self.kitty), self.kitty_taker,
        ))
        self.moon_candidate = None
        self.phase = Phase.SCORED

    # ----------------------------------------------------------------- queries

    def points_taken_in_tricks(self) -> list[int]:
        """Points each seat has taken in tricks so far (the face-down kitty not included)."""
        totals = [0] * self.n
        for finished in self.tricks:
            totals[finished.winner] += self.t.points_in(mask_of(finished.cards))
        return totals

    def outcome_decided(self) -> bool:
        """Whether every way of playing the rest of the hand scores the same.

        True when no card that scores is still to be played and no sweep can still happen,
        or when the seat on lead holds only cards that no one can beat (it takes every
        remaining trick whatever is played). The table then offers to finish the hand.
        """
        if self.phase is not Phase.PLAYING or self.tricks_played == 0:
            return False
        t = self.t
        unplayed = self.trick_mask
        for h in self.hands:
            unplayed |= h
        if not unplayed & t.scoring_mask:
            winners = {finished.winner for finished in self.tricks}
            if len(winners) > 1 or not self.rules.sweep_bonus:
                return True
        if self.trick:
            return False
        mine = self.hands[self.turn]
        others = 0
        for seat, h in enumerate(self.hands):
            if seat != self.turn:
                others |= h
        for suit in range(4):
            my_cards = mine & SUIT_MASKS[suit]
            their_cards = others & SUIT_MASKS[suit]
            if my_cards and their_cards and lowest_card(my_cards) < their_cards.bit_length() - 1:
                return False
        return True

    def cards_left(self) -> list[int]:
        return [h.bit_count() for h in self.hands]


def _check_deal(t: RuleTables, hands: Sequence[int], kitty: int) -> None:
    if len(hands) != t.players:
        raise ValueError(f"expected {t.players} hands, got {len(hands)}")
    seen = kitty
    for seat, h in enumerate(hands):
        if h.bit_count() != t.hand_size:
            raise ValueError(f"seat {seat} holds {h.bit_count()} cards, not {t.hand_size}")
        if seen & h:
            raise ValueError(f"seat {seat}'s hand repeats a card dealt elsewhere")
        seen |= h
    if seen != t.deck or kitty.bit_count() != t.kitty_size:
        raise ValueError("the hands and kitty do not make up this ruleset's deck")
