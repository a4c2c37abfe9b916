"""Reading values from table facts. Numbers are JSON integers: not true/false, not 3.0.

This is the validation edge: entries come from files, forms and other programs, so anything a rule
module or a deep copy could trip over (deep nesting, numbers beyond what a JSON reader keeps exact,
NaN, non-JSON objects, unpaired surrogates) is refused here with a typed error first.
"""
import math
import unicodedata

from .errors import BadAction

MAX_DEPTH = 10           # the deepest real entry (a correct of a power with a burn mix) nests 4
LARGEST = 2 ** 53 - 1    # beyond this JSON readers (JavaScript) no longer keep whole numbers exact


def whole(value, what: str, low: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadAction(f"{what} must be a whole number, not {value!r}")
    if low is not None and value < low:
        raise BadAction(f"{what} must be at least {low}, not {value}")
    return value


def known_keys(obj: dict, allowed: tuple, what: str) -> dict:
    """A misspelt key must not pass silently."""
    if not isinstance(obj, dict):
        raise BadAction(f"{what} is an object with {', '.join(allowed)}")
    unknown = sorted(map(str, set(obj) - set(allowed)))
    if unknown:
        takes = f"its fields are {', '.join(allowed)}" if allowed else "it takes no fields"
        raise BadAction(f"{what} has no field {', '.join(map(repr, unknown))}; {takes}")
    return obj


def plain_json(value, what: str, error=BadAction) -> None:
    """Refuse `value` unless it is plain, modest JSON data (walked without recursion)."""
    todo = [(value, 1)]
    while todo:
        v, depth = todo.pop()
        if isinstance(v, (dict, list)):
            if depth > MAX_DEPTH:
                raise error(f"{what} is nested more than {MAX_DEPTH} levels deep; no table fact needs that")
            if isinstance(v, dict):
                for k in v:
                    if not isinstance(k, (str, int)) or isinstance(k, bool):
                        raise error(f"{what} has a key of type {type(k).__name__}; JSON keys are text")
                    todo.append((k, depth))
                v = v.values()
            todo.extend((item, depth + 1) for item in v)
        elif isinstance(v, bool) or v is None:
            continue
        elif isinstance(v, int):
            if abs(v) > LARGEST:
                raise error(f"{what} holds a number beyond ±{LARGEST} (2**53 − 1); "
                            "no count at the table is that large")
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise error(f"{what} holds {v!r}, which is not a JSON number")
        elif isinstance(v, str):
            try:
                v.encode("utf-8")
            except UnicodeEncodeError:
                raise error(f"{what} holds text that is not valid Unicode (an unpaired surrogate)") from None
        else:
            raise error(f"{what} holds a {type(v).__name__}, which is not a JSON value")


def normal_name(text: str) -> str:
    """How a player's name is compared and kept: invisible format characters (zero-width space,
    joiners, BOM) dropped, NFKC, whitespace runs made one space, trimmed; so "Ann", "Ann " and
    "A\u200bnn" are one person, and full-width "Ａｎｎ" is "Ann" too. Case still counts."""
    if text.isascii():  # no ASCII character is a format character or changed by NFKC
        return " ".join(text.split())
    visible = "".join(c for c in text if unicodedata.category(c) != "Cf")
    return " ".join(unicodedata.normalize("NFKC", visible).split())
