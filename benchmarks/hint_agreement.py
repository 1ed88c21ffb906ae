"""Do the Hint and the review agree? ``python -m benchmarks hint-agreement``.

At a table of four Medium computers on arena deals, each decision of seat 0 (its pass and
its cards) is asked of the Hint (``coach/hint.py``) and the Hint's choice is then judged by
the review, each with its own random source as in the program (the Hint's deals are not the
review's). They agree when the review marks the Hint's choice best. With ``--expert`` the
Expert's own search (the Hint before issue 42) is asked too, for comparison. Bar: 95%.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from hearts_desktop.bots import make_bot
from hearts_desktop.bots.expert import ExpertBot
from hearts_desktop.coach.game import decision_seed
from hearts_desktop.coach.hint import hint
from hearts_desktop.coach.review import Judgement, Mark, judge_pass, judge_play
from hearts_desktop.engine import Card, HandState, PassAction, PlayAction, PlayerView, Ruleset, view_of
from hearts_desktop.words import Level

from .arena import arena_rng, deal_for

BAR = 0.95
SEAT = 0


@dataclass
class Agreement:
    views: int = 0
    unforced: int = 0
    agreed: int = 0
    agreed_unforced: int = 0
    expert_asked: int = 0
    expert_agreed: int = 0

    def share(self) -> float:
        return self.agreed / max(1, self.views)


def review_of(view: PlayerView, cards: tuple[Card, ...], index: int) -> Judgement:
    """The review's judgement of ``cards``, with the random source a review of the hand uses."""
    rng = random.Random(decision_seed(0, index))
    return judge_pass(view, cards, rng) if len(cards) > 1 else judge_play(view, cards[0], rng)


def ask(view: PlayerView, index: int, tally: Agreement, expert: ExpertBot | None) -> None:
    suggested = hint(view, random.Random(f"hint:{index}"))
    judgement = review_of(view, suggested.cards, index)
    tally.views += 1
    tally.agreed += judgement.mark is Mark.BEST
    if not judgement.forced:
        tally.unforced += 1
        tally.agreed_unforced += judgement.mark is Mark.BEST
    if expert is not None and len(suggested.cards) == 1:
        shown = (Level.MEDIUM,) * view.players  # the table shows Medium in every seat
        card = expert.search(view, random.Random(f"expert:{index}"), seat_levels=shown).best.card
        tally.expert_asked += 1
        tally.expert_agreed += review_of(view, (card,), index).mark is Mark.BEST


def run(hands: int, seed: int, with_expert: bool) -> Agreement:
    rules = Ruleset()
    bots = [make_bot(Level.MEDIUM) for _ in range(rules.players)]
    expert = ExpertBot() if with_expert else None
    tally = Agreement()
    for deal_index in range(hands):
        hands_dealt, kitty = deal_for(rules, seed, deal_index)
        state = HandState(rules, hands_dealt, kitty, rules.pass_direction(deal_index))
        rngs = [arena_rng(seed, deal_index, seat) for seat in range(rules.players)]
        index = 0
        while seats := state.to_act():
            for seat in seats:
                view = view_of(state, seat, hand_index=deal_index)
                action = bots[seat].decide(view, rngs[seat])
                if seat == SEAT and isinstance(action, PassAction | PlayAction):
                    ask(view, deal_index * 100 + index, tally, expert)
                state.apply(action)
                index += 1
    return tally


def main(hands: int, seed: int, with_expert: bool, as_json: bool) -> int:
    tally = run(hands, seed, with_expert)
    figures = {"views": tally.views, "agreed": tally.agreed, "share": round(tally.share(), 4),
               "unforced": tally.unforced, "agreed_unforced": tally.agreed_unforced,
               "expert_asked": tally.expert_asked, "expert_agreed": tally.expert_agreed, "bar": BAR}
    print(f"{tally.views} views of seat 0 at a table of Medium computers ({hands} hands): the review marks the "
          f"Hint's choice best in {tally.agreed} ({100 * tally.share():.1f}%; bar {100 * BAR:.0f}%: "
          f"{'holds' if tally.share() >= BAR else 'not met'}); unforced {tally.agreed_unforced} of {tally.unforced}")
    if tally.expert_asked:
        print(f"the Expert's search (the Hint before issue 42): marked best in {tally.expert_agreed} of "
              f"{tally.expert_asked} plays")
    if as_json:
        print(json.dumps(figures))
    return 0
