"""Right to left (issue 44): in Hebrew the interface mirrors (labels, values, arrows, rows of
buttons), the table stays the table, and text keeps its own direction and shape."""

from __future__ import annotations

import gettext
import operator
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from benchmarks.layout import Inspector, RecordingSurface, inspect, inspected, recent_games
from benchmarks.layout_screens import past_games
from hearts_desktop import __version__, language
from hearts_desktop.controller.bot_runner import InlineRunner
from hearts_desktop.controller.review import INLINE_REVIEW, HandReviewer, ReviewCache
from hearts_desktop.engine import Ruleset
from hearts_desktop.language import said
from hearts_desktop.persistence import Settings, Statistics, languages
from hearts_desktop.persistence.stats import Profile, Tally
from hearts_desktop.ui import reading, theme
from hearts_desktop.ui.form import Choice
from hearts_desktop.ui.history_scene import PastGamesScene, when, winner_label
from hearts_desktop.ui.info_scenes import help_scene, rules_scene
from hearts_desktop.ui.intents import KeyPress, PointerDown
from hearts_desktop.ui.layout import TableLayout
from hearts_desktop.ui.menus import ConfirmScene, MainMenuScene
from hearts_desktop.ui.overlays import HandScoreScene, ScoreHistoryScene
from hearts_desktop.ui.review_scene import ReviewScene
from hearts_desktop.ui.scene import Scene
from hearts_desktop.ui.settings_scene import SettingsScene
from hearts_desktop.ui.stats_scene import StatisticsScene

from .app_driver import Driver, finished_game

SIZE = (1280, 800)


Speak = Callable[[str], None]


@pytest.fixture
def speak() -> Iterator[Speak]:
    """Switch the interface's language (no catalogue needed: the code decides the direction);
    English after the test."""
    pygame.font.init()

    def switch(code: str) -> None:
        language.use(gettext.NullTranslations(), code)
        theme.forget_texts()

    yield switch
    switch(language.ENGLISH)


def settings_scene() -> SettingsScene:
    return SettingsScene(SIZE, Settings(), lambda settings: None, lambda: None)  # type: ignore[arg-type,return-value]


def first_choice(scene: SettingsScene) -> Choice[str]:
    choice = scene.controls[0]
    assert isinstance(choice, Choice)
    return choice


def test_reading_helpers_are_the_identity_left_to_right() -> None:
    rect = pygame.Rect(10, 20, 100, 30)
    assert reading.mirror(rect, 1000) == rect and reading.forward(1) == 1 and reading.anchor("midleft") == "midleft"


def test_reading_helpers_mirror_right_to_left(speak: Speak) -> None:
    speak("he")
    assert reading.mirror(pygame.Rect(10, 20, 100, 30), 1000) == pygame.Rect(890, 20, 100, 30)
    assert reading.forward(1) == -1
    assert reading.anchor("midleft") == "midright" and reading.anchor("topright") == "topleft"
    assert reading.anchor("center") == "center"


def test_a_settings_row_reads_from_the_right_in_hebrew(speak: Speak) -> None:
    speak("he")
    scene = settings_scene()
    scene.place()
    choice = first_choice(scene)
    english = pygame.Rect(choice.rect)
    assert choice.rect.centerx > SIZE[0] // 2  # the rows are on the right, the preview on the left
    assert choice.value_rect().left == choice.rect.left  # the value at the row's end: its left
    label = theme.text("Language", 20)
    assert reading.at_start(label, choice.rect).right == choice.rect.right
    speak(language.ENGLISH)
    scene.place()
    assert choice.rect.centerx < SIZE[0] // 2 and choice.rect.width == english.width
    assert choice.value_rect().right == choice.rect.right


