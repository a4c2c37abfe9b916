"""An edition's own keys beyond the original's tables (Power Grid: Recharged, docs/editions.md): the
dealt opening market, the tie-break, the edition's rules and the maps that play them otherwise, the
boards it changes and the setup options it offers. Checked here; applied per map by `for_map`."""
from .checks import is_int, listing

TIE_BREAKS = ("money", "cities")
DEAL_KEYS = ("plug", "market", "top", "removed")
DEAL_MAP_KEYS = ("always", "below_top", "kept")   # only a map's own deal ([maps.<id>] deal) gives these
MAP_KEYS = ("rules", "rules_off", "deal")
BOARD_KEYS = ("source", "unverified", "rename", "costs", "remove", "add")


def check_extras(bad, data: dict, plants: dict, counts: dict) -> dict:
    """The Edition fields of these keys (absent keys keep the original's behaviour)."""
    out = {}
    if "deal" in data:
        out["deal"] = _deal(bad, data["deal"], plants, counts)
    if "tie_breaks" in data:
        ties = data["tie_breaks"]
        if not isinstance(ties, list) or not set(ties) <= set(TIE_BREAKS) or len(set(ties)) != len(ties):
            bad("tie_breaks", f": a list drawn from {listing(TIE_BREAKS)}, each once; got {ties!r}")
        else:
            out["tie_breaks"] = tuple(ties)
    if "rules" in data:
        out["rules"] = _rules(bad, "rules", data["rules"])
    maps = data.get("maps", {})
    if not isinstance(maps, dict) or not all(isinstance(v, dict) for v in maps.values()):
        bad("maps", ": a table of map ids, each a table with rules and rules_off")
    else:
        for mid, row in maps.items():
            for k in set(row) - set(MAP_KEYS):
                bad(f"maps.{mid}.{k}", f": unknown key (allowed: {listing(MAP_KEYS)})")
            _rules(bad, f"maps.{mid}.rules", row.get("rules", {}))
            off = row.get("rules_off", [])
            from ..maprules import known
            if not isinstance(off, list) or not set(off) <= set(known()):
                bad(f"maps.{mid}.rules_off", f": a list of rules ({listing(known())})")
    if "boards" in data:
        boards = data["boards"]
        if not isinstance(boards, dict) or not all(isinstance(v, dict) and set(v) <= set(BOARD_KEYS)
                                                   for v in boards.values()):
            bad("boards", f": a table of map ids, each a table of {listing(BOARD_KEYS)}")
        else:
            out["boards"] = boards
    if "options" in data:
        if not isinstance(data["options"], dict):
            bad("options", ": a table of setup options and their defaults")
        else:
            out["options"] = dict(data["options"])
    return out


def _deal(bad, deal, plants: dict, counts: dict):
    own = isinstance(deal, dict) and deal.get("own") is True
    given = set(deal) - {"own"} if isinstance(deal, dict) else set()
    allowed = set(DEAL_KEYS) | (set(DEAL_MAP_KEYS) if own else set())
    if not isinstance(deal, dict) or not set(DEAL_KEYS) <= given <= allowed:
        bad("deal", f": needs exactly {listing(DEAL_KEYS)} (a map's own deal may add {listing(DEAL_MAP_KEYS)}), "
                    f"got {deal!r}")
        return None
    plug = deal["plug"]
    if not isinstance(plug, list) or not plug or not all(n in plants for n in plug):
        bad("deal.plug", f": a list of plants of [plants], got {plug!r}")
        return None
    if not (is_int(deal["market"]) and is_int(deal["top"]) and deal["market"] >= 2 and deal["top"] >= 0
            and deal["market"] + deal["top"] <= len(plug)):
        bad("deal", f": market and top are whole numbers that fit in the {len(plug)} plug plants")
        return None
    removed = {}
    for n, row in (deal["removed"] if isinstance(deal["removed"], dict) else {}).items():
        if not (n.isdigit() and isinstance(row, list) and len(row) == 2 and all(is_int(x) and x >= 0 for x in row)):
            bad(f"deal.removed.{n}", f": [plug, socket] plants removed face down, got {row!r}")
            continue
        if int(n) in counts and counts[int(n)].removed != sum(row):
            bad(f"deal.removed.{n}", f": {row} removes {sum(row)} plants; player_counts says "
                                     f"{counts[int(n)].removed}")
        removed[int(n)] = tuple(row)
    if set(removed) != set(counts):
        bad("deal.removed", f": a row for each player count ({listing(counts)})")
    out = {"plug": tuple(plug), "market": deal["market"], "top": deal["top"], "removed": removed, "own": own}
    for key in DEAL_MAP_KEYS:
        numbers = deal.get(key, [])
        if not isinstance(numbers, list) or not all(is_int(n) and n in plants for n in numbers) \
                or len(set(numbers)) != len(numbers):
            bad(f"deal.{key}", f": a list of plants of [plants], each once, got {numbers!r}")
            numbers = []
        out[key] = tuple(numbers)
    if set(out["always"]) - set(plug):
        bad("deal.always", f": only plug plants are dealt face up ({listing(plug)}), got {list(out['always'])}")
    if len(out["always"]) > deal["market"]:
        bad("deal.always", f": more plants than the {deal['market']} dealt")
    return out


def _rules(bad, key, rules) -> dict:
    from ..maprules import known   # rule modules import the engine, which imports the catalogue
    if not isinstance(rules, dict) or not all(isinstance(v, dict) for v in rules.values()):
        bad(key, ": a table of rules, each a table of its parameters")
        return {}
    for name in rules:
        if name not in known():
            bad(f"{key}.{name}", f": unknown rule; allowed: {listing(known())}")
    return dict(rules)


def for_map(data: dict, map_id) -> dict:
    """The edition file's data with its rules as they apply on this map ([maps.<id>])."""
    data = dict(data)
    maps = data.get("maps")
    row = maps.get(map_id, {}) if isinstance(maps, dict) else {}
    if not isinstance(row, dict):
        return data   # reported by check_extras
    if "rules" in data or row:
        rules = {k: v for k, v in data.get("rules", {}).items() if k not in row.get("rules_off", [])}
        data["rules"] = {**rules, **row.get("rules", {})}
    return _map_deal(data, row.get("deal"))


def _map_deal(data: dict, own) -> dict:
    """A map's own deal (`[maps.<id>] deal`, digest §7: France, Russia, Québec, Brazil): its keys replace
    the deal's (`removed` row by row), and its `removed` rows the player-count table's `removed` totals
    too, so the two never disagree. The deal is then the map's own (`own`): it replaces the map's seed
    001 prepared deck (`[setup] deck`, edition_deal.py). A malformed value is left for `_deal` to report."""
    if not isinstance(own, dict) or not isinstance(data.get("deal"), dict):
        return data
    rows = own.get("removed", {})
    rows = rows if isinstance(rows, dict) else {}
    deal = {**data["deal"], **own, "removed": {**data["deal"].get("removed", {}), **rows}, "own": True}
    counts = dict(data.get("player_counts", {}))
    for n, row in rows.items():
        if n in counts and isinstance(counts[n], dict) and isinstance(row, list) and all(is_int(x) for x in row):
            counts[n] = {**counts[n], "removed": sum(row)}
    return {**data, "deal": deal, "player_counts": counts}
