"""A uranium plant needs a network outside the areas marked with the uranium ban.

Seed 001 names the rule on four maps in the same words, 第 2 フェーズ: 中央ヨーロッパ 「ハンガリー、スロバキア、
チェコの地域にネットワークがない(電力ネットワークがウラン禁止マークのエリアしかない)場合ウラン燃料を用いる発電所を
持つことができない。オークションに出た場合は必ずパスをする。」; the same for スペイン&ポルトガル (ポルトガル), 北欧
(スウェーデン、フィンランド、バルト三国) and ブリテン諸島 (南北イングランド、ウェールズ、スコットランド、北アイルランド).

The parameter is the board's marked areas (`areas`); a player may own a uranium plant only with a
house in a city of another area. No house at all is no network there: in round 1 nobody may buy
one (docs/rules-notes.md). A barred player may not open an auction on such a plant, bid on it or
have it entered as sold, and is left out of its auction (must pass): event `uranium_ban`. Plants
that burn uranium are meant (only the uranium plants of the editions); the Step 3 card is no plant.

Parameter: areas (area ids of the map, those marked with the uranium ban).
"""
from ..rules.errors import PlantBanned
from ..rules.events import event, listing
from . import unknown


def check(params: dict, game_map) -> list:
    problems = unknown(params, ["areas"])
    areas = params.get("areas")
    if not isinstance(areas, list) or not areas or not all(isinstance(a, str) for a in areas):
        return problems + ["areas: a non-empty list of area ids is needed (the areas marked with the uranium ban); "
                           f"allowed: {', '.join(game_map.areas)}"]
    strangers = [a for a in areas if a not in game_map.areas]
    if strangers:
        problems.append(f"areas: {', '.join(map(repr, strangers))} not an area id of this map; "
                        f"allowed: {', '.join(game_map.areas)}")
    elif set(areas) == set(game_map.areas):
        problems.append("areas: every area is marked, so nobody could ever own a uranium plant; "
                        "allowed: some of the areas")
    return problems


def _names(ctx, params) -> str:
    return listing(ctx.map.areas[a].name for a in params["areas"])


def _barred(state, ctx, name, plant, params) -> bool:
    """A uranium plant, and no house of the player outside the marked areas."""
    if "uranium" not in ctx.plant(plant).accepts:
        return False
    return all(ctx.map.cities[c].area in params["areas"] for c in state["players"][name]["cities"])


def may_buy_plant(state, ctx, name, plant, params):
    if _barred(state, ctx, name, plant, params):
        raise PlantBanned(f"{name} has no house outside the areas marked with the uranium ban "
                          f"({_names(ctx, params)}), so may not own uranium plant {plant}; "
                          "choose another plant or pass")
    return None


def bidders(names, state, ctx, plant, events, params):
    """Barred players must pass: they are left out of the auction, with a ruling saying why."""
    barred = [n for n in names if _barred(state, ctx, n, plant, params)]
    if barred:
        events.append(event(
            "uranium_ban", f"{listing(barred)} {'has' if len(barred) == 1 else 'have'} no house outside the areas "
            f"marked with the uranium ban ({_names(ctx, params)}): no uranium plant, so "
            f"{'they pass' if len(barred) > 1 else 'passes'} on plant {plant}",
            players=barred, plant=plant, areas=list(params["areas"])))
    return [n for n in names if n not in barred]


def describe(w, params, players) -> str:
    areas = [w._(w.map.areas[a].name) for a in params["areas"] if a in w.map.areas]   # named as the setup page does
    return w._("Marked with the uranium ban: %(areas)s. A player with no house outside these areas may not own a "
               "uranium plant and must pass when one is auctioned.", areas=w.join(areas))


def _ruling_uranium_ban(w, e):
    return w.ngettext("%(players)s has no house outside the areas marked with the uranium ban, so may not own a "
                      "uranium plant: %(players)s must pass on %(plant)s.",
                      "%(players)s have no house outside the areas marked with the uranium ban, so may not own a "
                      "uranium plant: they must pass on %(plant)s.",
                      len(e["players"]), players=w.join(e["players"]), plant=w.plant(e["plant"]))


RULINGS = {"uranium_ban": _ruling_uranium_ban}   # this rule's events in the reader's words (referee.rulings)
