"""The words every layer shares: computer levels, paces, seat kinds and bot job kinds, and
how a list is said in a sentence.

Each is defined here once, below the engine, so the engine, the bots, the controller,
persistence, the network and the window all speak of a level or a pace in the same type,
with no conversion at any edge. They are ``StrEnum``s: a member is its own text, so the
settings file, a save and a network message hold the same words as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .language import N_, _, join_names, n_, p_


class Level(StrEnum):
    """A computer player's difficulty, weakest first."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"

    @property
    def label(self) -> str:
        """The level's name in the player's language (the value is what files hold)."""
        return {Level.EASY: p_("level", "Easy"), Level.MEDIUM: p_("level", "Medium"),
                Level.HARD: p_("level", "Hard"), Level.EXPERT: p_("level", "Expert")}[self]


class SeatKind(StrEnum):
    """Who plays a seat. ``REMOTE``: a friend at their own computer, joined over the
    network (a computer of the seat's level plays while they are away)."""

    HUMAN = "human"
    COMPUTER = "computer"
    REMOTE = "remote"

    @property
    def label(self) -> str:
        """Who plays the seat, in the player's language (the value is what files hold)."""
        return {SeatKind.HUMAN: p_("seat", "Human"), SeatKind.COMPUTER: p_("seat", "Computer"),
                SeatKind.REMOTE: _(FRIEND_SEAT)}[self]


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
        """The pace's name in the player's language (the value is what files hold)."""
        return {Pace.RELAXED: p_("pace", "Relaxed"), Pace.FRIENDLY: p_("pace", "Friendly"),
                Pace.QUICK: p_("pace", "Quick"), Pace.INSTANT: p_("pace", "Instant")}[self]


_TIMINGS = {
    Pace.RELAXED: Timing(bot_delay=1.1, trick_hold=1.8, received_hold=2.5),
    Pace.FRIENDLY: Timing(bot_delay=0.65, trick_hold=1.3, received_hold=2.0),
    Pace.QUICK: Timing(bot_delay=0.3, trick_hold=0.9, received_hold=1.5),
    Pace.INSTANT: Timing(bot_delay=0.0, trick_hold=0.0, received_hold=0.0),
}


# Translators: {name} is a player at a network table; {level} a computer level ("Hard").
AWAY_SEAT_PLAYED = N_("{name} is away: a computer plays for now ({level}).")
SLOW_SEAT_PLAYED = N_("{name} let a turn pass: a computer plays until {name} moves ({level}).")
HOST_GAVE_SEAT = N_("The host gave {name}'s seat to a computer for now ({level}).")
YOU_GAVE_SEAT = N_("You gave {name}'s seat to a computer ({level}).")
"""A computer plays a friend's seat at a network table: the host's and the friends' notes."""

# Translators: {givers} names who passed ("Anna and Ben"); {cards} the cards as short names ("Q♠ 10♥ 2♣").
RECEIVED_FROM = N_("From {givers}: {cards} (raised in your hand)")
"""The cards passed to a person, named when they first see their hand after the pass."""


ALREADY_OPEN = N_("Hearts Desktop is already open in another window: switch to that window to play on.")
"""What a second copy started on the same data folder says before it closes."""

FRIEND_SEAT = N_("A friend")
"""A seat left open for a friend at a table hosted on the network (the New game dialog)."""
FRIEND_LEVEL_NOTE = N_("The level beside a friend's seat: the computer that plays it while the friend is away.")

# Translators: the default name of a person at a hot-seat table ("Player 2").
PLAYER_NUMBER = N_("Player {number}")
"""A person's name at a hot-seat table where the default "You" would name everyone."""
HOST_NAME = N_("Host")
"""The host's name at a network table when a friend's seat already has the host's own, when
the host has no name for network tables yet, or when the name it sent shows nothing."""


def points(count: int) -> str:
    """"1 pt", "-1 pt", "12 pts": a score as the table and the coach write it (the form is
    the one the number asks for in the player's language, its sign aside)."""
    # Translators: a score, abbreviated ("12 pts"); {count} is the number of points.
    return n_("{count} pt", "{count} pts", abs(count)).format(count=count)


