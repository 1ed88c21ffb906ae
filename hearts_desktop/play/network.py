"""Network play: a table this computer hosts for friends, and a seat at a friend's table.

``HostedPlay.open`` listens for friends, advertises the table where the network lets it and
holds the lobby until the host starts; its game is saved in the network save, apart from the
game against the computers. ``JoinedPlay.knock`` knocks at a table with its room code; the
friend's computer holds only what its seat sees. Everything reaches the network through the
``NetworkAccess`` of the program's ``Services``; the network modules load here, when a table
is opened, looked for or joined, not at start-up.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..controller.table import TableController
from ..controller.table_model import TableModel
from ..engine import Game
from ..language import N_, _, join_names, n_
from ..net.link import DEFAULT_PORT
from ..persistence import NewGameSetup
from ..persistence.rejoin import LeftTable
from ..persistence.seats import DEFAULT_NAMES
from ..words import HOST_NAME, PLAYER_NUMBER, Pace
from .base import ComputerLevels, Offers, Play, PlayContext, ReviewTools
from .network_access import NetworkAccess

if TYPE_CHECKING:
    from ..controller.review import HandReviewer
    from ..net.client import ClientTable
    from ..net.discovery import Advertiser, Browser, TableAd
    from ..net.host import HostTable

ANY_INTERFACE = "0.0.0.0"


@dataclass(frozen=True)
class NetworkPlace:
    """Where network play listens and looks for tables (``--interface``, ``--port``)."""

    interface: str = ANY_INTERFACE
    port: int = DEFAULT_PORT
    """The port a hosted table listens on (0: any free one)."""

    @property
    def discovery_interfaces(self) -> list[str] | None:
        """The interfaces to advertise and look for tables on (None: every one)."""
        return None if self.interface in (ANY_INTERFACE, "") else [self.interface]


def network_name(context: PlayContext, chosen: str | None) -> str:
    """The name to host or join with: ``chosen`` (``--name``), else the one the player chose
    for network tables, else ``suggested_name`` (never the computer's login name: a friend
    would see "Root")."""
    settings = context.session.settings
    return chosen or settings.network_name or suggested_name(settings.new_game)


def suggested_name(setup: NewGameSetup) -> str:
    """The name the player last gave the first person at this computer (New game, hot-seat),
    or "" where it is one the program gave."""
    name = setup.player_name
    return "" if given_by_the_program(name, len(setup.seats)) else name


def given_by_the_program(name: str, players: int) -> bool:
    """Whether ``name`` is one the program gives a person ("You", "Player 1"), not theirs."""
    return name == DEFAULT_NAMES[0] or name in {PLAYER_NUMBER.format(number=n + 1) for n in range(players)}


def friends_playing_question(friends: Sequence[str]) -> str:
    """What Quit asks a host while ``friends`` play at the table."""
    # Translators: {names} is a list of players' names ("Alice, Ben and Clara"); {count} how many.
    return n_("{names} is playing at your table. Quitting closes the table for them, in the middle of the game.",
              "{names} are playing at your table. Quitting closes the table for them, in the middle of the game.",
              len(friends)).format(names=join_names(friends), count=len(friends))


NO_DISCOVERY_JOIN = N_("This network does not allow tables to be found: type the host's address.")
"""Why Join lists no table (the network refuses to let this computer listen for them)."""


def look_for_tables(network: NetworkAccess, place: NetworkPlace) -> tuple[Browser | None, str]:
    """Listen for tables, or say why the network does not let this computer find them."""
    try:
        return network.browse(place.discovery_interfaces), ""
    except OSError:
        return None, _(NO_DISCOVERY_JOIN)


class HostedPlay(Play):
    """A table hosted here: the host plays at this window, friends at theirs."""

    offers = Offers(starts_games=False, next_game=True, all_cards_review=True)

    def __init__(self, context: PlayContext, host: HostTable) -> None:
        self.context = context
        self.host = host
        self.advertiser: Advertiser | None = None
        self.addresses: tuple[str, ...] = ()
        """Where friends can knock when they cannot see the table ("192.168.1.20:47474")."""
        self.discovery_note = ""
        """Why friends cannot find the table on the network, if so: a message (``N_``), said
        where shown in the language in use then."""
        self._advertised_seats = -1
        self._requests_shown: set[int] = set()

    @classmethod
    def open(cls, context: PlayContext, setup: NewGameSetup, pace: Pace, place: NetworkPlace,
             chosen_name: str | None = None) -> HostedPlay | str:
        """Open a table for ``setup`` in its lobby: listen, advertise; else why not, in one
        sentence. ``chosen_name``: the name to host with (``--name``)."""
        from ..net.code import new_code
        from ..net.host import HostTable

        network = context.services.network
        port = place.port
        try:
            link, port = network.listen(place.interface, port)
        except OSError as error:
            # Translators: {reason} is the system's reason, e.g. "Address already in use".
            return _("Could not open a table on port {port}: {reason}.").format(port=port, reason=error.strerror or error)
        seats = list(setup.seats)
        if chosen_name or given_by_the_program(seats[0].name, len(seats)):  # friends would see "You" for someone else
            taken = [seat.name.casefold() for seat in seats[1:]]
            name = network_name(context, chosen_name) or _(HOST_NAME)
            seats[0] = dataclasses.replace(seats[0], name=name if name.casefold() not in taken else _(HOST_NAME))
        host = HostTable(Game(setup.rules, context.new_seed()), seats, context.services.bot_runner, code=new_code(),
                         host_name=seats[0].name, pace=pace, on_change=context.session.hosted_game_changed,
                         link=link, clock=network.clock)
        play = cls(context, host)
        try:
            interfaces = place.discovery_interfaces
            play.advertiser = network.advertise(seats[0].name, port, host.seats_to_take(), interfaces)
            play.addresses = tuple(f"{address}:{port}" for address in (interfaces or network.addresses()))
        except OSError:
            play.discovery_note = N_("This network does not allow tables to be found: friends join by address.")
        return play

    def update(self, dt: float) -> None:
        """In the lobby: the friends' knocks, and the seats to take the advertisement says."""
        self.host.update(dt)
        self.keep_up()

    def keep_up(self) -> None:
        """Friends' knocks answered even under the host's overlays; the advertisement follows
        the seats to take: open ones, and away friends' seats."""
        self.host.answer_arrivals()
        seats = self.host.seats_to_take()
        if seats != self._advertised_seats:
            self._advertised_seats = seats
            if self.advertiser is not None:
                self.advertiser.update(seats)

    def start(self) -> None:
        """Deal: the lobby's seats are the game's."""
        self.host.start()

    @property
    def model(self) -> TableModel:
        return self.host

    @property
    def controller(self) -> TableController | None:
        return self.host.controller

    @property
    def levels(self) -> ComputerLevels:
        return self.host

    @property
    def friends_seats(self) -> HostTable:
        return self.host

    def set_pace(self, pace: Pace) -> None:
        self.host.pace = pace

    def rematch(self) -> HostedPlay:
        """The same table deals again, with the same friends."""
        self.host.rematch(self.context.new_seed())
        return self

    def save_now(self) -> None:
        controller = self.host.controller
        if controller is not None and controller.on_change is not None:
            controller.on_change(controller)

    def friends_playing(self) -> list[str]:
        """The friends seated and connected now."""
        return [state.seat.name for state in self.host.table if state.remote and state.conn_id is not None]

    def quit_question(self) -> str | None:
        friends = [] if self.host.over else self.friends_playing()
        return friends_playing_question(friends) if friends else None

    def take_seat_request(self) -> bool:
        fresh = {request.conn_id for request in self.host.requests} - self._requests_shown
        self._requests_shown |= fresh
        return bool(fresh)

    def close(self) -> None:
        """The friends are told why; the table stops being advertised."""
        if self.advertiser is not None:
            self.advertiser.close()
            self.advertiser = None
        self.host.close()


