"""The coach's review in the window: from the hand summary, computed off the render loop,
stepped through by keys, buttons and the slider, stopped when closed, and kept for reopening."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterable
from pathlib import Path

import pygame

from benchmarks.layout import Inspector, RecordingSurface, inspected
from hearts_desktop.bots import make_bot
from hearts_desktop.coach.game import moments_of, true_deal
from hearts_desktop.controller.bot_runner import BotAnswer, BotJob, InlineRunner
from hearts_desktop.controller.review import INLINE_REVIEW, HandReviewer, ReviewCache
from hearts_desktop.engine import Game, cards_of
from hearts_desktop.persistence import Seat
from hearts_desktop.ui import theme
from hearts_desktop.ui.intents import PointerDown, PointerUp
from hearts_desktop.ui.overlays import HandScoreScene, ScoreHistoryScene
from hearts_desktop.ui.review_scene import ReviewScene, card_outlines
from hearts_desktop.words import Level, SeatKind

from .app_driver import ONE_HUMAN, Driver, finished_game, key
from .delayed_runner import DelayedRunner


def test_the_reviewer_gathers_answers_in_game_order_and_keeps_the_finished_review() -> None:
    game, _ = finished_game()
    cache = ReviewCache()
    runner = DelayedRunner(seed=1, most_polls=3)
    reviewer = HandReviewer.of_game(runner, game.rules, game.seed, game.actions, 0, 0, cache, budget=INLINE_REVIEW)
    assert reviewer.progress == (0, 14)
    for _ in range(20):
        reviewer.poll()
    assert reviewer.complete
    indices = [d.action_index for d in reviewer.review().decisions]
    assert indices == sorted(indices) and len(indices) == 14
    again = HandReviewer.of_game(runner, game.rules, game.seed, game.actions, 0, 0, cache, budget=INLINE_REVIEW)
    assert again.complete  # from the cache: nothing submitted, nothing to wait for


def test_a_cached_review_is_never_shown_for_another_game_dealt_from_the_same_seed() -> None:
    """``--seed`` deals every new game the same cards: the cache must tell the games apart."""
    game, _ = finished_game(seed=3)
    cache = ReviewCache()
    first = HandReviewer.of_game(InlineRunner(), game.rules, game.seed, game.actions, 0, 0, cache, budget=INLINE_REVIEW)
    first.poll()
    assert first.complete
    other = Game(game.rules, game.seed)
    bots = [make_bot(Level.MEDIUM) for _ in range(game.players)]
    rng = random.Random(99)
    while other.hand_index == 0:
        seat = other.to_act()[0]
        other.apply(bots[seat].decide(other.view(seat), rng))
    assert other.actions[:14] != game.actions[:14]  # the same deal, played otherwise
    second = HandReviewer.of_game(Recording(), other.rules, other.seed, other.actions, 0, 0, cache, budget=INLINE_REVIEW)
    assert not second.complete and len(second.steps) == 14


class Recording(InlineRunner):
    """Keeps the jobs it is given and what is cancelled; answers nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.jobs: list[BotJob] = []
        self.cancelled: list[int] = []

    def submit(self, job: BotJob) -> None:
        self.jobs.append(job)

    def poll(self) -> list[BotAnswer]:
        return []

    def cancel(self, job_ids: Iterable[int]) -> None:
        self.cancelled += list(job_ids)


def test_the_worker_sees_only_the_reviewed_players_views_and_closing_stops_every_job() -> None:
    game, _ = finished_game()
    runner = Recording()
    reviewer = HandReviewer.of_game(runner, game.rules, game.seed, game.actions, 0, 2, ReviewCache(), budget=INLINE_REVIEW)
    assert {job.view.seat for job in runner.jobs} == {2}
    assert all(job.kind == "judge" and job.chosen is not None and job.chosen.seat == 2 for job in runner.jobs)
    reviewer.close()
    assert sorted(runner.cancelled) == sorted(job.job_id for job in runner.jobs)


def open_review(driver: Driver) -> ReviewScene:
    driver.new_game()
    driver.play_through(lambda: isinstance(driver.top, HandScoreScene))
    summary = driver.top
    assert isinstance(summary, HandScoreScene)
    labels = [b.label for b in summary.buttons]
    assert "Review hand" in labels
    summary.set_focus(summary.buttons[labels.index("Review hand")])
    driver.frame(key(pygame.K_RETURN))
    review = driver.top
    assert isinstance(review, ReviewScene)
    return review


