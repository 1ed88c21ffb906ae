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

from benchmarks.app_state import controller_of, table_of
from benchmarks.fuzz import table_drawn
from hearts_desktop.engine import Card, Phase, Ruleset, cards_of, preset_by_key
from hearts_desktop.persistence import Seat, Settings
from hearts_desktop.ui.app import App
from hearts_desktop.ui.card_art import CardArt
from hearts_desktop.ui.intents import (
    InputReader,
    Intent,
    KeyPress,
    PointerDown,
    PointerMove,
    PointerUp,
    Resized,
)
from hearts_desktop.ui.layout import TableLayout
from hearts_desktop.ui.overlays import HANDOVER_GRACE_SECONDS, CoverScene, Handover
from hearts_desktop.ui.table_scene import MESSAGE_SECONDS, TableOverlays, TableScene
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
    controller = controller_of(app)
    humans = controller.human_seats()
    for _ in range(limit):
        if isinstance(app.stack.top, CoverScene):
            driver.lift_cover()
        elif driver.human_to_act():
            driver.act_by_click()
        driver.frame()
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
    assert driver.controller.game.results, "a whole hand was played"
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
    driver.table.overlays = TableOverlays()  # reveals at once: no cover is ever drawn
    driver.controller.reveal()
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
                while not top.handover.ready:
                    driver.frame()
                driver.keys(pygame.K_RETURN)
            elif driver.controller.view().phase is not Phase.PASSING:
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
        driver.play_through(lambda: driver.human_to_act() and driver.controller.viewer == 0)
        table = driver.table
        annas_card, point = next(iter(card_points(table.hand_rects).items()))
        driver.act_by_click()  # Anna chooses three cards and passes
        driver.frame()
        assert isinstance(driver.top, CoverScene) and driver.controller.viewer == 1
        recorder.take()
        driver.lift_cover(*click(point))  # Bruno lifts the cover and clicks at once
        driver.frame()
        brunos_hand = driver.controller.view().hand
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
        driver.play_through(lambda: driver.human_to_act() and driver.controller.viewer == 0)
        driver.act_by_click()  # Anna chooses three cards and passes
        driver.frame()
        assert isinstance(driver.top, CoverScene) and driver.controller.viewer == 1
        table, size = driver.table, (1024, 768)
        rect = TableLayout.compute(size, 4, viewer=1).hand_rects(13)[6]
        point = (rect.left + 5, rect.centery)
        driver.lift_cover(Resized(size), *click(point))
        assert table.pass_slots == []
        driver.frame(*click(point))
        assert len(table.pass_slots) == 1
    finally:
        driver.close()


# ---------------------------------------------------------------------- any timing

GESTURES = ("act", "act", "act", "act twice", "double-click a card", "enter twice", "held key", "straddle",
            "click a card", "click the cover", "press Pass", "key", "nothing")
"""What the person at the computer does in a frame. Only "act" ever hands the computer over
(the next person presses the cover's button once it takes input); everything else is the
careless input of whoever sits there: the second half of a double-click or a double Enter
(begun before any cover), a key held down (repeats), a press held across frames and let go
anywhere, clicks and keys anywhere but on a ready cover's button or its keys."""
COVER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_BACKSPACE, pygame.K_TAB, pygame.K_h, pygame.K_f, pygame.K_s,
        pygame.K_l)
"""Keys pressed anew at any moment: all but the cover's own (and Esc: the menu's Settings draws
sample cards, which the check would take for someone's)."""
HELD_KEYS = (*COVER_KEYS, *KEYS)
DOUBLE_GESTURE_FRAMES = 15
"""The second click of a double-click, or the second Enter, comes at most this many frames
(0.5 s at the driver's 30 frames a second: Windows' longest double-click by default) after
the first."""
HOT_SEATS = ("HCHC", "HHCC", "CHCH", "HHHH", "HHH", "HCHCH")
"""People (H) and computers (C) around the table: four seats play Standard, three Black Maria, five five-players."""
RULES_FOR = {3: "black-maria", 4: "standard", 5: "five-players"}
FRAMES_DRAWN = 300
"""Frames whose input hypothesis chooses; then the hand is played out plainly, still checked."""


