"""Scenes and the scene stack: the top scene sees input first and says if it used it.

The stack tells each scene when it arrives and when it leaves (Tuxemon's state manager):
``on_enter`` once it is on the stack, ``on_exit`` once it is off, however it left (closed,
or replaced with every other screen). What a scene opened closes in its ``on_exit``, so that
nothing (a game, a search for tables, a review's work) outlives its screen.
"""

from __future__ import annotations

from typing import TypeVar

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

    def on_enter(self) -> None:
        """The scene is on the stack (it was placed for the window just before)."""

    def on_exit(self) -> None:
        """The scene left the stack: close what it opened."""

    def words_changed(self) -> None:
        """The player chose another language: words are looked up where drawn, but their
        sizes (and so where things go) change; a scene that keeps words overrides this."""
        self.place()

    def close(self) -> None:
        if self.stack is not None:
            self.stack.remove(self)


SceneKind = TypeVar("SceneKind", bound=Scene)


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    def __bool__(self) -> bool:
        return bool(self.scenes)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def find(self, kind: type[SceneKind]) -> SceneKind | None:
        """The lowest scene of ``kind`` on the stack (the table under its overlays), or None."""
        return next((scene for scene in self.scenes if isinstance(scene, kind)), None)

    def push(self, scene: Scene) -> None:
        scene.stack = self
        self.scenes.append(scene)
        scene.place()
        scene.on_enter()

    def remove(self, scene: Scene) -> None:
        if scene in self.scenes:
            self.scenes.remove(scene)
            scene.stack = None
            scene.on_exit()

    def swap(self, old: Scene, new: Scene) -> None:
        """``new`` where ``old`` is, at its place in the stack (the screens above stay)."""
        index = self.scenes.index(old)
        self.remove(old)
        new.stack = self
        self.scenes.insert(index, new)
        new.place()
        new.on_enter()

    def replace_all(self, scene: Scene) -> None:
        self.clear()
        self.push(scene)

    def clear_above(self, scene: Scene) -> None:
        """Every scene above ``scene`` leaves, the top first."""
        while self.scenes and self.scenes[-1] is not scene and scene in self.scenes:
            self.remove(self.scenes[-1])

    def clear(self) -> None:
        """Every scene leaves, the top first (as each would have closed)."""
        for old in reversed(list(self.scenes)):
            self.remove(old)

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
