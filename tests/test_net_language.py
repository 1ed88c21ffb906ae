"""A friend reads the host's sentences in the friend's language, whatever the host speaks.

The host runs in English; the friend's program speaks the bracketing language of
``test_language_core`` (every message ``⟦…⟧``), switched on around each friend's turn of the
loop, as two programs on two computers would. Every sentence a host sends (a refusal, a
rejection, a wait, a goodbye) must reach the friend as the phrase said in the friend's
language, names as they are and cards in the friend's words; a forged note never crashes
the friend's program and reads as a sentence saying what happened.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from hearts_desktop import __version__
from hearts_desktop.controller.table import WAIT_FOR_TURN, Refused
from hearts_desktop.engine import Card, Ruleset
from hearts_desktop.engine.hand import NOT_HELD
from hearts_desktop.language import Phrase
from hearts_desktop.net import names, phrases
from hearts_desktop.net import protocol as p
from hearts_desktop.net.client import ClientTable
from hearts_desktop.persistence.seats import Seat
from hearts_desktop.words import Level, SeatKind

from .net_play import NetTable, net_table, seat_friends
from .test_language_core import bracketed, whole

SEATS = [Seat("Host", SeatKind.HUMAN), Seat("Ann", SeatKind.REMOTE), Seat("Bob", SeatKind.COMPUTER),
         Seat("Cid", SeatKind.COMPUTER)]


friends_language = bracketed
"""The friend's program's language inside the block; the host's (English) after it."""


def in_friends_language(phrase: Phrase, **values: object) -> str:
    with friends_language():
        return str(phrase(**values))


def speaks_its_language(friend: ClientTable) -> ClientTable:
    """``friend`` takes in what the host sent while speaking its own language."""
    update = friend.update

    def update_in_friends_language(dt: float) -> None:
        with friends_language():
            update(dt)

    friend.update = update_in_friends_language  # type: ignore[method-assign]
    return friend


def two_languages(table: NetTable) -> NetTable:
    for friend in table.friends:
        speaks_its_language(friend)
    return table


def join(table: NetTable, name: str, code: str = "K7MQ2P", address: str = "10.0.0.2") -> ClientTable:
    return speaks_its_language(table.join(name, code=code, address=address))


def test_a_rejection_reads_in_the_friends_language() -> None:
    table = net_table(Ruleset(), SEATS)
    wrong = join(table, "Eve", code="222-222")
    table.run(lambda: wrong.state == "closed", steps=50)
    english = str(phrases.WRONG_CODE())
    assert wrong.closed_reason == in_friends_language(phrases.WRONG_CODE) != english
    assert whole(wrong.closed_reason or "")


def test_a_full_table_and_a_number_read_in_the_friends_language() -> None:
    table = net_table(Ruleset(), SEATS)
    ann = join(table, "Ann")
    table.run(lambda: ann.state == "lobby", steps=50)
    late = join(table, "Zoe", address="10.0.0.9")
    table.run(lambda: late.state == "closed", steps=50)
    assert late.closed_reason == in_friends_language(phrases.TABLE_FULL)
    waited = p.rejection(phrases.WRONG_CODES_WAIT(count=8))
    with friends_language():
        heard = p.said(p.decode_host(p.encode(waited)))  # type: ignore[arg-type]
    assert heard == "⟦Too many wrong room codes: try again in 8 seconds.⟧"


def test_asking_for_a_seat_waits_and_is_refused_in_the_friends_language() -> None:
    table = seat_friends(net_table(Ruleset(), SEATS), ["Ann"])
    asker = join(table, "Ann", address="10.0.0.8")
    table.run(lambda: bool(asker.waiting), steps=50)
    assert asker.waiting == in_friends_language(phrases.HOST_ASKED, owner="Ann")
    assert "Ann" in asker.waiting and whole(asker.waiting)
    table.host.answer_request(table.host.requests[0].conn_id, give=False)
    table.run(lambda: asker.state == "closed", steps=50)
    assert asker.closed_reason == in_friends_language(phrases.HOST_KEPT_SEAT, owner="Ann")


