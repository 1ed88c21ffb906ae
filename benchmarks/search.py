"""Playouts per second inside the Expert's search: the speed its strength is bought with.

Seeded games are played with the Expert in every seat (the table shows no levels, so it
reads only the cards, as against people); each card decision with a choice is searched
with the Expert's own budget, and its playouts (one per candidate card per deal) are
counted against the time spent searching. Passes are Medium's, so they cost no search.
"""

from __future__ import annotations

import random
import statistics
import time

from hearts_desktop.bots.expert import ExpertBot
from hearts_desktop.bots.medium import MediumBot
from hearts_desktop.engine import Game, Phase, PlayAction, Ruleset, build

from .engine import spread


def search_decisions(decisions: int, seed: int) -> tuple[int, float]:
    """Search ``decisions`` card decisions of seeded games; the playouts and seconds spent."""
    expert = ExpertBot()
    medium = MediumBot()
    rng = random.Random(seed)
    game = Game(Ruleset(), seed)
    playouts = 0
    seconds = 0.0
    while decisions > 0:
        seat = game.to_act()[0]
        view = game.view(seat)
        if view.phase is not Phase.PLAYING or not view.legal & (view.legal - 1):
            game.apply(medium.decide(view, rng))
            continue
        start = time.perf_counter()
        result = expert.search(view, rng)
        seconds += time.perf_counter() - start
        playouts += sum(stats.deals for stats in result.candidates)
        decisions -= 1
        game.apply(PlayAction(seat, result.best.card))
    return playouts, seconds


def playouts_per_second(decisions: int = 40, runs: int = 5, seed: int = 1) -> dict[str, float]:
    rates = []
    for _ in range(runs):
        playouts, seconds = search_decisions(decisions, seed)  # the same decisions each run
        rates.append(playouts / seconds)
    return {"playouts_per_second": round(statistics.median(rates)), **spread(rates), "decisions": decisions,
            "playouts_per_run": playouts}


def report(result: dict[str, float]) -> str:
    return (
        f"Expert search ({build()} build): {result['playouts_per_second']:,} playouts/s "
        f"(median of {result['runs']} runs of the same {result['decisions']} decisions, "
        f"{result['playouts_per_run']:,} playouts each; min {result['min']:,}, max {result['max']:,})"
    )
