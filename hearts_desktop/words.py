"""The words every layer shares: computer levels, paces, seat kinds and bot job kinds, and
how a list is said in a sentence.

Each is defined here once, below the engine, so the engine, the bots, the controller,
persistence, the network and the window all speak of a level or a pace in the same type,
with no conversion at any edge. They are ``StrEnum``s: a member is its own text, so the
settings file, a save and a network message hold the same words as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Level(StrEnum):
    """A computer player's difficulty, weakest first."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"

    @property
    def label(self) -> str:
        return self.value.capitalize()


class SeatKind(StrEnum):
    """Who plays a seat. ``REMOTE``: a friend at their own computer, joined over the
    network (a computer of the seat's level plays while they are away)."""

    HUMAN = "human"
    COMPUTER = "computer"
    REMOTE = "remote"


class JobKind(StrEnum):
    """What a bot job asks: a computer's decision, a hint for a person, or the coach's
    judgement of a decision a person made."""

    DECIDE = "decide"
    HINT = "hint"
    JUDGE = "judge"


@dataclass(frozen=True, slots=True)
class Timing:
    bot_delay: float
    """Seconds from a computer's turn to its card landing (thinking overlaps this)."""
    trick_hold: float
    """Seconds a finished trick stays on the table, readable, before play goes on."""
    received_hold: float
    """Seconds after the pass before the computers play: the cards passed to a person fly into
    their hand and are read before the first trick starts."""


class Pace(StrEnum):
    """How fast computer players act, in the paces of the online table in the rules seeds."""

    RELAXED = "relaxed"
    FRIENDLY = "friendly"
    QUICK = "quick"
    INSTANT = "instant"

    @property
    def timing(self) -> Timing:
        return _TIMINGS[self]

    @property
    def label(self) -> str:
        return self.value.capitalize()


_TIMINGS = {
    Pace.RELAXED: Timing(bot_delay=1.1, trick_hold=1.8, received_hold=2.5),
    Pace.FRIENDLY: Timing(bot_delay=0.65, trick_hold=1.3, received_hold=2.0),
    Pace.QUICK: Timing(bot_delay=0.3, trick_hold=0.9, received_hold=1.5),
    Pace.INSTANT: Timing(bot_delay=0.0, trick_hold=0.0, received_hold=0.0),
}


AWAY_SEAT_PLAYED = "{name} is away: a computer plays for now ({level})."
SLOW_SEAT_PLAYED = "{name} let a turn pass: a computer plays until {name} moves ({level})."
HOST_GAVE_SEAT = "The host gave {name}'s seat to a computer for now ({level})."
YOU_GAVE_SEAT = "You gave {name}'s seat to a computer ({level})."
"""A computer plays a friend's seat at a network table: the host's and the friends' notes."""

RECEIVED_FROM = "From {givers}: {cards} (raised in your hand)"
"""The cards passed to a person, named when they first see their hand after the pass."""


ALREADY_OPEN = "Hearts Desktop is already open in another window: switch to that window to play on."
"""What a second copy started on the same data folder says before it closes."""

FRIEND_SEAT = "A friend"
"""A seat left open for a friend at a table hosted on the network (the New game dialog)."""
FRIEND_LEVEL_NOTE = "The level beside a friend's seat: the computer that plays it while the friend is away."

PLAYER_NUMBER = "Player {number}"
"""A person's name at a hot-seat table where the default "You" would name everyone."""

ONE_POINT = "{count} pt"
POINTS = "{count} pts"


def points(count: int) -> str:
    """"1 pt", "-1 pt", "12 pts": a score as the table and the coach write it."""
    return (ONE_POINT if abs(count) == 1 else POINTS).format(count=count)


