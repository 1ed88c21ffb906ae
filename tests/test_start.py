"""The program's start: values it cannot use refused by the command line, no display, and
missing or damaged files it ships with, each one sentence and a non-zero exit."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from hearts_desktop import resources
from hearts_desktop.app import parse_args
from hearts_desktop.controller.session import Session
from hearts_desktop.engine import CARDS
from hearts_desktop.persistence.lock import FolderInUse
from hearts_desktop.persistence.saves import MAX_SEED
from hearts_desktop.ui import app as app_module
from hearts_desktop.ui import card_art, message_window, startup, window
from hearts_desktop.ui.app import AppOptions, RunLimits, alert, run
from hearts_desktop.ui.intents import Intent, PointerDown, PointerUp

from .app_driver import Driver
from .test_smoke import run_program

# ---------------------------------------------------------------------- the command line


@pytest.mark.parametrize(("arguments", "sentence"), [
    (["--size", "1x1"], "the window must be from 800x600 to 8192x8192, not 1x1"),
    (["--size=-5x10"], "the window must be from 800x600"),
    (["--size", "-5x10"], "argument --size"),
    (["--size", "100000x800"], "the window must be from 800x600"),
    (["--size", "1280"], "a window size is WIDTHxHEIGHT"),
    (["--seed", "-1"], f"must be a whole number from 0 to {MAX_SEED}, not '-1'"),
    (["--seed", str(MAX_SEED + 1)], f"must be a whole number from 0 to {MAX_SEED}"),
    (["--seed", "lucky"], "must be a whole number"),
    (["--autoplay", "--games", "0"], "--games: must be a whole number 1 or more, not '0'"),
    (["--max-seconds", "0"], "--max-seconds: must be a number of seconds above 0"),
    (["--max-seconds", "nan"], "--max-seconds: must be a number of seconds above 0"),
])
def test_values_the_program_cannot_use_are_refused_with_a_sentence(
        arguments: list[str], sentence: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--size 1x1`` divided by zero in the layout, ``--size -5x10`` was a traceback, and
    ``--seed -1`` reached the save thread, which refused the game."""
    with pytest.raises(SystemExit) as refused:
        parse_args(arguments)
    assert refused.value.code == 2
    said = capsys.readouterr().err
    assert sentence in said and "Traceback" not in said


def test_the_limits_themselves_are_accepted() -> None:
    args = parse_args(["--size", "800x600", "--seed", str(MAX_SEED), "--games", "1", "--max-seconds", "0.5"])
    assert args.size == window.SMALLEST and args.seed == MAX_SEED
    assert parse_args(["--size", "8192x8192", "--seed", "0"]).size == (8192, 8192)


def test_a_hand_is_played_in_the_smallest_window(tmp_path: Path) -> None:
    driver = Driver(tmp_path, size=window.SMALLEST)
    try:
        driver.new_game()
        driver.play_through(lambda: bool(driver.controller.game.hand.tricks_played >= 3))
    finally:
        driver.close()


# ---------------------------------------------------------------------- no display


