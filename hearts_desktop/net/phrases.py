"""What a host says to a friend's program, as phrases: the friend reads it in its own language.

A host never sends its own words: it sends a phrase's English message and its values
(``protocol.Note``), and the friend's program says the phrase in the friend's language, a
card or a level in it too. So every sentence a host sends is a phrase made when a module
is imported; the ones of the network are here, those of the rules beside the rules
(``engine.hand``, ``engine.game``, ``controller.table``). ``protocol`` imports this module,
so a program that reads a host's messages knows every phrase a host of its version sends.
"""

from __future__ import annotations

from typing import Final

from ..language import N_, Nn_, Phrase

# ------------------------------------------------------------------ admission

WRONG_CODE: Final = Phrase(N_("Wrong room code: check it on the host's screen."))
BUSY: Final = Phrase(N_("The table is busy checking room codes: try again in a minute."))
WAITING: Final = Phrase(N_("Many people are knocking at this table: your room code will be checked in a moment."))
SILENT: Final = Phrase(N_("No hello with the room code: the host closed the connection."))
CROWDED: Final = Phrase(N_("Too many connections at once: try again."))
WRONG_CODES_WAIT: Final = Phrase(*Nn_("Too many wrong room codes: try again in {count} second.",
                                      "Too many wrong room codes: try again in {count} seconds."), count=int)

# ------------------------------------------------------------------ the host's connection

ALREADY_SEATED: Final = Phrase(N_("You are already at the table."))
TOO_MANY_MESSAGES: Final = Phrase(N_("Too many messages: the host closed the connection."))
WAIT_FOR_ANSWER: Final = Phrase(N_("Wait for the answer to your hello."))
HELLO_FIRST: Final = Phrase(N_("Say hello with the room code first."))
HOST_CLOSED: Final = Phrase(N_("The host closed the table; the game is saved on their computer."))
GAME_OVER_CLOSED: Final = Phrase(N_("The game is over: the host closed the table."))
TOO_LARGE: Final = Phrase(N_("Message too large ({size} bytes; the limit is {limit})."), size=int, limit=int)
# Translators: {details} is a programmer's description of what is wrong, left in English.
MALFORMED: Final = Phrase(N_("Malformed message: {details}"), details=str)
NOT_A_MESSAGE: Final = Phrase(N_("Not a message: {details}"), details=str)
TOO_DEEP: Final = Phrase(N_("Not a message: nested too deeply."))

# ------------------------------------------------------------------ the lobby

TABLE_FULL: Final = Phrase(N_("The table is full."))
ALREADY_ASKED: Final = Phrase(N_("You already asked the host for a seat from this computer: wait for their answer."))
REQUESTS_FULL: Final = Phrase(N_("The host has other requests for a seat to answer: try again in a minute."))
# Translators: {owner} is the name of the player whose seat the friend asked for.
HOST_ASKED: Final = Phrase(N_("The host has been asked to give you {owner}'s seat: wait for their answer."), owner=str)
HOST_KEPT_SEAT: Final = Phrase(N_("The host kept {owner}'s seat for {owner}."), owner=str)
HOST_GAVE_SEAT_TO: Final = Phrase(N_("The host gave {owner}'s seat to {name}."), owner=str, name=str)
HOST_GAVE_YOUR_SEAT: Final = Phrase(N_("The host gave your seat to {name}."), name=str)
JOINED_ELSEWHERE: Final = Phrase(N_("You joined this table from another window."))
BACK_IN_SEAT: Final = Phrase(N_("{name} is back in that seat."), name=str)
GIVEN_TO_COMPUTER: Final = Phrase(N_("The host gave your seat to a computer player."))

# ------------------------------------------------------------------ the game

NOT_STARTED: Final = Phrase(N_("The game has not started yet."))
# Translators: {yours} and {other} are seat numbers, from 1.
OTHER_SEAT: Final = Phrase(N_("You sit in seat {yours}; that move was for seat {other}."), yours=int, other=int)
