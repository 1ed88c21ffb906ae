"""The small things of issue 46 that say "finished": each one a player tripped over."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

import pygame
import pytest

from benchmarks.layout import PORTRAIT, SIZES, Inspector, RecordingSurface, inspected, recent_games
from hearts_desktop.app import app_options, parse_args
from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.engine import Game, Phase, PlayAction, Ruleset
from hearts_desktop.net.client import seat_notes
from hearts_desktop.net.protocol import SeatInfo
from hearts_desktop.persistence import (
    DataFolderLock,
    DataPaths,
    FolderInUse,
    NewGameSetup,
    Seat,
    Settings,
    save_settings,
)
from hearts_desktop.persistence.saves import save_game
from hearts_desktop.persistence.stats import Profile, Statistics, Tally
from hearts_desktop.play.base import PastDeal
from hearts_desktop.play.services import Services
from hearts_desktop.ui import theme
from hearts_desktop.ui.app import App
from hearts_desktop.ui.info_scenes import BULLET, rules_scene
from hearts_desktop.ui.network_scenes import lobby_lines
from hearts_desktop.ui.overlays import CoverScene, Overlay
from hearts_desktop.ui.stats_scene import StatisticsScene
from hearts_desktop.ui.table_frame import table_frame
from hearts_desktop.ui.table_painter import status_lines
from hearts_desktop.words import FRIEND_SEAT, Level, Pace, SeatKind, points

from .app_driver import Driver, finished_game
from .test_table_scene import Table


def test_pace_on_the_command_line_wins_over_the_saved_one(tmp_path: Path) -> None:
    """``--pace relaxed`` was ignored once a pace had been saved."""
    save_settings(DataPaths.resolve(tmp_path).settings, Settings(pace=Pace.INSTANT, sound=False))
    options = app_options(parse_args(["--pace", "relaxed", "--data-dir", str(tmp_path)]))
    app = App(options, Services(bot_runner=InlineRunner))
    try:
        app.start()
        assert app.settings.pace is Pace.RELAXED
    finally:
        app.shutdown()


@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize("stand_in", [None, "slow", "host"], ids=["away", "slow", "host"])
def test_a_note_about_a_computer_in_a_friends_seat_reads_right_at_every_level(
        level: Level, stand_in: Literal["slow", "host"] | None) -> None:
    """"Dana is away: a Easy computer plays." The level now follows the sentence."""
    info = SeatInfo("Dana", "friend", level, connected=stand_in is not None, stand_in=stand_in or "")
    notes = seat_notes(info, mine=False)
    assert notes and not any(re.search(r"\ban? (Easy|Medium|Hard|Expert)\b", note) for note in notes)
    assert all(f"({level.label})" in note for note in notes)


def test_levels_on_a_friends_waiting_screen_are_written_as_everywhere_else() -> None:
    """"computer (easy)": the level in lower case, as the network message spells it."""
    assert lobby_lines([SeatInfo("Ben", "computer", Level.EASY), SeatInfo("Seat 2", "open", Level.HARD)]) == [
        "Ben: computer (Easy)", "Seat 2: open"]


def test_one_point_is_singular_in_the_coachs_review() -> None:
    """"Ben · 1 pts" in a hand's review."""
    assert [points(n) for n in (0, 1, -1, 2)] == ["0 pts", "1 pt", "-1 pt", "2 pts"]


def test_at_a_hot_seat_table_the_default_you_becomes_a_players_number(tmp_path: Path) -> None:
    """"Pass the computer to you" and "From You: …" when several people share the computer."""
    driver = Driver(tmp_path)
    try:
        seats = (Seat("You", SeatKind.HUMAN), Seat("Ben", SeatKind.HUMAN), Seat("Clara"), Seat("Dev"))
        driver.app.start_new_game(NewGameSetup.of(seats, Ruleset()), Pace.INSTANT)
        assert [seat.name for seat in driver.controller.seats] == ["Player 1", "Ben", "Clara", "Dev"]
        driver.app.start_new_game(NewGameSetup.of((Seat("You", SeatKind.HUMAN),) + seats[2:] + (Seat("Eve"),),
                                                  Ruleset()), Pace.INSTANT)
        assert driver.controller.seats[0].name == "You"  # alone against the computers, "You" reads right
    finally:
        driver.close()


