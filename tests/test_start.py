"""The program's start: values it cannot use refused by the command line with a sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts_desktop.app import parse_args
from hearts_desktop.persistence.saves import MAX_SEED
from hearts_desktop.ui import window

from .app_driver import Driver

# ---------------------------------------------------------------------- the command line


@pytest.mark.parametrize(("arguments", "sentence"), [
    (["--size", "1x1"], "the window must be from 512x320 to 8192x8192, not 1x1"),
    (["--size=-5x10"], "the window must be from 512x320"),
    (["--size", "-5x10"], "argument --size"),
    (["--size", "100000x800"], "the window must be from 512x320"),
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
    args = parse_args(["--size", "512x320", "--seed", str(MAX_SEED), "--games", "1", "--max-seconds", "0.5"])
    assert args.size == window.SMALLEST and args.seed == MAX_SEED
    assert parse_args(["--size", "8192x8192", "--seed", "0"]).size == (8192, 8192)


def test_a_hand_is_played_in_the_smallest_window(tmp_path: Path) -> None:
    driver = Driver(tmp_path, size=window.SMALLEST)
    try:
        driver.new_game()
        driver.play_through(lambda: bool(driver.app.controller.game.hand.tricks_played >= 3))
    finally:
        driver.close()
