"""The attack benchmark: a real host on 127.0.0.1 under the four attacks of issue 40.

Every party is its own process speaking real websockets, so the host's CPU is its own:

- **idle flood**: 500 connections that never say hello, reopened as the host closes them,
  while honest friends (from another loopback address, and from the flood's own) try to
  join one at a time: how many are seated, and how fast;
- **silent flood**: 500, 1,000 and 2,000 raw sockets that never send a byte, from 253
  addresses (127.2.0.1 to 127.2.0.253), reopened as the host closes them, while friends
  from another address join one at a time, first with a script (handshake, hello), then
  with the program itself (``hearts_desktop --join --headless``): seated, and how fast;
- **code flood**: wrong codes as fast as the host answers, each connection from another
  127.x.y.z source address (a /24 of 254 addresses, then a fresh address for every guess),
  while a friend with the right code tries to join: codes checked a second, friend seated;
- **token-less rejoin**: a seated friend drops; strangers with the code but without the
  seat's token ask for the seat (another name, the same name, a wrong token): seats taken;
- **message flood**: a seated friend sends ``Ready`` messages (valid, and ignored) at 30,000
  a second while an honest friend plays: whether the host cut it off or throttled it, how
  much it read, and the game's moves a second and the host's CPU with and without it.

The host (``serve``) is updated once a frame, 60 a second, drawing between frames as the
window does, and prints its counters and CPU time every ``STATS_SECONDS`` as JSON lines;
the orchestrator reads them, so every wait is on a line or a deadline, never a sleep.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import queue
import random
import resource
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Coroutine, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Final

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

STATS_SECONDS: Final = 0.2
FRAME_SECONDS: Final = 1 / 60
"""The host is updated once a frame, as the window does (not as soon as something arrives)."""
DRAW_SECONDS: Final = 0.008
"""Each frame the window's thread draws for about this long, holding the interpreter's lock
the network thread needs: the host here spends it on arithmetic, so the network thread is
as starved as in the window."""
FRIEND_SOURCE: Final = "127.0.0.2"
"""Honest friends knock from their own address, as another computer on the network would."""
FLOOD_SOURCE: Final = "127.0.0.1"
SEATED_WITHIN: Final = 1.0
"""The bar: an honest friend is seated within a second, whatever the flood."""
ALPHABET: Final = "23456789ABCDEFGHJKMNPQRSTVWXYZ"


@dataclasses.dataclass(frozen=True)
class Sizes:
    """How hard each attack is; ``SHORT`` is the suite's few-second version."""

    idle_connections: int = 500
    silent_connections: tuple[int, ...] = (500, 1000, 2000)
    silent_addresses: int = 253
    program_joins: int = 3
    """The program's own joins under each silent flood (one seat each: the host has three)."""
    join_attempts: int = 12
    join_spacing: float = 1.0
    """Seconds from one join attempt to the next: friends join one at a time, and every
    join's code is checked within the table's one code a second."""
    code_flood_seconds: float = 20.0
    code_flood_workers: int = 48
    guessing_addresses: int = 254
    """The code flood's addresses in turn (a /24), then ``fresh_addresses`` (one per guess)."""
    friend_tries: int = 3
    fresh_addresses: int = 60_000
    message_rate: int = 30_000
    quiet_seconds: float = 4.0
    flood_seconds: float = 8.0


FULL: Final = Sizes()
SHORT: Final = Sizes(idle_connections=200, silent_connections=(300,), silent_addresses=64, program_joins=1, join_attempts=3, join_spacing=0.0, code_flood_seconds=3.0, code_flood_workers=16,
                     guessing_addresses=8, friend_tries=1, fresh_addresses=0, message_rate=5_000, quiet_seconds=1.0,
                     flood_seconds=2.0)
"""The suite's version: guesses from eight computers, no fresh-address flood."""


# ---------------------------------------------------------------------- the host process


