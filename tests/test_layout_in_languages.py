"""Layout in the shipped languages: longer words than English, and Hebrew's mirrored forms,
still leave no text on another text or control (the layout check, one language at a time)."""

from __future__ import annotations

from collections.abc import Sequence

from benchmarks.layout_check import check

SIZES = [(800, 600), (1280, 800), (600, 800)]


def problems(codes: Sequence[str], *screens: str) -> list[str]:
    """What the layout check finds on the screens whose names start with one of ``screens``."""
    report = check(sizes=SIZES, only=lambda name: name.startswith(screens), codes=codes)
    return [str(problem) for problem in report.problems]


def test_the_mirrored_new_game_and_host_forms_keep_their_description_beside_the_rows() -> None:
    assert problems(["he"], "new game", "host a table") == []


def test_a_button_whose_label_is_longer_than_its_room_shrinks_the_label_to_fit() -> None:
    assert problems(["ru", "de", "pl"], "table lead", "table finish hand", "last trick", "new game",
                    "host a table") == []


def test_the_statistics_columns_are_as_wide_as_their_headings() -> None:
    assert problems(["de", "fr", "ru", "pl"], "statistics") == []


def test_a_choice_whose_label_is_longer_than_its_room_shrinks_the_label_to_fit() -> None:
    assert problems(["de", "pl"], "settings") == []


def test_the_review_list_starts_its_cards_after_the_longest_step_name() -> None:
    assert problems(["de", "pl"], "coach review") == []


def test_a_field_whose_label_is_longer_than_its_room_shrinks_the_label_to_fit() -> None:
    assert problems(["de", "he"], "join a table") == []


def test_the_network_name_panel_grows_to_hold_a_longer_refusal() -> None:
    assert problems(["de", "fr", "pl", "ru"], "network name") == []


def test_a_seats_score_line_fits_beside_the_next_seats_in_a_longer_language() -> None:
    assert problems(["pseudo"], "table 5 players playing", "table 5 wide names") == []


def test_the_reviewed_tables_side_seats_stay_beside_the_trick_in_a_longer_language() -> None:
    assert problems(["pseudo", "pseudo-rtl"], "coach review") == []


def test_the_main_menus_notes_stay_clear_of_the_version_line_in_a_longer_language() -> None:
    assert problems(["pseudo"], "main menu") == []


def test_arabic_lines_and_a_seats_rows_leave_each_other_room() -> None:
    """Arabic's letters fill their line (a hamza above an alef, dots below): the rules' bullets
    and a seat's name over its score line overlapped at 600x800 and 800x600 (165 problems)."""
    assert problems(["ar"], "table follow", "table finish hand", "new game", "host a table") == []