class People:
    """Who sits at the computer, and their input frame by frame: gestures now and the second
    halves of gestures begun earlier."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.at_computer: int | None = driver.controller.revealed
        """The person at the computer: changed only by a hand-over (``act`` on a ready cover)."""
        self.frame = 0
        self.later: dict[int, list[Intent]] = {}

    def due(self) -> list[Intent]:
        """What was begun earlier and happens in this frame (before anything new)."""
        self.frame += 1
        return self.later.pop(self.frame, [])

    def schedule(self, delay: int, intents: list[Intent]) -> None:
        self.later.setdefault(self.frame + delay, []).extend(intents)

    def cover(self) -> CoverScene | None:
        top = self.driver.top
        return top if isinstance(top, CoverScene) else None

    def off_the_button(self, point: tuple[int, int]) -> tuple[int, int]:
        """``point``, unless it is on a ready cover's button (pressing that is a hand-over)."""
        cover = self.cover()
        if cover is not None and cover.handover.ready and cover.handover.button.rect.collidepoint(point):
            return (1, 1)
        return point

    def gesture(self, kind: str, pick: int, delay: int) -> list[Intent]:
        """One gesture's input for this frame (its later half scheduled), aimed where the
        table last drew things, which may be stale."""
        driver = self.driver
        table = driver.table
        points = list(card_points(table.hand_rects).values())
        pass_button = table.buttons["pass"].rect
        at_table = self.cover() is None
        if kind == "act":
            return self.act(pick)
        if kind == "act twice" and at_table:
            first = self.act(pick)
            self.schedule(delay, first)
            return first
        if kind == "double-click a card" and at_table and points:
            self.schedule(delay, click(points[pick % len(points)]))
            return click(points[pick % len(points)])
        if kind == "enter twice" and at_table:
            self.schedule(delay, [KeyPress(pygame.K_RETURN, 0, "\r")])
            return [KeyPress(pygame.K_RETURN, 0, "\r")]
        if kind == "held key":
            return [KeyPress(HELD_KEYS[pick % len(HELD_KEYS)], 0, "", repeat=True)]
        if kind == "straddle":
            start = self.off_the_button(points[pick % len(points)] if points else (pick * 7, pick * 5))
            self.schedule(delay, [PointerMove((pick * 13, pick * 9), pressed=True), PointerUp((pick * 13, pick * 9))])
            return [PointerMove(start), PointerDown(start)]
        if kind == "click a card" and points:
            return click(self.off_the_button(points[pick % len(points)]))
        if kind == "click the cover":
            return click(self.off_the_button((pick * 15, pick * 11)))
        if kind == "press Pass" and pass_button.width:
            return click(self.off_the_button(pass_button.center))
        if kind == "key":
            key = KEYS[pick % len(KEYS)]
            return [KeyPress(key, 0, "")]
        return []

    def act(self, pick: int) -> list[Intent]:
        """What the person at the computer does next, with the mouse: choose a card, press
        Pass, read the score; at a cover that takes input, the person it names sits down and
        presses its button."""
        driver, app = self.driver, self.driver.app
        cover = self.cover()
        if cover is not None:
            if not cover.handover.ready:
                return []
            self.at_computer = cover.event.seat
            return click(cover.handover.button.rect.center)
        if not isinstance(driver.top, TableScene):
            return [KeyPress(pygame.K_RETURN, 0, "\r")]
        if not driver.human_to_act():
            return []
        table, view = table_of(app), controller_of(app).view()
        points = card_points(table.hand_rects)
        if view.phase is Phase.PASSING:
            if len(table.pass_slots) == 3:
                return click(table.buttons["pass"].rect.center)
            choices = [card for card in points if card not in table.pass_slots]
        else:
            choices = [card for card in view.legal_cards() if card in points]
        return click(points[choices[pick % len(choices)]]) if choices else []