def serve(friends: int, players: int, seed: int) -> int:
    """A host table on 127.0.0.1 with ``friends`` open seats; commands on stdin, figures on stdout."""
    from hearts_desktop.controller.bot_runner import InlineRunner
    from hearts_desktop.engine import Game, Ruleset
    from hearts_desktop.net.code import new_code
    from hearts_desktop.net.host import HostTable
    from hearts_desktop.net.transport import WebSocketHost
    from hearts_desktop.persistence.seats import Seat
    from hearts_desktop.words import Level, Pace, SeatKind

    from .host_watch import WatchedLink

    seats = [Seat("Host", SeatKind.COMPUTER, Level.EASY)]
    seats += [Seat(f"Seat {i + 1}", SeatKind.REMOTE, Level.EASY) for i in range(friends)]
    seats += [Seat(f"Bot {i}", SeatKind.COMPUTER, Level.EASY) for i in range(friends + 1, players)]
    server = WebSocketHost("127.0.0.1", 0)
    link = WatchedLink(server)
    rules = Ruleset.for_players(players) if players != 4 else Ruleset()
    host = HostTable(Game(rules, seed), seats, InlineRunner, code=new_code(), host_name="Host",
                     pace=Pace.INSTANT, link=link, watch=link)
    _say(event="hosting", port=server.port, code=host.code)
    commands: queue.SimpleQueue[str] = queue.SimpleQueue()
    threading.Thread(target=_read_commands, args=(commands,), daemon=True).start()
    auto = False
    actions = games = last_actions = 0
    last = next_stats = time.monotonic()
    try:
        while True:
            _draw(DRAW_SECONDS)
            time.sleep(max(0.0, last + FRAME_SECONDS - time.monotonic()))
            now = time.monotonic()
            host.update(now - last)
            last = now
            while not commands.empty():
                command = commands.get()
                if command == "quit":
                    return 0
                auto = auto or command == "auto"
            if auto and host.can_start():
                host.start()
            if host.started:
                done = len(host.game.actions)
                actions += done - last_actions if done >= last_actions else done
                last_actions = done
                if host.over:
                    games += 1
                    host.rematch(seed + games)
                    last_actions = 0
            if now >= next_stats:
                next_stats = now + STATS_SECONDS
                _stats(host, link, actions, games)
    finally:
        _stats(host, link, actions, games)
        host.close()


def _read_commands(commands: queue.SimpleQueue[str]) -> None:
    for line in sys.stdin:
        commands.put(line.strip())


def _draw(seconds: float) -> None:
    """Hold the interpreter for ``seconds``, as drawing a frame does."""
    until = time.perf_counter() + seconds
    total = 0
    while time.perf_counter() < until:
        total += sum(range(200))


def _stats(host: Any, link: Any, actions: int, games: int) -> None:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    tally = link.tally
    counters = {"messages_in": tally.messages_in, "dropped": tally.dropped, "codes_checked": tally.codes_checked}
    _say(event="stats", t=time.monotonic(), cpu=usage.ru_utime + usage.ru_stime, actions=actions, games=games,
         started=host.started, counters=counters,
         seats=[[s.seat.name, str(s.seat.kind), s.conn_id is not None] for s in host.table])


def _say(**fields: Any) -> None:
    print(json.dumps(fields), flush=True)


# ---------------------------------------------------------------------- attacker processes


def idle_flood(port: int, connections: int, seconds: float) -> int:
    """``connections`` websockets that never say a word, each reopened as soon as it closes."""
    counts: Counter[str] = Counter()

    async def one(stop: float, ready: asyncio.Event) -> None:
        while time.monotonic() < stop:
            try:
                async with connect(f"ws://127.0.0.1:{port}", open_timeout=5, ping_interval=None,
                                   local_addr=(FLOOD_SOURCE, 0)) as socket:
                    counts["opened"] += 1
                    if counts["opened"] >= connections:
                        ready.set()
                    await asyncio.wait_for(socket.wait_closed(), max(0.01, stop - time.monotonic()))
                    counts["closed by the host"] += 1
            except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError):
                counts["failed to open"] += 1
                await asyncio.sleep(0.005)

    asyncio.run(_hold(connections, seconds, lambda number, stop, ready: one(stop, ready), counts))
    return 0