def test_left_goes_on_in_hebrew(speak: Speak) -> None:
    speak("he")
    values = ["a", "b", "c"]
    chosen = ["a"]
    choice = Choice("x", tuple((v, v) for v in values), lambda: chosen[0], lambda v: chosen.__setitem__(0, v))
    scene = settings_scene()
    scene.controls = [choice]
    scene.set_focus(choice)
    scene.handle(KeyPress(pygame.K_LEFT, 0, ""))
    assert chosen == ["b"]
    scene.place()
    choice.click(choice.value_rect().midleft)  # the left arrow goes on too
    assert chosen == ["c"]


def test_a_row_of_buttons_starts_at_the_right_in_hebrew(speak: Speak) -> None:
    speak("he")
    scene = ConfirmScene(SIZE, "Quit?", "Quit", lambda: None)
    scene.place()
    yes, cancel = scene.buttons
    assert yes.rect.left > cancel.rect.right


def test_the_table_is_not_mirrored(speak: Speak) -> None:
    speak("he")
    hebrew_table = TableLayout.compute(SIZE, 4, 0)
    speak(language.ENGLISH)
    assert TableLayout.compute(SIZE, 4, 0) == hebrew_table


def test_a_hebrew_sentence_starting_with_a_latin_name_reads_right_to_left(speak: Speak) -> None:
    speak("he")
    sentence = "Alice שיחקה את המלכה"
    assert theme.direction_of(sentence) == pygame.DIRECTION_RTL
    runs = theme.visual_runs(sentence)
    assert runs[-1] == ("Alice", pygame.DIRECTION_LTR)  # the name at the right end, where it starts
    speak(language.ENGLISH)
    assert theme.direction_of(sentence) == pygame.DIRECTION_LTR  # an English interface: as before


@pytest.mark.parametrize(("sentence", "card"), [
    ("J♦ تساوي −10", "J♦"),   # Arabic: "J♦ counts −10"
    ("המלכה Q♠ שוברת", "Q♠"),  # Hebrew: a card inside the sentence
    ("קיבלת 10♥ מדנה", "10♥"),
])
def test_a_card_in_a_right_to_left_sentence_keeps_its_suit_after_its_rank(
        speak: Speak, sentence: str, card: str) -> None:
    """The suit symbol has no direction of its own: it used to join the right-to-left words
    around it and be drawn before its rank ("♦J")."""
    speak("he")
    runs = theme.visual_runs(sentence)
    assert (card, pygame.DIRECTION_LTR) in [(run.strip(), direction) for run, direction in runs]


def seen(sentence: str) -> str:
    """The characters of ``sentence`` as drawn from the left (a right-to-left run reversed)."""
    return "".join(run[::-1] if direction == pygame.DIRECTION_RTL else run
                   for run, direction in theme.visual_runs(sentence))


@pytest.mark.parametrize(("sentence", "drawn"), [
    # The Hebrew and Arabic readers' lines, drawn wrong when digits counted as Latin letters.
    ("Ben · 0 נק׳", "׳קנ Ben · 0"),                      # a number after a Latin name reads with it (W7)
    ("ניתוח סיבוב 1 — You", "You — 1 בוביס חותינ"),       # was "1 — You" at the left
    ("הפסדת ב-35% מהחלוקות", "תוקולחהמ 35%-ב תדספה"),       # the % stays with its number
    ("الجولة 3 — Alice", "Alice — 3 ةلوجلا"),            # an Arabic number stays Arabic (W2)
    ("Anna 12, Ben 30", "Anna 12, Ben 30"),               # left to right as before
])
def test_numbers_in_a_right_to_left_line_follow_the_unicode_bidi_algorithm(
        speak: Speak, sentence: str, drawn: str) -> None:
    speak("he")
    assert seen(sentence) == drawn


@pytest.mark.parametrize("words", ["أ", "لا أوراق نقاط في الأكلة", "اِبدأ", "Anna أحمد 12"])
def test_a_line_of_arabic_is_no_taller_than_the_fonts_line(words: str) -> None:
    """A hamza above an alef drew the line 2 px taller, a vowel mark up to 8: stacked lines
    overlapped in 129 places of the Arabic layout check."""
    pygame.font.init()
    assert theme.text(words, 20).get_height() == theme.font(20).get_height()