def test_a_seat_given_away_says_goodbye_in_the_friends_language() -> None:
    table = two_languages(seat_friends(net_table(Ruleset(), SEATS), ["Ann"]))
    ann = table.friends[0]
    asker = join(table, "Ann", address="10.0.0.8")
    table.run(lambda: bool(table.host.requests), steps=50)
    table.host.answer_request(table.host.requests[0].conn_id, give=True)
    table.run(lambda: ann.state == "closed", steps=50)
    assert ann.closed_reason == in_friends_language(phrases.HOST_GAVE_YOUR_SEAT, name="Ann")
    assert asker.state == "playing"


def test_the_host_closing_reads_in_the_friends_language() -> None:
    table = two_languages(seat_friends(net_table(Ruleset(), SEATS), ["Ann"]))
    table.host.close()
    ann = table.friends[0]
    table.run(lambda: ann.state == "closed", steps=50)
    assert ann.closed_reason == in_friends_language(phrases.HOST_CLOSED)


def friend_at_turn(table: NetTable) -> ClientTable:
    friend = table.friends[0]
    table.run(lambda: friend.active_human() == friend.viewer, steps=2_000)
    return friend


def refusals(table: NetTable, friend: ClientTable) -> list[Refused]:
    table.run(lambda: bool(friend._events), steps=50)
    return [e for e in friend.drain_events() if isinstance(e, Refused)]


def test_a_move_the_rules_refuse_reads_in_the_friends_language_with_its_card() -> None:
    table = two_languages(seat_friends(net_table(Ruleset(), SEATS), ["Ann"]))
    friend = friend_at_turn(table)
    friend.drain_events()
    held = friend.view().cards()
    card = next(c for c in map(Card.parse, ("2C", "QS", "AH", "5D")) if c not in held)
    friend._send(p.PassCards(friend.viewer, [str(card), str(held[0]), str(held[1])]))
    (refused,) = refusals(table, friend)
    assert refused.reason == in_friends_language(NOT_HELD, card=card)
    with friends_language():
        assert card.label in refused.reason and whole(refused.reason)


@pytest.mark.parametrize("message, expected", [
    (p.Play(0, "2C"), lambda: in_friends_language(phrases.OTHER_SEAT, yours=2, other=1)),
    (p.Hello(p.PROTOCOL, __version__, "K7MQ2P", "Ann"), lambda: in_friends_language(phrases.ALREADY_SEATED)),
])
def test_the_hosts_own_refusals_read_in_the_friends_language(message: p.Message, expected: Callable[[], str]) -> None:
    table = two_languages(seat_friends(net_table(Ruleset(), SEATS), ["Ann"]))
    friend = table.friends[0]
    friend.drain_events()
    friend._send(message)
    (refused,) = refusals(table, friend)
    assert refused.reason == expected()


def test_a_malformed_message_is_refused_in_the_friends_language_its_details_as_they_are() -> None:
    table = two_languages(seat_friends(net_table(Ruleset(), SEATS), ["Ann"]))
    friend = table.friends[0]
    friend.drain_events()
    assert friend.link is not None
    friend.link.send(b'{"type": "play", "seat": 1, "card": "ZZ"}')
    (refused,) = refusals(table, friend)
    assert refused.reason.startswith("⟦Malformed message: ") and "$.card" in refused.reason


def test_every_phrase_a_host_sends_reaches_the_friend_in_its_language() -> None:
    """Each phrase of the network and of the rules, through each kind of message."""
    samples: dict[type, object] = {str: "Ann", int: 3, Card: Card.parse("QS"), names.Alphabet: names.Alphabet.GREEK}
    sent = [value for module in (phrases, names) for value in vars(module).values() if isinstance(value, Phrase)]
    sent += [WAIT_FOR_TURN, NOT_HELD]
    for phrase in sent:
        values = {name: samples[kind] for name, kind in phrase.kinds.items()}
        for make in (p.refusal, p.rejection, p.waiting, p.closing):
            data = p.encode(make(phrase(**values)))
            with friends_language():
                heard = p.said(p.decode_host(data))  # type: ignore[arg-type]
            assert heard == in_friends_language(phrase, **values) and whole(heard), phrase.message


def forged(kind: str, note: object, reason: str = "Geh weg.") -> bytes:
    return json.dumps({"type": kind, "reason": reason, "note": note}).encode()


