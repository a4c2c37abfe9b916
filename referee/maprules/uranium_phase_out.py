"""Power Grid: Recharged, Germany: the nuclear phase-out (an edition rule on this map,
maps/editions/recharged.toml [maps.germany]).

The digest /work/shared/recharged.md §5 (rulebook p.7 per TL and SJ; BG and BZ agree; §8.10: plant
39, not 37): once a player buys plant 39, uranium is never refilled again; uranium already on the
market can still be bought. If 39 was removed or never bought, nothing happens. Whether the Trust
taking 39 starts it (§8.5) is the setup option `trust_phase_out` (referee/maprules/against_the_trust.py).
On Italy it is a reading of BG alone (digest §7; docs/editions.md). The flag is
state["map"]["uranium_stopped"].

Parameters: plant, the plant whose purchase stops uranium (39).
"""
from ..rules.cards import number
from ..rules.events import event
from . import unknown, whole

DEFAULTS = {"plant": 39}


def check(params: dict, game_map) -> list:
    return unknown(params, ("plant",)) + whole(params, "plant", 39, least=1)


def setup_state(state, ctx, params):
    state.setdefault("map", {})["uranium_stopped"] = False


def plant_bought(state, ctx, name, plant, params):
    if number(plant) != params.get("plant", 39) or state["map"].get("uranium_stopped"):
        return []
    state["map"]["uranium_stopped"] = True
    return [event("uranium_phase_out", f"{name} bought plant {plant}: uranium is never refilled again",
                  player=name, plant=plant)]


def refill_due(due, state, ctx, resource, params):
    return 0 if resource == "uranium" and state.get("map", {}).get("uranium_stopped") else due


def describe(w, params, players) -> str:
    return w._("Nuclear phase-out: once a player buys plant %(plant)s, uranium is never refilled again; "
               "uranium on the market can still be bought.", plant=params.get("plant", 39))


def _ruling_phase_out(w, e):
    return w._("%(player)s bought %(plant)s: the nuclear phase-out begins, and uranium is never refilled again. "
               "The uranium on the market can still be bought.", player=e["player"], plant=w.plant(e["plant"]))


RULINGS = {"uranium_phase_out": _ruling_phase_out}
