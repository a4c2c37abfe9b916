"""The input panel: what the table may enter now (from `next`), and live previews of a draft.

The game given is the one the viewer may see (referee.web.viewer.seen): where a player's money is
secret, their money is out of reach in it, so offers, previews and suggestions do not depend on it;
`money` says whether the acting player's money may be quoted (a sum left, a bid's upper bound, the
most cities for the money).

The planner's budget query ("the most cities the money builds") may take long on a big open
board: no page waits for it. The build panel shows the cheapest 1–3 cities at once and, until the
budget's answer is known, a placeholder that asks for it in its own request (GET …/build/most,
referee.web.build_most), which works it out in a worker process (work_out, referee.offloop).

A draft is the half-filled form the page sends back while someone taps (resources to buy, cities
to build, a player's power choice). Prices, totals and income come from the engine itself — the
candidate fact is applied to the current state (which `apply` never changes) — and build routes
and suggestions from the planner; nothing here computes a rule.
"""
from flask_babel import gettext as _

from .. import offloop
from ..game import context_for
from ..planner import PlanError
from ..rules import building, engine, legal
from ..rules.cards import number
from ..rules.context import RESOURCES
from ..rules.errors import IllegalAction, IllegalBuild
from ..rules.state import occupied as houses_by_city
from .board import routes
from .facts import FormError, fact_from_form
from .language import listed
from .memo import MISSING, per_object
from .building_words import nothing_to_build, refusals
from .views import card, market_title, owned, refusal, words


def preview(game, fact: dict) -> dict:
    """{"events": [...]} if the fact would be accepted now, else {"error": message}."""
    try:
        _state, events = engine.apply(game.state, fact, game.ctx)
    except IllegalAction as e:
        return {"error": refusal(e)}        # the problem only: the panel itself shows what is allowed
    return {"events": events}


def draft_fact(game, draft, kind: str, player: str | None = None):
    """The fact a draft describes if it is a draft of this kind (and player), else None."""
    if not draft or draft.get("type") != kind or (player and draft.get("player") != player):
        return None
    try:
        return fact_from_form(draft, list(game.state["players"]))
    except FormError as e:
        return {"form_error": str(e)}


def current_draft(game, draft):
    """The draft if the table still waits for that kind of fact from that player (a page that follows
    the table redraws it on the new state), else None."""
    if not draft:
        return None
    wanted = (draft.get("type"), draft.get("player"))
    return draft if any((a["type"], a.get("player")) == wanted for a in game.state["next"]["actions"]) else None


def panel(game, draft=None, money: bool = True) -> dict:
    """The input panel for the current moment: its template and values (for `game` as the viewer
    sees it). Without `money` (a shared screen while money is secret) nothing in it quotes or follows
    a player's money."""
    nxt = game.state["next"]
    acts = {a["type"]: a for a in nxt["actions"]}
    if nxt["phase"] == "over":
        return {"template": None}
    if "draw" in acts:
        return {"template": "_input_draw.html", "draw": acts["draw"]}
    if "discard" in acts:
        return discard(game, acts["discard"])
    if "start_city" in acts:
        return start_city(game, acts["start_city"], draft)
    if "power" in acts:
        waiting = [a for a in nxt["actions"] if a["type"] == "power"]
        return {"template": "_input_power.html", "players": [power(game, a, draft) for a in waiting],
                "everyone": words(game.ctx.map).series(a["player"] for a in waiting)}
    if nxt["phase"] == "auction":
        return auction(game, acts, money)
    if nxt["phase"] == "resources":
        return buy(game, acts["buy"], draft, money)
    return build(game, acts["build"], draft, money)


