"""Each option of RULES.md changes exactly what it should, scripted by card names."""

from __future__ import annotations

import pytest

from hearts_desktop.engine import (
    PRESETS,
    HandState,
    IllegalMove,
    MoonAction,
    MoonScoring,
    PassAction,
    PassCycle,
    PassDirection,
    Phase,
    PlayAction,
    Ruleset,
    RulesetError,
    card,
    cards_of,
    describe,
    preset_by_key,
)
from hearts_desktop.engine.cards import QUEEN_OF_SPADES
from hearts_desktop.engine.rules import rule_tables

from .helpers import deal_with, held, legal, play

# Seat 0 loses the first trick (no points in it) and wins every other one: a moon, not a sweep.
MOON_DEAL = {
    0: "2C 3C AD AS KS QS AH KH QH JH TH 9H 8H",
    1: "4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D 3D",
    2: "4D 5D 6D 7D 8D 9D TD JD QD KD 2S 3S 4S",
    3: "5S 6S 7S 8S 9S TS JS 2H 3H 4H 5H 6H 7H",
}
MOON_PLAYS = [
    "2C AC 4D 5S", "2D 5D 2H AD", "AS 4C 2S 6S", "KS 5C 3S 7S", "QS 6C 4S 8S",
    "AH 7C 6D 3H", "KH 8C 7D 4H", "QH 9C 8D 5H", "JH TC 9D 6H", "TH JC TD 7H",
    "9H QC JD 9S", "8H KC QD TS", "3C 3D KD JS",
]


def moon_hand(rules: Ruleset, plays: list[str] = MOON_PLAYS) -> HandState:
    state = deal_with(rules, MOON_DEAL)
    for trick in plays:
        play(state, trick)
    return state


# The same hand, but seat 2 drops the jack of diamonds on the first trick (to seat 1).
JACK_ELSEWHERE_PLAYS = ["2C AC JD 5S", *MOON_PLAYS[1:10], "9H QC 4D 9S", *MOON_PLAYS[11:]]

ALL_CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"


def sweep_hand(rules: Ruleset) -> HandState:
    """Seat 0 holds every club, leads them all and takes every trick."""
    state = deal_with(rules, {0: ALL_CLUBS})
    while state.phase is Phase.PLAYING:
        state.play(state.legal_mask().bit_length() - 1)  # everyone plays their highest legal card
    return state


def points(state: HandState) -> tuple[int, ...]:
    assert state.phase is Phase.SCORED and state.result is not None
    return state.result.points


# ------------------------------------------------------------------ moon scoring


def test_moon_scripted_hand_is_a_moon_but_not_a_sweep() -> None:
    state = moon_hand(Ruleset())
    assert state.result is not None
    assert state.result.moon_shooter == 0 and state.result.sweeper is None
    assert state.result.tricks_won == (12, 1, 0, 0)
    assert state.result.card_points == (26, 0, 0, 0)


@pytest.mark.parametrize(
    ("moon", "expected"),
    [
        (MoonScoring.ADD_TO_OTHERS, (0, 26, 26, 26)),
        (MoonScoring.SUBTRACT_FROM_SHOOTER, (-26, 0, 0, 0)),
        (MoonScoring.OFF, (26, 0, 0, 0)),
    ],
)
def test_moon_scoring_options(moon: MoonScoring, expected: tuple[int, ...]) -> None:
    assert points(moon_hand(Ruleset(moon=moon))) == expected


def test_shooters_choice_asks_the_shooter_and_only_the_shooter() -> None:
    state = moon_hand(Ruleset(moon=MoonScoring.SHOOTERS_CHOICE))
    assert state.phase is Phase.MOON_CHOICE and state.moon_candidate == 0
    with pytest.raises(IllegalMove, match="Only the player who shot the moon"):
        state.apply(MoonAction(1, MoonScoring.ADD_TO_OTHERS))
    with pytest.raises(IllegalMove):
        state.apply(MoonAction(0, MoonScoring.OFF))
    assert state.to_act() == [0]
    state.apply(MoonAction(0, MoonScoring.SUBTRACT_FROM_SHOOTER))
    assert state.to_act() == []
    assert points(state) == (-26, 0, 0, 0)
    assert state.result is not None and state.result.moon_choice is MoonScoring.SUBTRACT_FROM_SHOOTER


