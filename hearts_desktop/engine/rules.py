"""The ruleset: every option of RULES.md in one frozen object, its presets and its summary.

Every rule variation has exactly one field here; the rest of the engine reads derived
tables (``RuleTables``) computed once per ruleset, so the hot loops never branch on names.
A ruleset that contradicts itself is refused when it is built, with a message that names
the conflict, because a silently "fixed" ruleset would play a game nobody chose.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, Final

from ..compiler import mypyc_attr
from ..language import N_, _, n_
from .cards import (
    ACE_OF_SPADES,
    CARDS,
    FULL_DECK,
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    KING_OF_SPADES,
    NUM_CARDS,
    QUEEN_OF_SPADES,
    TWO_OF_CLUBS,
    TWO_OF_DIAMONDS,
    Suit,
    iter_bits,
    mask_of,
)

MIN_TARGET: Final = 25
MAX_TARGET: Final = 1000
JACK_OF_DIAMONDS_LABEL: Final = N_("J♦ counts −10")
MOON_NEEDS_JACK_LABEL: Final = N_("Moon needs the J♦")
"""Two options' labels in the New game dialog, which a refusal quotes (the same messages)."""
CARDS_PASSED: Final = 3


class RulesetError(ValueError):
    """A ruleset that cannot be played; the message names the conflict for a person."""


class PassCycle(Enum):
    """Which way cards are passed, hand after hand."""

    LEFT_RIGHT_ACROSS_HOLD = "left-right-across-hold"
    ALWAYS_LEFT = "always-left"
    LEFT_RIGHT_HOLD = "left-right-hold"
    SCATTER = "scatter"
    NO_PASSING = "none"

    @property
    def label(self) -> str:
        """The cycle in the player's language, as the rules text and the New game dialog say it."""
        return _(_PASS_CYCLE_LABELS[self])


_PASS_CYCLE_LABELS: Final = {
    # Translators: the ways cards are passed hand after hand; {cycle} in "Pass 3 cards before each hand: {cycle}."
    PassCycle.LEFT_RIGHT_ACROSS_HOLD: N_("left, right, across, hold"),
    PassCycle.ALWAYS_LEFT: N_("always left"),
    PassCycle.LEFT_RIGHT_HOLD: N_("left, right, hold"),
    PassCycle.SCATTER: N_("scatter (one card to each other player)"),
    PassCycle.NO_PASSING: N_("no passing"),
}


class PassDirection(Enum):
    """Where one hand's passed cards go; ``offsets`` are seat offsets, one per card."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    SCATTER = "scatter"
    HOLD = "hold"

    def offsets(self, players: int) -> tuple[int, ...]:
        """Seat offset of each of the passed cards' receivers (empty when holding)."""
        if self is PassDirection.LEFT:
            return (1,) * CARDS_PASSED
        if self is PassDirection.RIGHT:
            return (players - 1,) * CARDS_PASSED
        if self is PassDirection.ACROSS:
            return (2,) * CARDS_PASSED
        if self is PassDirection.SCATTER:
            return tuple(range(1, players))
        return ()


_CYCLES: Final[dict[PassCycle, tuple[PassDirection, ...]]] = {
    PassCycle.LEFT_RIGHT_ACROSS_HOLD: (
        PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD,
    ),
    PassCycle.ALWAYS_LEFT: (PassDirection.LEFT,),
    PassCycle.LEFT_RIGHT_HOLD: (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD),
    PassCycle.SCATTER: (PassDirection.SCATTER,),
    PassCycle.NO_PASSING: (PassDirection.HOLD,),
}


class MoonScoring(Enum):
    """What shooting the moon (taking every penalty card) scores."""

    ADD_TO_OTHERS = "add-to-others"
    SUBTRACT_FROM_SHOOTER = "subtract-from-shooter"
    SHOOTERS_CHOICE = "shooters-choice"
    OFF = "off"

    @property
    def label(self) -> str:
        """What the moon scores, in the player's language."""
        return _(_MOON_LABELS[self])


