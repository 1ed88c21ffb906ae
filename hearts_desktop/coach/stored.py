"""The coach's finished reviews on disk, so a hand reviewed once opens at once next time.

The reviews live in a file of their own beside the autosave (``reviews.json``), not in the
save: the save is rewritten after every move and forgotten when the game is counted, while
a review is written once, when it is finished; and a review file that is damaged or from a
newer version is set aside with one sentence while the game itself loads untouched.

A review is filed under a digest of everything its judgements depend on: the rules, the
seed, the seat, the review's seed, the budget, the coach's revision and the game's actions
up to the seat's last decision in the hand (never the seed alone: two games dealt from one
seed differ in their moves); at a friend's network table, which has no seed, the views the
host sent for each decision instead. A stored option keeps its mean, not each deal's value: the
judgement's figures are final once it is made.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from ..engine import Action, Card, PlayerView, Ruleset, action_to_json
from ..language import N_
from ..persistence.atomic import write_json_atomic
from ..persistence.documents import (
    DocumentError,
    DocumentKind,
    LoadResult,
    Reports,
    get_int,
    get_list,
    get_object,
    is_number,
    load_document,
)
from .game import Decision, HandReview
from .review import CoachBudget, Judgement, Option

COACH_REVISION: Final = 1
"""Bump when the coach judges differently: reviews an older coach stored are judged again."""
KEPT_REVIEWS: Final = 240
"""Hand reviews kept on disk, the newest: a dozen long games' worth (a few hundred KB)."""
# Translators: why a file could not be used; {problem} is a whole clause ("the file is damaged"), {aside},
# {path}, {first} and {second} are paths.
REVIEWS: Final = DocumentKind(
    Reports(
        N_("The coach's saved reviews could not be used ({problem}), so hands will be reviewed again when opened; "
           "the file was moved to {aside}."),
        N_("The coach's saved reviews could not be used ({problem}) or moved aside, so hands will be reviewed "
           "again when opened; the file is still at {path}."),
    ),
    format="hearts-desktop-reviews",
    version=1,
    sealed_from=1,
)
# Translators: {cause} is a whole clause saying why ("the disk is full").
UNSAVED: Final = N_("The coach's reviews could not be saved: {cause}.")
MAX_POINTS: Final = 1e6


def review_key(rules: Ruleset, seed: int, seat: int, review_seed: int, budget: CoachBudget,
               actions: Sequence[Action], all_cards: bool = False, deals_from: int = 0) -> str:
    """The digest a review is filed under: it changes with anything its judgements depend on
    (the second opinion with all cards shown is filed apart from the fair review, a deal
    played again apart from the game's first hand)."""
    return _digest([COACH_REVISION, rules.to_dict(), seed, seat, review_seed, dataclasses.asdict(budget),
                    [action_to_json(a) for a in actions], *(["all cards shown"] if all_cards else []),
                    *([f"deal {deals_from}"] if deals_from else [])])


def seen_review_key(seat: int, review_seed: int, budget: CoachBudget,
                    decisions: Sequence[tuple[PlayerView, Action]]) -> str:
    """The digest of a review made from the views a friend's computer was sent at a network
    table (it never knows the seed): the views hold everything the judgements depend on. A
    view is a frozen record of ints, enums and tuples, so its ``repr`` is its content."""
    return _digest([COACH_REVISION, "seen", seat, review_seed, dataclasses.asdict(budget),
                    [[repr(view), action_to_json(action)] for view, action in decisions]])


