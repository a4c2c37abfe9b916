"""Typed errors for illegal table facts.

Every message says what is wrong and what is allowed, so the table can fix the entry at once.
"""


class IllegalAction(ValueError):
    """A table fact the rules do not allow; the state is left untouched."""

    code = "illegal"

    def __init__(self, message: str, ruling: dict | None = None):
        super().__init__(message)
        self.message = message
        self.ruling = ruling    # an event saying exactly why (a map rule's refusal), written like a ruling

    def to_json(self) -> dict:
        return {"error": self.code, "message": self.message}


class BadAction(IllegalAction):
    """The action is malformed: unknown type, missing or mistyped field."""

    code = "bad_action"


class BadSetup(IllegalAction):
    code = "bad_setup"


class WrongPhase(IllegalAction):
    code = "wrong_phase"


class NotYourTurn(IllegalAction):
    code = "not_your_turn"


class InvalidBid(IllegalAction):
    code = "invalid_bid"


class CannotAfford(IllegalAction):
    code = "cannot_afford"


class CannotStore(IllegalAction):
    code = "cannot_store"


class NotAvailable(IllegalAction):
    """Something asked for is not there: a plant not in the market, a sold-out resource."""

    code = "not_available"


class PlantBanned(NotAvailable):
    """A map rule forbids this plant to this player (seed 001: the uranium ban)."""

    code = "plant_banned"


class ImpossibleDraw(IllegalAction):
    code = "impossible_draw"


class IllegalBuild(IllegalAction):
    code = "illegal_build"


class IllegalPower(IllegalAction):
    code = "illegal_power"


class IllegalStartCity(IllegalAction):
    """A start city a player may not mark (Power Grid: Recharged's experienced players' start)."""

    code = "illegal_start_city"