def test_review_hand_opens_from_the_summary_and_steps_by_keys_and_slider(tmp_path: Path) -> None:
    driver = Driver(tmp_path)
    try:
        review = open_review(driver)
        for _ in range(3):
            driver.frame()
        assert review.reviewer.complete
        assert review.step == 0
        driver.keys(pygame.K_RIGHT, pygame.K_RIGHT)
        assert review.step == 2
        driver.keys(pygame.K_END)
        assert review.step == len(review.reviewer.steps) - 1
        driver.frame(PointerDown(review.slider.midleft))
        assert review.step == 0
        driver.frame(PointerDown(review.forward.rect.center))
        assert review.step == 1
        driver.keys(pygame.K_ESCAPE)
        assert isinstance(driver.top, HandScoreScene)  # back to the summary, the game waits there
    finally:
        driver.close()


def test_hot_seat_reviews_are_one_per_person_and_hidden_behind_a_cover(tmp_path: Path) -> None:
    driver = Driver(tmp_path)
    try:
        seats = (Seat("Anna", SeatKind.HUMAN), Seat("Bo", SeatKind.HUMAN), *ONE_HUMAN[2:])
        driver.new_game(seats)
        driver.play_through(lambda: isinstance(driver.top, HandScoreScene))
        summary = driver.top
        assert isinstance(summary, HandScoreScene)
        labels = [b.label for b in summary.buttons]
        assert labels[1:] == ["Review: Anna", "Review: Bo", "Play this deal again"]
        button = summary.buttons[2].rect.center
        driver.frame(PointerDown(button), PointerUp(button))  # Anna double-clicks "Review: Bo"...
        review = driver.top
        assert isinstance(review, ReviewScene)
        assert review.cover_for == "Bo" and review.reviewer.seat == 1
        for _ in range(3):
            driver.frame()
        driver.frame(PointerDown(button), PointerUp(button))  # ...her second click lands on the cover
        driver.keys(pygame.K_RIGHT, pygame.K_RETURN, pygame.K_RETURN)
        assert review.step == 0 and review.cover_for == "Bo"  # nothing moves or lifts behind the cover
        driver.lift_cover()  # Bo presses "I am Bo — show my review"
        assert review.cover_for is None
    finally:
        driver.close()


def test_the_scores_screen_reviews_any_finished_hand_a_step_at_a_time(tmp_path: Path) -> None:
    driver = Driver(tmp_path)
    try:
        driver.new_game()
        driver.play_through(lambda: driver.controller.game.hand_index == 2 and driver.human_to_act())
        driver.keys(pygame.K_s)
        scores = driver.top
        assert isinstance(scores, ScoreHistoryScene)
        assert [b.label for b in scores.buttons] == ["Close", "Review hands"]
        scores.buttons[1].action()
        driver.frame()
        review = driver.top
        assert isinstance(review, ReviewScene) and review.reviewer.hand_index == 1  # the last finished
        driver.keys(pygame.K_PAGEDOWN)
        assert review.reviewer.hand_index == 1  # no hand after it is finished
        driver.keys(pygame.K_PAGEUP)
        assert review.reviewer.hand_index == 0
        driver.frame()
        assert review.reviewer.complete and review.reviewer.review().decisions[0].trick is None  # hand 1 passes left
    finally:
        driver.close()


