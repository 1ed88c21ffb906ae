"""Figures for docs/building.md: start-up of the frozen program against source, and what dist/ holds.

    python build/make.py && python build/measure.py [--runs 5]

Start-up is the wall time from launching the program to its first drawn table (the hidden
``--exit-after-first-frame`` flag), under SDL's dummy drivers, median of ``--runs`` runs
each, the two alternating so a busy machine slows both alike.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make import DIST, HEADLESS, INFO, bundle_executable, mib, tree_bytes  # a script beside this one

FIRST_FRAME = ("--exit-after-first-frame", "--seed", "1")


def seconds_to_first_frame(command: Sequence[str], scratch: Path) -> float:
    start = time.perf_counter()
    subprocess.run([*command, *FIRST_FRAME, "--data-dir", str(scratch)], env=dict(os.environ, **HEADLESS),
                   check=True, capture_output=True)
    return time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python build/measure.py", description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    bundle = DIST / INFO.app_id
    commands = {
        "frozen bundle": [str(bundle_executable(bundle))],
        "from source": [sys.executable, "-m", "hearts_desktop"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    with tempfile.TemporaryDirectory(prefix="hearts-measure-") as scratch:
        for _ in range(args.runs):
            for name, command in commands.items():
                times[name].append(seconds_to_first_frame(command, Path(scratch)))
    for name, values in times.items():
        print(f"start-up to first frame, {name}: median {statistics.median(values):.3f} s "
              f"(runs: {', '.join(f'{v:.2f}' for v in values)})")
    print(f"bundle {bundle.name}/: {mib(tree_bytes(bundle))}")
    for artifact in sorted(DIST.iterdir()):
        if artifact.is_file():
            print(f"{artifact.name}: {mib(artifact.stat().st_size)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
