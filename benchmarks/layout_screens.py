"""The screens the layout checker visits, each built through the real app as a player gets there."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path

import pygame

from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.engine import Game, MoonAction, MoonScoring, PassAction, Phase, PlayAction, Ruleset
from hearts_desktop.language import _ as translated
from hearts_desktop.persistence import SavedGame, Seat, Settings, Statistics, default_seats, save_settings
from hearts_desktop.persistence.history import GameHistory, PastGame
from hearts_desktop.persistence.paths import DataPaths
from hearts_desktop.persistence.seats import MAX_NAME_LENGTH
from hearts_desktop.persistence.stats import Profile, Tally
from hearts_desktop.play.network import NO_DISCOVERY_JOIN, friends_playing_question
from hearts_desktop.play.services import Services
from hearts_desktop.ui.app import App, AppOptions
from hearts_desktop.ui.game_screens import REVIEW_HAND
from hearts_desktop.ui.history_scene import PastGamesScene, open_past_game
from hearts_desktop.ui.intents import KeyPress
from hearts_desktop.ui.menus import (
    ConfirmScene,
    MainMenuScene,
    QuitQuestion,
    continue_summary,
    replace_question,
)
from hearts_desktop.ui.network_name import NetworkNameScene
from hearts_desktop.ui.network_scenes import JoinScene, NetworkMenuScene
from hearts_desktop.ui.overlays import (
    HANDOVER_GRACE_SECONDS,
    CoverScene,
    HandScoreScene,
    MoonChoiceScene,
    ScoreHistoryScene,
)
from hearts_desktop.ui.review_scene import ReviewScene
from hearts_desktop.ui.settings_scene import SettingsScene
from hearts_desktop.ui.stats_scene import StatisticsScene
from hearts_desktop.ui.widgets import Button
from hearts_desktop.words import (
    CHOOSE_DEAL,
    PLAY_DEAL_AGAIN,
    REJOIN_TABLE,
    REVIEW_PERSON,
    Level,
    Pace,
    SeatKind,
)

from .app_state import controller_of, table_of
from .layout import Inspector, Screen, recent_games
from .persistence import act_for_the_person

FRAME = 1 / 30
SEED = 7
FOUR = (Seat("You", SeatKind.HUMAN), Seat("Alice", SeatKind.COMPUTER, Level.MEDIUM), Seat("Ben", SeatKind.COMPUTER, Level.HARD),
        Seat("Clara", SeatKind.COMPUTER, Level.EXPERT))
HOT_SEAT = (Seat("Anna", SeatKind.HUMAN), Seat("Bruno", SeatKind.HUMAN), Seat("Cleo", SeatKind.COMPUTER, Level.EASY),
            Seat("Dmitri", SeatKind.COMPUTER, Level.MEDIUM))
WIDE_NAMES = ("Wolfgang Amadeus Wöl", "Maximilian Wwwwwwww", "Bartholomew Mmmmmmmm",
              "Genevieve Wwwwwwwwww", "Christopher Wwwwwww")
HOT_SEAT_LONG_NAMES = (Seat(WIDE_NAMES[3], SeatKind.HUMAN), Seat(WIDE_NAMES[2], SeatKind.HUMAN), *HOT_SEAT[2:])
"""Two people whose names take the whole 20 characters: each one's review button names them."""
FRIENDS_PLAYING = ("Fran", WIDE_NAMES[2], WIDE_NAMES[3])
"""The friends at the table a host quits: three, two of them with the longest names."""
MIXED_NAME = "Hоstess Wwwwwwwwwwww"
"""A network name typed with a Cyrillic о among Latin letters: the longest refusal quotes it."""


