"""Card backs: in Power Grid: Recharged the plants 03–15 carry a plug back and the rest a socket back,
so everyone sees which kind the next card is (digest /work/shared/recharged.md §1; BG `nextCardWeak`).

The deck above the Step 3 card is then known in layers, from the top down: a prepared order whose
unknown slots are known by back. A layer is either unknown cards counted by back, `{"plug": n,
"socket": m}` (the plug card(s) put face down on top; the shuffled body, whose make-up is known because
the face-down removals were counted by back), or one known card, `{"cards": [18]}` (Québec's 18 and 22
below the top card, digest §7). `deck["backs"]` = {"plug": plug plant numbers, "layers": [...],
"kept": plants the removal never takes (digest §7: Québec's eco plants, Brazil's garbage plants above
14), "next": the backs the next card can show}. A card drawn must fit the first layer; the plants
still unseen are `deck["unseen"]` as for the original deck (deck.py), the removed ones among them.
"""
from .cards import number
from .context import STEP3

BACKS = ("plug", "socket")


def back(deck: dict, card) -> str:
    return "plug" if number(card) in deck["backs"]["plug"] else "socket"


def layers(plants: list, deal: dict, players: int) -> dict:
    """The layers of a dealt deck: `plants` are the unseen plants (removals among them); the deal puts
    `top` plug cards face down on top, its `below_top` plants under them in order, and removes face
    down, by player count, (plug, socket) plants that are not `kept`."""
    plug, removed = deal["plug"], deal["removed"][players]
    below = [c for c in deal.get("below_top", ()) if c in plants]
    body = [p for p in plants if p not in below]
    kept = [c for c in deal.get("kept", ()) if c in body]
    plugs = [p for p in body if number(p) in plug]
    sockets = len(body) - len(plugs)
    top = min(deal["top"], len(plugs))
    kept_plug = len([c for c in kept if number(c) in plug])
    plug_out = max(0, min(removed[0], len(plugs) - top - kept_plug))
    socket_out = min(removed[1], sockets - (len(kept) - kept_plug))
    out = {"plug": sorted(plug), "layers": [{"plug": top, "socket": 0}, *({"cards": [c]} for c in below),
                                           {"plug": len(plugs) - top - plug_out, "socket": sockets - socket_out}]}
    out["layers"] = [layer for layer in out["layers"] if layer.get("cards") or layer.get("plug") or layer.get("socket")]
    if kept:
        out["kept"] = kept
    return out


def possible(deck: dict) -> list:
    """The unseen plants the next card can be: the first layer's known card, or an unseen plant not
    named in a later layer whose back the first layer still holds. Plants never removed (`kept`) are
    surely in the deck: when the later layers have too few cards of a back to hold the kept plants of
    that back still unseen, the rest of them lie in this layer, and when they fill its cards of that
    back, no other plant of that back can come up here."""
    held = deck["backs"]["layers"]
    if not held:
        return []
    first = held[0]
    if first.get("cards"):
        return list(first["cards"])
    named = {c for layer in held for c in layer.get("cards", ())}
    kept = set(deck["backs"].get("kept", ())) & set(deck["unseen"])
    out = []
    for b in BACKS:
        if not first.get(b):
            continue
        plants = [c for c in deck["unseen"] if back(deck, c) == b and c not in named]
        sure = [c for c in plants if c in kept]
        later = sum(layer.get(b, 0) for layer in held[1:])
        must = max(0, len(sure) - later)
        out += [c for c in plants if c in kept or first[b] > must]
    return [c for c in deck["unseen"] if c in out]


def took(deck: dict, card) -> None:
    """A card above the Step 3 card came up: the first layer's known card, or one fewer of its back."""
    first = deck["backs"]["layers"][0]
    if first.get("cards"):
        first["cards"].remove(card)
    else:
        first[back(deck, card)] -= 1
    if not first.get("cards") and not first.get("plug") and not first.get("socket"):
        deck["backs"]["layers"].pop(0)


def known_top(deck: dict):
    """The known card on top (Québec's 18 once the plug card above it came up), else None."""
    held = deck["backs"]["layers"]
    return held[0]["cards"][0] if held and held[0].get("cards") else None


def next_backs(deck: dict, possible: list) -> list:
    """The backs the next card can show (the Step 3 card has a back of its own: "step3")."""
    shown = {"step3" if c == STEP3 else back(deck, c) for c in possible}
    return [b for b in (*BACKS, "step3") if b in shown]
