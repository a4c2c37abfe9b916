"""A player's name is kept as the Unicode rule says (fields.normal_name), whatever its script."""
import string
import unicodedata

import pytest
from hypothesis import given, strategies as st

from referee.rules.fields import normal_name


def by_the_rule(text):
    """Format characters dropped, NFKC, whitespace runs made one space, trimmed."""
    visible = "".join(c for c in text if unicodedata.category(c) != "Cf")
    return " ".join(unicodedata.normalize("NFKC", visible).split())


@pytest.mark.slow
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=20))
def test_an_ascii_name_is_kept_as_the_unicode_rule_keeps_it(text):
    assert normal_name(text) == by_the_rule(text)


@pytest.mark.slow
@given(st.text(alphabet=st.sampled_from(string.ascii_letters + " \t\u200b\u3000\ufeffＡｎ電力"), max_size=20))
def test_a_name_with_wide_or_invisible_characters_is_kept_as_the_rule_says(text):
    assert normal_name(text) == by_the_rule(text)


def test_names_that_differ_only_in_invisible_or_wide_characters_or_spaces_are_one_name():
    assert normal_name("  Ann \t") == normal_name("A\u200bnn") == normal_name("Ａｎｎ") == "Ann"
    assert normal_name("ann") != "Ann"
