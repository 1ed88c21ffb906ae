"""The links over websockets: an asyncio loop in a network thread, queues to the game loop.

The game loop never waits on the network: what arrives is put on a thread-safe queue that
the loop empties once a frame (``take``), and what it sends is handed to the network thread
(``send``), which writes it when the socket can take it. websockets does the framing, the
handshake timeout, keep-alive pings and the frame size limit (``MAX_MESSAGE_BYTES``: a
larger frame closes the connection before it is read); compression is off, so a small frame
can never unpack into a large one.

A friend whose connection cannot keep up (``OUTGOING_LIMIT`` messages waiting) is cut off
rather than letting the host's memory grow; their program reconnects and is sent the whole
table again.

Before the host table sees a connection, the host guards the handshake itself: at most
``MAX_HANDSHAKES_PER_ADDRESS`` sockets from one address and ``MAX_HANDSHAKES`` in all may be
in the handshake at once, a handshake has ``HANDSHAKE_SECONDS``, and the accept queue is
long enough that a flood of connections does not leave a friend's knock unanswered. Past a
cap ``admission.IdleGate`` says which socket to close: one whose request is not all in yet
before one that only waits for the host's answer, so a friend's program, which sends its
whole request at once, is not pushed out by silent or half-spoken sockets. The caps are
applied once the loop has read what the sockets it just accepted had already sent
(``_settle``, a callback due at once runs after the loop's reads), and a socket about to
be closed as still asking is first looked at (``_asked_unread``): asyncio accepts a burst
of queued connections before reading any, and a friend's whole request may be waiting
unread in its socket. Each connection is read at most
``READS_PER_SECOND`` messages a second after a burst: a flood waits in its own socket (and
its sender's), not in the host. Closing the host aborts every socket, those still in the
handshake included, and ends every task before the loop stops, so nothing is left to print
a traceback.
"""

from __future__ import annotations

import asyncio
import itertools
import queue
import socket
import threading
from collections.abc import Coroutine
from typing import Any, Final

from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..language import _
from .admission import Bucket, IdleGate
from .link import DEFAULT_PORT, Arrived, Closed, HostArrival, Lost, Opened
from .protocol import MAX_MESSAGE_BYTES

OPEN_SECONDS: Final = 5.0
PING_SECONDS: Final = 5.0
"""A connection that stops answering pings for two of these is closed (a friend's Wi-Fi
gone, a half-open socket, a slow-loris sender stuck in the middle of a frame)."""
OUTGOING_LIMIT: Final = 512
MAX_SOCKETS: Final = 512
"""Open sockets at most, whatever the host table's own limits (a file-descriptor guard)."""
HANDSHAKE_SECONDS: Final = 2.0
"""A friend's program finishes the handshake in milliseconds; this is for slow links."""
MAX_HANDSHAKES_PER_ADDRESS: Final = 16
MAX_HANDSHAKES: Final = 128
ACCEPT_BACKLOG: Final = 1024
REQUEST_END: Final = b"\r\n\r\n"
REQUEST_PEEK_BYTES: Final = 4096
"""A friend's handshake request is a few hundred bytes, sent at once."""
READS_PER_SECOND: Final = 200.0
"""Messages read from one connection a second after ``READ_BURST``: many times what a quick
player sends, so the host table's budget (``host.MESSAGES_PER_SECOND``), not the socket, says
what is too much; a flood past it waits in its own socket."""
READ_BURST: Final = 400.0
SHUT_SECONDS: Final = 1.0
"""How long closing the host waits for goodbyes to be sent before it aborts every socket."""


