"""Malformed entries at every action type, at several points of a real game and at the setup.

Each entry is mostly one that is legal at that point (the fact the table entered next, undo, redo,
a correction of the last fact), else a template of any type, with exactly one thing spoilt (a value
of the wrong type, a number out of range, null, NaN, a number beyond 2**53, nesting past the limit,
an unpaired surrogate, an unknown or a missing field, an unknown type). So it is never legal: the
engine must refuse it with a typed IllegalAction and change nothing (state, facts, log, undo list,
nor the entry itself).
"""
import copy
import json
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from referee.game import Game, replay
from referee.rules import engine
from referee.rules.errors import BadSetup, IllegalAction
from referee.rules.fields import LARGEST, MAX_DEPTH, normal_name

pytestmark = pytest.mark.slow

GAME = Path(__file__).resolve().parents[2] / "examples" / "germany-4p.jsonl"
POINTS = (0, 1, 8, 21, 25, 29, 30, 120, 301)  # setup, lot, draw, resources, building, bureaucracy, discard, over
NAMES = ("Anna", "Bernd", "Clara", "Dieter")

# field kinds per entry type, required fields first (a field with a default cannot be "missing")
SPEC = {
    "nominate": ({"player": "name", "plant": "int"}, {"bid": "int"}),
    "bid": ({"player": "name", "amount": "int"}, {}),
    "pass_bid": ({"player": "name"}, {}),
    "sold": ({"player": "name", "plant": "int", "price": "int"}, {}),
    "pass": ({"player": "name"}, {}),
    "draw": ({"card": "card"}, {}),
    "discard": ({"player": "name", "plant": "int"}, {"keep": "mix"}),
    "buy": ({"player": "name"}, {"coal": "int", "oil": "int", "garbage": "int", "uranium": "int"}),
    "move": ({"player": "name", "moves": "moves"}, {}),
    "build": ({"player": "name", "cities": "cities"}, {}),
    "power": ({"player": "name"}, {"plants": "plants", "cities": "int", "burn": "burn"}),
    "undo": ({}, {}),
    "redo": ({}, {}),
    "correct": ({"fact": "int", "action": "action"}, {}),
}

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-LARGEST, LARGEST),
                      st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8))
json_value = st.recursive(json_leaf, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                             st.dictionaries(st.text(max_size=5), inner, max_size=3)),
                          max_leaves=6)
not_int = st.one_of(st.booleans(), st.text(max_size=6), st.floats(allow_nan=False, allow_infinity=False),
                    st.lists(json_leaf, max_size=2), st.dictionaries(st.text(max_size=4), json_leaf, max_size=2))
bad_int = st.one_of(not_int, st.integers(max_value=-1))
not_a_player = st.text(max_size=12).filter(lambda s: normal_name(s) not in NAMES)


def nested(depth: int):
    value = 0
    for _ in range(depth):
        value = [value]
    return value


poison = st.one_of(  # refused at the edge whatever field holds it
    st.sampled_from([float("nan"), float("inf"), float("-inf"), "a\ud800b"]),
    st.integers(LARGEST + 1, 10 ** 40), st.integers(-10 ** 40, -LARGEST - 1),
    st.integers(MAX_DEPTH, 60).map(nested),
)

