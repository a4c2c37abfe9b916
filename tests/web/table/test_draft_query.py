"""A draft link's query string (referee.web.table.query) is what urlencode(values, doseq=True)
writes, for every kind of value a panel puts in one."""
from urllib.parse import parse_qs, urlencode

from hypothesis import given, strategies as st

from referee.web.table import query

NAMES = st.sampled_from(["type", "player", "cities", "new_network", "coal", "market", "名前", "a b&c=d"])
ONE = st.one_of(st.text(max_size=12), st.integers(-5, 400), st.booleans(), st.none(), st.binary(max_size=6))
VALUE = st.one_of(ONE, st.lists(ONE, max_size=5), st.tuples(ONE, ONE))


@given(st.dictionaries(NAMES, VALUE, max_size=5))
def test_a_draft_query_is_what_urlencode_writes(values):
    assert query(**values) == "?" + urlencode(values, doseq=True)


def test_a_builds_draft_reads_back_as_its_fields():
    text = query(type="build", player="Anna Maria", cities=["essen", "köln"], new_network="köln")
    assert parse_qs(text[1:]) == {"type": ["build"], "player": ["Anna Maria"], "cities": ["essen", "köln"],
                                  "new_network": ["köln"]}
