"""Playing with friends on their own computers: a table on the local network.

The host's program is the one authority: it runs the engine and the controller as for any
game, and each friend's seat answers its decisions over the network. A friend's program
holds only its seat's ``PlayerView`` and the public events, redacted by the host.

Layers, so the security-relevant parts are testable without a socket:

- ``code``: room codes and the numbers that limit guessing;
- ``admission``: which connections may stay and whose code is compared, and when;
- ``names``: one form for each name, and none that looks like another seat's;
- ``protocol``: the typed, versioned messages (msgspec structs) and their size limit;
- ``redact``: what of each event one seat may see;
- ``remote_seats``: a bot runner that holds a friend's decisions for the friend;
- ``lobby``: the host's seats, who sits where, rejoin tokens and requests for a seat;
- ``hosted_game``: the host's one controller, friends' turns, and what each seat is sent;
- ``host``: the host's table, coordinating admission, the lobby and the game;
- ``client``: a friend's table; both fed bytes and time, producing bytes;
- ``transport``: websockets in a network thread, talking to the loop through queues;
- ``discovery``: zeroconf (mDNS/DNS-SD) adverts and browsing;
- ``headless``: whole games without a window (``--headless``; tests and benchmarks too).

Nothing here is imported unless the player hosts or joins, so the program opens no socket
otherwise; nothing here imports pygame.
"""