def silent_flood(port: int, connections: int, addresses: int, seconds: float) -> int:
    """``connections`` raw sockets that never send a byte, from ``addresses`` source addresses
    (127.2.0.1, ...), each reopened as soon as the host closes it."""
    counts: Counter[str] = Counter()

    async def one(number: int, stop: float, ready: asyncio.Event) -> None:
        source = f"127.2.0.{1 + number % addresses}"
        while time.monotonic() < stop:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
            except OSError:
                counts["failed to open"] += 1
                await asyncio.sleep(0.005)
                continue
            counts["opened"] += 1
            if counts["opened"] >= connections:
                ready.set()
            try:
                await asyncio.wait_for(reader.read(1), max(0.01, stop - time.monotonic()))
                counts["closed by the host"] += 1
            except (OSError, TimeoutError):
                pass
            writer.close()

    asyncio.run(_hold(connections, seconds, one, counts))
    return 0


async def _hold(connections: int, seconds: float,
                one: Callable[[int, float, asyncio.Event], Coroutine[Any, Any, None]], counts: Counter[str]) -> None:
    """Run ``connections`` flooders for ``seconds``; say ``holding`` once all have opened."""
    stop = time.monotonic() + seconds
    ready = asyncio.Event()
    tasks = [asyncio.create_task(one(number, stop, ready)) for number in range(connections)]
    try:
        await asyncio.wait_for(ready.wait(), seconds)
    except TimeoutError:
        pass
    _say(event="holding", opened=counts["opened"])
    await asyncio.gather(*tasks, return_exceptions=True)
    _say(event="flooded", **counts)


def _source(index: int) -> str:
    """The ``index``-th flood source address: 127.1.0.1, 127.1.0.2, ... (never a friend's)."""
    index %= 254 * 254 * 200
    return f"127.{1 + index // (254 * 254)}.{index // 254 % 254}.{1 + index % 254}"


def code_flood(port: int, seconds: float, workers: int, addresses: int) -> int:
    """Wrong codes from ``addresses`` source addresses in turn, ``workers`` at a time."""
    from hearts_desktop.net import protocol as p

    counts: Counter[str] = Counter()
    rng = random.Random(5)
    number = 0

    async def worker(stop: float) -> None:
        nonlocal number
        while time.monotonic() < stop:
            source = _source(number % addresses)
            number += 1
            code = "".join(rng.choices(ALPHABET, k=6))
            try:
                async with connect(f"ws://127.0.0.1:{port}", open_timeout=3, ping_interval=None,
                                   local_addr=(source, 0)) as socket:
                    await socket.send(p.encode(p.Hello(p.PROTOCOL, "flood", code, "Eve")))
                    counts["codes sent"] += 1
                    while True:  # a patient guesser: told to wait, it waits for its verdict
                        answer = json.loads(await asyncio.wait_for(socket.recv(), 15))
                        counts[str(answer.get("reason", answer.get("type")))[:48]] += 1
                        if answer["type"] != "waiting":
                            break
            except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError, ValueError):
                counts["no answer"] += 1

    async def main() -> None:
        stop = time.monotonic() + seconds
        await asyncio.gather(*(worker(stop) for _ in range(workers)))

    asyncio.run(main())
    _say(event="flooded", **counts)
    return 0


