"""The command line of network play: host or join a table, with or without a window.

Only ``argparse`` and the seats are imported here, so the program's start stays lean; the
network modules load when ``--host`` or ``--join`` is given.
"""

from __future__ import annotations

import argparse

from ..persistence.seats import DEFAULT_NAMES, MAX_NAME_LENGTH, Seat
from ..words import Level, SeatKind
from .link import DEFAULT_PORT


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("playing on the network")
    group.add_argument("--host", action="store_true", help="host a table on the local network")
    group.add_argument("--join", metavar="CODE", help="join a table with its room code, e.g. K7M-Q2P")
    group.add_argument("--address", metavar="HOST:PORT", help="with --join: the host's address")
    group.add_argument("--port", type=int, default=DEFAULT_PORT,
                       help=f"with --host: the port to listen on (default {DEFAULT_PORT}; 0: any free one)")
    group.add_argument("--name", help="your name at the table")
    group.add_argument("--headless", action="store_true", help="no window: a computer plays your seat")
    group.add_argument("--bot", type=Level, choices=tuple(Level), default=Level.MEDIUM, help="with --headless: the computer's level")
    group.add_argument("--friends", type=int, help="with --host: seats open for friends (default: all but yours)")
    group.add_argument("--interface", default="0.0.0.0",
                       help="with --host: listen (and advertise) on this address only, e.g. 127.0.0.1")


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Combinations argparse cannot see, refused with one sentence each."""
    if args.host and args.join:
        parser.error("--host and --join: choose one")
    if args.headless and not (args.host or args.join):
        parser.error("--headless goes with --host or --join")
    if args.join and args.headless and not args.address:
        parser.error("--join --headless needs --address HOST:PORT (discovery needs a window)")
    if not 0 <= args.port < 65536:
        parser.error(f"--port must be 0 to 65535, not {args.port}")


def default_name() -> str:
    """The computer's user name, or its host name, as a player's name."""
    import getpass
    import socket

    try:
        name = getpass.getuser()
    except (KeyError, OSError):
        name = socket.gethostname()
    name = "".join(ch for ch in name if ch.isprintable()).strip()[:MAX_NAME_LENGTH]
    return name.capitalize() if name else "Friend"


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
    seats += [Seat(f"Seat {i + 1}", SeatKind.REMOTE, level) for i in range(friends)]
    seats += [Seat(DEFAULT_NAMES[i], SeatKind.COMPUTER, level) for i in range(friends + 1, players)]
    return seats
