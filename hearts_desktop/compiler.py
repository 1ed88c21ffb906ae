"""What the optional compiled build asks of the code: mypyc's class marks, a no-op without it.

``pip install .`` compiles the engine and the search core with mypyc where a C compiler is
found (``setup.py`` lists the modules); the same typed Python runs as it is everywhere
else. ``mypy_extensions`` comes with mypy, a build requirement only, so the installed game
imports the mark from here: the compiler reads it while building, and at run time it
changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

_Class = TypeVar("_Class", bound=type)

try:
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:  # an installed game without mypy: the mark was read when it was built

    def mypyc_attr(*_: str, **__: object) -> Callable[[_Class], _Class]:  # type: ignore[misc]
        return lambda cls: cls
