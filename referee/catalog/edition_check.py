"""Turn a parsed edition TOML (with a map's overrides applied) into an Edition, with clear errors."""
from .checks import Problems, is_int, listing
from .model import RESOURCES, Edition, Plant, PlayerCount

KINDS = ("coal", "oil", "garbage", "uranium", "hybrid", "ecological", "fusion")
EDITION_KEYS = ("name", "step3_note", "plants", "initial_market", "top_of_deck", "player_counts", "refill",
                "income", "market_slots", "market_start", "totals", "starting_money", "house_costs",
                "short_game_end", "deal", "tie_breaks", "rules", "maps", "boards", "options")
OPTIONAL = ("name", "step3_note")
DEALT_OPTIONAL = ("initial_market", "top_of_deck", "deal", "tie_breaks", "rules", "maps", "boards", "options")
PLANT_KEYS = ("kind", "accepts", "burns", "powers")
COUNT_KEYS = ("areas", "removed", "max_plants", "step2", "end")


def build_edition(data: dict, where: dict, default_where: str):
    """`where` maps a top-level key to the file (or map overrides) it came from."""
    p = Problems(default_where)

    def bad(key, msg):
        p.add(f"{key}{msg}", where.get(key.split(".")[0]))

    for k in data:
        if k not in EDITION_KEYS and k != "id":
            bad(k, f": unknown key (allowed: id, {listing(EDITION_KEYS)})")
    for k in EDITION_KEYS:
        if k not in data and k not in OPTIONAL and k not in DEALT_OPTIONAL:
            p.add(f"missing required key '{k}'")
    for k in ("initial_market", "top_of_deck"):   # a dealt market replaces them (docs/editions.md)
        if k not in data and "deal" not in data:
            p.add(f"missing required key '{k}'")
    for k in ("id", *OPTIONAL):
        if k in data and not isinstance(data[k], str):
            bad(k, f": must be text, got {data[k]!r}")
    plants = plant_table(bad, data.get("plants"))
    market = _ints(bad, "initial_market", data.get("initial_market"), 0)
    for n in market:
        if plants and n not in plants:
            bad("initial_market", f": plant {n} is not in [plants]")
    if len(set(market)) != len(market):
        bad("initial_market", ": lists a plant twice")
    top = data.get("top_of_deck")
    if "top_of_deck" in data and not (is_int(top) and top in plants and top not in market):
        bad("top_of_deck", f": {top!r} must be the number of a plant in [plants] that is not in initial_market")
    counts = _player_counts(bad, data.get("player_counts"))
    # A map that allows fewer player counts keeps the edition's refill rows for the others unused.
    refill = _refill(bad, data.get("refill"), counts, spare_rows=where.get("refill") != where.get("player_counts"))
    income = _ints(bad, "income", data.get("income"), 0, ascending=True)
    slots = _per_resource(bad, "market_slots", data.get("market_slots"),
                          lambda k, v: tuple(_ints(bad, k, v, 1, ascending=True)))
    start = _per_resource(bad, "market_start", data.get("market_start"),
                          lambda k, v: _int(bad, k, v, 0, len(slots.get(k.split(".")[1], ())) or None))
    totals = _per_resource(bad, "totals", data.get("totals"),
                           lambda k, v: _int(bad, k, v, start.get(k.split(".")[1]) or 0))
    money = _int(bad, "starting_money", data.get("starting_money"), 0)
    houses = _ints(bad, "house_costs", data.get("house_costs"), 0, ascending=True)
    short = _int(bad, "short_game_end", data.get("short_game_end"), 1)
    from .edition_rules import check_extras   # the Recharged-style keys (deal, rules, boards, ...)
    extras = check_extras(bad, data, plants, counts)
    p.raise_if_any()
    return Edition(id=data.get("id", ""), plants=plants, initial_market=tuple(market), top_of_deck=top,
                   player_counts=counts, refill=refill, income=tuple(income), market_slots=slots,
                   market_start=start, totals=totals, starting_money=money, house_costs=tuple(houses),
                   short_game_end=short, name=data.get("name", ""), step3_note=data.get("step3_note", ""),
                   **extras)


def _int(bad, key, v, lo, hi=None):
    """v, or None when it is missing (reported as a missing key) or wrong, so no later check sees it."""
    if v is None:
        return v
    if not is_int(v) or v < lo or (hi is not None and v > hi):
        span = f"{lo}..{hi}" if hi is not None else f"≥ {lo}"
        bad(key, f": {v!r} must be a whole number {span}")
        return None
    return v


def _ints(bad, key, v, lo, ascending=False) -> list:
    if v is None:
        return []
    if not isinstance(v, list) or not v or not all(is_int(x) and x >= lo for x in v):
        bad(key, f": must be a non-empty list of whole numbers ≥ {lo}, got {v!r}")
        return []
    if ascending and v != sorted(v):
        bad(key, f": must be in ascending order, got {v}")
    return list(v)