@pytest.mark.parametrize("note", [
    {"message": "You have been chosen to win a prize."},
    {"message": "The host gave your seat to {name}."},
    {"message": "The host gave your seat to {name}.", "values": {"name": "Ann", "extra": 1}},
    {"message": "The host gave your seat to {name}.", "values": {"name": 7}},
    {"message": "You do not hold the {card}.", "values": {"card": "ZZ"}},
    {"message": "You do not hold the {card}.", "values": {"card": 5}},
    {"message": "You must follow {suit}.", "values": {"suit": 9}},
    {"message": "Too many wrong room codes: try again in {count} second.", "values": {"count": "many"}},
])
def test_a_forged_note_reads_as_a_clear_sentence_and_never_crashes(note: object) -> None:
    for kind in ("refused", "rejected", "waiting", "closing"):
        with friends_language():
            heard = p.said(p.decode_host(forged(kind, note)))  # type: ignore[arg-type]
        assert heard == "⟦The host's program said something this version cannot translate: “{words}”⟧".format(
            words="Geh weg.")


def test_a_forged_goodbye_closes_the_friends_table_with_the_fallback() -> None:
    table = seat_friends(net_table(Ruleset(), SEATS), ["Ann"])
    friend = table.friends[0]
    friend.received(forged("closing", {"message": "Nonsense {x}", "values": {"x": 1}}, reason=""))
    assert friend.state == "closed"
    assert friend.closed_reason == "The host's program said something this version cannot read."


def test_a_note_of_wrong_shape_is_refused_by_the_protocol_not_the_friend() -> None:
    table = seat_friends(net_table(Ruleset(), SEATS), ["Ann"])
    friend = table.friends[0]
    friend.received(forged("closing", {"message": "x", "values": {"a": [1, 2]}}))
    assert friend.state == "closed" and (friend.closed_reason or "").startswith("The host sent something")


@pytest.mark.parametrize(("name", "phrase", "values"), [
    ("Аnn", names.MIXED_ALPHABETS, {"name": "Аnn", "first": names.Alphabet.CYRILLIC, "second": names.Alphabet.LATIN}),
    ("A\u200bnn", names.INVISIBLE_IN_NAME, {}),
    ("***", names.NO_LETTERS_IN_NAME, {}),
])
def test_a_name_the_host_turns_away_reads_in_the_friends_language(
        name: str, phrase: Phrase, values: dict[str, object]) -> None:
    """A friend's program checks the name before it says hello; another program may not."""
    table = net_table(Ruleset(), SEATS)
    friend = join(table, name)
    table.run(lambda: friend.state == "closed", steps=50)
    assert friend.closed_reason == in_friends_language(phrase, **values) != str(phrase(**values))


def test_a_host_of_another_version_is_named_in_the_friends_own_words() -> None:
    """Such a host sends its own words and no note; the friend says the versions itself."""
    rejected = json.dumps({"type": "rejected", "reason": "Der Gastgeber hat Hearts Desktop 9.9.", "host_version": "9.9"})
    with friends_language():
        heard = p.said(p.decode_host(rejected.encode()))  # type: ignore[arg-type]
    assert heard == "⟦The host runs Hearts Desktop {ours} and you have {theirs}: use the same version to play together.⟧".format(
        ours="9.9", theirs=__version__)
    same = json.dumps({"type": "rejected", "reason": "Nein.", "host_version": __version__})
    with friends_language():
        assert p.said(p.decode_host(same.encode())) == "Nein."  # type: ignore[arg-type]


def test_a_program_of_another_protocol_is_turned_away_with_the_shape_it_reads() -> None:
    """Its Rejected carries no note (a field its decoder would refuse): reason and version only."""
    table = net_table(Ruleset(), SEATS)
    client = table.link.connect("10.0.0.5")
    client.send(json.dumps({"type": "hello", "protocol": p.PROTOCOL - 1, "version": "0.9", "code": "K7MQ2P",
                            "name": "Old"}).encode())
    table.step(play=False)
    sent = [json.loads(data) for data in client.inbox if isinstance(data, bytes)]
    assert [set(message) for message in sent] == [{"type", "reason", "host_version"}]


def test_the_host_sends_no_note_for_a_sentence_that_is_no_phrase() -> None:
    assert p.note_of("plain words") is None
    assert p.said(p.decode_host(p.encode(p.closing("plain words")))) == "plain words"  # type: ignore[arg-type]


