"""The private X, D-Bus and AT-SPI session of the screen-reader tests (:mod:`xsession`)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import xsession  # noqa: E402


@pytest.fixture
def xsession_module():
    """The :mod:`xsession` module; the test is skipped, naming the Debian packages, where this
    machine lacks what the session needs (or is not Linux), and fails instead under ``CI=true``,
    as test_atspi.py's tests do."""
    if not sys.platform.startswith("linux"):
        pytest.skip("AT-SPI is Linux's")
    from test_atspi import _missing_or_skip

    _missing_or_skip()
    return xsession
