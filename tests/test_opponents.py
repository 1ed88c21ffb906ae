"""The arena's outside opponents: legal in every ruleset, and each playing as described."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmarks.arena import _lineup, run_arena
from benchmarks.opponents import (
    RuleBot,
    SparringPartner,
    bottom_by_rank,
    make_player,
    pass_by_danger,
    top_by_rank,
)
from hearts_desktop.bots import Bot
from hearts_desktop.engine import Game, PlayerView
from hearts_desktop.engine.cards import iter_bits, mask_of, parse_cards

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
    players = [RuleBot(), SparringPartner(simulations=60, worlds=3)]
    play_a_hand([players[seat % 2] for seat in range(game.rules.players)], game)
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
    assert _lineup("expert,rules,sparring:500,medium") == ["expert", "rules", "sparring:500", "medium"]
    assert isinstance(make_player("sparring:500"), SparringPartner)
    assert make_player("sparring:500").simulations == 500  # type: ignore[attr-defined]
    for wrong in ("rulez", "sparring:many"):
        with pytest.raises(ValueError, match="unknown player"):
            make_player(wrong)
    result = run_arena(["medium", "rules", "rules", "rules"], hands=2, seed=1)
    assert [b.name for b in result.bots] == ["medium", "rules", "rules", "rules"]
