"""Two real windows play one network table on localhost, each driven by mouse and keys.

    python -m tests.e2e.run_net_e2e --program .venv/bin/hearts-desktop [--host-language de --friend-language he]

One Xvfb, wide enough for two windows side by side. The host's program and a friend's
program run as separate processes (``--interface 127.0.0.1``: they listen, advertise and
look for tables on loopback only) and are driven only through the X server with xdotool:

- the host: main menu, Play on the network, Host a table (seat 2 open for a friend, the
  others computers), Open the table; the lobby shows the room code (read from the UI log,
  as a person reads it from the screen);
- the friend: Play on the network, Join a table, picks the host's table from those found
  on the network, types the code, Join;
- the host sees the friend joined and presses Start; both windows pass (the host by
  dragging, the friend by clicking) and play a whole hand by clicking legal cards, each
  only on its own turn; both read the hand's score, the friend opens the coach's review of
  its own hand, and both press Next hand; the second deal reaches both;
- the host quits through the menu and, asked since a friend is playing, says Quit again:
  the friend's window says why in one sentence, in the friend's language.

Each program speaks its own language (``--host-language``, ``--friend-language``, English
by default; CI runs a German host and a Hebrew friend): the host sends a friend phrases,
never its own words, so the table found, the lobby and the closing sentence are checked in
the friend's language, through the program's catalogue, and every button is found by its
name in the UI log (run_e2e.py says more).

Screenshots of each stage go to ``artifacts/e2e-net/``. Exits 0 when every stage is
reached, 1 with the stage that failed otherwise.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

from hearts_desktop import __version__
from hearts_desktop.net.discovery import TableAd
from hearts_desktop.net.phrases import HOST_CLOSED
from hearts_desktop.net.protocol import PROTOCOL

from . import run_e2e
from .run_e2e import (
    STAGE_SECONDS,
    Album,
    Person,
    StageFailed,
    language_option,
    pass_by_clicking,
    pass_by_dragging,
    review_the_hand,
    x_server,
)
from .ui_log_reader import Record, card_point, centre

WIDE_SCREEN = "2600x840x24"
WINDOW = "1280x800"
RUN_SECONDS = 420.0
NETWORK = ("--interface", "127.0.0.1", "--port", "0", "--size", WINDOW, "--pace", "quick")
HOST_NAME = "E2E Host"


def wants_move(person: Person) -> bool:
    return person.log.my_move_wanted()


def play_card(person: Person, rng: random.Random) -> None:
    """Click a legal card and wait until it has left the hand (the host applied it)."""
    table = person.log.table
    assert table is not None
    card: str = rng.choice(table["legal"])
    person.click(card_point(table, card))
    hand = table["hand_index"]

    def played() -> bool:  # the hand's last card may come back in the next deal
        now = person.log.table
        return now is not None and (card not in now["cards"] or now["hand_index"] != hand or scored(person))

    person.wait(f"{card} played", played, STAGE_SECONDS)


def scored(person: Person) -> bool:
    return person.log.top == "HandScoreScene"


def play_hand(people: list[Person], rng: random.Random) -> None:
    """Whoever's turn it is plays, in either window, until both show the hand's score."""
    deadline = time.monotonic() + 240
    plays = [0, 0]
    while not all(scored(p) for p in people):
        if time.monotonic() > deadline:
            raise StageFailed(f"the hand did not end; screens: {[p.log.top for p in people]}")
        moved = False
        for index, person in enumerate(people):
            person.log.read()
            if person.process.poll() is not None:
                raise StageFailed(f"window {index + 1} exited{person.output_tail()}")
            if wants_move(person):
                play_card(person, rng)
                plays[index] += 1
                moved = True
                if plays[index] == 6:
                    person.screenshot(f"mid_hand_{'host' if index == 0 else 'friend'}")
        if not moved:
            time.sleep(0.05)
    if min(plays) < 10:
        raise StageFailed(f"each person should have played their 13 cards, played {plays}")


def host_opens_table(host: Person) -> str:
    host.find_window()
    host.xdotool("windowmove", host.window, "0", "0")
    host.wait_for_screen("MainMenuScene")
    host.check_label("network", "Play on the network")
    host.screenshot("host_main_menu")
    host.press("network")
    host.wait_for_screen("NetworkMenuScene")
    host.screenshot("network_menu")
    host.press("host")
    host.wait_for_screen("NewGameScene")
    host.screenshot("host_a_table_dialog")
    host.press("start")
    host.wait("the room code", lambda: bool((host.log.latest.get("screen") or {}).get("room_code")))
    host.screenshot("host_lobby_waiting")
    code: str = host.log.latest["screen"]["room_code"]
    return code


def found_table(person: Person, mark: str = "") -> Record | None:
    """The button of the host's table heard on the network, with its one open seat, as the
    person's program words it (``mark``: "✓ " once chosen)."""
    one_seat = person.reads(lambda: TableAd(HOST_NAME, "", 0, __version__, PROTOCOL, open_seats=1).label)
    screen = person.log.latest.get("screen") or {"targets": []}
    return next((t for t in screen["targets"] if t["label"] == mark + one_seat and t["enabled"]), None)


