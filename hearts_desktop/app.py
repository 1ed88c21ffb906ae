"""The program's entry point: read the command line, then open the table."""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__, language
from .engine import PRESETS, build, preset_by_key
from .language import _
from .net import cli as network
from .persistence import languages
from .persistence.saves import MAX_SEED
from .persistence.seats import MAX_NAME_LENGTH
from .ui import window
from .words import Pace

if TYPE_CHECKING:
    from .ui.app import AppOptions

# A smoke game that has not finished after this long is hung: fail instead of waiting forever.
SMOKE_MAX_SECONDS = 300.0


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("a window size is WIDTHxHEIGHT, e.g. 1280x800, not {text}").format(text=repr(text))) from None
    if not window.within_limits((width, height)):
        smallest, largest = window.SMALLEST, window.LARGEST_SIDE
        # Translators: {smallest} and {largest} are window sizes such as 800x600.
        raise argparse.ArgumentTypeError(_("the window must be from {smallest} to {largest}, not {text}").format(
            smallest=f"{smallest[0]}x{smallest[1]}", largest=f"{largest}x{largest}", text=text))
    return width, height


def _whole_number(least: int, most: int | None = None) -> Callable[[str], int]:
    """An argument type refusing, with a sentence, what the program cannot use (a seed of -1
    reached the save thread; zero games never end)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = least - 1
        if value < least or (most is not None and value > most):
            if most is None:
                refusal = _("must be a whole number {least} or more, not {text}")
            else:
                refusal = _("must be a whole number from {least} to {most}, not {text}")
            raise argparse.ArgumentTypeError(refusal.format(least=least, most=most, text=repr(text)))
        return value
    return parse


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (0 < value < math.inf):
        raise argparse.ArgumentTypeError(_("must be a number of seconds above 0, not {text}").format(text=repr(text)))
    return value


def add_language_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--language", choices=(languages.SYSTEM, *language.SHIPPED), metavar="CODE",
                        help=_("speak this language in this run ({codes} or system); Settings keeps the player's "
                               "own choice").format(codes=", ".join(language.SHIPPED)))


def speak_from_the_start(argv: Sequence[str] | None) -> None:
    """The command line's own words (its help, its refusals) in the language asked for with
    ``--language`` or the system's; the window then speaks the one chosen in Settings."""
    early = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    add_language_argument(early)
    try:
        asked, _rest = early.parse_known_args(argv)
    except argparse.ArgumentError:  # a wrong code: the whole command line, parsed next, says so
        asked = argparse.Namespace(language=None)
    for sentence in languages.apply(asked.language or languages.SYSTEM):
        print(sentence, file=sys.stderr)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="hearts-desktop", description=_("Play Hearts on your desktop."))
    # Not translated: build checks read this line (the program's name, version and build kind).
    parser.add_argument("--version", action="version", version=f"Hearts Desktop {__version__} ({build()} build)")
    parser.add_argument("--data-dir", type=Path, help=_("keep settings, saves and statistics in this folder"))
    parser.add_argument("--seed", type=_whole_number(0, MAX_SEED), help=_("deal the same cards every time (for testing)"))
    parser.add_argument("--pace", type=Pace, choices=tuple(Pace),
                        help=_("how fast computer players act (kept in your settings, as if chosen there)"))
    parser.add_argument("--preset", choices=[p.key for p in PRESETS], default="standard", help=_("the rules to play"))
    add_language_argument(parser)
    parser.add_argument("--size", type=_size, default=window.DEFAULT, help=_("window size, e.g. 1280x800"))
    parser.add_argument("--smoke", action="store_true",
                        help=_("play one whole game computer against computer, then exit (checks a build)"))
    parser.add_argument("--autoplay", action="store_true",
                        help=_("no window: computers play, saving after every move (reliability tests)"))
    parser.add_argument("--games", type=_whole_number(1), default=1, help=_("with --autoplay: how many games"))
    parser.add_argument("--max-seconds", type=_seconds, help=_("give up (exit code 3) after this long"))
    parser.add_argument("--exit-after-first-frame", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--ui-log", type=Path, metavar="FILE",
                        help=_("write what the window shows to FILE, one JSON object a line (for tests)"))
    network.add_arguments(parser)
    args = parser.parse_args(argv)
    network.check(parser, args)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    multiprocessing.freeze_support()  # in a frozen build, turns a spawned copy into the bot worker
    speak_from_the_start(argv)
    args = parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.autoplay:
        return run_autoplay(args)
    if args.smoke:
        return smoke(args)
    if args.headless:
        return network.run_headless(args)
    return open_table(args)


def run_autoplay(args: argparse.Namespace) -> int:
    """The headless games; a disk or folder that refuses them is one sentence and exit 1."""
    from .controller.autoplay import autoplay
    from .persistence import DataPaths, FolderInUse, StorageError, UnusableFolder

    try:
        autoplay(DataPaths.resolve(args.data_dir), games=args.games, seed=args.seed)
    except (FolderInUse, UnusableFolder, StorageError) as error:
        print(error, file=sys.stderr)
        return 1
    return 0


def app_options(args: argparse.Namespace) -> AppOptions:
    """What the window takes from the command line."""
    from .ui.app import AppOptions

    return AppOptions(
        seed=args.seed, size=args.size, data_dir=args.data_dir,
        player_name=args.name[:MAX_NAME_LENGTH].strip() if args.name else None,
        net_interface=args.interface, net_port=args.port, pace=args.pace, language=args.language,
    )


def open_table(args: argparse.Namespace) -> int:
    from .ui.app import RunLimits, ScriptedGame, run

    options = app_options(args)
    script = None
    if args.smoke:
        script = ScriptedGame.smoke_check(preset_by_key(args.preset).rules, args.pace or Pace.INSTANT)
    limits = RunLimits(
        max_seconds=args.max_seconds, frames=1 if args.exit_after_first_frame else None,
        # A smoke game draws every frame but need not wait for the next tick of a 60 Hz clock.
        fps=0 if args.smoke else RunLimits.fps,
    )
    return run(options, script=script, limits=limits, ui_log=args.ui_log)


def smoke(args: argparse.Namespace) -> int:
    """Play the smoke game; any error is an exit code and a traceback, never a dialog.

    A frozen windowed program on Windows and macOS would show an uncaught exception in a
    dialog box, which would hang an unattended build check until its timeout.
    """
    if args.max_seconds is None:
        args.max_seconds = SMOKE_MAX_SECONDS
    try:
        return open_table(args)
    except Exception:  # noqa: BLE001 (every failure must become the exit code)
        import traceback  # only a failing smoke game needs it (start-up imports less)

        traceback.print_exc()  # prints nothing when a windowed program has no stderr
        return 1


if __name__ == "__main__":
    sys.exit(main())