class JoinedPlay(Play):
    """A seat at a friend's table: this computer shows what the seat sees and sends its moves."""

    offers = Offers(starts_games=False, next_game=False, all_cards_review=False)

    def __init__(self, context: PlayContext, client: ClientTable, address: str, port: int) -> None:
        self.session = context.session
        self.client = client
        self.address = address
        self.port = port
        self._ending_said = False
        self._kept: Game | None = None
        """The finished game last put in the history (once each)."""

    @property
    def where(self) -> str:
        """The address knocked at, as shown while joining."""
        return f"{self.address}:{self.port}"

    @classmethod
    def knock(cls, context: PlayContext, name: str, room_code: str, address: str, chosen: TableAd | None,
              heard: list[TableAd]) -> JoinedPlay | str:
        """Knock at the table the Join screen's answers name; else the problem in one sentence."""
        target = join_target(room_code, address, chosen, heard)
        if isinstance(target, str):
            return target
        room, host_address, port = target
        if not name.isprintable():
            return _("Choose a name made of letters and digits.")
        return cls.at(context, name, room, host_address, port)

    @classmethod
    def rejoin(cls, context: PlayContext, table: LeftTable) -> JoinedPlay:
        """Knock at the table this program left or lost, with the seat's token: the same seat."""
        return cls.at(context, table.name, table.code, table.address, table.port, table.token)

    @classmethod
    def at(cls, context: PlayContext, name: str, room_code: str, address: str, port: int,
           token: str = "") -> JoinedPlay:
        from ..net.client import ClientTable

        network = context.services.network
        client = ClientTable(name, room_code, lambda: network.connect(address, port),
                             runner=context.services.bot_runner(), clock=network.clock, token=token)
        return cls(context, client, address, port)

    @property
    def model(self) -> TableModel:
        return self.client

    def reviewer(self, hand_index: int, seat: int, tools: ReviewTools, all_cards: bool = False) -> HandReviewer:
        """From the views the host sent for each of this seat's decisions."""
        from ..controller.review import HandReviewer

        return HandReviewer.of_seen(tools.runner, self.client.decisions(hand_index), hand_index, seat, tools.cache,
                                    budget=tools.budget, job_ids=tools.job_ids)

    def take_ending(self) -> str | None:
        if self._ending_said or self.client.state != "closed":
            return None
        self._ending_said = True
        return self.client.closed_reason or _("The table has closed.")

    def keep_up(self) -> None:
        """The table to rejoin: noted once seated, forgotten when the game ends or the host
        closes the table (a line lost or a seat left is kept: the token still seats it); the
        game, once over, in the history, or the sentence saying why the host's record was not."""
        client = self.client
        if client.finished is not None and client.finished is not self._kept:
            self._kept = client.finished
            self.session.keep_past_game(client.finished, client.seats)
        if client.record_note is not None:
            self.session.messages.append(client.record_note)
            client.record_note = None
        joined = client.joined
        noted = self.session.left_table
        if client.ended or client.over:
            if noted is not None and (noted.address, noted.port, noted.code) == (self.address, self.port, client.code):
                self.session.remember_table(None)
        elif joined is not None and client.token:
            self.session.remember_table(LeftTable(joined.host, client.name, client.code, self.address, self.port,
                                                  client.token))

    def close(self) -> None:
        """Leave the seat (the host's computer plays it from now on)."""
        self.client.close()
        self.keep_up()


def join_target(code_text: str, address_text: str, chosen: TableAd | None,
                heard: list[TableAd]) -> tuple[str, str, int] | str:
    """The code and where to knock, from what the friend typed or picked; else the problem."""
    from ..net.code import CodeError, parse_code
    from ..net.transport import parse_address

    try:
        code = parse_code(code_text)
    except CodeError as error:
        return str(error)
    if address_text:
        try:
            host, port = parse_address(address_text)
        except ValueError as error:
            return str(error)
        return code, host, port
    table = chosen or (heard[0] if len(heard) == 1 else None)
    if table is None:
        return (_("Pick the host's table in the list, or type its address.") if heard else
                _("No table heard on this network: type the address the host's screen shows."))
    return code, table.address, table.port
