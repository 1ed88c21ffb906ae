"""The websockets host under floods at the socket: handshakes capped per address, and a
quiet close (issue 40). Real sockets on 127.0.0.1, port 0; waits end on events."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
from pathlib import Path

from websockets.asyncio.client import connect

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
