"""Game end and the winner (RULES.md Game end and winner)."""
from . import hooks
from .events import event, listing, counted
from .power import best
from .storage import specs_of, alloc_of


def finish(state: dict, ctx) -> list:
    """After the final phase 4 each player powers what they can; most cities powered wins,
    ties go to most money, then most cities. No income is paid (a map rule may pay something
    first, hook game_ends)."""
    before = hooks.run(ctx, "game_ends", state, ctx)
    rows = []
    for name, p in state["players"].items():
        powered = best(specs_of(ctx, p["plants"]), alloc_of(p["plants"]), len(p["cities"]))["cities"]
        rows.append({"player": name, "powered": powered, "money": p["money"], "cities": len(p["cities"])})
    keys = ("powered", *getattr(ctx.edition, "tie_breaks", ("money", "cities")))   # Recharged: money only
    rows.sort(key=lambda r: tuple(-r[k] for k in keys))
    top = rows[0]
    tied = [r for r in rows if r["powered"] == top["powered"]]
    used = []
    for k in keys[1:]:
        if len(tied) > 1:
            used.append(k)
            tied = [r for r in tied if r[k] == top[k]]
    winners = [r["player"] for r in tied]
    state["result"] = {"winners": winners, "ranking": rows, "tie_breaks": used}
    state["phase"] = "over"
    state["queue"] = []
    how = f"{counted(top['powered'], 'city', 'cities')} powered"
    if used:
        how += ", tie broken by " + " then ".join("money" if k == "money" else "cities owned" for k in used)
    text = (f"{listing(winners)} win{'s' if len(winners) == 1 else ''} with {how}" if len(winners) == 1
            else f"{listing(winners)} share the win: equal on cities powered, {listing(keys[1:])}")
    return before + [event("game_over", "Game over: " + text, winners=winners, ranking=rows, tie_breaks=used)]