def test_shooters_choice_to_add() -> None:
    state = moon_hand(Ruleset(moon=MoonScoring.SHOOTERS_CHOICE))
    state.apply(MoonAction(0, MoonScoring.ADD_TO_OTHERS))
    assert points(state) == (0, 26, 26, 26)


def test_one_missing_heart_is_not_a_moon() -> None:
    # Seat 3 drops the 2H on the first trick (points allowed there): seat 1 takes one heart.
    plays = ["2C AC 4D 2H", "2D 5D 5S AD", *MOON_PLAYS[2:]]
    state = moon_hand(Ruleset(points_on_first_trick=True), plays)
    assert state.result is not None and state.result.moon_shooter is None
    assert points(state) == (25, 1, 0, 0)


# ------------------------------------------------------------------ sweep


def test_sweep_bonus_and_its_scaling() -> None:
    assert points(sweep_hand(Ruleset())) == (0, 39, 39, 39)
    assert points(sweep_hand(Ruleset(spot_scoring=True, target=500))) == (0, 193, 193, 193)
    assert points(sweep_hand(Ruleset(black_maria_spades=True))) == (0, 64, 64, 64)


def test_sweep_off_is_treated_as_a_moon_under_each_moon_option() -> None:
    assert points(sweep_hand(Ruleset(sweep_bonus=False))) == (0, 26, 26, 26)
    subtract = Ruleset(sweep_bonus=False, moon=MoonScoring.SUBTRACT_FROM_SHOOTER)
    assert points(sweep_hand(subtract)) == (-26, 0, 0, 0)
    assert points(sweep_hand(Ruleset(sweep_bonus=False, moon=MoonScoring.OFF))) == (26, 0, 0, 0)


def test_sweep_counts_the_jack_apart() -> None:
    assert points(sweep_hand(Ruleset(jack_of_diamonds=True))) == (-10, 39, 39, 39)
    needs_jack = Ruleset(jack_of_diamonds=True, moon_needs_jack=True)
    assert points(sweep_hand(needs_jack)) == (0, 39, 39, 39)


# ------------------------------------------------------------------ Omnibus jack


def test_jack_of_diamonds_is_minus_ten_to_its_taker() -> None:
    state = moon_hand(Ruleset(jack_of_diamonds=True, moon=MoonScoring.OFF))
    assert points(state) == (16, 0, 0, 0)


def test_moon_with_the_jack_taken_by_the_shooter_still_counts() -> None:
    state = moon_hand(Ruleset(jack_of_diamonds=True))
    assert state.result is not None and state.result.moon_shooter == 0
    assert points(state) == (-10, 26, 26, 26)


def test_moon_is_not_spoiled_when_another_player_takes_the_jack() -> None:
    state = moon_hand(Ruleset(jack_of_diamonds=True), JACK_ELSEWHERE_PLAYS)
    assert state.result is not None and state.result.moon_shooter == 0
    assert points(state) == (0, 16, 26, 26)


def test_moon_needs_jack_when_the_option_says_so() -> None:
    rules = Ruleset(jack_of_diamonds=True, moon_needs_jack=True)
    with_jack = moon_hand(rules)
    assert points(with_jack) == (0, 26, 26, 26)
    without_jack = moon_hand(rules, JACK_ELSEWHERE_PLAYS)
    assert without_jack.result is not None and without_jack.result.moon_shooter is None
    assert points(without_jack) == (26, -10, 0, 0)


def test_jack_may_be_discarded_on_the_first_trick() -> None:
    state = deal_with(Ruleset(jack_of_diamonds=True), MOON_DEAL)
    play(state, "2C AC")
    assert "JD" in legal(state)


# ------------------------------------------------------------------ spot and Black Maria