def _numbered(bad, key, v) -> dict:
    """A table keyed by whole numbers (plant numbers, player counts)."""
    if v is None:
        return {}
    if not isinstance(v, dict) or not v:
        bad(key, f": must be a non-empty table keyed by number, got {v!r}")
        return {}
    out = {}
    for k, row in v.items():
        if not (k.isascii() and k.isdigit()):
            bad(f"{key}.{k}", ": the key must be a whole number")
        elif not isinstance(row, dict):
            bad(f"{key}.{k}", f": must be a table, got {row!r}")
        else:
            out[int(k)] = row
    return out


def plant_table(bad, raw) -> dict:
    """A [plants]-shaped table as Plant cards by number; problems go to `bad(key, msg)`."""
    out = {}
    for n, row in sorted(_numbered(bad, "plants", raw).items()):
        key = f"plants.{n}"
        missing = [k for k in PLANT_KEYS if k not in row]
        if missing or set(row) - set(PLANT_KEYS):
            bad(key, f": needs exactly {listing(PLANT_KEYS)}; missing {listing(missing) or 'none'}, "
                     f"unknown {listing(set(row) - set(PLANT_KEYS)) or 'none'}")
            continue
        kind, accepts, burns, powers = (row[k] for k in PLANT_KEYS)
        if kind not in KINDS:
            bad(key, f": kind {kind!r} is not one of {listing(KINDS)}")
            continue
        if not (isinstance(accepts, list) and all(a in RESOURCES for a in accepts)
                and len(set(accepts)) == len(accepts)):
            bad(key, f": accepts {accepts!r} must list distinct resources from {listing(RESOURCES)}")
            continue
        _int(bad, f"{key}.burns", burns, 0)
        _int(bad, f"{key}.powers", powers, 1)
        want = {"hybrid": "two or more resources", "ecological": "nothing", "fusion": "nothing"}.get(kind, kind)
        fits = (accepts == [kind] if kind in RESOURCES else len(accepts) >= 2 if kind == "hybrid" else not accepts)
        if not fits:
            bad(key, f": a {kind} plant accepts {want}, got {accepts}")
        elif is_int(burns) and (burns == 0) != (not accepts):
            bad(key, f": burns {burns} does not fit a {kind} plant ({'0' if not accepts else '1 or more'})")
        out[n] = Plant(n, kind, tuple(accepts), burns, powers)
    return out


def _player_counts(bad, raw) -> dict:
    out = {}
    for n, row in sorted(_numbered(bad, "player_counts", raw).items()):
        key = f"player_counts.{n}"
        if set(row) != set(COUNT_KEYS):
            bad(key, f": needs exactly {listing(COUNT_KEYS)}, got {listing(row)}")
            continue
        for k in COUNT_KEYS:
            _int(bad, f"{key}.{k}", row[k], 0 if k == "removed" else 1)
        if is_int(row["step2"]) and is_int(row["end"]) and row["step2"] > row["end"]:
            bad(key, f": step2 ({row['step2']}) comes after the game end ({row['end']})")
        out[n] = PlayerCount(n, *(row[k] for k in COUNT_KEYS))
    return out


def _refill(bad, raw, counts, spare_rows: bool) -> dict:
    """Rows per player count. `spare_rows`: refill and player_counts come from different files (a map
    overrides one of them), so a row for a count player_counts does not allow is ignored, not an error."""
    rows = _numbered(bad, "refill", raw)
    out = {}
    for n in counts:
        if n not in rows and raw is not None:
            bad("refill", f": no row for {n} players (player_counts has {listing(counts)})")
    for n, row in sorted(rows.items()):
        if counts and n not in counts:
            if not spare_rows:
                bad(f"refill.{n}", f": {n} players is not in player_counts ({listing(counts)}); "
                                   "remove the row or add the count to player_counts")
            continue

        def steps(k, v):
            if not (isinstance(v, list) and len(v) == 3 and all(is_int(x) and x >= 0 for x in v)):
                bad(k, f": expected [step1, step2, step3], three whole numbers ≥ 0, got {v!r}")
            return tuple(v) if isinstance(v, list) else ()

        out[n] = _per_resource(bad, f"refill.{n}", row, steps)
    return out


def _per_resource(bad, key, raw, convert) -> dict:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        bad(key, f": must be a table with {listing(RESOURCES)}, got {raw!r}")
        return {}
    for r in RESOURCES:
        if r not in raw:
            bad(key, f": missing '{r}' (needs {listing(RESOURCES)})")
    for r in raw:
        if r not in RESOURCES:
            bad(key, f": unknown resource '{r}' (resources: {listing(RESOURCES)})")
    return {r: convert(f"{key}.{r}", raw[r]) for r in RESOURCES if r in raw}