def auction(game, acts: dict, money: bool = True) -> dict:
    """The auction: a lot's bids, or the chooser's plants; the bounds that are a player's money (a
    raise's and an opening bid's most) only with `money`, else None."""
    lot = game.state["auction"]["lot"]
    sold = acts.get("sold") or {}
    refused = sold.get("refused", {})       # a uranium ban: {player: [plants]}, pairs the sale form does not offer
    out = {"template": "_input_auction.html", "lot": lot, "pass": acts.get("pass"), "sold": acts.get("sold"),
           "refused": refused,
           "banned": {plant: [p for p, plants in refused.items() if plant in plants] for plant in sold.get("plants", ())},
           "nominate": acts.get("nominate"), "bid": acts.get("bid"), "pass_bid": acts.get("pass_bid")}
    if lot:
        out["lot_card"] = card(game.ctx, lot["plant"])
        bid = acts.get("bid")
        out["raises"] = [n for n in (lot["bid"] + 1, lot["bid"] + 5) if bid and n <= bid["max"]]
        if bid:
            out["bid"] = dict(bid, max=bid["max"] if money else None)
    else:
        least = dict(acts["nominate"].get("minimum", []))     # Recharged's discount token: {plant: 1}
        out["cards"] = [dict(card(game.ctx, p), least=least[p]) if p in least else card(game.ctx, p)
                        for p in acts["sold"]["plants"]]
        out["least"] = {p: least.get(p, number(p)) for p in acts["sold"]["plants"]}
        out["open"] = acts["nominate"]["plants"]
        out["nominate"] = dict(acts["nominate"], max=acts["nominate"]["max"] if money else None)
    return out


def discard(game, act: dict) -> dict:
    p = game.state["players"][act["player"]]
    plants = [owned(game.ctx, pl) for pl in p["plants"]]
    return {"template": "_input_discard.html", "player": act["player"], "plants": plants,
            "choices": act["plants"], "newest": p["plants"][-1]["number"], "resources": RESOURCES}


def start_city(game, act: dict, draft=None) -> dict:
    """Recharged's experienced players' start: the player marks one of the cities the engine offers
    (`next`'s start_city: the play areas' cities nobody marked, no Trust city), tapped on the board or
    in the list (a draft), then confirmed; the marks made so far."""
    state, ctx = game.state, game.ctx
    name = act["player"]
    names = {c: ctx.map.cities[c].name for c in act["cities"]}
    w = words(ctx.map)
    fact = draft_fact(game, draft, "start_city", name) or {}
    city = fact.get("city") if fact.get("city") in names else None
    marks = state["map"]["start_cities"]
    base = {"type": "start_city", "player": name}
    return {"template": "_input_start_city.html", "player": name, "act": act, "base": base, "city": city,
            "options": sorted(act["cities"], key=lambda c: names[c]), "names": names,
            "chosen": [city] if city else [], "targets": list(act["cities"]), "target_field": "city",
            "error": fact.get("form_error"), "marks": marks,
            "marks_text": w.series(_("%(player)s: %(city)s", player=n, city=w.city(c)) for n, c in marks.items())}


def buy(game, act: dict, draft, money: bool = True) -> dict:
    """The purchase being tapped together. On a map with several markets (Korea) the player first
    declares one, and the steppers follow that market's offer (`next`'s `markets`): with the money
    secret (out of reach in `game`), what the plants can store and the market holds."""
    fact = draft_fact(game, draft, "buy") or {"type": "buy", "player": act["player"]}
    amounts = {r: fact.get(r, 0) for r in RESOURCES}
    markets = act.get("markets") or {}
    chosen = fact.get("market") if fact.get("market") in markets else None
    out = {"template": "_input_buy.html", "act": act, "offer": markets[chosen] if chosen else act,
           "player": act["player"], "amounts": amounts, "market": chosen,
           "markets": [{"name": m, "title": market_title(m), "on": m == chosen} for m in markets],
           "one_at_a_time": act.get("one_at_a_time", False),      # India: one cube a turn, round the table
           "draft": dict(amounts, type="buy", player=act["player"], **({"market": chosen} if chosen else {})),
           "money": game.state["players"][act["player"]]["money"] if money else None, "resources": RESOURCES,
           "cost": None}
    out["run_once"] = run_once_offer(game, act)
    if "form_error" in fact:
        out["error"] = fact["form_error"]
    elif markets and not chosen:
        out["error"] = _("First say which market %(player)s buys from: North or South.", player=act["player"]) \
            if any(amounts.values()) else None
    elif any(amounts.values()):
        result = preview(game, fact)
        out["error"] = result.get("error")
        cost = next((e["cost"] for e in result.get("events", ()) if e["type"] == "resources_bought"), None)
        out["cost"] = cost
    return out