def test_spot_scoring_values_and_moon_total() -> None:
    rules = Ruleset(spot_scoring=True, target=500)
    t = rules.tables
    assert t.points[card("2H")] == 2 and t.points[card("TH")] == 10
    assert t.points[card("JH")] == 11 and t.points[card("AH")] == 14
    assert t.points[card("QS")] == 25 and t.penalty_total == 129
    assert points(moon_hand(rules)) == (0, 129, 129, 129)
    off = moon_hand(rules.replace(moon=MoonScoring.OFF))
    assert points(off) == (129, 0, 0, 0)


def test_black_maria_spades_score_and_join_the_moon() -> None:
    rules = Ruleset(black_maria_spades=True)
    t = rules.tables
    assert t.points[card("AS")] == 7 and t.points[card("KS")] == 10 and t.penalty_total == 43
    assert points(moon_hand(rules)) == (0, 43, 43, 43)


def test_black_maria_spades_may_not_be_dumped_on_the_first_trick() -> None:
    deal = {1: "AS KS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD"}
    standard = deal_with(Ruleset(), deal)
    play(standard, "2C")
    assert {"AS", "KS"} <= legal(standard)
    maria = deal_with(Ruleset(black_maria_spades=True), deal)
    play(maria, "2C")
    assert not {"AS", "KS"} & legal(maria)


def test_moon_needs_every_penalty_card_in_black_maria() -> None:
    rules = preset_by_key("black-maria").rules
    t = rules.tables
    assert rules.players == 3 and t.penalty_total == 43
    assert t.moon_mask == t.penalty_mask
    assert all(t.moon_mask >> card(c) & 1 for c in ("AS", "KS", "QS", "2H", "AH"))


# ------------------------------------------------------------------ first trick


def test_points_allowed_on_the_first_trick() -> None:
    deal = {1: "QS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD 2H"}
    allowed = deal_with(Ruleset(points_on_first_trick=True), deal)
    play(allowed, "2C")
    assert {"QS", "2H", "2D"} <= legal(allowed)
    forbidden = deal_with(Ruleset(), deal)
    play(forbidden, "2C")
    assert "QS" not in legal(forbidden) and "2H" not in legal(forbidden)


def test_options_hold_on_hold_hands_as_on_passing_hands() -> None:
    from hearts_desktop.engine import Game

    rules = Ruleset(points_on_first_trick=True, jack_of_diamonds=True, spot_scoring=True, target=1000)
    game = Game(rules, seed=3)
    while game.hand_index < 3:
        game.apply(game.legal_actions(game.to_act()[0])[0])  # the first cards: three to pass, one to play
    hold = game.hand
    assert hold.direction is PassDirection.HOLD and hold.phase is Phase.PLAYING
    assert hold.rules is rules and hold.t.first_trick_forbidden == 0
    assert game.results[0].card_points != () and sum(
        sum(r.card_points) for r in game.results
    ) == 3 * (129 - 10)


# ------------------------------------------------------------------ player counts and decks


def test_five_players_short_deck() -> None:
    rules = Ruleset.for_players(5)
    t = rules.tables
    assert t.hand_size == 10 and t.kitty_size == 0
    assert not t.deck >> card("2C") & 1 and not t.deck >> card("2D") & 1
    state = deal_with(rules, {3: "3C 3D 4D 5D 6D 7D 8D 9D TD JD"})
    assert state.turn == 3 and legal(state) == {"3C"}


def test_five_player_kitty_with_the_two_of_clubs_in_it() -> None:
    rules = Ruleset.for_players(5, kitty=True)
    assert rules.tables.kitty_size == 2 and rules.tables.hand_size == 10
    state = deal_with(rules, {2: "3C 4D 5D 6D 7D 8D 9D TD JD QD"}, kitty="2C 2D")
    assert state.turn == 2 and legal(state) == {"3C"}


def test_three_players_seat_left_and_right() -> None:
    rules = Ruleset.for_players(3)
    assert rules.pass_cycle is PassCycle.LEFT_RIGHT_HOLD
    state = deal_with(rules, {}, direction=PassDirection.RIGHT)
    assert state.pass_targets(0) == (2, 2, 2)
    state = deal_with(rules, {}, direction=PassDirection.LEFT)
    assert state.pass_targets(2) == (0, 0, 0)


# ------------------------------------------------------------------ passing