class Stage:
    """One app in a scratch folder, with every card it draws tagged for the inspector."""

    def __init__(self, folder: Path) -> None:
        save_settings(DataPaths.resolve(folder).settings,
                      Settings(pace=Pace.QUICK, animations=True, sound=False))
        self.app = App(AppOptions(data_dir=folder, seed=SEED), Services(bot_runner=InlineRunner))
        self.app.open_window()
        self.app.follow_language()
        self.inspector = Inspector()
        self.tagged_art: object = None

    def show(self, screen: Screen, size: tuple[int, int]) -> None:
        pygame.display.set_mode(size)
        self.app.stack.resize(size)
        if self.app.settings.large_cards != screen.large_cards:
            self.app.apply_settings(self.app.settings.replace(large_cards=screen.large_cards))
        self._tag_cards()
        screen.build(self)
        self._tag_cards()

    def _tag_cards(self) -> None:
        """Card images tagged as they are made (the art is made anew when settings change)."""
        art = self.app.art()
        if art is self.tagged_art:
            return
        self.tagged_art = art
        face, back = art.face, art.back
        tag = self.inspector.tag
        art.face = lambda card, height: tag(face(card, height), "card", str(card))  # type: ignore[method-assign]
        art.back = lambda height, sideways=False: tag(back(height, sideways), "card", "back")  # type: ignore[method-assign]

    # ------------------------------------------------------------------ helpers for screens

    def frames(self, seconds: float) -> None:
        for _ in range(round(seconds / FRAME)):
            self.app.stack.update(FRAME)

    def table(self, game: Game, seats: tuple[Seat, ...] = FOUR, seconds: float = 1.6) -> None:
        self.app.start_game(game, seats)
        self.frames(seconds)

    def play_until(self, done: Callable[[], bool], limit: float = 30.0, move: bool = True) -> None:
        """Time passes and (``move``) the person moves as a click would, until ``done``."""
        for _ in range(round(limit / FRAME)):
            if done():
                return
            table = table_of(self.app)
            controller = controller_of(self.app)
            top = self.app.stack.top
            if move and isinstance(top, CoverScene):
                top.handover.button.action()  # the next person takes the computer
            elif (move and top is table and controller.active_human() == controller.viewer
                    and not table.busy):
                act_for_the_person(table)
            self.app.stack.update(FRAME)
        raise RuntimeError("the screen the layout checker waited for never came")


@contextmanager
def stage(folder: Path) -> Iterator[Stage]:
    built = Stage(folder)
    try:
        yield built
    finally:
        built.app.shutdown()


def advanced(rules: Ruleset, done: Callable[[Game], bool], seed: int = SEED) -> Game:
    """A game played by simple rules (lowest cards) until ``done``."""
    game = Game(rules, seed)
    while not done(game):
        seat = game.to_act()[0]
        view = game.view(seat)
        if view.phase is Phase.PASSING:
            game.apply(PassAction(seat, tuple(view.cards()[:3])))
        elif view.phase is Phase.MOON_CHOICE:
            game.apply(MoonAction(seat, MoonScoring.ADD_TO_OTHERS))
        else:
            game.apply(PlayAction(seat, view.legal_cards()[0]))
    return game


def passing(hand: int, players: int = 4) -> Callable[[Game], bool]:
    return lambda game: game.hand_index == hand and game.hand.phase is Phase.PASSING


def my_turn(cards_on_table: int, hand: int = 0) -> Callable[[Game], bool]:
    """Seat 0 to play with this many cards in the trick."""
    return lambda game: (game.hand_index >= hand and game.hand.phase is Phase.PLAYING
                         and game.to_act() == [0] and len(game.hand.trick) == cards_on_table)


def before_the_end(rules: Ruleset, moves_left: int) -> Game:
    """The game a few moves before it ends."""
    whole = advanced(rules, lambda game: game.over)
    return Game.replay(rules, SEED, whole.actions[:-moves_left])


def _rules(players: int) -> Ruleset:
    return Ruleset.for_players(players)


def _seats(players: int) -> tuple[Seat, ...]:
    names = ("You", "Alice", "Ben", "Clara", "Dev")
    levels = tuple(Level)
    return (Seat("You", SeatKind.HUMAN),) + tuple(Seat(names[i], SeatKind.COMPUTER, levels[i % 4]) for i in range(1, players))


# ---------------------------------------------------------------------- table screens


def table_passing(hand: int, players: int = 4, chosen: int = 0) -> Callable[[Stage], None]:
    def build(stage: Stage) -> None:
        stage.table(advanced(_rules(players), passing(hand)), _seats(players))
        for card in controller_of(stage.app).view().cards()[:chosen]:
            table_of(stage.app).choose_card(card)
        stage.frames(0.2)
    return build


