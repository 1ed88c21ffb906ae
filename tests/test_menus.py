"""Every menu path, the New game dialog and the Settings screen, through the real app."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from datetime import datetime
from itertools import combinations
from pathlib import Path

import pygame
import pytest

from benchmarks.app_state import controller_of, table_of
from hearts_desktop.coach.review import marks_sentence
from hearts_desktop.engine import Ruleset, describe, preset_by_key
from hearts_desktop.engine.rules import PassCycle, RulesetError
from hearts_desktop.net.names import NameRefused, clean_name
from hearts_desktop.persistence import (
    NewGameSetup,
    SavedGame,
    Seat,
    default_seats,
    load_settings,
    load_statistics,
)
from hearts_desktop.persistence.paths import DataPaths
from hearts_desktop.ui import theme
from hearts_desktop.ui.form import Choice, FormScene
from hearts_desktop.ui.info_scenes import ACCURACY_SENTENCE, TextScene
from hearts_desktop.ui.intents import PointerDown, TextInput
from hearts_desktop.ui.menus import (
    ConfirmScene,
    DifficultyScene,
    GameMenuScene,
    MainMenuScene,
    replace_question,
)
from hearts_desktop.ui.network_scenes import NetworkMenuScene
from hearts_desktop.ui.new_game import ADVANCED, NewGameScene, SetupDraft
from hearts_desktop.ui.overlays import tie_sentence
from hearts_desktop.ui.scene import Scene
from hearts_desktop.ui.settings_scene import SettingsScene
from hearts_desktop.ui.stats_scene import StatisticsScene
from hearts_desktop.ui.table_scene import TableScene
from hearts_desktop.ui.widgets import Button
from hearts_desktop.words import Level, Pace, SeatKind

from .app_driver import Driver, finished_game


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    d = Driver(tmp_path)
    yield d
    d.close()


def labels(scene: Scene | None) -> list[str]:
    assert isinstance(scene, FormScene)
    return [c.label for c in scene.controls if isinstance(c, Button)]


def tab_to(driver: Driver, control: object) -> None:
    for _ in range(40):
        if getattr(driver.top, "focused", None) is control:
            return
        driver.keys(pygame.K_TAB)
    raise AssertionError("Tab never reached the control")


def press(driver: Driver, label: str) -> None:
    """Tab to the button with ``label`` and press Enter, as a keyboard user would."""
    scene = driver.top
    for _ in range(30):
        focused = getattr(scene, "focused", None)
        if isinstance(focused, Button) and focused.label == label:
            driver.keys(pygame.K_RETURN)
            return
        driver.keys(pygame.K_TAB)
    raise AssertionError(f"no button {label!r}")


# ---------------------------------------------------------------------- main menu


def test_the_first_screen_is_the_main_menu_without_continue(driver: Driver) -> None:
    assert isinstance(driver.top, MainMenuScene)
    assert labels(driver.top) == ["New game", "Play on the network", "Settings", "Statistics", "Rules", "Quit"]


@pytest.mark.parametrize(("label", "scene"), [("New game", NewGameScene), ("Settings", SettingsScene),
                                              ("Statistics", StatisticsScene), ("Rules", TextScene),
                                              ("Play on the network", NetworkMenuScene)])
def test_each_main_menu_entry_opens_its_screen_and_esc_returns(driver: Driver, label: str,
                                                               scene: type) -> None:
    press(driver, label)
    assert isinstance(driver.top, scene)
    driver.keys(pygame.K_ESCAPE)
    assert isinstance(driver.top, MainMenuScene)


def test_quit_from_the_main_menu(driver: Driver) -> None:
    press(driver, "Quit")
    assert not driver.app.running


def test_rules_screen_says_what_the_engine_plays(driver: Driver) -> None:
    omnibus = preset_by_key("omnibus").rules
    driver.app.apply_settings(driver.app.settings.replace(new_game=NewGameSetup.of(default_seats(), omnibus)))
    press(driver, "Rules")
    scene = driver.top
    assert isinstance(scene, TextScene) and "Omnibus" in scene.heading
    assert [right for _, right in scene.entries] == [*describe(omnibus), marks_sentence(), ACCURACY_SENTENCE]


def test_the_rules_screen_scrolls_when_the_window_is_small(driver: Driver) -> None:
    driver.app.open_rules()
    scene = driver.top
    assert isinstance(scene, TextScene)
    scene.resize((520, 330))
    driver.frame()
    assert scene.max_first_line > 0 and scene.down.enabled
    driver.keys(pygame.K_END)
    assert scene.first_line == scene.max_first_line
    driver.keys(pygame.K_HOME)
    assert scene.first_line == 0


# ---------------------------------------------------------------------- in-game menu


def test_esc_at_the_table_opens_the_game_menu_and_resume_closes_it(driver: Driver) -> None:
    driver.new_game()
    driver.keys(pygame.K_ESCAPE)
    assert isinstance(driver.top, GameMenuScene)
    assert labels(driver.top) == ["Resume", "New game", "Restart hand", "Opponents' difficulty", "Settings",
                                  "Rules", "Statistics", "Keyboard help", "Main menu", "Quit"]
    driver.keys(pygame.K_RETURN)
    assert isinstance(driver.top, TableScene)


@pytest.mark.parametrize(("label", "scene"), [("New game", NewGameScene), ("Settings", SettingsScene),
                                              ("Statistics", StatisticsScene), ("Rules", TextScene),
                                              ("Keyboard help", TextScene),
                                              ("Opponents' difficulty", DifficultyScene)])
def test_each_game_menu_entry_opens_its_screen_over_the_table(driver: Driver, label: str, scene: type) -> None:
    driver.new_game()
    driver.keys(pygame.K_ESCAPE)
    press(driver, label)
    assert isinstance(driver.top, scene)
    driver.keys(pygame.K_ESCAPE)
    assert isinstance(driver.top, TableScene)


def test_main_menu_from_the_game_offers_continue_and_continue_resumes(driver: Driver) -> None:
    driver.new_game()
    driver.play_through(lambda: len(driver.controller.game.actions) >= 10)
    actions = list(driver.controller.game.actions)
    driver.keys(pygame.K_ESCAPE)
    press(driver, "Main menu")
    assert isinstance(driver.top, MainMenuScene)
    assert labels(driver.top)[0] == "Continue" and driver.top.notes[0].startswith("Saved game: hand 1")
    driver.top.focused.action()  # type: ignore[union-attr]  # Enter, without the frame after it
    assert isinstance(driver.top, TableScene)
    assert driver.controller.game.actions == actions


def test_quit_from_the_game_menu(driver: Driver) -> None:
    driver.new_game()
    driver.keys(pygame.K_ESCAPE)
    press(driver, "Quit")
    assert not driver.app.running


def test_restart_hand_deals_the_same_cards_again(driver: Driver) -> None:
    driver.new_game()
    dealt = driver.controller.game.hand.hands.copy()
    driver.play_through(lambda: driver.controller.game.hand.tricks_played >= 3)
    driver.keys(pygame.K_ESCAPE)
    press(driver, "Restart hand")
    game = driver.controller.game
    assert isinstance(driver.top, TableScene)
    assert game.hand.tricks_played == 0 and game.hand.hands == dealt  # the computers may have passed again
    assert not [a for a in game.actions if a.seat == 0]


def test_restart_hand_is_offered_only_once_something_happened(driver: Driver) -> None:
    driver.app.start_new_game(NewGameSetup(), Pace.INSTANT)
    assert not driver.app.can_restart_hand()
    driver.keys(pygame.K_ESCAPE)  # the menu opens before anyone moved, and pauses the table
    menu = driver.top
    assert isinstance(menu, GameMenuScene)
    restart = next(c for c in menu.controls if isinstance(c, Button) and c.label == "Restart hand")
    assert not restart.enabled
    driver.keys(pygame.K_ESCAPE)  # back at the table, the computers pass
    assert driver.app.can_restart_hand()


def test_difficulty_changes_during_the_game_take_effect(driver: Driver) -> None:
    driver.new_game()
    driver.play_through(driver.human_to_act)
    driver.act_by_click()  # the game is saved from the person's first move on
    driver.app.open_difficulty()
    scene = driver.top
    assert isinstance(scene, DifficultyScene)
    assert [c.label for c in scene.controls if isinstance(c, Choice)] == ["Bo", "Cy", "Di"]
    driver.keys(pygame.K_RIGHT, pygame.K_RIGHT)  # Bo: easy -> medium -> hard
    assert driver.controller.seats[1].level == "hard"
    driver.app.session.autosaver.flush()  # type: ignore[union-attr]
    saved = DataPaths.resolve(driver.data_dir).autosave.read_text()
    assert '"hard"' in saved


# ---------------------------------------------------------------------- new game dialog


def test_setup_draft_builds_the_ruleset_and_seats() -> None:
    draft = SetupDraft(NewGameSetup())
    draft.choose_preset("black-maria")
    assert draft.players == 3 and draft.rules() == preset_by_key("black-maria").rules
    draft.seats[1].kind = SeatKind.HUMAN
    draft.seats[1].name = "  Zoë "
    draft.seats[2].level = Level.EXPERT
    setup = draft.setup()
    assert setup.seats == (Seat("You", SeatKind.HUMAN), Seat("Zoë", SeatKind.HUMAN), Seat("Ben", SeatKind.COMPUTER, Level.EXPERT))
    assert setup.preset == "black-maria"


def test_setup_draft_refuses_a_conflict_with_the_engines_sentence() -> None:
    draft = SetupDraft(NewGameSetup())
    draft.set_option("players", 3)
    with pytest.raises(RulesetError) as error:
        Ruleset.for_players(3, pass_cycle=PassCycle.LEFT_RIGHT_ACROSS_HOLD)
    assert draft.problem() == str(error.value)
    assert draft.preset_key() == "custom"
    with pytest.raises(ValueError):
        draft.setup()
    draft.set_option("pass_cycle", PassCycle.LEFT_RIGHT_HOLD)
    assert draft.problem() is None and draft.setup().rules.players == 3


def test_setup_draft_names_default_and_must_differ() -> None:
    draft = SetupDraft(NewGameSetup())
    draft.seats[0].name = " "
    assert draft.names()[0] == "You"
    draft.seats[2].name = "alice"
    assert draft.problem() == "Two players are called alice: give each a different name."


def open_dialog(driver: Driver) -> NewGameScene:
    press(driver, "New game")
    scene = driver.top
    assert isinstance(scene, NewGameScene)
    return scene


def test_dialog_defaults_are_you_and_three_medium_computers_standard_friendly(driver: Driver) -> None:
    driver.app.apply_settings(driver.app.settings.replace(pace=Pace.FRIENDLY))
    scene = open_dialog(driver)
    assert scene.draft.setup() == NewGameSetup()
    assert scene.preset.text == "Standard" and scene.pace is Pace.FRIENDLY


def test_dialog_by_keyboard_builds_the_game_and_remembers_it(driver: Driver) -> None:
    scene = open_dialog(driver)
    driver.frame()
    assert scene.focused is scene.seat_controls[0][0]  # the first name box
    driver.frame(TextInput("Mia"))  # typing replaces the selected default name
    tab_to(driver, scene.seat_controls[1][1])  # Alice: Computer -> Human
    driver.keys(pygame.K_RIGHT)
    tab_to(driver, scene.preset)
    driver.keys(pygame.K_RIGHT, pygame.K_RIGHT)  # Standard -> Black Lady -> Omnibus
    driver.keys(pygame.K_TAB, pygame.K_LEFT, pygame.K_LEFT)  # game to 50
    press(driver, "Start game")
    app = driver.app
    assert isinstance(driver.top, TableScene) or controller_of(app).hot_seat
    assert controller_of(app).game.rules == preset_by_key("omnibus").rules.replace(target=50)
    assert [(s.name, s.kind) for s in controller_of(app).seats] == [
        ("Mia", "human"), ("Alice", "human"), ("Ben", "computer"), ("Clara", "computer")]
    stored = load_settings(DataPaths.resolve(driver.data_dir).settings).value.new_game
    assert stored.seats[0].name == "Mia" and stored.rules.target == 50 and stored.preset == "custom"
    assert open_dialog_again(driver).draft.setup() == stored


def open_dialog_again(driver: Driver) -> NewGameScene:
    driver.app.open_new_game()
    scene = driver.top
    assert isinstance(scene, NewGameScene)
    return scene


def test_dialog_shows_the_conflict_and_will_not_start(driver: Driver) -> None:
    scene = open_dialog(driver)
    scene._toggle_advanced()
    players = scene.advanced[0]
    driver.frame()
    players.click((players.value_rect().left + 2, players.value_rect().centery))  # 4 -> 3
    driver.frame()
    assert scene.draft.players == 3
    assert not scene.start_button.enabled
    assert "Passing across needs 4 players" in (scene.draft.problem() or "")
    assert sum(f.visible for f, _, _ in scene.seat_controls) == 3
    scene.start_button.action()
    assert driver.top is scene  # refused: still open
    driver.frame(PointerDown(scene.buttons[1].rect.center))  # Cancel
    assert isinstance(driver.top, MainMenuScene) and not (driver.app.play is not None)


def test_every_rule_option_is_in_the_advanced_panel() -> None:
    assert {name for name, _, _ in ADVANCED} | {"target"} == {f.name for f in fields(Ruleset)}


# ---------------------------------------------------------------------- settings


def test_settings_are_saved_and_applied_at_once(driver: Driver) -> None:
    driver.new_game()
    app = driver.app
    card_h = table_of(app).layout.card_h
    app.open_settings()
    scene = driver.top
    assert isinstance(scene, SettingsScene)
    rows = {c.label: c for c in scene.controls if isinstance(c, Choice)}

    def change(label: str) -> None:
        tab_to(driver, rows[label])
        driver.keys(pygame.K_RIGHT)

    change("Card faces")
    change("Card backs")
    change("Large cards")
    change("Animations")
    change("Confirm before playing")
    change("Computers' pace")
    stored = load_settings(DataPaths.resolve(driver.data_dir).settings).value
    assert (stored.deck, stored.card_back, stored.large_cards, stored.confirm_play) == ("4color", "red", True, True)
    assert stored.animations and stored.pace is Pace.INSTANT  # ▶ on Quick: the next faster
    assert table_of(app).art.deck == "4color" and table_of(app).art.back_colour == "red"
    assert table_of(app).layout.hand_h > card_h
    assert table_of(app).motion.animations and table_of(app).keyboard.confirm_play
    assert controller_of(app).pace is Pace.INSTANT
    change("Computers' pace")
    assert controller_of(app).pace is Pace.INSTANT, "the fastest pace does not wrap round to the slowest"


def test_sound_setting_mutes_the_table(driver: Driver) -> None:
    driver.new_game()
    app = driver.app
    app.apply_settings(app.settings.replace(sound=True, volume=0.3))
    assert table_of(app).sounds.enabled and table_of(app).sounds.volume == 0.3
    app.apply_settings(app.settings.replace(sound=False))
    assert not table_of(app).sounds.enabled


def test_f11_toggles_fullscreen_and_remembers_it(driver: Driver) -> None:
    driver.keys(pygame.K_F11)
    assert driver.app.settings.fullscreen
    assert load_settings(DataPaths.resolve(driver.data_dir).settings).value.fullscreen
    driver.keys(pygame.K_F11)
    assert not driver.app.settings.fullscreen


def test_statistics_reset_asks_first(driver: Driver) -> None:
    game, seats = finished_game()
    driver.app.session.statistics.record_game(game, seats)
    driver.app.open_statistics()
    press(driver, "Reset…")
    assert isinstance(driver.top, ConfirmScene)
    driver.keys(pygame.K_RETURN)  # the focus starts on Cancel
    assert "Anna" in driver.app.session.statistics.profiles
    press(driver, "Reset…")
    confirm = driver.top
    assert isinstance(confirm, ConfirmScene)
    driver.frame(PointerDown(confirm.buttons[0].rect.center))
    assert "Anna" not in driver.app.session.statistics.profiles
    screen = driver.top
    assert isinstance(screen, StatisticsScene) and screen.statistics.profiles == {}, "the screen shows the reset"
    assert load_statistics(DataPaths.resolve(driver.data_dir).statistics).value.profiles == {}


@pytest.mark.parametrize("size", [(800, 600), (800, 1000), (2560, 1440)])
def test_a_confirmation_panel_is_as_tall_as_its_question_and_buttons(driver: Driver, size: tuple[int, int]) -> None:
    """At 800x1000 a third of the window's height held two lines and a row of buttons (the
    driver starts pygame's fonts)."""
    confirm = ConfirmScene(size, "Forget all of Anna's statistics? This cannot be undone.", "Reset", lambda: None)
    confirm.place()
    fs = confirm.font_size
    panel = confirm.panel_box
    buttons = [button.rect for button in confirm.buttons]
    assert all(panel.contains(rect) for rect in buttons)
    lines = theme.wrap(confirm.question, int(fs * 1.1), panel.width - fs * 4)
    text_bottom = panel.top + fs * 2 + len(lines) * int(fs * 1.6)
    assert text_bottom <= buttons[0].top, "the question ends above the buttons"
    assert buttons[0].top - text_bottom <= fs * 2, "and no empty band lies between them"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (2560, 1440)])