class NetThread:
    """An asyncio event loop running in a daemon thread."""

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()
        tasks = asyncio.all_tasks(self.loop)  # end what is left as asyncio.run does: quietly
        for task in tasks:
            task.cancel()
        self.loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
        self.loop.run_until_complete(self.loop.shutdown_asyncgens())
        self.loop.close()

    def run(self, coroutine: Coroutine[Any, Any, Any], timeout: float) -> Any:
        """Run ``coroutine`` on the loop and wait for its result here."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def soon(self, callback: Any, *args: Any) -> None:
        try:
            self.loop.call_soon_threadsafe(callback, *args)
        except RuntimeError:
            pass  # the loop has stopped: the link is closed, there is nothing to send

    def stop(self) -> None:
        self.soon(self.loop.stop)
        if threading.current_thread() is not self.thread:
            self.thread.join(timeout=2.0)


class Mailbox:
    """A thread-safe queue the game loop empties, with a wait for headless loops."""

    def __init__(self) -> None:
        self._items: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._ready = threading.Event()

    def put(self, item: Any) -> None:
        self._items.put(item)
        self._ready.set()

    def take(self) -> list[Any]:
        self._ready.clear()
        items = []
        while True:
            try:
                items.append(self._items.get_nowait())
            except queue.Empty:
                return items

    def wait(self, timeout: float) -> None:
        """Block until something arrives or ``timeout`` passes (headless loops sleep here)."""
        self._ready.wait(timeout)


class WebSocketHost:
    """The host's link: a websockets server on ``interface:port`` (port 0: any free one)."""

    def __init__(self, interface: str = "0.0.0.0", port: int = DEFAULT_PORT) -> None:
        self.arrivals = Mailbox()
        self._ids = itertools.count(1)
        self._outgoing: dict[int, asyncio.Queue[bytes | None]] = {}
        self._writers: set[asyncio.Task[None]] = set()
        self._sockets: dict[int, asyncio.Transport] = {}
        """Every socket accepted and not yet lost, by key, handshaking or open."""
        self._handshakes = IdleGate(MAX_HANDSHAKES_PER_ADDRESS, MAX_HANDSHAKES)
        self._settling = False
        self._net = NetThread("hearts-host-network")
        self._server: Server | None = None
        try:
            self.port: int = self._net.run(self._start(interface, port), timeout=OPEN_SECONDS)
        except BaseException:
            self._net.stop()
            raise

    async def _start(self, interface: str, port: int) -> int:
        host = self

        class Gated(ServerConnection):
            """A server connection the host counts from its first byte, handshake included."""

            key = 0

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                assert isinstance(transport, asyncio.Transport)
                self.key = host.accepted(transport)

            def data_received(self, data: bytes) -> None:
                super().data_received(data)
                if self.request is not None:  # the whole request is in
                    host.asked(self.key)

            def connection_lost(self, exc: Exception | None) -> None:
                host.lost(self.key)
                super().connection_lost(exc)

        self._server = await serve(
            self._serve, interface, port, max_size=MAX_MESSAGE_BYTES, compression=None,
            open_timeout=HANDSHAKE_SECONDS, ping_interval=PING_SECONDS, ping_timeout=PING_SECONDS,
            close_timeout=1.0, max_queue=4, create_connection=Gated, backlog=ACCEPT_BACKLOG,
        )
        sockets = list(self._server.sockets)
        return int(sockets[0].getsockname()[1])

    def accepted(self, transport: asyncio.Transport) -> int:
        """A socket accepted: counted as in the handshake; the caps are applied once what
        it has already sent is read."""
        key = next(self._ids)
        peer = transport.get_extra_info("peername")
        self._sockets[key] = transport
        self._handshakes.opened(key, str(peer[0]) if peer else "?", self._net.loop.time())
        if not self._settling:
            self._settling = True
            self._net.loop.call_later(0, self._settle)  # due at once: runs after the next reads
        return key

    def asked(self, key: int) -> None:
        self._handshakes.asked(key)

    def _settle(self) -> None:
        """Abort the sockets over the handshake caps, the least likely friends first."""
        self._settling = False
        for old in self._handshakes.over_caps(self._asked_unread):
            self._sockets.pop(old).abort()

    def _asked_unread(self, key: int) -> bool:
        """Whether a whole HTTP request waits unread in the socket (a look, nothing taken)."""
        accepted = self._sockets[key].get_extra_info("socket")
        if accepted is None or accepted.fileno() < 0:
            return False  # already closing
        peek = socket.socket(fileno=accepted.fileno())
        try:
            return REQUEST_END in peek.recv(REQUEST_PEEK_BYTES, socket.MSG_PEEK)
        except OSError:
            return False  # nothing waiting (or the socket is gone)
        finally:
            peek.detach()  # the fd stays the transport's

    def lost(self, key: int) -> None:
        self._sockets.pop(key, None)
        self._handshakes.spoke(key)

    async def _serve(self, socket: ServerConnection) -> None:
        self._handshakes.spoke(getattr(socket, "key", 0))
        if len(self._outgoing) >= MAX_SOCKETS:
            await socket.close(1013, "The table is busy.")
            return
        conn_id = next(self._ids)
        outgoing: asyncio.Queue[bytes | None] = asyncio.Queue(OUTGOING_LIMIT)
        self._outgoing[conn_id] = outgoing
        address = socket.remote_address[0] if socket.remote_address else "?"
        self.arrivals.put(Opened(conn_id, str(address)))
        writer = asyncio.create_task(_write(socket, outgoing))
        self._writers.add(writer)
        reads = Bucket(READ_BURST, READS_PER_SECOND)
        loop = asyncio.get_running_loop()
        try:
            async for data in socket:
                self.arrivals.put(Arrived(conn_id, data.encode() if isinstance(data, str) else data))
                if not reads.take(loop.time()):
                    await asyncio.sleep(reads.wait(loop.time()))  # a flood waits in its own socket
        except ConnectionClosed:
            pass
        finally:
            writer.cancel()
            self._writers.discard(writer)
            self._outgoing.pop(conn_id, None)
            self.arrivals.put(Closed(conn_id))

    def _enqueue(self, conn_id: int, data: bytes | None) -> None:
        outgoing = self._outgoing.get(conn_id)
        if outgoing is None:
            return
        try:
            outgoing.put_nowait(data)
        except asyncio.QueueFull:
            # Too slow to keep up: drop what waits and close; the friend rejoins afresh.
            while not outgoing.empty():
                outgoing.get_nowait()
            outgoing.put_nowait(None)

    # ------------------------------------------------------------------ HostLink

    def take(self) -> list[HostArrival]:
        arrivals: list[HostArrival] = self.arrivals.take()
        return arrivals

    def send(self, conn_id: int, data: bytes) -> None:
        self._net.soon(self._enqueue, conn_id, data)

    def hang_up(self, conn_id: int) -> None:
        self._net.soon(self._enqueue, conn_id, None)

    def close(self) -> None:
        """Send what is queued (goodbyes included) for up to ``SHUT_SECONDS``, then abort every
        socket, those in the handshake included, and stop the thread without a trace."""
        async def shut() -> None:
            if self._server is not None:
                self._server.server.close()  # no new sockets
            for conn_id in list(self._outgoing):
                self._enqueue(conn_id, None)
            if self._writers:
                await asyncio.wait(list(self._writers), timeout=SHUT_SECONDS)
            for transport in list(self._sockets.values()):
                transport.abort()
            if self._server is not None:
                await asyncio.wait([asyncio.ensure_future(self._server.server.wait_closed())], timeout=SHUT_SECONDS)

        try:
            self._net.run(shut(), timeout=SHUT_SECONDS * 3)
        except (TimeoutError, RuntimeError):
            pass
        self._net.stop()