HANG_GUARD_SECONDS = 240
"""A program still running this long hangs; a busy machine only starts it more slowly."""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a Linux desktop without its display")
def test_without_a_display_the_program_says_so_and_exits(tmp_path: Path) -> None:
    """Over SSH, say: SDL fell back to its offscreen driver and the program ran forever,
    drawing into memory. (It exits as soon as it has started; the guard only tells a hang
    from a start slowed by a busy machine.)"""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    try:
        result = subprocess.run([sys.executable, "-m", "hearts_desktop", "--data-dir", str(tmp_path)],
                                env=env, capture_output=True, text=True, timeout=HANG_GUARD_SECONDS, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the program was still running after {HANG_GUARD_SECONDS} s with no display")
    assert result.returncode != 0
    assert "needs a screen to draw on and found none" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_driver_asked_for_is_not_mistaken_for_no_display() -> None:
    assert "dummy" in startup.asked_drivers()  # conftest asks for it, as the build checks do
    startup.open_display()
    assert pygame.display.get_driver() == "dummy"


# ---------------------------------------------------------------------- the files the game ships with


@pytest.fixture
def assets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the shipped files that the test may damage, used in place of the real ones."""
    copy = tmp_path / "assets"
    shutil.copytree(resources.assets_root(), copy)
    monkeypatch.setattr(resources, "assets_root", lambda: copy)
    startup.check_assets.cache_clear()
    yield copy
    startup.check_assets.cache_clear()


def damage(path: Path, how: str) -> None:
    if how == "missing":
        path.unlink()
    elif how == "truncated":
        path.write_bytes(path.read_bytes()[: path.stat().st_size // 3])
    else:
        path.write_bytes(b"\x00" * 512)


# The four-colour deck is not the one a new player's settings use: its faces were read
# only when a player chose it.
DAMAGE = [("cards/4color/QS.png", "truncated"), ("cards/2color/7H.png", "zeroed"), ("cards/back.png", "missing"),
          ("cards/4color/2C.png", "missing"), ("fonts/DejaVuSans.ttf", "truncated"),
          ("fonts/DejaVuSans-Bold.ttf", "zeroed")]


@pytest.mark.parametrize(("name", "how"), DAMAGE)
def test_a_missing_or_damaged_file_is_named_at_start_up_and_the_program_exits(
        assets: Path, tmp_path: Path, name: str, how: str) -> None:
    damage(assets / name, how)
    sabotage = f"import hearts_desktop.resources as r, pathlib\nr.assets_root = lambda: pathlib.Path({str(assets)!r})"
    result = run_program(["--exit-after-first-frame"], tmp_path / "data", before_main=sabotage)
    assert result.returncode == 2
    ours = result.stderr.splitlines()[-1]  # libpng may say what it tripped on first
    assert str(assets / name) in ours and "Traceback" not in result.stderr, result.stderr
    assert ("missing" if how == "missing" else "damaged") in ours


def test_one_changed_byte_inside_a_card_file_is_found_without_decoding_it(assets: Path) -> None:
    """The start-up check reads the files' checksums, not their pictures: a flipped bit in
    the middle of the image data is still named."""
    path = assets / "cards" / "2color" / "5D.png"
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x10
    path.write_bytes(bytes(data))
    with pytest.raises(resources.DamagedAsset, match="5D.png"):
        startup.check_assets()


def test_an_untouched_card_file_is_whole_and_any_cut_of_it_is_not() -> None:
    data = resources.asset_path("cards", "back.png").read_bytes()
    assert startup.png_is_whole(data)
    assert not any(startup.png_is_whole(data[:end]) for end in range(0, len(data), max(1, len(data) // 97)))


def test_the_sentence_goes_to_a_message_box_too(assets: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A double-clicked program has no terminal: stderr alone reached nobody."""
    damage(assets / "cards" / "4color" / "KD.png", "zeroed")
    said: list[str] = []
    monkeypatch.setattr(app_module, "alert", said.append)
    assert run(AppOptions(data_dir=tmp_path), limits=RunLimits(frames=1)) == 2
    assert len(said) == 1 and "KD.png" in said[0] and "damaged" in said[0]


def test_the_data_folder_is_free_while_the_sentence_is_shown(
        assets: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The system's box is drawn by a process SDL forks, which inherits the folder's lock: a
    program killed with its box up left that process holding it, and every next start said
    "already open". The lock and the worker are let go before the box appears."""
    damage(assets / "cards" / "back.png", "missing")
    opened: list[bool] = []

    def box(_: str) -> None:
        try:
            Session.open(tmp_path).close()
            opened.append(True)
        except FolderInUse:
            opened.append(False)

    monkeypatch.setattr(app_module, "alert", box)
    assert run(AppOptions(data_dir=tmp_path), limits=RunLimits(frames=1)) == 2
    assert opened == [True]


def test_an_alert_is_a_message_box_on_a_screen_and_only_stderr_under_a_dummy_driver(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    boxes: list[tuple[str, str]] = []
    monkeypatch.setattr(pygame.display, "message_box", lambda title, message, **_: boxes.append((title, message)))
    alert("One sentence.")
    assert boxes == [] and capsys.readouterr().err == "One sentence.\n"  # nobody watches a dummy screen
    monkeypatch.setattr(startup, "asked_drivers", lambda: [""])
    alert("One sentence.")
    assert boxes == [("Hearts Desktop", "One sentence.")]


def test_the_rest_of_the_deck_is_read_a_little_each_frame_never_all_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading the deck's remaining faces after the first frame held the second frame for
    50-70 ms; each frame now reads at least one face and stops when its time is up."""
    pygame.display.init()
    read: list[str] = []
    load = pygame.image.load

    def counted(path: str) -> pygame.Surface:
        read.append(path)
        return load(path)

    card_art._load.cache_clear()
    monkeypatch.setattr(pygame.image, "load", counted)
    art = card_art.CardArt("4color")
    read.clear()  # the back
    art.read_more(seconds=0.0)
    assert len(read) == 1
    for _ in range(len(CARDS)):
        art.read_more(seconds=0.0)
    assert len(read) == len(CARDS)
    art.read_more()
    assert len(read) == len(CARDS)  # nothing left to read


def test_where_the_system_box_cannot_be_shown_a_window_of_our_own_says_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 40: on a desktop without zenity (KDE, Xfce, minimal installs) the system's box
    fails, and a double-clicked program showed a black screen and closed, the sentence on
    stderr only. Our own window shows it until Close is pressed."""
    sentence = ("The card image /home/anna/.local/share/HeartsDesktop/cards/4color/KD.png is damaged: "
                "install Hearts Desktop again.")

    def no_zenity(title: str, message: str, **_: object) -> None:
        raise pygame.error("zenity is not installed")

    shown: list[pygame.Surface] = []
    pygame.font.init()
    window = message_window.MessageWindow(sentence)
    click = window.button.center

    class Person:
        """Reads the window, then presses Close."""

        def __init__(self) -> None:
            self.frames = 0

        def read(self) -> list[Intent]:
            self.frames += 1
            surface = pygame.display.get_surface()
            if self.frames == 1 or surface is None:
                return [PointerDown((5, 5)), PointerUp(click)]  # a press that began off the button does nothing
            shown.append(surface.copy())
            return [PointerDown(click), PointerUp(click)]

    monkeypatch.setattr(startup, "asked_drivers", lambda: [""])
    monkeypatch.setattr(pygame.display, "message_box", no_zenity)
    monkeypatch.setattr(message_window, "InputReader", Person)
    alert(sentence)
    assert capsys.readouterr().err == sentence + "\n"
    assert len(shown) == 1, "the window stayed until Close was pressed"
    drawn = shown[0]
    assert drawn.get_size() == window.size and len(window.lines) >= 3  # the path broken over lines
    ink = sum(drawn.get_at((x, y))[:3] == message_window.INK for x in range(0, drawn.get_width(), 2)
              for y in range(0, window.button.top, 2))
    assert ink > 100, "the sentence is drawn"
    assert not pygame.display.get_init(), "the window is gone"


def test_a_long_path_is_broken_to_fit_the_message_window() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, message_window.FONT_SIZE)
    path = "/" + "very-long-folder-name/" * 12 + "x.json."
    lines = message_window.wrapped(f"Cannot open {path}\nSecond line.", font, 300)
    assert all(font.size(line)[0] <= 300 for line in lines)
    assert lines[0] == "Cannot open" and "".join(lines[1:-1]) == path and lines[-1] == "Second line."
