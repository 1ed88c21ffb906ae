"""Hot-seat privacy through the real app and scene stack: between two cover screens, only
one person's cards are ever drawn face up, whatever the timing of the input."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as Search
from hypothesis import strategies as st

from benchmarks.fuzz import table_drawn
from hearts_desktop.engine import Card, Phase, Ruleset, cards_of, preset_by_key
from hearts_desktop.persistence import Seat, Settings
from hearts_desktop.ui.app import App
from hearts_desktop.ui.card_art import CardArt
from hearts_desktop.ui.intents import Intent, KeyPress, PointerDown, PointerMove, PointerUp, Resized
from hearts_desktop.ui.layout import TableLayout
from hearts_desktop.ui.overlays import CoverScene
from hearts_desktop.ui.table_scene import TableOverlays, TableScene
from hearts_desktop.ui.ui_log import card_points
from hearts_desktop.words import Level, Pace, SeatKind

from .app_driver import Driver


class FaceRecorder:
    """Every card face the art is asked for, frame by frame."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.faces: set[Card] = set()
        original = CardArt.face

        def face(art: CardArt, card: Card, height: int) -> pygame.Surface:
            self.faces.add(card)
            return original(art, card, height)

        monkeypatch.setattr(CardArt, "face", face)

    def take(self) -> set[Card]:
        faces, self.faces = self.faces, set()
        return faces


def seats_for(humans: int, players: int) -> tuple[Seat, ...]:
    names = ("Anna", "Bruno", "Chen", "Dana", "Emil")
    return tuple(Seat(names[i], SeatKind.HUMAN if i < humans else SeatKind.COMPUTER, Level.EASY) for i in range(players))


def start(tmp_path: Path, seats: tuple[Seat, ...], rules: Ruleset, seed: int) -> Driver:
    """Animations on: cards in flight must keep the secret too."""
    driver = Driver(tmp_path, seed, settings=Settings(pace=Pace.INSTANT, animations=True, sound=False))
    driver.new_game(seats, rules)
    return driver


def frames_of_one_hand(driver: Driver, recorder: FaceRecorder,
                       limit: int = 4000) -> Iterator[tuple[bool, set[int]]]:
    """Play one hand; yield per frame (was it a cover?, humans whose held cards were drawn face up)."""
    app = driver.app
    controller = app.controller
    humans = controller.human_seats()
    for _ in range(limit):
        top = app.stack.top
        intents: list[Intent] = []
        if isinstance(top, CoverScene):
            intents = [PointerDown((5, 5))]
        elif driver.human_to_act():
            driver.act_by_click()
        driver.frame(*intents)
        faces = recorder.take()
        if controller.game.results:
            return  # the next hand is dealt: from here on only the finished hand's public cards show
        hands = controller.game.hand.hands
        shown = {seat for seat in humans if any(c in faces for c in cards_of(hands[seat]))}
        yield isinstance(app.stack.top, CoverScene), shown
    raise AssertionError("the hand did not end")


def leaks(driver: Driver, recorder: FaceRecorder) -> list[set[int]]:
    """Stretches between covers in which more than one person's hand was seen."""
    found: list[set[int]] = []
    seen: set[int] = set()
    for covered, shown in frames_of_one_hand(driver, recorder):
        seen = set() if covered else seen | shown
        if len(seen) > 1 and seen not in found:
            found.append(set(seen))
    assert driver.app.controller.game.results, "a whole hand was played"
    return found


@pytest.mark.parametrize(("humans", "preset", "seed"), [(2, "standard", 4), (4, "standard", 9),
                                                         (5, "five-players", 2)])
def test_no_frame_between_covers_shows_another_persons_hand(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, humans: int, preset: str, seed: int) -> None:
    rules = preset_by_key(preset).rules
    recorder = FaceRecorder(monkeypatch)
    driver = start(tmp_path, seats_for(humans, rules.players), rules, seed)
    try:
        assert leaks(driver, recorder) == []
    finally:
        driver.close()


