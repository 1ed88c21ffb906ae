"""The LAN benchmark: a headless host and headless friends play whole games on localhost.

Every program is a separate process speaking the real protocol over real websockets: the
host is ``benchmarks.lan_host`` (the program's headless host with its link watched), each
friend ``benchmarks.lan_friend`` (the program's headless friend with its table logged). The host's link audits every message
it sends for hidden cards (``LeakAudit``) and logs when each table update was sent; each
friend logs when it took each update in and a fingerprint of the table it then holds. One
friend cuts its connection every ``drop_every`` updates, in the middle of hands, and
rejoins with its token: its fingerprint after each rejoin must be the host's fingerprint of
that seat at the same moment (the exact table).

Move latency is from the host sending an update to the friend having taken it in (its table
model updated, ready to draw): both clocks are the machine's monotonic clock. A friend's
card is timed at the host, from its arrival to the update showing it played: at any
``--pace``, a person's card is not held for the computers' pace.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from hearts_desktop.words import Pace

NAMES = ("Ann", "Bob", "Cat", "Dee")


def _start(arguments: list[str], stdout: Any, program: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", program, *arguments], stdout=stdout,
                            stderr=subprocess.PIPE, text=True)


def start_host(folder: Path, games: int, seed: int, friends: int, level: str, timeout: float,
               *more: str) -> subprocess.Popen[str]:
    """The watched headless host on 127.0.0.1, its table updates logged to ``host.jsonl``."""
    return _start(["--games", str(games), "--seed", str(seed), "--friends", str(friends), "--bot", level,
                   "--net-log", str(folder / "host.jsonl"), "--max-seconds", str(timeout), *more],
                  subprocess.PIPE, "benchmarks.lan_host")


def host_lines(output: str) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The host's JSON lines, and its figures (None when it did not finish)."""
    lines = [json.loads(line) for line in output.splitlines() if line.startswith("{")]
    done = any(line.get("event") == "done" for line in lines)
    return lines, next((line for line in lines if line.get("event") == "watched"), None) if done else None


def run(clients: int, games: int, drop_every: int, seed: int, level: str, timeout: float,
        pace: str = Pace.INSTANT) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="hearts-lan-") as scratch:
        folder = Path(scratch)
        preset = "standard" if clients <= 3 else "five-players"
        host = start_host(folder, games, seed, clients, level, timeout, "--preset", preset, "--pace", pace)
        assert host.stdout is not None
        hosting = json.loads(host.stdout.readline())
        friends = []
        for index in range(clients):
            arguments = ["--join", hosting["code"], "--address", f"127.0.0.1:{hosting['port']}", "--bot", level, "--name", NAMES[index], "--seed", str(seed + index + 1),
                         "--net-log", str(folder / f"friend{index}.jsonl"), "--max-seconds", str(timeout)]
            if index == 0 and drop_every:
                arguments += ["--drop-every", str(drop_every)]
            friends.append(_start(arguments, subprocess.DEVNULL, "benchmarks.lan_friend"))
        started = time.perf_counter()
        host_out, host_err = host.communicate(timeout=timeout + 30)
        for friend in friends:
            friend.wait(timeout=30)
        elapsed = time.perf_counter() - started
        lines, done = host_lines(host_out)
        if host.returncode != 0 or done is None:
            raise RuntimeError(f"the host failed ({host.returncode}): {host_err[-2000:]}")
        return figures(folder, clients, lines, done, elapsed, [f.returncode for f in friends])


def _read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []


def figures(folder: Path, clients: int, host_lines: list[dict[str, Any]], done: dict[str, Any], elapsed: float,
            exit_codes: list[int | None]) -> dict[str, Any]:
    sent = {(entry["seat"], entry["seq"]): entry for entry in _read(folder / "host.jsonl")}
    latencies: list[float] = []
    mismatches = rejoins = exact_rejoins = 0
    for index in range(clients):
        for entry in _read(folder / f"friend{index}.jsonl"):
            host_entry = sent.get((entry["seat"], entry["seq"]))
            if host_entry is None:
                mismatches += 1
                continue
            latencies.append((entry["t"] - host_entry["t"]) * 1000)
            same = entry["digest"] == host_entry["digest"]
            mismatches += not same
            if entry["rejoin"]:
                rejoins += 1
                exact_rejoins += same
    latencies.sort()
    return {
        "games_completed": sum(1 for line in host_lines if line.get("event") == "game-over"),
        "friends_finished": sum(code == 0 for code in exit_codes),
        "seconds": round(elapsed, 1),
        "messages_sent": done["messages_out"],
        "messages_received": done["messages_in"],
        "bytes_sent": done["bytes_out"],
        "updates_checked": len(latencies),
        "latency_ms_median": round(statistics.median(latencies), 2) if latencies else None,
        "latency_ms_p95": round(latencies[int(len(latencies) * 0.95)], 2) if latencies else None,
        "latency_ms_max": round(latencies[-1], 2) if latencies else None,
        "friends_cards_timed": done["friends_cards"],
        "friends_card_ms_median": done["card_wait_ms_median"],
        "friends_card_ms_max": done["card_wait_ms_max"],
        "drops": done["drops"],
        "rejoins": rejoins,
        "rejoins_exact": exact_rejoins,
        "tables_differing_from_host": mismatches,
        "refused": done["refused"],
        "refusals": done["refusal_reasons"],
        "messages_audited": done["audited"],
        "cards_checked": done["cards_checked"],
        "hidden_cards_leaked": done["leaks"],
    }


def report(result: dict[str, Any]) -> str:
    return "\n".join([
        f"{result['games_completed']} games in {result['seconds']} s; {result['friends_finished']} friends finished",
        (f"messages sent {result['messages_sent']} ({result['bytes_sent'] / 1e6:.1f} MB), received "
         f"{result['messages_received']}, refused {result['refused']}"),
        (f"move latency host applies -> friend shows: median {result['latency_ms_median']} ms, "
         f"p95 {result['latency_ms_p95']} ms, max {result['latency_ms_max']} ms over {result['updates_checked']} updates"),
        (f"a friend's card, from its arrival to the update showing it played: median "
         f"{result['friends_card_ms_median']} ms, max {result['friends_card_ms_max']} ms over "
         f"{result['friends_cards_timed']} cards"),
        (f"drops {result['drops']}, rejoins {result['rejoins']} ({result['rejoins_exact']} to the exact table); "
         f"tables differing from the host's: {result['tables_differing_from_host']}"),
        (f"hidden cards leaked: {result['hidden_cards_leaked']} ({result['messages_audited']} messages, "
         f"{result['cards_checked']} cards audited)"),
    ])
