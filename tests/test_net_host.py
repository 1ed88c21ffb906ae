"""The host validates everything a friend sends, and the table carries on (issue 22)."""

from __future__ import annotations

import json

import pytest

from benchmarks.net_log import digest
from hearts_desktop import __version__
from hearts_desktop.controller.table import Refused
from hearts_desktop.engine import Phase, PlayAction, Ruleset, cards_of
from hearts_desktop.net import protocol as p
from hearts_desktop.net.admission import MAX_IDLE
from hearts_desktop.net.client import ClientTable
from hearts_desktop.net.code import FREE_TRIES_PER_ADDRESS
from hearts_desktop.net.host import MAX_DROPPED
from hearts_desktop.net.redact import redact_view
from hearts_desktop.persistence.seats import Seat
from hearts_desktop.words import Pace, SeatKind

from .net_play import CODE, NetTable, net_table, started_table

FOUR = [Seat("Host", SeatKind.HUMAN), Seat("Seat 1", SeatKind.REMOTE), Seat("Seat 2", SeatKind.COMPUTER), Seat("Seat 3", SeatKind.COMPUTER)]


def friend_table(seed: int = 4, pace: Pace = Pace.INSTANT) -> tuple[NetTable, ClientTable]:
    table = started_table(Ruleset(), FOUR, seed, pace)
    return table, table.friends[0]


def replies(table: NetTable, friend: ClientTable, raw: bytes) -> list[dict[str, object]]:
    """Send raw bytes as the friend's connection; return what the host answered it."""
    link = friend.link
    assert link is not None
    before = len(table.link.sent)
    link.send(raw)
    table.host.update(0.0)
    return [json.loads(data) for conn, data in table.link.sent[before:] if conn == link.conn_id]  # type: ignore[attr-defined]


def refusal(table: NetTable, friend: ClientTable, raw: bytes) -> str:
    answers = [a for a in replies(table, friend, raw) if a["type"] == "refused"]
    assert answers, "the host did not refuse"
    return str(answers[0]["reason"])


def until_friend_acts(table: NetTable, friend: ClientTable, phase: Phase) -> None:
    """Play on (the host's person too) until the table waits for the friend in ``phase``."""
    bot = table.bots[0]
    original = bot.step
    bot.step = lambda client: client.view().phase is not phase and original(client)  # type: ignore[method-assign]
    table.run(lambda: friend.active_human() == friend.viewer and friend.view().phase is phase, steps=500)
    bot.step = original  # type: ignore[method-assign]


def test_friends_fill_the_open_seats_and_start_is_possible_only_then() -> None:
    table = net_table(Ruleset(), FOUR)
    assert not table.host.can_start()
    table.join("Ann")
    table.step()
    assert table.host.can_start()
    assert [s.name for s in table.host.seats][1] == "Ann"


def test_an_open_seat_can_become_a_computer() -> None:
    table = net_table(Ruleset(), [Seat("Host", SeatKind.HUMAN), Seat("Seat 1", SeatKind.REMOTE), Seat("Seat 2", SeatKind.REMOTE),
                                  Seat("Seat 3", SeatKind.COMPUTER)])
    table.join("Ann")
    table.step()
    assert not table.host.can_start()
    table.host.make_computer(2)
    assert table.host.can_start()


def test_a_wrong_code_is_refused_and_wrong_codes_are_rate_limited() -> None:
    table = net_table(Ruleset(), FOUR)
    for _ in range(FREE_TRIES_PER_ADDRESS):
        wrong = table.join("Eve", code="222-222", address="10.0.0.66")
        table.step()
        assert wrong.state == "closed" and wrong.closed_reason == "Wrong room code: check it on the host's screen."
    late = table.join("Eve", code=CODE, address="10.0.0.66")
    table.step()
    assert late.state == "closed" and "Too many wrong room codes" in (late.closed_reason or "")
    friend = table.join("Ann", address="10.0.0.7")
    table.step()
    assert friend.state == "lobby"
    assert table.watched.tally.wrong_codes == FREE_TRIES_PER_ADDRESS


