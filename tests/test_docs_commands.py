"""Every command the README, docs/ and the benchmark logs quote still exists: each one's
``--help`` runs.

A command in a benchmark log that names a module no longer there (``python -m
hearts_desktop.arena`` did, for months) is found here, not by a reader. Only the command and
its subcommands are run, with ``--help``: nothing is played, measured or built.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "benchmarks").glob("*.txt"))]
QUOTED = re.compile(r"`([^`\n]+)`|```[a-z]*\n(.*?)```|^\$ (.+)$", re.DOTALL | re.MULTILINE)
"""Code in backquotes (Markdown) and lines typed at a prompt (``$ python ...``, the logs)."""
COMMAND = re.compile(r"(?:^|[\s/])python3? (?:-P )?(-m [\w.]+|[\w./-]+\.py)((?: [a-z][\w-]*)*)")
SUBCOMMAND = re.compile(r"[a-z][a-z-]*")
NEEDS = {"benchmarks/openspiel_engine.py": "pyspiel"}
"""Scripts that import what only their own environment holds (named where they are quoted)."""


def quoted_commands() -> list[tuple[str, ...]]:
    """Each distinct ``python -m module [subcommand]`` or ``python script.py [subcommand]``."""
    found: set[tuple[str, ...]] = set()
    for document in DOCUMENTS:
        for quoted in QUOTED.findall(document.read_text(encoding="utf-8")):
            for target, words in COMMAND.findall("".join(quoted)):
                subcommands = [w for w in words.split() if SUBCOMMAND.fullmatch(w)][:1]
                found.add((*target.split(), *subcommands))
    return sorted(found)


def test_the_documents_quote_commands() -> None:
    """The pattern still matches what the documents write (or every check below is vacuous)."""
    assert ("-m", "benchmarks", "layout") in quoted_commands()


@pytest.mark.parametrize("command", quoted_commands(), ids=" ".join)
def test_each_quoted_command_answers_help(command: tuple[str, ...]) -> None:
    script = command[0] if command[0] != "-m" else None
    if script in NEEDS:
        pytest.importorskip(NEEDS[script])
    result = subprocess.run([sys.executable, *command, "--help"], cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, f"python {' '.join(command)} --help:\n{result.stderr[-2000:]}"
    assert "usage" in result.stdout.lower()
