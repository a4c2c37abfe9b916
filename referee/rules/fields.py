"""Reading values from table facts. Numbers are JSON integers: not true/false, not 3.0."""
from .errors import BadAction


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
        raise BadAction(f"{what} has no field {', '.join(map(repr, unknown))}; its fields are {', '.join(allowed)}")
    return obj
