"""Automatic rulings are reported as events: a type, the facts, and a reason a person can read."""


def event(kind: str, reason: str, **facts) -> dict:
    return {"type": kind, **facts, "reason": reason}


def listing(items) -> str:
    """'a', 'a and b', 'a, b and c' for readable reasons."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
