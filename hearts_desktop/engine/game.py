"""A game (match): hands in sequence, running totals, the target and the tie rule.

A game is fully determined by ``(ruleset, seed, actions)``: each hand's deal comes from the
seed and the hand's number, so saving the action list saves the game, and replaying a
prefix of it is undo.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from ..language import N_, Phrase
from .actions import Action
from .cards import cards_of
from .events import Event, GameOver, HandDealt, HandScored, TieForLowest
from .hand import HandResult, HandState, IllegalMove, Phase
from .rules import Ruleset
from .view import PlayerView, view_of

GAME_OVER = Phrase(N_("The game is over."))
"""Refuses every move once the game is over (a phrase: a network host sends it to friends)."""


def hand_rng(seed: int, hand_index: int) -> random.Random:
    """The random source of one hand's deal; string seeding is stable across platforms."""
    return random.Random(f"hearts-desktop:{seed}:{hand_index}")


def leaders(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the lowest total (the best score in Hearts)."""
    lowest = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == lowest)


def single_leader(totals: Sequence[int]) -> int | None:
    """The one seat with the lowest total, or None while that total is shared."""
    lowest = leaders(totals)
    return lowest[0] if len(lowest) == 1 else None


def decide_end(totals: Sequence[int], target: int) -> tuple[int | None, tuple[int, ...]]:
    """RULES.md 8: ``(winner, ())`` when the game ends, ``(None, tied)`` when a shared
    lowest total at or past the target forces another hand, ``(None, ())`` otherwise."""
    if max(totals) < target:
        return None, ()
    winner = single_leader(totals)
    return (winner, ()) if winner is not None else (None, leaders(totals))


class Game:
    """A whole game of Hearts, from the first deal to the winner."""

    def __init__(self, rules: Ruleset, seed: int, events: list[Event] | None = None, deals_from: int = 0) -> None:
        self.rules = rules
        self.seed = seed
        self.deals_from = deals_from
        """The hand of the game ``(rules, seed)`` whose deal (cards and pass) this game's first
        hand has: 0 for a game, hand N's number for that deal played again (``deal_again``)."""
        self.actions: list[Action] = []
        self.totals: list[int] = [0] * rules.players
        self.results: list[HandResult] = []
        self.winner: int | None = None
        self.hand_index = 0
        self.hand_start = 0
        """How many of ``actions`` came before the hand being played: undo and a restarted hand
        go no further back."""
        self.hand = self._deal(events)

    @classmethod
    def replay(cls, rules: Ruleset, seed: int, actions: Iterable[Action], deals_from: int = 0) -> Game:
        """Rebuild a game from its actions; an illegal one raises IllegalMove."""
        game = cls(rules, seed, deals_from=deals_from)
        for action in actions:
            game.apply(action)
        return game

    @classmethod
    def deal_again(cls, rules: Ruleset, seed: int, hand_index: int) -> Game:
        """A game whose first hand is hand ``hand_index`` of the game ``(rules, seed)`` again:
        the same cards in the same seats, passed the same way (a deal practised again, the way
        duplicate players do). Its hands are numbered from the first as in any game.

        >>> from hearts_desktop.engine import PassDirection, Ruleset
        >>> again = Game.deal_again(Ruleset(), 7, 2)
        >>> again.hand_index, again.hand.direction is PassDirection.ACROSS
        (0, True)
        """
        return cls(rules, seed, deals_from=hand_index)

    def copy(self) -> Game:
        other = Game.__new__(Game)
        other.rules = self.rules
        other.seed = self.seed
        other.deals_from = self.deals_from
        other.actions = self.actions[:]
        other.totals = self.totals[:]
        other.results = self.results[:]
        other.winner = self.winner
        other.hand_index = self.hand_index
        other.hand_start = self.hand_start
        other.hand = self.hand.copy()
        return other

    def at_hand_start(self) -> Game:
        """The same game at the start of its current hand: the same deal, nothing passed or played.

        >>> from hearts_desktop.engine import PassAction, Ruleset
        >>> game = Game(Ruleset(), 7)
        >>> events = game.apply(PassAction(0, game.view(0).cards()[:3]))
        >>> restarted = game.at_hand_start()
        >>> restarted.actions, restarted.view(0).hand == game.view(0).hand
        ([], True)
        """
        return Game.replay(self.rules, self.seed, self.actions[: self.hand_start], self.deals_from)

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def over(self) -> bool:
        return self.winner is not None

    def to_act(self) -> list[int]:
        """Seats whose decision the game waits for (several while passing, none once over)."""
        return [] if self.over else self.hand.to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (``HandState.legal_actions``; none once over)."""
        return [] if self.over else self.hand.legal_actions(seat)

    def view(self, seat: int) -> PlayerView:
        return view_of(
            self.hand,
            seat,
            self.hand_index,
            tuple(self.totals),
            tuple(r.points for r in self.results),
        )

    def illegal_reason(self, action: Action) -> str | None:
        if self.over:
            return GAME_OVER()
        return self.hand.illegal_reason(action)

    def apply(self, action: Action) -> list[Event]:
        """Apply a player's action; return what happened. Illegal actions raise IllegalMove."""
        if self.over:
            raise IllegalMove(GAME_OVER())
        events: list[Event] = []
        self.hand.apply(action, events)
        self.actions.append(action)
        if self.hand.phase is Phase.SCORED:
            self._end_hand(events)
        return events

    def _deal(self, events: list[Event] | None) -> HandState:
        deal = self.deals_from + self.hand_index
        direction = self.rules.pass_direction(deal)
        hand = HandState.deal_new(self.rules, hand_rng(self.seed, deal), direction)
        if events is not None:
            events.append(
                HandDealt(
                    self.hand_index,
                    tuple(cards_of(h) for h in hand.dealt),
                    hand.t.kitty_size,
                    direction,
                )
            )
        return hand

    def _end_hand(self, events: list[Event]) -> None:
        result = self.hand.result
        assert result is not None
        self.results.append(result)
        for seat, points in enumerate(result.points):
            self.totals[seat] += points
        events.append(
            HandScored(
                self.hand_index, result.points, tuple(self.totals), result.moon_shooter,
                result.sweeper,
            )
        )
        winner, tied = decide_end(self.totals, self.rules.target)
        if winner is not None:
            self.winner = winner
            events.append(GameOver(winner, tuple(self.totals)))
            return
        if tied:
            events.append(TieForLowest(tied, self.totals[tied[0]]))
        self.hand_index += 1
        self.hand_start = len(self.actions)
        self.hand = self._deal(events)
