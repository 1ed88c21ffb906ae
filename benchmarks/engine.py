"""Random-playout speed of the engine: whole hands (deal, pass, every play at random, score).

The reference is OpenSpiel's C++ Hearts stepped from Python (``benchmarks/openspiel_engine.py``),
and both scripts pick a random legal move the same way: ``moves[int(rng.random() * len(moves))]``,
one C call, where ``rng.choice`` (until 2026-12-05) ran two interpreted functions of
``random.py`` a step, 12 to 15% of either run, measuring neither engine. Each step is one
call from Python for the legal moves and one to make the move, in both.
"""

from __future__ import annotations

import random
import statistics
import time

from hearts_desktop.engine import HandState, Phase, Ruleset, build
from hearts_desktop.engine.rules import preset_by_key


def play_random_hands(rules: Ruleset, hands: int, rng: random.Random) -> None:
    """Play ``hands`` complete hands with random passes and random legal plays."""
    for index in range(hands):
        play_random_hand(HandState.deal_new(rules, rng, rules.pass_direction(index)), rng)


def play_random_hand(state: HandState, rng: random.Random) -> None:
    """Finish the hand at random. The plays go through ``play``, unchecked, as the search's
    playouts make them (the figure is their speed); passes and moon choices through the
    checked ``apply``, as a player's would."""
    playing = Phase.PLAYING  # read once, as the search's playouts do: an enum's member is a slow lookup
    while True:
        while state.phase is playing:
            cards = state.legal_cards()
            state.play(cards[int(rng.random() * len(cards))])
        seats = state.to_act()
        if not seats:
            return
        for seat in seats:  # several only while passing, and passes are chosen at once
            state.apply(state.random_action(seat, rng))


def hands_per_second(preset: str = "standard", hands: int = 2000, runs: int = 5, seed: int = 1) -> dict[str, float]:
    rules = preset_by_key(preset).rules
    rates = []
    for run in range(runs):
        rng = random.Random(seed + run)
        start = time.perf_counter()
        play_random_hands(rules, hands, rng)
        rates.append(hands / (time.perf_counter() - start))
    return {"hands_per_second": round(statistics.median(rates)), **spread(rates), "hands_per_run": hands}


def spread(rates: list[float]) -> dict[str, float]:
    """The slowest and fastest of several runs, and how many, beside their median."""
    return {"min": round(min(rates)), "max": round(max(rates)), "runs": len(rates)}


def report(result: dict[str, float], preset: str) -> str:
    return (
        f"engine ({preset} rules, {build()} build): {result['hands_per_second']:,} random-playout hands/s "
        f"(median of {result['runs']} runs of {result['hands_per_run']:,} hands; "
        f"min {result['min']:,}, max {result['max']:,})"
    )
