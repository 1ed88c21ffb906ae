"""The games a window can play, one object per kind: ``LocalPlay`` (one computer, against
computers or hot-seat), ``HostedPlay`` (a table this computer opens for friends) and
``JoinedPlay`` (a seat at a friend's table).

A Play owns what its kind of game needs and closes it at its end: its controller or its
link, which save it writes (the solo autosave or the network save), its advertisement on the
network, and its lifetime (opened, started, closed). It says what the window may offer for
it (``Offers``, ``levels``, ``can_restart_hand``...), so the window never asks which kind of
game is on. Nothing here draws: the window shows ``Play.model`` and forwards input to it.

Below the window, above the network tables: ``ui`` imports this package, it imports ``net``
and ``controller``, and the network modules load only when a table is opened or joined.
"""
