"""Whole numbers read from addresses, queries and forms, safely.

`str.isdigit()` accepts "²" and other Unicode digits that `int()` refuses, and `int()` refuses text
longer than Python's 4300-digit limit: both would be a 500. No count, page or sequence number at the
table comes near nine digits, so anything else is simply "not a number".
"""
from werkzeug.routing import IntegerConverter

LONGEST = 9          # digits of a query or form number
LONGEST_PATH = 12    # digits of an <int:...> part of an address


def whole(text: str | None) -> int | None:
    """The number `text` is (ASCII digits, at most LONGEST of them), else None."""
    text = (text or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= LONGEST else None


class ShortInt(IntegerConverter):
    """The app's <int:...>: ASCII digits only, at most LONGEST_PATH of them; anything else is a 404."""
    regex = r"[0-9]{1,%d}" % LONGEST_PATH
