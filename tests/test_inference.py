"""Imagined deals of the hidden cards agree with everything the seat has seen, uniformly."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_desktop.bots.inference import (
    Deal,
    DealSampler,
    PlausibleDealSampler,
    kitty_certain,
    position_of,
    shuffle_drawn,
    unlikely_cards,
)
from hearts_desktop.bots.knowledge import Knowledge
from hearts_desktop.engine import (
    PRESETS,
    Game,
    HandState,
    PassAction,
    PassCycle,
    Phase,
    PlayerView,
    Ruleset,
    card,
    view_of,
)
from hearts_desktop.engine.cards import iter_bits, mask_of

from .helpers import deal_with, play
from .test_game import random_action

RULESETS = [p.rules for p in PRESETS] + [
    Ruleset.for_players(3, kitty=True),
    Ruleset.for_players(5, kitty=True, jack_of_diamonds=True, points_on_first_trick=True),
    Ruleset(queen_breaks_hearts=False, pass_cycle=PassCycle.SCATTER),
]


def game_after(rules: Ruleset, seed: int, steps: int) -> Game:
    """A game ``steps`` random actions in: passing, mid-trick, or the next hand's pass."""
    game = Game(rules, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(random_action(game, rng))
    return game


def check_deal(view: PlayerView, knowledge: Knowledge, deal: Deal) -> None:
    """Every constraint a real deal must meet, seen from ``view``."""
    seen = deal.kitty
    for seat, hand in enumerate(deal.hands):
        assert hand.bit_count() == view.cards_left[seat]
        assert hand & ~knowledge.allowed[seat] == 0, "a card where the seat cannot hold it"
        assert hand & knowledge.known[seat] == knowledge.known[seat], "a card we passed went elsewhere"
        assert not seen & hand
        seen |= hand
    assert deal.hands[view.seat] == view.hand
    assert deal.kitty.bit_count() == view.kitty_size
    assert deal.kitty & kitty_certain(view) == kitty_certain(view)
    assert seen == view.unseen_mask | view.hand


RANDOM_POSITIONS = {
    "rules": st.sampled_from(RULESETS),
    "seed": st.integers(0, 10_000),
    "steps": st.integers(0, 70),
    "watcher": st.integers(0, 4),
}
"""A game ``steps`` random actions in (``game_after``), seen from seat ``watcher``."""


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**RANDOM_POSITIONS)
def test_sampled_deals_respect_every_constraint_and_allow_the_true_one(
    rules: Ruleset, seed: int, steps: int, watcher: int
) -> None:
    game = game_after(rules, seed, steps)
    hand = game.hand
    seat = watcher % rules.players
    view = game.view(seat)
    sampler = DealSampler(view)
    assert sampler.consistent
    # The true deal is one of the possibilities.
    check_deal(view, sampler.knowledge, Deal(tuple(hand.hands), hand.kitty))
    rng = random.Random(seed)
    plausible = PlausibleDealSampler(view)
    for deal in [*sampler.samples(rng, 25), *plausible.samples(rng, 10)]:
        check_deal(view, sampler.knowledge, deal)
        if hand.phase is Phase.PLAYING:
            state = position_of(view, deal)
            assert state.turn == hand.turn and state.trick == hand.trick
            if seat == hand.turn:
                assert state.legal_mask() == view.legal


def test_hand_state_position_matches_the_real_hand_at_every_point() -> None:
    for rules in RULESETS:
        game = Game(rules, 7)
        rng = random.Random(7)
        while game.hand_index == 0:
            real = game.hand
            if real.phase is Phase.PLAYING:
                rebuilt = HandState.position(rules, real.hands, real.kitty, real.leader, real.trick, real.tricks)
                for name in ("hands", "turn", "leader", "trick", "trick_mask", "led_suit", "hearts_broken",
                             "tricks_played", "taken", "tricks_won", "kitty_taker", "opening_card"):
                    assert getattr(rebuilt, name) == getattr(real, name), name
                assert rebuilt.legal_mask() == real.legal_mask()
            game.apply(random_action(game, rng))


def test_position_refuses_an_impossible_layout() -> None:
    state = deal_with(Ruleset(), {})
    hands = list(state.hands)
    hands[1] |= hands[0] & -hands[0]  # a card in two hands
    with pytest.raises(ValueError):
        HandState.position(Ruleset(), hands, 0, state.leader, [], [])


def consistent_deals(view: PlayerView) -> list[Deal]:
    """Brute force: every layout of the unseen cards that meets the view's constraints."""
    knowledge = Knowledge.from_view(view)
    others = [s for s in range(view.players) if s != view.seat]
    unseen = list(iter_bits(view.unseen_mask))
    found = []

    def place(seat_index: int, left: list[int], hands: dict[int, int]) -> None:
        if seat_index == len(others):
            deal = Deal(tuple(view.hand if s == view.seat else hands[s] for s in range(view.players)),
                        mask_of(left))
            found.append(deal)
            return
        seat = others[seat_index]
        for chosen in combinations(left, view.cards_left[seat]):
            mask = mask_of(chosen)
            if mask & ~knowledge.allowed[seat] or mask & knowledge.known[seat] != knowledge.known[seat]:
                continue
            place(seat_index + 1, [c for c in left if not mask >> c & 1], {**hands, seat: mask})

    place(0, unseen, {})
    return found


