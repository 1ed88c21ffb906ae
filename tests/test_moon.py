"""Reading the table for moons: whose moon can still happen, and playout defenders who stop one."""

from __future__ import annotations

import random
from dataclasses import replace

from hearts_desktop.bots.expert import EXPERT_BUDGET, ExpertBot, expert_policy
from hearts_desktop.bots.medium import count_losers
from hearts_desktop.bots.moon import (
    DANGER_REAL,
    KEEP_DANGER,
    LATE_TRICKS,
    defence_keep,
    kept_from_us,
    likely_shooter,
    moon_danger,
    moon_possible,
)
from hearts_desktop.bots.opponent_model import ModelledDealSampler, ShooterReadingSampler
from hearts_desktop.bots.search import PlayoutPolicy
from hearts_desktop.coach.review import playout_policy
from hearts_desktop.engine import CARDS, HandState, Ruleset, cards_of, view_of
from hearts_desktop.engine.cards import mask_of, parse_cards
from hearts_desktop.engine.rules import PassDirection

from .helpers import deal_and_pass, deal_with, hand_in_play, play

PASSED_HEARTS_DEAL = {
    0: "AC AH KH 3H AD KD QD JD TD 9D 8D 7D 6D",
    1: "3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2S 3S",
    3: "2C 2D 3D 4D 5D 4S 5S 6S 7S 8S 9S TS 2H",
}


def after_passing_our_top_hearts(cards: str, ours: str = "AH KH 3H") -> HandState:
    """We (seat 0) pass ``ours`` to the left; the left-hand player holds no diamonds."""
    state = deal_and_pass(PASSED_HEARTS_DEAL, PassDirection.LEFT, {0: ours, 1: "JC QC KC", 2: "JS QS KS", 3: "4S 5S 6S"})
    play(state, cards)
    return state


def test_a_moon_is_over_for_everyone_but_the_seat_that_has_won_a_point_card() -> None:
    view = view_of(queen_taken_by_seat_1(), 0)
    assert moon_possible(view, 1)
    assert not any(moon_possible(view, seat) for seat in (0, 2, 3))


def test_a_top_heart_we_passed_away_makes_our_moon_hopeless() -> None:
    view = view_of(after_passing_our_top_hearts("2C AC 3C"), 0)
    assert {str(c) for c in cards_of(kept_from_us(view))} == {"AH", "KH", "3H"}
    assert not moon_possible(view, 0)
    assert moon_possible(view, 1)  # the others may still shoot: we hold no heart at all


def test_a_heart_we_passed_under_one_we_kept_can_still_be_drawn_out() -> None:
    view = view_of(after_passing_our_top_hearts("2C AC 3C", ours="KH 3H AD"), 0)
    assert {str(c) for c in cards_of(kept_from_us(view))} == set()  # our ace of hearts outranks both
    assert moon_possible(view, 0)


def test_the_player_we_passed_our_top_hearts_to_never_discards_them_on_our_trick() -> None:
    """In the playouts the left-hand player, void in diamonds, would dump its highest heart on
    our ace; it is the ace we passed it, which it keeps from us as any defender does."""
    state = after_passing_our_top_hearts("2C AC 3C JC  AD")
    policy = PlayoutPolicy(state.rules)
    assert policy.choose(state, 0) == parse_cards("AH")[0]  # without knowing what we passed
    policy.start(view_of(state, 0))
    assert policy.choose(state, 0) not in parse_cards("AH KH 3H")


def queen_taken_by_seat_1() -> HandState:
    """Three tricks in: seat 1 has won the queen of spades and nobody else has a point."""
    hands = {0: "2C 6C 7C 8C 9C TC JC QC KC 6H 7H KH 9D",
             1: "AC AS KS JS 5H 4H 8D 7D 6D 5D TD JD QD",
             2: "3C 4C 2S QS 3S 6S 7S 8S 9S TS 2H 3H AH",
             3: "5C 2D 3D 4D 4S 5S 8H 9H TH JH QH AD KD"}
    state = deal_with(Ruleset(), hands)
    play(state, "2C AC 3C 5C  AS 2S 4S 9D  KS QS 5S KC")
    return state


