"""Small helpers for validating hand-written TOML: collect every problem, then raise once."""
import math

from .errors import CatalogError


def is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def is_num(v) -> bool:
    return (is_int(v) or isinstance(v, float)) and math.isfinite(v)


def listing(items) -> str:
    return ", ".join(str(i) for i in items)


class Problems:
    """All problems of a file are reported together, so one edit-reload cycle fixes them all."""

    def __init__(self, where: str):
        self.where = where
        self.items: list[str] = []

    def add(self, msg: str, where: str | None = None) -> None:
        self.items.append(f"{where or self.where}: {msg}")

    def unknown_keys(self, table: dict, allowed, label: str, where: str | None = None) -> None:
        for k in table:
            if k not in allowed:
                self.add(f"{label}unknown key '{k}' (allowed: {listing(allowed)})", where)

    def raise_if_any(self) -> None:
        if self.items:
            raise CatalogError("\n".join(self.items))