class MessageRecorder:
    """Who sat at the computer when each of the table's messages was said."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, people: People) -> None:
        self.said_for: dict[str, int | None] = {}
        original = TableScene.say

        def say(table: TableScene, text: str, seconds: float = MESSAGE_SECONDS) -> None:
            self.said_for[text] = people.at_computer
            original(table, text, seconds)

        monkeypatch.setattr(TableScene, "say", say)


def secrets_shown(app: App, faces: set[Card], at_computer: int | None, said_for: dict[str, int | None]) -> list[str]:
    """Cards of a person's hand that this frame showed to someone else: drawn face up, or
    named in a message said for someone else (a Hint that arrived late, received cards
    still named) while another person sat at the computer. A message said for the person at
    the computer comes from their own view, so the cards it names ("the queen of spades is
    still out") tell them nothing their view does not."""
    controller, table = controller_of(app), table_of(app)
    message = table.message[0] if table.message and table_drawn(app.stack.scenes, table) else ""
    foreign = message and said_for.get(message, -1) != at_computer
    shown = []
    for seat in controller.human_seats():
        if seat != at_computer:
            for card in cards_of(controller.game.hand.hands[seat]):
                if card in faces:
                    shown.append(f"seat {seat}'s {card} face up (at the computer: {at_computer})")
                if foreign and card.name in message:
                    shown.append(f"seat {seat}'s {card} named: {message!r} (said for {said_for.get(message)})")
    return shown


# No shrinking: a failure already prints every frame's input, and shrinking a game of
# hundreds of frames takes many minutes.
@settings(max_examples=15, deadline=None, phases=(Search.explicit, Search.reuse, Search.generate),
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), kinds=st.sampled_from(HOT_SEATS), seed=st.integers(0, 200), animations=st.booleans())
def test_no_frame_at_any_timing_of_the_input_shows_a_card_of_another_persons_hand(
        tmp_path_factory: pytest.TempPathFactory, data: st.DataObject, kinds: str, seed: int,
        animations: bool) -> None:
    """Double-clicks and double Enters over a hand-over, held keys, presses held across
    frames, several gestures in one frame (the cover lifted and a card clicked at once) or
    one a frame, through passing and a whole hand: no frame shows anyone a card of another
    person's hand."""
    names = ("Anna", "Bruno", "Chen", "Dana", "Emil")
    seats = tuple(Seat(names[i], SeatKind.HUMAN if kind == "H" else SeatKind.COMPUTER, Level.EASY) for i, kind in enumerate(kinds))
    rules = preset_by_key(RULES_FOR[len(seats)]).rules
    driver = Driver(tmp_path_factory.mktemp("hot-seat"), seed,
                    settings=Settings(pace=Pace.INSTANT, animations=animations, sound=False), size=(800, 500))
    driver.new_game(seats, rules)
    app = driver.app
    people = People(driver)
    gestures = st.tuples(st.sampled_from(GESTURES), st.integers(0, 51), st.integers(1, DOUBLE_GESTURE_FRAMES))
    with pytest.MonkeyPatch.context() as patch:
        recorder = FaceRecorder(patch)
        messages = MessageRecorder(patch, people)
        try:
            for frame in range(4000):
                intents = people.due()
                if frame < FRAMES_DRAWN:
                    chosen = data.draw(st.lists(gestures, max_size=3), label=f"frame {frame}")
                    intents += [i for kind, pick, delay in chosen for i in people.gesture(kind, pick, delay)]
                else:
                    intents += people.act(frame)
                driver.frame(*intents)
                if controller_of(app).game.results:
                    break  # the next hand is dealt: the score screen shows the last hand's public cards
                assert secrets_shown(app, recorder.take(), people.at_computer, messages.said_for) == []
            assert controller_of(app).game.results, "a whole hand was played"
        finally:
            driver.close()