_MOON_LABELS: Final = {
    # Translators: what shooting the moon scores; {scoring} in "Taking every penalty card shoots the moon: {scoring}."
    MoonScoring.ADD_TO_OTHERS: N_("opponents score the penalty total"),
    MoonScoring.SUBTRACT_FROM_SHOOTER: N_("the shooter subtracts the penalty total"),
    MoonScoring.SHOOTERS_CHOICE: N_("the shooter chooses after the hand"),
    MoonScoring.OFF: N_("no moon: points count as taken"),
}


@mypyc_attr(native_class=False)  # pickled to worker processes: a native frozen class is not
@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every option of RULES.md, defaulting to the Standard game."""

    players: int = 4
    kitty: bool = False
    pass_cycle: PassCycle = PassCycle.LEFT_RIGHT_ACROSS_HOLD
    points_on_first_trick: bool = False
    queen_breaks_hearts: bool = True
    moon: MoonScoring = MoonScoring.ADD_TO_OTHERS
    sweep_bonus: bool = True
    target: int = 100
    jack_of_diamonds: bool = False
    moon_needs_jack: bool = False
    spot_scoring: bool = False
    black_maria_spades: bool = False

    def __post_init__(self) -> None:
        for problem in _conflicts(self):
            raise RulesetError(problem)

    @classmethod
    def for_players(cls, players: int, **options: Any) -> Ruleset:
        """A ruleset for 3, 4 or 5 players with that count's default pass cycle."""
        options.setdefault(
            "pass_cycle",
            PassCycle.LEFT_RIGHT_ACROSS_HOLD if players == 4 else PassCycle.LEFT_RIGHT_HOLD,
        )
        return cls(players=players, **options)

    def replace(self, **changes: Any) -> Ruleset:
        return dataclasses.replace(self, **changes)

    def pass_direction(self, hand_index: int) -> PassDirection:
        cycle = self.tables.pass_cycle  # not ``_CYCLES[self.pass_cycle]``: an enum's hash is Python code
        return cycle[hand_index % len(cycle)]

    @property
    def tables(self) -> RuleTables:
        """This ruleset's tables, found by identity first: hashing a ruleset for
        ``rule_tables``' cache (twelve fields, two of them enums whose hash is Python code) cost
        more than dealing a hand, and every deal and search reads the tables."""
        known = _TABLES_BY_ID.get(id(self))
        if known is not None and known[0] is self:
            return known[1]
        tables = rule_tables(self)
        if len(_TABLES_BY_ID) >= _TABLES_KEPT:
            _TABLES_BY_ID.clear()
        _TABLES_BY_ID[id(self)] = (self, tables)
        return tables

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values (enums by their value) for saves and settings."""
        return {
            f.name: (v.value if isinstance(v, Enum) else v)
            for f in dataclasses.fields(self)
            for v in [getattr(self, f.name)]
        }

    @classmethod
    def from_dict(cls, data: Any) -> Ruleset:
        """Read ``to_dict`` output; wrong keys or types raise RulesetError with the field named."""
        if not isinstance(data, dict):
            raise RulesetError("the rules must be a JSON object")
        names = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - set(names))
        if unknown:
            raise RulesetError(f"unknown rule option {unknown[0]!r}")
        values: dict[str, Any] = {}
        for name, raw in data.items():
            default = getattr(cls(), name)
            values[name] = _coerce_option(name, default, raw)
        return cls(**values)


def _coerce_option(name: str, default: Any, raw: Any) -> Any:
    if isinstance(default, Enum):
        try:
            return type(default)(raw)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in type(default))
            raise RulesetError(f"rule option {name!r} must be one of {allowed}") from None
    if isinstance(default, bool):
        if not isinstance(raw, bool):
            raise RulesetError(f"rule option {name!r} must be true or false")
        return raw
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise RulesetError(f"rule option {name!r} must be a whole number")
    return raw


def _conflicts(rules: Ruleset) -> list[str]:
    """Every reason the ruleset cannot be played, in words a player understands."""
    problems: list[str] = []
    if not isinstance(rules.players, int) or rules.players not in (3, 4, 5):
        problems.append(_("Hearts is played by 3, 4 or 5 players, not {players}.").format(players=repr(rules.players)))
        return problems
    if not isinstance(rules.target, int) or not MIN_TARGET <= rules.target <= MAX_TARGET:
        problems.append(_("The target score must be a whole number from {lowest} to {highest}, not {target}.").format(
            lowest=MIN_TARGET, highest=MAX_TARGET, target=repr(rules.target)))
    if rules.kitty and rules.players == 4:
        problems.append(_("A kitty needs 3 or 5 players: with 4 the deck deals out evenly."))
    if rules.pass_cycle is PassCycle.SCATTER and rules.players != 4:
        problems.append(_("Scatter passing (one card to each of three others) needs 4 players, not {players}.").format(
            players=rules.players))
    if rules.pass_cycle is PassCycle.LEFT_RIGHT_ACROSS_HOLD and rules.players != 4:
        # Translators: {cycle} is the name of a pass cycle, "left, right, hold".
        problems.append(_("Passing across needs 4 players; with {players} choose '{cycle}'.").format(
            players=rules.players, cycle=PassCycle.LEFT_RIGHT_HOLD.label))
    if rules.moon_needs_jack and not rules.jack_of_diamonds:
        # Translators: {moon} and {jack} are two options' labels in the New game dialog
        # ("Moon needs the J♦", "J♦ counts −10"), quoted as the dialog shows them.
        problems.append(_("'{moon}' needs '{jack}' to be on.").format(
            moon=_(MOON_NEEDS_JACK_LABEL), jack=_(JACK_OF_DIAMONDS_LABEL)))
    return problems


@dataclass(frozen=True, slots=True)
class RuleTables:
    """Numbers derived once from a ruleset for the engine's hot loops."""

    players: int
    deck: int
    deck_order: tuple[int, ...]  # the deck's cards, lowest first: the order a deal shuffles
    hand_size: int
    kitty_size: int
    points: tuple[int, ...]
    penalty_mask: int
    scoring_mask: int
    moon_mask: int
    penalty_total: int
    sweep_points: int
    breaks_hearts: int
    first_trick_forbidden: int
    jack_bonus: int
    tricks_per_hand: int
    pass_cycle: tuple[PassDirection, ...]  # each hand's pass direction, repeating

    def points_in(self, mask: int) -> int:
        """The points of the cards in ``mask``: penalties, less the jack's bonus if it counts."""
        points = self.points
        total = 0
        mask &= self.scoring_mask
        while mask:
            low = mask & -mask
            total += points[low.bit_length() - 1]
            mask ^= low
        return total