def run_once_offer(game, act: dict) -> dict | None:
    """`next`'s cubes for every plant to run once (legal.run_once) as one tap: the amounts, what the
    engine charges for them and how they read; None if there is no such offer or the engine refuses it."""
    need = act.get("run_once")
    if not need:
        return None
    result = preview(game, {"type": "buy", "player": act["player"], **need})
    cost = next((e["cost"] for e in result.get("events", ()) if e["type"] == "resources_bought"), None)
    if cost is None:
        return None
    return {"amounts": {r: need.get(r, 0) for r in RESOURCES}, "cost": cost, "cubes": words(game.ctx.map).cubes(need)}


def build(game, act: dict, draft, money: bool = True) -> dict:
    """The cities being tapped together, the planner's order and total, and beside every other city
    what it would add given those chosen, or why it cannot be chosen (legal.build_choices). Japan: the
    offer's `new_network` cities may begin another network (the draft's `new_network`, one of the
    cities chosen); round 1's `max_cities`. British Isles: cities marked `new_network` begin the other
    island's. The table may keep the order it tapped (`in_order`): its cost beside the cheapest."""
    state, ctx = game.state, game.ctx
    name = act["player"]
    fact = draft_fact(game, draft, "build") or {}
    chosen = [c for c in fact.get("cities", ()) if c in ctx.map.cities]
    starts_offered = {o["city"]: o["cost"] for o in act.get("new_network", ())}
    start = fact.get("new_network") if fact.get("new_network") in starts_offered else None
    if start and start not in chosen:
        chosen.append(start)
    names = {c.id: c.name for c in ctx.map.cities.values()}
    base = {"type": "build", "player": name, **({"new_network": start} if start else {})}
    choices = legal.build_choices(state, ctx, {**base, "cities": chosen})
    island = {o["city"] for o in act["cities"] if o.get("new_network")}
    out = {"template": "_input_build.html", "act": act, "player": name, "chosen": chosen, "names": names,
           "money": act["money"] if money else None, "plan": None, "routes": [], "base": base, "in_order": None,
           "options": [{**o, "new_network": o["city"] in island} for o in choices["cities"]],
           "refused": refusals(ctx, name, choices), "start": start, "max_cities": act.get("max_cities"),
           "new_networks": [{"city": c, "cost": cost, "on": c == start} for c, cost in starts_offered.items()]}
    found, out["most_pending"] = offered(game, name, choices, money)
    out["suggestions"] = [{**s, "names": listed(names[c] for c in s["cities"])} for s in found]
    if fact.get("form_error"):
        out["error"] = fact["form_error"]
    if chosen:
        p = state["players"][name]
        candidate = {**base, "cities": chosen}
        refused = preview(game, candidate).get("error")
        try:
            plan = ctx.planner.route(p["cities"], chosen, step=state["step"], occupied=occupied(state),
                                     house_costs=ctx.edition.house_costs,
                                     starts=building.starts(state, ctx, name, candidate))
        except (PlanError, IllegalBuild):   # its English message is for the command line; the engine's refusal says why
            out["error"] = refused or refusal(IllegalBuild("no plan"))
        else:
            out.update(plan=plan, routes=routes(ctx.map, plan), error=refused)
            if not refused and plan.cities != chosen:
                out["in_order"] = in_order(game, candidate, plan)
    elif not choices["cities"] and not out.get("error"):
        out["empty"] = nothing_to_build(name, choices)
    out["targets"] = chosen + [o["city"] for o in choices["cities"]]
    return out