def test_another_version_is_told_which_version_the_host_runs() -> None:
    table = net_table(Ruleset(), FOUR)
    link = table.link.connect()
    link.send(json.dumps({"type": "hello", "protocol": 99, "version": "9.9.9", "code": CODE, "name": "Zed",
                          "future_field": [1, 2]}).encode())
    table.step()
    answer = json.loads(link.inbox[0])  # type: ignore[arg-type]
    assert answer["type"] == "rejected"
    assert f"The host runs Hearts Desktop {__version__} and you have 9.9.9" in answer["reason"]
    assert not link.open


def test_a_stranger_must_say_hello_first_and_a_silent_one_is_closed() -> None:
    table = net_table(Ruleset(), FOUR)
    rude = table.link.connect()
    rude.send(b'{"type": "play", "seat": 1, "card": "2C"}')
    silent = table.link.connect()
    table.step()
    assert json.loads(rude.inbox[0])["reason"] == "Say hello with the room code first."  # type: ignore[arg-type]
    assert silent.open
    table.clock.now += 6
    table.step()
    assert not silent.open


@pytest.mark.parametrize(("raw", "reason"), [
    (b"\x00\xff garbage", "Not a message"),
    (b'{"type": "teleport"}', "Malformed message"),
    (b'{"type": "play", "seat": 1, "card": "QS", "extra": 1}', "Malformed message"),
    (b'{"type": "play", "seat": 1, "card": "1S"}', "Malformed message"),
    (b'{"type": "pass", "seat": 1, "cards": ["2C", "3C", "4C", "5C", "6C"]}', "Malformed message"),
    (b'{"type": "play", "seat": 1, "card": "' + b"Q" * 70_000 + b'"}', "Message too large"),
    (b'{"type": "hello", "protocol": 1, "version": "x", "code": "K7MQ2P", "name": "Ann"}',
     "You are already at the table."),
])
def test_malformed_and_unknown_messages_are_refused_and_the_table_carries_on(raw: bytes, reason: str) -> None:
    table, friend = friend_table()
    assert refusal(table, friend, raw).startswith(reason)
    table.run(lambda: table.host.over, steps=5000)


def test_a_move_for_another_seat_is_refused() -> None:
    table, friend = friend_table()
    until_friend_acts(table, friend, Phase.PASSING)
    cards = [str(c) for c in friend.view().cards()[:3]]
    message = p.encode(p.PassCards(seat=2, cards=cards))
    assert refusal(table, friend, message) == "You sit in seat 2; that move was for seat 3."


def test_a_wrong_pass_is_refused_with_the_rules_reason() -> None:
    table, friend = friend_table()
    until_friend_acts(table, friend, Phase.PASSING)
    mine = friend.view().cards()
    not_mine = next(c for c in cards_of(Ruleset().tables.deck) if c not in mine)
    two = p.encode(p.PassCards(seat=1, cards=[str(c) for c in mine[:2]]))
    assert refusal(table, friend, two) == "Choose exactly 3 cards to pass."
    twice = p.encode(p.PassCards(seat=1, cards=[str(mine[0])] * 3))
    assert refusal(table, friend, twice) == "Choose three different cards."
    stolen = p.encode(p.PassCards(seat=1, cards=[str(mine[0]), str(mine[1]), str(not_mine)]))
    assert refusal(table, friend, stolen) == f"You do not hold {not_mine.with_article}."
    play = p.encode(p.Play(seat=1, card=str(mine[0])))
    assert refusal(table, friend, play) == "Pass your cards first."


def test_out_of_turn_and_illegal_cards_are_refused() -> None:
    table, friend = friend_table()
    until_friend_acts(table, friend, Phase.PLAYING)
    view = friend.view()
    illegal = [c for c in view.cards() if c not in view.legal_cards()]
    if illegal:
        reason = refusal(table, friend, p.encode(p.Play(seat=1, card=str(illegal[0]))))
        assert reason in ("Hearts have not been broken.", "No points on the first trick.") or reason.startswith(
            ("You must follow", "The two of clubs must lead"))
    friend.play(view.legal_cards()[0])
    table.host.update(0.0)
    assert refusal(table, friend, p.encode(p.Play(seat=1, card=str(view.legal_cards()[-1])))) in (
        "Wait for your turn.", f"You do not hold {view.legal_cards()[-1].with_article}.")
    table.run(lambda: table.host.over, steps=5000)


