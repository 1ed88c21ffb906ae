"""The hostile-client run: a table under attack while two honest friends play it out.

A headless host (auditing every message for hidden cards) seats two honest headless
friends and one hostile insider who knows the room code. While the game is played:

- the insider plays its own seat (so the table does not simply wait for it) and, between
  moves, sends fuzzed and replayed messages: moves for other seats, cards it does not
  hold, passes of the wrong cards, moves out of turn and in the wrong phase, old moves
  replayed, readiness for hands never scored, unknown types, malformed JSON, random bytes,
  frames over the size limit, kept within the connection's message budget (past it the host
  cuts the connection off and only the host's yes gives the seat back); when the host
  closes it for a huge frame it rejoins with its token;
- strangers without the code send wrong codes, garbage instead of a hello, other
  protocol versions, and nothing at all;
- slow-loris connections dribble a handshake or a frame a byte at a time;
- 200 connections open at once.

It reports what was sent, how the host answered (refused, rejected, rate-limited, cut
off), whether the host ever crashed, how long the honest friends ever waited for an update
(host applies a move -> friend shows it), and how many hidden cards leaked (the audit).
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from hearts_desktop.net import protocol as p
from hearts_desktop.net.admission import Bucket
from hearts_desktop.net.client import ClientTable
from hearts_desktop.net.headless import SeatBot
from hearts_desktop.net.host import MESSAGE_BURST, MESSAGES_PER_SECOND
from hearts_desktop.net.transport import WebSocketClient
from hearts_desktop.words import Level

from .lan import _read, _start, host_lines, start_host

CARDS = [r + s for s in "CDSH" for r in "23456789TJQKA"]


def fuzzed(rng: random.Random, client: ClientTable, sent: list[bytes]) -> tuple[str, bytes]:
    """One hostile message from the insider, and its kind."""
    seat = client.viewer
    other = rng.choice([s for s in range(4) if s != seat])
    kind = rng.choice(["other-seat", "not-held", "wrong-pass", "out-of-turn", "wrong-phase", "replay",
                       "bad-ready", "unknown-type", "malformed", "garbage", "deep", "huge"])
    view = client._view
    mine = [str(c) for c in view.cards()] if view is not None else ["2C"]
    if kind == "other-seat":
        message: Any = p.Play(other, rng.choice(CARDS))
    elif kind == "not-held":
        message = p.Play(seat, rng.choice([c for c in CARDS if c not in mine] or CARDS))
    elif kind == "wrong-pass":
        cards = rng.sample(CARDS, rng.choice([1, 2, 3, 4]))
        message = p.PassCards(seat, cards)
    elif kind == "out-of-turn":
        message = p.Play(seat, rng.choice(mine or CARDS))
    elif kind == "wrong-phase":
        message = rng.choice([p.Moon(seat, "add-to-others"), p.PassCards(seat, (mine * 3)[:3])])
    elif kind == "replay" and sent:
        return kind, rng.choice(sent)
    elif kind == "bad-ready":
        message = p.Ready(rng.randrange(0, 10_000))
    elif kind == "unknown-type":
        return kind, json.dumps({"type": rng.choice(["teleport", "admin", "deal", "reveal"]), "seat": other}).encode()
    elif kind == "malformed":
        return kind, rng.choice([b'{"type": "play", "seat": "1", "card": 5}', b'{"type": "play"}', b"{",
                                 b'{"type": "pass", "seat": 1, "cards": "2C 3C 4C"}', b"null", b"[]",
                                 b'{"type": "play", "seat": -1, "card": "QS"}', b'{"type": "play", "seat": 9, "card": "QS"}'])
    elif kind == "garbage":
        return kind, bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    elif kind == "deep":
        return kind, b"[" * 5000 + b"]" * 5000
    elif kind == "huge":
        return kind, b'{"type": "play", "seat": 1, "card": "' + b"Q" * 100_000 + b'"}'
    else:
        message = p.Leave() if rng.random() < 0.02 else p.Ready(0)
    return kind, p.encode(message)


async def stranger(port: int, rng: random.Random, counts: Counter[str]) -> None:
    """A connection without the code: one to four bad first messages."""
    try:
        async with connect(f"ws://127.0.0.1:{port}", open_timeout=5, max_size=None, compression=None) as ws:
            for _ in range(rng.randrange(1, 5)):
                kind = rng.choice(["wrong-code", "no-hello", "old-version", "garbage-hello"])
                counts["stranger " + kind] += 1
                if kind == "wrong-code":
                    data = p.encode(p.Hello(p.PROTOCOL, "x", "".join(rng.choices("23456789ABCDEFGH", k=6)), "Eve"))
                elif kind == "no-hello":
                    data = b'{"type": "play", "seat": 0, "card": "QS"}'
                elif kind == "old-version":
                    data = json.dumps({"type": "hello", "protocol": 0, "version": "0.0.1", "code": "x"}).encode()
                else:
                    data = bytes(rng.randrange(256) for _ in range(50))
                await ws.send(data)
            await asyncio.wait_for(ws.recv(), 5)
    except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError):
        pass


async def slow_loris(port: int, seconds: float, counts: Counter[str]) -> None:
    """A handshake sent a byte every half second: the host must close it, not wait."""
    counts["slow-loris connections"] += 1
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        request = (f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()
        started = time.monotonic()
        for byte in request:
            writer.write(bytes([byte]))
            await writer.drain()
            await asyncio.sleep(0.5)
            if reader.at_eof() or time.monotonic() - started > seconds:
                break
        if reader.at_eof():
            counts["slow-loris closed by the host"] += 1
        writer.close()
    except OSError:
        counts["slow-loris closed by the host"] += 1


async def crowd(port: int, size: int, counts: Counter[str]) -> None:
    """``size`` connections at once, each saying hello with a wrong code."""
    rng = random.Random(7)
    counts["crowd connections"] += size
    await asyncio.gather(*(stranger(port, rng, counts) for _ in range(size)))


def attack_outside(port: int, strangers: int, stop: threading.Event, counts: Counter[str]) -> None:
    async def main() -> None:
        rng = random.Random(3)
        lorises = [asyncio.create_task(slow_loris(port, 30.0, counts)) for _ in range(20)]
        await crowd(port, 200, counts)
        done = 0
        while done < strangers and not stop.is_set():
            batch = min(20, strangers - done)
            await asyncio.gather(*(stranger(port, rng, counts) for _ in range(batch)))
            done += batch
        await asyncio.gather(*lorises)

    asyncio.run(main())


def run(messages: int, seed: int, timeout: float, games: int = 8) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="hearts-hostile-") as scratch:
        folder = Path(scratch)
        host = start_host(folder, games, seed, 3, "easy", timeout)
        assert host.stdout is not None
        hosting = json.loads(host.stdout.readline())
        port = hosting["port"]
        honest = [_start(["--join", hosting["code"], "--address", f"127.0.0.1:{port}", "--bot", "easy",
                          "--name", name, "--net-log", str(folder / f"{name}.jsonl"), "--max-seconds", str(timeout)],
                         subprocess.DEVNULL, "benchmarks.lan_friend") for name in ("Ann", "Bob")]
        counts: Counter[str] = Counter()
        stop = threading.Event()
        outside = threading.Thread(target=attack_outside, args=(port, messages // 8, stop, counts), daemon=True)
        insider_figures = play_insider(port, hosting["code"], messages - messages // 4, seed, host, counts, outside)
        stop.set()
        outside.join(timeout=60)
        host_out, host_err = host.communicate(timeout=timeout)
        for friend in honest:
            friend.wait(timeout=30)
        lines, done = host_lines(host_out)
        sent = {(e["seat"], e["seq"]): e["t"] for e in _read(folder / "host.jsonl")}
        waits = sorted((e["t"] - sent[(e["seat"], e["seq"])]) * 1000 for name in ("Ann", "Bob")
                       for e in _read(folder / f"{name}.jsonl") if (e["seat"], e["seq"]) in sent)
        return {
            "host_exit_code": host.returncode,
            "host_crashed": host.returncode != 0 or done is None,
            "host_stderr_tail": host_err[-500:] if host.returncode else "",
            "host_last_line": lines[-1] if lines else None,
            "games_completed": sum(1 for line in lines if line.get("event") == "game-over"),
            "honest_friends_finished": sum(f.returncode == 0 for f in honest),
            "honest_updates": len(waits),
            "honest_wait_ms_median": round(waits[len(waits) // 2], 2) if waits else None,
            "honest_wait_ms_max": round(waits[-1], 2) if waits else None,
            "hostile_messages_sent": sum(v for k, v in counts.items() if not k.startswith(("slow", "crowd"))),
            "sent_by_kind": dict(sorted(counts.items())),
            **insider_figures,
            "host_refused": done["refused"] if done else None,
            "host_rate_limited": done["dropped"] if done else None,
            "host_refusals": done["refusal_reasons"] if done else None,
            "host_messages_in": done["messages_in"] if done else None,
            "hidden_cards_leaked": done["leaks"] if done else None,
            "messages_audited": done["audited"] if done else None,
        }


def play_insider(port: int, code: str, messages: int, seed: int, host: subprocess.Popen[str],
                 counts: Counter[str], outside: threading.Thread) -> dict[str, Any]:
    """The insider plays its seat and fires ``messages`` hostile ones between its moves, within
    its budget; cut off, it comes back (with its token, or asks without it when the host
    has closed its connection for good: a headless host never answers)."""
    rng = random.Random(seed)
    budget = Bucket(MESSAGE_BURST / 2, MESSAGES_PER_SECOND * 0.8)
    sent: list[bytes] = []
    fired = reconnects = comebacks = 0
    reasons: Counter[str] = Counter()
    while host.poll() is None:
        client = ClientTable("Mallory", code, lambda: WebSocketClient("127.0.0.1", port))
        client.retry_seconds = 0.05
        bot = SeatBot(Level.EASY, seed)
        while client.state != "closed" and host.poll() is None:
            if isinstance(client.link, WebSocketClient):
                client.link.inbox.wait(0.002)
            was_away = client.reconnecting_since is not None
            client.update(0.0)
            reconnects += client.reconnecting_since is not None and not was_away
            if client.state == "playing" and not outside.is_alive() and outside.ident is None:
                outside.start()
            bot.step(client)
            link = client.link
            if client.state == "playing" and link is not None and fired < messages:
                for _ in range(rng.randrange(1, 30)):
                    if not budget.take(time.monotonic()):
                        break
                    kind, data = fuzzed(rng, client, sent)
                    counts["insider " + kind] += 1
                    link.send(data)
                    fired += 1
                    if kind in ("out-of-turn", "not-held"):
                        sent.append(data)
                    if kind == "huge":
                        break  # the host closes the connection at once: the rest would be lost
        reasons[client.closed_reason or "?"] += 1
        client.close()
        comebacks += 1
    return {"insider_fired": fired, "insider_reconnects_with_token": reconnects,
            "insider_asked_back_without_token": comebacks - 1, "insider_closed_because": dict(reasons)}


def report(result: dict[str, Any]) -> str:
    return "\n".join([
        (f"host crashed: {result['host_crashed']} (exit code {result['host_exit_code']}); games completed "
         f"{result['games_completed']}; honest friends finished {result['honest_friends_finished']} of 2"),
        f"hostile messages sent: {result['hostile_messages_sent']}; host refused {result['host_refused']}",
        (f"honest friends' wait for an update: median {result['honest_wait_ms_median']} ms, "
         f"max {result['honest_wait_ms_max']} ms over {result['honest_updates']} updates"),
        f"hidden cards leaked: {result['hidden_cards_leaked']} ({result['messages_audited']} messages audited)",
        "sent by kind: " + ", ".join(f"{k} {v}" for k, v in result["sent_by_kind"].items()),
    ])