def in_order(game, candidate: dict, plan) -> dict | None:
    """The build in the order the cities were tapped, as the engine would charge it: {"cost", "more"}
    (None if that order is not a legal way to build them)."""
    result = preview(game, {**candidate, "in_order": True})
    built = next((e for e in result.get("events", ()) if e["type"] == "built"), None)
    if not built:
        return None
    return {"cost": built["cost"], "more": built["cost"] - plan.total,
            "cities": words(game.ctx.map).series(words(game.ctx.map).city(c) for c in candidate["cities"])}


def occupied(state: dict) -> dict:
    """Houses per city that holds any, a neutral player's too (Power Grid: Recharged, 2 players)."""
    return houses_by_city(state)


def suggestions(game, name: str, choices: dict, money: bool = True) -> list:
    """The planner's suggestions (suggestions_question), all worked out here and now: the cheapest
    1, 2 and 3 cities, and with `money` the most cities for it."""
    return _suggestions(game.ctx, *suggestions_question(game, name, choices, money))


def offered(game, name: str, choices: dict, money: bool = True) -> tuple:
    """(the suggestions the build panel shows now, whether the budget's is still to come): the
    cheapest 1, 2 and 3 cities, and with `money` the most cities for it once worked out (until then
    the second value says its own request is to ask for it: no page waits for the budget search)."""
    question = suggestions_question(game, name, choices, money)
    found = _suggestions.known(game.ctx, *question)
    if found is not MISSING or not money:
        return (_suggestions(game.ctx, *question) if found is MISSING else found), False
    return _suggestions(game.ctx, *question[:-2], False, question[-1]), True


def suggestions_question(game, name: str, choices: dict, money: bool = True) -> tuple:
    """What the build panel asks the planner, among the cities open to the player (`choices`:
    legal.build_choices, whose "closed" cities do not depend on the cities chosen): a city the map's
    rules close to the player (Baden-Württemberg's beyond the state before Step 2) counts as full, so
    a plan may pass through it but never build there. A city only unaffordable or unreachable on its
    own (Japan's Kyoto, beside Osaka in round 1) stays open. Without `money`, no "most cities for the
    money": only the cheapest 1, 2 and 3 cities."""
    state, ctx = game.state, game.ctx
    closed = {o["city"]: 3 for o in choices["refused"] if o["reason"] == "closed"}
    return (state["step"], tuple(state["players"][name]["cities"]),
            tuple(sorted({**occupied(state), **closed}.items())), state["players"][name]["money"],
            building.starts(state, ctx, name), money, legal.build_limit(state, ctx, name))


def work_out(game, question: tuple) -> list:
    """_suggestions's answer to `question` (a tuple of suggestions_question or most_cities_question)
    for `game` (the game itself, not a viewer's: its setup goes to the worker), worked out in a
    worker process (referee.offloop; a plain call outside the server) unless already known, and kept."""
    return _suggestions.known_or(game.ctx, *question,
                                 work=lambda: offloop.run("process", suggestions_for, game.given, question))


def work_out_most(game, name: str, real=None):
    """Work out the build panel's "most cities for the money" for `name` on `game` (as the viewer
    sees it, who may see that money; `real`: the game itself, when `game` is a viewer's), so that the
    panel shows it from then on: GET …/build/most (referee.web.build_most) asks for it."""
    choices = legal.build_choices(game.state, game.ctx, {"type": "build", "player": name, "cities": []})
    work_out(real or game, suggestions_question(game, name, choices))


def suggestions_for(setup: dict, question: tuple) -> list:
    """In a worker process: _suggestions's answer to `question` for the game of this setup line,
    worked out anew (the server keeps the answers: work_out)."""
    return _suggestions.__wrapped__(context_for(setup)[1], *question)


def most_cities(game, name: str) -> dict | None:
    """The most cities the player's money could build now, as the planner suggests them on the build
    panel ({"cities", "total"}; None if it reaches none): for a player's own phone, in any phase. The
    cities the rules close to this player count as full (building.closed_to: Recharged's start city
    another player marked, until Step 2), and no more cities than one build may add (Japan's round 1:
    legal.build_limit). Worked out in a worker process under the server."""
    return _most(work_out(game, most_cities_question(game, name)))