def test_levels_and_cards_go_as_codes() -> None:
    note = p.note_of(Phrase("{level} test phrase with {card}.", level=Level, card=Card)(
        level=Level.HARD, card=Card.parse("QS")))
    assert note is not None and note.values == {"level": "hard", "card": "QS"}


CANNOT_READ = "The host's program said something this version cannot read."


@pytest.mark.parametrize("kind", ["refused", "rejected", "waiting", "closing"])
@pytest.mark.parametrize("reason, note, heard", [
    ("a\u0000b", None, "ab"),
    ("\u202e", None, CANNOT_READ),
    ("\u200b", None, CANNOT_READ),
    ("\u0000", {"message": "nope {x}", "values": {}}, CANNOT_READ),
    ("Ann\nThe host closed the table.", None, "Ann The host closed the table."),
    ("one\u2028two\u2029three\r\nfour", None, "one two three four"),
    ("x", {"message": "Malformed message: {details}", "values": {"details": "a\u0000b"}}, "Malformed message: ab"),
    ("x", {"message": "The host gave your seat to {name}.", "values": {"name": "\u202e.retupmoc a"}},
     "The host gave your seat to .retupmoc a."),
    ("x", {"message": "The host gave your seat to {name}.", "values": {"name": "Ann\nThe host closed the table."}},
     "The host gave your seat to Ann The host closed the table.."),
    ("Geh\u200b weg.", {"message": "The host kept {owner}'s seat for {owner}.", "values": {"owner": "\u200b"}},
     "The host's program said something this version cannot translate: “Geh weg.”"),
])
def test_a_hosts_words_reach_the_friend_as_one_line_of_visible_text(
        kind: str, reason: str, note: object, heard: str) -> None:
    """Control and format characters go, line breaks become spaces, nothing left reads as a
    sentence saying so: a host cannot crash the friend's window or draw a second sentence."""
    message = {"type": kind, "reason": reason} | ({"note": note} if note else {})
    assert p.said(p.decode_host(json.dumps(message).encode())) == heard  # type: ignore[arg-type]


def test_a_hosts_words_are_capped_at_one_sentences_length() -> None:
    note = {"message": "The host gave your seat to {name}.", "values": {"name": "W" * p.TEXT_LENGTH}}
    heard = p.said(p.decode_host(forged("closing", note)))  # type: ignore[arg-type]
    assert heard == "The host gave your seat to {name}.".format(name="W" * p.SHOWN_VALUE_LENGTH)


def test_a_goodbye_of_invisible_characters_closes_the_friends_table_with_a_sentence() -> None:
    table = seat_friends(net_table(Ruleset(), SEATS), ["Ann"])
    friend = table.friends[0]
    friend.received(json.dumps({"type": "waiting", "reason": "\u200b\u0000\n"}).encode())
    assert friend.waiting == CANNOT_READ
    friend.received(json.dumps({"type": "closing", "reason": "\u202e"}).encode())
    assert friend.state == "closed" and friend.closed_reason == CANNOT_READ


def test_names_a_host_sends_reach_the_friend_as_one_line_of_visible_letters() -> None:
    """The seat names and the host's own name are a host's words too: a right-to-left
    override or a line break would draw what the host made up, nothing visible nobody."""
    table = seat_friends(net_table(Ruleset(), SEATS), ["Ann"])
    friend = table.friends[0]
    seat = {"kind": "computer", "level": "medium"}
    forged_seats = [{"name": "\u202eAnn\u0000", **seat}, {"name": "Bob\nYou win.", **seat},
                    {"name": "\u200b\u200b", **seat}, {"name": "Cid", **seat}]
    friend.received(json.dumps({"type": "lobby", "seats": forged_seats}).encode())
    assert [s.name for s in friend.seats] == ["Ann", "Bob You win.", "Player 3", "Cid"]
    assert [s.name for s in friend.seat_infos] == [s.name for s in friend.seats]
    welcome = p.encode(welcome_naming_host(table, "\u2067\u0007"))
    friend.received(welcome)
    assert friend.joined is not None and friend.joined.host == "Host"


def welcome_naming_host(table: NetTable, host: str) -> p.Welcome:
    """The first friend's welcome again, naming the host ``host``."""
    friend = table.friends[0]
    assert friend.joined is not None
    return p.Welcome(p.PROTOCOL, __version__, friend.viewer, friend.token, host, friend.joined.rules.to_dict(), friend.pace)