WRONG = {  # a value no field of that kind takes
    "int": bad_int,
    "name": st.one_of(not_a_player, st.none(), st.integers(), st.lists(st.sampled_from(NAMES), min_size=1)),
    "card": st.one_of(st.booleans(), st.floats(allow_nan=False), st.lists(json_leaf, max_size=2),
                      st.integers(max_value=-1),
                      st.dictionaries(st.text(max_size=4), json_leaf, max_size=2)),
    "mix": st.one_of(st.lists(json_leaf, max_size=2), st.integers(), st.text(max_size=5),
                     st.fixed_dictionaries({"gold": st.integers(0, 3)}),
                     st.fixed_dictionaries({"coal": bad_int})),
    "burn": st.one_of(st.lists(json_leaf, max_size=2), st.integers(), st.text(max_size=5),
                      st.fixed_dictionaries({"5": st.one_of(bad_int, st.fixed_dictionaries({"coal": bad_int}))})),
    "moves": st.one_of(st.integers(), st.text(max_size=5), st.lists(not_int.filter(lambda v: not isinstance(v, dict)),
                                                                   min_size=1, max_size=2),
                       st.builds(lambda f, v: [{"from": 5, "to": 7, "resource": "coal", f: v}],
                                 st.sampled_from(["from", "to", "count"]), bad_int),
                       st.just([{"from": 5, "to": 7, "resource": "coal", "cuont": 1}])),
    "cities": st.one_of(st.just([]), st.integers(), st.text(max_size=5), st.lists(not_int.filter(
        lambda v: not isinstance(v, str)), min_size=1, max_size=2)),
    "plants": st.one_of(st.integers(), st.text(max_size=5), st.lists(not_int, min_size=1, max_size=2)),
    "action": st.one_of(not_int.filter(lambda v: not isinstance(v, dict)),
                        st.sampled_from(["undo", "redo", "correct", "setup"]).map(lambda t: {"type": t})),
}

TEMPLATE = {"name": "Anna", "int": 3, "card": 13, "mix": {"coal": 1}, "burn": {"5": {"coal": 2}},
            "moves": [{"from": 5, "to": 7, "resource": "coal"}], "cities": ["essen"], "plants": [5],
            "action": {"type": "pass", "player": "Anna"}}


@st.composite
def malformed(draw, bases=()):
    """(entry, what was spoilt): a legal entry from `bases` (so the spoiler alone must be refused)
    or a template of any type, with exactly one spoiler."""
    if bases and draw(st.integers(0, 3)):  # mostly a legal entry: then only the spoiler can be refused
        entry = copy.deepcopy(draw(st.sampled_from(bases), label="legal entry"))
        kind = entry["type"]
    else:
        kind = draw(st.sampled_from(list(SPEC)), label="type")
        required, optional = SPEC[kind]
        entry = {"type": kind, **{f: copy.deepcopy(TEMPLATE[k]) for f, k in required.items()}}
        entry.update({f: copy.deepcopy(TEMPLATE[k]) for f, k in optional.items() if draw(st.booleans())})
    required, optional = SPEC[kind]
    fields = {**required, **optional}
    ways = ["extra", "poison", "type"] + ["missing"] * bool(required) + ["wrong"] * 3 * bool(fields)
    way = draw(st.sampled_from(ways), label="spoiler")
    if way == "extra":
        known = set(fields) | {"type"} | set(engine.FIELDS.get(kind, ()))  # draw also takes "plant"
        entry[draw(st.text(max_size=8).filter(lambda k: k not in known), label="field")] = draw(json_value)
    elif way == "poison":
        entry[draw(st.sampled_from(sorted(entry)), label="field")] = draw(poison, label="value")
    elif way == "type":
        entry["type"] = draw(st.one_of(st.text(max_size=8).filter(lambda t: t not in SPEC), not_int,
                                       st.sampled_from([t.upper() for t in SPEC])), label="type value")
    elif way == "missing":
        del entry[draw(st.sampled_from(sorted(required)), label="field")]
    else:
        field = draw(st.sampled_from(sorted(fields)), label="field")
        if kind == "correct" and field == "action" and draw(st.booleans()):
            entry["action"] = draw(malformed())[0]  # a spoilt table fact (or log-only entry)
        else:
            entry[field] = draw(st.one_of(st.none(), WRONG[fields[field]]), label="value")  # null: never a default
    return entry, way


@lru_cache(maxsize=None)
def game_at(point: int) -> tuple:
    """(a real game after `point` entries, entries legal there). Shared between examples, so an
    entry accepted by mistake would also show in the later ones."""
    with open(GAME, "rb") as f:
        game = replay(f, at=point)
    lines = GAME.read_text(encoding="utf-8").splitlines()
    if point == 30:  # undo the power just entered, so that redo (and that power again) are legal too
        game.play({"type": "undo"})
        bases = [{"type": "redo"}, game.undone[-1]]
    else:
        bases = [json.loads(line) for line in lines[point + 1:point + 2]]  # the fact the table entered next
    if game.facts:
        bases += [{"type": "undo"}, {"type": "correct", "fact": len(game.facts), "action": game.facts[-1]}]
    for entry in bases:
        if entry["type"] in engine.ACTIONS:
            engine.apply(game.state, entry, game.ctx)  # raises if the base is not legal after all
    return game, tuple(bases)