class WebSocketClient:
    """A friend's link to ``host:port``; connecting happens in the background."""

    def __init__(self, host: str, port: int) -> None:
        self.where = f"{host}:{port}"
        self.inbox = Mailbox()
        self._net = NetThread("hearts-client-network")
        self._outgoing: asyncio.Queue[bytes | None] | None = None
        self._closed = False
        self._net.soon(self._begin, f"ws://{_bracketed(host)}:{port}")

    def _begin(self, uri: str) -> None:
        self._outgoing = asyncio.Queue(OUTGOING_LIMIT)
        self._task = asyncio.ensure_future(self._run(uri))

    async def _run(self, uri: str) -> None:
        reason = _("The connection to the host was lost.")
        try:
            async with connect(uri, max_size=MAX_MESSAGE_BYTES, compression=None, open_timeout=OPEN_SECONDS,
                               ping_interval=PING_SECONDS, ping_timeout=PING_SECONDS, close_timeout=1.0,
                               max_queue=64) as socket:
                assert self._outgoing is not None
                writer = asyncio.create_task(_write(socket, self._outgoing))
                try:
                    async for data in socket:
                        self.inbox.put(data.encode() if isinstance(data, str) else data)
                finally:
                    writer.cancel()
        except ConnectionRefusedError:
            # Translators: {address} is a network address such as 192.168.1.20:47474.
            reason = _("Nobody is hosting a table at {address}.").format(address=self.where)
        except TimeoutError:
            reason = _("No answer from {address}: check the address, and the host's firewall.").format(address=self.where)
        except (OSError, InvalidHandshake, InvalidURI) as error:
            # Translators: {reason} is the system's reason, often in English.
            reason = _("Could not reach {address} ({reason}).").format(address=self.where, reason=error)
        except ConnectionClosed:
            pass
        except asyncio.CancelledError:
            return
        self.inbox.put(Lost(reason))

    def _enqueue(self, data: bytes | None) -> None:
        if self._outgoing is None:
            return
        try:
            self._outgoing.put_nowait(data)
        except asyncio.QueueFull:
            pass  # a friend never has this much to say; the host would refuse it anyway

    # ------------------------------------------------------------------ ClientLink

    def take(self) -> list[bytes | Lost]:
        items: list[bytes | Lost] = self.inbox.take()
        return items

    def send(self, data: bytes) -> None:
        self._net.soon(self._enqueue, data)

    def close(self) -> None:
        """Send what is queued, then close and stop the thread (at once if never connected)."""
        if self._closed:
            return
        self._closed = True

        async def shut() -> None:
            self._enqueue(None)
            try:
                await asyncio.wait_for(asyncio.shield(self._task), 1.0)
            except TimeoutError:
                self._task.cancel()

        try:
            self._net.run(shut(), timeout=2.0)
        except (TimeoutError, RuntimeError, AttributeError):
            pass
        self._net.stop()


async def _write(socket: ServerConnection | ClientConnection, outgoing: asyncio.Queue[bytes | None]) -> None:
    """Send what is queued for one connection, in order, as binary frames; None closes it."""
    try:
        while (data := await outgoing.get()) is not None:
            await socket.send(data)
        await socket.close()
    except ConnectionClosed:
        pass


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (or ``HOST`` alone for the default port), IPv6 in brackets."""
    text = text.strip()
    if not text:
        raise ValueError(_("Type the host's address, e.g. {example}.").format(example=f"192.168.1.20:{DEFAULT_PORT}"))
    if text.startswith("["):
        host, _bracket, rest = text[1:].partition("]")
        port_text = rest.lstrip(":")
    elif text.count(":") == 1:
        host, _colon, port_text = text.partition(":")
    else:
        host, port_text = text, ""
    if not port_text:
        return host, DEFAULT_PORT
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(_("{text} is not a port number (1 to 65535).").format(text=repr(port_text)))
    return host, int(port_text)
