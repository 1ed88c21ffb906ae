"""The language setting (issue 44): saved with the settings, chosen in Settings among the
languages named in themselves, applied at once to the open screens, and ``--language``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from hearts_desktop import app as entry
from hearts_desktop import language
from hearts_desktop.persistence import DataPaths, Settings, languages, load_settings, save_settings
from hearts_desktop.ui.form import Choice
from hearts_desktop.ui.menus import MainMenuScene
from hearts_desktop.ui.settings_scene import SettingsScene

from .app_driver import Driver


@pytest.fixture
def locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A catalogue folder holding German (the game's own has none yet), English after."""
    folder = tmp_path / "locale"
    german = Catalog(locale="de", domain=language.DOMAIN)
    german.add("Language", "Sprache")
    german.add("As the system ({name})", "Wie das System ({name})")
    path = languages.catalogue_path("de", folder)
    path.parent.mkdir(parents=True)
    with path.open("wb") as file:
        write_po(file, german)
    monkeypatch.setattr(languages, "locale_folder", lambda: folder)
    monkeypatch.setenv("LANGUAGE", "en")
    return folder


@pytest.fixture
def driver(tmp_path: Path, locale: Path) -> Iterator[Driver]:
    d = Driver(tmp_path / "data")
    yield d
    d.close()


def language_choice(scene: SettingsScene) -> Choice[str]:
    choice = scene.controls[0]
    assert isinstance(choice, Choice)
    return choice


def test_the_language_is_a_setting_that_follows_the_system_by_default(tmp_path: Path) -> None:
    paths = DataPaths.resolve(tmp_path)
    assert Settings().language == languages.SYSTEM
    save_settings(paths.settings, Settings(language="pt_BR"))
    assert load_settings(paths.settings).value.language == "pt_BR"
    body = json.loads(paths.settings.read_text(encoding="utf-8"))
    paths.settings.write_text(json.dumps(body | {"language": "klingon"}), encoding="utf-8")
    loaded = load_settings(paths.settings)
    assert loaded.value.language == languages.SYSTEM
    assert "language" in loaded.messages[0]


def test_settings_offer_each_language_named_in_itself_and_apply_it_at_once(driver: Driver) -> None:
    driver.app.open_settings()
    settings = driver.top
    assert isinstance(settings, SettingsScene)
    choice = language_choice(settings)
    assert choice.options == (("system", "As the system (English)"), ("en", "English"), ("de", "Deutsch"))
    settings.set_focus(choice)
    choice.step(2)  # to Deutsch: saved and spoken at once, no restart
    driver.frame()
    assert language.current() == "de"
    assert driver.app.settings.language == "de"
    reopened = driver.top
    assert isinstance(reopened, SettingsScene) and reopened is not settings  # built again in German
    assert language_choice(reopened).label == "Sprache"
    assert language_choice(reopened).options[0][1] == "Wie das System (English)"
    assert reopened.focused is language_choice(reopened)  # the player's place is kept
    assert isinstance(driver.app.stack.scenes[0], MainMenuScene)
    language_choice(reopened).step(-2)
    driver.frame()
    again = driver.top
    assert isinstance(again, SettingsScene)
    assert language.current() == "en" and language_choice(again).label == "Language"


def test_a_damaged_catalogue_is_said_and_english_is_spoken_the_choice_kept(driver: Driver, locale: Path) -> None:
    languages.catalogue_path("de", locale).write_text('msgid "Language"\nmsgstr "Sprache"\nmsgid "cut off\n', encoding="utf-8")
    driver.app.apply_settings(driver.app.settings.replace(language="de"))
    driver.frame()
    assert language.current() == "en"
    assert driver.app.settings.language == "de"
    assert any("cannot be read" in toast.text for toast in driver.app.toasts.shown)


def test_the_command_line_chooses_the_language_of_one_run(tmp_path: Path, locale: Path) -> None:
    args = entry.parse_args(["--language", "de"])
    assert entry.app_options(args).language == "de"
    with pytest.raises(SystemExit):
        entry.parse_args(["--language", "xx"])
    data = tmp_path / "data"
    save_settings(DataPaths.resolve(data).settings, Settings(sound=False, animations=False))
    from hearts_desktop.ui.app import App

    app = App(entry.app_options(entry.parse_args(["--language", "de", "--data-dir", str(data)])))
    try:
        app.start()
        assert language.current() == "de"
        assert app.settings.language == languages.SYSTEM  # the saved choice is left as it was
    finally:
        app.shutdown()


def test_holding_right_on_the_language_row_steps_through_every_language(tmp_path: Path) -> None:
    """Found by the attack on issue 44: Right from Русский reached עברית, whose mirrored
    interface turned the next Right into a step back: Русский, עברית, Русский, עברית..."""
    driver = Driver(tmp_path / "data", settings=Settings(language=language.ENGLISH))
    try:
        driver.app.open_settings()
        spoken = []
        for _ in range(len(language.SHIPPED) + 1):
            settings = driver.top
            assert isinstance(settings, SettingsScene)
            settings.set_focus(language_choice(settings))
            driver.keys(pygame.K_RIGHT)
            spoken.append(language.current())
        codes = list(language.SHIPPED)
        assert spoken[: len(codes) - 1] == codes[1:]  # English onward to Arabic, through Hebrew
    finally:
        driver.close()