def test_the_check_finds_a_hand_shown_without_its_cover(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same walk with covers that lift by themselves must be caught."""
    recorder = FaceRecorder(monkeypatch)
    driver = start(tmp_path, seats_for(2, 4), Ruleset(), 4)
    driver.app.table.overlays = TableOverlays()  # reveals at once: no cover is ever drawn
    driver.app.controller.reveal()
    try:
        assert leaks(driver, recorder) != []
    finally:
        driver.close()


def test_every_person_passes_behind_their_own_cover(tmp_path: Path) -> None:
    driver = start(tmp_path, seats_for(2, 4), Ruleset(), 4)
    try:
        names: list[str] = []
        for _ in range(600):
            top = driver.top
            if isinstance(top, CoverScene):
                names.append(top.event.name)
                driver.keys(pygame.K_RETURN)
            elif driver.app.controller.view().phase is not Phase.PASSING:
                break
            elif driver.human_to_act():
                driver.act_by_click()
            driver.frame()
        assert names[:2] == ["Anna", "Bruno"]
    finally:
        driver.close()


def click(point: tuple[int, int]) -> list[Intent]:
    return [PointerMove(point), PointerDown(point), PointerUp(point)]


def test_a_card_clicked_in_the_frame_that_lifts_the_cover_is_never_the_last_persons(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``bench fuzz --seed 4242`` at event 75,580: the cover was clicked away and a card
    clicked in the same frame, where the table had last drawn the previous person's hand;
    that card went into the next person's pass slot, face up."""
    recorder = FaceRecorder(monkeypatch)
    driver = start(tmp_path, seats_for(2, 4), Ruleset(), 4)
    try:
        driver.play_through(lambda: driver.human_to_act() and driver.app.controller.viewer == 0)
        table = driver.app.table
        annas_card, point = next(iter(card_points(table.hand_rects).items()))
        driver.act_by_click()  # Anna chooses three cards and passes
        driver.frame()
        assert isinstance(driver.top, CoverScene) and driver.app.controller.viewer == 1
        recorder.take()
        driver.frame(PointerDown((5, 5)), *click(point))  # Bruno lifts the cover and clicks at once
        driver.frame()
        brunos_hand = driver.app.controller.view().hand
        assert all(brunos_hand >> card & 1 for card in table.pass_slots)
        assert annas_card not in recorder.take()
    finally:
        driver.close()


def test_a_resize_as_the_cover_lifts_gives_no_card_to_click_until_the_hand_was_shown(
        tmp_path: Path) -> None:
    """The hand's click places are computed on resize too: one made in the frame that lifts
    the cover, before Bruno's hand was ever drawn, must not let a click pick one of his
    cards; once a frame has shown it, the same click does."""
    driver = start(tmp_path, seats_for(2, 4), Ruleset(), 4)
    try:
        driver.play_through(lambda: driver.human_to_act() and driver.app.controller.viewer == 0)
        driver.act_by_click()  # Anna chooses three cards and passes
        driver.frame()
        assert isinstance(driver.top, CoverScene) and driver.app.controller.viewer == 1
        table, size = driver.app.table, (1024, 768)
        rect = TableLayout.compute(size, 4, viewer=1).hand_rects(13)[6]
        point = (rect.left + 5, rect.centery)
        driver.frame(PointerDown((5, 5)), Resized(size), *click(point))
        assert table.pass_slots == []
        driver.frame(*click(point))
        assert len(table.pass_slots) == 1
    finally:
        driver.close()


# ---------------------------------------------------------------------- any timing

GESTURES = ("act", "act", "act", "act", "click a card", "click the cover", "press Pass", "key", "nothing")
KEYS = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_BACKSPACE, pygame.K_TAB,
        pygame.K_h, pygame.K_f)
HOT_SEATS = ("HCHC", "HHCC", "CHCH", "HHHH", "HHH", "HCHCH")
"""People (H) and computers (C) around the table: four seats play Standard, three Black Maria, five five-players."""
RULES_FOR = {3: "black-maria", 4: "standard", 5: "five-players"}
FRAMES_DRAWN = 300
"""Frames whose input hypothesis chooses; then the hand is played out plainly, still checked."""


