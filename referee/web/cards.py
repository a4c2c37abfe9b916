"""Plant cards as the table page draws them: the markup made once per card, cube load, language and use.

A page draws a card dozens of times (the market, every player's plants, the input panel), and the
same few dozen cards recur all game, so each distinct card is written once and kept, rather than
rebuilt by a template macro on every answer.
"""
from functools import lru_cache
from html import escape

from flask_babel import gettext as _
from markupsafe import Markup


def plant_card(c: dict, tag: str = "div", attrs: str = "") -> Markup:
    """A card (views.card or views.owned) as a <div>, or as a <button> with `attrs` (name, value…)."""
    if c.get("step3"):
        return _step3(tag, attrs, _("Step 3"))
    card = _card(tag, attrs, c["number"], c["kind"], c["kind_name"], tuple(c["fuel"]), c["burns"], c["powers"],
                 tuple(c["cubes"]) if "cubes" in c else None, c.get("capacity", 0))
    if c.get("least") is not None:   # Power Grid: Recharged's discount token lies on it: bids from `least`
        card = _token(card, c["least"], _("Discount token: bids from %(least)s", least=c["least"]))
    return card


@lru_cache(maxsize=256)
def _token(card: Markup, least: int, title: str) -> Markup:
    head, rest = str(card).split(">", 1)
    return Markup(head.replace('class="card ', 'class="card discount ', 1) + ">"
                  + f'<span class="token" title="{escape(title)}">{least}</span>' + rest)


@lru_cache(maxsize=64)
def _step3(tag, attrs, label) -> Markup:
    return Markup(f'<{tag} class="card step3" {attrs}><span class="step3-label">{escape(label)}</span></{tag}>')


@lru_cache(maxsize=2048)
def _card(tag, attrs, number, kind, kind_name, fuel, burns, powers, cubes, capacity) -> Markup:
    if fuel:
        fuel_marks = "".join(f'<i class="cube {r}"></i>' for r in fuel) + f"<b>×{burns}</b>"
    else:
        fuel_marks = '<i class="leaf">♻</i>' if kind == "ecological" else '<i class="leaf">⚛</i>'
    stored = ""
    if cubes is not None:
        stored = ('<span class="stored">' + "".join(f'<i class="cube {r}"></i>' for r in cubes)
                  + '<i class="cube empty"></i>' * (capacity - len(cubes)) + "</span>")
    return Markup(f'<{tag} class="card kind-{kind}" {attrs} title="{escape(kind_name)}">'
                  f'<span class="num">{number}</span><span class="fuel">{fuel_marks}</span>'
                  f'<span class="powers">→ {powers}<i class="house"></i></span>{stored}</{tag}>')