def test_a_flood_of_refused_messages_is_cut_off_without_stalling_the_table() -> None:
    table, friend = friend_table()
    link = friend.link
    assert link is not None
    for _ in range(400):
        link.send(b'{"type": "teleport"}')
    table.host.update(0.0)
    assert table.watched.tally.dropped == MAX_DROPPED + 1  # cut off at once
    assert not link.open  # type: ignore[attr-defined]
    table.run(lambda: table.host.over, steps=5000)  # the friend rejoins; the game ends


def test_a_friends_card_is_played_in_the_update_that_brings_it_and_computers_keep_their_pace() -> None:
    """A person's move is theirs: applied when it arrives, never held by the pace that makes
    the computers' moves readable; the computers still wait their pace after it."""
    table, ann = friend_table(pace=Pace.QUICK)
    host = table.host
    bot = table.bots[0]
    passing = bot.step
    bot.step = lambda client: client.view().phase is not Phase.PLAYING and passing(client)  # type: ignore[method-assign]
    cards = paced = 0
    while cards < 13:  # every card of Ann's in a hand, wherever she sits in the trick
        table.run(lambda: ann.active_human() == ann.viewer and ann.view().phase is Phase.PLAYING, steps=500)
        card = ann.view().legal_cards()[0]
        ann.play(card)
        host.update(0.0)  # no time passes: the update that reads her card
        assert host.game.actions[-1] == PlayAction(ann.viewer, card)
        computers = len(host.game.actions)
        if host.game.to_act() and host.game.to_act()[0] in (2, 3):
            host.update(Pace.QUICK.timing.bot_delay / 2)
            assert len(host.game.actions) == computers  # the next computer waits its pace
            paced += 1
        cards += 1
    assert paced


def test_a_friend_answering_at_once_finds_the_table_waiting_for_the_move() -> None:
    """Over a real network a quick friend's card can come back while the host is still in the
    update that showed them their turn: the table already waits for it, so it is taken."""
    table, ann = friend_table()
    bot = table.bots[0]
    client_link = ann.link
    assert client_link is not None
    deliver = table.link.send

    def answered_at_once(conn_id: int, data: bytes) -> None:
        deliver(conn_id, data)
        if conn_id == client_link.conn_id:  # type: ignore[attr-defined]
            ann.update(0.0)
            bot.step(ann)

    table.link.send = answered_at_once  # type: ignore[method-assign]
    table.run(lambda: table.host.over, steps=5000)
    assert table.watched.tally.refused == 0


def test_a_friend_back_before_their_computers_card_is_played_plays_their_own() -> None:
    """A friend who drops on their turn is played by their seat's computer, whose card waits
    for the pace; if they are back before it is played, their own card is taken at once."""
    table, ann = friend_table(pace=Pace.QUICK)
    host = table.host
    until_friend_acts(table, ann, Phase.PLAYING)
    ann.retry_seconds = 10_000.0
    ann.drop()
    host.update(0.0)  # the computer answers for Ann at once; its card waits for the pace
    assert host.game.to_act() == [ann.viewer] and host.table[ann.viewer].conn_id is None
    ann.retry_seconds = 0.0
    ann.update(0.0)  # back, with the seat's token
    host.update(0.0)
    ann.update(0.0)
    assert ann.active_human() == ann.viewer
    card = ann.view().legal_cards()[-1]
    refused = table.watched.tally.refused
    ann.play(card)
    host.update(0.0)
    assert table.watched.tally.refused == refused
    assert host.game.actions[-1] == PlayAction(ann.viewer, card)