def and_list(words: Sequence[str]) -> str:
    """"Alice", "Alice and Ben", "Alice, Ben and Clara": a list as a sentence says it (the
    hint's cards and the names of who passed you cards alike), in the player's language."""
    return join_names(words)


def waiting_for_readers(names: Sequence[str]) -> str:
    """The note at a network table while friends still read a hand's scores (the host's and a
    friend's window alike): the verb's form follows how many they are."""
    # Translators: {names} is a list of players' names ("Alice, Ben and Clara"); the form follows how many.
    return n_("Waiting for {names} to read the scores…", "Waiting for {names} to read the scores…",
              len(names)).format(names=join_names(names))


PAST_GAMES = N_("Past games")
"""The list of finished games (Statistics' button, and the list's title)."""
NO_PAST_GAMES = N_("No finished games yet: every game played to its end is listed here, newest first.")
# Translators: a player's final score in the list of past games ("Anna 42").
PAST_GAME_SCORE = N_("{name} {total}")


def score_list(names: Sequence[str], totals: Sequence[int]) -> str:
    """"Anna 42, Ben 30, Clara 17": each player's total, in seat order, with the language's
    separator (a saved game's line, a past game's row)."""
    scores = [_(PAST_GAME_SCORE).format(name=name, total=total) for name, total in zip(names, totals)]
    listed = scores[0] if scores else ""
    for score in scores[1:]:
        # Translators: adds one score to a list of scores ("Anna 42, Ben 30"): Arabic writes "،".
        listed = p_("scores", "{listed}, {score}").format(listed=listed, score=score)
    return listed
PAST_GAME_WINNER = N_("{name} won")
# Translators: {date} is the day and time the game ended.
PAST_GAME_HEADING = N_("The game of {date}")
PAST_GAME_UNPLAYABLE = N_("That game cannot be opened: its moves in the history file do not give its scores.")
REVIEW_HANDS = N_("Review hands")
REVIEW_PERSON = N_("Review: {name}")
"""A review button per person, where several people played at this computer."""
NEWER = N_("▲ Newer")
OLDER = N_("▼ Older")

PLAY_DEAL_AGAIN = N_("Play this deal again")
"""A hand's summary: the same cards in the same seats, dealt again (duplicate players' practice)."""
CHOOSE_DEAL = N_("Play a deal again")
# Translators: a deal of the game, numbered from 1 ("Hand 3"), not the cards held.
DEAL_OF_HAND = N_("Hand {number}")
# Translators: a label (noun): the deal chosen in a list of deals, not the verb.
DEAL_CHOICE = N_("Deal")
DEAL_CHOICE_NOTE = N_("The same cards in the same seats, passed the same way, with the computers at the same levels.")
PLAY_IT_AGAIN = N_("Play it again")
DEAL_AGAIN_HEADING = N_("Hand {number}, played again")
MAIN_MENU = N_("Main menu")
# Translators: a button; {host} is the name of the friend who hosts the table.
REJOIN_TABLE = N_("Rejoin {host}'s table")
"""The main menu's way back to a friend's table this program left or lost."""
# Translators: {now} and {then} are scores ("3 pts").
DEAL_AGAIN_RESULT = N_("This time: {now}. The first time: {then}.")
DEAL_AGAIN_RESULT_NAMED = N_("{name}: {now} this time, {then} the first time.")
"""A deal played again, compared with the first time: one person, or each of several."""