def test_arabic_letters_are_joined() -> None:
    """pygame-ce's HarfBuzz joins them once told the script (it drew isolated letters before)."""
    pygame.font.init()
    joined = theme.text("سلام", 40)
    apart = theme.text("\u200c".join("سلام"), 40)  # zero-width non-joiners: isolated forms
    assert joined.get_width() < 0.85 * apart.get_width()


def texts_in_order(scene: Scene, size: tuple[int, int] = SIZE) -> list[tuple[str, pygame.Rect]]:
    """Each text ``scene`` draws, by its words (a leader's name without its star), and where."""
    inspector = Inspector()
    with inspected(inspector):
        scene.draw(RecordingSurface(size, inspector))
    return [(element.label.removeprefix("★ "), element.rect) for element in inspector.elements if element.kind == "text"]


def texts_drawn(scene: Scene, size: tuple[int, int] = SIZE) -> dict[str, pygame.Rect]:
    """Where ``scene`` draws each of its texts (the first place of one drawn more than once)."""
    drawn: dict[str, pygame.Rect] = {}
    for label, rect in texts_in_order(scene, size):
        drawn.setdefault(label, rect)
    return drawn


def test_the_score_sheets_read_from_the_right_in_hebrew(tmp_path: Path, speak: Speak) -> None:
    """A hand's summary and the score history are tables of figures for a reader: in Hebrew
    the players' names come first, at the right, and the totals last, at the left; the
    summary's cards keep the table's fan."""
    driver = Driver(tmp_path)
    try:
        driver.new_game()
        driver.play_through(lambda: isinstance(driver.top, HandScoreScene))
        for code, name_first in ((language.ENGLISH, operator.lt), ("he", operator.gt)):
            speak(code)
            summary = driver.top
            assert isinstance(summary, HandScoreScene)
            drawn = texts_drawn(summary)
            assert name_first(drawn["Anna"].centerx, drawn["This hand"].centerx)
            assert name_first(drawn["This hand"].centerx, drawn["Total"].centerx)
            drawn = texts_drawn(ScoreHistoryScene(SIZE, driver.controller))
            assert name_first(drawn["Hand"].centerx, drawn["Anna"].centerx)
            assert name_first(drawn["Anna"].centerx, drawn["Bo"].centerx)
    finally:
        driver.close()


def test_the_advanced_rules_arrow_points_onward_in_hebrew() -> None:
    """"Advanced rules ▸" opens more rules beyond its words: at their left end in Hebrew, so
    the arrow there points left (it pointed back at the words)."""
    assert languages.load_catalogue("he").gettext("Advanced rules ▸") == "כללים מתקדמים ◂"


def test_a_card_keeps_its_suit_before_hebrew_words(speak: Speak) -> None:
    """A card is written rank then suit ("Q♦"): the suit stays beside its rank where Hebrew
    words follow the card (the bidi rule for a symbol between a Latin and a Hebrew letter
    put it at the other end of the names and cards)."""
    speak("he")
    runs = theme.visual_runs("מ-Ann: 5♦ 9♦ Q♦ (מורמים ביד שלך)")
    assert ("Ann: 5♦ 9♦ Q♦", pygame.DIRECTION_LTR) in runs


def test_numbers_in_a_hebrew_line_stay_where_the_line_reads_them(speak: Speak) -> None:
    """A seat's line "0 pts  (+13)  · 2 tricks": each number is its own run, read where the
    Hebrew puts it, the brackets round "+13" (they were split, one at each end of "13) · 2");
    an address or a time stays whole."""
    speak("he")
    rtl, ltr = pygame.DIRECTION_RTL, pygame.DIRECTION_LTR
    assert theme.visual_runs("0 נק׳  (+13)  · 2 לקיחות") == [
        (" לקיחות", rtl), ("2", ltr), (")  · ", rtl), ("13", ltr), (" נק׳  (+", rtl), ("0", ltr)]
    assert ("192.168.1.20:47474", ltr) in theme.visual_runs("למשל 192.168.1.20:47474, ואז")
    assert ("14:05", ltr) in theme.visual_runs("נשמר ב-14:05")
    assert ("50%", ltr) in theme.visual_runs("ניצחת ב-50% מהמשחקים")
    assert theme.visual_runs("E2E Host — 1 מושב פתוח") == [(" מושב פתוח", rtl), ("E2E Host — 1", ltr)]


