"""OpenSpiel's C++ Hearts stepped from Python: random hands per second, the reference for
``python -m benchmarks engine``.

Never a dependency of the game: run it with a Python that has ``open_spiel`` installed
apart from the project (``python -m venv /tmp/os && /tmp/os/bin/pip install open_spiel``):

    /tmp/os/bin/python benchmarks/openspiel_engine.py [--hands 2000] [--runs 5]

A hand is the same work as the engine benchmark's: deal (OpenSpiel deals one chance step a
card), pass three cards each, 52 random legal plays, score; every step one call from Python.
Both scripts pick a random legal move as ``moves[int(rng.random() * len(moves))]`` (one C
call; ``rng.choice``, used until 2026-12-05, runs interpreted ``random.py`` code each step
and measured neither engine; ``rng.randrange`` is slower still).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import pyspiel


def play_random_hand(game: pyspiel.Game, rng: random.Random) -> None:
    """Every step a random legal action: Hearts' chance outcomes (the pass direction, each
    card dealt) are uniform, and ``legal_actions`` lists them faster than ``chance_outcomes``
    (about twice as many hands a second here), so OpenSpiel gets its quicker path."""
    state = game.new_initial_state()
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[int(rng.random() * len(actions))])
    state.returns()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    game = pyspiel.load_game("hearts")
    rates = []
    for run in range(args.runs):
        rng = random.Random(1 + run)
        start = time.perf_counter()
        for _ in range(args.hands):
            play_random_hand(game, rng)
        rates.append(args.hands / (time.perf_counter() - start))
    print(f"OpenSpiel hearts (C++ from Python): {round(statistics.median(rates)):,} random hands/s "
          f"(median of {args.runs} runs of {args.hands:,} hands; min {round(min(rates)):,}, max {round(max(rates)):,})")


if __name__ == "__main__":
    main()
