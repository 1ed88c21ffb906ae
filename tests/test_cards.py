"""The two-character card notation of RULES.md and the mask helpers."""

from __future__ import annotations

import pytest

from hearts_desktop.engine import CARDS, Card, Suit, card, cards_of, mask_of, parse_cards


def test_every_card_round_trips_through_its_notation() -> None:
    names = {str(c) for c in CARDS}
    assert len(names) == 52
    for c in CARDS:
        assert Card.parse(str(c)) is c


def test_notation_examples() -> None:
    assert str(Card.parse("QS")) == "QS"
    assert Card.parse("th") == card("TH")
    assert card("QS").suit is Suit.SPADES and card("QS").rank == 10
    assert card("2C") == 0 and card("AH") == 51
    assert card("QS").name == "queen of spades"


@pytest.mark.parametrize("text", ["", "Q", "QSS", "1S", "QX", "10H"])
def test_bad_card_text_is_refused_with_the_notation_explained(text: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse(text)


def test_cards_of_sorts_by_suit_then_rank() -> None:
    mask = mask_of(parse_cards("AH 2C QS TD 3C"))
    assert [str(c) for c in cards_of(mask)] == ["2C", "3C", "TD", "QS", "AH"]
    assert cards_of(0) == ()