def statistics_texts() -> dict[str, pygame.Rect]:
    """Where the statistics screen draws each text (one person with games against two line-ups)."""
    statistics = Statistics()
    tallies = {"3x expert": Tally(20, 6, 180, 800, 1, 5, -3, 118), "2x medium + 1x expert": Tally(3, 0, 30, 250, 0, 1, 60, 101)}
    statistics.profiles["Anna"] = Profile(tallies, recent_games(12))
    scene = StatisticsScene(SIZE, statistics, "Anna", lambda name: None, lambda: None)
    scene.place()
    inspector = Inspector()
    inspect([scene], SIZE, inspector)
    return {element.label: element.rect for element in inspector.elements if element.kind == "text"}


def test_the_statistics_read_from_the_right_in_hebrew(speak: Speak) -> None:
    """The figures come first, at the reading's start (the right), each label before its value;
    the opponents' table reads its names first and its columns leftwards; the charts' titles
    start at the right, the oldest game first on the right."""
    english = statistics_texts()
    speak("he")
    hebrew = statistics_texts()
    for texts, first, later in ((english, "Games played", "Against"), (hebrew, "Against", "Games played")):
        assert texts[first].centerx < SIZE[0] // 2 < texts[later].centerx
    assert hebrew["Games played"].left > hebrew["20"].right  # the label right of its value
    assert hebrew["Against"].right > hebrew["Avg/hand"].right  # the names' column first, at the right
    assert hebrew["Final score, last games (gold: won)"].right == SIZE[0] - english["Final score, last games (gold: won)"].left
    oldest, newest = (hebrew[str(game.total)] for game in recent_games(12)[:1] + recent_games(12)[-1:])
    assert oldest.centerx > newest.centerx


# ---------------------------------------------------------------- the coach's review

REVIEWED = ("Anna", "Bo", "Cy", "Di")
EDGE = 4
"""Pixels a text's ink may stand off from where it is anchored (the glyphs' side bearings)."""