def type_code(friend: Person, code: str) -> None:
    """Click the code box (where it is drawn now) and type; again if the screen moved."""
    typed = code.lower().replace("-", " ")
    for _ in range(3):
        friend.log.read()
        boxes = [t for t in friend.log.latest["screen"]["targets"] if t["kind"] == "text"]
        friend.click(centre(boxes[1]["rect"]))  # name, code, address
        friend.xdotool("type", "--delay", "60", typed)
        try:
            friend.wait("the code in its box", lambda: any(
                t["kind"] == "text" and t["label"] == typed for t in friend.log.latest["screen"]["targets"]), 5)
            return
        except StageFailed:
            for _ in typed:
                friend.key("BackSpace")
    raise StageFailed("the room code could not be typed into its box")


def friend_joins(friend: Person, code: str) -> None:
    friend.find_window()
    friend.xdotool("windowmove", friend.window, "1300", "0")
    friend.wait_for_screen("MainMenuScene")
    friend.press("network")
    friend.wait_for_screen("NetworkMenuScene")
    friend.press("join")
    friend.wait_for_screen("JoinScene")
    friend.wait("the host's table found on the network", lambda: found_table(friend) is not None, 20)
    table = found_table(friend)
    assert table is not None
    friend.click(centre(table["rect"]))
    friend.wait("the host's table chosen", lambda: found_table(friend, "✓ ") is not None, 5)
    friend.screenshot("join_table_found")
    type_code(friend, code)
    friend.screenshot("join_code_typed")
    friend.press("join")
    friend.wait_for_screen("JoiningScene")
    friend.screenshot("friend_waiting_for_start")


def friend_told_the_host_left(friend: Person) -> None:
    """The host's closing sentence, said by the friend's program in the friend's language."""
    friend.wait_for_screen("TableClosedScene")
    said = friend.log.latest["screen"]["reason"]
    expected = friend.reads(lambda: str(HOST_CLOSED()))
    if said != expected:
        raise StageFailed(f"the friend ({friend.speaks}) should read {expected!r}, reads {said!r}")
    friend.screenshot("friend_told_the_host_left")


def play(program: str, artifacts: Path, options: argparse.Namespace) -> None:
    rng = random.Random(7)
    album = Album(artifacts)
    folders = [Path(tempfile.mkdtemp(prefix=f"hearts-e2e-net-{who}-")) for who in ("host", "friend")]
    try:
        with x_server(WIDE_SCREEN) as display:
            print(f"two windows on X display {display}: the host in {options.host_language}, "
                  f"the friend in {options.friend_language}", flush=True)
            host = Person(program, display, folders[0], album, "host", (*NETWORK, "--name", HOST_NAME),
                          options.host_language)
            friend: Person | None = None
            try:
                code = host_opens_table(host)
                print(f"  room code {code}", flush=True)
                friend = Person(program, display, folders[1], album, "friend", (*NETWORK, "--name", "Fran"),
                                options.friend_language)
                friend_joins(friend, code)
                host.wait("the friend seated", lambda: host.log.target("start") is not None)
                host.screenshot("host_lobby_friend_joined")
                host.press("start")
                pass_by_dragging(host)
                pass_by_clicking(friend)
                host.table_when("the first trick", lambda t: t["phase"] == "playing")
                friend.table_when("the first trick", lambda t: t["phase"] == "playing")
                album.take("both_windows_playing", host.env)
                play_hand([host, friend], rng)
                album.take("both_windows_hand_scored", host.env)
                review_the_hand(friend)  # from the views the host sent: the friend's computer has no game
                for person in (host, friend):
                    person.press("continue")
                for person in (host, friend):
                    person.table_when("the second deal", lambda t: t["hand_index"] == 1)
                album.take("both_windows_second_deal", host.env)
                host.move((640, 430))
                host.xdotool("windowfocus", host.window)  # the friend's window had the keyboard
                host.quit_through_menu(asked=True)  # a friend is playing: the host is asked first
                friend_told_the_host_left(friend)
            finally:
                host.close()
                if friend is not None:
                    friend.close()
    finally:
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)


def languages(parser: argparse.ArgumentParser) -> None:
    language_option(parser, "--host-language", "the host's program")
    language_option(parser, "--friend-language", "the friend's program")


def main() -> int:
    return run_e2e.main(play, Path("artifacts/e2e-net"), "network end-to-end", __doc__, RUN_SECONDS, languages)


if __name__ == "__main__":
    sys.exit(main())