def table_received(stage: Stage) -> None:
    stage.table(Game(Ruleset(), SEED))
    stage.play_until(lambda: controller_of(stage.app).view().phase is Phase.PLAYING)
    stage.frames(0.7)


def table_turn(cards_on_table: int, players: int = 4, hand: int = 0) -> Callable[[Stage], None]:
    def build(stage: Stage) -> None:
        stage.table(advanced(_rules(players), my_turn(cards_on_table, hand)), _seats(players))
    return build


def table_trick_won(stage: Stage) -> None:
    stage.table(advanced(Ruleset(), my_turn(3, hand=0)))
    view = controller_of(stage.app).view()
    table_of(stage.app).choose_card(view.legal_cards()[0])
    stage.frames(0.45)


def table_finish_hand(stage: Stage) -> None:
    def decided(game: Game) -> bool:
        return my_turn(len(game.hand.trick))(game) and game.hand.outcome_decided()
    stage.table(advanced(Ruleset(), decided))


def table_hint(stage: Stage) -> None:
    stage.table(advanced(Ruleset(), passing(0)))
    table_of(stage.app).handle(KeyPress(pygame.K_h))
    stage.play_until(lambda: table_of(stage.app).hint is not None, limit=60, move=False)


def table_hot_seat(stage: Stage) -> None:
    stage.table(Game(Ruleset(), SEED), HOT_SEAT, seconds=0.3)


def table_hot_seat_names_given(stage: Stage) -> None:
    """Two people at the computer who kept the names the game gave: "You" becomes "Player 1"."""
    stage.table(Game(Ruleset(), SEED), (Seat("You", SeatKind.HUMAN), Seat("Alice", SeatKind.HUMAN), *FOUR[2:]),
                seconds=HANDOVER_GRACE_SECONDS + 0.2)


def table_hot_seat_ready(stage: Stage) -> None:
    """The cover once it takes input, for a person with a long name: its button is widest."""
    seats = (Seat(WIDE_NAMES[2], SeatKind.HUMAN), *HOT_SEAT[1:])
    stage.table(Game(Ruleset(), SEED), seats, seconds=HANDOVER_GRACE_SECONDS + 0.2)


def press(buttons: Sequence[Button], label: str) -> None:
    """Press the button saying ``label``, in the language spoken (the screens run in each)."""
    next(button for button in buttons if button.label == label).action()


def review_cover(stage: Stage) -> None:
    """A hot-seat review behind its cover, asked for from the hand's summary."""
    stage.table(advanced(Ruleset(), lambda g: len(g.hand.trick) == 0 and len(g.hand.tricks) == 12), HOT_SEAT)
    stage.play_until(lambda: isinstance(stage.app.stack.top, HandScoreScene))
    summary = stage.app.stack.top
    assert isinstance(summary, HandScoreScene)
    press(summary.buttons, translated(REVIEW_PERSON).format(name="Bruno"))
    stage.frames(HANDOVER_GRACE_SECONDS + 0.2)


def replace_saved_game(stage: Stage) -> None:
    """New game asks before a saved game is replaced."""
    main_menu(stage)
    saved = Game(Ruleset(), SEED)
    saved.totals = [43, 67, 12, 98]
    stage.app.stack.push(ConfirmScene(stage.app.size, replace_question(SavedGame(saved, FOUR, datetime(2025, 1, 1))),
                                      translated("Start the new game"), lambda: None))


def quit_with_friends(stage: Stage) -> None:
    """The host quits while friends play (three, two with long names)."""
    stage.table(advanced(Ruleset(), my_turn(1)))
    question = friends_playing_question(FRIENDS_PLAYING)
    stage.app.stack.push(QuitQuestion(stage.app.size, question, translated("Quit"), lambda: None))


def table_wide_names(stage: Stage) -> None:
    seats = (Seat(WIDE_NAMES[0], SeatKind.HUMAN),) + tuple(Seat(n, SeatKind.COMPUTER, Level.EXPERT) for n in WIDE_NAMES[1:])
    stage.table(advanced(_rules(5), my_turn(2)), seats)


