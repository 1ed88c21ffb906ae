"""The arena's outside opponents: legal in every ruleset, and each playing as described."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmarks.arena import _lineup, play_deal, run_arena
from benchmarks.opponents import (
    ATTEMPT,
    MoonShooter,
    RuleBot,
    Seer,
    SparringPartner,
    bottom_by_rank,
    make_player,
    pass_by_danger,
    pass_for_a_run,
    top_by_rank,
)
from hearts_desktop.bots import Bot
from hearts_desktop.bots.expert import EXPERT_BUDGET, PASS_BUDGET, ExpertBot
from hearts_desktop.bots.knowledge import Knowledge
from hearts_desktop.bots.opponent_model import ShooterReadingSampler
from hearts_desktop.bots.search import Budget
from hearts_desktop.engine import Game, HandState, PassDirection, PlayerView, Ruleset, view_of
from hearts_desktop.engine.cards import iter_bits, mask_of, parse_cards
from hearts_desktop.engine.hand import deal

from .helpers import deal_with
from .test_bots_basic import ALL_RULESETS, RULE_IDS
from .test_search_bots import MOON_DEAL, MOON_TRICKS, after


def play_a_hand(bots: list[Bot], game: Game) -> None:
    rng = random.Random(5)
    while not game.results:
        seat = game.to_act()[0]
        game.apply(bots[seat].decide(game.view(seat), rng))  # apply refuses an illegal move


@pytest.mark.parametrize("rules", ALL_RULESETS, ids=RULE_IDS)
def test_the_outside_opponents_play_legally_in_every_ruleset(rules: object) -> None:
    game = Game(rules, 4)  # type: ignore[arg-type]
    players = [RuleBot(), SparringPartner(simulations=60, worlds=3), MoonShooter(simulations=60, worlds=3, pass_worlds=4)]
    play_a_hand([players[seat % 3] for seat in range(game.rules.players)], game)
    assert len(game.results) == 1


def test_the_rule_player_passes_the_high_spades_then_the_highest_hearts() -> None:
    hand = mask_of(parse_cards("AS QS 2S KH 3H 9H AC KD 2C 3C 4C 5C 6C"))
    assert [str(c) for c in pass_by_danger(hand)] == ["AS", "QS", "KH"]


@given(st.integers(min_value=1, max_value=(1 << 52) - 1), st.integers(min_value=0, max_value=12))
def test_the_rank_scans_pick_the_card_a_sort_by_rank_would(mask: int, rank: int) -> None:
    """The playouts find the highest and lowest cards a rank at a time (fast when compiled);
    they must choose exactly as sorting by rank, ties to the later suit for the highest."""
    cards = list(iter_bits(mask))
    by_rank = lambda c: (c % 13, c)  # noqa: E731
    assert top_by_rank(mask) == max(cards, key=by_rank) and bottom_by_rank(mask) == min(cards, key=by_rank)
    under = [c for c in cards if c % 13 < rank]
    assert top_by_rank(mask, rank) == (max(under, key=by_rank) if under else -1)
    over = [c for c in cards if c % 13 > rank]
    assert bottom_by_rank(mask, rank) == (min(over, key=by_rank) if over else -1)


def moon_at_stake() -> PlayerView:
    """Two tricks left: the left-hand player took every point but our two hearts and leads
    the eight; our nine stops the moon for sure, our two lets it through unless the last
    spade trick goes to someone else."""
    view = after(MOON_DEAL, MOON_TRICKS)
    assert view.seat == 0 and {str(c) for c in view.legal_cards()} == {"2H", "9H"}
    return view


def test_the_rule_player_never_defends_against_a_moon() -> None:
    assert str(RuleBot().choose_play(moon_at_stake(), random.Random(1))) == "2H"


def test_the_sparring_partner_stops_the_moon_and_replays_under_a_seed() -> None:
    view = moon_at_stake()
    partner = SparringPartner(simulations=300, worlds=30)  # the moon is on in about a third of the worlds
    assert str(partner.choose_play(view, random.Random(2))) == "9H"
    early = after(MOON_DEAL, MOON_TRICKS.split("  ")[0])
    assert partner.choose_play(early, random.Random(3)) == partner.choose_play(early, random.Random(3))


def test_arena_line_ups_name_levels_and_outside_opponents() -> None:
    assert _lineup("expert,rules,sparring:500,shooter") == ["expert", "rules", "sparring:500", "shooter"]
    assert isinstance(make_player("sparring:500"), SparringPartner)
    assert make_player("sparring:500").simulations == 500  # type: ignore[attr-defined]
    assert isinstance(make_player("shooter:700"), MoonShooter)
    assert make_player("shooter:700").simulations == 700  # type: ignore[attr-defined]
    scaled = make_player(f"expert:{4 * EXPERT_BUDGET.max_deals}")  # the Expert at 4x its deals, card and pass alike
    assert isinstance(scaled, ExpertBot)
    assert (scaled.budget.max_deals, scaled.budget.min_deals) == (4 * EXPERT_BUDGET.max_deals, 4 * EXPERT_BUDGET.min_deals)
    assert scaled.pass_budget.max_deals == 4 * PASS_BUDGET.max_deals
    assert scaled.budget.confidence == EXPERT_BUDGET.confidence
    assert make_player("expert:38").budget.safety_seconds == EXPERT_BUDGET.safety_seconds  # type: ignore[attr-defined]
    for wrong in ("rulez", "sparring:many", "rules:5", "expert:0", "hard:300"):
        with pytest.raises(ValueError, match="unknown player"):
            make_player(wrong)
    result = run_arena(["medium", "rules", "rules", "rules"], hands=2, seed=1)
    assert [b.name for b in result.bots] == ["medium", "rules", "rules", "rules"]


# ----------------------------------------------------------------- the moon shooter

SHOOTERS_HAND = "AH KH QH JH TH 5H 3H AS KS QS AC KC 2D"
"""The top five hearts, the top spades and clubs: a moon for a player who plays for it."""
HOPELESS_HAND = "2C 3C 4C 2D 3D 4D 2S 3S 4S 2H 3H 4H 5H"


def play_out_with(seat_0: Bot, hand: str, seed: int) -> tuple[HandState, list[bool]]:
    """The hand played to its end, ``seat_0`` holding ``hand`` against three small sparring
    partners (who stop a player running the points); for a shooter in seat 0, whether each
    of its decisions with a choice was a moon plan."""
    state = deal_with(Ruleset(), {0: hand})
    others = SparringPartner(simulations=200, worlds=4)
    rng = random.Random(seed)
    plans = []
    while seats := state.to_act():
        view = view_of(state, seats[0])
        if seats[0] == 0 and isinstance(seat_0, MoonShooter) and len(view.legal_cards()) > 1:
            plans.append(seat_0.search(view, random.Random(seed))[0] >= ATTEMPT)
        state.apply((seat_0 if seats[0] == 0 else others).decide(view, rng))
    return state, plans


def test_the_shooter_runs_the_moon_with_a_hand_built_for_it_where_the_partner_does_not() -> None:
    shooter = MoonShooter(simulations=400, worlds=8)
    state, plans = play_out_with(shooter, SHOOTERS_HAND, seed=1)
    assert state.result is not None and state.result.moon_shooter == 0
    assert plans[0] and sum(plans) >= len(plans) - 2  # it plans the moon from its first card
    state, _ = play_out_with(SparringPartner(simulations=400, worlds=8), SHOOTERS_HAND, seed=1)
    assert state.result is not None and state.result.moon_shooter is None  # it avoids the points


def test_the_shooter_does_not_run_a_hopeless_hand() -> None:
    """With nothing but low cards it ducks every point, as the partner does (here another
    seat shoots)."""
    state, _ = play_out_with(MoonShooter(simulations=400, worlds=8), HOPELESS_HAND, seed=1)
    assert state.result is not None and state.result.moon_shooter != 0 and state.result.card_points[0] == 0


def test_the_shooter_passes_its_losers_for_a_run_only_when_the_playouts_say_it_pays() -> None:
    shooter = MoonShooter(simulations=100, worlds=2)
    strong = view_of(deal_with(Ruleset(), {0: SHOOTERS_HAND}, direction=PassDirection.LEFT), 0)
    run = pass_for_a_run(strong.rules.tables, strong.hand)
    assert "2D" in map(str, run) and not mask_of(run) & strong.rules.tables.moon_mask  # it keeps what a moon needs
    assert shooter.choose_pass(strong, random.Random(1)) == run
    hopeless = view_of(deal_with(Ruleset(), {0: HOPELESS_HAND}, direction=PassDirection.LEFT), 0)
    assert shooter.choose_pass(hopeless, random.Random(1)) == pass_by_danger(hopeless.hand)


def test_the_shooter_replays_under_a_seed() -> None:
    view = view_of(deal_with(Ruleset(), {0: SHOOTERS_HAND}, direction=PassDirection.LEFT), 0)
    shooter = MoonShooter(simulations=100, worlds=4, pass_worlds=20)
    assert shooter.choose_pass(view, random.Random(4)) == shooter.choose_pass(view, random.Random(4))
    line_up = [MoonShooter(simulations=40, worlds=4, pass_worlds=50), RuleBot(), RuleBot(), RuleBot()]
    first, again = (play_deal(Ruleset(), line_up, seed=3, index=0) for _ in range(2))
    assert first.points == again.points and first.moons == again.moons


# ----------------------------------------------------------------- the seer (a bound)

def a_hand_under_way(tricks_played: int) -> HandState:
    """A random deal, not passed, with the first cards legal play allows played."""
    rules = Ruleset()
    hands, kitty = deal(rules, random.Random(7))
    state = HandState(rules, hands, kitty, PassDirection.HOLD)
    while len(state.tricks) < tricks_played:
        state.play(next(iter_bits(view_of(state, state.turn).legal)))
    return state


def test_the_seer_knows_the_hands_it_is_shown_and_no_others() -> None:
    state = a_hand_under_way(3)
    view = view_of(state, state.turn)
    entry_at = [(seat - 1) % 4 for seat in range(4)]  # rotation 1: entry 2 sits at seat 3
    shown_seat = entry_at.index(2)
    one = make_player("seer:2")
    assert isinstance(one, Seer)
    one.see(state, entry_at)
    read = one.read(view)
    plain = Knowledge.from_view(view)
    for seat in range(4):
        if seat == view.seat:
            assert read.known[seat] == read.allowed[seat] == view.hand
        elif seat == shown_seat:
            assert read.known[seat] == read.allowed[seat] == state.hands[seat]
        else:
            assert read.known[seat] == plain.known[seat]
            assert read.allowed[seat] == plain.allowed[seat] & ~state.hands[shown_seat]
            assert read.allowed[seat] & state.hands[seat] == state.hands[seat]  # the truth stays possible
    every = make_player("seer")
    assert isinstance(every, Seer)
    every.see(state, entry_at)
    truth = tuple(state.hands)
    sampler = ShooterReadingSampler(view, (), every.read(view))
    assert {sampler.sample(random.Random(s)).hands for s in range(20)} == {truth}


def test_the_arena_shows_the_seer_the_hand_before_each_card() -> None:
    seer = Seer((1,), Budget(max_deals=8, min_deals=8))
    record = play_deal(Ruleset(), [seer, RuleBot(), RuleBot(), RuleBot()], seed=3, index=0)  # the engine checks each card
    assert len(record.plays[-1]) == 52 and seer.state is not None and seer.state.result is not None
    assert seer.shown == (0,)  # the last rotation seats entry 1 at seat 0
