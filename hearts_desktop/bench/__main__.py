"""Benchmarks that print figures: ``python -m hearts_desktop.bench engine|frames [--json]``.

With ``--json`` the last line printed is one JSON object holding the figures.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hearts_desktop.bench", description=__doc__)
    sub = parser.add_subparsers(dest="bench", required=True)
    engine = sub.add_parser("engine", help="random-playout hands per second")
    engine.add_argument("--preset", default="standard")
    engine.add_argument("--hands", type=int, default=2000)
    engine.add_argument("--runs", type=int, default=5)
    engine.add_argument("--json", action="store_true")
    frames = sub.add_parser("frames", help="frame times of the table through a whole hand, and start-up")
    frames.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    if args.bench == "engine":
        from .engine import hands_per_second, report

        result = hands_per_second(args.preset, args.hands, args.runs)
        print(report(result, args.preset))
        if args.json:
            print(json.dumps({"hands_per_second": result["hands_per_second"]}))
    elif args.bench == "frames":
        from .frames import measure, report as frames_report

        figures = measure()
        print(frames_report(figures))
        if args.json:
            print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