def scores_mid_hand(stage: Stage) -> None:
    stage.table(advanced(Ruleset(), my_turn(1, hand=2)))
    table_of(stage.app).overlays.scores(table_of(stage.app))


def last_trick(stage: Stage) -> None:
    stage.table(advanced(Ruleset(), my_turn(1, hand=1)))
    table_of(stage.app).overlays.last_trick(table_of(stage.app))


def hand_summary(players: int, seats: tuple[Seat, ...] | None = None) -> Callable[[Stage], None]:
    """The first hand's summary; ``seats`` (hot-seat, say) in place of one person and computers."""
    def build(stage: Stage) -> None:
        stage.table(advanced(_rules(players), lambda g: g.hand_index == 1 or len(g.hand.trick) == 0 and len(
            g.hand.tricks) == g.rules.tables.hand_size - 1), seats or _seats(players))
        stage.play_until(lambda: isinstance(stage.app.stack.top, HandScoreScene))
    return build


def deal_again_table(stage: Stage) -> None:
    """The first hand played again from its summary: its table, whose status line names it."""
    hand_summary(4)(stage)
    summary = stage.app.stack.top
    assert isinstance(summary, HandScoreScene)
    press(summary.buttons, translated(PLAY_DEAL_AGAIN))
    stage.frames(1.6)  # dealt, as every table is seen


def deal_again_summary(stage: Stage) -> None:
    """The first hand played again from its summary, to its end: compared with the first time."""
    deal_again_table(stage)
    stage.play_until(lambda: isinstance(stage.app.stack.top, HandScoreScene), limit=300.0)


def game_over(players: int) -> Callable[[Stage], None]:
    def build(stage: Stage) -> None:
        stage.table(before_the_end(_rules(players), players + 1), _seats(players))
        stage.play_until(lambda: controller_of(stage.app).game.over and not table_of(stage.app).busy
                         and stage.app.stack.top is not table_of(stage.app))
    return build


def coach_review(stage: Stage, players: int = 4) -> None:
    """The coach's review of the first hand, a few decisions in, with the hand buttons."""
    hand_summary(players)(stage)
    summary = stage.app.stack.top
    assert isinstance(summary, HandScoreScene)
    press(summary.buttons, translated(REVIEW_HAND))
    stage.frames(0.2)
    review = stage.app.stack.top
    assert isinstance(review, ReviewScene)
    review.move(3)


def coach_review_all_cards(stage: Stage, players: int = 4) -> None:
    """The same with the coach's second opinion, with all cards shown, on."""
    coach_review(stage, players)
    review = stage.app.stack.top
    assert isinstance(review, ReviewScene)
    review.toggle_all_cards()
    stage.frames(0.2)


def moon_choice(stage: Stage) -> None:
    stage.table(advanced(Ruleset(), my_turn(0, hand=0)))
    stage.app.stack.push(MoonChoiceScene(stage.app.size, controller_of(stage.app)))


def game_menu(stage: Stage) -> None:
    stage.table(advanced(Ruleset(), my_turn(1)))
    table_of(stage.app).overlays.menu(table_of(stage.app))


def difficulty(stage: Stage) -> None:
    stage.table(advanced(Ruleset(), my_turn(1)))
    stage.app.open_difficulty()


# ---------------------------------------------------------------------- menus and dialogs


def main_menu(stage: Stage) -> None:
    stage.app.show_main_menu()
    game = Game(Ruleset(), SEED)
    game.totals = [43, 67, 12, 98]
    summary = continue_summary(SavedGame(game, default_seats(4), datetime(2025, 1, 1)))
    network = continue_summary(SavedGame(game, default_seats(4), datetime(2025, 1, 1)), network=True)
    rejoin = translated(REJOIN_TABLE).format(host="W" * MAX_NAME_LENGTH)  # the widest name a host may have
    stage.app.stack.replace_all(MainMenuScene(stage.app.size, stage.app, summary, network, rejoin))


