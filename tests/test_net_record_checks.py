"""A host's record of a finished game (issue 46, attack 46 F2/F3): a friend keeps one per game
it sat in, and only when the record agrees with all its seat saw and chose; a record that
does not is set aside with one true sentence, and the table stays open."""

from __future__ import annotations

from collections.abc import Callable

from hearts_desktop import __version__
from hearts_desktop.controller.table import TableReset
from hearts_desktop.engine import (
    Action,
    Game,
    MoonAction,
    MoonScoring,
    PassAction,
    Phase,
    PlayAction,
    Ruleset,
)
from hearts_desktop.engine.rules import MIN_TARGET
from hearts_desktop.net import protocol as p
from hearts_desktop.net.client import ClientTable
from hearts_desktop.net.link import Lost
from hearts_desktop.persistence.history import MOVE_SEPARATOR, moves_text
from hearts_desktop.words import Level, Pace

from .net_play import CODE

RULES = Ruleset(target=MIN_TARGET)
SEAT = 1
SEAT_INFOS = [p.SeatInfo("Hostess", "host", Level.MEDIUM), p.SeatInfo("Fran", "friend", Level.MEDIUM),
              p.SeatInfo("Ben", "computer", Level.EASY), p.SeatInfo("Clara", "computer", Level.EASY)]
DISAGREES = ("The host's record of this game does not match the game you played, "
             "so it was not added to your history.")

Takes = Callable[[Game, Action], Action]
"""What a host applies when the friend chose ``action`` (an honest host: the same)."""


class HostWire:
    """The friend's end of a connection whose host is played by the test, message by message."""

    def take(self) -> list[bytes | Lost]:
        return []

    def send(self, data: bytes) -> None:
        pass

    def close(self) -> None:
        pass


def seated_friend() -> ClientTable:
    wire = HostWire()
    friend = ClientTable("Fran", CODE, lambda: wire)
    friend.received(p.encode(p.Welcome(p.PROTOCOL, __version__, SEAT, "tok", "Hostess", RULES.to_dict(),
                                       Pace.INSTANT)))
    return friend


def show(friend: ClientTable, game: Game, reset: bool = False) -> None:
    """The host sends the table of ``game`` as the friend's seat sees it."""
    events = [p.event_to_wire(TableReset())] if reset else []
    friend.received(p.encode(p.TableUpdate(
        seq=friend.seq + 1, events=[e for e in events if e is not None], view=p.view_to_wire(game.view(SEAT)),
        first_result=0, results=[p.result_to_wire(r) for r in game.results], seats=SEAT_INFOS,
        awaiting_continue=False, reading=[], over=game.over)))


def send_record(friend: ClientTable, seed: int, moves: str) -> None:
    friend.received(p.encode(p.GameRecord(seed, moves)))


def others_move(game: Game, seat: int) -> Action:
    view = game.view(seat)
    if view.phase is Phase.MOON_CHOICE:
        return MoonAction(seat, MoonScoring.ADD_TO_OTHERS)
    if view.phase is Phase.PASSING:
        return PassAction(seat, view.cards()[:3])
    return PlayAction(seat, view.legal_cards()[0])


def friends_move(friend: ClientTable) -> Action:
    """The friend chooses at its table, from the view the host sent (the last legal card)."""
    view = friend.view()
    assert friend.active_human() == SEAT
    if view.phase is Phase.MOON_CHOICE:
        friend.choose_moon(MoonScoring.ADD_TO_OTHERS)
        return MoonAction(SEAT, MoonScoring.ADD_TO_OTHERS)
    if view.phase is Phase.PASSING:
        cards = view.cards()[-3:]
        friend.submit_pass(cards)
        return PassAction(SEAT, cards)
    card = view.legal_cards()[-1]
    friend.play(card)
    return PlayAction(SEAT, card)


