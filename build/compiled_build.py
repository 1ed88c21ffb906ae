"""The build backend: setuptools, asking for mypy only when a wheel may be compiled.

``setup.py`` compiles the engine with mypyc when it can; an editable install, or a wheel
built with ``HEARTS_DESKTOP_PURE=1``, never compiles, so it needs no mypy to build.
"""

from __future__ import annotations

import os

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403  (every other hook is setuptools' own)

MYPYC = "mypy>=2.4"  # the version the compiled build is made and tested with (build/requirements-lock.txt)


def get_requires_for_build_wheel(config_settings: dict[str, str | list[str]] | None = None) -> list[str]:
    requirements: list[str] = build_meta.get_requires_for_build_wheel(config_settings)
    return requirements if os.environ.get("HEARTS_DESKTOP_PURE") == "1" else [*requirements, MYPYC]