def hearts_on_the_left_players_diamonds() -> HandState:
    """The player on our right passed us three low cards, then won the first three tricks,
    the last two with a heart from us and from our left-hand player on each: 4 points, alone."""
    hands = {0: "3C 6S 7S 8S 2H 3H 4H 5H 6H 7H 8H 9H TH",
             1: "4C 5C 6C 9S TS JS QS KS AS JH QH KH AH",
             3: "2C 4S 5S AC AD KD QD JD TD 9D 8D 7D 6D"}
    state = deal_and_pass(hands, PassDirection.LEFT, {0: "8S 7S 6S", 1: "AS KS QS", 2: "KC QC JC", 3: "2C 4S 5S"})
    play(state, "2C 4C 7C AC  AD 2H JH 2D  KD 3H QH 3D")
    return state


def test_a_lone_taker_that_passed_us_only_low_cards_is_a_real_moon_danger() -> None:
    """Four points are not much, but a player who passed its low cards away is keeping its
    winners: we defend now. Our left-hand player, who did not see that pass, does not yet."""
    state = hearts_on_the_left_players_diamonds()
    ours = view_of(state, 0)
    danger = moon_danger(ours)
    assert danger[3] >= DANGER_REAL and danger[0] == danger[1] == danger[2] == 0.0
    assert likely_shooter(ours) == 3
    assert likely_shooter(view_of(state, 1)) == -1


def test_playout_defenders_defend_from_the_first_point_of_a_real_moon_danger() -> None:
    state = hearts_on_the_left_players_diamonds()
    policy = PlayoutPolicy(state.rules)
    assert policy.shooter(state) is None  # four points: no one defends yet
    policy.start(view_of(state, 0))
    assert policy.shooter(state) == 3




QUEEN_TAKER_HANDS = {0: "2C 6C 7C 8C 4S 5S 6S 7S KS 3D 4D 6H 7H",
                     1: "AC AS 8S TS 9S AD 5D 6D 7D 8D 9H JD TD",
                     2: "3C 4C 2S 3S JS 2D 9D QD KD 2H 4H 5H KH",
                     3: "5C 9C TC JC QC KC QS 3H 8H TH JH QH AH"}
QUEEN_TAKER_PLAY = "2C AC 3C 5C  AS 2S QS 4S  AD 2D 8H 3D  9H"
"""Seat 1 wins the clubs, is stuck with the queen of spades under its own ace, wins a diamond
with a heart on it (14 points, nobody else has any) and leads the 9 of hearts."""


def coach_opponent_card(state: HandState, seat: int) -> str:
    """The coach's playout opponent at ``seat`` past the trick judged (the fast rules),
    knowing what the player judged (``seat``) knows of a moon."""
    policy = playout_policy(state.rules)
    policy.start(view_of(state, seat))
    policy.horizon = 0
    return str(CARDS[policy.choose(state, state.trick_mask, policy.watched(state))])


def test_the_coachs_playout_opponents_do_not_spend_a_high_heart_on_a_queen_taker() -> None:
    """Taking the queen is no moon: a strong player ducks the queen-taker's heart lead with the
    5 and keeps the king to stop a real run later. In the coach's playouts the queen alone
    made seat 1 a suspect, and every defender took the trick with its highest heart (in arena
    games the strong players played the card of the rules that do not in 96 of the 128
    positions where this changed the card, the old card in 11: benchmarks/playout_agreement.txt).
    Hard's playouts still take it: there it keeps Hard from paying a point to end such a
    moon itself (tests/test_search_bots.py)."""
    state = deal_with(Ruleset(), QUEEN_TAKER_HANDS)
    play(state, QUEEN_TAKER_PLAY)
    card = coach_opponent_card(state, 2)
    assert card == "5H"  # the highest heart that ducks
    assert card != "KH"
    hard = PlayoutPolicy(state.rules)
    hard.start(view_of(state, 2))
    assert str(CARDS[hard.choose(state, state.trick_mask, hard.watched(state))]) == "KH"


