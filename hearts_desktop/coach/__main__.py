"""The coach on the command line: ``python -m hearts_desktop.coach review SAVE_FILE``.

Prints each decision of one seat in one hand with its options, their expected points, the cost of
the choice and its mark; ``--json`` prints the same as one JSON object. ``--all-cards`` adds
to each decision a second opinion judged on the true deal, with every hand known. The save is only
read, never set aside or changed, even when it is damaged.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from ..engine import Game
from ..language import _, n_, number
from ..persistence.documents import DocumentError, read_document
from ..persistence.saves import SAVE, SavedGame, parse_save
from .game import HandReview, review_hand, review_to_json, where
from .review import marks_sentence


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hearts_desktop.coach", description=_(
        "The coach on the command line: each decision of one seat in one hand of a saved game, with its "
        "options, their values, the cost of the choice and its mark. The save is only read, never changed."))
    sub = parser.add_subparsers(dest="command", required=True)
    review = sub.add_parser("review", help=_("review one seat's decisions in one hand of a saved game"))
    review.add_argument("save", type=Path, help=_("a saved game (the autosave, or a copy of it)"))
    review.add_argument("--hand", type=int, help=_("the hand, 1 for the first (default: the last one played)"))
    review.add_argument("--seat", type=int, help=_("the seat, 0 to 3 (default: the first person's)"))
    review.add_argument("--seed", type=int, default=0, help=_("another seed deals other imagined hands"))
    review.add_argument("--all-cards", action="store_true",
                        help=_("add a second opinion with all cards shown (not what the player could see)"))
    review.add_argument("--json", action="store_true", help=_("print the review as one JSON object"))
    options = parser.parse_args(argv)
    try:
        saved = read_document(options.save, SAVE, parse_save)
    except DocumentError as error:
        # Translators: {file} is a file's path, {problem} a whole clause ("the file is damaged"), {details}
        # the program's description, left in English.
        print(_("{file} cannot be reviewed: {problem} ({details}).").format(
            file=options.save, problem=error.problem, details=error), file=sys.stderr)
        return 2
    game = saved.game
    played = _hands_played(game)
    hand = played if options.hand is None else options.hand
    seat = _person(saved) if options.seat is None else options.seat
    if not 1 <= hand <= played:
        print(n_("There is no hand {hand} to review: this game has {count}.",
                 "There is no hand {hand} to review: this game has {count}.", played).format(hand=hand, count=played),
              file=sys.stderr)
        return 2
    if not 0 <= seat < game.players:
        print(_("There is no seat {seat}: the seats are 0 to {last}.").format(seat=seat, last=game.players - 1),
              file=sys.stderr)
        return 2
    result = review_hand(game.rules, game.seed, game.actions, hand - 1, seat, options.seed)
    second = (review_hand(game.rules, game.seed, game.actions, hand - 1, seat, options.seed, all_cards=True)
              if options.all_cards else None)
    if options.json:
        print(json.dumps(review_to_json(result, second)))
    else:
        print(_text(result, saved, second))
    return 0


def _hands_played(game: Game) -> int:
    """Hands with at least one action: the finished ones and any begun."""
    replay = Game(game.rules, game.seed)
    last = -1
    for action in game.actions:
        last = replay.hand_index
        replay.apply(action)
    return last + 1


def _person(saved: SavedGame) -> int:
    return next((i for i, s in enumerate(saved.seats) if s.is_human), 0)


INDENT = " " * 10
"""Where a decision's reason and options start, under its line."""


def _text(review: HandReview, saved: SavedGame, all_cards: HandReview | None) -> str:
    name = saved.seats[review.seat].name
    # Translators: the heading of the coach's review on the command line; {cost} has two decimals.
    lines = [_("Hand {number}, {name}: mean cost {cost} points a decision").format(
        number=review.hand_index + 1, name=name, cost=number(review.mean_cost, 2))]
    lines.append(marks_sentence())
    for d in review.decisions:
        chosen = " ".join(str(c) for c in d.chosen)
        best = " ".join(str(c) for c in d.judgement.best.cards)
        # Translators: one decision of the review: its cards, the coach's best cards, the cost and the mark.
        lines.append(_("{where}: {chosen} best {best} {cost}  {mark}").format(
            where=f"{where(d.trick):>8}", chosen=f"{chosen:<9}", best=f"{best:<9}", cost=number(d.cost, 1, sign=True),
            mark=d.mark.label))
        lines.append(f"{INDENT}{d.reason}")
        if not d.judgement.forced:
            options = ", ".join(f"{' '.join(str(c) for c in o.cards)} {number(o.points, 2)}" for o in d.judgement.options)
            lines.append(INDENT + _("options (expected points): {options}").format(options=options))
        if all_cards is not None:
            shown = next(s for s in all_cards.decisions if s.action_index == d.action_index)
            lines.append(INDENT + _("All cards shown: best {best} {cost} {mark}. {reason}").format(
                best=" ".join(str(c) for c in shown.judgement.best.cards), cost=number(shown.cost, 1, sign=True),
                mark=shown.mark.label, reason=shown.reason))
    return "\n".join(lines)


if __name__ == "__main__":
    logging.basicConfig(handlers=[logging.NullHandler()])  # a refusal's sentence says what a log line would
    sys.exit(main())
