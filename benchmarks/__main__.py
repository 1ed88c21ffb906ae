"""Benchmarks that print figures:
``python -m benchmarks engine|search|frames|layout|fuzz|persistence|soak|lan|lan-attack|hostile|coach|claims|hint-agreement|playout-agreement [--json]``;
``python -m benchmarks pseudo [--mirrored]`` opens the game in the pseudo-language.

With ``--json`` the last line printed is one JSON object holding the figures.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from hearts_desktop import language
from hearts_desktop.words import Level, Pace

PSEUDO_LANGUAGES = ("pseudo", "pseudo-rtl")
"""benchmarks/pseudo.py's language, left to right and mirrored (layout_check.py's codes; not
imported here: only the layout run needs them)."""


OWN_OPTIONS = {
    "persistence": (".persistence", "main"),  # python -m benchmarks persistence -h
    "lan-attack": (".lan_attack", "main"),  # --short, --json
    "pseudo": (".pseudo", "play"),  # the game's options: python -m benchmarks pseudo --mirrored --size 800x600
}
"""The benchmarks that read their own command line: (module, function), imported when run."""


def language_codes(text: str) -> tuple[str, ...]:
    """``en,de,pseudo`` as codes; ``all``: every shipped language and the pseudo-languages."""
    if text == "all":
        return (*language.SHIPPED, *PSEUDO_LANGUAGES)
    return tuple(code.strip() for code in text.split(",") if code.strip())


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    if arguments[:1] and arguments[0] in OWN_OPTIONS:
        module, function = OWN_OPTIONS[arguments[0]]
        run: Callable[[list[str]], int] = getattr(importlib.import_module(module, __package__), function)
        return run(arguments[1:])
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    sub = parser.add_subparsers(dest="bench", required=True)
    engine = sub.add_parser("engine", help="random-playout hands per second")
    engine.add_argument("--preset", default="standard")
    engine.add_argument("--hands", type=int, default=2000)
    engine.add_argument("--runs", type=int, default=5)
    engine.add_argument("--json", action="store_true")
    search = sub.add_parser("search", help="playouts per second inside the Expert's search")
    search.add_argument("--decisions", type=int, default=40)
    search.add_argument("--runs", type=int, default=5)
    search.add_argument("--json", action="store_true")
    frames = sub.add_parser("frames", help="frame times of the table through a whole hand, and start-up")
    frames.add_argument("--json", action="store_true")
    fuzz = sub.add_parser("fuzz", help="random but plausible input to the real screens, checked after every event")
    fuzz.add_argument("--events", type=int, default=200_000, help="input events to send")
    fuzz.add_argument("--seed", type=int, help="the same seed sends the same events (default: a random one)")
    fuzz.add_argument("--json", action="store_true")
    layout = sub.add_parser("layout", help="every screen at every window size: overlaps, cut-offs, see-through panels")
    layout.add_argument("--sheets", type=Path, help="save one contact sheet (PNG) per size into this folder")
    layout.add_argument("--only", default="", help="only the screens whose name holds this text")
    layout.add_argument("--languages", default="en", type=language_codes,
                        help="the languages to run each screen in, by code (en,de,he,pseudo,pseudo-rtl), or all")
    layout.add_argument("--json", action="store_true")
    sub.add_parser("persistence", help="saving under kill -9, two copies, full disks, lone backups, power cuts")
    soak = sub.add_parser("soak", help="memory growth over an hour of frames and 1,000 autoplay games (bar: 5 MB)")
    soak.add_argument("--minutes", type=float, default=60.0, help="simulated minutes of frames")
    soak.add_argument("--games", type=int, default=1000, help="autoplay games")
    soak.add_argument("--json", action="store_true")
    lan = sub.add_parser("lan", help="a headless host and friends play whole games on localhost")
    lan.add_argument("--clients", type=int, default=3, choices=(1, 2, 3, 4))
    lan.add_argument("--games", type=int, default=3)
    lan.add_argument("--drop-every", type=int, default=40, help="the first friend drops after this many updates")
    lan.add_argument("--seed", type=int, default=1)
    lan.add_argument("--level", default="medium")
    lan.add_argument("--timeout", type=float, default=600.0)
    lan.add_argument("--pace", type=Pace, default=Pace.INSTANT, choices=tuple(Pace),
                     help="how fast the host's computers play (a friend's card is timed at every pace)")
    lan.add_argument("--json", action="store_true")
    sub.add_parser("lan-attack", help="a host on 127.0.0.1 under idle, code and message floods and rejoins")
    hostile = sub.add_parser("hostile", help="a table under attack while two honest friends play")
    hostile.add_argument("--messages", type=int, default=10_000)
    hostile.add_argument("--seed", type=int, default=1)
    hostile.add_argument("--timeout", type=float, default=600.0)
    hostile.add_argument("--json", action="store_true")
    coach = sub.add_parser("coach", help="the coach's mean cost per decision of each level against three Medium")
    coach.add_argument("--hands", type=int, default=200)
    coach.add_argument("--stable", type=int, default=50, help="hands of each level reviewed again with another seed")
    coach.add_argument("--workers", type=int, default=2)
    coach.add_argument("--levels", type=coach_levels, default=tuple(Level),
                       help=f"the levels to review, comma-separated (default: {','.join(Level)})")
    coach.add_argument("--json", action="store_true")
    claims = sub.add_parser("claims", help="every claim of the coach's and the hint's sentences checked against the view")
    claims.add_argument("--decisions", type=int, default=5000)
    claims.add_argument("--seed", type=int, default=1)
    claims.add_argument("--json", action="store_true")
    agreement = sub.add_parser("hint-agreement", help="how often the review marks the Hint's choice best")
    agreement.add_argument("--hands", type=int, default=20)
    agreement.add_argument("--seed", type=int, default=1)
    agreement.add_argument("--expert", action="store_true", help="ask the Expert's search too (the old Hint)")
    agreement.add_argument("--json", action="store_true")
    playouts = sub.add_parser("playout-agreement",
                              help="how often the coach's playout opponents play a strong player's card in arena games")
    playouts.add_argument("journals", nargs="*", type=Path,
                          help="arena journals holding their cards (default: those in benchmarks/arena_runs)")
    playouts.add_argument("--json", action="store_true")
    args = parser.parse_args(arguments)

    if args.bench in ("engine", "search"):
        return run_speed(args)
    elif args.bench == "frames":
        from .frames import measure
        from .frames import report as frames_report

        figures = measure()
        print(frames_report(figures))
        if args.json:
            print(json.dumps(figures))
    elif args.bench == "layout":
        from .layout_check import run as run_layout

        return run_layout(args.json, args.sheets, args.only, args.languages)
    elif args.bench == "fuzz":
        return run_fuzz(args.events, args.seed, args.json)
    elif args.bench == "soak":
        from .soak import BAR_MB
        from .soak import soak as run_soak

        traces = run_soak(args.minutes, args.games)
        if args.json:
            print(json.dumps({t.name: {"growth_mb": round(t.growth_mb, 2), "seconds": round(t.seconds)}
                              for t in traces}))
        return 1 if any(t.growth_mb > BAR_MB for t in traces) else 0
    elif args.bench == "lan":
        from .lan import report as lan_report
        from .lan import run as lan_run

        result = lan_run(args.clients, args.games, args.drop_every, args.seed, args.level, args.timeout, args.pace)
        print(lan_report(result))
        if args.json:
            print(json.dumps(result))
    elif args.bench == "hostile":
        from .hostile import report as hostile_report
        from .hostile import run as hostile_run

        result = hostile_run(args.messages, args.seed, args.timeout)
        print(hostile_report(result))
        if args.json:
            print(json.dumps(result))
        return 1 if result["host_crashed"] or result["hidden_cards_leaked"] else 0
    elif args.bench == "playout-agreement":
        from .playout_agreement import main as playouts_main

        return playouts_main(args.journals, args.json)
    elif args.bench in ("coach", "claims", "hint-agreement"):
        return run_coach_bench(args)
    return 0


def coach_levels(text: str) -> tuple[Level, ...]:
    """The levels of ``--levels``, weakest first whatever the order given, so that the paired
    differences compare neighbours; an unknown name is refused with the list of names."""
    names = {name.strip() for name in text.split(",") if name.strip()}
    if unknown := names - set(Level):
        raise argparse.ArgumentTypeError(f"unknown level {', '.join(sorted(unknown))}; the levels: {', '.join(Level)}")
    if not names:
        raise argparse.ArgumentTypeError(f"no level given; the levels: {', '.join(Level)}")
    return tuple(level for level in Level if level in names)


def run_coach_bench(args: argparse.Namespace) -> int:
    """The coach's ranking of the levels, or its sentences' claims checked against the view."""
    if args.bench == "coach":
        from .coach import main as coach_main

        return coach_main(args.hands, args.stable, args.workers, args.json, args.levels)
    if args.bench == "hint-agreement":
        from .hint_agreement import main as agreement_main

        return agreement_main(args.hands, args.seed, args.expert, args.json)
    from .claims import main as claims_main

    return claims_main(args.decisions, args.seed, args.json)


def run_speed(args: argparse.Namespace) -> int:
    """The engine's random hands per second, or the playouts per second of the Expert's search."""
    if args.bench == "engine":
        from .engine import hands_per_second, report

        result = hands_per_second(args.preset, args.hands, args.runs)
        print(report(result, args.preset))
        figure = "hands_per_second"
    else:
        from .search import playouts_per_second
        from .search import report as search_report

        result = playouts_per_second(args.decisions, args.runs)
        print(search_report(result))
        figure = "playouts_per_second"
    if args.json:
        print(json.dumps({figure: result[figure]}))
    return 0


def run_fuzz(events: int, seed: int | None, as_json: bool) -> int:
    """Exit code 1 and the seed and event to reproduce it when the monkey breaks something."""
    import os
    import random

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from .fuzz import FuzzFailure, fuzz

    seed = random.randrange(2**31) if seed is None else seed
    print(f"fuzzing with seed {seed}, {events} events", flush=True)
    try:
        report = fuzz(events, seed)
    except FuzzFailure as failure:
        print(failure)
        print(failure.report.summary())
        return 1
    print(report.summary())
    if as_json:
        print(json.dumps({"seed": seed, "events": report.events, "frames": report.frames,
                          "events_per_second": round(report.events_per_second, 1), "games": report.games,
                          "hands": report.hands, "restarts": report.restarts, "digest": report.digest}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