def test_a_queen_taker_that_passed_us_only_low_cards_is_defended_against_at_once() -> None:
    """The pass is a sign the points do not show: seat 1 passed us three low diamonds, so
    the same heart lead is taken with the king."""
    state = deal_and_pass(QUEEN_TAKER_HANDS, PassDirection.LEFT,
                          {0: "6C 7C 8C", 1: "5D 6D 7D", 2: "3S JS 4C", 3: "9C TC JC"})
    play(state, QUEEN_TAKER_PLAY)
    card = coach_opponent_card(state, 2)
    assert card == "KH"
    assert card != "5H"


def test_in_the_experts_playouts_a_seat_read_as_a_shooter_runs_from_its_first_point() -> None:
    """Its deals give that seat a shooter's hand (``ShooterReadingSampler``), so there it plays
    for the moon at once; in Hard's playouts four points are no run."""
    state = hearts_on_the_left_players_diamonds()
    hard, expert = PlayoutPolicy(state.rules), expert_policy(state.rules)
    for policy in (hard, expert):
        policy.start(view_of(state, 0))
    assert expert.runs(state, 3) and not hard.runs(state, 3)
    assert not expert.runs(state, 1)


def test_in_the_experts_playouts_a_lone_taker_of_a_third_of_the_points_runs_and_is_stopped() -> None:
    """The player across has won every trick, cashing the top diamonds while we and the player
    on our left threw eight hearts on them: 8 of 26 points, nobody else has any, no sign a
    naive reader calls a moon (danger 0.31). A strong shooter is well on its way there; in
    Hard's playouts nobody runs or defends before 60% of the points, in the Expert's both
    start now (``EXPERT_MOON_SHARE``)."""
    tricks = [(0, "2C 3C AC 4C", 2), (2, "AD 5D 2H 3H", 2), (2, "KD 6D 4H 5H", 2), (2, "QD 2D 6H 7H", 2),
              (2, "JD 3D 8H 9H", 2)]
    state = hand_in_play(Ruleset(), {2: "AH KH QH JH TD 9D 8D 7D"}, tricks, 2)
    assert likely_shooter(view_of(state, 0)) == -1
    assert PlayoutPolicy(state.rules).shooter(state) is None
    policy = expert_policy(state.rules)
    assert policy.shooter(state) == 2 and policy.runs(state, 2)


def test_a_moon_runner_cashes_its_side_winners_before_its_hearts() -> None:
    """Playing for the moon, we won the first two tricks (the second with a heart on it), and
    lead: the king of clubs is now as sure a winner as the ace of hearts. Cash it first: while the
    others still follow clubs none can keep a heart from our trick, and whoever runs out of
    clubs throws its hearts on our winners; hearts run first leave our side cards to lose a
    trick at the end (issue 24's second hand: hearts and diamonds run first, 23 points)."""
    tricks = [(1, "2C 3C 4C AC", 0), (0, "TD 5D 2H 6D", 0)]
    state = hand_in_play(Ruleset(), {0: "KC AH KH QH 3D 4D 7D 8D 9D JD QD"}, tricks, 0)
    played = mask_of(parse_cards("2C 3C 4C AC TD 5D 2H 6D"))
    assert str(CARDS[PlayoutPolicy(state.rules).choose(state, played, attempt=0)]) == "KC"