def and_list(words: list[str]) -> str:
    """"Alice", "Alice and Ben", "Alice, Ben and Clara": a list as a sentence says it (the
    hint's cards and the names of who passed you cards alike)."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


PAST_GAMES = "Past games"
"""The list of finished games (Statistics' button, and the list's title)."""
NO_PAST_GAMES = "No finished games yet: every game played to its end is listed here, newest first."
PAST_GAME_SCORE = "{name} {total}"
PAST_GAME_WINNER = "{name} won"
PAST_GAME_HEADING = "The game of {date}"
PAST_GAME_UNPLAYABLE = "That game cannot be opened: its moves in the history file do not give its scores."
REVIEW_HANDS = "Review hands"
REVIEW_PERSON = "Review: {name}"
"""A review button per person, where several people played at this computer."""
NEWER = "▲ Newer"
OLDER = "▼ Older"

PLAY_DEAL_AGAIN = "Play this deal again"
"""A hand's summary: the same cards in the same seats, dealt again (duplicate players' practice)."""
CHOOSE_DEAL = "Play a deal again"
DEAL_OF_HAND = "Hand {number}"
DEAL_CHOICE = "Deal"
DEAL_CHOICE_NOTE = "The same cards in the same seats, passed the same way, with the computers at the same levels."
PLAY_IT_AGAIN = "Play it again"
DEAL_AGAIN_HEADING = "Hand {number}, played again"
MAIN_MENU = "Main menu"
REJOIN_TABLE = "Rejoin {host}'s table"
"""The main menu's way back to a friend's table this program left or lost."""
DEAL_AGAIN_RESULT = "This time: {now}. The first time: {then}."
DEAL_AGAIN_RESULT_NAMED = "{name}: {now} this time, {then} the first time."
"""A deal played again, compared with the first time: one person, or each of several."""


class CoachSentence(StrEnum):
    """The coach's sentences, each whole, with named placeholders filled by ``str.format``
    (so a translation can put the parts in its own order). Playout figures are said as what
    the deals the coach tried showed, never as what happened."""

    EXPECTED_POINTS = ("Expected points count the points you take from here to the end of the hand, "
                       "on average over the deals the coach tried.")
    MARKS = ("The coach marks each decision by what it cost in expected points against the best one: "
             "{bands}, a blunder from {blunder}.")
    AS_GOOD_PASS = "Your pass is as good as the coach's, {best}. {why}"
    AS_GOOD_CARD = "Your card is as good as the coach's, {best}. {why}"
    BETTER = "{cost} Better: {why}"
    QUEEN_AFTER_PASS = ("After passing {chosen}, you take the queen of spades in {share} of the deals the coach "
                        "tried ({best_share} after {best}).")
    QUEEN_AFTER_PLAY = ("After playing {chosen}, you take the queen of spades in {share} of the deals the coach "
                        "tried ({best_share} after {best}).")
    QUEEN_THROWN_AFTER_PLAY = ("After playing {chosen}, you take the queen of spades in {share} of the deals the "
                               "coach tried ({best_share} after {best}): {seat} is out of {suit} and could hold "
                               "the queen.")
    MOON_AFTER_PASS = ("Passing {chosen} lets another player shoot the moon in {share} of the deals the coach "
                       "tried ({best_share} after {best}).")
    MOON_AFTER_PLAY = ("Playing {chosen} lets another player shoot the moon in {share} of the deals the coach "
                       "tried ({best_share} after {best}).")
    MOON_MISSED_PASS = "Passing {chosen} gives up a moon that {best} makes in {share} of the deals the coach tried."
    MOON_MISSED_PLAY = "Playing {chosen} gives up a moon that {best} makes in {share} of the deals the coach tried."
    COST_PASS = "Passing {chosen} costs {cost} points more than {best}, on average over the deals the coach tried."
    COST_PLAY = "Playing {chosen} costs {cost} points more than {best}, on average over the deals the coach tried."
    SHOWN_BEST = "With all cards shown, this was the best choice too."
    SHOWN_AS_GOOD_PASS = "With all cards shown, passing {chosen} does as well as {best}."
    SHOWN_AS_GOOD_PLAY = "With all cards shown, playing {chosen} does as well as {best}."
    SHOWN_COST_PASS = "With all cards shown, passing {chosen} costs {cost} points more than {best}."
    SHOWN_COST_PLAY = "With all cards shown, playing {chosen} costs {cost} points more than {best}."
    SHOWN_QUEEN_PASS = ("With all cards shown, passing {chosen} costs {cost} points more than {best}: when the "
                        "coach plays the hand out from the true deal, you take the queen of spades after it.")
    SHOWN_QUEEN_PLAY = ("With all cards shown, playing {chosen} costs {cost} points more than {best}: when the "
                        "coach plays the hand out from the true deal, you take the queen of spades after it.")
    SHOWN_MOON_PASS = ("With all cards shown, passing {chosen} costs {cost} points more than {best}: when the "
                       "coach plays the hand out from the true deal, another player shoots the moon after it.")
    SHOWN_MOON_PLAY = ("With all cards shown, playing {chosen} costs {cost} points more than {best}: when the "
                       "coach plays the hand out from the true deal, another player shoots the moon after it.")
    HEAD_YOURS = "Your choice is the coach's best: {best}"
    HEAD_AS_GOOD = "Your choice is as good as the coach's best: {best}"
    HEAD_BEST = "Coach's best: {best}"
    HEAD_SHOWN = "Coach's best with all cards shown: {best}"