def snapshot(game: Game) -> tuple:
    return copy.deepcopy((game.state, game.states, game.facts, game.log, game.undone, game.events))


SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("point", POINTS)
@SETTINGS
@given(data=st.data())
def test_a_malformed_entry_is_refused_with_a_typed_error_and_changes_nothing(point, data):
    game, bases = game_at(point)
    entry, _ = data.draw(malformed(bases), label="entry")
    before, given_entry = snapshot(game), copy.deepcopy(entry)
    try:
        game.play(entry)
    except IllegalAction as e:
        assert e.message and isinstance(e.to_json()["error"], str)
    else:
        raise AssertionError(f"accepted a malformed entry: {entry!r}")
    assert snapshot(game) == before
    assert entry == given_entry


SETUP = json.loads(GAME.read_text(encoding="utf-8").splitlines()[0])
SETUP_WRONG = {
    "type": st.one_of(st.text(max_size=6), not_int).filter(lambda t: t != "setup"),
    "map": st.one_of(not_int.filter(lambda v: not isinstance(v, str)), st.text(max_size=6).filter(
        lambda t: t.strip().lower() not in ("germany", "usa"))),
    "edition": st.one_of(not_int.filter(lambda v: not isinstance(v, str)), st.just("x" * 300 + ".toml")),
    "players": st.one_of(not_int, st.lists(st.just({"name": "Ann", "colour": "red"}), min_size=2, max_size=6),
                         st.builds(lambda extra: [{"name": n, "colour": c, **extra} for n, c in
                                                  zip(NAMES, "abcd")], st.dictionaries(
                                                      st.text(max_size=5).filter(lambda k: k not in ("name", "colour")),
                                                      json_leaf, min_size=1, max_size=1)),
                         st.builds(lambda twin: [{"name": n, "colour": c} for n, c in zip(NAMES, "abc")]
                                   + [{"name": twin, "colour": "d"}], st.sampled_from(
                                       [" Anna", "Anna\u200b", "Ａｎｎａ", "\ufeffAnna", "Anna\u00a0"]))),
    "areas": st.one_of(not_int, st.lists(st.integers(), min_size=4, max_size=4), st.just(["NW", "W", "SW"])),
    "order": st.one_of(not_int.filter(lambda v: v is not None), st.lists(json_leaf.filter(
        lambda v: not isinstance(v, str)), min_size=4, max_size=4), st.just(["Anna", "Bernd", "Clara", "Zed"])),
    "seed": st.one_of(st.text(max_size=3), st.floats(), st.booleans(), st.lists(json_leaf, max_size=2)),
    "short_game": st.one_of(st.integers(), st.text(max_size=3), st.none(), st.lists(json_leaf, max_size=2)),
}


@settings(SETTINGS, max_examples=100)
@given(data=st.data())
def test_a_malformed_setup_is_a_bad_setup_and_the_line_is_not_changed(data):
    line = copy.deepcopy(SETUP)
    way = data.draw(st.sampled_from(["wrong", "extra", "missing", "poison"]), label="spoiler")
    if way == "wrong":
        field = data.draw(st.sampled_from(sorted(SETUP_WRONG)), label="field")
        line[field] = data.draw(SETUP_WRONG[field], label="value")
    elif way == "extra":
        field = data.draw(st.text(max_size=8).filter(lambda k: k not in SETUP_WRONG), label="field")
        line[field] = data.draw(json_value)
    elif way == "missing":
        del line[data.draw(st.sampled_from(["map", "players", "areas", "order"]), label="field")]
    else:
        line[data.draw(st.sampled_from(sorted(line)), label="field")] = data.draw(poison, label="value")
    given_line = copy.deepcopy(line)
    try:
        Game(line)
    except BadSetup as e:
        assert e.message
    else:
        raise AssertionError(f"accepted a malformed setup: {line!r}")
    assert line == given_line
