"""The websockets host under floods at the socket: handshakes capped per address, and a
quiet close (issue 40). Real sockets on 127.0.0.1, port 0; waits end on events."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from hearts_desktop.net.link import Arrived
from hearts_desktop.net.transport import MAX_HANDSHAKES_PER_ADDRESS, WebSocketHost

FLOOD = """
import asyncio, sys
port, ready = int(sys.argv[1]), sys.argv[2]
opened = 0
async def unfinished():
    global opened
    while True:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET / HTTP/1.1\\r\\nHost: x\\r\\nUpgrade: websocket\\r\\n")
            opened += 1
            if opened == 800:
                open(ready, "w").close()
            await reader.read(100)
            writer.close()
        except OSError:
            await asyncio.sleep(0.01)
async def main():
    await asyncio.gather(*(unfinished() for _ in range(1200)))
asyncio.run(main())
"""

HOST = """
import os, subprocess, sys, time
from hearts_desktop.net.transport import WebSocketHost
ready = sys.argv[1]
link = WebSocketHost("127.0.0.1", 0)
flood = subprocess.Popen([sys.executable, "-c", sys.argv[2], str(link.port), ready], stderr=subprocess.DEVNULL)
deadline = time.monotonic() + 120
while not os.path.exists(ready) and time.monotonic() < deadline:
    time.sleep(0.01)
link.take()
link.close()
flood.kill()
print("closed during the flood" if os.path.exists(ready) else "the flood never started")
"""


def test_closing_the_host_during_a_handshake_flood_prints_nothing(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", HOST, str(tmp_path / "flooding"), FLOOD], capture_output=True,
                          text=True, timeout=300)
    assert done.stdout.strip() == "closed during the flood"
    assert "Traceback" not in done.stderr and "Task was destroyed" not in done.stderr, done.stderr[:2000]
    assert done.stderr == ""


async def handshake(port: int, source: str) -> bool:
    async with connect(f"ws://127.0.0.1:{port}", open_timeout=10, local_addr=(source, 0)):
        return True


def closed(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def test_unfinished_handshakes_from_one_address_push_out_their_own_oldest_not_a_friend() -> None:
    link = WebSocketHost("127.0.0.1", 0)
    idle = [socket.create_connection(("127.0.0.1", link.port), source_address=("127.0.0.9", 0))
            for _ in range(MAX_HANDSHAKES_PER_ADDRESS * 4)]
    try:
        assert asyncio.run(handshake(link.port, "127.0.0.9"))  # a friend on the flooding computer
        assert asyncio.run(handshake(link.port, "127.0.0.2"))  # and one on another
        assert sum(closed(s) for s in idle) >= MAX_HANDSHAKES_PER_ADDRESS * 3
        assert not any(closed(s) for s in idle[-MAX_HANDSHAKES_PER_ADDRESS + 1:])
    finally:
        for sock in idle:
            sock.close()
        link.close()


SILENT_FLOOD = """
import asyncio, sys
port, count, ready = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
opened = 0
async def silent(number):
    global opened
    source = f"127.0.0.{number % 253 + 2}"  # 253 computers, never the friend's 127.0.0.1
    while True:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
        except OSError:
            await asyncio.sleep(0.01)
            continue
        opened += 1
        if opened == count:
            open(ready, "w").close()
        await reader.read(1)  # never a byte sent: wait for the host to close it, then come back
        writer.close()
async def main():
    await asyncio.gather(*(silent(number) for number in range(count)))
asyncio.run(main())
"""
SILENT_CONNECTIONS = 1000
FRIEND_ATTEMPTS = 12


async def handshake_and_hello(port: int, words: bytes) -> bool:
    """A friend's program: the handshake, then its hello at once; False if the host closed it."""
    try:
        async with connect(f"ws://127.0.0.1:{port}", open_timeout=10, local_addr=("127.0.0.1", 0)) as socket:
            await socket.send(words)
            return True
    except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError):
        return False


def hello_arrived(link: WebSocketHost, words: bytes, seconds: float) -> bool:
    """Whether ``words`` reach the host within ``seconds`` (returns as soon as they do)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if any(isinstance(item, Arrived) and item.data == words for item in link.take()):
            return True
        link.arrivals.wait(0.1)
    return False


def test_silent_connections_from_many_addresses_never_push_out_a_friend(tmp_path: Path) -> None:
    """1,000 sockets that never send a byte, from 253 addresses, reopened as the host closes
    them: each one of a friend's handshakes finishes and its hello arrives (issue 40)."""
    link = WebSocketHost("127.0.0.1", 0)
    ready = tmp_path / "flooding"
    flood = subprocess.Popen([sys.executable, "-c", SILENT_FLOOD, str(link.port), str(SILENT_CONNECTIONS), str(ready)],
                             stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while not ready.exists() and time.monotonic() < deadline and flood.poll() is None:
            link.arrivals.wait(0.05)
        assert ready.exists(), "the flood never opened its connections"
        delivered = []
        for number in range(FRIEND_ATTEMPTS):
            words = f"hello {number}".encode()
            delivered.append(asyncio.run(handshake_and_hello(link.port, words)) and hello_arrived(link, words, 10))
        assert delivered == [True] * FRIEND_ATTEMPTS
    finally:
        flood.kill()
        flood.wait()
        link.close()