def test_every_screen_fits_the_window(driver: Driver, size: tuple[int, int]) -> None:
    game, seats = finished_game()
    driver.app.session.statistics.record_game(game, seats)
    five = NewGameSetup.of(tuple(Seat(n, SeatKind.COMPUTER) for n in "ABCDE"), preset_by_key("five-players").rules)
    driver.app.apply_settings(driver.app.settings.replace(new_game=five))
    driver.new_game()
    app = driver.app
    openers = [app.open_new_game, app.open_settings, app.open_statistics, app.open_rules, app.open_help,
               app.open_difficulty, lambda: table_of(app).overlays.menu(table_of(app)), app.show_main_menu]
    window = pygame.Rect((0, 0), size)
    surface = pygame.Surface(size)
    for open_screen in openers:
        open_screen()
        scene = driver.top
        assert isinstance(scene, FormScene)
        if isinstance(scene, NewGameScene):
            scene._toggle_advanced()
        scene.resize(size)
        scene.update(0.0)
        scene.draw(surface)
        rects = [control.rect for control in scene.focus_order()]
        assert all(window.contains(rect) for rect in rects), type(scene).__name__
        assert not any(a.colliderect(b) for a, b in combinations(rects, 2)), type(scene).__name__
        if not isinstance(scene, MainMenuScene):
            scene.close()


