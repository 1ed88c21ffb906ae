"""The program's entry point: read the command line, then start the table."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="hearts-desktop", description="Play Hearts.")
    parser.add_argument("--version", action="version", version=f"Hearts Desktop {__version__}")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    parse_args(argv)
    print("Hearts Desktop: the rules engine is ready; the table (window) is not built yet.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
