"""Standings across the games kept on one server: each player name's games, wins, average cities
powered and money at the end, filterable by map and edition.

Names are matched as typed, with case, width (ＡＢＣ/ABC) and spaces normalised, so "anna " and
"Anna" are one player; a name typed another way ("Anna K." for "Anna") is merged by hand, and the
store keeps the merge (Store.merge_name). The figures are the engine's own ruling as each game's
summary recorded it (referee.archive.summary); a game stored before the summary carried its
ranking is replayed once to read it. Nothing here decides a result.
"""
import unicodedata

from .game import ReplayError, replay


class BadMerge(ValueError):
    """A merge that cannot be made: `reason` says which ("same", "unknown", "together"), `game` the
    game where both names played (for "together")."""

    def __init__(self, reason: str, game: int | None = None):
        super().__init__(reason)
        self.reason, self.game = reason, game


def key(name: str) -> str:
    """A name as matched: NFKC (full-width letters and spaces as plain ones), case folded, runs of
    spaces as one, none at either end."""
    return " ".join(unicodedata.normalize("NFKC", str(name)).casefold().split())


def finished(store, known: dict | None = None) -> list:
    """Every finished game: {"id", "map", "edition", "winners", "ranking": [{"player", "powered", "money"}]}.
    `known` ({(id, updated): (ranking, edition)}, kept by the caller) spares replaying an older game
    again while it is unchanged."""
    known = {} if known is None else known
    out = []
    for g in store.games():
        s = g["summary"]
        if s.get("phase") != "over":
            continue
        ranking, edition = s.get("ranking"), s.get("edition")
        if (not ranking or edition is None) and (g["id"], g["updated"]) in known:
            ranking, edition = known[(g["id"], g["updated"])]
        if not ranking or edition is None:      # stored before the summary carried them
            try:
                setup, entries = store.load(g["id"])
                game = replay([setup, *entries])
            except (ReplayError, LookupError):
                continue
            result = game.state.get("result") or {}
            ranking = result.get("ranking") or []
            edition = game.setup.get("edition", "original")
            known[(g["id"], g["updated"])] = (ranking, edition)
        out.append({"id": g["id"], "map": s.get("map"), "edition": edition, "winners": s.get("winners", []),
                    "ranking": [{k: r[k] for k in ("player", "powered", "money")} for r in ranking]})
    return out


def resolve(merges: dict) -> dict:
    """{normalised name: the normalised name it counts as}, following chains of merges."""
    plain = {key(a): key(b) for a, b in merges.items()}
    out = {}
    for name in plain:
        seen, at = {name}, plain[name]
        while at in plain and at not in seen:
            seen.add(at)
            at = plain[at]
        out[name] = at
    return out


def table(games: list, merges: dict, map_id: str | None = None, edition: str | None = None) -> list:
    """One row per player (merged names counted together), best first: most wins, then the best
    average of cities powered. Rows equal on both share a place. Each row: place, name (as first
    typed in the most recent game), names (every spelling counted), games, wins, cities (average
    powered), money (average at the end)."""
    into = resolve(merges)
    rows = {}
    for g in games:
        if (map_id and g["map"] != map_id) or (edition and g["edition"] != edition):
            continue
        winners = {key(w) for w in g["winners"]}
        for r in g["ranking"]:
            k = key(r["player"])
            who = into.get(k, k)
            row = rows.setdefault(who, {"key": who, "name": None, "names": [], "games": 0, "wins": 0,
                                        "powered": 0, "money": 0})
            if row["name"] is None and k == who:
                row["name"] = r["player"]
            if r["player"] not in row["names"]:
                row["names"].append(r["player"])
            row["games"] += 1
            row["wins"] += k in winners
            row["powered"] += r["powered"]
            row["money"] += r["money"]
    out = []
    for row in rows.values():
        row["name"] = row["name"] or row["names"][0]
        row["cities"] = row.pop("powered") / row["games"]
        row["money"] = row["money"] / row["games"]
        out.append(row)
    out.sort(key=lambda r: (-r["wins"], -r["cities"], key(r["name"])))
    for i, row in enumerate(out):
        same = i and (row["wins"], row["cities"]) == (out[i - 1]["wins"], out[i - 1]["cities"])
        row["place"] = out[i - 1]["place"] if same else i + 1
    return out


def check_merge(games: list, merges: dict, name: str, into: str):
    """BadMerge unless `name` can be counted as `into`: two names, both in a finished game, that
    never played in the same game (they would be one player twice) and are not one already."""
    resolved = resolve(merges)
    a, b = key(name), key(into)
    if not a or not b:
        raise BadMerge("unknown")
    known = {key(r["player"]) for g in games for r in g["ranking"]}
    if a not in known or b not in known:
        raise BadMerge("unknown")
    ra, rb = resolved.get(a, a), resolved.get(b, b)
    if ra == rb:
        raise BadMerge("same")
    for g in games:
        counted = {resolved.get(key(r["player"]), key(r["player"])) for r in g["ranking"]}
        if ra in counted and rb in counted:
            raise BadMerge("together", g["id"])


def filters(games: list) -> dict:
    """{"maps": [ids], "editions": [ids]} that finished games were played on."""
    return {"maps": sorted({g["map"] for g in games if g["map"]}),
            "editions": sorted({g["edition"] for g in games if g["edition"]})}
