"""Whole numbers read from addresses, queries and forms, safely, as people type them.

`str.isdigit()` accepts "²" and other Unicode digits that `int()` refuses, and `int()` refuses text
longer than Python's 4300-digit limit: both would be a 500. No count, page or sequence number at the
table comes near nine digits, so anything else is simply "not a number".

A Japanese or Taiwanese keyboard left in full-width mode types １２, 「，」, 「、」, ＋, － and ＝: those are
the same numbers and separators, so `typed` turns them into ASCII first (and nothing else: "²" stays
"not a number").
"""
import re

from werkzeug.routing import IntegerConverter

LONGEST = 9          # digits of a query or form number
LONGEST_PATH = 12    # digits of an <int:...> part of an address
FULL_WIDTH = str.maketrans("０１２３４５６７８９＋－−＝，、､　", "0123456789+--=,,, ")
SEPARATORS = re.compile(r"[,\s]+")


def typed(text: str | None) -> str:
    """What was typed, stripped, with full-width digits, signs, commas and spaces made ASCII."""
    return (text or "").translate(FULL_WIDTH).strip()


def whole(text: str | None) -> int | None:
    """The number `text` is (digits, at most LONGEST of them, full-width ones too), else None."""
    text = typed(text)
    return int(text) if text.isascii() and text.isdigit() and len(text) <= LONGEST else None


def wholes(text: str | None, longest: int = LONGEST) -> list | None:
    """A list of whole numbers separated by commas (ASCII, 「，」, 「、」) or spaces, else None."""
    words = [w for w in SEPARATORS.split(typed(text)) if w]
    numbers = [whole(w) for w in words]
    return numbers if all(n is not None and len(w) <= longest for n, w in zip(numbers, words)) else None


class ShortInt(IntegerConverter):
    """The app's <int:...>: ASCII digits only, at most LONGEST_PATH of them; anything else is a 404."""
    regex = r"[0-9]{1,%d}" % LONGEST_PATH