def new_game(advanced_open: bool, network: bool = False) -> Callable[[Stage], None]:
    def build(stage: Stage) -> None:
        stage.app.show_main_menu()
        if network:
            stage.app.open_host_setup()
        else:
            stage.app.open_new_game()
        if advanced_open:
            scene = stage.app.stack.top
            scene._toggle_advanced()  # type: ignore[union-attr]
        stage.app.stack.update(FRAME)
    return build


def over_menu(open_screen: Callable[[App], None]) -> Callable[[Stage], None]:
    def build(stage: Stage) -> None:
        stage.app.show_main_menu()
        open_screen(stage.app)
        stage.app.stack.update(FRAME)
    return build


def statistics(games: int, confirm: bool = False) -> Callable[[Stage], None]:
    def build(stage: Stage) -> None:
        stats = Statistics()
        if games:
            tallies = {"3x expert": Tally(games, games // 3, games * 9, games * 40, 1, games // 4, -3, 118)}
            if games > 1:
                tallies["1x human + 1x easy + 1x hard"] = Tally(12, 5, 100, 530, 0, 3, 10, 104)
                tallies["2x medium + 1x expert"] = Tally(3, 0, 30, 250, 0, 1, 60, 101)
            stats.profiles["You"] = Profile(tallies, recent_games(min(games, 20)))
            stats.profiles["Anna"] = Profile({"3x easy": Tally(1, 1, 8, 30, 0, 0, 30, 30)}, recent_games(1))
        stage.app.show_main_menu()
        scene = StatisticsScene(stage.app.size, stats, "You", lambda name: None, lambda: None)
        stage.app.stack.push(scene)
        if confirm:
            scene.reset_button.action()  # the question the player is asked
        stage.app.stack.update(FRAME)
    return build


def past_games(count: int, players: int = 4, wide: bool = False) -> list[PastGame]:
    """``count`` finished games, oldest first, a day apart (the same deal: what is checked is
    the list, not the games)."""
    names = WIDE_NAMES if wide else ("You", "Alice", "Ben", "Clara", "Dev")
    seats = tuple(Seat(names[i], seat.kind, seat.level) for i, seat in enumerate(_seats(players)))
    game = advanced(_rules(players), lambda game: game.over)
    first = datetime(2026, 3, 1, 20, 0).astimezone()
    history = GameHistory()
    history.record(game, seats, first)
    [past] = history.games
    return [dataclasses.replace(past, game_id=f"{i}", finished_at=first + timedelta(days=i)) for i in range(count)]


def past_games_list(count: int, players: int = 4, wide: bool = False) -> Callable[[Stage], None]:
    def build(stage: Stage) -> None:
        stage.app.show_main_menu()
        stage.app.stack.push(PastGamesScene(stage.app.size, past_games(count, players, wide), lambda past: None))
        stage.app.stack.update(FRAME)
    return build


def past_game(players: int, wide: bool = False) -> Callable[[Stage], None]:
    def build(stage: Stage) -> None:
        stage.app.show_main_menu()
        [past] = past_games(1, players, wide)
        open_past_game(stage.app, past)
        stage.app.stack.update(FRAME)
    return build


def deal_choice(stage: Stage) -> None:
    past_game(5, wide=True)(stage)
    sheet = stage.app.stack.top
    assert isinstance(sheet, ScoreHistoryScene)
    press(sheet.buttons, translated(CHOOSE_DEAL))
    stage.app.stack.update(FRAME)


def network_menu(stage: Stage) -> None:
    stage.app.show_main_menu()
    stage.app.stack.push(NetworkMenuScene(stage.app.size, lambda: None, lambda: None))


def join(stage: Stage) -> None:
    stage.app.show_main_menu()
    stage.app.stack.push(JoinScene(stage.app.size, "You", None, translated(NO_DISCOVERY_JOIN), lambda *args: None))
    stage.app.stack.update(FRAME)


def network_name(refused: bool) -> Callable[[Stage], None]:
    """The first Host or Join: the name question with the widest name, or refusing a name."""
    def build(stage: Stage) -> None:
        stage.app.show_main_menu()
        question = NetworkNameScene(stage.app.size, "W" * MAX_NAME_LENGTH, lambda name: None)
        stage.app.stack.push(question)
        if refused:
            question.name_field.text = MIXED_NAME
            question.buttons[0].action()
        stage.app.stack.update(FRAME)
    return build


def settings_name_refused(stage: Stage) -> None:
    """Settings saying why the name typed for network tables is not kept."""
    over_menu(App.open_settings)(stage)
    settings = stage.app.stack.top
    assert isinstance(settings, SettingsScene)
    settings.name_field.text = MIXED_NAME
    stage.app.stack.update(FRAME)


TABLE = "table "
"""The start of the names of the screens that are the table itself, with nothing over it."""


def all_screens() -> list[Screen]:
    table: list[tuple[str, Callable[[Stage], None]]] = [
        ("table pass left", table_passing(0)),
        ("table pass left, three chosen", table_passing(0, chosen=3)),
        ("table pass right", table_passing(1)),
        ("table pass across", table_passing(2)),
        ("table received cards", table_received),
        ("table lead", table_turn(0)),
        ("table follow", table_turn(2)),
        ("table trick won", table_trick_won),
        ("table finish hand", table_finish_hand),
        ("table pass hint", table_hint),
        ("table 3 players passing", table_passing(0, players=3)),
        ("table 3 players playing", table_turn(1, players=3)),
        ("table 5 players passing", table_passing(0, players=5)),
        ("table 5 players playing", table_turn(2, players=5)),
        ("table 5 wide names", table_wide_names),
        ("scores mid-hand", scores_mid_hand),
        ("last trick", last_trick),
        ("hand summary", hand_summary(4)),
        ("hand summary 5 players", hand_summary(5)),
        ("hot-seat hand summary", hand_summary(4, HOT_SEAT)),
        ("hot-seat hand summary, long names", hand_summary(4, HOT_SEAT_LONG_NAMES)),
        ("game over", game_over(4)),
        ("game over 5 players", game_over(5)),
        ("coach review", coach_review),
        ("coach review, all cards shown", coach_review_all_cards),
    ]
    screens = [Screen(name, build, open_in_a_change=name.startswith(TABLE)) for name, build in table]
    screens += [Screen(name + ", large cards", build, large_cards=True, open_in_a_change=name.startswith(TABLE))
                for name, build in table]
    screens += [
        Screen("coach review 5 players, all cards shown", partial(coach_review_all_cards, players=5)),
        Screen("hot-seat cover", table_hot_seat),
        Screen("hot-seat cover, ready, long name", table_hot_seat_ready),
        Screen("hot-seat cover, names given", table_hot_seat_names_given),
        Screen("hot-seat review cover", review_cover),
        Screen("replace the saved game question", replace_saved_game),
        Screen("quit with friends question", quit_with_friends),
        Screen("moon choice", moon_choice),
        Screen("game menu", game_menu),
        Screen("difficulty", difficulty),
        Screen("main menu", main_menu),  # the window builds it anew in a new language
        Screen("new game", new_game(False)),
        Screen("new game, advanced rules", new_game(True)),
        Screen("host a table", new_game(False, network=True)),
        Screen("settings", over_menu(App.open_settings)),
        Screen("rules", over_menu(App.open_rules)),
        Screen("keyboard help", over_menu(App.open_help)),
        Screen("statistics, no games", statistics(0)),
        Screen("statistics, one game", statistics(1)),
        Screen("statistics, 50 games", statistics(50)),
        Screen("statistics reset question", statistics(50, confirm=True)),
        Screen("past games, none", past_games_list(0)),
        Screen("past games, 40", past_games_list(40)),
        Screen("past games, 5 wide names", past_games_list(3, players=5, wide=True)),
        Screen("past game", past_game(4)),
        Screen("past game, 5 wide names", past_game(5, wide=True)),
        Screen("play a deal again", deal_choice),
        Screen("a deal played again", deal_again_table, open_in_a_change=True),
        Screen("a deal played again, summary", deal_again_summary),
        Screen("network menu", network_menu),
        Screen("join a table", join),
        Screen("network name, first time", network_name(refused=False)),
        Screen("network name refused", network_name(refused=True)),
        Screen("settings, network name refused", settings_name_refused),
    ]
    return screens