def test_pass_cycles_by_hand_number() -> None:
    L, R, A, H, S = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS,
                     PassDirection.HOLD, PassDirection.SCATTER)
    cycles = {
        PassCycle.LEFT_RIGHT_ACROSS_HOLD: [L, R, A, H, L, R],
        PassCycle.ALWAYS_LEFT: [L] * 6,
        PassCycle.LEFT_RIGHT_HOLD: [L, R, H, L, R, H],
        PassCycle.SCATTER: [S] * 6,
        PassCycle.NO_PASSING: [H] * 6,
    }
    for cycle, expected in cycles.items():
        assert [Ruleset(pass_cycle=cycle).pass_direction(i) for i in range(6)] == expected


@pytest.mark.parametrize(
    ("direction", "receiver"),
    [(PassDirection.LEFT, 1), (PassDirection.RIGHT, 3), (PassDirection.ACROSS, 2)],
)
def test_passed_cards_arrive_at_the_receiver(direction: PassDirection, receiver: int) -> None:
    state = deal_with(Ruleset(), {0: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"}, direction=direction)
    for seat in range(4):
        state.apply(PassAction(seat, cards_of(state.hands[seat])[-3:]))
    assert {"QS", "KS", "AS"} <= held(state, receiver)
    assert state.received[receiver] == (card("QS"), card("KS"), card("AS"))
    assert state.senders[receiver] == (0, 0, 0)
    assert state.phase is Phase.PLAYING


def test_scatter_sends_one_card_to_each_other_player_in_order() -> None:
    rules = Ruleset(pass_cycle=PassCycle.SCATTER)
    state = deal_with(rules, {0: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"}, direction=PassDirection.SCATTER)
    assert state.pass_targets(0) == (1, 2, 3)
    state.apply(PassAction(0, (card("QS"), card("KS"), card("AS"))))
    for seat in (1, 2, 3):
        state.apply(PassAction(seat, cards_of(state.hands[seat])[:3]))
    assert "QS" in held(state, 1) and "KS" in held(state, 2) and "AS" in held(state, 3)


def test_a_received_card_cannot_be_passed_on_and_passing_is_checked() -> None:
    state = deal_with(Ruleset(), {0: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"}, direction=PassDirection.LEFT)
    with pytest.raises(IllegalMove, match="exactly 3"):
        state.apply(PassAction(0, (card("QS"),)))
    with pytest.raises(IllegalMove, match="do not hold"):
        state.apply(PassAction(0, (card("QS"), card("KS"), card("AH"))))
    assert 0 in state.to_act()
    state.apply(PassAction(0, (card("QS"), card("KS"), card("AS"))))
    assert state.to_act() == [1, 2, 3]
    with pytest.raises(IllegalMove, match="already passed"):
        state.apply(PassAction(0, (card("2S"), card("3S"), card("4S"))))
    # Seat 1 has not received the spades yet: it cannot pass them on.
    with pytest.raises(IllegalMove, match="do not hold"):
        state.apply(PassAction(1, (card("QS"), card("2C"), card("3C"))))


def test_play_is_refused_during_passing() -> None:
    state = deal_with(Ruleset(), {}, direction=PassDirection.LEFT)
    with pytest.raises(IllegalMove, match="Pass your cards first"):
        state.apply(PlayAction(0, card("2C")))


# ------------------------------------------------------------------ validation and presets


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 3, "pass_cycle": PassCycle.SCATTER}, "Scatter passing"),
        ({"players": 5, "pass_cycle": PassCycle.LEFT_RIGHT_ACROSS_HOLD}, "Passing across needs 4"),
        ({"target": 24}, "from 25 to 1000"),
        ({"target": 1001}, "from 25 to 1000"),
        ({"kitty": True}, "A kitty needs 3 or 5 players"),
        ({"moon_needs_jack": True}, "'Moon needs the J♦' needs 'J♦ counts −10' to be on"),
        ({"players": 6}, "3, 4 or 5 players"),
    ],
)
def test_contradictory_rulesets_are_refused_with_the_conflict_named(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(RulesetError, match=message):
        Ruleset(**options)  # type: ignore[arg-type]


def test_target_bounds_are_accepted() -> None:
    assert Ruleset(target=25).target == 25
    assert Ruleset(target=1000).target == 1000


def test_presets_set_what_rules_md_says() -> None:
    by_key = {p.key: p.rules for p in PRESETS}
    assert by_key["standard"] == Ruleset()
    assert by_key["black-lady"] == Ruleset(sweep_bonus=False, queen_breaks_hearts=False)
    assert by_key["omnibus"] == Ruleset(jack_of_diamonds=True)
    assert by_key["spot-hearts"] == Ruleset(spot_scoring=True, target=500)
    assert by_key["black-maria"] == Ruleset(
        players=3, black_maria_spades=True, pass_cycle=PassCycle.LEFT_RIGHT_HOLD
    )
    assert by_key["five-players"] == Ruleset(players=5, pass_cycle=PassCycle.LEFT_RIGHT_HOLD)
    assert [p.name for p in PRESETS] == [
        "Standard", "Black Lady (classic)", "Omnibus", "Spot Hearts", "Black Maria", "Five players",
    ]


def test_summaries_are_generated_from_the_rules() -> None:
    assert any("43 in all" in line for line in describe(preset_by_key("black-maria").rules))
    assert any("129 in all" in line for line in describe(preset_by_key("spot-hearts").rules))
    assert any("J♦ is worth -10" in line for line in describe(preset_by_key("omnibus").rules))
    assert any("once a heart has been played" in line for line in describe(Ruleset(queen_breaks_hearts=False)))
    assert any("once a heart or the Q♠ has been played" in line for line in describe(Ruleset()))
    kitty = describe(Ruleset.for_players(5, kitty=True))
    assert "2 cards are left over" in kitty[0]
    for preset in PRESETS:
        assert preset.summary() and all(line.endswith(".") for line in preset.summary())


def test_ruleset_round_trips_through_its_dict_and_rejects_bad_values() -> None:
    for preset in PRESETS:
        assert Ruleset.from_dict(preset.rules.to_dict()) == preset.rules
    with pytest.raises(RulesetError, match="'target' must be a whole number"):
        Ruleset.from_dict({"target": "100"})
    with pytest.raises(RulesetError, match="unknown rule option 'trumps'"):
        Ruleset.from_dict({"trumps": True})
    with pytest.raises(RulesetError, match="'moon' must be one of"):
        Ruleset.from_dict({"moon": "sometimes"})
    with pytest.raises(RulesetError, match="'kitty' must be true or false"):
        Ruleset.from_dict({"kitty": 1})


def test_a_hand_waits_for_the_seats_to_act_and_refuses_anyone_else_whatever_the_phase() -> None:
    state = deal_with(Ruleset(), {0: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"}, direction=PassDirection.LEFT)
    assert state.to_act() == [0, 1, 2, 3]
    for seat in range(4):
        state.apply(PassAction(seat, cards_of(state.hands[seat])[:3]))
    assert state.to_act() == [state.turn]
    before = state.hands[:]
    wrong = (state.turn + 1) % 4
    for action in (PlayAction(wrong, cards_of(state.hands[wrong])[0]), PassAction(0, cards_of(state.hands[0])[:3]),
                   MoonAction(state.turn, MoonScoring.ADD_TO_OTHERS)):
        reason = state.illegal_reason(action)
        assert reason is not None
        with pytest.raises(IllegalMove, match=reason):
            state.apply(action)
    assert state.hands == before and state.to_act() == [state.turn]


def test_each_ruleset_reads_its_own_tables_however_many_rulesets_came_and_went() -> None:
    """``Ruleset.tables`` is found by identity first: rulesets made and dropped by the hundred
    (their ids reused) still each read the tables of their own rules."""
    for target in range(100, 400):
        rules = Ruleset(target=target, spot_scoring=target % 2 == 0)
        assert rules.tables == rule_tables(rules)
        assert rules.tables.points[QUEEN_OF_SPADES] == (25 if target % 2 == 0 else 13)
    assert Ruleset().tables is Ruleset().tables  # equal rulesets share one set of tables
