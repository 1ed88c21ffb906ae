"""Games across hands: replay from (ruleset, seed, actions), saved actions, events, views."""

from __future__ import annotations

import pickle
import random

import pytest

from hearts_desktop.engine import (
    Action,
    Game,
    IllegalMove,
    MoonAction,
    MoonScoring,
    PassAction,
    PlayAction,
    PlayerView,
    Ruleset,
    action_from_json,
    action_to_json,
    card,
)
from hearts_desktop.engine.events import CardPlayed, Event, HandDealt, TrickWon


def random_action(game: Game, rng: random.Random) -> Action:
    """A random legal action of a random seat the game waits for."""
    return game.hand.random_action(rng.choice(game.to_act()), rng)


def play_random_game(rules: Ruleset, seed: int) -> Game:
    game = Game(rules, seed)
    rng = random.Random(seed)
    while not game.over:
        game.apply(random_action(game, rng))
    return game


def test_same_seed_deals_the_same_hands() -> None:
    assert Game(Ruleset(), 7).hand.dealt == Game(Ruleset(), 7).hand.dealt
    assert Game(Ruleset(), 7).hand.dealt != Game(Ruleset(), 8).hand.dealt


def test_replay_rebuilds_the_exact_state_at_every_prefix() -> None:
    game = play_random_game(Ruleset(), seed=11)
    for cut in (0, 1, 5, 52, len(game.actions) // 2, len(game.actions)):
        replayed = Game.replay(Ruleset(), 11, game.actions[:cut])
        live = Game(Ruleset(), 11)
        for action in game.actions[:cut]:
            live.apply(action)
        assert replayed.totals == live.totals
        assert replayed.hand.hands == live.hand.hands
        assert replayed.hand.trick == live.hand.trick
        assert replayed.to_act() == live.to_act()
    final = Game.replay(Ruleset(), 11, game.actions)
    assert final.winner == game.winner and final.totals == game.totals


def test_the_hand_being_played_starts_where_its_deal_came() -> None:
    """One place says where the hand began (undo and Restart hand both stop there): each
    prefix of a game agrees with the hand numbers it went through, copies keep it, and the
    game at its hand's start holds that hand's deal with nothing passed or played."""
    game = play_random_game(Ruleset(target=50), seed=12)
    start, hand_index = 0, 0
    for cut in range(len(game.actions) + 1):
        prefix = Game.replay(Ruleset(target=50), 12, game.actions[:cut])
        if prefix.hand_index != hand_index:
            start, hand_index = cut, prefix.hand_index
        assert prefix.hand_start == start and prefix.copy().hand_start == start
        restarted = prefix.at_hand_start()
        assert restarted.actions == game.actions[:start] and restarted.hand.dealt == prefix.hand.dealt
        assert restarted.hand_index == prefix.hand_index and restarted.hand_start == start


def test_the_engine_examples_hold() -> None:
    import doctest

    from hearts_desktop.engine import game as game_module

    assert doctest.testmod(game_module).failed == 0


def test_actions_round_trip_through_json() -> None:
    game = play_random_game(Ruleset(moon=MoonScoring.SHOOTERS_CHOICE), seed=4)
    restored = [action_from_json(action_to_json(a)) for a in game.actions]
    assert restored == game.actions
    assert action_to_json(PlayAction(2, card("QS"))) == {"play": "QS", "seat": 2}


def test_actions_are_immutable_values_that_pickle() -> None:
    """Worker processes send actions back pickled, and games and undo compare them."""
    game = play_random_game(Ruleset(moon=MoonScoring.SHOOTERS_CHOICE), seed=4)
    copies = pickle.loads(pickle.dumps(game.actions))
    assert copies == game.actions and set(copies) == set(game.actions)
    with pytest.raises(AttributeError):
        game.actions[0].seat = 1  # type: ignore[misc]


@pytest.mark.parametrize(
    "bad",
    [None, [], {"seat": 0}, {"seat": "0", "play": "QS"}, {"seat": 0, "play": "QQ"},
     {"seat": 0, "play": "QS", "pass": "2C 3C 4C"}, {"seat": True, "play": "QS"},
     {"seat": 0, "moon": "maybe"}],
)
def test_malformed_saved_actions_are_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        action_from_json(bad)


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    game = Game(Ruleset(), 1)
    before = game.hand.hands[:]
    with pytest.raises(IllegalMove, match="Pass your cards first"):
        game.apply(PlayAction(0, card("2C")))
    with pytest.raises(IllegalMove, match="no moon"):
        game.apply(MoonAction(0, MoonScoring.ADD_TO_OTHERS))
    assert game.hand.hands == before and game.actions == []


def test_events_tell_the_story_of_a_hand() -> None:
    events: list[Event] = []
    game = Game(Ruleset(pass_cycle=Ruleset().pass_cycle.NO_PASSING), 2, events)
    assert isinstance(events[0], HandDealt)
    rng = random.Random(2)
    plays = tricks = 0
    while game.hand_index == 0:
        for event in game.apply(random_action(game, rng)):
            plays += isinstance(event, CardPlayed)
            tricks += isinstance(event, TrickWon)
    assert plays == 52 and tricks == 13


def test_copy_is_independent() -> None:
    game = Game(Ruleset(), 3)
    other = game.copy()
    other.apply(PassAction(0, other.view(0).cards()[:3]))
    assert game.actions == [] and game.hand.passes[0] is None


def test_view_holds_only_what_the_seat_may_know() -> None:
    game = Game(Ruleset(), 9)
    rng = random.Random(9)
    for _ in range(30):
        game.apply(random_action(game, rng))
    for seat in range(4):
        view = game.view(seat)
        assert isinstance(view, PlayerView)
        assert view.hand == game.hand.hands[seat]
        for name in view.__slots__:
            value = getattr(view, name)
            assert not isinstance(value, (Game, list, dict)), name
            if name not in ("hand", "legal"):
                for other in range(4):
                    if other != seat and isinstance(value, int) and game.hand.hands[other]:
                        assert value != game.hand.hands[other], name
        assert view.unseen_mask & view.hand == 0
        hidden = 0
        for other in range(4):
            if other != seat:
                hidden |= game.hand.hands[other]
        assert view.unseen_mask == hidden


def test_a_seat_the_hand_does_not_wait_for_has_no_legal_action_and_no_random_one() -> None:
    game = Game(Ruleset(pass_cycle=Ruleset().pass_cycle.NO_PASSING), 4)
    waiting = game.to_act()
    idle = next(seat for seat in range(game.players) if seat not in waiting)
    assert game.legal_actions(idle) == [] and game.legal_actions(waiting[0])
    with pytest.raises(IllegalMove, match=f"Seat {idle} has nothing to decide"):
        game.hand.random_action(idle, random.Random(1))


def test_a_finished_game_offers_no_action() -> None:
    game = play_random_game(Ruleset(target=25), 3)
    assert game.over and all(game.legal_actions(seat) == [] for seat in range(game.players))
