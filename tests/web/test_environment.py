"""The app's Jinja environment takes a plain dict's key at once (referee.web.environment), and a
template draws exactly what Jinja's own lookup would draw."""
from collections import OrderedDict

import jinja2
import pytest

from referee.web.environment import Environment

VALUES = {"d": {"lot": 4, "items": "a key named like a method", "get": 7, "nested": {"x": [1, 2]}},
          "od": OrderedDict(lot=5), "s": "text", "n": 3, "l": [10, 20]}
TEMPLATES = [
    "{{ d.lot }}", "{{ d.nested.x[1] }}", "{{ d['items'] }}", "{{ d.items()|list|length }}",
    "{{ d.get('lot') }}", "{{ d.missing is defined }}", "{{ d.missing }}|{{ d.missing is undefined }}",
    "{{ od.lot }}", "{{ s.upper() }}", "{{ n.real }}", "{{ l.count(10) }}", "{{ d.keys()|sort|join(',') }}",
]


@pytest.mark.parametrize("source", TEMPLATES)
def test_a_template_draws_what_jinjas_own_lookup_draws(app, source):
    ours = Environment(app, autoescape=True).from_string(source).render(**VALUES)
    jinjas = jinja2.Environment(autoescape=True).from_string(source).render(**VALUES)
    assert ours == jinjas


def test_a_plain_dicts_key_its_methods_and_a_missing_key_are_what_jinja_gives(app):
    env = Environment(app)

    class Watched(dict):
        pass

    assert env.getattr({"lot": 4}, "lot") == 4
    named = {"items": 1}
    assert env.getattr(named, "items") == named.items                              # Jinja gives the method
    assert isinstance(env.getattr({}, "lot"), jinja2.Undefined)
    assert env.getattr(Watched(lot=2), "lot") == 2                                 # a subclass: Jinja's own way


def test_the_app_draws_its_pages_with_it(app):
    assert isinstance(app.jinja_env, Environment)
