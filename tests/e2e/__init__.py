"""End-to-end: the installed program in a real X window, driven only by mouse and keys."""
