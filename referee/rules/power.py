"""Which plants can fire and how many cities a player can power (RULES.md phase 5).

A plant fires only from resources stored on it, after any rearrangement the player can make by
moving cubes between their own plants; so we search the allocations reachable by moves.
"""
from itertools import combinations

from .context import RESOURCES
from .errors import IllegalPower, BadAction
from .fields import whole, known_keys
from .storage import reachable, IDX

COAL, OIL = IDX["coal"], IDX["oil"]


def _can_fire(spec, counts, burn) -> bool:
    _, acc, burns, _, _ = spec
    if burn is not None:
        return all(counts[r] >= n for r, n in enumerate(burn))
    return sum(counts[r] for r in acc) >= burns


def _default_burn(spec, counts) -> tuple:
    """What a fired plant burns: its own resource; a hybrid burns coal first, then oil."""
    _, acc, burns, _, _ = spec
    out = [0] * len(RESOURCES)
    need = burns
    for r in acc:
        take = min(need, counts[r])
        out[r] = take
        need -= take
    return tuple(out)


def find(specs, alloc, fired: tuple, burns: dict):
    """A reachable allocation where every fired plant holds what it burns, or None."""
    for cand in reachable(specs, alloc):
        if all(_can_fire(specs[i], cand[i], burns.get(i)) for i in fired):
            return cand
    return None


def best(specs, alloc, cities: int) -> dict:
    """The most cities this player can power; among equals, the fewest cubes burned."""
    choice = {"fired": (), "cities": 0, "cubes": 0}
    for k in range(1, len(specs) + 1):
        for fired in combinations(range(len(specs)), k):
            powered = min(cities, sum(specs[i][4] for i in fired))
            cubes = sum(specs[i][2] for i in fired)
            if (powered, -cubes) <= (choice["cities"], -choice["cubes"]):
                continue
            if find(specs, alloc, fired, {}) is not None:
                choice = {"fired": fired, "cities": powered, "cubes": cubes}
    return choice


def plan(specs, alloc, fired: tuple, burns: dict) -> tuple:
    """(allocation after burning, burn per fired plant) for a legal choice, else IllegalPower."""
    cand = find(specs, alloc, fired, burns)
    if cand is None:
        names = ", ".join(str(specs[i][0]) for i in fired)
        raise IllegalPower(f"plants {names} cannot all fire: not enough resources on them, even after "
                           "moving cubes between your plants")
    used = {i: burns.get(i) or _default_burn(specs[i], cand[i]) for i in fired}
    after = tuple(tuple(c - used.get(i, (0,) * len(RESOURCES))[r] for r, c in enumerate(counts))
                  for i, counts in enumerate(cand))
    return after, used


def parse_burns(specs, burn: dict) -> dict:
    """The table's hybrid mixes ({plant: {coal: n, oil: m}}) as per-index tuples, checked."""
    out = {}
    if burn is None:
        return out
    if not isinstance(burn, dict):
        raise BadAction("burn is an object: {plant number: {resource: count}}")
    index = {str(s[0]): i for i, s in enumerate(specs)}
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
