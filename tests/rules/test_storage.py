"""Placing cubes on plants (buy, discard, move, power) as a flow problem, checked against an
exhaustive search of the layouts single-cube moves reach."""
from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

import storage_reference as ref
from referee.rules import storage
from referee.rules.power import NEAREST
from tablekit import at_phase

SMALL = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 21, 29, 46]     # every kind, four hybrids
HYBRIDS = [5, 12, 21, 29, 46]


@st.composite
def holdings(draw, numbers=SMALL):
    """A few plants, cubes on them within capacity, and a search small enough to be exhaustive."""
    from referee.game import Game
    from tablekit import setup_line
    ctx = holdings.ctx = getattr(holdings, "ctx", None) or Game(setup_line(4)).ctx
    plants = draw(st.lists(st.sampled_from(numbers), min_size=1, max_size=4, unique=True))
    specs = storage.specs_of(ctx, [{"number": n, "stored": {}} for n in plants])
    size = 1
    for _, acc, _, cap, _ in specs:
        size *= (cap + 1) ** len(acc)
    if size > 20000:
        plants = plants[:2]
        specs = specs[:2]
    alloc = []
    for _, acc, _, cap, _ in specs:
        counts = [0] * 4
        for r in draw(st.lists(st.sampled_from(acc), max_size=cap)) if acc else []:
            counts[r] += 1
        alloc.append(tuple(counts))
    return specs, tuple(alloc)


def in_reach(specs, start, target) -> bool:
    """The rule storage relies on: stuck layouts keep their hybrids, others reach any unstuck one."""
    if storage.totals(start) != storage.totals(target):
        return False
    if storage.stuck(specs, start):
        return all(a == b for s, a, b in zip(specs, start, target) if storage.is_hybrid(s))
    return not storage.stuck(specs, target)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(holdings())
def test_what_single_cube_moves_reach_is_the_stuck_rule(case):
    specs, start = case
    reached = set(ref.reachable(specs, start))
    layouts = product(*[[c for c in product(*[range(cap + 1) if r in acc else [0] for r in range(4)])
                         if sum(c) <= cap] for _, acc, _, cap, _ in specs])
    assert all(in_reach(specs, start, t) == (t in reached) for t in layouts)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(holdings(), st.tuples(*[st.integers(0, 4)] * 4))
def test_fast_placement_agrees_with_exhaustive_search(case, hand):
    specs, start = case
    assert storage.place(specs, start, hand) == ref.place(specs, start, hand)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(holdings(HYBRIDS + [3, 4, 9, 10]), st.data())
def test_power_layout_agrees_with_exhaustive_search(case, data):
    specs, start = case
    fired = tuple(i for i in range(len(specs)) if data.draw(st.booleans()))
    needs = {}
    for i in fired:
        needs[i] = specs[i][2]
        if storage.is_hybrid(specs[i]) and data.draw(st.booleans()):
            coal = data.draw(st.integers(0, specs[i][2]))
            needs[i] = (coal, specs[i][2] - coal, 0, 0)
    found = storage.arrange(specs, start, needs, *NEAREST)
    firing = ref.layouts_firing(specs, start, needs)
    assert (found is None) == (not firing)
    if found:
        layout, used = found
        assert layout in firing
        moved = lambda t: sum(max(0, a - b) for x, y in zip(start, t) for a, b in zip(x, y))  # noqa: E731
        assert moved(layout) == min(moved(t) for t in firing)
        for i, need in needs.items():
            assert all(u <= c for u, c in zip(used[i], layout[i]))
            assert (used[i] == need) if isinstance(need, tuple) else sum(used[i]) == need


def test_storage_placement_with_four_hybrids_is_exact(table):
    t = at_phase(table(2), "resources")
    t.give("Ann", plants=[(5, {}), (12, {}), (21, {}), (46, {})], money=200)
    t.give("Bob", plants=[(8, {})])
    t.do("pass", player="Bob")
    t.do("buy", player="Ann", coal=9, oil=9)
    stored = [pl["stored"] for pl in t.p("Ann")["plants"]]
    assert sum(s.get("coal", 0) for s in stored) == 9 and sum(s.get("oil", 0) for s in stored) == 9
    assert [sum(s.values()) for s in stored] == [4, 4, 4, 6]


def test_a_full_hybrid_makes_room_by_moving_coal_to_a_coal_plant(table):
    t = at_phase(table(4), "resources")
    t.give("Dan", plants=[(5, {"coal": 4}), (4, {})])
    t.do("buy", player="Dan", oil=2)
    assert [pl["stored"] for pl in t.p("Dan")["plants"]] == [{"coal": 2, "oil": 2}, {"coal": 2}]


def test_discard_with_hybrids_keeps_cubes_by_moving_them(table):
    t = table(2)
    t.give("Ann", plants=[(5, {"oil": 4}), (12, {"coal": 2}), (4, {"coal": 3}), (21, {"coal": 1, "oil": 3})])
    t.do("sold", player="Ann", plant=3, price=3)
    t.draw(13)
    events = t.do("discard", player="Ann", plant=21)
    assert events[0]["kept"] == {"coal": 1, "oil": 3}
    stored = [pl["stored"] for pl in t.p("Ann")["plants"]]
    assert sum(s.get("oil", 0) for s in stored) == 7 and sum(s.get("coal", 0) for s in stored) == 6
