"""Opponents from outside the family, for measuring the levels: never offered as a level.

Our levels were tuned against each other, so beating one another says little about
strength. These two play the way players we did not write do, from published
descriptions rather than from our bots:

* ``RuleBot`` ("rules"), a floor: pass the dangerous cards, duck when you can, dump the
  queen and high hearts when void, and never defend against a moon.
* ``SparringPartner`` ("sparring"), the strong published design (Sturtevant's PIMC+UCT
  player): perfect-information Monte Carlo over sampled worlds, with a UCT search in each
  world in which every seat maximises its own score (max^n), and a playout policy that
  avoids points and stops a player who has taken every point so far. About 10,000
  simulations a move by default (``sparring:N`` in an arena line-up sets N), counted, so a
  seeded run replays exactly.

* ``MoonShooter`` ("shooter"), the sparring partner playing for the moon as strong players
  and programs do: it scores an outcome by its points against the others' (so a moon, which
  the partner scores like a clean hand, is worth what a duplicate match pays for it), it
  tries every card also with itself running the moon in the playouts below it and keeps the
  plan that pays, and it passes its losers for a run when playouts say the run pays more
  than the usual pass. ``shooter:N`` sets N simulations a move, as for the partner.

* ``Seer`` ("seer", "seer:N"), no opponent but a measuring stick: our Expert shown every hidden
  hand, or line-up entry N's, while it plays (its pass is the Expert's). Shown a shooter's
  hand, it tells what a better reading of that hand could win (``moon_shooter.txt`` section 9).

The three opponents read only the ``PlayerView``, as every bot does; the worlds are the
plausible deals of our card inference (voids shown, cards passed), which is public reasoning,
not a level.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar

from hearts_desktop.bots import Bot, Cancel, SeatLevels, make_bot, never_cancel
from hearts_desktop.bots.expert import EXPERT_BUDGET, PASS_BUDGET, ExpertBot
from hearts_desktop.bots.heuristics import QUEEN_BIT, above_in_suit, winning_card
from hearts_desktop.bots.inference import DealSampler, position_of
from hearts_desktop.bots.knowledge import Knowledge
from hearts_desktop.bots.search import Budget, runner_lead
from hearts_desktop.engine import CARDS, Card, HandState, MoonAction, MoonScoring, Phase, PlayerView
from hearts_desktop.engine.cards import QUEEN_OF_SPADES, SUIT_MASKS, Suit, iter_bits, mask_of
from hearts_desktop.engine.rules import CARDS_PASSED, RuleTables
from hearts_desktop.words import Level

HEARTS = SUIT_MASKS[Suit.HEARTS]
SPADES = SUIT_MASKS[Suit.SPADES]
HIGH_SPADES = SPADES & ~((1 << QUEEN_OF_SPADES) - 1)  # queen, king and ace


RANK_MASKS = tuple(sum(1 << (suit * 13 + rank) for suit in range(4)) for rank in range(13))
"""Every suit's card of each rank: the rank scans below test a rank at a time, which the
playouts (the arena's hot path) do far faster than sorting cards by a key."""


def _rank(card: int) -> int:
    return card % 13


def top_by_rank(mask: int, below: int = 13) -> int:
    """The card of highest rank under ``below`` in ``mask`` (any suits; ties go to the later
    suit), or -1 if there is none."""
    for rank in range(below - 1, -1, -1):
        if of_rank := mask & RANK_MASKS[rank]:
            return of_rank.bit_length() - 1
    return -1


def bottom_by_rank(mask: int, above: int = -1) -> int:
    """The card of lowest rank over ``above`` in ``mask`` (ties go to the earlier suit), or -1."""
    for rank in range(above + 1, 13):
        if of_rank := mask & RANK_MASKS[rank]:
            return (of_rank & -of_rank).bit_length() - 1
    return -1


def pass_by_danger(hand: int, count: int = CARDS_PASSED) -> tuple[Card, ...]:
    """The queen, king and ace of spades, then the highest hearts, then the highest cards."""
    chosen: list[int] = []
    for group in (hand & HIGH_SPADES, hand & HEARTS, hand):
        for card in sorted(iter_bits(group & ~sum(1 << c for c in chosen)), key=lambda c: -_rank(c)):
            if len(chosen) < count:
                chosen.append(card)
    return tuple(CARDS[c] for c in chosen)


def rule_card(hand: int, legal: int, trick: tuple[int, ...], points: int, last: bool) -> int:
    """The rule player's card: lead low, follow under the winner, dump danger when void.

    ``points`` are the cards that score (to know what to dump); ``last`` says whether
    nobody plays after us in this trick.
    """
    if not trick:
        safe = legal & ~HEARTS & ~QUEEN_BIT
        return bottom_by_rank(safe or legal)
    led = SUIT_MASKS[trick[0] // 13]
    if legal & led:
        under = top_by_rank(legal & led, _rank(winning_card(trick)))
        if under >= 0:
            return under  # duck as high as we can
        if last and not any(1 << c & points for c in trick):
            return top_by_rank(legal)  # a free trick: win it with our highest
        return top_by_rank(legal & ~QUEEN_BIT) if legal & ~QUEEN_BIT else top_by_rank(legal)
    if legal & QUEEN_BIT:
        return QUEEN_OF_SPADES
    for group in (legal & HIGH_SPADES, legal & HEARTS):
        if group:
            return top_by_rank(group)
    return top_by_rank(legal)


class RuleBot(Bot):
    """The floor of the ladder: simple rules, and no moon defence at all."""

    level: ClassVar[Level | None] = None

    def choose_pass(self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel) -> tuple[Card, ...]:
        return pass_by_danger(view.hand)

    def choose_play(
        self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel, seat_levels: SeatLevels = ()
    ) -> Card:
        last = len(view.trick) == view.players - 1
        points = view.rules.tables.scoring_mask
        return CARDS[rule_card(view.hand, view.legal, tuple(view.trick), points, last)]


# ----------------------------------------------------------------- the sparring partner


def runner_of(state: HandState, t: RuleTables) -> int | None:
    """The one seat that has taken every point card taken so far (at least one), if any:
    the player the others must stop from shooting the moon."""
    runner = None
    for seat in range(state.n):
        if state.taken[seat] & t.moon_mask:
            if runner is not None:
                return None
            runner = seat
    return runner


def playout_card(state: HandState, t: RuleTables, rng: random.Random, explore: float = 0.1) -> int:
    """The simulated players' card: the rules above, except that when one seat is running
    the points, the others take a point trick from it when they can; a little randomness
    keeps the simulations varied."""
    legal = state.legal_mask()
    if rng.random() < explore:
        return rng.choice(list(iter_bits(legal)))
    seat, trick = state.turn, tuple(state.trick)
    runner = runner_of(state, t)
    if runner is not None and runner != seat and trick:
        winning = winning_card(trick)
        led = SUIT_MASKS[trick[0] // 13]
        by_runner = trick.index(winning) == (runner - state.leader) % state.n
        over = bottom_by_rank(legal & led, _rank(winning))
        if by_runner and over >= 0:
            return over  # stop the run with the cheapest winner
        if not legal & led and by_runner:
            return bottom_by_rank(legal & ~t.moon_mask or legal)  # no points onto the runner
    last = len(trick) == state.n - 1
    return rule_card(state.hands[seat], legal, trick, t.scoring_mask, last)


def moon_open(state: HandState, t: RuleTables, seat: int) -> bool:
    """Whether no seat but ``seat`` has won a moon card yet."""
    for other in range(state.n):
        if other != seat and state.taken[other] & t.moon_mask:
            return False
    return True


def runner_card(state: HandState, t: RuleTables) -> int:
    """The card of a seat playing for the moon: cash its sure winners (side suits first),
    win every trick it can (with its cheapest winner when it plays last), keep its high
    cards under a trick it cannot win, and discard its lowest clean card when void."""
    legal = state.legal_mask()
    hand = state.hands[state.turn]
    seen = state.trick_mask
    for won in state.taken:
        seen |= won
    out = t.deck & ~seen & ~hand
    trick = tuple(state.trick)
    if not trick:
        return runner_lead(legal, out)
    led = SUIT_MASKS[trick[0] // 13]
    if legal & led:
        over = legal & above_in_suit(winning_card(trick))
        if not over:
            return bottom_by_rank(legal)
        return bottom_by_rank(over) if len(trick) == state.n - 1 else top_by_rank(over)
    return bottom_by_rank(legal & ~t.scoring_mask or legal)


def finish(state: HandState, t: RuleTables, rng: random.Random, runner: int = -1) -> tuple[int, ...]:
    """Play the hand out with the playout policy; every seat's points. A ``runner`` seat
    plays for the moon while nobody else has won a moon card (``runner_card``)."""
    while state.phase is Phase.PLAYING:
        if state.turn == runner and moon_open(state, t, runner):
            state.play(runner_card(state, t))
        else:
            state.play(playout_card(state, t, rng))
    for chooser in state.to_act():  # a moon's shooter adds to the others (same gaps either way)
        state.apply(MoonAction(chooser, MoonScoring.ADD_TO_OTHERS))
    assert state.result is not None
    return state.result.points


@dataclass(slots=True)
class Node:
    """A position in one world's UCT tree: the seat to move and its tried moves."""

    seat: int
    untried: list[int]
    children: dict[int, Node] = field(default_factory=dict)
    visits: int = 0
    rewards: list[float] = field(default_factory=list)
    """Summed rewards of every seat over the simulations through this node."""
    moons: int = 0
    """Simulations through this root move in which the root's seat shot the moon (counted
    for the shooter's moves only)."""


def _node(state: HandState) -> Node:
    playing = state.phase is Phase.PLAYING
    return Node(state.turn, list(iter_bits(state.legal_mask())) if playing else [], rewards=[0.0] * state.n)


def shot(state: HandState, seat: int) -> bool:
    """Whether ``seat`` shot the moon in this finished hand (or swept every trick, which is
    a moon and more)."""
    result = state.result
    return result is not None and seat in (result.moon_shooter, result.sweeper)


ATTEMPT = 64
"""Added to a card to name a root move of the shooter's tree: that card, then its seat
playing for the moon in every playout below it (a plan for the decision as a whole)."""


def relative_scale(t: RuleTables) -> float:
    """The shooter's reward unit: a point taken moves our points against the others' mean by
    n / (n - 1) points, so this keeps a point worth what it is to the partner (the same
    exploration), a moon worth what it pays."""
    return t.penalty_total * t.players / (t.players - 1)


def uct_values(
    root_state: HandState, simulations: int, rng: random.Random, exploration: float, moon_plans: bool = False
) -> dict[int, tuple[float, float]]:
    """Each root move's mean reward for the seat to move, and the share of its simulations
    in which that seat shot the moon (counted with ``moon_plans`` only), after
    ``simulations`` UCT simulations in this perfect-information world (max^n: each seat
    picks for itself).

    With ``moon_plans`` (the shooter) every seat's reward is its points against the others'
    mean, so a moon is worth what it pays, and each root card is also tried as card +
    ``ATTEMPT``: the same card with the seat to move running the moon in the playouts.
    """
    t = root_state.t
    others = root_state.n - 1
    scale = relative_scale(t) if moon_plans else t.penalty_total
    root = _node(root_state)
    if moon_plans:
        root.untried += [card + ATTEMPT for card in root.untried]
    for _ in range(simulations):
        state = root_state.copy()
        path = [root]
        node = root
        runner = -1
        while not node.untried and node.children:  # select: the first child of highest UCB
            log_n = math.log(node.visits)
            seat = node.seat
            best_card, best, best_value = -1, node, -math.inf
            for card, child in node.children.items():
                value = child.rewards[seat] / child.visits + exploration * math.sqrt(log_n / child.visits)
                if value > best_value:
                    best_card, best, best_value = card, child, value
            if node is root and best_card >= ATTEMPT:
                runner = root.seat
            node = best
            state.play(best_card % ATTEMPT)
            path.append(node)
        if node.untried:  # expand
            card = node.untried.pop(rng.randrange(len(node.untried)))
            if node is root and card >= ATTEMPT:
                runner = root.seat
            state.play(card % ATTEMPT)
            child = _node(state)
            node.children[card] = child
            path.append(child)
        points = finish(state, t, rng, runner)
        total = sum(points)
        if moon_plans and shot(state, root.seat):
            path[1].moons += 1
        for visited in path:  # back up every seat's reward
            visited.visits += 1
            for s in range(len(points)):
                lost = points[s] - (total - points[s]) / others if moon_plans else points[s]
                visited.rewards[s] -= lost / scale
    return {card: (child.rewards[root.seat] / child.visits, child.moons / child.visits)
            for card, child in root.children.items()}


class SparringPartner(Bot):
    """PIMC over ``worlds`` sampled deals with ``simulations`` UCT simulations in all."""

    level: ClassVar[Level | None] = None

    def __init__(self, simulations: int = 10_000, worlds: int = 30, exploration: float = 0.7) -> None:
        self.simulations = simulations
        self.worlds = worlds
        self.exploration = exploration

    def choose_pass(self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel) -> tuple[Card, ...]:
        return pass_by_danger(view.hand)  # the published players pass by rules too

    def choose_play(
        self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel, seat_levels: SeatLevels = ()
    ) -> Card:
        return CARDS[self.search(view, rng, cancel)[0] % ATTEMPT]

    def search(self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel) -> list[int]:
        """The root moves (cards, or card + ``ATTEMPT`` for a moon plan), best first."""
        legal = view.legal_cards()
        if len(legal) == 1:
            return [int(legal[0])]
        plans = self.plays_for_moons(view)
        sampler = DealSampler(view)
        totals = dict.fromkeys((int(c) + plan for plan in ((0, ATTEMPT) if plans else (0,)) for c in legal), 0.0)
        moons = dict.fromkeys(totals, 0.0)
        per_world = max(len(totals), self.simulations // self.worlds)
        worlds = 0
        for _ in range(self.worlds):
            if cancel():
                break
            world = position_of(view, sampler.sample(rng))
            for move, (value, moon_share) in uct_values(world, per_world, rng, self.exploration, plans).items():
                totals[move] += value
                moons[move] += moon_share
            worlds += 1
        ranked = sorted(totals, key=lambda move: (-totals[move], move))
        return self.committed(view, ranked, totals, moons, worlds) if plans and worlds else ranked

    def plays_for_moons(self, view: PlayerView) -> bool:
        """Whether this decision also tries running the moon (the partner never does)."""
        return False

    def committed(self, view: PlayerView, ranked: list[int], totals: dict[int, float],
                  moons: dict[int, float], worlds: int) -> list[int]:
        """``ranked`` (best first, by summed reward) with a moon plan left first only if the
        seat commits to it (the partner makes no plans)."""
        return ranked


# ----------------------------------------------------------------- the moon shooter


PASS_WORLDS = 200
"""Deals over which the shooter weighs a pass for a run against the usual pass."""
MOON_SHARE = 0.5
"""Share of a moon plan's simulations that must end in our moon before the shooter commits."""
MOON_MARGIN = 1.0
"""Points a hand a moon plan must gain over the best usual card before the shooter commits."""
RUN_PASS_SHARE = 0.75
"""Share of the pass playouts that must end in our moon before the shooter passes for a run."""


def moon_open_in(view: PlayerView) -> bool:
    """Whether the moon can still be ours: the rules score one and nobody else has won a moon card."""
    if view.rules.moon is MoonScoring.OFF:
        return False
    moon_mask = view.rules.tables.moon_mask
    return not any(finished.winner != view.seat and mask_of(finished.cards) & moon_mask for finished in view.tricks)


def pass_for_a_run(t: RuleTables, hand: int, count: int = CARDS_PASSED) -> tuple[Card, ...]:
    """What a player planning to take every trick gives away: the cards most likely to lose
    a trick (the most unseen cards above them beyond our own cards above them in the suit),
    then, among the sure winners, the lowest that carry no points (a point card passed away
    must be won back)."""
    unseen = t.deck & ~hand

    def weakness(c: int) -> tuple[int, bool, int]:
        above = above_in_suit(c)
        losing = (unseen & above).bit_count() - (hand & above).bit_count()
        return max(0, losing), not t.scoring_mask >> c & 1, -_rank(c)

    return tuple(CARDS[c] for c in sorted(iter_bits(hand), key=weakness, reverse=True)[:count])


class MoonShooter(SparringPartner):
    """The sparring partner playing for the moon as strong players do: outcomes scored against
    the others, every card also tried with a moon run behind it, and a pass for a run when the
    playouts say it pays."""

    def __init__(self, simulations: int = 10_000, worlds: int = 30, exploration: float = 0.7,
                 pass_worlds: int = PASS_WORLDS) -> None:
        super().__init__(simulations, worlds, exploration)
        self.pass_worlds = pass_worlds

    def plays_for_moons(self, view: PlayerView) -> bool:
        return moon_open_in(view)

    def committed(self, view: PlayerView, ranked: list[int], totals: dict[int, float],
                  moons: dict[int, float], worlds: int) -> list[int]:
        """A moon plan stays first only when its playouts shoot the moon often enough
        (``MOON_SHARE``) and it pays ``MOON_MARGIN`` points more than the best card played
        as usual: a perfect-information search sees every card a run needs, so it
        overrates runs; otherwise the usual cards come first."""
        scale = relative_scale(view.rules.tables) / worlds  # summed rewards back to points a hand
        usual = [move for move in ranked if move < ATTEMPT]
        best = ranked[0]
        if (best >= ATTEMPT and moons[best] / worlds >= MOON_SHARE
                and (totals[best] - totals[usual[0]]) * scale >= MOON_MARGIN):
            return ranked
        return usual + [move for move in ranked if move >= ATTEMPT]

    def choose_pass(self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel) -> tuple[Card, ...]:
        usual = pass_by_danger(view.hand)
        if view.rules.moon is MoonScoring.OFF:
            return usual
        run = pass_for_a_run(view.rules.tables, view.hand)
        gain, moon_share = self.run_outlook(view, usual, run, rng, cancel)
        return run if gain > 0 and moon_share >= RUN_PASS_SHARE else usual

    def run_outlook(self, view: PlayerView, usual: tuple[Card, ...], run: tuple[Card, ...], rng: random.Random,
                    cancel: Cancel = never_cancel) -> tuple[float, float]:
        """How many points a hand passing ``run`` and playing for the moon scores better than
        one passing ``usual`` and playing as the partner does, against the others, on average
        over ``pass_worlds`` deals (the same deals for both; the others pass by danger), and
        the share of those deals in which the run shot the moon."""
        t = view.rules.tables
        sampler = DealSampler(view)
        gain = 0.0
        moons = worlds = 0
        for _ in range(self.pass_worlds):
            if cancel():
                break
            deal = sampler.sample(rng)
            for cards, runner, sign in ((usual, -1, 1.0), (run, view.seat, -1.0)):
                state = HandState(view.rules, deal.hands, deal.kitty, view.direction)
                state.pass_cards(view.seat, cards)
                for seat in range(view.players):
                    if seat != view.seat:
                        state.pass_cards(seat, pass_by_danger(deal.hands[seat]))
                points = finish(state, t, rng, runner)
                mine = points[view.seat]
                gain += sign * (mine - (sum(points) - mine) / (view.players - 1))
                moons += runner >= 0 and shot(state, runner)
            worlds += 1
        return (gain / worlds, moons / worlds) if worlds else (0.0, 0.0)


class Seer(Bot):
    """Our Expert with the hidden hands of some seats shown to its card search: their true hands
    in every deal it samples. The arena shows it the hand before each decision (``see``)."""

    level: ClassVar[Level | None] = None

    def __init__(self, entries: tuple[int, ...] | None = None, budget: Budget = EXPERT_BUDGET) -> None:
        self.entries = entries
        """The line-up entries whose hands it sees; None: every hand."""
        self.expert = ExpertBot(budget, read=self.read)
        self.state: HandState | None = None
        self.shown: tuple[int, ...] = ()

    def see(self, state: HandState, entry_at: Sequence[int]) -> None:
        """The hand as it stands, and which line-up entry sits at each seat."""
        self.state = state
        self.shown = tuple(seat for seat, entry in enumerate(entry_at) if self.entries is None or entry in self.entries)

    def read(self, view: PlayerView) -> Knowledge:
        """What the view shows, and the shown seats' hands as they are."""
        knowledge = Knowledge.from_view(view)
        if self.state is None:
            return knowledge
        known, allowed = list(knowledge.known), list(knowledge.allowed)
        for seat in self.shown:
            if seat != view.seat:
                hand = self.state.hands[seat]
                allowed = [cards & ~hand for cards in allowed]
                known[seat] = allowed[seat] = hand
        return replace(knowledge, known=tuple(known), allowed=tuple(allowed))

    def choose_pass(self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel) -> tuple[Card, ...]:
        return self.expert.choose_pass(view, rng, cancel)

    def choose_play(
        self, view: PlayerView, rng: random.Random, cancel: Cancel = never_cancel, seat_levels: SeatLevels = ()
    ) -> Card:
        return self.expert.choose_play(view, rng, cancel, seat_levels)


def expert_with(deals: int) -> ExpertBot:
    """The Expert thinking ``deals`` deals for a card where it ships with
    ``EXPERT_BUDGET.max_deals``, every other count of its budgets (its pass's too) scaled alike."""
    factor = deals / EXPERT_BUDGET.max_deals
    return ExpertBot(EXPERT_BUDGET.scaled(factor), PASS_BUDGET.scaled(factor))


OPPONENTS: dict[str, Callable[[int | None], Bot]] = {
    "rules": lambda _simulations: RuleBot(),
    "sparring": lambda simulations: SparringPartner(simulations or 10_000),
    "shooter": lambda simulations: MoonShooter(simulations or 10_000),
    "expert": lambda deals: expert_with(deals) if deals else make_bot(Level.EXPERT),
    "seer": lambda entry: Seer(None if entry is None else (entry,)),
}
"""The outside opponents by their arena names; ``sparring:N`` and ``shooter:N`` pass N
simulations; ``expert:N`` is our Expert at N deals a card (the strength-against-budget curve);
``seer:N`` is the Expert shown the hand of line-up entry N (from 0), ``seer`` every hand."""


def make_player(name: str) -> Bot:
    """A bot by arena name: one of our levels, ``rules``, ``sparring``, ``shooter``, ``seer``,
    or ``sparring:N`` / ``shooter:N`` / ``expert:N`` / ``seer:N``."""
    if name in tuple(Level):
        return make_bot(Level(name))
    base, _, count = name.partition(":")
    if base not in OPPONENTS or base == "rules" and count or (count and not count.isdigit()) or (
            count == "0" and base != "seer"):
        raise ValueError(f"unknown player {name!r}; choose from {', '.join(dict.fromkeys([*Level, *OPPONENTS]))}, "
                         "sparring:N, shooter:N, expert:N, seer or seer:N")
    return OPPONENTS[base](int(count) if count else None)
