"""Room codes, the wire format and the redaction of events (issue 22)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_desktop.bots import Hint
from hearts_desktop.controller.table import BotFailed, HintReady, Refused, TableEvent, TableReset
from hearts_desktop.engine import (
    CardsExchanged,
    Game,
    HandDealt,
    PassChosen,
    PlayAction,
    Ruleset,
    TrickWon,
)
from hearts_desktop.net import protocol as p
from hearts_desktop.net.code import (
    ALPHABET,
    CODE_LENGTH,
    CODES,
    CodeError,
    format_code,
    new_code,
    parse_code,
)
from hearts_desktop.net.redact import redact, redact_view


def test_codes_have_no_look_alike_characters_and_read_back_in_any_form() -> None:
    assert not set("0O1IL") & set(ALPHABET) and len(set(ALPHABET)) == len(ALPHABET) == 30
    assert CODES == 729_000_000
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert len(code) == CODE_LENGTH and parse_code(format_code(code).lower()) == code
        assert parse_code(" " + code[:3] + " - " + code[3:]) == code


@pytest.mark.parametrize(("typed", "reason"), [
    ("K7M-Q2", "A room code has 6 characters, like K7M-Q2P."),
    ("K7M-Q2O", "Room codes have no 'O': check the code on the host's screen."),
    ("K7M-Q2?", "'?' is not in room codes"),
])
def test_a_mistyped_code_says_what_is_wrong(typed: str, reason: str) -> None:
    with pytest.raises(CodeError, match=reason.replace("?", r"\?")):
        parse_code(typed)


def random_game(seed: int, rules: Ruleset) -> Game:
    rng = random.Random(seed)
    game = Game(rules, seed)
    for _ in range(rng.randrange(0, 120)):
        if game.over:
            break
        game.apply(game.hand.random_action(game.to_act()[0], rng))
    return game


RULES = st.sampled_from([Ruleset(), Ruleset.for_players(3, kitty=True), Ruleset.for_players(5, kitty=True)])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), rules=RULES)
def test_a_view_crosses_the_wire_unchanged(seed: int, rules: Ruleset) -> None:
    game = random_game(seed, rules)
    for seat in range(rules.players):
        view = game.view(seat)
        wire = p.decode_host(p.encode(p.TableUpdate(
            seq=1, events=[], view=p.view_to_wire(view), first_result=0, results=[], seats=[],
            awaiting_continue=False, reading=[], over=False)))
        assert isinstance(wire, p.TableUpdate)
        assert p.view_from_wire(wire.view, rules) == view
    for result in game.results:
        assert p.result_from_wire(p.result_to_wire(result)) == result


def test_every_event_crosses_the_wire_unchanged() -> None:
    events: list[TableEvent] = []
    game = Game(Ruleset.for_players(3, kitty=True), 5, events=events)  # type: ignore[arg-type]  # the engine's events are table events too
    rng = random.Random(5)
    while not game.over and len(events) < 400:
        events += game.apply(game.hand.random_action(game.to_act()[0], rng))
    events += [TableReset(), BotFailed(2, "")]
    kinds = set()
    for event in events:
        wire = p.event_to_wire(event)
        assert wire is not None
        kinds.add(type(wire).__name__)
        assert p.event_from_wire(wire) == event
    assert len(kinds) >= 9


def test_hidden_cards_are_cut_from_events_for_other_seats() -> None:
    rules = Ruleset.for_players(3, kitty=True)
    events: list[object] = []
    Game(rules, 8, events=events)  # type: ignore[arg-type]
    dealt = events[0]
    assert isinstance(dealt, HandDealt)
    mine = redact(dealt, 1)
    assert isinstance(mine, HandDealt) and mine.hands[1] == dealt.hands[1] and mine.hands[0] == mine.hands[2] == ()
    chosen = PassChosen(0, dealt.hands[0][:3])
    assert redact(chosen, 0) == chosen and redact(chosen, 1) == PassChosen(0, ())
    exchanged = CardsExchanged(((dealt.hands[2][0],), (dealt.hands[0][0],), (dealt.hands[1][0],)), ((2,), (0,), (1,)), 0)
    cut = redact(exchanged, 1)
    assert isinstance(cut, CardsExchanged) and cut.received == ((), (dealt.hands[0][0],), ()) and cut.senders == exchanged.senders
    trick = TrickWon(0, dealt.hands[0][:3], 0, 0, 0, (dealt.hands[0][4],))
    assert redact(trick, 0).kitty == ()  # type: ignore[union-attr]
    assert redact(Refused(2, "no", None), 1) is None and redact(HintReady(2, Hint(PlayAction(2, dealt.hands[2][0]), "a reason")), 2) is not None
    assert redact(BotFailed(1, "Traceback: secrets"), 0) == BotFailed(1, "")


def test_the_opening_card_is_shown_only_to_its_holder_until_it_is_led() -> None:
    game = Game(Ruleset.for_players(3, kitty=True, pass_cycle=Ruleset().pass_cycle.NO_PASSING), 3)
    leader = game.hand.turn
    for seat in range(3):
        view = redact_view(game.view(seat))
        assert (view.opening_card >= 0) == (seat == leader)
    game.apply(PlayAction(leader, game.view(leader).legal_cards()[0]))
    assert all(redact_view(game.view(seat)).opening_card >= 0 for seat in range(3))


def test_probe_reads_the_version_of_any_hello() -> None:
    probe = p.probe_hello(b'{"type": "hello", "protocol": 7, "version": "2.0", "new": {"x": 1}}')
    assert probe is not None and (probe.protocol, probe.version) == (7, "2.0")
    assert p.probe_hello(b"[1, 2]") is None
    assert p.probe_hello(b'{"type": "play"}') is None


def test_deeply_nested_data_is_refused_not_a_crash() -> None:
    deep = b'{"type": "hello", "protocol": 1, "x": ' + b"[" * 30_000 + b"]" * 30_000 + b"}"
    assert p.probe_hello(deep) is None
    with pytest.raises(p.BadMessage):
        p.decode_client(deep)


def test_a_name_on_the_wire_is_as_long_as_a_seats_name_at_most() -> None:
    """One limit for names: what the wire carries is what a seat can hold."""
    from hearts_desktop.persistence.seats import MAX_NAME_LENGTH, Seat

    longest = "N" * MAX_NAME_LENGTH
    hello = p.decode_client(p.encode(p.Hello(p.PROTOCOL, "1", "K7MQ2P", longest)))
    assert isinstance(hello, p.Hello) and Seat(hello.name).name == longest
    with pytest.raises(p.BadMessage):
        p.decode_client(p.encode(p.Hello(p.PROTOCOL, "1", "K7MQ2P", longest + "N")))


def test_one_default_port_for_hosting_joining_and_the_command_line() -> None:
    from hearts_desktop.app import parse_args
    from hearts_desktop.net.link import DEFAULT_PORT
    from hearts_desktop.net.transport import parse_address

    assert parse_args([]).port == DEFAULT_PORT
    assert parse_address("192.168.1.20") == ("192.168.1.20", DEFAULT_PORT)
