"""WCAG 2.x relative luminance and contrast ratio, in pure Python (no Qt).

Formulas from WCAG 2.2, "relative luminance" and "contrast ratio" definitions
(https://www.w3.org/TR/WCAG22/#dfn-relative-luminance): each sRGB channel c in 0-1 is linearised
as c/12.92 when c <= 0.04045, else ((c + 0.055) / 1.055) ** 2.4; L = 0.2126 R + 0.7152 G + 0.0722 B;
the contrast ratio of two colours is (L1 + 0.05) / (L2 + 0.05) with L1 the lighter, from 1 to 21.
Thresholds used by the themes: 7:1 (success criterion 1.4.6, AAA) for text and pieces, 3:1
(1.4.11 non-text contrast, 2.4.13 focus appearance) for marks, crowns and the focus outline.
"""

from __future__ import annotations

import re

__all__ = ["InvalidColourError", "parse_hex", "relative_luminance", "contrast_ratio",
           "AAA_TEXT", "NON_TEXT"]

AAA_TEXT = 7.0
"""Minimum contrast ratio for text and pieces (WCAG 1.4.6, level AAA)."""

NON_TEXT = 3.0
"""Minimum contrast ratio for marks, crowns and the focus outline (WCAG 1.4.11 and 2.4.13)."""

_HEX = re.compile(r"#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})")


class InvalidColourError(ValueError):
    """A colour string that is not '#rrggbb' or '#rgb'."""


def parse_hex(colour: str) -> tuple[int, int, int]:
    """'#rrggbb' or '#rgb' (the '#' optional) -> (r, g, b), each 0-255.

    Raises InvalidColourError, quoting the input, for anything else.
    """
    match = _HEX.fullmatch(colour.strip()) if isinstance(colour, str) else None
    if match is None:
        raise InvalidColourError(f"{colour!r} is not a colour: write it as '#rrggbb'.")
    digits = match.group(1)
    if len(digits) == 3:
        digits = "".join(ch * 2 for ch in digits)
    return tuple(int(digits[i:i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]


def _linear(channel: int) -> float:
    c = channel / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def relative_luminance(colour: str) -> float:
    """WCAG relative luminance of a hex colour: 0.0 (black) to 1.0 (white)."""
    r, g, b = parse_hex(colour)
    return 0.2126 * _linear(r) + 0.7152 * _linear(g) + 0.0722 * _linear(b)


def contrast_ratio(first: str, second: str) -> float:
    """WCAG contrast ratio of two hex colours, 1.0 to 21.0, the same in either order."""
    a, b = relative_luminance(first), relative_luminance(second)
    lighter, darker = max(a, b), min(a, b)
    return (lighter + 0.05) / (darker + 0.05)
