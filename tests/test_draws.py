"""The engine's random draws are the library's, bit for bit: seeded deals, passes and
random plays stay what they were before the engine drew them itself."""

from __future__ import annotations

import random

import pytest

from hearts_desktop.engine import draws


@pytest.mark.parametrize("seed", range(20))
def test_shuffle_sample_and_choice_equal_the_library_and_leave_the_same_state(seed: int) -> None:
    ours, library = random.Random(seed), random.Random(seed)
    for size in (52, 51, 48, 17, 13, 2, 1, 0):
        mine, theirs = list(range(size)), list(range(size))
        draws.shuffle(ours, mine)
        library.shuffle(theirs)
        assert mine == theirs
    for size, k in ((13, 3), (17, 3), (21, 21), (12, 0), (4, 4)):
        assert draws.sample(ours, range(size), k) == library.sample(range(size), k)
    for size in (1, 2, 13, 32, 33, 52):
        assert draws.choice(ours, range(size)) == library.choice(range(size))
    assert ours.getstate() == library.getstate()


def test_below_takes_the_library_s_numbers_at_every_size_of_bound() -> None:
    bounds = [1, 2, 3, 2**16, 2**31 - 1, 2**31, 2**31 + 1, 2**32, 2**40 + 3]
    ours, library = random.Random(7), random.Random(7)
    assert [draws.below(ours.getrandbits, n) for n in bounds * 50] == [library.choice(range(n)) for n in bounds * 50]
    assert ours.getstate() == library.getstate()


def test_sample_refuses_what_the_library_would_draw_another_way() -> None:
    with pytest.raises(ValueError):
        draws.sample(random.Random(1), range(22), 3)
    with pytest.raises(ValueError):
        draws.sample(random.Random(1), range(5), 6)
