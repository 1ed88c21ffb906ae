"""The coach's finished reviews are kept on disk: reopened after a restart they need no
worker, and a damaged or newer reviews file is set aside with a sentence, losing no game."""

from __future__ import annotations

import json
from pathlib import Path

from hearts_desktop.coach.game import HandReview
from hearts_desktop.coach.stored import KEPT_REVIEWS, load_reviews, review_from_dict, review_to_dict
from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.controller.review import INLINE_REVIEW, HandReviewer
from hearts_desktop.controller.session import Session
from hearts_desktop.engine import Game
from hearts_desktop.persistence import DataPaths
from hearts_desktop.persistence.saves import save_game

from .app_driver import finished_game
from .test_review_screen import Recording


def review_in(session: Session, game: Game, hand: int = 0, runner: InlineRunner | None = None) -> HandReviewer:
    reviewer = HandReviewer.of_game(runner or InlineRunner(), game.rules, game.seed, game.actions, hand, 0, session.reviews,
                            budget=INLINE_REVIEW)
    reviewer.poll()
    return reviewer


def marks(review: HandReview) -> list[tuple[int, str, float, str]]:
    return [(d.action_index, d.mark.value, round(d.cost, 9), d.reason) for d in review.decisions]


def test_a_review_reopened_after_a_restart_submits_no_job_and_shows_the_same_marks(tmp_path: Path) -> None:
    game, _ = finished_game()
    session = Session.open(tmp_path)
    first = review_in(session, game)
    assert first.complete
    session.close()

    again = Session.open(tmp_path)
    try:
        runner = Recording()
        reopened = review_in(again, game, runner=runner)
        assert runner.jobs == [] and reopened.complete
        assert marks(reopened.review()) == marks(first.review())
        assert [d.judgement.best.cards for d in reopened.review().decisions] == [
            d.judgement.best.cards for d in first.review().decisions]
    finally:
        again.close()


def test_a_review_stored_and_read_back_keeps_what_the_screen_and_the_json_show() -> None:
    game, _ = finished_game()
    session = Session(None)
    review = review_in(session, game).review()
    back = review_from_dict(json.loads(json.dumps(review_to_dict(review))))
    assert marks(back) == marks(review) and back.mean_cost == review.mean_cost
    for before, after in zip(review.decisions, back.decisions, strict=True):
        assert after.trick == before.trick and after.chosen == before.chosen
        assert after.judgement.deals == before.judgement.deals
        assert [o.value for o in after.judgement.options] == [o.value for o in before.judgement.options]
        assert after.judgement.chosen.cards == before.judgement.chosen.cards


def test_another_game_from_the_same_seed_is_not_given_a_stored_review(tmp_path: Path) -> None:
    game, _ = finished_game(seed=3)
    session = Session.open(tmp_path)
    review_in(session, game)
    session.close()
    longer, _ = finished_game(seed=3, target=40)
    assert longer.actions[:20] == game.actions[:20] and longer.rules != game.rules
    again = Session.open(tmp_path)
    try:
        runner = Recording()
        review_in(again, longer, runner=runner)
        assert runner.jobs, "other rules are another game: judged afresh"
    finally:
        again.close()


def test_a_damaged_reviews_file_is_set_aside_with_a_sentence_and_the_game_still_continues(tmp_path: Path) -> None:
    paths = DataPaths.resolve(tmp_path)
    game, seats = finished_game()
    unfinished = Game.replay(game.rules, game.seed, game.actions[:60])
    save_game(paths.autosave, unfinished, seats)
    paths.reviews.write_text('{"format": "hearts-desktop-reviews", "version": 1, "reviews": {"x": 1}')
    session = Session.open(tmp_path)
    try:
        assert session.saved is not None and session.take_messages() == []  # read when first needed
        assert session.reviews.reviews == {}
        messages = session.take_messages()
        assert len(messages) == 1 and messages[0].startswith("The coach's saved reviews could not be used (the file is damaged)")
        assert "hands will be reviewed again when opened" in messages[0]
        assert not paths.reviews.exists() and list(tmp_path.glob("reviews.corrupt-*.json"))
        assert session.saved.game.actions == unfinished.actions
    finally:
        session.close()


def test_a_reviews_file_from_a_newer_version_is_set_aside_and_said(tmp_path: Path) -> None:
    paths = DataPaths.resolve(tmp_path)
    game, _ = finished_game()
    session = Session.open(tmp_path)
    review_in(session, game)
    session.close()
    document = json.loads(paths.reviews.read_text())
    paths.reviews.write_text(json.dumps(document | {"version": 2}))
    loaded = load_reviews(paths.reviews)
    assert loaded.value == {}
    [message] = loaded.messages
    assert "written by a newer version of Hearts Desktop" in message


def test_no_reviews_file_is_no_message_and_the_file_keeps_only_the_newest_reviews(tmp_path: Path) -> None:
    session = Session.open(tmp_path)
    try:
        assert session.take_messages() == []
        game, _ = finished_game()
        review = review_in(session, game).review()
        for n in range(KEPT_REVIEWS + 5):
            session.reviews.put(f"key{n}", review)
    finally:
        session.close()
    kept = load_reviews(DataPaths.resolve(tmp_path).reviews).value
    assert len(kept) == KEPT_REVIEWS and f"key{KEPT_REVIEWS + 4}" in kept and "key0" not in kept