_TABLES_KEPT: Final = 64
# Each entry holds its ruleset, so the id cannot be another ruleset's while the entry lasts.
_TABLES_BY_ID: Final[dict[int, tuple[Ruleset, RuleTables]]] = {}


@lru_cache(maxsize=_TABLES_KEPT)
def rule_tables(rules: Ruleset) -> RuleTables:
    points = [0] * NUM_CARDS
    for c in range(NUM_CARDS):
        if CARDS[c].suit is Suit.HEARTS:
            points[c] = CARDS[c].rank + 2 if rules.spot_scoring else 1
    points[QUEEN_OF_SPADES] = 25 if rules.spot_scoring else 13
    if rules.black_maria_spades:
        points[ACE_OF_SPADES] = 7
        points[KING_OF_SPADES] = 10
    jack_bonus = -10 if rules.jack_of_diamonds else 0
    points[JACK_OF_DIAMONDS] = jack_bonus
    removed = 0
    if not rules.kitty:
        removed = {3: mask_of([TWO_OF_CLUBS]), 4: 0, 5: mask_of([TWO_OF_CLUBS, TWO_OF_DIAMONDS])}[
            rules.players
        ]
    deck = FULL_DECK & ~removed
    deck_size = deck.bit_count()
    hand_size = deck_size // rules.players
    penalty_mask = mask_of(c for c in range(NUM_CARDS) if points[c] > 0)
    moon_mask = penalty_mask | (1 << JACK_OF_DIAMONDS if rules.moon_needs_jack else 0)
    penalty_total = sum(p for p in points if p > 0)
    return RuleTables(
        players=rules.players,
        deck=deck,
        deck_order=tuple(iter_bits(deck)),
        hand_size=hand_size,
        kitty_size=deck_size - hand_size * rules.players,
        points=tuple(points),
        penalty_mask=penalty_mask,
        scoring_mask=penalty_mask | (1 << JACK_OF_DIAMONDS if jack_bonus else 0),
        moon_mask=moon_mask,
        penalty_total=penalty_total,
        sweep_points=penalty_total * 3 // 2,
        breaks_hearts=HEARTS_MASK | (1 << QUEEN_OF_SPADES if rules.queen_breaks_hearts else 0),
        first_trick_forbidden=0 if rules.points_on_first_trick else penalty_mask,
        jack_bonus=jack_bonus,
        tricks_per_hand=hand_size,
        pass_cycle=_CYCLES[rules.pass_cycle],
    )


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Preset:
    """A named ruleset as players know it, with a line saying what makes it different.

    The name and the line are kept in English (marked for the catalogue) and said in the
    player's language each time they are read, so a change of language shows at once."""

    key: str
    english_name: str
    english_tagline: str
    rules: Ruleset

    @property
    def name(self) -> str:
        return _(self.english_name)

    @property
    def tagline(self) -> str:
        return _(self.english_tagline)

    def summary(self) -> list[str]:
        return describe(self.rules)


