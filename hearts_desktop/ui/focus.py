"""The keyboard focus, one model for every screen: menus, dialogs, overlays and the table.

A screen lists what can take the focus now (its ``targets``, in Tab order) and which
target is its default action, if any. The focus is one of the targets or nothing:

- a focus that is no longer among the targets (a button turned off, a card played) is
  dropped the moment it is read, so a stale focus never takes a key;
- moving from nothing starts just outside the ring on the far side: forward reaches the
  first target, backward the last, so Home and End go where they say on the first press;
- a pointer action moves the focus to what was clicked, or clears it when it hit nothing
  that can take the focus;
- Enter acts on ``enter_target``: the screen's default action when it has one (Pass once
  three cards are chosen), else the focus. Screens highlight that same target, so what is
  highlighted is what Enter does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")


def no_default() -> None:
    """A screen with no default action: Enter acts on the focus alone."""
    return None


class FocusRing(Generic[T]):
    """The focused target among a screen's live, ordered targets."""

    def __init__(self, targets: Callable[[], Sequence[T]],
                 default: Callable[[], T | None] = no_default) -> None:
        self.targets = targets
        """What can take the focus now, in Tab order (read afresh each time)."""
        self.default = default
        """The screen's default action now, if any: it takes Enter before the focus."""
        self._current: T | None = None

    @property
    def current(self) -> T | None:
        """The focused target; None when nothing is, or when it can no longer take the focus."""
        if self._current is not None and self._current not in self.targets():
            self._current = None
        return self._current

    def set(self, target: T | None) -> None:
        """Focus ``target`` (None, or one that cannot take the focus, clears it)."""
        self._current = target if target is not None and target in self.targets() else None

    def clear(self) -> None:
        self._current = None

    def pointer(self, target: T | None) -> None:
        """A click: the focus goes to what it landed on, or is cleared when that was nothing
        the keys could reach, so the next key starts from where the player pointed."""
        self.set(target)

    def move(self, step: int, among: Sequence[T] | None = None, wrap: bool = True) -> T | None:
        """Move ``step`` places through ``among`` (by default all targets), round the ring or
        stopping at its ends; from nothing, as if standing just outside the far end."""
        order = list(self.targets() if among is None else among)
        if not order:
            self._current = None
            return None
        current = self.current
        if current is not None and current in order:
            start = order.index(current)
        else:
            start = -1 if step > 0 else len(order)
        place = start + step
        place = place % len(order) if wrap else min(max(place, 0), len(order) - 1)
        self._current = order[place]
        return self._current

    def enter_target(self) -> T | None:
        """What Enter acts on, and so what the screen highlights: the default, else the focus."""
        default = self.default()
        return default if default is not None else self.current
