"""The messages between a host and its friends: typed, versioned JSON with a size limit.

Every message is a msgspec struct tagged by its ``type``; decoding checks every field's
type and range (cards are two characters like ``QS``, seats are 0 to 4, lists are bounded)
and refuses unknown fields and unknown types, so the host's game code only ever sees
well-formed messages. ``PROTOCOL`` changes whenever a message changes shape; a ``hello``
from another protocol is answered with the version the host runs (``probe_hello`` reads
just those fields, whatever the rest of that program's hello looks like).

The wire forms mirror the engine's objects field by field (``WireView`` is a
``PlayerView``, the event structs are the engine's events) with cards as text, and the
conversions live here, so nothing else knows the wire format.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from enum import Enum
from typing import Annotated, Any, Final, Literal, TypeAlias, Union, get_args, get_origin, get_type_hints

import msgspec
from msgspec import Meta, Struct

from .. import __version__
from ..controller.table import BotFailed, Refused, TableEvent, TableReset
from ..engine import (
    CARDS,
    Card,
    CardPlayed,
    CardsExchanged,
    Event,
    GameOver,
    HandDealt,
    HandResult,
    HandScored,
    HeartsBroken,
    MoonChoiceNeeded,
    MoonScoring,
    PassChosen,
    PassDirection,
    Phase,
    PlayerView,
    Ruleset,
    TieForLowest,
    Trick,
    TrickWon,
    cards_of,
    mask_of,
)
from ..language import PHRASE_VALUES, Phrase, Said, _, phrase_of
from ..persistence.saves import MAX_SEED
from ..persistence.seats import MAX_NAME_LENGTH
from ..words import Level, Pace
from .names import shown_text
from .phrases import MALFORMED, NOT_A_MESSAGE, TOO_DEEP, TOO_LARGE

PROTOCOL: Final = 6
"""6: a host's sentences are ``Note``s (a phrase and its values), said in the friend's language.
5: ``GameRecord``, the whole game for a friend's history once it is over.
4: a seat is given back only for its token or by the host, who is asked while the friend
reads ``Waiting``; ``SeatInfo.stand_in`` says when a computer plays a connected friend's seat.
3: the wire view holds no seat levels. 2: levels and paces are the words of
``hearts_desktop.words``."""
VERSION_LENGTH: Final = 32
"""Characters of a program's version on the wire (and of another program's, quoted back)."""
TEXT_LENGTH: Final = 300
"""Characters of a sentence for the player (a refusal, a reason): a sentence is far shorter."""
SHOWN_VALUE_LENGTH: Final = 200
"""Characters of a note's word the friend shows: a malformed message's details, the longest
a host sends, are cut to this."""
MAX_MESSAGE_BYTES: Final = 64 * 1024
"""No message comes near this (a whole table is about 3 KB); anything larger is refused
by the transport before it is read."""
MAX_RECORD_CHARACTERS: Final = MAX_MESSAGE_BYTES - 1024
"""The moves of a finished game that fit in one message: about a hundred hands (a game to
100 takes 6 KB). A longer game is not sent, and the friend's history lacks it."""

