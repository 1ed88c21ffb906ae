"""The README's two newcomer commands stay true: CI runs exactly the README's test line."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    first_screen = text.split("\n## ", 1)[0]
    return re.findall(r"```\n(.+?)\n```", first_screen)


def test_first_screen_has_exactly_two_commands() -> None:
    commands = readme_commands()
    assert len(commands) == 2
    assert "hearts-desktop" in commands[0]
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert readme_commands()[1] in ci.splitlines()