def test_a_dropped_friend_is_played_by_a_computer_and_rejoins_to_the_exact_table() -> None:
    table, friend = friend_table()
    seat = friend.viewer
    friend.drop()
    friend.retry_seconds = 10_000.0
    moves = len(table.host.game.actions)
    table.run(lambda: len(table.host.game.actions) > moves + 12, steps=2000)
    assert any("is away: a computer plays for now (Medium)" in note for note in table.host.notes())
    friend.retry_seconds = 0.0
    table.step(play=False)
    table.step(play=False)
    host_view = redact_view(table.host.game.view(seat))
    assert friend.view() == host_view
    assert digest(p.view_to_wire(friend.view()), len(friend.results)) == digest(
        p.view_to_wire(host_view), len(table.host.results))
    assert table.watched.tally.rejoins == 1
    table.run(lambda: table.host.over, steps=5000)
    assert friend.over


def test_a_friend_who_restarts_the_program_gets_their_seat_back_when_the_host_gives_it() -> None:
    table, friend = friend_table()
    table.gives_seats = True
    friend.leave()
    table.step()
    again = table.join(friend.name)
    table.run(lambda: again.state == "playing", steps=20)
    assert again.viewer == friend.viewer


def test_the_table_is_full_for_a_stranger_with_the_code() -> None:
    table, _ = friend_table()
    late = table.join("Zoe")
    table.step()
    assert late.state == "closed" and late.closed_reason == "The table is full."


def test_when_the_host_quits_friends_are_told_in_one_sentence() -> None:
    table, friend = friend_table()
    table.host.close()
    friend.update(0.0)
    assert friend.state == "closed"
    assert friend.closed_reason == "The host closed the table; the game is saved on their computer."


def test_the_next_deal_waits_until_everyone_has_read_the_score() -> None:
    table, friend = friend_table()
    host = table.host
    original = table.bots[0].step
    table.bots[0].step = lambda client: not client.awaiting_continue and original(client)  # type: ignore[method-assign]
    reading = table.host.continue_after_hand
    host.continue_after_hand = lambda: None  # type: ignore[method-assign]
    table.run(lambda: friend.awaiting_continue and host.awaiting_continue, steps=5000)
    host.continue_after_hand = reading  # type: ignore[method-assign]
    assert set(host.reading) == {0, 1}
    friend.continue_after_hand()
    table.step(play=False)
    assert host.awaiting_continue
    assert "Waiting for Host to read the scores…" in friend.notes()
    host.continue_after_hand()
    table.step(play=False)
    assert not host.awaiting_continue and not friend.awaiting_continue


def test_undo_and_finishing_a_hand_are_off_and_say_so() -> None:
    table, friend = friend_table()
    for model in (table.host, friend):
        assert not model.can_undo() and not model.undo()
        assert model.undo_note == "Undo is off in network games."
        assert not model.can_finish_hand()


def test_a_rematch_deals_a_new_game_to_the_same_people() -> None:
    table, friend = friend_table()
    table.run(lambda: table.host.over, steps=5000)
    table.host.rematch(99)
    table.step()
    assert not table.host.over and not friend.over and friend.state == "playing"
    assert friend.results == []


def test_a_refused_card_comes_back_to_the_friend_with_the_reason() -> None:
    table, friend = friend_table()
    until_friend_acts(table, friend, Phase.PASSING)
    card = friend.view().cards()[0]
    assert friend.play(card) is None
    table.host.update(0.0)
    friend.update(0.0)
    refused = [e for e in friend.drain_events() if isinstance(e, Refused)]
    assert refused == [Refused(friend.viewer, "Pass your cards first.", card)]
    assert friend.active_human() == friend.viewer  # free to pass now


def test_a_crowd_of_idle_connections_cannot_keep_a_friend_out() -> None:
    table = net_table(Ruleset(), FOUR)
    crowd = [table.link.connect(f"10.0.1.{i}") for i in range(200)]
    table.step()
    assert sum(link.open for link in crowd) <= MAX_IDLE
    friend = table.join("Ann")
    table.step()
    assert friend.state == "lobby"