HOT_SEAT_OF_OLD = (Seat("You", SeatKind.HUMAN), Seat("Ben", SeatKind.HUMAN), Seat("Clara"), Seat("Dev"))
"""A hot-seat table as a version before "Player 1" saved it, and as the history keeps it."""


@pytest.mark.parametrize("how", ["continued", "played again"])
def test_a_hot_seat_game_of_an_older_version_never_names_a_person_you(tmp_path: Path, how: str) -> None:
    """"Pass the computer to you" and "From You: …": a saved game and a past game's deal kept
    the seats as an older version named them."""
    game = Game(Ruleset(), 11)
    if how == "continued":
        save_game(DataPaths.resolve(tmp_path).autosave, game, HOT_SEAT_OF_OLD)
    driver = Driver(tmp_path)
    try:
        if how == "continued":
            driver.app.continue_game()
        else:
            finished, _ = finished_game(seed=3)
            driver.app.play_deal(PastDeal.of(finished, HOT_SEAT_OF_OLD, 0))
        driver.frame()
        said: list[str] = []
        for _ in range(400):
            top = driver.top
            if isinstance(top, CoverScene):
                said.append(top.event.name)
                driver.lift_cover()
            elif driver.human_to_act():
                said.append(table_frame(driver.table).message)
                if driver.controller.game.hand.phase is Phase.PLAYING:
                    break
                driver.act_by_click()
            driver.frame()
        assert "You" not in said and not any("From You" in line for line in said), said
        assert [seat.name for seat in driver.controller.seats][:2] == ["Player 1", "Ben"]
    finally:
        driver.close()


def test_the_hints_outline_leaves_the_hand_with_the_pass() -> None:
    """The Hint's three cards to pass stayed outlined: one of them, kept, still looked advised."""
    table = Table(pace=Pace.RELAXED)  # the computers wait: the hand is read before a card is played
    table.settle(1.5)
    table.scene.input.ask_hint()
    for _ in range(600):
        table.frame()
        if table.scene.hint is not None:
            break
    assert table.scene.hint is not None
    kept = [card for card in table.controller.view().cards() if card not in table.scene.hint[0]]
    table.controller.submit_pass(kept[:3])  # the player passes other cards than the advised ones
    for _ in range(600):
        table.frame()
        if table.controller.view().phase is Phase.PLAYING:
            break
    table.frame()
    assert not any(isinstance(action, PlayAction) for action in table.controller.game.actions)
    assert not [placed.card for placed in table.scene.hand if placed.outline == theme.HINT]


def test_the_status_line_and_scores_stay_with_the_hand_whose_last_trick_is_on_the_table() -> None:
    """While the last trick lay on the table the status line already showed the next hand
    (no "Points left", hearts mended) and the seats their new totals without this hand's points."""
    table = Table(pace=Pace.RELAXED)
    table.scene.overlays.hand_scored = lambda *args: None  # type: ignore[method-assign]
    for _ in range(60 * 600):
        controller, view = table.controller, table.controller.view()
        if controller.active_human() == 0 and controller.hand_face_up:
            if view.phase is Phase.PASSING and view.passed is None:
                controller.submit_pass(list(view.cards()[:3]))
            elif view.phase is Phase.PLAYING and view.my_turn and not table.scene.busy:
                controller.play(view.legal_cards()[0])
        table.frame()
        if table.scene.motion.pending_deal is not None and len(table.scene.motion.trick) == 4:
            break
    assert len(table.scene.motion.trick) == 4, "the last trick is on the table"
    frame = table_frame(table.scene)
    lines = [text for text, _ in status_lines(frame)]
    assert lines[:2] == ["Hand 1 · game to 100", "Points left: 0"]
    assert frame.view.totals == (0, 0, 0, 0) and sum(frame.view.points_taken) == 26
    assert frame.others_cards == (0, 0, 0)


