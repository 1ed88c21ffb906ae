"""Text boxes take any character a keyboard, an IME or a paste can produce, or refuse it in
a sentence: none reaches pygame_gui's text layout unchecked, and none closes the game."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_desktop.persistence import NewGameSetup
from hearts_desktop.ui.intents import Intent, KeyPress, PointerDown, TextInput
from hearts_desktop.ui.new_game import NewGameScene
from hearts_desktop.ui.text_field import REFUSED_CATEGORIES, UNSHOWABLE, TextField, typeable
from hearts_desktop.words import Pace

SIZE = (1024, 768)
ANY_CHARACTER = st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=())
"""Surrogates, controls and unassigned code points included: what a broken IME or a paste may send."""
NASTY = ("\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u202e", "\u2060", "\ufeff", "\u00ad", "\u034f",
         "\u0301", "\ufe0f", "\u20dd", "\x00", "\x07", "\x1b", "\x7f", "\ud800", "\udfff", "\U000e0001",
         "\U000f0000", "\u2028", "\u2029", "\n", "\t", "😀", "👨\u200d👩", "\u05d0\u200f", "漢字")


@pytest.fixture(scope="module")
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode(SIZE)


def dialog() -> NewGameScene:
    """The New game dialog with its first name box focused (all its text selected)."""
    scene = NewGameScene(SIZE, NewGameSetup(), Pace.INSTANT, lambda setup, pace: None)
    scene.place()
    return scene


def frame(scene: NewGameScene, surface: pygame.Surface, *intents: Intent) -> None:
    for intent in intents:
        scene.handle(intent)
    scene.update(1 / 30)
    scene.draw(surface)


def first_box(scene: NewGameScene) -> TextField:
    field = scene.seat_controls[0][0]
    assert scene.focused is field
    return field


def typed(text: str) -> list[Intent]:
    """What SDL sends for text typed or composed: a key (for a printable one) and the text."""
    return [KeyPress(0, 0, text[:1]), TextInput(text)]


@pytest.mark.parametrize("text", NASTY)
def test_each_awkward_character_is_taken_or_refused_in_a_sentence(screen: pygame.Surface, text: str) -> None:
    scene = dialog()
    frame(scene, screen)
    field = first_box(scene)
    frame(scene, screen, KeyPress(pygame.K_BACKSPACE, 0, "\b"))  # "You" was selected: now empty
    frame(scene, screen, *typed(text))
    kept, refused = typeable(text)
    assert field.text == kept
    if refused:
        assert scene.text_fields.refusal is not None and "cannot hold" in scene.text_fields.refusal
        assert unicodedata.name(refused[0], f"U+{ord(refused[0]):04X}").lower() in scene.text_fields.refusal
    else:
        assert scene.text_fields.refusal is None


def test_a_mark_alone_is_refused_but_taken_after_a_letter(screen: pygame.Surface) -> None:
    scene = dialog()
    frame(scene, screen)
    field = first_box(scene)
    frame(scene, screen, KeyPress(pygame.K_BACKSPACE, 0, "\b"))
    frame(scene, screen, *typed("\u0301"))
    assert field.text == "" and "combining acute accent" in (scene.text_fields.refusal or "")
    frame(scene, screen, *typed("e"), *typed("\u0301"))
    assert field.text == "e\u0301" and scene.text_fields.refusal is None


def test_a_paste_is_checked_as_typing_is(screen: pygame.Surface) -> None:
    scene = dialog()
    frame(scene, screen)
    field = first_box(scene)
    frame(scene, screen, KeyPress(pygame.K_BACKSPACE, 0, "\b"))
    pygame.scrap.put_text("Zo\u200be\x07y")
    frame(scene, screen, KeyPress(pygame.K_v, pygame.KMOD_CTRL, ""))
    assert field.text == "Zoey"
    assert "zero width space" in (scene.text_fields.refusal or "")


def test_a_box_whose_layout_fails_goes_back_to_what_it_showed(screen: pygame.Surface,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Something pygame_gui cannot lay out that the check let through: the box keeps its last
    text and says so, and the game goes on."""
    scene = dialog()
    frame(scene, screen, *typed("Anna"))
    field = first_box(scene)
    assert field.text == "Anna"
    from pygame_gui.elements import UITextEntryLine

    real = UITextEntryLine.process_event

    def fails_on_q(entry: UITextEntryLine, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT and event.text == "q":
            entry.text += "q"
            raise pygame.error("Text has zero width")
        return bool(real(entry, event))

    monkeypatch.setattr(UITextEntryLine, "process_event", fails_on_q)
    frame(scene, screen, *typed("q"))
    assert field.text == "Anna"
    assert scene.text_fields.refusal == UNSHOWABLE
    monkeypatch.setattr(UITextEntryLine, "process_event", real)
    frame(scene, screen, *typed("!"))
    assert field.text == "Anna!"


EDIT_KEYS = (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END, pygame.K_LEFT, pygame.K_RIGHT)
ACTIONS = st.one_of(
    st.tuples(st.just("type"), st.text(ANY_CHARACTER, min_size=1, max_size=6)),
    st.tuples(st.just("paste"), st.text(ANY_CHARACTER, max_size=12)),
    st.tuples(st.just("key"), st.sampled_from(EDIT_KEYS)),
    st.tuples(st.just("select all"), st.just("")),
    st.tuples(st.just("cut"), st.just("")),
    st.tuples(st.just("resize"), st.sampled_from(((800, 600), (1024, 768), (1920, 1080)))),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=st.lists(ACTIONS, min_size=1, max_size=12))
def test_any_characters_typed_pasted_and_edited_never_break_a_box(screen: pygame.Surface,
                                                                  actions: list[tuple[str, Any]]) -> None:
    scene = dialog()
    frame(scene, screen)
    field = first_box(scene)
    for action, value in actions:
        sent = ""
        if action == "type":
            sent = value
            frame(scene, screen, *typed(sent))
        elif action == "paste":
            sent = value.encode("utf-8", "replace").decode("utf-8").replace("\x00", "")  # a C string of UTF-8
            pygame.scrap.put_text(sent)
            frame(scene, screen, KeyPress(pygame.K_v, pygame.KMOD_CTRL, ""))
        elif action == "key":
            frame(scene, screen, KeyPress(value, 0, ""))
        elif action == "select all":
            frame(scene, screen, KeyPress(pygame.K_a, pygame.KMOD_CTRL, ""))
        elif action == "cut":
            frame(scene, screen, KeyPress(pygame.K_x, pygame.KMOD_CTRL, ""))
        else:
            scene.resize(value)
            frame(scene, screen)
            scene.resize(SIZE)
            frame(scene, screen, PointerDown(field.rect.center))
        if any(unicodedata.category(c) in REFUSED_CATEGORIES for c in sent):
            assert scene.text_fields.refusal is not None
        text = field.text
        assert not any(unicodedata.category(c) in REFUSED_CATEGORIES for c in text), ascii(text)
        assert len(text) <= field.max_length
