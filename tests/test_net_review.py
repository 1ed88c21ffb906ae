"""The coach at a friend's network table: the friend's computer holds no game, so it keeps
the view of each of its own decisions the host took, and reviews those (issue 23)."""

from __future__ import annotations

from hearts_desktop.coach.game import moments_of
from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.controller.review import INLINE_REVIEW, HandReviewer, ReviewCache
from hearts_desktop.engine import PassAction, Phase, Ruleset
from hearts_desktop.net.client import ClientTable
from hearts_desktop.net.redact import redact_view
from hearts_desktop.persistence.seats import Seat
from hearts_desktop.words import SeatKind

from .net_play import NetTable, started_table
from .test_net_host import until_friend_acts

FOUR = [Seat("Host", SeatKind.HUMAN), Seat("Seat 1", SeatKind.REMOTE), Seat("Seat 2", SeatKind.COMPUTER),
        Seat("Seat 3", SeatKind.COMPUTER)]


def played_hand(seed: int = 4) -> tuple[NetTable, ClientTable]:
    table = started_table(Ruleset(), FOUR, seed)
    table.run(lambda: len(table.host.results) >= 1, steps=3000)
    return table, table.friends[0]


def test_a_friend_keeps_exactly_the_decisions_the_host_took_with_the_views_they_were_made_from() -> None:
    table, friend = played_hand()
    game = table.host.game
    at_host = [(redact_view(at.view(friend.viewer)), action)
               for _, at, action in moments_of(game.rules, game.seed, game.actions, 0, friend.viewer)]
    kept = friend.decisions(0)
    assert [(s.view, s.action) for s in kept] == at_host
    assert len(kept) == 14  # the pass and thirteen cards
    assert [s.action_index for s in kept] == sorted({s.action_index for s in kept})  # one place each, in order


def test_a_refused_card_is_not_kept_and_the_card_played_instead_is() -> None:
    table = started_table(Ruleset(), FOUR, 4)
    friend = table.friends[0]
    until_friend_acts(table, friend, Phase.PASSING)
    wrong = friend.view().cards()[0]
    assert friend.play(wrong) is None  # a card while passing: the host refuses it
    table.host.update(0.0)
    friend.update(0.0)
    assert friend.decisions(0) == []
    cards = friend.view().cards()[:3]
    assert friend.submit_pass(cards) is None
    table.run(lambda: bool(friend.decisions(0)), steps=50)
    [kept] = friend.decisions(0)
    assert kept.action == PassAction(friend.viewer, tuple(cards)) and kept.action_index == 0


def test_a_move_in_flight_when_the_line_breaks_is_not_kept() -> None:
    table = started_table(Ruleset(), FOUR, 4)
    friend = table.friends[0]
    until_friend_acts(table, friend, Phase.PASSING)
    assert friend.submit_pass(friend.view().cards()[:3]) is None
    friend.drop()  # whether the host took the pass is not known here
    friend.retry_seconds = 0.0
    table.step(play=False)
    table.step(play=False)
    assert friend.decisions(0) == []


def test_a_friends_hand_is_reviewed_from_its_own_views_and_opens_again_from_the_cache() -> None:
    table, friend = played_hand()
    cache = ReviewCache()
    reviewer = HandReviewer.of_seen(InlineRunner(), friend.decisions(0), 0, friend.viewer, cache, budget=INLINE_REVIEW)
    for _ in range(100):
        if reviewer.complete:
            break
        reviewer.poll()
    assert reviewer.complete and len(reviewer.review().decisions) == 14
    assert [d.action_index for d in reviewer.review().decisions] == [s.action_index for s in friend.decisions(0)]
    again = HandReviewer.of_seen(InlineRunner(), friend.decisions(0), 0, friend.viewer, cache, budget=INLINE_REVIEW)
    assert again.complete and again.review() == reviewer.review()
    table.run(lambda: len(table.host.results) >= 2, steps=3000)
    other = HandReviewer.of_seen(InlineRunner(), friend.decisions(1), 1, friend.viewer, cache, budget=INLINE_REVIEW)
    assert other.key != reviewer.key and not other.complete
