"""Drawing never crashes on words (attack 46, F1): ``theme.text`` is the one function that
draws text, so a NUL, a lone surrogate or a line of nothing visible draws as nothing (an
empty surface of the line's height) instead of raising out of the render loop."""

from __future__ import annotations

import json

import pygame
import pytest

from hearts_desktop.net import protocol as p
from hearts_desktop.ui import theme
from hearts_desktop.ui.network_scenes import TableClosedScene

SIZE = (1280, 800)
SENTENCES = [
    "a\u0000b",
    "Malformed message: a\u0000b",
    "The host kept \u200b's seat for \u200b.",
    "\u202e",
    "\u200b",
    "The host's program said something this version cannot translate: “\u0000”",
    "W" * 300,
    "The host gave your seat to \u202e.retupmoc a.",
]
"""The eight sentences a friend's program made of attack 46's forged goodbyes, as they were
before it cleaned a host's words (render_notes.py): five crashed the drawing."""
FORGED = [
    {"type": "closing", "reason": "a\u0000b"},
    {"type": "closing", "reason": "x", "note": {"message": "Malformed message: {details}",
                                                "values": {"details": "a\u0000b"}}},
    {"type": "closing", "reason": "x", "note": {"message": "The host kept {owner}'s seat for {owner}.",
                                                "values": {"owner": "\u200b"}}},
    {"type": "closing", "reason": "\u202e"},
    {"type": "closing", "reason": "\u200b"},
    {"type": "closing", "reason": "\u0000", "note": {"message": "nope {x}", "values": {}}},
    {"type": "closing", "reason": "W" * 300},
    {"type": "closing", "reason": "x", "note": {"message": "The host gave your seat to {name}.",
                                                "values": {"name": "\u202e.retupmoc a"}}},
]
"""The forged goodbyes themselves, as a hostile host sends them."""


@pytest.fixture
def screen() -> pygame.Surface:
    pygame.init()
    return pygame.display.set_mode(SIZE)


@pytest.mark.parametrize("label", ["\u0000", "a\u0000b", "\u200b", "\u202e", "\ufeff", "\u2028", "\ud800",
                                   "a\ud800b", "\u05d3\u05e0\u05d4 \u200b"])
def test_words_that_cannot_be_drawn_draw_as_an_empty_line(label: str) -> None:
    pygame.font.init()
    size = 20
    drawn = theme.text(label, size, theme.INK)
    assert drawn.get_height() == theme.font(size).get_height()


@pytest.mark.parametrize("label", ["\u0000", "\u200b", "\u202e", "\ud800"])
def test_nothing_visible_draws_nothing(label: str) -> None:
    pygame.font.init()
    assert theme.text(label, 20, theme.INK).get_width() == 0


@pytest.mark.parametrize("sentence", SENTENCES)
def test_the_goodbye_screen_draws_any_sentence(screen: pygame.Surface, sentence: str) -> None:
    TableClosedScene(SIZE, sentence, lambda: None).draw(screen)


@pytest.mark.parametrize("message", FORGED)
def test_the_goodbye_screen_draws_what_a_hostile_host_said(screen: pygame.Surface, message: object) -> None:
    said = p.said(p.decode_host(json.dumps(message).encode()))  # type: ignore[arg-type]
    scene = TableClosedScene(SIZE, said, lambda: None)
    scene.draw(screen)
    assert scene.reason.isprintable() and scene.reason.strip()
