"""Hot-seat privacy through the real app and scene stack: between two cover screens, only
one person's cards are ever drawn face up."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from hearts_desktop.engine import Card, Phase, Ruleset, cards_of, preset_by_key
from hearts_desktop.persistence import Seat, Settings
from hearts_desktop.ui.card_art import CardArt
from hearts_desktop.ui.intents import Intent, PointerDown
from hearts_desktop.ui.overlays import CoverScene
from hearts_desktop.ui.table_scene import TableOverlays

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
    return tuple(Seat(names[i], "human" if i < humans else "computer", "easy") for i in range(players))


def start(tmp_path: Path, seats: tuple[Seat, ...], rules: Ruleset, seed: int) -> Driver:
    """Animations on: cards in flight must keep the secret too."""
    driver = Driver(tmp_path, seed, settings=Settings(pace="instant", animations=True, sound=False))
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
