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


def finish_phase(t):
    """Everyone still to act passes (or powers what they can, in phase 5)."""
    phase = t.state["phase"]
    while t.state["phase"] == phase and not t.state["queue"]:
        who = t.state["next"]["waiting_for"][0]
        t.do("power" if phase == "bureaucracy" else "pass", player=who)


def deck_of(t, unseen, above=None, removed=0, under=()):
    """Replace the unknown deck by one with these plants still to come (tests only)."""
    t.edit(lambda s: s["deck"].update(top=None, unseen=sorted(unseen), removed_unseen=removed,
                                      above=len(unseen) - removed if above is None else above,
                                      under=list(under)))
