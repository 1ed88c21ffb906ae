"""``python -m hearts_desktop`` starts the game, like the ``hearts-desktop`` command."""

import sys

from .app import main

sys.exit(main())
