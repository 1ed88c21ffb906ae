"""Headless pygame for every test: no window, no sound device."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def pytest_report_header() -> str:
    """Which build the suite tests, in its header: the pure Python of an editable install, or
    the compiled build that CI installs into a second environment (setup.py)."""
    from hearts_desktop.engine import build

    return f"hearts_desktop: {build()} build"
