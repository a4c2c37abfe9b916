"""Which plants fire, what they burn and how many cities a player can power (RULES.md phase 5).

A plant fires only from resources stored on it, after any rearrangement the player can make by
moving cubes between their own plants; storage.arrange finds such a layout.
"""
from functools import lru_cache
from itertools import combinations

from .context import RESOURCES
from .errors import IllegalPower, BadAction
from .fields import whole, known_keys
from .storage import arrange, IDX, COAL, OIL

NEAREST = (tuple(int(r == OIL) for r in range(len(RESOURCES))), 100)


def _costs(prices) -> tuple:
    """(burn cost per resource, move cost). Plants the table names fire from the nearest layout
    (fewest cubes moved), a hybrid burning coal before oil; when the referee chooses, moving is
    free and the cubes cheapest to rebuy (`prices`) burn first."""
    return NEAREST if prices is None else (tuple(100 * p for p in prices), 1)


def plan(specs, alloc, fired: tuple, burns: dict, prices=None) -> tuple:
    """(allocation after burning, burn per fired plant) for a legal choice, else IllegalPower."""
    found = arrange(specs, alloc, {i: burns.get(i, specs[i].burns) for i in fired}, *_costs(prices))
    if found is None:
        names = ", ".join(str(specs[i].number) for i in fired)
        raise IllegalPower(f"plants {names} cannot all fire: not enough resources on them, even after "
                           "moving cubes between your plants")
    layout, used = found
    after = tuple(tuple(c - used.get(i, (0,) * len(RESOURCES))[r] for r, c in enumerate(counts))
                  for i, counts in enumerate(layout))
    return after, used


def _enough(specs, alloc, fired) -> bool:
    """A quick necessary test: the player holds enough cubes of the right kinds at all."""
    held = [sum(a[r] for a in alloc) for r in range(len(RESOURCES))]
    need = [0] * len(RESOURCES)
    either = 0
    for i in fired:
        acc, burns = specs[i].accepts, specs[i].burns
        if len(acc) > 1:
            either += burns
        elif acc:
            need[acc[0]] += burns
    return (all(n <= h for n, h in zip(need, held))
            and need[COAL] + need[OIL] + either <= held[COAL] + held[OIL])


@lru_cache(maxsize=4096)
def best(specs, alloc, cities: int, prices=None) -> dict:
    """The plants that power the most of `cities` (at most what they can power) with the fewest
    cubes; among those, the ones burning the cubes cheapest to rebuy (when `prices` are given),
    then moving the fewest cubes, then the fewest plants. Cached: the tablet's offer asks it of
    every player still to power after each fact (callers must not change the answer)."""
    options = sorted((-min(cities, sum(specs[i].powers for i in fired)), sum(specs[i].burns for i in fired),
                      len(fired), fired)
                     for k in range(len(specs) + 1) for fired in combinations(range(len(specs)), k))
    choice = None
    for powered, cubes, _, fired in options:
        if choice and (powered, cubes) != (-choice["cities"], choice["cubes"]):
            break
        if not _enough(specs, alloc, fired):
            continue
        found = arrange(specs, alloc, {i: specs[i].burns for i in fired}, *_costs(prices))
        if found is None:
            continue
        layout, used = found
        value = (sum(k * p for u in used.values() for k, p in zip(u, prices or [0] * len(RESOURCES))),
                 sum(max(0, a - b) for was, now in zip(alloc, layout) for a, b in zip(was, now)))
        if choice is None or value < choice["value"]:
            choice = {"fired": fired, "cities": -powered, "cubes": cubes, "value": value, "burn": used}
    return choice


def parse_burns(specs, burn: dict) -> dict:
    """The table's hybrid mixes ({plant: {coal: n, oil: m}}) as per-index tuples, checked."""
    out = {}
    if burn is None:
        return out
    if not isinstance(burn, dict):
        raise BadAction("burn is an object: {plant number: {resource: count}}")
    index = {str(s.number): i for i, s in enumerate(specs)}
    for key, mix in burn.items():
        i = index.get(str(key))
        if i is None:
            raise IllegalPower(f"burn names plant {key}, which you do not own")
        number, acc, burns, _, _ = specs[i]
        known_keys(mix, RESOURCES, f"burn for plant {number}")
        vec = [0] * len(RESOURCES)
        for r, n in mix.items():
            whole(n, f"burn {r} for plant {number}", low=0)
            if n and IDX[r] not in acc:
                raise IllegalPower(f"plant {number} cannot burn {r}; it burns {', '.join(RESOURCES[a] for a in acc)}")
            vec[IDX[r]] = n
        if sum(vec) != burns:
            raise IllegalPower(f"plant {number} burns exactly {burns} cube(s) per run; the mix given has {sum(vec)}")
        out[i] = tuple(vec)
    return out
