"""What the planner answers: a Plan of Builds in a valid order, or a PlanError naming the problem."""
from __future__ import annotations

from dataclasses import dataclass, field


class PlanError(ValueError):
    """A build that cannot be priced: the message is one line naming the problem."""


@dataclass(frozen=True)
class Build:
    city: str
    from_: str | None      # the owned city the connection starts from; None for a first city
    path: tuple[str, ...]  # from_ ... city (just (city,) for a first city)
    connection: int
    house: int

    @property
    def cost(self) -> int:
        return self.connection + self.house

    def to_json(self) -> dict:
        return {"city": self.city, "from": self.from_, "path": list(self.path),
                "connection": self.connection, "house": self.house}


@dataclass(frozen=True)
class Plan:
    total: int
    connection: int
    houses: int
    builds: list[Build] = field(default_factory=list)

    @property
    def cities(self) -> list[str]:
        return [b.city for b in self.builds]

    def to_json(self) -> dict:
        return {"total": self.total, "connection": self.connection, "houses": self.houses,
                "builds": [b.to_json() for b in self.builds]}
