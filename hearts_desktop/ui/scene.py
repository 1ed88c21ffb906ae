"""Scenes and the scene stack: the top scene sees input first and says if it used it."""

from __future__ import annotations

import pygame

from .intents import Intent


class Scene:
    """One screen or overlay. Drawing never changes game state; input may."""

    opaque = True
    """Covers the whole window, so scenes below need not be drawn."""
    pauses_below = True
    """Stops the scenes below from advancing (a menu pauses the game; a toast does not)."""

    def __init__(self) -> None:
        self.stack: SceneStack | None = None

    def handle(self, intent: Intent) -> bool:
        """React to input; return True when the intent was used up here."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def resize(self, size: tuple[int, int]) -> None:
        pass

    def place(self) -> None:
        """Compute where input hits for the window's size and what the scene holds now
        (on opening, and by scenes that need it, on resize and update)."""

    def close(self) -> None:
        if self.stack is not None:
            self.stack.remove(self)


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    def __bool__(self) -> bool:
        return bool(self.scenes)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        scene.stack = self
        self.scenes.append(scene)
        scene.place()

    def remove(self, scene: Scene) -> None:
        if scene in self.scenes:
            self.scenes.remove(scene)
            scene.stack = None

    def replace_all(self, scene: Scene) -> None:
        for old in list(self.scenes):
            self.remove(old)
        self.push(scene)

    def handle(self, intent: Intent) -> bool:
        for scene in reversed(list(self.scenes)):
            if scene.handle(intent):
                return True
            if scene.pauses_below:
                return False
        return False

    def update(self, dt: float) -> None:
        for scene in reversed(list(self.scenes)):
            scene.update(dt)
            if scene.pauses_below:
                break

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                start = index
                break
        for scene in self.scenes[start:]:
            scene.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.resize(size)
