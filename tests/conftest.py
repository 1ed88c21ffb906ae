"""Headless pygame for every test: no window, no sound device; English whatever the machine's
language (the game follows the system's; tests that speak another language install it, and
are back in English when they end, whatever they did)."""

import gettext
import os
import shutil
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["LANGUAGE"] = "en"  # the game and the programs the tests start read it first


def pytest_report_header() -> str:
    """Which build the suite tests, in its header: the pure Python of an editable install, or
    the compiled build that CI installs into a second environment (setup.py)."""
    from hearts_desktop.engine import build

    return f"hearts_desktop: {build()} build"


@pytest.fixture(autouse=True)
def english_after_each_test() -> Iterator[None]:
    """A test that switched language (Settings, the command line, a catalogue it wrote) leaves
    English behind: the next test in the same worker reads English words."""
    yield
    from hearts_desktop import language

    if language.current() != language.ENGLISH:
        language.use(gettext.NullTranslations(), language.ENGLISH)


@pytest.fixture
def appstreamcli() -> str:
    """The AppStream validator (Debian package ``appstream``): a test that needs it skips where it
    is missing, except in CI, where .ci/run installs it so the metainfo is always checked."""
    tool = shutil.which("appstreamcli")
    if tool is None:
        if os.environ.get("CI"):
            pytest.fail("appstreamcli is missing in CI: .ci/run installs the appstream package")
        pytest.skip("needs appstreamcli (Debian package appstream)")
    return tool
