"""Australia: the nuclear plants are uranium mines that sell uranium to the market.

Seed 001, オーストラリア:
第2フェーズ 「原子力発電所はウラン鉱山として扱う(発電しない、発電所とは別に扱う、枚数制限なし、第1フェーズの
数値には影響する)。1ラウンドで発電所とウラン鉱山を購入することができない。」
第5フェーズ 「プレイ順下位からウラン鉱山からの収入を得る。ウラン鉱山(原子力発電所)の供給個数(発電件数)に現在の
市場価格を掛け算した金額の収入を得る。その後、ウラン鉱山の枚数分のウランを市場に置く(拡張の発電所50は1枚で2個
扱い)。ウランの収入が終了後、補充表に従ってウランを減らす。 (注意)ゲーム終了時もウランの収入は行方。」

As read here (docs/rules-notes.md §5, MA1–MA6):
- a uranium plant bought at auction leaves the player's plants for `state["map"]["mines"][player]`:
  it stores and powers nothing and is outside the plant limit, but its number counts for the
  turn-order tie (the highest of plants and mines). A mine is the round's one purchase (base rule).
- phase 5, after everyone has powered, last player in turn order first: a player is paid the
  cities its mines' cards print, times the uranium price now (the price of the cheapest uranium
  cube on the track, the dearest space's price when the track is empty); then one uranium per mine
  (two for a card in `two_cubes`) goes from the supply onto the dearest empty spaces, as a refill
  does, so the next player is paid the new price.
- then the uranium number of the board's refill table (players, Step) leaves the market from its
  cheapest cubes back to the supply; the refill brings no uranium.
- at game end the mines pay (and place) once more, although no other income is paid; no removal.

Parameters: two_cubes (plant numbers whose mine places two cubes; default [50]).
"""
import sys

from ..rules.events import event, counted, named
from ..rules.order import reverse
from ..rules.resources import filled_prices, track
from . import unknown

_URANIUM = "uranium"
DEFAULTS = {"two_cubes": [50]}


def check(params: dict, game_map) -> list:
    problems = unknown(params, list(DEFAULTS))
    two = params.get("two_cubes", DEFAULTS["two_cubes"])
    if not isinstance(two, list) or any(isinstance(n, bool) or not isinstance(n, int) for n in two):
        problems.append(f"two_cubes: {two!r} is not a list of plant numbers; allowed: e.g. [50]")
    return problems


def _mines_of(state: dict, name) -> list:
    return state["map"]["mines"][name]


def setup_state(state, ctx, params):
    state.setdefault("map", {})["mines"] = {name: [] for name in state["players"]}


def plant_bought(state, ctx, name, plant, params):
    """A uranium plant goes to the player's mines, before the plant limit is looked at."""
    if ctx.plant(plant).kind != _URANIUM:
        return None
    p = state["players"][name]
    p["plants"] = [pl for pl in p["plants"] if pl["number"] != plant]
    _mines_of(state, name).append(plant)
    powers = ctx.plant(plant).powers
    return [event("uranium_mine", f"Plant {plant} is {name}'s uranium mine: kept apart from the plants, it powers "
                  f"nothing and is outside the plant limit, but counts for turn order; each round it earns "
                  f"{powers} times the uranium price", player=name, plant=plant, powers=powers,
                  mines=list(_mines_of(state, name)))]


def highest_plant(value, state, ctx, name, params):
    """「第1フェーズの数値には影響する」: a mine's number breaks a turn-order tie like a plant's."""
    return max([value, *_mines_of(state, name)])


def phase_end(tasks, state, ctx, params):
    """The mines' income, then the removal, come before the rest of phase 5 (refill, plant market)."""
    if state["phase"] != "bureaucracy":
        return tasks
    return [{"task": "mine_income"}, {"task": "uranium_removal"}] + tasks


def refill_tables(tables, ctx, params):
    """The player aid: the board's uranium numbers take cubes off the market (printed below 0)."""
    board, table = next(iter(tables.items()))
    return {board: {**table, _URANIUM: [-n for n in table[_URANIUM]]}, **dict(list(tables.items())[1:])}


def refill_due(due, state, ctx, resource, params):
    """The board's uranium refill numbers take cubes away instead (uranium_removal)."""
    return 0 if resource == _URANIUM else due


def game_ends(state, ctx, params):
    return _pay_all(state, ctx, params, final=True)


def _price_now(state, ctx) -> int:
    """「現在の市場価格」: where the cheapest uranium cube sits (the seed's 燃料初期価格 reads a
    resource's price the same way); with none on the track, the dearest space. The house reading
    australia_uranium_price = highest_empty reads it as the dearest empty space (where the next cube
    goes); on a full track, where the cheapest cube sits."""
    count = state["resources"]["market"][_URANIUM]
    spaces = sorted(track(ctx, state, _URANIUM))
    if ctx.reading("australia_uranium_price") == "highest_empty" and count < len(spaces):
        return spaces[len(spaces) - count - 1]
    return filled_prices(ctx, state, _URANIUM, count)[0] if count else max(spaces)


def _pay_all(state, ctx, params, final=False) -> list:
    events = []
    for name in reverse(state):
        if _mines_of(state, name):
            events.append(_pay(state, ctx, name, {**DEFAULTS, **params}, final))
    return events