@pytest.mark.parametrize("gesture", ["double-click", "double Enter"])
@pytest.mark.parametrize("gap_frames", [1, 4, 8, 15])
def test_a_double_click_or_double_enter_on_a_card_never_lifts_the_next_persons_cover(
        tmp_path: Path, gesture: str, gap_frames: int) -> None:
    """Issue 40: Anna double-clicks the card she plays (two clicks 120 ms apart, 4 frames), or
    chooses it with the keys and presses Enter twice 250 ms apart; the first plays it, and the
    second used to lift "Pass the computer to Bruno" at once, showing her Bruno's hand. Gaps
    from one frame to 0.5 s."""
    driver = start(tmp_path, seats_for(2, 4), Ruleset(), 4)
    try:
        app = driver.app
        driver.play_through(lambda: driver.human_to_act() and controller_of(app).viewer == 0
                            and controller_of(app).view().phase is Phase.PLAYING and len(controller_of(app).view().trick) < 3)
        card = controller_of(app).view().legal_cards()[0]
        point = card_points(table_of(app).hand_rects)[card]
        if gesture == "double-click":
            first: list[Intent] = click(point)
        else:
            driver.keys(pygame.K_HOME, *[pygame.K_RIGHT] * list(table_of(app).hand_rects).index(card))
            first = [KeyPress(pygame.K_RETURN, 0, "\r")]
        driver.frame(*first)
        assert isinstance(driver.top, CoverScene) and controller_of(app).cover == 1, "Bruno's cover is up"
        for _ in range(gap_frames - 1):
            driver.frame()
        driver.frame(*first)  # the second half of the gesture
        for _ in range(5):
            driver.frame()
        assert isinstance(driver.top, CoverScene) and controller_of(app).revealed == 0
        driver.lift_cover()  # Bruno presses "I am Bruno — show my cards"
        assert controller_of(app).revealed == 1 and isinstance(driver.top, TableScene)
    finally:
        driver.close()


@pytest.fixture
def window() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((800, 600))


def test_the_cover_ignores_what_began_before_it_and_lifts_only_for_its_own_button_or_key(
        window: pygame.Surface) -> None:
    lifted: list[str] = []
    handover = Handover("Bruno", "cards", lambda: lifted.append("lifted"))
    handover.place((800, 600))
    button = handover.button.rect.center
    handover.handle(PointerDown(button))  # pressed during the grace: its release does nothing
    handover.update(HANDOVER_GRACE_SECONDS - 0.01)
    assert not handover.ready and not handover.button.enabled
    handover.handle(KeyPress(pygame.K_RETURN, 0, "\r"))
    handover.update(0.02)
    assert handover.ready and handover.button.enabled
    handover.handle(PointerUp(button))
    handover.handle(KeyPress(pygame.K_RETURN, 0, "\r", repeat=True))  # held since before
    handover.handle(KeyPress(pygame.K_h, 0, "h"))
    handover.handle(PointerDown((5, 5)))
    handover.handle(PointerUp(button))  # pressed elsewhere, let go on the button
    handover.handle(PointerDown(button))
    handover.handle(PointerUp((5, 5)))  # pressed on the button, let go elsewhere
    assert lifted == []
    handover.handle(PointerDown(button))
    handover.handle(PointerUp(button))
    assert lifted == ["lifted"]
    handover.handle(KeyPress(pygame.K_SPACE, 0, " "))
    assert lifted == ["lifted", "lifted"]


def test_a_key_pressed_again_before_it_is_let_go_is_a_repeat(window: pygame.Surface) -> None:
    reader = InputReader()
    pygame.event.clear()
    for event in (pygame.KEYDOWN, pygame.KEYDOWN, pygame.KEYUP, pygame.KEYDOWN):
        pygame.event.post(pygame.event.Event(event, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert [i.repeat for i in reader.read() if isinstance(i, KeyPress)] == [False, True, False, False]
