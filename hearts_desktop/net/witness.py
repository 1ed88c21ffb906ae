"""What a friend's seat saw and did in one game: the only check a host's record can pass.

The host sends the whole game once it is over, for the friend's history. The friend's
computer never held that game, so it keeps the record only when replaying it shows this
seat everything it was shown (its dealt hand, the cards it received, each card it played,
in order, and the totals) and every pass and card it chose itself. A host could otherwise
fill the friend's history with games the friend never played.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from ..engine import Action, Card, Game, PassAction, Phase, PlayAction, PlayerView, Ruleset, mask_of
from ..engine.hand import play_order

Story: TypeAlias = tuple[int, Phase, int, int | None, int, tuple[Card, ...], tuple[int, ...]]
"""A view cut down to what it tells this seat about itself (see ``own_story``)."""
Choice: TypeAlias = tuple[Story, int | Card]
"""A pass or card this seat chose, with the story it was chosen from."""

MOST_STORIES: Final = 100_000
"""More distinct tables than any game a record can hold (a record of at most
``MAX_RECORD_CHARACTERS`` characters holds fewer moves): a host sending more is not showing
one game, and its record is not kept."""


def own_story(view: PlayerView) -> Story:
    """The hand, its index and phase, the cards passed and received, this seat's cards played
    in order, and the totals: everything a view says about this seat that a record decides."""
    mine = tuple(card for trick in view.tricks_so_far()
                 for seat, card in zip(play_order(trick.leader, len(trick.cards), view.players), trick.cards)
                 if seat == view.seat)
    passed = None if view.passed is None else mask_of(view.passed)
    return (view.hand_index, view.phase, view.hand, passed, mask_of(view.received), mine, view.totals)


def _choice_key(action: PassAction | PlayAction) -> int | Card:
    """A pass by its cards in any order, a play by its card."""
    return mask_of(action.cards) if isinstance(action, PassAction) else action.card


class GameWitness:
    """This seat's side of one game, from its joining (or the game's start) to its end."""

    def __init__(self) -> None:
        self._stories: set[Story] = set()
        self._choices: list[Choice] = []
        self._too_many = False

    @property
    def sat_in(self) -> bool:
        """Whether this seat chose a pass or a card the host took in this game."""
        return bool(self._choices)

    def saw(self, view: PlayerView) -> None:
        if len(self._stories) >= MOST_STORIES:
            self._too_many = True
        else:
            self._stories.add(own_story(view))

    def chose(self, view: PlayerView, action: Action) -> None:
        if isinstance(action, PassAction | PlayAction):
            self._choices.append((own_story(view), _choice_key(action)))

    def replay(self, rules: Ruleset, seed: int, actions: list[Action], seat: int) -> Game | None:
        """The game ``(rules, seed, actions)`` when it is over and shows ``seat`` all it saw
        and holds all it chose, else None; an illegal move raises IllegalMove (a ValueError)."""
        game = Game(rules, seed)
        stories = {own_story(game.view(seat))}
        choices: set[Choice] = set()
        for action in actions:
            if isinstance(action, PassAction | PlayAction) and action.seat == seat:
                choices.add((own_story(game.view(seat)), _choice_key(action)))
            game.apply(action)
            stories.add(own_story(game.view(seat)))
        agrees = (game.over and not self._too_many and self._stories <= stories
                  and all(choice in choices for choice in self._choices))
        return game if agrees else None
