"""Hearts Desktop: the card game Hearts against computer players or friends, offline."""

__version__ = "0.3.0.dev0"
