"""The end of a game: the result as the engine ruled it, and the evening round by round as charts.

The per-round figures are referee.evening's (the last state of each round, and what the rulings say
was paid): cities, plants' capacity, money (shown only now that the game is over: money is secret
while it runs) and what each player paid for plants, resources and building. The chart is plain
geometry for an inline SVG; nothing is fetched.
"""
from flask_babel import gettext as _

from .. import evening
from .views import colour

WIDTH, HEIGHT, LEFT, BOTTOM, TOP, RIGHT = 600, 260, 44, 30, 12, 96     # the names stand in the right margin
LABEL_GAP = 19        # a name's height at the chart's type size (16): end labels are at least this far apart


per_round = evening.per_round


def titles() -> dict:
    """Each chart's title in the page's language, in the order they are drawn."""
    return {"cities": _("Cities per round"), "capacity": _("Plants' capacity per round (cities they can power)"),
            "money": _("Money per round"), "paid_plants": _("Paid for plants, per round"),
            "paid_resources": _("Paid for resources, per round"), "paid_building": _("Paid for building, per round")}


def chart(rounds: list, series: dict, colours: dict) -> dict:
    """Polylines (one per player) on a grid with round labels and 4–5 value ticks."""
    top = max([v for values in series.values() for v in values] + [1])
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 10 ** 9) if top / s <= 5)
    top = -(-top // step) * step
    span_x = max(len(rounds) - 1, 1)

    def x(i):
        return round(LEFT + i * (WIDTH - LEFT - RIGHT) / span_x, 1)

    def y(v):
        return round(HEIGHT - BOTTOM - v * (HEIGHT - BOTTOM - TOP) / top, 1)

    lines = [{"player": n, "colour": colours[n], "series": values,
              "points": " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values)),
              "last": (x(len(values) - 1), y(values[-1])) if values else None}
             for n, values in series.items()]
    spread_labels([line for line in lines if line["last"]], TOP + LABEL_GAP / 2, HEIGHT - BOTTOM)
    return {"width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT, "bottom": HEIGHT - BOTTOM,
            "top": TOP, "lines": lines,
            "xticks": [(x(i), r) for i, r in enumerate(rounds)],
            "yticks": [(y(v), v) for v in range(0, top + 1, step)]}


def spread_labels(lines: list, top: float, bottom: float):
    """Move the names at the lines' ends apart (keeping their order) so close finishes stay readable."""
    lines.sort(key=lambda line: line["last"][1])
    ys = [line["last"][1] for line in lines]
    for i in range(1, len(ys)):
        ys[i] = max(ys[i], ys[i - 1] + LABEL_GAP)
    overflow = ys[-1] - bottom if ys else 0
    if overflow > 0:
        ys = [y - overflow for y in ys]
        for i in range(len(ys) - 2, -1, -1):
            ys[i] = min(ys[i], ys[i + 1] - LABEL_GAP)
    for line, y in zip(lines, ys):
        line["label_y"] = round(max(y, top), 1)


def result(game) -> dict:
    """Winners, the ranking, the tie-breaks the engine needed, and the two charts."""
    state = game.state
    res = state["result"]
    figures = per_round(game)
    cols = {n: colour(p["colour"]) for n, p in state["players"].items()}
    breaks = {"money": _("money"), "cities": _("cities owned")}
    charts = [{"key": k, "title": t, "chart": chart(figures["rounds"], figures[k], cols)} for k, t in titles().items()]
    return {"winners": res["winners"], "ranking": res["ranking"], "colours": cols,
            "tie_breaks": [breaks[k] for k in res["tie_breaks"]],
            "cities": charts[0]["chart"], "money": charts[2]["chart"], "charts": charts,
            "paid": evening.paid(figures), "players": figures["players"]}
