"""Arranging tables at a given phase, for tests of one rule."""


def at_phase(t, phase, order=None):
    """Jump the table to the start of a phase with everyone still to act (tests only)."""
    def change(s):
        s["phase"] = phase
        s["acted"] = []
        s["queue"] = []
        s["closing"] = False
        s["auction"]["bought"] = list(s["players"])
        if order:
            s["order"] = list(order)
    t.edit(change)
    return t