def gesture(driver: Driver, kind: str, pick: int) -> list[Intent]:
    """One gesture's input, aimed where the table last drew things (which may be stale)."""
    table = driver.app.table
    points = list(card_points(table.hand_rects).values())
    pass_button = table.buttons["pass"].rect
    if kind == "act":
        return person_acts(driver, pick)
    if kind == "click a card" and points:
        return click(points[pick % len(points)])
    if kind == "click the cover":
        return click((5, 5))
    if kind == "press Pass" and pass_button.width:
        return click(pass_button.center)
    if kind == "key":
        key = KEYS[pick % len(KEYS)]
        return [KeyPress(key, 0, " " if key == pygame.K_SPACE else "")]
    return []


def person_acts(driver: Driver, pick: int) -> list[Intent]:
    """What the person at the computer does next, with the mouse: lift the cover, read the
    score, choose a card, press Pass."""
    app, top = driver.app, driver.top
    if not isinstance(top, TableScene):
        return click((5, 5)) if isinstance(top, CoverScene) else [KeyPress(pygame.K_RETURN, 0, "\r")]
    if not driver.human_to_act():
        return []
    table, view = app.table, app.controller.view()
    points = card_points(table.hand_rects)
    if view.phase is Phase.PASSING:
        if len(table.pass_slots) == 3:
            return click(table.buttons["pass"].rect.center)
        choices = [card for card in points if card not in table.pass_slots]
    else:
        choices = [card for card in view.legal_cards() if card in points]
    return click(points[choices[pick % len(choices)]]) if choices else []


def secrets_shown(app: App, faces: set[Card]) -> list[str]:
    """Cards of a person's hand that this frame showed to someone else: drawn face up, or
    named in the table's message, while another person had the computer (the last one to
    lift a cover) or a cover was up."""
    controller = app.controller
    covered = controller.cover is not None or isinstance(app.stack.top, CoverScene)
    allowed = None if covered else controller.revealed
    message = app.table.message[0] if app.table.message and table_drawn(app.stack.scenes, app.table) else ""
    shown = []
    for seat in controller.human_seats():
        if seat != allowed:
            for card in cards_of(controller.game.hand.hands[seat]):
                if card in faces:
                    shown.append(f"seat {seat}'s {card} face up (at the computer: {allowed})")
                if card.name in message:
                    shown.append(f"seat {seat}'s {card} named: {message!r}")
    return shown


# No shrinking: a failure already prints every frame's input, and shrinking a game of
# hundreds of frames takes many minutes.
@settings(max_examples=15, deadline=None, phases=(Search.explicit, Search.reuse, Search.generate),
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), kinds=st.sampled_from(HOT_SEATS), seed=st.integers(0, 200), animations=st.booleans())
def test_no_frame_at_any_timing_of_the_input_shows_a_card_of_another_persons_hand(
        tmp_path_factory: pytest.TempPathFactory, data: st.DataObject, kinds: str, seed: int,
        animations: bool) -> None:
    """Several gestures in one frame (the cover lifted and a card clicked at once, Pass and
    a click, keys) or one a frame, through passing and a whole hand."""
    names = ("Anna", "Bruno", "Chen", "Dana", "Emil")
    seats = tuple(Seat(names[i], SeatKind.HUMAN if kind == "H" else SeatKind.COMPUTER, Level.EASY) for i, kind in enumerate(kinds))
    rules = preset_by_key(RULES_FOR[len(seats)]).rules
    driver = Driver(tmp_path_factory.mktemp("hot-seat"), seed,
                    settings=Settings(pace=Pace.INSTANT, animations=animations, sound=False), size=(800, 500))
    driver.new_game(seats, rules)
    app = driver.app
    with pytest.MonkeyPatch.context() as patch:
        recorder = FaceRecorder(patch)
        try:
            for frame in range(4000):
                if frame < FRAMES_DRAWN:
                    frame_gestures = data.draw(st.lists(st.tuples(st.sampled_from(GESTURES), st.integers(0, 51)),
                                                        max_size=3), label=f"frame {frame}")
                    intents = [i for kind, pick in frame_gestures for i in gesture(driver, kind, pick)]
                else:
                    intents = person_acts(driver, frame)
                driver.frame(*intents)
                if app.controller.game.results:
                    break  # the next hand is dealt: the score screen shows the last hand's public cards
                assert secrets_shown(app, recorder.take()) == []
            assert app.controller.game.results, "a whole hand was played"
        finally:
            driver.close()