def review_scene() -> ReviewScene:
    """The review of a finished game's first hand, complete, with the buttons to the other hands."""
    pygame.font.init()
    game, _seats = finished_game()

    def reviewer(hand: int) -> HandReviewer:
        opened = HandReviewer.of_game(InlineRunner(), game.rules, game.seed, game.actions, hand, 0, ReviewCache(),
                                      budget=INLINE_REVIEW)
        opened.poll()
        return opened

    scene = ReviewScene(SIZE, reviewer(0), list(REVIEWED), lambda card, height: pygame.Surface((height * 2 // 3, height)),
                        hands=len(game.results), open_hand=reviewer)
    assert scene.reviewer.complete and len(scene.buttons) == 5 and scene.hands > 2
    return scene


def inside(drawn: list[tuple[str, pygame.Rect]], words: str, box: pygame.Rect) -> pygame.Rect:
    """Where ``words`` are drawn inside ``box`` (a button's label or arrow, say)."""
    return next(rect for label, rect in drawn if label == words and box.contains(rect))


def test_the_coach_review_reads_from_the_right_in_hebrew(speak: Speak) -> None:
    """The list of decisions is on the left in Hebrew, each row starting at the right (the
    step, then its cards, the mark at the left end), its lines and the summary too; the
    table's picture moves to the right, unmirrored."""
    scene = review_scene()
    drawn, listings, tables, rows = {}, {}, {}, {}
    for code in (language.ENGLISH, "he"):
        speak(code)
        scene.place()
        drawn[code] = texts_drawn(scene)
        listings[code], tables[code], rows[code] = scene.listing_area.copy(), scene.table_area.copy(), scene.row_rects[0]
    english, hebrew = drawn[language.ENGLISH], drawn["he"]
    assert tables["en"].centerx < listings["en"].centerx and listings["he"].centerx < tables["he"].centerx
    assert tables["he"].size == tables["en"].size
    cards = next(label for label, rect in english.items() if set(label) & set("♣♦♥♠") and rows["en"].contains(rect))
    assert english["Pass"].right < english[cards].left
    assert hebrew["Pass"].left > hebrew[cards].right  # the step first, at the right
    assert abs(hebrew["Pass"].right - rows["he"].right) <= 2 * EDGE
    assert {label: rect.move(tables["he"].left - tables["en"].left, 0) for label, rect in english.items()
            if tables["en"].contains(rect)}.items() <= hebrew.items()  # the table's picture as it was
    summary = next(label for label in english if label.startswith("Mean cost"))
    assert abs(english[summary].left - scene.summary_area.left) <= EDGE
    assert abs(hebrew[summary].right - scene.summary_area.right) <= EDGE
    headline = next(label for label in english if label.startswith(("Coach's best", "Your choice is")))
    assert abs(hebrew[headline].right - listings["he"].inflate(-scene.font_size, 0).right) <= EDGE


def test_the_coach_reviews_buttons_and_arrows_point_the_way_a_hebrew_reader_goes(speak: Speak) -> None:
    """In Hebrew the buttons start at the right: "previous" there with its arrow pointing
    right and the → key, "next" left of it pointing left with the ← key (the code draws the
    arrows: no translation writes one). The key hints stand at each button's left end."""
    scene = review_scene()
    scene.go_to_hand(1)
    scene.move(3)  # every button on
    for code, back_side, arrows in ((language.ENGLISH, operator.lt, ("◀", "▶")), ("he", operator.gt, ("▶", "◀"))):
        speak(code)
        scene.place()
        drawn = texts_in_order(scene)
        earlier, back, forward, later = (button.rect for button in scene.buttons[:4])
        assert back_side(earlier.centerx, back.centerx) and back_side(back.centerx, forward.centerx)
        assert back_side(forward.centerx, later.centerx)
        keys = ("←", "→") if code == language.ENGLISH else ("→", "←")
        assert (said(scene.back.key_hint), said(scene.forward.key_hint)) == keys
        for button, arrow, words in ((scene.back, arrows[0], "Back"), (scene.forward, arrows[1], "Next"),
                                     (scene.earlier, arrows[0], "Hand"), (scene.later, arrows[1], "Hand")):
            label, glyph = inside(drawn, words, button.rect), inside(drawn, arrow, button.rect)
            assert (glyph.centerx < label.centerx) == (arrow == "◀")  # the arrow on the side it points to
            hint = inside(drawn, said(button.key_hint), button.rect)
            assert (hint.centerx > label.centerx) == (code == language.ENGLISH)  # at the reading's end
        assert not any(label.startswith(("◀ ", "▶ ")) or label.endswith((" ◀", " ▶")) for label, _rect in drawn)


def test_left_and_the_slider_go_on_in_the_hebrew_review(speak: Speak) -> None:
    """The → key goes back and ← on; the slider starts at the right."""
    speak("he")
    scene = review_scene()
    scene.handle(KeyPress(pygame.K_LEFT, 0, ""))
    assert scene.step == 1
    scene.handle(KeyPress(pygame.K_RIGHT, 0, ""))
    assert scene.step == 0
    scene.handle(PointerDown(scene.slider.midleft))
    assert scene.step == len(scene.reviewer.steps) - 1
    scene.handle(PointerDown((scene.slider.right - 1, scene.slider.centery)))
    assert scene.step == 0


# ---------------------------------------------------------------- screens to read


@pytest.mark.parametrize(("scene", "cell", "sentence"), [
    (lambda: rules_scene(SIZE, Ruleset(), in_game=False), "•", None),
    (lambda: rules_scene(SIZE, Ruleset(), in_game=False), "Coach", None),
    (lambda: help_scene(SIZE), "Backspace", "take the last card back out of the pass slots"),
], ids=["rules bullet", "rules coach", "keyboard"])
def test_the_rules_and_the_keyboard_help_read_from_the_right_in_hebrew(
        speak: Speak, scene: Callable[[], Scene], cell: str, sentence: str | None) -> None:
    """Each entry's cell (a bullet, "Coach", a key) stands at the right in Hebrew with its
    sentence left of it, every line ending at the right where it ended at the left."""
    drawn = {}
    for code in (language.ENGLISH, "he"):
        speak(code)
        shown = scene()
        shown.place()
        drawn[code] = texts_in_order(shown)
    english, hebrew = drawn[language.ENGLISH], drawn["he"]
    at = next(i for i, (label, _rect) in enumerate(english) if label == cell)
    (_cell, english_cell), (following, english_line) = english[at], english[at + 1]
    (_cell, hebrew_cell), (_following, hebrew_line) = hebrew[at], hebrew[at + 1]
    assert sentence in (None, following)
    assert english_cell.right < english_line.left and hebrew_cell.left > hebrew_line.right
    lines = [(e, h) for (label, e), (same, h) in zip(english, hebrew) if label == same and len(label) > 20]
    assert len(lines) > 3 and all(abs(h.right - (SIZE[0] - e.left)) <= 2 * EDGE for e, h in lines[1:])  # not the title


def test_the_past_games_read_from_the_right_in_hebrew(speak: Speak) -> None:
    """A past game's row: its date first, at the right in Hebrew, the winner last, at the left."""
    games = past_games(3)
    newest = games[-1]
    drawn = {}
    for code in (language.ENGLISH, "he"):
        speak(code)
        scene = PastGamesScene(SIZE, games, lambda past: None)
        texts = texts_drawn(scene)
        drawn[code] = texts[when(newest.finished_at)], texts[winner_label(newest)], scene.rows[0].rect
    (date, winner, row), (he_date, he_winner, he_row) = drawn.values()
    assert date.centerx < row.centerx < winner.centerx
    assert he_winner.centerx < he_row.centerx < he_date.centerx
    assert abs((he_row.right - he_date.right) - (date.left - row.left)) <= EDGE


def test_the_tables_status_lines_and_the_menus_version_line_are_mirrored_in_hebrew(
        tmp_path: Path, speak: Speak) -> None:
    """Interface text around the table: the status lines (the hand, the points left, notes)
    start at the top right in Hebrew, where the reading starts; the main menu's version line
    is the page's small print, at the reading's end: the bottom left."""
    driver = Driver(tmp_path)
    try:
        width = driver.app.size[0]
        version = f"Hearts Desktop {__version__}"
        places: dict[str, list[pygame.Rect]] = {}
        for code in (language.ENGLISH, "he"):
            speak(code)
            driver.frame()
            assert isinstance(driver.top, MainMenuScene)
            places[code] = [texts_drawn(driver.top, driver.app.size)[version]]
        driver.new_game()
        for code in (language.ENGLISH, "he"):
            speak(code)
            driver.frame()
            drawn = texts_drawn(driver.table, driver.app.size)
            places[code] += [next(rect for label, rect in drawn.items() if label.startswith("Hand 1 · "))]
        (version_at, status), (he_version, he_status) = places[language.ENGLISH], places["he"]
        assert version_at.left > width // 2 and status.right < width // 2
        assert abs(he_version.left - (width - version_at.right)) <= EDGE
        assert abs(he_status.right - (width - status.left)) <= EDGE
    finally:
        driver.close()