def most_cities_question(game, name: str) -> tuple:
    """What most_cities asks the planner (cheap to find): the same tuple means the same answer, so a
    page can tell whether an answer it shows still holds (and most_cities_known looks it up)."""
    state, ctx = game.state, game.ctx
    full = {c: 3 for c in building.closed_to(state, ctx, name)}
    return (state["step"], tuple(state["players"][name]["cities"]),
            tuple(sorted({**occupied(state), **full}.items())), state["players"][name]["money"],
            building.starts(state, ctx, name), True, legal.build_limit(state, ctx, name))


def most_cities_known(game, question: tuple):
    """most_cities's answer for `question` if it was already worked out (nothing computed), else MISSING."""
    found = _suggestions.known(game.ctx, *question)
    return found if found is MISSING else _most(found)


def _most(found: list) -> dict | None:
    return next((s for s in found if s["most"]), None)


@per_object(256)
def _suggestions(ctx, step, network, occupied_items, money, starts=None, budget=True, limit=None) -> list:
    """The cheapest 1, 2 and 3 cities, and (`budget`) the most cities the player's money buys (planner),
    none of more cities than one build may add (`limit`: legal.build_limit)."""
    out = []
    ask = [{"count": k} for k in (1, 2, 3) if limit is None or k <= limit]
    ask += [{"budget": money}] if budget and limit != 0 else []
    for kwargs in ask:
        try:
            plans = ctx.planner.suggest(list(network), step=step, occupied=dict(occupied_items), top=1,
                                        house_costs=ctx.edition.house_costs, starts=starts, **kwargs)
            if plans and limit is not None and len(plans[0].cities) > limit:    # the most the rules allow, within it
                plans = ctx.planner.suggest(list(network), step=step, occupied=dict(occupied_items), top=1,
                                            house_costs=ctx.edition.house_costs, starts=starts, count=limit,
                                            budget=money)
        except PlanError:
            continue
        if not plans or plans[0].total > money:
            continue
        same = next((s for s in out if s["cities"] == plans[0].cities), None)
        if same:
            same["most"] = same["most"] or "budget" in kwargs
        else:
            out.append({"cities": plans[0].cities, "total": plans[0].total, "most": "budget" in kwargs})
    return out


def power(game, act: dict, draft) -> dict:
    """One player's bureaucracy: plants to fire, hybrid mixes and cities, with the income they pay."""
    state, ctx = game.state, game.ctx
    name = act["player"]
    p = state["players"][name]
    fact = draft_fact(game, draft, "power", name)
    error = fact.get("form_error") if fact else None
    if not fact or error:   # the referee's proposal as it stands, hybrid mixes included
        proposal = act["proposal"]
        fact = {"type": "power", "player": name, "plants": proposal["plants"], "burn": proposal.get("burn", {})}
    fired = fact.get("plants", act["proposal"]["plants"])
    mixes = fact.get("burn", {})
    plants = []
    for pl in p["plants"]:
        plant = ctx.plant(pl["number"])
        entry = {**owned(ctx, pl), "fired": pl["number"] in fired}
        if plant.kind == "hybrid":
            entry["mixes"] = [{"value": f"coal={c},oil={plant.burns - c}", "coal": c, "oil": plant.burns - c}
                              for c in range(plant.burns, -1, -1)]
            chosen = mixes.get(str(pl["number"]))
            entry["mix"] = f"coal={chosen.get('coal', 0)},oil={chosen.get('oil', 0)}" if chosen else ""
        plants.append(entry)
    result = preview(game, fact)
    powered = next((e for e in result.get("events", ()) if e["type"] == "powered"), None)
    return {"player": name, "plants": plants, "owned": len(p["cities"]), "fact": fact,
            "least": act.get("min_cities", 0),      # India's duty to power
            "proposal": act["proposal"], "powered": powered, "error": error or result.get("error"),
            "income_table": ctx.edition.income}