def late_position() -> PlayerView:
    """Ten tricks played by script, with voids shown, so every consistent deal can be listed."""
    state = deal_with(
        Ruleset(),
        {
            0: "2C 3C 4C 5C 2D 3D 4D 5D 2S 3S 4S 5S 2H",
            1: "6C 7C 8C 9C 6D 7D 8D 9D 6S 7S 8S 9S 3H",
            2: "TC JC QC KC TD JD QD KD TS JS QS KS 4H",
            3: "AC AD AS 5H 6H 7H 8H 9H TH JH QH KH AH",
        },
    )
    play(state, "2C 6C TC AC")   # 3 wins
    play(state, "AD 2D 6D TD")   # 3 wins
    play(state, "AS 2S 6S TS")   # 3 wins
    play(state, "5H 2H 3H 4H")   # 3 wins, hearts broken
    play(state, "6H 3C 7C JC")   # 3 wins: seats 0, 1, 2 void in hearts
    play(state, "7H 4C 8C QC")
    play(state, "8H 5C 9C KC")
    play(state, "9H 3D 7D JD")
    play(state, "TH 4D 8D QD")
    play(state, "JH 5D 9D KD")
    return view_of(state, 0)


def test_sampling_is_uniform_over_the_consistent_deals() -> None:
    view = late_position()
    deals = consistent_deals(view)
    sampler = DealSampler(view)
    assert sampler.deal_count == len(deals) > 1
    rng = random.Random(3)
    draws = 300 * len(deals)
    counts = Counter(sampler.sample(rng) for _ in range(draws))
    assert set(counts) == set(deals)
    for deal in deals:
        assert abs(counts[deal] - 300) < 75, counts[deal]  # about 4.5 standard deviations


@pytest.mark.parametrize("size", [0, 1, 2, 5, 6, 13, 22, 39, 52])
def test_the_deals_shuffle_draws_what_the_library_sample_draws(size: int) -> None:
    """Seeded searches deal the same cards as when they called ``rng.sample``, and leave the
    generator in the same state for what follows."""
    cards = list(range(50, 50 - size, -1))
    for seed in range(20):
        ours, library = random.Random(seed), random.Random(seed)
        assert shuffle_drawn(ours, cards) == library.sample(cards, len(cards))
        assert ours.getstate() == library.getstate()
    assert cards == list(range(50, 50 - size, -1))


def test_passed_cards_are_placed_with_their_receiver() -> None:
    game = Game(Ruleset(), 11)
    passed = game.view(0).cards()[-3:]
    for seat in range(4):
        game.apply(PassAction(seat, passed if seat == 0 else game.view(seat).cards()[:3]))
    view = game.view(0)
    receiver = view.pass_targets[0]
    for deal in DealSampler(view).samples(random.Random(1), 50):
        assert all(deal.hands[receiver] >> c & 1 for c in passed)


def test_the_kitty_holds_the_clubs_below_the_opening_lead() -> None:
    rules = Ruleset.for_players(3, kitty=True)
    state = deal_with(
        rules,
        {0: "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D 3D 4D 5D 6D"},
        kitty="2C",
    )
    assert state.opening_card == card("3C")
    view = view_of(state, 1)
    assert kitty_certain(view) == 1 << card("2C")
    for deal in DealSampler(view).samples(random.Random(2), 30):
        assert deal.kitty == 1 << card("2C")


def test_a_view_no_game_can_produce_still_gets_deals_of_the_right_sizes() -> None:
    view = late_position()
    assert DealSampler(view).consistent
    broken = DealSampler(replace(view, cards_left=(3, 5, 3, 3)))  # more cards than are unseen
    assert not broken.consistent
    deal = broken.sample(random.Random(1))
    seen = 0
    for hand in deal.hands[1:]:
        assert not seen & hand
        seen |= hand
    assert seen == view.unseen_mask


def test_a_player_who_threw_a_small_card_rarely_holds_the_queen() -> None:
    """Void in clubs, the player on our left threw a small diamond, not the queen."""
    state = deal_with(
        Ruleset(),
        {
            0: "2C 3C 4C 5C 6C 7C 8C 9C TC 2S 3S 4S 2H",
            1: "2D 3D 4D 5D 6D 7D 8D 9D TD 5S 6S 7S 8S",
            2: "JC QC JD QD KD AD 9S TS JS 3H 4H 5H 6H",
            3: "KC AC QS KS AS 7H 8H 9H TH JH QH KH AH",
        },
    )
    play(state, "2C 2D JC AC")
    assert unlikely_cards(view_of(state, 0))[1] == 0  # the first trick forbids points: no hint
    play(state, "KC 3C 3D QC")
    view = view_of(state, 0)
    hints = unlikely_cards(view)
    assert hints[1] >> card("QS") & 1 and hints[1] >> card("AS") & 1
    assert hints[2] == hints[3] == 0  # they followed suit
    rng = random.Random(5)
    with_queen = sum(d.hands[1] >> card("QS") & 1 for d in PlausibleDealSampler(view).samples(rng, 600))
    uniform = sum(d.hands[1] >> card("QS") & 1 for d in DealSampler(view).samples(rng, 600))
    assert with_queen < uniform / 3