SeatInfoKind: TypeAlias = Literal["host", "friend", "computer", "open"]
StandIn: TypeAlias = Literal["", "slow", "host"]
"""Why a computer plays a connected friend's seat for now: they let a turn pass
(``slow``: their next move takes it back), or the host gave it to a computer (``host``)."""
CardText = Annotated[str, Meta(pattern=r"^[2-9TJQKA][CDSH]$")]
SeatNo = Annotated[int, Meta(ge=0, le=4)]
Cards = Annotated[list[CardText], Meta(max_length=52)]
Seats = Annotated[list[SeatNo], Meta(max_length=52)]
Points = Annotated[int, Meta(ge=-100_000, le=100_000)]
Scores = Annotated[list[Points], Meta(max_length=5)]
Name = Annotated[str, Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
Text = Annotated[str, Meta(max_length=TEXT_LENGTH)]
Token = Annotated[str, Meta(max_length=64)]
Version = Annotated[str, Meta(max_length=VERSION_LENGTH)]
Count = Annotated[int, Meta(ge=0, le=1_000_000)]
MaybeSeat = Annotated[int, Meta(ge=-1, le=4)]
RuleValue = bool | int | str
NoteValue = Annotated[int, Meta(ge=-1_000_000, le=1_000_000)] | Text


class Message(Struct, tag_field="type", forbid_unknown_fields=True):
    """Base of every message: the ``type`` field names the struct."""


# ---------------------------------------------------------------------- friend to host

class Hello(Message, tag="hello"):
    """The first message on a connection: who is knocking, with which code and program."""

    protocol: int
    version: Version
    code: Annotated[str, Meta(max_length=16)]
    name: Name
    token: Token = ""
    """The seat's rejoin token from an earlier ``Welcome``: the same seat back."""


class Play(Message, tag="play"):
    seat: SeatNo
    card: CardText


class PassCards(Message, tag="pass"):
    seat: SeatNo
    cards: Annotated[list[CardText], Meta(max_length=4)]


class Moon(Message, tag="moon"):
    seat: SeatNo
    choice: Literal["add-to-others", "subtract-from-shooter"]


class Ready(Message, tag="ready"):
    """The friend has read hand ``hand_index``'s score: deal on when everyone has."""

    hand_index: Count


class Leave(Message, tag="leave"):
    """Leaving the table for good: a computer takes the seat."""


ClientMessage: TypeAlias = Hello | Play | PassCards | Moon | Ready | Leave
Move: TypeAlias = Play | PassCards | Moon


# ---------------------------------------------------------------------- host to friend

class SeatInfo(Struct, forbid_unknown_fields=True, frozen=True):
    """One seat as every friend sees it; ``kind`` is ``open`` until someone sits there."""

    name: Name
    kind: SeatInfoKind
    level: Level
    connected: bool = True
    stand_in: StandIn = ""


class Welcome(Message, tag="welcome"):
    protocol: int
    version: Version
    seat: SeatNo
    token: Token
    host: Name
    rules: dict[Annotated[str, Meta(max_length=40)], RuleValue]
    pace: Pace


class Lobby(Message, tag="lobby"):
    """Before the game: who sits where, as seats fill."""

    seats: Annotated[list[SeatInfo], Meta(max_length=5)]


class WireTrick(Struct, forbid_unknown_fields=True, frozen=True):
    leader: SeatNo
    cards: Cards
    winner: SeatNo


class WireView(Struct, forbid_unknown_fields=True, frozen=True):
    """A ``PlayerView``, field for field, masks as card lists."""

    seat: SeatNo
    hand_index: Count
    phase: Literal["passing", "playing", "moon-choice", "scored"]
    hand: Cards
    direction: Literal["left", "right", "across", "scatter", "hold"]
    pass_targets: Seats
    passed: Cards | None
    received: Cards
    received_from: Seats
    waiting_to_pass: Seats
    opening_card: CardText | None
    leader: MaybeSeat
    turn: MaybeSeat
    trick: Cards
    tricks: Annotated[list[WireTrick], Meta(max_length=17)]
    hearts_broken: bool
    cards_left: Annotated[list[Annotated[int, Meta(ge=0, le=17)]], Meta(max_length=5)]
    points_taken: Scores
    kitty_size: Annotated[int, Meta(ge=0, le=2)]
    kitty_taker: SeatNo | None
    totals: Scores
    history: Annotated[list[Scores], Meta(max_length=10_000)]
    moon_chooser: SeatNo | None
    legal: Cards


class WireResult(Struct, forbid_unknown_fields=True, frozen=True):
    """A scored hand (``HandResult``): public once the hand is scored."""

    points: Scores
    card_points: Scores
    taken: Annotated[list[Cards], Meta(max_length=5)]
    tricks_won: Scores
    moon_shooter: SeatNo | None
    moon_choice: Literal["add-to-others", "subtract-from-shooter", "shooters-choice", "off"] | None
    sweeper: SeatNo | None
    kitty: Cards
    kitty_taker: SeatNo | None


class WireEvent(Struct, tag_field="type", forbid_unknown_fields=True):
    """Base of the events; each mirrors the engine event of the same fields."""


class DealtEvent(WireEvent, tag="dealt"):
    hand_index: Count
    hands: Annotated[list[Cards], Meta(max_length=5)]
    kitty_size: Annotated[int, Meta(ge=0, le=2)]
    direction: Literal["left", "right", "across", "scatter", "hold"]


class PassChosenEvent(WireEvent, tag="pass-chosen"):
    seat: SeatNo
    cards: Cards


class ExchangedEvent(WireEvent, tag="exchanged"):
    received: Annotated[list[Cards], Meta(max_length=5)]
    senders: Annotated[list[Seats], Meta(max_length=5)]
    leader: SeatNo


class PlayedEvent(WireEvent, tag="played"):
    seat: SeatNo
    card: CardText
    trick_number: Annotated[int, Meta(ge=0, le=17)]


class HeartsBrokenEvent(WireEvent, tag="hearts-broken"):
    seat: SeatNo
    card: CardText


class TrickWonEvent(WireEvent, tag="trick-won"):
    winner: SeatNo
    cards: Cards
    leader: SeatNo
    points: Points
    trick_number: Annotated[int, Meta(ge=0, le=17)]
    kitty: Cards


class MoonNeededEvent(WireEvent, tag="moon-needed"):
    seat: SeatNo


class HandScoredEvent(WireEvent, tag="hand-scored"):
    hand_index: Count
    points: Scores
    totals: Scores
    moon_shooter: SeatNo | None
    sweeper: SeatNo | None


class TieEvent(WireEvent, tag="tie"):
    seats: Seats
    total: Points


class GameOverEvent(WireEvent, tag="game-over"):
    winner: SeatNo
    totals: Scores


class BotFailedEvent(WireEvent, tag="bot-failed"):
    """A computer hesitated and a safe card was played for it (no details leave the host)."""

    seat: SeatNo


class ResetEvent(WireEvent, tag="reset"):
    """The table jumped (a rejoin, a rematch): redraw from the view without animation."""


AnyWireEvent: TypeAlias = DealtEvent | PassChosenEvent | ExchangedEvent | PlayedEvent | HeartsBrokenEvent | TrickWonEvent | MoonNeededEvent | HandScoredEvent | TieEvent | GameOverEvent | BotFailedEvent | ResetEvent


class TableUpdate(Message, tag="table"):
    """The table after something happened: the events since the last update (redacted for
    this seat), this seat's view now, hands scored since, and who the table waits for."""

    seq: Count
    events: Annotated[list[AnyWireEvent], Meta(max_length=64)]
    view: WireView
    first_result: Count
    results: Annotated[list[WireResult], Meta(max_length=10_000)]
    seats: Annotated[list[SeatInfo], Meta(max_length=5)]
    awaiting_continue: bool
    reading: Seats
    """People still reading the last hand's score (the next deal waits for them)."""
    over: bool


class Note(Struct, forbid_unknown_fields=True, frozen=True):
    """A sentence for the friend as a phrase (``language.Phrase``): its English message and
    its values, a word (a card, a suit, a level) as its code. The friend's program says it
    in the friend's language (``said``)."""

    message: Text
    values: Annotated[dict[Annotated[str, Meta(max_length=40)], NoteValue], Meta(max_length=PHRASE_VALUES)] = {}


class Refusal(Message, tag="refused", omit_defaults=True):
    """A move or message refused, with the reason to show; the table carries on.

    Each of the host's sentences (here, ``Rejected``, ``Waiting``, ``Closing``) is a ``note``
    the friend says in its own language; ``reason`` is the host's words, shown when the
    friend's program does not know the note's phrase (``said``)."""

    reason: Text
    card: CardText | None = None
    note: Note | None = None


class Rejected(Message, tag="rejected", omit_defaults=True):
    """A join refused (wrong code, other version, full table); the host then hangs up.

    Its shape without a ``note`` is every protocol's since the first: a program of another
    protocol is turned away with a ``Rejected`` it can read, ``reason`` and no note."""

    reason: Text
    host_version: Version = ""
    note: Note | None = None


class Waiting(Message, tag="waiting", omit_defaults=True):
    """Not yet: the code waits for a check, or the host is asked for a seat; one sentence."""

    reason: Text
    note: Note | None = None


class Closing(Message, tag="closing", omit_defaults=True):
    """The host is leaving: one sentence to show, then the connection closes."""

    reason: Text
    note: Note | None = None


def note_of(sentence: str) -> Note | None:
    """The note that says ``sentence`` again in another language (None: it is no phrase)."""
    if not isinstance(sentence, Said):
        return None
    return Note(sentence.phrase.message, {name: _to_plain(value) for name, value in sentence.values.items()})


def refusal(reason: str, card: str | None = None) -> Refusal:
    return Refusal(reason[:TEXT_LENGTH], card, note_of(reason))


def rejection(reason: str) -> Rejected:
    """A join refused for ``reason``, naming the version this host runs."""
    return Rejected(reason[:TEXT_LENGTH], __version__, note_of(reason))


def waiting(reason: str) -> Waiting:
    return Waiting(reason[:TEXT_LENGTH], note_of(reason))


def closing(reason: str) -> Closing:
    return Closing(reason[:TEXT_LENGTH], note_of(reason))


def other_version(host_version: str, friend_version: str) -> str:
    """Why a friend of another version cannot join: the host says it in its words (a program
    of another protocol may read no note) and the friend's program in its own."""
    # Translators: {ours} is the host's version of the program, {theirs} the friend's.
    return _("The host runs Hearts Desktop {ours} and you have {theirs}: use the same version to play together.").format(
        ours=host_version, theirs=friend_version)


def said(message: Refusal | Rejected | Waiting | Closing) -> str:
    """What the host said, in this program's language: the note's phrase with its values;
    the host's own words when it sent no note (a host of an older protocol, which a friend
    only meets as its ``Rejected``), unless they say the versions differ, which the friend's
    program says itself from the version the host names; and a sentence saying so, quoting the host's words,
    when the note is no phrase this program has or its values do not fit the phrase.

    A host's words and a note's words are ``shown_text``: one line of what can be seen. A
    control character would crash the drawing, a line break would draw a second sentence
    the host made up; words with nothing visible left read as a sentence saying so."""
    reason = shown_text(message.reason, TEXT_LENGTH)
    note = message.note
    if isinstance(message, Rejected) and note is None:
        host_version = shown_text(message.host_version, VERSION_LENGTH)
        if host_version and host_version != __version__:  # the host's words may be a language we do not read
            return other_version(host_version, __version__)
    phrase = None if note is None else phrase_of(note.message)
    values = None if note is None or phrase is None else _phrase_values(phrase, note)
    if phrase is not None and values is not None:
        return phrase(**values)
    if note is not None and reason:
        # Translators: {words} is the host's sentence, in the host's language.
        return _("The host's program said something this version cannot translate: “{words}”").format(words=reason)
    return reason or _("The host's program said something this version cannot read.")


def _phrase_values(phrase: Phrase, note: Note) -> dict[str, object] | None:
    """The note's values as the phrase takes them (a card from its code...), words as
    ``shown_text``; None when they do not fit it (a value missing, one too many, one of
    another kind, words with nothing visible)."""
    if note.values.keys() != phrase.kinds.keys():
        return None
    values = {}
    for name, plain in note.values.items():
        kind = phrase.kinds[name]
        if isinstance(plain, str):
            plain = shown_text(plain, SHOWN_VALUE_LENGTH)
            if not plain:
                return None  # nothing visible: "The host gave your seat to ." says nothing
        try:
            value = _from_plain(plain, kind)
        except (ValueError, TypeError, KeyError, AttributeError):
            return None
        if not isinstance(value, kind):
            return None
        values[name] = value
    return values


class GameRecord(Message, tag="record"):
    """The whole game, sent to each friend once it is over (nothing is hidden any more): its
    seed and its moves (``history.moves_text``), so the friend's history keeps it as the host's."""

    seed: Annotated[int, Meta(ge=0)]
    """At most ``MAX_SEED`` (msgspec bounds stop at 2**63), which ``checked_seed`` makes sure of."""
    moves: Annotated[str, Meta(max_length=MAX_RECORD_CHARACTERS)]


def checked_seed(record: GameRecord) -> int:
    """The record's seed, one a save can hold; ValueError for any other."""
    if record.seed > MAX_SEED:
        raise ValueError(f"a seed past {MAX_SEED}")
    return record.seed


HostMessage: TypeAlias = Welcome | Lobby | TableUpdate | Refusal | Rejected | Waiting | Closing | GameRecord


class HelloProbe(Struct):
    """Just enough of any program's hello to answer a different version politely."""

    type: str = ""
    protocol: int = -1
    version: str = "an unknown version"


_encoder = msgspec.json.Encoder()
_client_decoder = msgspec.json.Decoder(ClientMessage)
_host_decoder = msgspec.json.Decoder(HostMessage)
_probe_decoder = msgspec.json.Decoder(HelloProbe)


class BadMessage(ValueError):
    """A message that is not one of ours; ``str`` says what is wrong, ``reason`` says it as
    the phrase the refusal sends."""

    @property
    def reason(self) -> str:
        reason: str = self.args[0]
        return reason


def encode(message: Message) -> bytes:
    return _encoder.encode(message)


def encode_struct(value: Struct) -> bytes:
    return _encoder.encode(value)


def _decode(decoder: msgspec.json.Decoder[Any], data: bytes) -> Any:
    if len(data) > MAX_MESSAGE_BYTES:
        raise BadMessage(TOO_LARGE(size=len(data), limit=MAX_MESSAGE_BYTES))
    try:
        return decoder.decode(data)
    except msgspec.ValidationError as error:
        raise BadMessage(MALFORMED(details=str(error)[:SHOWN_VALUE_LENGTH])) from None
    except msgspec.DecodeError as error:
        raise BadMessage(NOT_A_MESSAGE(details=str(error)[:SHOWN_VALUE_LENGTH])) from None
    except RecursionError:
        raise BadMessage(TOO_DEEP()) from None


def decode_client(data: bytes) -> ClientMessage:
    """A friend's message, checked field by field; BadMessage says what is wrong."""
    message: ClientMessage = _decode(_client_decoder, data)
    return message


def decode_host(data: bytes) -> HostMessage:
    message: HostMessage = _decode(_host_decoder, data)
    return message


def probe_hello(data: bytes) -> HelloProbe | None:
    """The protocol and version a hello claims, or None when it is not even that."""
    try:
        probe = _probe_decoder.decode(data)
    except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
        return None
    return probe if probe.type == "hello" else None


# ---------------------------------------------------------------------- conversions


def card_texts(cards: Sequence[int]) -> list[str]:
    return [str(CARDS[c]) for c in cards]


def parse_card_texts(texts: Sequence[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)


def view_to_wire(view: PlayerView) -> WireView:
    return WireView(
        seat=view.seat,
        hand_index=view.hand_index,
        phase=view.phase.value,
        hand=card_texts(cards_of(view.hand)),
        direction=view.direction.value,
        pass_targets=list(view.pass_targets),
        passed=None if view.passed is None else card_texts(view.passed),
        received=card_texts(view.received),
        received_from=list(view.received_from),
        waiting_to_pass=list(view.waiting_to_pass),
        opening_card=str(CARDS[view.opening_card]) if view.opening_card >= 0 else None,
        leader=view.leader,
        turn=view.turn,
        trick=card_texts(view.trick),
        tricks=[WireTrick(t.leader, card_texts(t.cards), t.winner) for t in view.tricks],
        hearts_broken=view.hearts_broken,
        cards_left=list(view.cards_left),
        points_taken=list(view.points_taken),
        kitty_size=view.kitty_size,
        kitty_taker=view.kitty_taker,
        totals=list(view.totals),
        history=[list(h) for h in view.history],
        moon_chooser=view.moon_chooser,
        legal=card_texts(cards_of(view.legal)),
    )


def view_from_wire(wire: WireView, rules: Ruleset) -> PlayerView:
    """The view a host sent; ValueError when it cannot be a view of these rules."""
    players = rules.players
    if len(wire.cards_left) != players or len(wire.totals) != players:
        raise ValueError(f"a view of a {players}-player table has {players} seats")
    if wire.seat >= players:
        raise ValueError(f"there is no seat {wire.seat} at a {players}-player table")
    return PlayerView(
        seat=wire.seat,
        rules=rules,
        hand_index=wire.hand_index,
        phase=Phase(wire.phase),
        hand=mask_of(parse_card_texts(wire.hand)),
        direction=PassDirection(wire.direction),
        pass_targets=tuple(wire.pass_targets),
        passed=None if wire.passed is None else parse_card_texts(wire.passed),
        received=parse_card_texts(wire.received),
        received_from=tuple(wire.received_from),
        waiting_to_pass=tuple(wire.waiting_to_pass),
        opening_card=Card.parse(wire.opening_card) if wire.opening_card else -1,
        leader=wire.leader,
        turn=wire.turn,
        trick=parse_card_texts(wire.trick),
        tricks=tuple(Trick(t.leader, parse_card_texts(t.cards), t.winner) for t in wire.tricks),
        hearts_broken=wire.hearts_broken,
        cards_left=tuple(wire.cards_left),
        points_taken=tuple(wire.points_taken),
        kitty_size=wire.kitty_size,
        kitty_taker=wire.kitty_taker,
        totals=tuple(wire.totals),
        history=tuple(tuple(h) for h in wire.history),
        moon_chooser=wire.moon_chooser,
        legal=mask_of(parse_card_texts(wire.legal)),
    )


def result_to_wire(result: HandResult) -> WireResult:
    return WireResult(
        points=list(result.points),
        card_points=list(result.card_points),
        taken=[card_texts(cards_of(mask)) for mask in result.taken],
        tricks_won=list(result.tricks_won),
        moon_shooter=result.moon_shooter,
        moon_choice=None if result.moon_choice is None else result.moon_choice.value,
        sweeper=result.sweeper,
        kitty=card_texts(result.kitty),
        kitty_taker=result.kitty_taker,
    )


def result_from_wire(wire: WireResult) -> HandResult:
    return HandResult(
        points=tuple(wire.points),
        card_points=tuple(wire.card_points),
        taken=tuple(mask_of(parse_card_texts(cards)) for cards in wire.taken),
        tricks_won=tuple(wire.tricks_won),
        moon_shooter=wire.moon_shooter,
        moon_choice=None if wire.moon_choice is None else MoonScoring(wire.moon_choice),
        sweeper=wire.sweeper,
        kitty=parse_card_texts(wire.kitty),
        kitty_taker=wire.kitty_taker,
    )


# Engine events and their wire structs have the same field names; values are converted by
# the engine field's type (cards to text and back, enums by value), so adding an event
# means adding its struct here and nothing else.
_WIRE_EVENTS: Final[dict[type, type[WireEvent]]] = {
    HandDealt: DealtEvent,
    PassChosen: PassChosenEvent,
    CardsExchanged: ExchangedEvent,
    CardPlayed: PlayedEvent,
    HeartsBroken: HeartsBrokenEvent,
    TrickWon: TrickWonEvent,
    MoonChoiceNeeded: MoonNeededEvent,
    HandScored: HandScoredEvent,
    TieForLowest: TieEvent,
    GameOver: GameOverEvent,
}
_ENGINE_EVENTS: Final = {wire: engine for engine, wire in _WIRE_EVENTS.items()}


def _to_plain(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_to_plain(v) for v in value]
    return value


def _from_plain(value: Any, kind: Any) -> Any:
    origin = get_origin(kind)
    if kind is Card:
        return Card.parse(value)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(value)
    if origin is tuple:
        item = get_args(kind)[0]
        return tuple(_from_plain(v, item) for v in value)
    if origin is Union or (origin is not None and type(None) in get_args(kind)):
        inner = next(a for a in get_args(kind) if a is not type(None))
        return None if value is None else _from_plain(value, inner)
    return value


def event_to_wire(event: TableEvent) -> AnyWireEvent | None:
    """The wire form of a (redacted) event; None for events that never leave the host."""
    if isinstance(event, TableReset):
        return ResetEvent()
    if isinstance(event, BotFailed):
        return BotFailedEvent(event.seat)
    wire_type = _WIRE_EVENTS.get(type(event))
    if wire_type is None:
        return None
    fields = {f.name: _to_plain(getattr(event, f.name)) for f in dataclasses.fields(event)}
    wire: AnyWireEvent = wire_type(**fields)  # type: ignore[assignment]
    return wire


def event_from_wire(wire: WireEvent) -> TableEvent:
    if isinstance(wire, ResetEvent):
        return TableReset()
    if isinstance(wire, BotFailedEvent):
        return BotFailed(wire.seat, "")
    engine_type = _ENGINE_EVENTS[type(wire)]
    hints = get_type_hints(engine_type)
    values = {name: _from_plain(getattr(wire, name), hints[name]) for name in wire.__struct_fields__}
    event: Event = engine_type(**values)
    return event


def refusal_event(seat: int, message: Refusal) -> Refused:
    """The refusal as the table shows it, in this program's language."""
    return Refused(seat, said(message), Card.parse(message.card) if message.card else None)
