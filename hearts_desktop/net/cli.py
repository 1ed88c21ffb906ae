"""The command line of network play: host or join a table, with or without a window.

Only ``argparse`` and the seats are imported here, so the program's start stays lean; the
network modules load when ``--host`` or ``--join`` is given.
"""

from __future__ import annotations

import argparse

from ..language import _
from ..persistence.seats import DEFAULT_NAMES, MAX_NAME_LENGTH, Seat
from ..words import Level, SeatKind
from .link import DEFAULT_PORT

PORTS = 65536
"""Port numbers run from 0 to 65535."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(_("playing on the network"))
    group.add_argument("--host", action="store_true", help=_("host a table on the local network"))
    group.add_argument("--join", metavar="CODE", help=_("join a table with its room code, e.g. K7M-Q2P"))
    group.add_argument("--address", metavar="HOST:PORT", help=_("with --join: the host's address"))
    group.add_argument("--port", type=int, default=DEFAULT_PORT,
                       help=_("with --host: the port to listen on (default {port}; 0: any free one)").format(
                           port=DEFAULT_PORT))
    group.add_argument("--name", help=_("your name at the table"))
    group.add_argument("--headless", action="store_true", help=_("no window: a computer plays your seat"))
    group.add_argument("--bot", type=Level, choices=tuple(Level), default=Level.MEDIUM,
                       help=_("with --headless: the computer's level"))
    group.add_argument("--friends", type=int, help=_("with --host: seats open for friends (default: all but yours)"))
    group.add_argument("--interface", default="0.0.0.0",
                       help=_("with --host: listen (and advertise) on this address only, e.g. 127.0.0.1"))


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Combinations argparse cannot see, refused with one sentence each."""
    if args.host and args.join:
        parser.error(_("--host and --join: choose one"))
    if args.headless and not (args.host or args.join):
        parser.error(_("--headless goes with --host or --join"))
    if args.join and args.headless and not args.address:
        parser.error(_("--join --headless needs --address HOST:PORT (discovery needs a window)"))
    if not 0 <= args.port < PORTS:
        parser.error(_("--port must be 0 to {last}, not {port}").format(last=PORTS - 1, port=args.port))


def default_name() -> str:
    """The computer's user name, or its host name, as a player's name."""
    import getpass
    import socket

    try:
        name = getpass.getuser()
    except (KeyError, OSError):
        name = socket.gethostname()
    name = "".join(ch for ch in name if ch.isprintable()).strip()[:MAX_NAME_LENGTH]
    # Translators: the name of a player whose computer gave no user name.
    return name.capitalize() if name else _("Friend")


def run_headless(args: argparse.Namespace) -> int:
    from ..engine import preset_by_key
    from ..words import Pace

    name = args.name or default_name()
    if args.join:
        from .headless import run_join

        return run_join(args.join, args.address, level=args.bot, name=name, seed=args.seed,
                        max_seconds=args.max_seconds)
    from .headless import run_host

    rules = preset_by_key(args.preset).rules
    seats = headless_seats(rules.players, name, args.friends, args.bot)
    pace = args.pace or Pace.INSTANT
    return run_host(rules, seats, port=args.port, interface=args.interface, seed=args.seed, games=args.games,
                    pace=pace, name=name, max_seconds=args.max_seconds)


def headless_seats(players: int, name: str, friends: int | None, level: Level) -> list[Seat]:
    """A headless host's seats: its own computer, ``friends`` open seats (all but its own when
    None), then computers, every computer at ``level``."""
    from ..persistence.seats import Seat

    friends = players - 1 if friends is None else max(0, min(friends, players - 1))
    seats = [Seat(name, SeatKind.COMPUTER, level)]
    # Translators: the name of a seat left open for a friend, until they join.
    seats += [Seat(_("Seat {number}").format(number=i + 1), SeatKind.REMOTE, level) for i in range(friends)]
    seats += [Seat(DEFAULT_NAMES[i], SeatKind.COMPUTER, level) for i in range(friends + 1, players)]
    return seats