def test_a_click_on_a_decision_selects_it_before_any_frame_is_drawn_and_after_a_resize() -> None:
    """The rows are placed for each size in ``place()``: input never waits for a frame to be
    drawn, and drawing moves nothing."""
    pygame.init()
    game, _ = finished_game()
    reviewer = HandReviewer.of_game(Recording(), game.rules, game.seed, game.actions, 0, 0, ReviewCache(),
                                    budget=INLINE_REVIEW)
    scene = ReviewScene((1024, 768), reviewer, ["Anna", "Bo", "Cy", "Di"],
                        lambda card, height: pygame.Surface((height * 2 // 3, height)))
    scene.handle(PointerDown(scene.row_rects[3].center))
    assert scene.step == 3
    scene.resize((800, 600))
    scene.handle(PointerDown(scene.row_rects[5].center))
    assert scene.step == 5
    placed = [rect.copy() for rect in scene.row_rects]
    scene.draw(pygame.Surface((800, 600)))
    assert scene.row_rects == placed


def test_all_cards_shown_is_a_labelled_second_opinion_judged_on_the_true_deal(tmp_path: Path) -> None:
    driver = Driver(tmp_path)
    try:
        review = open_review(driver)
        driver.frame()
        fair = dict(review.reviewer.judged)
        driver.keys(pygame.K_a)
        second = review.second
        assert second is not None and review.shown is second
        assert "with all cards shown" in review.heading and review.all_cards_button.label == "Your view"
        driver.frame()
        assert second.complete and review.reviewer.judged == fair  # the player's own review is untouched
        game = driver.controller.game
        truths = {i: true_deal(g.hand) for i, g, _ in moments_of(game.rules, game.seed, game.actions, 0, 0)}
        assert all(step.truth == truths[step.action_index] for step in second.steps)
        assert all(d.judgement.error == 0.0 and d.reason.startswith("With all cards shown")
                   for d in second.judged.values())
        driver.keys(pygame.K_a)
        assert review.second is None and review.shown is review.reviewer and "all cards" not in review.heading
    finally:
        driver.close()


def test_each_review_button_is_wide_enough_to_show_its_key(tmp_path: Path) -> None:
    """The key hint is left out of a button too narrow for it; the review's buttons are made
    wide enough ("A" did not fit on "All cards shown")."""
    driver = Driver(tmp_path)
    try:
        review = open_review(driver)
        driver.frame()
        font_size = int(review.font_size * 0.95)
        shown = {}
        for button in review.buttons:
            if button.enabled and button.key_hint:
                drawn = []
                for hint in (button.key_hint, ""):
                    surface = pygame.Surface(review.size)
                    dataclasses.replace(button, key_hint=hint).draw(surface, font_size)
                    drawn.append(pygame.image.tobytes(surface, "RGB"))
                shown[button.label] = drawn[0] != drawn[1]
        assert "All cards shown" in shown and all(shown.values()), shown
    finally:
        driver.close()


def test_the_list_and_the_coachs_best_write_cards_as_the_table_does(tmp_path: Path) -> None:
    """"10♦ K♦", as the corners and the table's sentences show them, not the notation "TD KD"."""
    driver = Driver(tmp_path)
    try:
        review = open_review(driver)
        driver.play_through(lambda: review.reviewer.complete)
        inspector = Inspector()
        with inspected(inspector):
            review.draw(RecordingSurface(driver.app.size, inspector))
        drawn = [element.label for element in inspector.elements]
        assert any(label.startswith(("Coach's best", "Your choice is")) for label in drawn)
        assert any("♣" in label for label in drawn)
        assert not [label for label in drawn if re.search(r"\b[2-9TJQKA][CDSH]\b", label)]
    finally:
        driver.close()


def test_all_cards_shown_draws_every_hand_face_up_and_the_players_own_view_none_but_theirs() -> None:
    """The second opinion is shown to the person reviewing a past hand, never at a live
    table: with it on, each step shows the four hands as they were (the dealt hands at the
    pass); with it off, only the player's own cards and the trick."""
    pygame.init()
    game, _ = finished_game()

    def reviewer(hand: int, all_cards: bool = False) -> HandReviewer:
        return HandReviewer.of_game(Recording(), game.rules, game.seed, game.actions, hand, 0, ReviewCache(),
                                    budget=INLINE_REVIEW, all_cards=all_cards)

    drawn: list[int] = []

    def face(card: int, height: int) -> pygame.Surface:
        drawn.append(card)
        return pygame.Surface((height * 2 // 3, height))

    scene = ReviewScene((1024, 768), reviewer(0), ["Anna", "Bo", "Cy", "Di"], face,
                        all_cards=lambda hand: reviewer(hand, all_cards=True))
    truths = {i: true_deal(g.hand) for i, g, _ in moments_of(game.rules, game.seed, game.actions, 0, 0)}
    for step in (0, 5):
        scene.step = step
        shown = scene.reviewer.steps[step]
        drawn.clear()
        scene.draw(pygame.Surface(scene.size))
        assert sorted(drawn) == sorted([*shown.view.cards(), *shown.view.trick])
        scene.toggle_all_cards()
        drawn.clear()
        scene.draw(pygame.Surface(scene.size))
        every = [c for hand in truths[shown.action_index].hands for c in cards_of(hand)]
        assert sorted(drawn) == sorted([*every, *shown.view.trick])
        assert len(set(drawn)) == 52 - 4 * len(shown.view.tricks)  # all but the tricks taken
        scene.toggle_all_cards()


def test_the_outlines_of_neighbouring_cards_never_overlap() -> None:
    """The pass picture: the choice (yellow) and the coach's best (green) side by side in a
    fan, each outline around the part of its card that shows."""
    spots = [pygame.Rect(100 + 30 * i, 400 - (12 if i in (2, 3, 4) else 0), 60, 90) for i in range(13)]
    colours = [None, None, theme.HIGHLIGHT, theme.HINT, theme.HINT, theme.HINT, *[None] * 6, theme.HINT]
    outlines = card_outlines(spots, colours)
    assert len(outlines) == 5
    for (first, _), (second, _) in zip(outlines, outlines[1:]):
        assert first.right < second.left
    marked = [(spot, following) for spot, following, colour in zip(spots, [*spots[1:], None], colours) if colour]
    for (spot, following), (outline, _) in zip(marked, outlines):
        assert outline.left < spot.left and outline.top < spot.top and outline.bottom > spot.bottom
        assert spot.left < outline.right <= (following.left if following else spot.right + 3)
    assert [colour for _, colour in outlines] == [c for c in colours if c]