def message_flood(port: int, code: str, quiet: float, seconds: float, rate: int) -> int:
    """A seated friend who plays its seat, and after ``quiet`` seconds sends ``rate`` valid but
    ignored messages a second for ``seconds``, reconnecting with its token when cut off."""
    from hearts_desktop.net import protocol as p
    from hearts_desktop.net.client import ClientTable
    from hearts_desktop.net.headless import SeatBot
    from hearts_desktop.net.transport import WebSocketClient
    from hearts_desktop.words import Level

    client = ClientTable("Mal", code, lambda: WebSocketClient("127.0.0.1", port))
    client.retry_seconds = 0.05
    bot = SeatBot(Level.EASY, 1)
    ready = p.encode(p.Ready(0))
    sent = reconnects = 0
    flood_from = flood_until = 0.0
    while client.state != "closed":
        was_away = client.reconnecting_since is not None
        client.update(0.0)
        reconnects += client.reconnecting_since is not None and not was_away
        bot.step(client)
        now = time.monotonic()
        if client.state == "playing" and not flood_from:
            flood_from = now + quiet
            flood_until = flood_from + seconds
            _say(event="seated", t=now, flood_from=flood_from, flood_until=flood_until)
        if flood_from and now >= flood_until:
            break
        link = client.link
        if flood_from and now >= flood_from and link is not None:
            due = int((now - flood_from) * rate) - sent
            for _ in range(min(due, 2_000)):
                link.send(ready)
            sent += max(0, min(due, 2_000))
        elif isinstance(link, WebSocketClient):
            link.inbox.wait(0.002)
    _say(event="flooded", sent=sent, reconnects=reconnects, state=client.state, reason=client.closed_reason)
    client.close()
    return 0


# ---------------------------------------------------------------------- the orchestrator


class Host:
    """The host process, its stats lines read in a thread so waits can end on a line."""

    def __init__(self, friends: int, players: int = 4, seed: int = 1) -> None:
        self.process = _child(["serve", "--friends", str(friends), "--players", str(players), "--seed", str(seed)])
        assert self.process.stdout is not None
        hosting = json.loads(self.process.stdout.readline())
        self.port: int = hosting["port"]
        self.code: str = hosting["code"]
        self.lines: list[dict[str, Any]] = []
        self._new = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if not line.startswith("{"):
                continue
            with self._new:
                self.lines.append(json.loads(line))
                self._new.notify_all()
        self.process.stdout.close()

    def command(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()

    def wait(self, condition: Callable[[dict[str, Any]], bool], seconds: float = 30.0) -> dict[str, Any]:
        """The first stats line from now on that meets ``condition``."""
        deadline = time.monotonic() + seconds
        with self._new:
            seen = len(self.lines)
            while True:
                for line in self.lines[seen:]:
                    if condition(line):
                        return line
                seen = len(self.lines)
                left = deadline - time.monotonic()
                if left <= 0 or self.process.poll() is not None:
                    raise RuntimeError(f"the host never showed what was awaited; last: {self.lines[-1:]}")
                self._new.wait(left)

    def latest(self) -> dict[str, Any]:
        return self.wait(lambda line: line.get("event") == "stats")

    def close(self) -> None:
        """Stop the host (its reader thread reads its last lines)."""
        try:
            self.command("quit")
        except (BrokenPipeError, OSError):
            pass
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _child(arguments: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "benchmarks.lan_attack", *arguments],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def _child_result(process: subprocess.Popen[str], timeout: float) -> dict[str, Any]:
    out, _ = process.communicate(timeout=timeout)
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    return next((line for line in reversed(lines) if line.get("event") == "flooded"), {})


@contextmanager
def hosting(friends: int, players: int = 4) -> Iterator[Host]:
    host = Host(friends, players)
    try:
        yield host
    finally:
        host.close()


def checked(counters: dict[str, Any]) -> int:
    """Room codes the host answered, right or wrong (as its link saw them)."""
    return int(counters["codes_checked"])


async def knock(port: int, code: str, name: str, source: str, seconds: float, token: str = "",
                leave: bool = True, told_to_wait: bool = False) -> tuple[float | None, str]:
    """Say hello; the seconds until ``welcome`` (None if refused, not in time, or told to wait
    when ``told_to_wait`` ends the knock) and the last word."""
    from hearts_desktop import __version__
    from hearts_desktop.net import protocol as p

    started = time.monotonic()
    last = ""
    try:
        async with connect(f"ws://127.0.0.1:{port}", open_timeout=seconds, ping_interval=None,
                           local_addr=(source, 0)) as socket:
            await socket.send(p.encode(p.Hello(p.PROTOCOL, __version__, code, name, token)))
            while (left := started + seconds - time.monotonic()) > 0:
                answer = json.loads(await asyncio.wait_for(socket.recv(), left))
                last = str(answer.get("reason") or answer["type"])
                if answer["type"] == "welcome":
                    elapsed = time.monotonic() - started
                    if leave:
                        await socket.send(p.encode(p.Leave()))
                    return elapsed, last
                if answer["type"] in ("rejected", "closing") or (told_to_wait and answer["type"] == "waiting"):
                    return None, last
    except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError) as error:
        last = last or type(error).__name__
    return None, last