def test_a_rules_sentence_starts_just_past_its_bullet() -> None:
    """The rules' bullets sat 100 px from their text: the sentences started past "Coach"."""
    pygame.display.init()
    pygame.font.init()
    size = (1280, 800)
    scene = rules_scene(size, Ruleset(), in_game=False)
    scene.place()
    inspector = Inspector()
    with inspected(inspector):
        scene.draw(RecordingSurface(size, inspector))
    texts = [e for e in inspector.elements if e.kind == "text"]
    bullet = next(e for e in texts if e.label == BULLET)
    sentence = next(e for e in texts if abs(e.rect.centery - bullet.rect.centery) < scene.font_size and e.label != BULLET)
    assert sentence.rect.left - bullet.rect.right <= scene.font_size * 1.5


def test_statistics_show_each_line_up_whole_and_start_on_close() -> None:
    """"1x Human + 1x Easy + 1x H…" with no way to read the rest, and the focus on Reset…"""
    pygame.display.init()
    pygame.font.init()
    size = (800, 600)
    line_up = "1x human + 1x easy + 1x hard + 1x expert"
    stats = Statistics()
    stats.profiles["You"] = Profile({line_up: Tally(12, 5, 100, 530, 0, 3, 10, 104)}, recent_games(3))
    scene = StatisticsScene(size, stats, "You", lambda name: None, lambda: None)
    assert scene.is_highlighted(scene.buttons[-1]) and scene.buttons[-1].label == "Close"
    scene.place()
    inspector = Inspector()
    with inspected(inspector):
        scene.draw(RecordingSurface(size, inspector))
    drawn = " ".join(e.label for e in inspector.elements if e.kind == "text")
    assert "…" not in drawn.replace("Reset…", "") and "1x Expert" in drawn and "1x Human" in drawn


@pytest.mark.parametrize("size", [*SIZES, PORTRAIT])
@pytest.mark.parametrize("network", [False, True], ids=["new game", "host a table"])
def test_no_panel_cuts_the_version_label_in_two(tmp_path: Path, size: tuple[int, int], network: bool) -> None:
    driver = Driver(tmp_path, size=size)
    try:
        driver.app.open_host_setup() if network else driver.app.open_new_game()
        driver.frame()
        menu, dialog = driver.app.stack.scenes[0], driver.top
        assert isinstance(dialog, Overlay)
        inspector = Inspector()
        with inspected(inspector):
            menu.draw(RecordingSurface(driver.app.size, inspector))
        label = next(e.rect for e in inspector.elements if e.kind == "text" and e.label.startswith("Hearts Desktop"))
        assert dialog.panel_box.bottom <= label.top
    finally:
        driver.close()


def test_hosting_names_a_friends_seat_plainly_and_explains_its_level(tmp_path: Path) -> None:
    """"Open for a friend" was squeezed into a smaller font, and nothing said what the level
    beside an open seat is for."""
    driver = Driver(tmp_path)
    try:
        driver.app.open_host_setup()
        driver.frame()
        inspector = Inspector()
        with inspected(inspector):
            driver.top.draw(RecordingSurface(driver.app.size, inspector))  # type: ignore[union-attr]
        drawn = " ".join(e.label for e in inspector.elements if e.kind == "text")
        assert FRIEND_SEAT in drawn and "Open for a friend" not in drawn
        assert "the computer that plays it while the friend is away" in drawn
    finally:
        driver.close()


def test_a_second_copy_says_the_game_is_open_in_another_window(tmp_path: Path) -> None:
    first = DataFolderLock(tmp_path)
    first.acquire()
    try:
        with pytest.raises(FolderInUse, match="already open in another window"):
            DataFolderLock(tmp_path).acquire()
    finally:
        first.release()
