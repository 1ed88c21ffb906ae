"""Invariants over thousands of random games and random valid rulesets (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.invariants import check_game
from hearts_desktop.engine import Game, MoonScoring, PassCycle, Ruleset

from .test_game import random_action


@st.composite
def rulesets(draw: st.DrawFn) -> Ruleset:
    players = draw(st.sampled_from([3, 4, 5]))
    cycles = [PassCycle.ALWAYS_LEFT, PassCycle.LEFT_RIGHT_HOLD, PassCycle.NO_PASSING]
    if players == 4:
        cycles += [PassCycle.LEFT_RIGHT_ACROSS_HOLD, PassCycle.SCATTER]
    jack = draw(st.booleans())
    return Ruleset(
        players=players,
        kitty=players != 4 and draw(st.booleans()),
        pass_cycle=draw(st.sampled_from(cycles)),
        points_on_first_trick=draw(st.booleans()),
        queen_breaks_hearts=draw(st.booleans()),
        moon=draw(st.sampled_from(list(MoonScoring))),
        sweep_bonus=draw(st.booleans()),
        target=draw(st.integers(25, 200)),
        jack_of_diamonds=jack,
        moon_needs_jack=jack and draw(st.booleans()),
        spot_scoring=draw(st.booleans()),
        black_maria_spades=draw(st.booleans()),
    )


def play_checked_game(rules: Ruleset, seed: int) -> Game:
    game = Game(rules, seed)
    rng = random.Random(seed)
    hands_played = 0
    while not game.over:
        index = game.hand_index
        game.apply(random_action(game, rng))
        check_game(game)
        if game.hand_index != index:
            hands_played += 1
            result = game.results[-1]
            t = rules.tables
            assert sum(result.tricks_won) == t.tricks_per_hand
            assert sum(result.card_points) == t.penalty_total + t.jack_bonus
            if result.moon_shooter is None and result.sweeper is None:
                assert result.points == result.card_points
            assert hands_played < 500, "the game must end"
    assert [sum(r.points[s] for r in game.results) for s in range(rules.players)] == game.totals
    assert max(game.totals) >= rules.target
    assert sorted(game.totals).count(min(game.totals)) == 1
    assert game.totals[game.winner or 0] == min(game.totals)
    return game


def test_a_thousand_standard_games() -> None:
    hands = 0
    for seed in range(1000):
        game = Game(Ruleset(), seed)
        rng = random.Random(seed)
        while not game.over:
            game.apply(random_action(game, rng))
        hands += len(game.results)
        assert sum(sum(r.card_points) for r in game.results) == 26 * len(game.results)
        assert game.totals[game.winner or 0] == min(game.totals)
    assert hands > 5000


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rulesets(), seed=st.integers(0, 2**32))
def test_random_rulesets_keep_every_invariant(rules: Ruleset, seed: int) -> None:
    play_checked_game(rules, seed)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_standard_hands_keep_every_invariant(seed: int) -> None:
    play_checked_game(Ruleset(), seed)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rulesets(), seed=st.integers(0, 2**32))
def test_the_legal_actions_are_exactly_what_apply_accepts_and_random_action_picks_among_them(
    rules: Ruleset, seed: int
) -> None:
    game = Game(rules, seed)
    rng = random.Random(seed)
    for _ in range(3 * rules.tables.tricks_per_hand * rules.players):
        if game.over:
            break
        hand, waiting = game.hand, game.to_act()
        for seat in range(rules.players):
            actions = hand.legal_actions(seat)
            assert bool(actions) == (seat in waiting)
            assert all(hand.illegal_reason(action) is None for action in actions)
            assert len(set(actions)) == len(actions)
        seat = rng.choice(waiting)
        action = hand.random_action(seat, rng)
        assert action in hand.legal_actions(seat)
        game.apply(action)