class CoachSentence(StrEnum):
    """The coach's sentences, each whole, with named placeholders filled by ``str.format``
    (so a translation can put the parts in its own order). Playout figures are said as what
    the deals the coach tried showed, never as what happened.

    Each value is the English key of the catalogue (marked with ``N_``): the coach says a
    sentence with ``_(CoachSentence.X).format(...)``, in the language in use when it is said."""


    EXPECTED_POINTS = N_("Expected points count the points you take from here to the end of the hand, "
                          "on average over the deals the coach tried.")
    # Translators: {bands} lists the marks and their limits ("best under 0.25, …, mistake under 5 and
    # blunder from 5"), joined the language's way.
    MARKS = N_("The coach marks each decision by what it cost in expected points against the best one: {bands}.")
    # Translators: {best} names cards ("the ace of hearts"); {why} is a sentence saying why.
    AS_GOOD_PASS = N_("Your pass is as good as the coach's, {best}. {why}")
    AS_GOOD_CARD = N_("Your card is as good as the coach's, {best}. {why}")
    # Translators: {cost} is a sentence on what the choice cost; {why} why the best is better.
    BETTER = N_("{cost} Better: {why}")
    # Translators: {chosen} and {best} name cards; {share} and {best_share} are percentages.
    QUEEN_AFTER_PASS = N_("After passing {chosen}, you take the queen of spades in {share} of the deals the coach "
                           "tried ({best_share} after {best}).")
    QUEEN_AFTER_PLAY = N_("After playing {chosen}, you take the queen of spades in {share} of the deals the coach "
                           "tried ({best_share} after {best}).")
    # Translators: {seat} is a player's name or place; {suit} a suit ("spades").
    QUEEN_THROWN_AFTER_PLAY = N_("After playing {chosen}, you take the queen of spades in {share} of the deals the "
                                  "coach tried ({best_share} after {best}): {seat} is out of {suit} and could hold "
                                  "the queen.")
    MOON_AFTER_PASS = N_("Passing {chosen} lets another player shoot the moon in {share} of the deals the coach "
                          "tried ({best_share} after {best}).")
    MOON_AFTER_PLAY = N_("Playing {chosen} lets another player shoot the moon in {share} of the deals the coach "
                          "tried ({best_share} after {best}).")
    MOON_MISSED_PASS = N_("Passing {chosen} gives up a moon that {best} makes in {share} of the deals the coach tried.")
    MOON_MISSED_PLAY = N_("Playing {chosen} gives up a moon that {best} makes in {share} of the deals the coach tried.")
    # Translators: {cost} is a number of points with one decimal ("1.5").
    COST_PASS = N_("Passing {chosen} costs {cost} points more than {best}, on average over the deals the coach tried.")
    COST_PLAY = N_("Playing {chosen} costs {cost} points more than {best}, on average over the deals the coach tried.")
    SHOWN_BEST = N_("With all cards shown, this was the best choice too.")
    SHOWN_AS_GOOD_PASS = N_("With all cards shown, passing {chosen} does as well as {best}.")
    SHOWN_AS_GOOD_PLAY = N_("With all cards shown, playing {chosen} does as well as {best}.")
    SHOWN_COST_PASS = N_("With all cards shown, passing {chosen} costs {cost} points more than {best}.")
    SHOWN_COST_PLAY = N_("With all cards shown, playing {chosen} costs {cost} points more than {best}.")
    SHOWN_QUEEN_PASS = N_("With all cards shown, passing {chosen} costs {cost} points more than {best}: when the "
                           "coach plays the hand out from the true deal, you take the queen of spades after it.")
    SHOWN_QUEEN_PLAY = N_("With all cards shown, playing {chosen} costs {cost} points more than {best}: when the "
                           "coach plays the hand out from the true deal, you take the queen of spades after it.")
    SHOWN_MOON_PASS = N_("With all cards shown, passing {chosen} costs {cost} points more than {best}: when the "
                          "coach plays the hand out from the true deal, another player shoots the moon after it.")
    SHOWN_MOON_PLAY = N_("With all cards shown, playing {chosen} costs {cost} points more than {best}: when the "
                          "coach plays the hand out from the true deal, another player shoots the moon after it.")
    # Translators: {best} is the coach's best choice, written as cards ("8♣", "Q♠ A♥ K♥").
    HEAD_YOURS = N_("Your choice is the coach's best: {best}")
    HEAD_AS_GOOD = N_("Your choice is as good as the coach's best: {best}")
    HEAD_BEST = N_("Coach's best: {best}")
    HEAD_SHOWN = N_("Coach's best with all cards shown: {best}")
