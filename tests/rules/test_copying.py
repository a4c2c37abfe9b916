"""apply's copy of the state is deep: changing the copy never changes the state it came from."""
import json
import marshal
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from referee.game import replay
from referee.rules.copying import deep_copy

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PLAIN = (str, int, bool, type(None))


def _states():
    out = []
    for name in ("germany-4p.jsonl", "usa-2p.jsonl"):
        out += replay((EXAMPLES / name).read_text(encoding="utf-8").splitlines()).states
    return out


STATES = _states()


def containers(value, path=()):
    """(path, container) for every dict and list in `value`, the value itself first."""
    if isinstance(value, (dict, list)):
        yield path, value
        for key, item in (value.items() if isinstance(value, dict) else enumerate(value)):
            yield from containers(item, path + (key,))


def at(value, path):
    for key in path:
        value = value[key]
    return value


def test_every_state_of_the_example_games_is_plain_json_data():
    """The fast copy's premise (marshal copies exactly these): no tuple, set, float or object."""
    for state in STATES:
        for path, c in containers(state):
            items = c.items() if isinstance(c, dict) else enumerate(c)
            for key, item in items:
                assert type(key) is str or isinstance(c, list), (path, key)
                assert type(item) in (*PLAIN, dict, list), (path + (key,), type(item))
        marshal.dumps(state)  # the fast path, not the deepcopy fallback


def test_the_copy_equals_the_state_with_keys_in_the_same_order_and_shares_no_container():
    for state in STATES:
        copied = deep_copy(state)
        assert json.dumps(copied) == json.dumps(state)
        original = {id(c) for _, c in containers(state)}
        assert not original & {id(c) for _, c in containers(copied)}


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.data())
def test_changing_any_part_of_the_copy_leaves_the_state_as_it_was(data):
    state = data.draw(st.sampled_from(STATES))
    before = json.dumps(state)
    copied = deep_copy(state)
    path, target = data.draw(st.sampled_from(list(containers(copied))))
    if isinstance(target, dict):
        key = data.draw(st.sampled_from([*target, "new key"]))
        target[key] = ["changed"]
        target.pop(data.draw(st.sampled_from(list(target))))
    else:
        target.append("changed")
        target[data.draw(st.integers(0, len(target) - 1))] = {"changed": True}
        target.reverse()
    assert json.dumps(state) == before, f"changing the copy at {path} changed the state"


def test_a_container_held_twice_stays_one_container_in_the_copy_as_with_deepcopy():
    shared = [1]
    copied = deep_copy({"a": shared, "b": shared})
    assert copied["a"] is copied["b"] and copied["a"] is not shared


class Name(str):
    """A str subclass, as a Python caller might put into a fact."""


@pytest.mark.parametrize("odd", [Name("Ann"), (1, [2]), {3, 4}, 2.5])
def test_values_marshal_does_not_know_are_still_copied_deeply_and_keep_their_type(odd):
    state = {"players": {"Ann": {"cities": [odd]}}}
    copied = deep_copy(state)
    assert copied == state and type(copied["players"]["Ann"]["cities"][0]) is type(odd)
    copied["players"]["Ann"]["cities"].append("x")
    assert state["players"]["Ann"]["cities"] == [odd]
    if isinstance(odd, tuple):
        assert copied["players"]["Ann"]["cities"][0][1] is not odd[1]
