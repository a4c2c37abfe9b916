"""Automatic rulings are reported as events: a type, the facts, and a reason a person can read."""


def event(kind: str, reason: str, **facts) -> dict:
    return {"type": kind, **facts, "reason": reason}


def listing(items) -> str:
    """'a', 'a and b', 'a, b and c' for readable reasons."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def counted(n: int, singular: str, plural: str | None = None) -> str:
    """'1 city', '3 cities'."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


def named(word: str, items) -> str:
    """'plant 3', 'plants 3 and 5'."""
    items = list(items)
    return f"{word}{'' if len(items) == 1 else 's'} {listing(items)}"