def _attempts(port: int, code: str, source: str, count: int, spacing: float) -> dict[str, Any]:
    times: list[float | None] = []
    words: Counter[str] = Counter()
    for number in range(count):
        started = time.monotonic()
        seconds, last = asyncio.run(knock(port, code, f"Ann {number}", source, 5.0))
        times.append(seconds)
        words[last] += 1
        time.sleep(max(0.0, started + spacing - time.monotonic()))
    seated = sorted(t for t in times if t is not None)
    return {"attempts": count, "seated": len(seated), "seated_within_1s": sum(t <= SEATED_WITHIN for t in seated),
            "seconds_median": round(seated[len(seated) // 2], 3) if seated else None,
            "seconds_max": round(seated[-1], 3) if seated else None, "answers": dict(words)}


def idle_phase(sizes: Sizes) -> dict[str, Any]:
    with hosting(3) as host:
        flood = _child(["idle-flood", "--port", str(host.port), "--connections", str(sizes.idle_connections),
                        "--seconds", "600"])
        assert flood.stdout is not None
        flood.stdout.readline()  # holding: every connection has been opened once
        before = host.latest()
        other = _attempts(host.port, host.code, FRIEND_SOURCE, sizes.join_attempts, sizes.join_spacing)
        same = _attempts(host.port, host.code, FLOOD_SOURCE, sizes.join_attempts, sizes.join_spacing)
        after = host.latest()
        flood.kill()
        flood.communicate()
    return {"from_another_address": other, "from_the_flood_address": same,
            "host_cpu_percent": _cpu(before, after)}


def silent_phase(sizes: Sizes, connections: int) -> dict[str, Any]:
    """Friends from another address under ``connections`` silent sockets from many addresses:
    the script's joins, then the program's own (seated when the host shows its seat taken)."""
    with hosting(3) as host:
        flood = _child(["silent-flood", "--port", str(host.port), "--connections", str(connections),
                        "--addresses", str(sizes.silent_addresses), "--seconds", "600"])
        assert flood.stdout is not None
        holding = json.loads(flood.stdout.readline())
        before = host.latest()
        script = _attempts(host.port, host.code, FRIEND_SOURCE, sizes.join_attempts, sizes.join_spacing)
        friends: list[subprocess.Popen[bytes]] = []
        program = [_program_join(host, number, friends) for number in range(sizes.program_joins)]
        after = host.latest()
        for friend in friends:
            friend.kill()
            friend.wait()
        flood.kill()
        flood.communicate()
    seated = sorted(t for t in program if t is not None)
    return {"connections": connections, "addresses": sizes.silent_addresses, "flood_opened": holding["opened"],
            "script": script, "program": {"attempts": len(program), "seated": len(seated),
                                          "seconds": [None if t is None else round(t, 2) for t in program]},
            "host_cpu_percent": _cpu(before, after)}


PROGRAM_SECONDS: Final = 60.0
"""How long the program's join may take before it counts as not seated: the wait ends as soon
as the host shows the seat taken (0.2-0.3 s here when quiet), but a program starting on a
machine busy with other work took over 20 s to import and connect (a clean-clone CI run beside
a layout run and a fuzz run)."""


def _program_join(host: Host, number: int, friends: list[subprocess.Popen[bytes]]) -> float | None:
    """``hearts_desktop --join --headless`` (from 127.0.0.1, not a flooding address): seconds
    until the host shows one more seat taken (None if not within ``PROGRAM_SECONDS``); the
    friend stays seated, added to ``friends``."""
    taken = sum(seat[2] for seat in host.latest()["seats"])
    started = time.monotonic()
    friends.append(subprocess.Popen([sys.executable, "-m", "hearts_desktop", "--join", host.code, "--address",
                      f"127.0.0.1:{host.port}", "--headless", "--bot", "easy", "--name", f"Bea {number}",
                      "--max-seconds", "120"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    try:
        host.wait(lambda line: line.get("event") == "stats" and sum(seat[2] for seat in line["seats"]) > taken,
                  PROGRAM_SECONDS)
    except RuntimeError:
        return None
    return time.monotonic() - started


def code_phase(sizes: Sizes, addresses: int) -> dict[str, Any]:
    with hosting(3) as host:
        start = host.latest()
        flood = _child(["code-flood", "--port", str(host.port), "--seconds", str(sizes.code_flood_seconds),
                        "--workers", str(sizes.code_flood_workers), "--addresses", str(addresses)])
        friend_times: list[float | None] = []
        friend_words: list[str] = []
        burst_done = host.wait(lambda line: line.get("event") == "stats" and checked(line["counters"]) >= 20
                               and line["t"] > start["t"] + sizes.code_flood_seconds / 4)  # a friend comes later
        for _ in range(sizes.friend_tries):
            seconds, last = asyncio.run(knock(host.port, host.code, "Ann", FRIEND_SOURCE, 10.0))
            friend_times.append(None if seconds is None else round(seconds, 3))
            friend_words.append(last)
        flooded = _child_result(flood, sizes.code_flood_seconds + 60)
        end = host.latest()
    codes = checked(end["counters"]) - checked(start["counters"])
    steady = checked(end["counters"]) - checked(burst_done["counters"])
    return {"addresses": addresses, "seconds": round(end["t"] - start["t"], 2),
            "codes_sent": flooded.get("codes sent", 0), "codes_checked": codes,
            "codes_checked_per_second": round(codes / (end["t"] - start["t"]), 1),
            "codes_checked_per_second_after_burst": round(steady / max(1e-9, end["t"] - burst_done["t"]), 2),
            "friend_seconds_to_seat": friend_times, "friend_was_told": friend_words, "answers": {k: v for k, v in flooded.items() if k != "event"},
            "host_cpu_percent": _cpu(start, end)}


def rejoin_phase() -> dict[str, Any]:
    with hosting(1) as host:
        host.command("auto")
        taken: dict[str, bool] = {}

        async def owner() -> tuple[str, int]:
            from hearts_desktop import __version__
            from hearts_desktop.net import protocol as p

            async with connect(f"ws://127.0.0.1:{host.port}", ping_interval=None,
                               local_addr=(FRIEND_SOURCE, 0)) as socket:
                await socket.send(p.encode(p.Hello(p.PROTOCOL, __version__, host.code, "Alice")))
                while True:
                    answer = json.loads(await socket.recv())
                    if answer["type"] == "welcome":
                        token, seat = answer["token"], answer["seat"]
                    if answer["type"] == "table":
                        return token, seat

        token, seat = asyncio.run(owner())
        host.wait(lambda line: line.get("event") == "stats" and line["started"] and not line["seats"][seat][2])
        for label, name, wrong in (("another name", "Mallory", ""), ("her name", "Alice", ""),
                                   ("a wrong token", "Alice", "x" * 32)):
            seconds, last = asyncio.run(knock(host.port, host.code, name, "127.0.0.66", 3.0, wrong, leave=False,
                                              told_to_wait=True))  # the host is asked: it never answers here
            taken[label] = seconds is not None
        back, _ = asyncio.run(knock(host.port, host.code, "Alice", FRIEND_SOURCE, 5.0, token, leave=False))
        names = [s[0] for s in host.latest()["seats"]]
    return {"seats_taken_without_token": sum(taken.values()), "tries": len(taken), "taken": taken,
            "owner_back_with_token": back is not None, "seat_names_after": names}


def message_phase(sizes: Sizes) -> dict[str, Any]:
    with hosting(2) as host:
        honest = subprocess.Popen([sys.executable, "-m", "hearts_desktop", "--join", host.code, "--address",
                                   f"127.0.0.1:{host.port}", "--headless", "--bot", "easy", "--name", "Ann",
                                   "--max-seconds", "600"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        flood = _child(["message-flood", "--port", str(host.port), "--code", host.code, "--quiet",
                        str(sizes.quiet_seconds), "--seconds", str(sizes.flood_seconds), "--rate",
                        str(sizes.message_rate)])
        try:
            assert flood.stdout is not None
            host.command("auto")
            seated = json.loads(flood.stdout.readline())
            quiet_start = host.wait(lambda line: line.get("t", 0) >= seated["t"])
            quiet_end = host.wait(lambda line: line.get("t", 0) >= seated["flood_from"])
            flood_end = host.wait(lambda line: line.get("t", 0) >= seated["flood_until"], 120)
            flooded = _child_result(flood, 60)
        finally:
            honest.kill()
            honest.wait()
    counters = flood_end["counters"]
    return {
        "messages_sent": flooded.get("sent", 0), "flooder_reconnects": flooded.get("reconnects", 0),
        "flooder_closed_because": flooded.get("reason"),
        "host_read_during_flood": counters["messages_in"] - quiet_end["counters"]["messages_in"],
        "host_dropped": counters["dropped"],
        "moves_per_second_before": _rate(quiet_start, quiet_end, "actions"),
        "moves_per_second_during": _rate(quiet_end, flood_end, "actions"),
        "host_cpu_percent_before": _cpu(quiet_start, quiet_end),
        "host_cpu_percent_during": _cpu(quiet_end, flood_end),
    }


def message_figures(sizes: Sizes) -> dict[str, Any]:
    """The flood, and the same game without it (the same seeds and windows) to compare with."""
    flood = message_phase(sizes)
    control = message_phase(dataclasses.replace(sizes, message_rate=0))
    flood["moves_per_second_without_flood"] = control["moves_per_second_during"]
    flood["host_cpu_percent_without_flood"] = control["host_cpu_percent_during"]
    return flood


def _rate(start: dict[str, Any], end: dict[str, Any], key: str) -> float:
    return float(round((end[key] - start[key]) / max(1e-9, end["t"] - start["t"]), 1))


def _cpu(start: dict[str, Any], end: dict[str, Any]) -> float:
    return float(round(100 * (end["cpu"] - start["cpu"]) / max(1e-9, end["t"] - start["t"]), 1))


def run(sizes: Sizes = FULL) -> dict[str, Any]:
    result = {"idle_flood": idle_phase(sizes),
              "silent_flood": [silent_phase(sizes, connections) for connections in sizes.silent_connections],
              "code_flood": code_phase(sizes, sizes.guessing_addresses)}
    if sizes.fresh_addresses:
        result["code_flood_fresh"] = code_phase(sizes, sizes.fresh_addresses)
    result["tokenless_rejoin"] = rejoin_phase()
    result["message_flood"] = message_figures(sizes)
    return result


def report(result: dict[str, Any]) -> str:
    idle = result["idle_flood"]
    lines = []
    for label, key in (("another address", "from_another_address"), ("the flood's address", "from_the_flood_address")):
        figures = idle[key]
        lines.append(f"idle flood: friends from {label} seated {figures['seated']}/{figures['attempts']}, within "
                     f"1 s {figures['seated_within_1s']}, median {figures['seconds_median']} s, max "
                     f"{figures['seconds_max']} s")
    lines.append(f"idle flood: host CPU {idle['host_cpu_percent']}%")
    for silent in result["silent_flood"]:
        script, program = silent["script"], silent["program"]
        lines.append(f"silent flood of {silent['connections']} from {silent['addresses']} addresses: script friends "
                     f"seated {script['seated']}/{script['attempts']}, within 1 s {script['seated_within_1s']}, "
                     f"median {script['seconds_median']} s, max {script['seconds_max']} s; the program seated "
                     f"{program['seated']}/{program['attempts']} after {program['seconds']} s; host CPU "
                     f"{silent['host_cpu_percent']}%")
    for key in ("code_flood", "code_flood_fresh"):
        if key not in result:
            continue
        code = result[key]
        lines.append(f"code flood from {code['addresses']} addresses: {code['codes_sent']} sent, "
                     f"{code['codes_checked']} checked, {code['codes_checked_per_second']} a second "
                     f"({code['codes_checked_per_second_after_burst']} after the burst); friend seated after "
                     f"{code['friend_seconds_to_seat']} s; host CPU {code['host_cpu_percent']}%")
    rejoin = result["tokenless_rejoin"]
    lines.append(f"token-less rejoin: seats taken {rejoin['seats_taken_without_token']}/{rejoin['tries']} "
                 f"{rejoin['taken']}; owner back with token: {rejoin['owner_back_with_token']}")
    flood = result["message_flood"]
    lines.append(f"message flood: {flood['messages_sent']} sent, host read {flood['host_read_during_flood']}, "
                 f"flooder reconnects {flood['flooder_reconnects']} ({flood['flooder_closed_because']}); moves a "
                 f"second {flood['moves_per_second_during']} (without the flood "
                 f"{flood['moves_per_second_without_flood']}); host CPU {flood['host_cpu_percent_during']}% "
                 f"(without {flood['host_cpu_percent_without_flood']}%)")
    return "\n".join(lines)


def main(argv: Sequence[str]) -> int:
    """``python -m benchmarks lan-attack [--short] [--json]``."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks lan-attack", description=__doc__)
    parser.add_argument("--short", action="store_true", help="the suite's few-second version")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = run(SHORT if args.short else FULL)
    print(report(result))
    if args.json:
        print(json.dumps(result))
    return 0


def child(argv: Sequence[str] | None = None) -> int:
    """The processes the benchmark starts: the host and the attackers."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.lan_attack")
    sub = parser.add_subparsers(dest="role", required=True)
    host = sub.add_parser("serve")
    host.add_argument("--friends", type=int, default=3)
    host.add_argument("--players", type=int, default=4)
    host.add_argument("--seed", type=int, default=1)
    idle = sub.add_parser("idle-flood")
    idle.add_argument("--port", type=int, required=True)
    idle.add_argument("--connections", type=int, default=500)
    idle.add_argument("--seconds", type=float, default=60.0)
    silent = sub.add_parser("silent-flood")
    silent.add_argument("--port", type=int, required=True)
    silent.add_argument("--connections", type=int, default=500)
    silent.add_argument("--addresses", type=int, default=253)
    silent.add_argument("--seconds", type=float, default=60.0)
    code = sub.add_parser("code-flood")
    code.add_argument("--port", type=int, required=True)
    code.add_argument("--seconds", type=float, default=20.0)
    code.add_argument("--workers", type=int, default=48)
    code.add_argument("--addresses", type=int, default=254)
    messages = sub.add_parser("message-flood")
    messages.add_argument("--port", type=int, required=True)
    messages.add_argument("--code", required=True)
    messages.add_argument("--quiet", type=float, default=4.0)
    messages.add_argument("--seconds", type=float, default=8.0)
    messages.add_argument("--rate", type=int, default=30_000)
    args = parser.parse_args(argv)
    if args.role == "serve":
        return serve(args.friends, args.players, args.seed)
    if args.role == "idle-flood":
        return idle_flood(args.port, args.connections, args.seconds)
    if args.role == "silent-flood":
        return silent_flood(args.port, args.connections, args.addresses, args.seconds)
    if args.role == "code-flood":
        return code_flood(args.port, args.seconds, args.workers, args.addresses)
    return message_flood(args.port, args.code, args.quiet, args.seconds, args.rate)


if __name__ == "__main__":
    sys.exit(child())