def test_playout_defenders_holding_only_hearts_feed_the_shooter_their_lowest() -> None:
    """The player across has won every trick (21 points) and leads the ace of diamonds; we hold
    only hearts, the queen on top. Whatever we throw goes to the shooter, so throw the two
    and keep the queen, the heart trick it cannot win (the policy threw its highest heart,
    the usual discard, and with it the stopper)."""
    tricks = [(0, "2C 3C 4C AC", 2), (2, "KS 5S QS 6S", 2), (2, "AH 4H 5H 6H", 2), (2, "KH 7H 8H 9H", 2),
              (2, "KC 5C 8C 6C", 2), (2, "QC 7C 9C TC", 2), (2, "AS 2S 3S 4S", 2), (2, "JS 7S 8S 9S", 2)]
    state = hand_in_play(Ruleset(), {0: "2H 3H TH JH QH"}, tricks, 2, "AD 8D")
    policy = PlayoutPolicy(state.rules)
    played = view_of(state, 0).played_mask
    assert policy.shooter(state) == 2
    assert str(CARDS[policy.choose(state, played, shooter=2)]) == "2H"


def test_the_experts_deals_give_a_seat_reading_as_a_shooter_a_shooters_hand() -> None:
    """The player on our right passed us its low cards and has won every point so far: dealt
    evenly, its hand is as weak as anyone's and the playouts rarely see it run; the Expert's
    deals give it fewer likely losers, as a player keeping its winners holds."""
    state = hearts_on_the_left_players_diamonds()
    view = view_of(state, 0)
    even = ModelledDealSampler(view, ())
    read = ShooterReadingSampler(view, ())
    assert read.suspects == (3,)
    live = view.unseen_mask | view.hand

    def mean_losers(sampler: ModelledDealSampler) -> float:
        rng = random.Random(5)
        hands = [sampler.sample(rng).hands[3] for _ in range(300)]
        return sum(count_losers(h, live & ~h) for h in hands) / len(hands)

    assert mean_losers(read) < mean_losers(even) - 1.0


def test_the_experts_deals_read_nobody_as_a_shooter_before_a_sign() -> None:
    state = hearts_on_the_left_players_diamonds()
    read = ShooterReadingSampler(view_of(state, 1), ())  # the left-hand player did not see the pass
    assert read.suspects == ()


RUNNING_DIAMONDS = {0: "3C 6C 8C TC 4D 5D 7D JS 2H 8H TH QH AH",
                    1: "3D 8D 9D TD AD 4S 9S TS KS AS 5H 6H 9H",
                    2: "2C 4C 5C 9C JC KC 2D 6D JD QD 3S 5S 8S",
                    3: "7C QC AC KD 2S 6S 7S QS 3H 4H 7H JH KH"}
"""Replayed from a moon shot against three Experts (arena, shooter:2000, deal 5); in the
opening, seat 3 throws the first point on seat 2's jack of diamonds."""
DIAMONDS_OPENING = "2C 7C TC AD  JS 9S 8S 6S  4D 8D 2D KD  AC 6C 9D JC  QC 8C TD KC  JD KH 7D"
DIAMONDS_RUN = "3D  4C JH 3C KS  6D QS 5D TS  QD 2S 2H"
"""After it, seat 2 (15 points, alone) leads the queen of diamonds; seat 1 holds the ace of
spades, and the shooter still holds the three and five of spades."""
RUNNING_HEARTS = {0: "KC AC 7D 8D QD AD KS AS 2H 4H JH KH AH",
                  1: "2C 4C 7C 8C QC TD 3S 8S JS 6H 8H TH QH",
                  2: "3C 5C 6C 9C TC JC 6D 9D 2S 4S 7S QS 7H",
                  3: "2D 3D 4D 5D JD KD 5S 6S 9S TS 3H 5H 9H"}
"""Replayed from another (deal 13): seat 0 has won every point (19) when it leads the jack of
hearts; seat 3, last to play, holds the nine and three of hearts, and the shooter the four and
two."""
HEARTS_RUN = ("2C 9C KD KC  AC QC TC JD  8D TD 9D 2D  JS 7S 9S KS  7D QH 6D 3D  QD 7C 7H 4D"
              "  AS 8S QS 5S  AD 6H 4S 5D  KH TH 2S 5H  JH 8H 5C")


def replayed(hands: dict[int, str], cards: str) -> HandState:
    state = deal_with(Ruleset(), hands)
    play(state, cards)
    return state


