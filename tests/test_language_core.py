"""The rules, the computers, the coach and the network speak through the catalogue.

A bracketing catalogue stands in for a language: every message it translates comes back as
``⟦message⟧``. A sentence made whole in the catalogue then reads ``⟦…⟧`` from its first
character to its last; a sentence joined in code from pieces, or English left outside the
catalogue, shows as text outside the brackets.
"""

from __future__ import annotations

import errno
import gettext
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import pytest

from hearts_desktop import language
from hearts_desktop.bots.hint import pass_reason
from hearts_desktop.engine import Game, IllegalMove, PassAction, PlayAction, Ruleset
from hearts_desktop.engine.cards import CARDS, card
from hearts_desktop.engine.rules import PRESETS, MoonScoring, PassCycle, RulesetError, describe, preset_by_key
from hearts_desktop.persistence.atomic import storage_error
from hearts_desktop.persistence.documents import load_document
from hearts_desktop.persistence.saves import SAVE, UNSAVED, UNSAVED_FULL, parse_save


class Bracketing(gettext.NullTranslations):
    """A language whose every word is the English one in brackets."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"⟦{singular if n == 1 else plural}⟧"

    def pgettext(self, context: str, message: str) -> str:
        return f"⟦{message}⟧"

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return f"⟦{singular if n == 1 else plural}⟧"


@contextmanager
def speaking(catalogue: gettext.NullTranslations, code: str) -> Iterator[None]:
    """Speak ``code`` through ``catalogue`` inside the block, English again after it."""
    language.use(catalogue, code)
    try:
        yield
    finally:
        language.use(gettext.NullTranslations(), language.ENGLISH)


def bracketed() -> AbstractContextManager[None]:
    """Speak the bracketing language inside the block, English again after it."""
    return speaking(Bracketing(), "xx")


def whole(sentence: str) -> bool:
    """One message of the catalogue, with nothing joined to it outside."""
    return sentence.startswith("⟦") and sentence.endswith("⟧")


ALL_OPTIONS = [
    Ruleset(),
    Ruleset.for_players(3, kitty=True),
    Ruleset.for_players(5, kitty=True, moon_needs_jack=True, jack_of_diamonds=True),
    Ruleset.for_players(3, black_maria_spades=True, spot_scoring=True, moon=MoonScoring.OFF),
    Ruleset(black_maria_spades=True, points_on_first_trick=True, queen_breaks_hearts=False, sweep_bonus=False),
    Ruleset(pass_cycle=PassCycle.SCATTER, spot_scoring=True),
    Ruleset(pass_cycle=PassCycle.NO_PASSING, moon=MoonScoring.SHOOTERS_CHOICE),
    Ruleset.for_players(5),
]


@pytest.mark.parametrize("rules", ALL_OPTIONS)
def test_every_rules_sentence_is_one_message(rules: Ruleset) -> None:
    with bracketed():
        lines = describe(rules)
        assert lines and all(whole(line) for line in lines), lines


def test_the_kitty_sentence_agrees_with_its_number() -> None:
    one = describe(Ruleset.for_players(3, kitty=True))[0]
    two = describe(Ruleset.for_players(5, kitty=True))[0]
    assert "; 1 card is left over: it lies face down and goes" in one and "the 1" not in one
    assert "; 2 cards are left over: they lie face down and go" in two


def test_a_preset_speaks_the_language_chosen_after_import() -> None:
    with bracketed():
        assert preset_by_key("omnibus").name == "⟦Omnibus⟧"
        assert all(whole(p.tagline) for p in PRESETS)


def test_a_preset_keeps_its_english_name_in_english() -> None:
    assert [p.name for p in PRESETS][:2] == ["Standard", "Black Lady (classic)"]


def test_a_conflicting_ruleset_is_refused_in_the_players_language() -> None:
    with bracketed():
        with pytest.raises(RulesetError) as refused:
            Ruleset.for_players(3, pass_cycle=PassCycle.LEFT_RIGHT_ACROSS_HOLD)
        assert str(refused.value) == "⟦Passing across needs 4 players; with 3 choose '⟦left, right, hold⟧'.⟧"


def test_an_illegal_play_is_refused_in_the_players_language() -> None:
    with bracketed():
        game = Game(Ruleset(pass_cycle=PassCycle.NO_PASSING), seed=7)
        leader = game.hand.turn
        not_held = next(c for c in CARDS if not game.hand.hands[leader] >> c & 1)
        reason = game.illegal_reason(PlayAction(leader, not_held))
        assert reason is not None and whole(reason)
        assert "⟦{rank} of {suit}⟧" not in reason and "⟦of⟧" not in reason
        with pytest.raises(IllegalMove) as refused:
            game.apply(PlayAction((leader + 1) % 4, card("2C")))
        assert str(refused.value) == "⟦It is not your turn.⟧"


def test_a_card_is_named_by_its_rank_and_suit_messages() -> None:
    with bracketed():
        assert card("QS").name == "⟦⟦queen⟧ of ⟦spades⟧⟧"


def test_a_pass_of_two_cards_is_refused_with_the_number_of_cards() -> None:
    game = Game(Ruleset(), seed=3)
    cards = game.hand.hands[0]
    held = [c for c in CARDS if cards >> c & 1][:2]
    assert game.illegal_reason(PassAction(0, tuple(held))) == "Choose exactly 3 cards to pass."


def test_hebrews_and_takes_a_hyphen_before_a_name_not_in_hebrew() -> None:
    """Babel writes "אנה וBob"; a Hebrew reader writes "אנה ו-Bob" (found by the native reading)."""
    language.use(gettext.NullTranslations(), "he")
    assert language.join_names(["אנה", "Bob"]) == "אנה ו-Bob"
    assert language.join_names(["אנה", "בן", "12"]) == "אנה, בן ו-12"
    assert language.join_names(["Bob", "אנה"]) == "Bob ואנה"


def test_a_list_of_names_is_said_the_languages_way() -> None:
    assert language.join_names(["Alice", "Ben", "Clara"]) == "Alice, Ben and Clara"
    language.use(gettext.NullTranslations(), "fr")
    assert language.join_names(["Alice", "Ben", "Clara"]) == "Alice, Ben et Clara"


def test_the_hints_pass_reason_is_one_message_with_its_cards() -> None:
    game = Game(Ruleset(), seed=11)
    view = game.view(0)
    cards = tuple(c for c in CARDS if view.hand >> c & 1)[-3:]
    with bracketed():
        sentence = pass_reason(view, cards)
    assert whole(sentence) and sentence.count("⟦the {card}⟧") == 0 and sentence.count("⟦the ") == 3


def test_a_damaged_file_is_said_in_one_message(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    path.write_text("not JSON")
    with bracketed():
        loaded = load_document(path, SAVE, parse_save)
    assert loaded.value is None
    [message] = loaded.messages
    assert whole(message) and "⟦The saved game could not be used (⟦the file is damaged⟧), so" in message


def test_a_full_disk_is_said_in_one_message(tmp_path: Path) -> None:
    full = OSError(errno.ENOSPC, "No space left on device")
    with bracketed():
        refusal = str(storage_error(full, tmp_path / "autosave.json", UNSAVED, UNSAVED_FULL))
    assert whole(refusal) and refusal.startswith("⟦The game could not be saved: ⟦the disk is full⟧; free")
    assert str(storage_error(full, tmp_path / "autosave.json", UNSAVED, UNSAVED_FULL)) == (
        "The game could not be saved: the disk is full; free some space and it will be saved with your next move.")


def test_the_coachs_marks_are_one_message_with_the_bands_listed_the_languages_way() -> None:
    from hearts_desktop.coach.review import marks_sentence

    with bracketed():
        sentence = marks_sentence()
    assert sentence.startswith("⟦The coach marks each decision")
    assert "⟦⟦mistake⟧ under 5⟧" in sentence and " and ⟦⟦blunder⟧ from 5⟧.⟧" in sentence