STANDARD: Final = Preset(
    # Translators: the names and lines of the rule presets (the New game dialog's "Rules").
    "standard", N_("Standard"), N_("The modern game: 4 players, pass left/right/across/hold."), Ruleset()
)
BLACK_LADY: Final = Preset(
    "black-lady",
    N_("Black Lady (classic)"),
    N_("The classic rules: only a heart breaks hearts, and no sweep bonus."),
    Ruleset(moon=MoonScoring.ADD_TO_OTHERS, sweep_bonus=False, queen_breaks_hearts=False),
)
OMNIBUS: Final = Preset(
    "omnibus", N_("Omnibus"), N_("Standard plus the jack of diamonds, worth -10."),
    Ruleset(jack_of_diamonds=True),
)
SPOT_HEARTS: Final = Preset(
    "spot-hearts", N_("Spot Hearts"), N_("Hearts score their face value and the queen 25; play to 500."),
    Ruleset(spot_scoring=True, target=500),
)
BLACK_MARIA: Final = Preset(
    "black-maria",
    N_("Black Maria"),
    N_("Three players; the ace and king of spades hurt too."),
    Ruleset.for_players(3, black_maria_spades=True),
)
FIVE_PLAYERS: Final = Preset(
    "five-players", N_("Five players"), N_("Five players with 10 cards each."), Ruleset.for_players(5)
)
PRESETS: Final[tuple[Preset, ...]] = (
    STANDARD, BLACK_LADY, OMNIBUS, SPOT_HEARTS, BLACK_MARIA, FIVE_PLAYERS,
)


def preset_by_key(key: str) -> Preset:
    for preset in PRESETS:
        if preset.key == key:
            return preset
    known = ", ".join(p.key for p in PRESETS)
    raise RulesetError(f"unknown preset {key!r}; choose one of {known}")


def matching_preset(rules: Ruleset) -> Preset | None:
    return next((p for p in PRESETS if p.rules == rules), None)


_DEALT: Final = {
    # Translators: {players} is 3 and {cards} is 17 (the 2 of clubs is taken out of the deck).
    3: N_("{players} players, {cards} cards each (the 2♣ is removed)."),
    # Translators: {players} is 4 and {cards} is 13.
    4: N_("{players} players, {cards} cards each."),
    # Translators: {players} is 5 and {cards} is 10 (the 2 of clubs and the 2 of diamonds are taken out).
    5: N_("{players} players, {cards} cards each (the 2♣ and 2♦ are removed)."),
}
"""How the deck is dealt without a kitty, per number of players (each number its own sentence)."""


