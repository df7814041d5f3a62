"""The PySide6 window: the board, keyboard play, menus, announcements.

PySide6 is pinned below 6.12 in pyproject.toml: 6.12.0 drops one reference to ``None`` on every call
of a wrapped C++ ``void`` method, and on Python 3.11 the interpreter aborts after a few thousand
calls ("none_dealloc: deallocating None"). ``tests/ui/test_ui_pyside_refcount.py`` guards it.
"""
