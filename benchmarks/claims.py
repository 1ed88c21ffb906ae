"""Does every sentence of the coach and the hint say only what the view proves?
``python -m benchmarks claims``.

Arena deals are played by Easy and three Medium (seat by seat, every pass and card); each
decision of every seat is judged by the coach at a small budget, and every sentence it can
say there is read back: the coach's reason for the choice made and for each other option,
the hint's reason with each option as its best, and the second opinion's wording. Each
claim a sentence makes (found by the words that state it) is checked against the player's
view here, by its own reading of the tricks, not through ``bots/facts.py``, so a fact
computed wrongly there is caught too. Printed: decisions, sentences, claims by kind, and
every false claim with its sentence (bar: none).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from hearts_desktop.bots import make_bot
from hearts_desktop.bots.hint import pass_reason, play_reason
from hearts_desktop.bots.search import SearchResult
from hearts_desktop.coach.reasons import all_cards_reason, as_search, reason
from hearts_desktop.coach.review import CoachBudget, Judgement, judge, judge_pass, judge_play
from hearts_desktop.engine import Card, HandState, PassAction, PlayAction, PlayerView, Ruleset, view_of
from hearts_desktop.engine.cards import QUEEN_OF_SPADES, RANK_NAMES, RANKS_PER_SUIT, SUIT_MASKS, Suit
from hearts_desktop.words import Level

from .arena import arena_rng, deal_for

LINE_UP = (Level.EASY, Level.MEDIUM, Level.MEDIUM, Level.MEDIUM)
SMALL = CoachBudget(first=6, batch=6, most=6, pass_screen=2)
"""Enough deals for the sentences to vary; the facts they state do not depend on it."""
SEATS = {"the player on your left": 1, "the player across": 2, "the player on your right": -1,
         "the player two to your left": 2, "the player two to your right": -2}
SEAT = "(" + "|".join(SEATS) + ")"
SUIT = "(clubs|diamonds|spades|hearts)"
CARD = "the (" + "|".join(RANK_NAMES) + ") of " + SUIT


# ----------------------------------------------------------------- the view, read again


def suit_of(label: str) -> int:
    return Suit[label.upper()]


def card_named(rank: str, suit: str) -> Card:
    return Card(suit_of(suit) * RANKS_PER_SUIT + RANK_NAMES.index(rank))


def seat_named(view: PlayerView, words: str) -> int:
    return (view.seat + SEATS[words]) % view.players


def failed_to_follow(view: PlayerView, seat: int, suit: int) -> bool:
    """Whether ``seat`` played another suit on a trick led in ``suit``."""
    for trick in view.tricks_so_far():
        for place, played in enumerate(trick.cards):
            if (trick.leader + place) % view.players == seat and played // 13 != suit == trick.cards[0] // 13:
                return True
    return False


def out(view: PlayerView) -> int:
    """Cards neither ours nor seen on the table."""
    seen = view.hand
    for trick in view.tricks_so_far():
        for played in trick.cards:
            seen |= 1 << played
    return view.rules.tables.deck & ~seen


def above(mask: int, card: int) -> int:
    return mask & SUIT_MASKS[card // 13] & ~((2 << card) - 1)


def below(mask: int, card: int) -> int:
    return mask & SUIT_MASKS[card // 13] & ((1 << card) - 1)


# ----------------------------------------------------------------- the claims


@dataclass(frozen=True, slots=True)
class Said:
    """A sentence and what it is about: the view, the cards it explains, the card played."""

    view: PlayerView
    text: str
    cards: tuple[Card, ...]
    """The cards the sentence recommends (or, for the second opinion, the choice)."""
    played: Card | None
    """The coach: the card the player chose, when it was not the best (its note names it)."""


Check = Callable[[Said, "re.Match[str]"], bool]


def _void(said: Said, m: re.Match[str]) -> bool:
    return failed_to_follow(said.view, seat_named(said.view, m[1]), suit_of(m[2]))


def _could_hold(said: Said, m: re.Match[str]) -> bool:
    seat = seat_named(said.view, m[1])
    passed_elsewhere = said.view.passed is not None and any(
        c == QUEEN_OF_SPADES and target != seat for c, target in zip(said.view.passed, said.view.pass_targets))
    return bool(out(said.view) >> QUEEN_OF_SPADES & 1) and not failed_to_follow(said.view, seat, Suit.SPADES) \
        and not passed_elsewhere


def _you_void(said: Said, m: re.Match[str]) -> bool:
    return not said.view.hand & SUIT_MASKS[suit_of(m[1])]


def _leaves_void(said: Said, m: re.Match[str]) -> bool:
    suit = SUIT_MASKS[suit_of(m[1])]
    chosen = sum(1 << c for c in said.cards)
    return bool(said.view.hand & suit) and not said.view.hand & ~chosen & suit


def _queen_out(said: Said, m: re.Match[str]) -> bool:
    return bool(out(said.view) >> QUEEN_OF_SPADES & 1)


def _highest(said: Said, m: re.Match[str]) -> bool:
    chosen = sum(1 << c for c in said.cards)
    kept = said.view.hand & ~chosen
    return all(c % 13 <= min(p % 13 for p in said.cards) for c in range(52) if kept >> c & 1)


def _highest_heart(said: Said, m: re.Match[str]) -> bool:
    return not above(said.view.hand, said.cards[0])


def _high_hearts(said: Said, m: re.Match[str]) -> bool:
    hearts = [c for c in said.cards if c // 13 == Suit.HEARTS]
    kept = said.view.hand & ~sum(1 << c for c in said.cards)
    return bool(hearts) and all(c % 13 >= 8 and not above(kept, c) for c in hearts)


def _higher_out(said: Said, m: re.Match[str]) -> bool:
    card = said.cards[0]
    return above(out(said.view), card).bit_count() == int(m[1]) and (
        m[2] is None or not below(out(said.view), card))


def _top_left(said: Said, m: re.Match[str]) -> bool:
    return bool(out(said.view) & SUIT_MASKS[said.cards[0] // 13]) and not above(out(said.view), said.cards[0])


def _nobody(said: Said, m: re.Match[str]) -> bool:
    return not out(said.view) & SUIT_MASKS[suit_of(m[1])]


def _every_point(said: Said, m: re.Match[str]) -> bool:
    seat = said.view.seat if m[2] else seat_named(said.view, m[1])
    return said.view.points_taken[seat] > 0 and all(
        p <= 0 for s, p in enumerate(said.view.points_taken) if s != seat)


def _no_one_else(said: Said, m: re.Match[str]) -> bool:
    return all(p <= 0 for s, p in enumerate(said.view.points_taken) if s != said.view.seat)


def _trick_points(said: Said, m: re.Match[str]) -> bool:
    points = sum(said.view.rules.tables.points[c] for c in said.view.trick)
    return points <= 0 if m[1] == "no" else points == int(m[1])


def _last(said: Said, m: re.Match[str]) -> bool:
    return len(said.view.trick) == said.view.players - 1


def _guards(said: Said, m: re.Match[str]) -> bool:
    kept = said.view.hand & ~sum(1 << c for c in said.cards)
    count = below(kept, QUEEN_OF_SPADES).bit_count()
    return count == (0 if m[1] == "no" else int(m[1].removeprefix("only ")))


def _none_above(said: Said, m: re.Match[str]) -> bool:
    return not above(said.view.hand, QUEEN_OF_SPADES)


def _queen_wins(said: Said, m: re.Match[str]) -> bool:
    spades = [c for c in said.view.trick if c // 13 == Suit.SPADES]
    return bool(said.view.hand >> QUEEN_OF_SPADES & 1) and said.view.trick[0] // 13 == Suit.SPADES \
        and max(spades) < QUEEN_OF_SPADES


def _duck(said: Said, m: re.Match[str]) -> bool:
    led = said.view.trick[0] // 13
    winning = max(c for c in said.view.trick if c // 13 == led)
    return card_named(m[1], m[2]) == winning and said.cards[0] < winning


def _cannot_duck(said: Said, m: re.Match[str]) -> bool:
    led = said.view.trick[0] // 13
    winning = max(c for c in said.view.trick if c // 13 == led)
    return card_named(m[1], m[2]) == winning and not below(said.view.legal, winning)


def _takes_her(said: Said, m: re.Match[str]) -> bool:
    winning = max(c for c in said.view.trick if c // 13 == Suit.SPADES)
    last = len(said.view.trick) == said.view.players - 1
    return card_named(m[1], m[2]) == winning and (last or not above(out(said.view), winning))


def _note(said: Said, m: re.Match[str]) -> bool:
    named = card_named(m[1], m[2])
    return named == said.played if said.played is not None else bool(said.view.legal >> named & 1)


def _share_as_found(said: Said, m: re.Match[str]) -> bool:
    return m[1] is not None


def _cost_as_found(said: Said, m: re.Match[str]) -> bool:
    if said.text.startswith("With all cards shown"):
        return m[1] == "." or "when the coach plays the hand out" in said.text
    return "over the deals the coach tried" in said.text


CLAIMS: tuple[tuple[str, str, Check], ...] = (
    ("another player is out of a suit", SEAT + " is out of " + SUIT,
     _void),
    ("another player could hold the queen", SEAT + r" is out of \w+ and could hold the queen",
     _could_hold),
    ("you are void in a suit", r"you are void in " + SUIT,
     _you_void),
    ("a choice leaves you void", r"leaves you void in " + SUIT,
     _leaves_void),
    ("the queen is still out", r"queen(?: of spades)? is (?:still out|unseen)|the unseen queen",
     _queen_out),
    ("the cards are your highest", r"they are your highest cards",
     _highest),
    ("the heart is your highest", r"it is your highest heart",
     _highest_heart),
    ("high hearts passed", r"high hearts win tricks",
     _high_hearts),
    ("higher cards still out", r"(\d+) higher cards? of its suit (?:is|are) still out( and none lower)?",
     _higher_out),
    ("the top card left", r"the highest card left in its suit",
     _top_left),
    ("nobody else holds a suit", r"nobody else holds " + SUIT,
     _nobody),
    ("one player has every point", SEAT + r" has every point so far|(you) have every point so far",
     _every_point),
    ("no one else has taken points", r"no one else has taken a point card",
     _no_one_else),
    ("points on the trick", r"the trick (?:already )?holds (\d+|no) points?",
     _trick_points),
    ("you play last", r"you play last",
     _last),
    ("low spades guarding the queen", r"you hold (no|only \d+) low spades? to guard the queen",
     _guards),
    ("no spade above the queen", r"you hold no spade above her",
     _none_above),
    ("your queen would win", r"your queen would win this trick",
     _queen_wins),
    ("the card ducked under wins so far", r"Duck under " + CARD,
     _duck),
    ("no card gets under", r"you cannot get under " + CARD,
     _cannot_duck),
    ("the winner takes the queen", CARD + r" wins and takes her",
     _takes_her),
    ("the expected points name the card played", r"\(Expected points: [\d.]+; [\d.]+ with " + CARD + r"\.\)",
     _note),
    ("a share of playouts said as found", r"\d+% of the deals( the coach tried)?",
     _share_as_found),
    ("a cost said as found", r"costs [\d.]+ points more than [^:.]*([:.])",
     _cost_as_found),
)
"""Each kind of claim: the words that state it and the check that the view proves it."""


def claims_in(said: Said) -> Iterator[tuple[str, bool]]:
    """Each claim the sentence makes: its kind and whether the view proves it."""
    for kind, pattern, check in CLAIMS:
        for m in re.finditer(pattern, said.text):
            yield kind, check(said, m)


# ----------------------------------------------------------------- the sentences of a decision


def sentences(view: PlayerView, judgement: Judgement, passing: bool, budget: CoachBudget) -> Iterator[Said]:
    """Every sentence the coach and the hint can say at this decision."""
    options = list(judgement.options)
    for chosen in options:
        mine = judge(judgement.best, chosen, options, judgement.deals, budget)
        played = None if passing or chosen is judgement.best else chosen.cards[0]
        yield Said(view, reason(view, mine, passing), judgement.best.cards, played)
        shown = judge(judgement.best, chosen, options, judgement.deals, budget, exact=True)
        yield Said(view, all_cards_reason(shown, passing), chosen.cards, None)
    for first in options:
        if passing:
            yield Said(view, pass_reason(view, first.cards), first.cards, None)
        else:
            candidates = as_search(judgement).candidates
            candidates.sort(key=lambda c: c.card != first.cards[0] or c.attempt != first.moon_plan)
            yield Said(view, play_reason(view, SearchResult(candidates, judgement.deals, 0.0)), first.cards, None)


@dataclass
class Tally:
    decisions: int = 0
    sentences: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    false: list[tuple[str, str]] = field(default_factory=list)

    def read(self, said: Said) -> None:
        self.sentences += 1
        for kind, proved in claims_in(said):
            self.kinds[kind] += 1
            if not proved:
                self.false.append((kind, said.text))


def judge_and_read(view: PlayerView, action: PassAction | PlayAction, rng: random.Random, tally: Tally) -> None:
    passing = isinstance(action, PassAction)
    if isinstance(action, PassAction):
        judgement = judge_pass(view, action.cards, rng, SMALL)
    else:
        judgement = judge_play(view, action.card, rng, SMALL)
    tally.decisions += 1
    for said in sentences(view, judgement, passing, SMALL):
        tally.read(said)


def run(decisions: int, seed: int) -> Tally:
    rules = Ruleset()
    bots = [make_bot(level) for level in LINE_UP]
    tally = Tally()
    index = 0
    while tally.decisions < decisions:
        hands, kitty = deal_for(rules, seed, index)
        state = HandState(rules, hands, kitty, rules.pass_direction(index))
        rngs = [arena_rng(seed, index, seat) for seat in range(rules.players)]
        judging = arena_rng(seed, index, -1)
        while seats := state.to_act():
            for seat in seats:
                view = view_of(state, seat, hand_index=index)
                action = bots[seat].decide(view, rngs[seat])
                if isinstance(action, PassAction | PlayAction) and tally.decisions < decisions:
                    judge_and_read(view, action, judging, tally)
                state.apply(action)
        index += 1
    return tally


def report(tally: Tally) -> dict[str, object]:
    return {"decisions": tally.decisions, "sentences": tally.sentences,
            "claims": sum(tally.kinds.values()), "false_claims": len(tally.false),
            "by_kind": dict(sorted(tally.kinds.items()))}


def main(decisions: int, seed: int, as_json: bool) -> int:
    tally = run(decisions, seed)
    figures = report(tally)
    print(f"{tally.decisions} decisions judged, {tally.sentences} sentences read, "
          f"{figures['claims']} claims checked against the view, {len(tally.false)} false")
    for kind, count in sorted(tally.kinds.items(), key=lambda item: -item[1]):
        print(f"  {count:7}  {kind}")
    for kind, text in tally.false[:20]:
        print(f"FALSE ({kind}): {text}")
    if as_json:
        print(json.dumps(figures))
    return 1 if tally.false else 0