def _pay(state, ctx, name, params, final) -> dict:
    mines = _mines_of(state, name)
    cities = sum(ctx.plant(n).powers for n in mines)
    price = _price_now(state, ctx)
    income = cities * price
    state["players"][name]["money"] += income
    res = state["resources"]
    due = sum(2 if n in params["two_cubes"] else 1 for n in mines)
    room = len(track(ctx, state, _URANIUM)) - res["market"][_URANIUM]
    supply = res["supply"][_URANIUM]
    placed = min(due, room, supply)
    res["market"][_URANIUM] += placed
    res["supply"][_URANIUM] -= placed
    spaces = list(reversed(filled_prices(ctx, state, _URANIUM, res["market"][_URANIUM])[:placed]))
    short = ""
    if placed < due:
        short = f" (only {supply} in the supply)" if supply < room else f" (the market has room for {room})"
    when = " at game end" if final else ""
    return event("mine_income", f"{name}'s uranium {named('mine', mines)}{when}: "
                 f"{counted(cities, 'city', 'cities')} supplied x uranium price {price} = {income} Elektro; "
                 f"{placed} of {due} uranium onto the market{short}"
                 + (f", on {named('space', spaces)}" if placed else ""),
                 player=name, mines=list(mines), cities=cities, price=price, income=income, due=due,
                 placed=placed, spaces=spaces, supply=supply, room=room, final=final,
                 **ctx.ruled_by("australia_uranium_price"))


def _mine_income(state, ctx, task) -> list:
    return _pay_all(state, ctx, _params(ctx))


def _uranium_removal(state, ctx, task) -> list:
    """「補充表に従ってウランを減らす」: the table's uranium number leaves from the cheapest cubes."""
    players = len(state["players"])
    due = ctx.edition.refill[players][_URANIUM][state["step"] - 1]
    res = state["resources"]
    removed = min(due, res["market"][_URANIUM])
    spaces = filled_prices(ctx, state, _URANIUM, res["market"][_URANIUM])[:removed]
    res["market"][_URANIUM] -= removed
    res["supply"][_URANIUM] += removed
    why = f" (only {removed} on the market)" if removed < due else ""
    return [event("uranium_removed", f"Refill table (Step {state['step']}, {players} players): {removed} of {due} "
                  f"uranium leave the market{why}" + (f", from {named('space', spaces)}" if removed else ""),
                  due=due, removed=removed, spaces=spaces, step=state["step"], players=players)]


TASKS = {"mine_income": _mine_income, "uranium_removal": _uranium_removal}


def _params(ctx) -> dict:
    rule = sys.modules[__name__]
    return {**DEFAULTS, **next(params for module, params in ctx.rules if module is rule)}


def describe(w, params, players) -> str:
    mines = w._("Uranium plants are uranium mines: they power nothing, are kept apart from the plants (no limit) "
                "but count for turn order; one is the round's purchase.")
    income = w.ngettext("Phase 5, last player first: each mine pays the cities it prints × the uranium price, then "
                        "puts 1 uranium on the market (%(plants)s: 2); then the refill table's uranium comes off "
                        "the market. Mines pay at game end too.",
                        "Phase 5, last player first: each mine pays the cities it prints × the uranium price, then "
                        "puts 1 uranium on the market (%(plants)s: 2 each); then the refill table's uranium comes "
                        "off the market. Mines pay at game end too.", len(params["two_cubes"]),
                        plants=w.plants(params["two_cubes"]))
    return w.sentences(mines, income)


def _ruling_uranium_mine(w, e):
    return w._("%(player)s's %(plant)s is a uranium mine: it is kept apart from the power plants, powers no city "
               "and does not count toward the plant limit, but its number counts for turn order. In each "
               "bureaucracy phase it earns %(cities)s times the uranium price.",
               plant=w.plant(e["plant"]), player=e["player"], cities=e["powers"])


def _ruling_mine_income(w, e):
    final = w._("Game end: uranium mines still pay.") if e["final"] else ""
    paid = w.ngettext("%(player)s's uranium mine %(mines)s: %(cities)s cities times the uranium price of "
                      "%(price)s makes %(money)s.",
                      "%(player)s's uranium mines %(mines)s: %(cities)s cities times the uranium price of "
                      "%(price)s makes %(money)s.",
                      len(e["mines"]), player=e["player"], mines=w.join(e["mines"]), cities=e["cities"],
                      price=e["price"], money=w.money(e["income"]))
    placed = w.ngettext("Place %(num)s uranium on the market, on the space %(spaces)s.",
                        "Place %(num)s uranium on the market, on the spaces %(spaces)s.",
                        e["placed"], spaces=w.series(e["spaces"])) if e["placed"] else ""
    short = ""
    if e["placed"] < e["due"]:
        short = (w._("Only %(supply)s uranium left in the supply, of %(due)s due.", supply=e["supply"], due=e["due"])
                 if e["supply"] < e["room"] else
                 w._("The uranium market has room for only %(room)s, of %(due)s due.", room=e["room"], due=e["due"]))
    return w.sentences(final, paid, placed, short, w.reading_note(e))


def _ruling_uranium_removed(w, e):
    table = w.ngettext("Refill table, Step %(step)s, %(players)s players: on this board %(num)s uranium comes off "
                       "the market instead of going on.",
                       "Refill table, Step %(step)s, %(players)s players: on this board %(num)s uranium come off "
                       "the market instead of going on.", e["due"], step=e["step"], players=e["players"])
    if not e["removed"]:
        return w.sentences(table, w._("No uranium is left on the market to remove."))
    return w.sentences(table, w.ngettext("Remove %(num)s uranium, the cheapest: space %(spaces)s.",
                                         "Remove %(num)s uranium, the cheapest: spaces %(spaces)s.",
                                         e["removed"], spaces=w.series(e["spaces"])))


RULINGS = {   # this rule's events in the reader's words (referee.rulings)
    "uranium_mine": _ruling_uranium_mine,
    "mine_income": _ruling_mine_income,
    "uranium_removed": _ruling_uranium_removed,
}
