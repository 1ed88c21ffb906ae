"""A network table in memory for tests: a host, friends playing with bots, a fake clock."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from benchmarks.audit import LeakAudit
from benchmarks.host_watch import WatchedLink
from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.engine import Game, Phase, Ruleset
from hearts_desktop.engine.hand import MOON_CHOICES
from hearts_desktop.net.client import ClientTable
from hearts_desktop.net.headless import SeatBot
from hearts_desktop.net.host import HostTable
from hearts_desktop.persistence.seats import Seat
from hearts_desktop.words import Level, Pace

from .net_fakes import MemoryHostLink

CODE = "K7MQ2P"
STEP = 0.05


@dataclass
class Clock:
    now: float = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class NetTable:
    """A host and its friends wired together in memory."""

    host: HostTable
    link: MemoryHostLink
    clock: Clock
    watched: WatchedLink
    """The host's link as the host sees it: the memory link, watched (counts, the audit)."""
    friends: list[ClientTable] = field(default_factory=list)
    bots: list[SeatBot] = field(default_factory=list)
    host_rng: random.Random = field(default_factory=lambda: random.Random(0))
    gives_seats: bool = False
    """The host's person gives every seat asked for without its token (tests of rejoining afresh)."""

    def join(self, name: str, level: Level = Level.EASY, code: str = CODE, address: str = "10.0.0.2") -> ClientTable:
        friend = ClientTable(name, code, lambda: self.link.connect(address), clock=self.clock)
        self.friends.append(friend)
        self.bots.append(SeatBot(level, name))
        return friend

    def step(self, play: bool = True) -> None:
        """One tick: the host, then every friend (who plays if the table waits for them)."""
        self.clock.now += STEP
        self.host.update(STEP)
        if self.gives_seats:
            for request in list(self.host.requests):
                self.host.answer_request(request.conn_id, give=True)
        if play:
            self._host_person_plays()
        for friend, bot in zip(self.friends, self.bots):
            friend.update(STEP)
            if play:
                bot.step(friend)

    def _host_person_plays(self) -> None:
        host = self.host
        seat = host.host_seat()
        if seat is None or not host.started:
            return
        if host.awaiting_continue and seat in host.reading:
            host.continue_after_hand()
            return
        if host.active_human() != seat:
            return
        view = host.view()
        if view.phase is Phase.MOON_CHOICE:
            host.choose_moon(self.host_rng.choice(MOON_CHOICES))
        elif view.phase is Phase.PASSING:
            host.submit_pass(self.host_rng.sample(view.cards(), 3))
        else:
            host.play(self.host_rng.choice(view.legal_cards()))

    def run(self, until: Callable[[], bool], steps: int = 20_000,
            each: Callable[[int], None] | None = None) -> int:
        for number in range(steps):
            if until():
                return number
            if each is not None:
                each(number)
            self.step()
        raise AssertionError(f"not done after {steps} steps: {self.watched.tally}")


def net_table(rules: Ruleset, seats: Sequence[Seat], seed: int = 1, link: MemoryHostLink | None = None,
              pace: Pace = Pace.INSTANT, audit: LeakAudit | None = None) -> NetTable:
    clock = Clock()
    link = link or MemoryHostLink()
    watched = WatchedLink(link, audit, clock)
    host = HostTable(Game(rules, seed), seats, InlineRunner, code=CODE, host_name="Host", pace=pace,
                     clock=clock, link=watched, watch=watched)
    watched.game = lambda: host.game
    return NetTable(host, link, clock, watched)


def seat_friends(table: NetTable, names: Sequence[str] = ("Ann", "Bob", "Cat", "Dan")) -> NetTable:
    """Friends take the open seats, then the host deals and the table is ready to play."""
    open_seats = [s for s in table.host.seats if s.kind == "remote"]
    for name, _ in zip(names, open_seats):
        table.join(name)
    table.run(table.host.can_start, steps=50)
    table.host.start()
    table.step(play=False)
    return table


def started_table(rules: Ruleset, seats: Sequence[Seat], seed: int = 1, pace: Pace = Pace.INSTANT) -> NetTable:
    return seat_friends(net_table(rules, seats, seed, pace=pace))
