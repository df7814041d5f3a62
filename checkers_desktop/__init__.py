"""checkers-desktop: accessible English draughts (checkers) for the desktop."""

__version__ = "0.1.0"
