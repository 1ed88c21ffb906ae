"""Tweens and timers advanced by elapsed time, so animations test without a clock."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

Easing = Callable[[float], float]


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: a card landing with some life."""
    c1 = 1.30158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def shake(t: float) -> float:
    """A damped side-to-side wobble from 0 back to 0: the 'no' of a refused card."""
    return math.sin(t * math.pi * 6) * (1 - t)


@dataclass
class Tween:
    """Goes from 0 to 1 over ``duration`` seconds after ``delay``, eased."""

    duration: float
    delay: float = 0.0
    easing: Easing = ease_out_cubic
    elapsed: float = 0.0

    def update(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.started else 0.0
        raw = min(max((self.elapsed - self.delay) / self.duration, 0.0), 1.0)
        return self.easing(raw)

    def finish(self) -> None:
        self.elapsed = self.delay + self.duration


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_point(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclass
class Timer:
    """Calls ``action`` once after ``seconds`` of update time."""

    seconds: float
    action: Callable[[], None]
    elapsed: float = field(default=0.0)
    fired: bool = field(default=False)

    def update(self, dt: float) -> None:
        if self.fired:
            return
        self.elapsed += dt
        if self.elapsed >= self.seconds:
            self.fire()

    def fire(self) -> None:
        if not self.fired:
            self.fired = True
            self.action()