def describe(rules: Ruleset) -> list[str]:
    """The ruleset in plain sentences, generated from its fields so it cannot disagree.

    Each sentence is whole in the catalogue (no clause joined in code), so a language words
    every variant its own way."""
    t = rules.tables
    lines: list[str] = []
    if rules.kitty:
        # Translators: {count} is 1 with {players} 3 ({cards} 17) and 2 with {players} 5 ({cards} 10).
        lines.append(n_("{players} players, {cards} cards each; {count} card is left over: it lies face down "
                        "and goes to whoever wins the first trick.",
                        "{players} players, {cards} cards each; {count} cards are left over: they lie face down "
                        "and go to whoever wins the first trick.",
                        t.kitty_size).format(players=rules.players, cards=t.hand_size, count=t.kitty_size))
    else:
        lines.append(_(_DEALT[rules.players]).format(players=rules.players, cards=t.hand_size))
    if rules.pass_cycle is PassCycle.NO_PASSING:
        lines.append(_("No cards are passed."))
    elif rules.pass_cycle is PassCycle.SCATTER:
        lines.append(_("Before each hand, pass one card to each other player."))
    else:
        # Translators: {cycle} is a pass cycle, e.g. "left, right, across, hold".
        lines.append(n_("Pass {count} card before each hand: {cycle}.", "Pass {count} cards before each hand: {cycle}.",
                        CARDS_PASSED).format(count=CARDS_PASSED, cycle=rules.pass_cycle.label))
    if rules.players == 4 and not rules.kitty:
        lines.append(_("The 2♣ leads the first trick; follow suit if you can."))
    else:
        lines.append(_("The lowest club held leads the first trick; follow suit if you can."))
    if rules.points_on_first_trick:
        lines.append(_("Point cards may be played on the first trick."))
    else:
        lines.append(_("No point cards on the first trick unless you hold nothing else."))
    if rules.queen_breaks_hearts:
        lines.append(_("Hearts may be led once a heart or the Q♠ has been played (or when you hold only hearts)."))
    else:
        lines.append(_("Hearts may be led once a heart has been played (or when you hold only hearts)."))
    lines.append(_scoring(rules, t))
    if rules.jack_of_diamonds:
        lines.append(_("The J♦ is worth -10 to whoever takes it."))
    if rules.moon is MoonScoring.OFF:
        lines.append(_("No shooting the moon: every point counts as taken."))
    elif rules.moon_needs_jack:
        # Translators: {scoring} says what the moon scores, e.g. "opponents score the penalty total".
        lines.append(_("Taking every penalty card and the J♦ shoots the moon: {scoring}.").format(
            scoring=rules.moon.label))
    else:
        # Translators: {scoring} says what the moon scores, e.g. "opponents score the penalty total".
        lines.append(_("Taking every penalty card shoots the moon: {scoring}.").format(scoring=rules.moon.label))
    if rules.sweep_bonus:
        # Translators: {points} is a number of points, e.g. 39.
        lines.append(_("Taking every trick gives each opponent {points} instead.").format(points=t.sweep_points))
    # Translators: {target} is the score that ends the game, e.g. 100.
    lines.append(_("When someone reaches {target}, the single lowest total wins; "
                   "a tie for lowest plays another hand.").format(target=rules.target))
    return lines


def _scoring(rules: Ruleset, t: RuleTables) -> str:
    """What the penalty cards cost: four whole sentences (face-value hearts or not, the
    black Maria's spades or not)."""
    values = {"queen": t.points[QUEEN_OF_SPADES], "king": t.points[KING_OF_SPADES],
              "ace": t.points[ACE_OF_SPADES], "total": t.penalty_total}
    if rules.black_maria_spades and rules.spot_scoring:
        sentence = _("Each heart costs its face value (2 to 14); the Q♠ costs {queen}, the K♠ {king} "
                     "and the A♠ {ace} ({total} in all).")
    elif rules.black_maria_spades:
        sentence = _("Each heart costs 1 point; the Q♠ costs {queen}, the K♠ {king} and the A♠ {ace} "
                     "({total} in all).")
    elif rules.spot_scoring:
        sentence = _("Each heart costs its face value (2 to 14); the Q♠ costs {queen} ({total} in all).")
    else:
        sentence = _("Each heart costs 1 point; the Q♠ costs {queen} ({total} in all).")
    return sentence.format(**values)