def _digest(identity: list[Any]) -> str:
    text = json.dumps(identity, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def reviews_document(reviews: Mapping[str, HandReview]) -> dict[str, Any]:
    """The file's contents: the newest ``KEPT_REVIEWS`` reviews (``reviews`` is oldest first)."""
    kept = list(reviews.items())[-KEPT_REVIEWS:]
    return REVIEWS.sealed(REVIEWS.envelope() | {"reviews": {key: review_to_dict(r) for key, r in kept}})


def save_reviews(path: Path, reviews: Mapping[str, HandReview]) -> None:
    """Write the reviews atomically; raises StorageError (one sentence) when the disk refuses."""
    write_json_atomic(path, reviews_document(reviews), unsaved=UNSAVED)


def load_reviews(path: Path) -> LoadResult[dict[str, HandReview]]:
    """The stored reviews, oldest first; none (and a sentence) when the file is unusable."""
    loaded = load_document(path, REVIEWS, parse_reviews)
    return LoadResult({} if loaded.value is None else loaded.value, loaded.messages)


def parse_reviews(body: dict[str, Any]) -> dict[str, HandReview]:
    entries = get_object(body, "reviews")
    if len(entries) > KEPT_REVIEWS:
        raise DocumentError(f"more than {KEPT_REVIEWS} reviews")
    return {key: review_from_dict(value) for key, value in entries.items()}


def review_to_dict(review: HandReview) -> dict[str, Any]:
    return {
        "hand": review.hand_index,
        "seat": review.seat,
        "decisions": [_decision_to_dict(d) for d in review.decisions],
    }


def review_from_dict(data: Any) -> HandReview:
    """A stored review; DocumentError says what is wrong with it."""
    if not isinstance(data, dict):
        raise DocumentError("a review must be an object")
    decisions = tuple(_decision_from_dict(item) for item in get_list(data, "decisions"))
    return HandReview(get_int(data, "hand", 0, 10**4), get_int(data, "seat", 0, 9), decisions, complete=True)


def _decision_to_dict(decision: Decision) -> dict[str, Any]:
    judgement = decision.judgement
    chosen = next(i for i, o in enumerate(judgement.options) if o is judgement.chosen)  # always among them
    return {
        "action_index": decision.action_index,
        "trick": decision.trick,
        "chosen_cards": [str(c) for c in decision.chosen],
        "reason": decision.reason,
        "options": [_option_to_dict(o) for o in judgement.options],
        "chosen": chosen,
        "cost": judgement.cost,
        "gap": judgement.gap,
        "error": judgement.error,
        "deals": judgement.deals,
    }


def _decision_from_dict(data: Any) -> Decision:
    if not isinstance(data, dict) or not isinstance(data.get("reason"), str):
        raise DocumentError("a decision must be an object with a reason")
    options = [_option_from_dict(item) for item in get_list(data, "options")]
    if not options:
        raise DocumentError("a decision needs its options")
    chosen = options[get_int(data, "chosen", 0, len(options) - 1)]
    trick = data.get("trick")
    judgement = Judgement(chosen, tuple(options), _points(data, "cost"), _points(data, "gap"), _points(data, "error"),
                          get_int(data, "deals", 0, 10**7))
    return Decision(get_int(data, "action_index", 0, 10**6), None if trick is None else get_int(data, "trick", 0, 20),
                    _cards(data, "chosen_cards"), judgement, data["reason"])


def _option_to_dict(option: Option) -> dict[str, Any]:
    return {"cards": [str(c) for c in option.cards], "moon_plan": option.moon_plan, "value": option.value}


def _option_from_dict(data: Any) -> Option:
    """An option read back holds its mean value alone: the counts behind the reason were
    used when the reason was written, and the reason is stored as written."""
    if not isinstance(data, dict) or not isinstance(data.get("moon_plan"), bool):
        raise DocumentError("an option must be an object with a moon plan")
    return Option(_cards(data, "cards"), data["moon_plan"], [_points(data, "value")])


def _cards(data: Mapping[str, Any], key: str) -> tuple[Card, ...]:
    items = get_list(data, key)
    if not all(isinstance(item, str) for item in items):
        raise DocumentError(f"{key} must be cards")
    try:
        return tuple(Card.parse(item) for item in items)
    except ValueError as error:
        raise DocumentError(str(error)) from error


def _points(data: Mapping[str, Any], key: str) -> float:
    value: Any = data.get(key)
    if not is_number(value) or abs(value) > MAX_POINTS:
        raise DocumentError(f"{key} must be a number of points, not {value!r:.40}")
    return float(value)