def test_the_expert_keeps_the_cards_that_can_still_beat_a_running_shooter() -> None:
    """Both moons were shot: the ace of spades went on the shooter's diamond, and the nine of
    hearts under its jack; kept, the ace wins its three of spades and the nine its four of
    hearts, each with a heart on it (``moon.defence_keep``)."""
    quick = ExpertBot(replace(EXPERT_BUDGET, max_deals=48, min_deals=16))
    diamonds = replayed(RUNNING_DIAMONDS, f"{DIAMONDS_OPENING} {DIAMONDS_RUN}")
    hearts = replayed(RUNNING_HEARTS, HEARTS_RUN)
    assert likely_shooter(view_of(diamonds, 1)) == 2 and likely_shooter(view_of(hearts, 3)) == 0
    assert defence_keep(view_of(diamonds, 1)) == mask_of(parse_cards("AS 9H"))
    assert defence_keep(view_of(hearts, 3)) == mask_of(parse_cards("9H"))
    for seed in range(3):
        assert str(quick.choose_play(view_of(diamonds, 1), random.Random(seed))) not in ("AS", "9H")
        assert str(quick.choose_play(view_of(hearts, 3), random.Random(seed))) == "3H"


def test_moon_defence_keeps_nothing_before_a_real_danger_or_when_we_can_beat_the_shooter() -> None:
    early = replayed(RUNNING_DIAMONDS, DIAMONDS_OPENING)  # a point on the table, none taken
    assert moon_danger(view_of(early, 1))[2] < KEEP_DANGER
    assert defence_keep(view_of(early, 1)) == 0
    hearts = replayed(RUNNING_HEARTS, f"{HEARTS_RUN} 3H  4H 8C 6C")  # seat 3 kept its nine
    assert likely_shooter(view_of(hearts, 3)) == 0  # beating the four is the search's call
    assert defence_keep(view_of(hearts, 3)) == 0


LONE_TAKER_TRICKS = [(0, "2C 3C AC 4C", 2), (2, "KC 5C 6C 7C", 2), (2, "QC 8C 9C TC", 2),
                     (2, "AD 2D 3D 4D", 2), (2, "KD 5D 2H 6D", 2), (2, "QD 7D 4S 9D", 2)]
"""The player across has won all six tricks, one heart among them; we threw the heart and a
spade on its diamonds, and it leads the jack of diamonds."""


def test_late_in_a_hand_the_expert_keeps_its_master_heart_from_any_lone_taker() -> None:
    """One point is no moon danger (0.04), but after six tricks all won by one player a
    master heart thrown on its diamond may be the run's last stopper. Without the keep the
    search threw the ace there (3 of 3 seeds at 48 deals): in normal play it is a liability."""
    late = hand_in_play(Ruleset(), {0: "AH 3H 5S 6S 7S 8S 9S"}, LONE_TAKER_TRICKS, 2, "JD TD")
    view = view_of(late, 0)
    assert len(view.tricks) == LATE_TRICKS and likely_shooter(view, KEEP_DANGER) == -1
    assert defence_keep(view) == mask_of(parse_cards("AH"))
    quick = ExpertBot(replace(EXPERT_BUDGET, max_deals=48, min_deals=16))
    for seed in range(3):
        assert str(quick.choose_play(view, random.Random(seed))) != "AH"


def test_the_late_keep_waits_for_the_late_tricks_and_for_a_master() -> None:
    earlier = hand_in_play(Ruleset(), {0: "AH KH 3H 4S 5S 6S 7S 8S"}, LONE_TAKER_TRICKS[:5], 2, "QD 7D")
    assert defence_keep(view_of(earlier, 0)) == 0
    no_master = hand_in_play(Ruleset(), {0: "KH QH 3H 5S 6S 7S 8S"}, LONE_TAKER_TRICKS, 2, "JD TD")
    assert defence_keep(view_of(no_master, 0)) == 0
