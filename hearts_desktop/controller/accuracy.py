"""The coach judging each person's decisions in the background, for the statistics' accuracy.

Every hand a person finishes is reviewed at once, through the same worker as the computer
players but behind their moves and hints (background jobs), so the game never waits and
nothing is left for the end but the last hand. The reviews go to the session's cache (and
file), so opening Review hand afterwards is instant. When a game is over and all its hands
are judged, each person's mean cost per decision is handed to ``record``. Quitting never
waits for the coach: a finished game still being judged is kept on disk by the session and
``resume``d at the next start (its judged hands come from the saved reviews); a game that
another replaces before it ends is never counted, so it is not reviewed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..coach.review import CoachBudget
from ..engine import Action, Game, Ruleset
from ..persistence.seats import Seat
from ..persistence.stats import Accuracy, game_id
from .bot_runner import BotRunner
from .review import HandReviewer, ReviewCache

Record = Callable[[str, str, Accuracy], None]
"""Told (the statistics' game id, the person's name, their accuracy in that game)."""
Judged = Callable[[str], None]
"""Told the statistics' id of a finished game once the coach is done with it (judged, or
not judgeable)."""


@dataclass(slots=True)
class GameReviews:
    """One game's hands being judged, for each person at the table."""

    rules: Ruleset
    seed: int
    names: dict[int, str]
    """The people's seats and names."""
    judged_to: tuple[Action, ...] = ()
    """The game's moves up to the end of its last finished hand seen."""
    reviewers: dict[tuple[int, int], HandReviewer] = field(default_factory=dict)
    """By (hand, seat)."""
    finished_as: str | None = None
    """The statistics' id of the game, once it is over."""

    @classmethod
    def of(cls, game: Game, seats: Sequence[Seat]) -> GameReviews:
        """A game's reviews, for each person at its table."""
        return cls(game.rules, game.seed, {s: seat.name for s, seat in enumerate(seats) if seat.is_human})

    def same_game(self, game: Game) -> bool:
        return (game.rules, game.seed) == (self.rules, self.seed) and tuple(
            game.actions[:len(self.judged_to)]) == self.judged_to

    @property
    def done(self) -> bool:
        return all(r.complete or r.failed for r in self.reviewers.values())

    def accuracy(self, seat: int) -> Accuracy | None:
        """The seat's mean cost per decision over the game, if every hand was judged."""
        mine = [r for (_, s), r in self.reviewers.items() if s == seat]
        if not mine or not all(r.complete for r in mine):
            return None
        costs = [d.cost for r in mine for d in r.review().decisions]
        return Accuracy(sum(costs) / len(costs), len(costs)) if costs else None

    def close(self) -> None:
        for reviewer in self.reviewers.values():
            reviewer.close()


class BackgroundReviews:
    """Judges each finished hand of the games it is shown, one worker client per hand."""

    def __init__(self, clients: Callable[[], BotRunner], cache: ReviewCache, budget: CoachBudget,
                 record: Record, judged: Judged = lambda identity: None) -> None:
        self.clients = clients
        self.cache = cache
        self.budget = budget
        self.record = record
        self.judged = judged
        self.games: list[GameReviews] = []
        """Finished games still being judged, then the game being played (last)."""

    def follow(self, game: Game, seats: Sequence[Seat]) -> None:
        """Judge the finished hands of ``game`` not judged yet (a game resumed from its save
        finds its earlier hands in the cache); once it is over, its accuracy is recorded
        when the last hand is judged."""
        current = self.games[-1] if self.games and self.games[-1].finished_as is None else None
        if current is None or not current.same_game(game):
            if current is not None:  # replaced before it ended: it is never counted
                current.close()
                self.games.remove(current)
            current = GameReviews.of(game, seats)
            self.games.append(current)
        self._judge_finished_hands(current, game)
        self.update()

    def resume(self, game: Game, seats: Sequence[Seat]) -> None:
        """Judge the rest of a finished game the program quit before the coach was done with
        (the hands it had judged come from the saved reviews at once)."""
        if not game.over:
            raise ValueError("only a finished game is resumed")
        reviews = GameReviews.of(game, seats)
        self.games.insert(0, reviews)  # before the game being played, which stays last
        self._judge_finished_hands(reviews, game)
        self.update()

    def _judge_finished_hands(self, reviews: GameReviews, game: Game) -> None:
        hands = len(game.results)
        for hand in range(hands):
            for seat in reviews.names:
                if (hand, seat) not in reviews.reviewers:
                    reviews.reviewers[hand, seat] = HandReviewer.of_game(
                        self.clients(), game.rules, game.seed, game.actions, hand, seat, self.cache,
                        budget=self.budget, background=True)
        if hands:
            reviews.judged_to = tuple(game.actions[:end_of_hand(reviews, hands - 1)])
        if game.over:
            reviews.finished_as = game_id(game)

    def update(self) -> None:
        """Take in the worker's answers; record the accuracy of each game fully judged."""
        for reviews in list(self.games):
            for reviewer in reviews.reviewers.values():
                reviewer.poll()
            if reviews.finished_as is not None and reviews.done:
                for seat, name in reviews.names.items():
                    accuracy = reviews.accuracy(seat)
                    if accuracy is not None:
                        self.record(reviews.finished_as, name, accuracy)
                reviews.close()
                self.games.remove(reviews)
                self.judged(reviews.finished_as)

    @property
    def busy(self) -> bool:
        """Whether some hand is still being judged."""
        return any(not reviews.done for reviews in self.games)

    def close(self) -> None:
        """Stop every judgement: what is finished is in the cache; a finished game's rest is
        judged at the next start if the session kept it, and an unfinished game's never."""
        for reviews in self.games:
            reviews.close()
        self.games.clear()


def end_of_hand(reviews: GameReviews, hand: int) -> int:
    """How many of the game's moves were made by the end of ``hand``: just after the last
    decision judged in it (the moves after it are the other seats', which the same game
    repeats)."""
    return max((r.steps[-1].action_index + 1 for (h, _), r in reviews.reviewers.items() if h == hand and r.steps),
               default=0)
