"""The frozen program's first module: PyInstaller starts from a script, not a package's __main__.

The bot worker is a spawned copy of this same executable; ``main`` calls
``multiprocessing.freeze_support()`` first thing, which turns that copy into the worker.
"""

import sys

from hearts_desktop.app import main

if __name__ == "__main__":
    sys.exit(main())