def first_plays_swapped(moves: str) -> str:
    """A record's moves with its first two cards played the other way round: illegal."""
    parts = moves.split(MOVE_SEPARATOR)
    first_play = next(i for i, move in enumerate(parts) if " play " in move)
    parts[first_play], parts[first_play + 1] = parts[first_play + 1], parts[first_play]
    return MOVE_SEPARATOR.join(parts)


def honest(game: Game, action: Action) -> Action:
    return action


def play_at_table(friend: ClientTable, seed: int, takes: Takes = honest) -> Game:
    """A whole game at the friend's table, the friend choosing its own passes and cards."""
    game = Game(RULES, seed)
    show(friend, game, reset=True)
    while not game.over:
        waiting = [s for s in game.to_act() if s != SEAT] or game.to_act()
        seat = waiting[0]
        game.apply(takes(game, friends_move(friend)) if seat == SEAT else others_move(game, seat))
        show(friend, game)
    return game


def game_alone(seed: int) -> Game:
    """A game the friend never sat in."""
    game = Game(RULES, seed)
    while not game.over:
        game.apply(others_move(game, game.to_act()[0]))
    return game


def test_the_record_of_the_game_played_is_kept() -> None:
    friend = seated_friend()
    game = play_at_table(friend, seed=7)
    send_record(friend, game.seed, moves_text(game.actions))
    assert friend.finished is not None and friend.finished.actions == game.actions
    assert friend.record_note is None and friend.state == "playing"


def test_a_second_record_or_another_games_is_ignored() -> None:
    """Attack 46 F2: 231 'game over' tables with a record each filled a friend's history."""
    friend = seated_friend()
    game = play_at_table(friend, seed=7)
    send_record(friend, game.seed, moves_text(game.actions))
    kept = friend.finished
    send_record(friend, game.seed, moves_text(game.actions))
    for seed in range(1000, 1005):
        other = game_alone(seed)
        show(friend, other)
        send_record(friend, other.seed, moves_text(other.actions))
    assert friend.finished is kept
    assert friend.record_note is None and friend.state == "playing"


def test_no_record_is_kept_of_a_game_the_friend_made_no_move_in() -> None:
    friend = seated_friend()
    other = game_alone(1000)
    show(friend, other, reset=True)
    send_record(friend, other.seed, moves_text(other.actions))
    assert friend.finished is None and friend.record_note is None and friend.state == "playing"


def test_a_record_of_other_hands_than_the_friend_was_dealt_is_not_kept() -> None:
    """Totals shown and record agree, but the friend played another game's hands."""
    friend = seated_friend()
    play_at_table(friend, seed=8)
    forged = game_alone(7)
    show(friend, forged)
    send_record(friend, forged.seed, moves_text(forged.actions))
    assert friend.finished is None
    assert friend.record_note == DISAGREES and friend.state == "playing"


def test_a_record_where_the_friend_played_other_cards_than_it_chose_is_not_kept() -> None:
    """The host showed the friend playing cards it never chose, and a record to match."""

    def first_legal_instead(game: Game, chosen: Action) -> Action:
        return others_move(game, SEAT) if isinstance(chosen, PlayAction) else chosen

    friend = seated_friend()
    game = play_at_table(friend, seed=7, takes=first_legal_instead)
    assert any(isinstance(a, PlayAction) and a.seat == SEAT for a in game.actions)
    send_record(friend, game.seed, moves_text(game.actions))
    assert friend.finished is None
    assert friend.record_note == DISAGREES and friend.state == "playing"


def test_an_illegal_record_is_told_in_one_true_sentence_and_the_table_stays() -> None:
    """Attack 46 F3: it closed the table with "cannot read (It is not your turn.)"."""
    friend = seated_friend()
    game = play_at_table(friend, seed=7)
    send_record(friend, game.seed, first_plays_swapped(moves_text(game.actions)))
    assert friend.state == "playing" and friend.closed_reason is None
    assert friend.finished is None and friend.record_note == DISAGREES
    send_record(friend, game.seed, moves_text(game.actions))  # one record per game
    assert friend.finished is None