def test_three_names_in_a_sentence_read_as_a_list() -> None:
    """A tie of three read "Ann and Bo and Cy tie…": every sentence that names people joins
    them as a list is said ("Ann, Bo and Cy")."""
    assert tie_sentence(["Ann", "Bo", "Cy"]) == "Ann, Bo and Cy tie for the lowest score: another hand decides."
    assert tie_sentence(["Ann", "Bo"]).startswith("Ann and Bo tie")
    game, _ = finished_game()
    people = tuple(Seat(name, SeatKind.HUMAN) for name in ("Ann", "Bo", "Cy")) + (Seat("Di", SeatKind.COMPUTER),)
    question = replace_question(SavedGame(game, people, datetime.now().astimezone()))
    assert question.startswith("Replace your saved game of Ann, Bo and Cy?")
    with pytest.raises(NameRefused, match="mixes Cyrillic, Greek and Latin letters"):
        clean_name("Aβд")  # a Latin A, a Greek beta, a Cyrillic de


def test_a_saved_game_of_computers_only_is_asked_about_not_crashed_on() -> None:
    """New game over a save with no person in it (``--autoplay`` on the real data folder)
    closed the program: the question joined an empty list of names."""
    game, _ = finished_game()
    computers = tuple(Seat(name, SeatKind.COMPUTER) for name in ("Ann", "Bo", "Cy", "Di"))
    question = replace_question(SavedGame(game, computers, datetime.now().astimezone()))
    assert question.startswith("Replace your saved game of computers only? It is at hand")
