"""What the program plays through: the computers' runner and the network, given to it.

The program runs on the real ones (``Services()``): a worker process for the computers'
decisions, websockets and zeroconf for the network. A test or a tool gives others, as it
gives any argument: ``InlineRunner`` thinks in the render loop, the UI fuzzer's network is
one where nobody answers on the clock of its frames. The program itself keeps no switch for
them (python-chess and Arcade keep their benchmarks beside the package, not in it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..controller.bot_runner import BotRunner, ProcessRunner
from .network_access import NetworkAccess, RealNetwork


@dataclass(frozen=True)
class Services:
    bot_runner: Callable[[], BotRunner] = ProcessRunner
    """Makes a runner for the computers' decisions: a worker process (the local games share
    one, ``BotWorker``; a hosted table makes its own)."""
    network: NetworkAccess = field(default_factory=RealNetwork)
    """How network play reaches other computers."""
