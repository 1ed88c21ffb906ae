"""Short sound effects; silent, never crashing, when muted or without an audio device."""

from __future__ import annotations

import pygame

from ..resources import MissingAsset, asset_path


class Sounds:
    def __init__(self, enabled: bool = True, volume: float = 0.7) -> None:
        self.enabled = enabled
        self.volume = volume
        self._loaded: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        if enabled:
            self._open()

    def _open(self) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            self.available = True
        except pygame.error:
            self.available = False

    def set(self, enabled: bool, volume: float) -> None:
        self.enabled = enabled
        self.volume = min(max(volume, 0.0), 1.0)
        if enabled and not self.available:
            self._open()

    def play(self, name: str) -> None:
        if not (self.enabled and self.available):
            return
        sound = self._loaded.get(name)
        if sound is None:
            try:
                sound = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
            except (pygame.error, MissingAsset):
                return
            self._loaded[name] = sound
        sound.set_volume(self.volume)
        sound.play()
