"""Card backs: in Power Grid: Recharged the plants 03–15 carry a plug back and the rest a socket back,
so everyone sees which kind the next card is (digest /work/shared/recharged.md §1; BG `nextCardWeak`).

The deck above the Step 3 card is then known in layers, from the top down: the one plug plant put
face down on top, then the shuffled body, each with how many plug and socket cards it holds (the
face-down removals were counted by back, so the body's make-up is known even though the removed
cards are not). `deck["backs"]` = {"plug": plug plant numbers, "layers": [{"plug": n, "socket": m},
...], "next": the backs the next card can show}. A card drawn must fit the first layer; the plants
still unseen are `deck["unseen"]` as for the original deck (deck.py).
"""
from .cards import number
from .context import STEP3

BACKS = ("plug", "socket")


def back(deck: dict, card) -> str:
    return "plug" if number(card) in deck["backs"]["plug"] else "socket"


def layers(plants: list, plug: tuple, top: int, removed: tuple) -> dict:
    """The layers of a dealt deck: `plants` are the unseen plants (removals among them), `top` plug
    cards face down on top, `removed` = (plug, socket) removed face down."""
    plugs = [p for p in plants if number(p) in plug]
    top = min(top, len(plugs))
    plug_out = min(removed[0], len(plugs) - top)
    socket_out = min(removed[1], len(plants) - len(plugs))
    out = {"plug": sorted(plug), "layers": [{"plug": top, "socket": 0},
                                           {"plug": len(plugs) - top - plug_out,
                                            "socket": len(plants) - len(plugs) - socket_out}]}
    out["layers"] = [layer for layer in out["layers"] if layer["plug"] or layer["socket"]]
    return out


def possible(deck: dict) -> list:
    """The unseen plants the next card can be, by the backs the first layer still holds."""
    if not deck["backs"]["layers"]:
        return []
    first = deck["backs"]["layers"][0]
    return [c for c in deck["unseen"] if first[back(deck, c)]]


def took(deck: dict, card) -> None:
    """A card above the Step 3 card came up: one fewer of its back in the first layer."""
    first = deck["backs"]["layers"][0]
    first[back(deck, card)] -= 1
    if not first["plug"] and not first["socket"]:
        deck["backs"]["layers"].pop(0)


def next_backs(deck: dict, possible: list) -> list:
    """The backs the next card can show (the Step 3 card has a back of its own: "step3")."""
    shown = {"step3" if c == STEP3 else back(deck, c) for c in possible}
    return [b for b in (*BACKS, "step3") if b in shown]
