"""The translation catalogues (referee/translations) are complete, compiled and safe to format.

Strings are extracted from the source exactly as tools/i18n.py does, so a string someone marked but
nobody translated, a .po edited without compiling, or a translation that lost a %(name)s placeholder
(which would crash a page at the table) fails here.
"""
import importlib.util
import io
import re
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo, write_mo

from referee.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?[#0\- +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?([diouxXeEfFgGcrsa%])")


def i18n_tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tool():
    return i18n_tool()


@pytest.fixture(scope="module")
def source_msgids(tool):
    return [m.id for m in tool.template() if m.id]


def forms(string) -> list:
    return list(string) if isinstance(string, (tuple, list)) else [string]


def placeholders(text: str) -> tuple:
    """(named placeholders as a set, positional conversions in order); '%%' is a literal percent sign."""
    named, positional = set(), []
    for name, conversion in PLACEHOLDER.findall(text or ""):
        if conversion == "%":
            continue
        if name:
            named.add(name)
        else:
            positional.append(conversion)
    return named, positional


def expected_placeholders(msgid) -> tuple:
    """A plural's translated forms may use any placeholder of its singular or plural msgid."""
    named, positional = set(), []
    for text in forms(msgid):
        n, p = placeholders(text)
        named |= n
        positional = max(positional, p, key=len)
    return named, positional


def messages(catalogue) -> dict:
    return {tuple(forms(m.id)): tuple(forms(m.string)) for m in catalogue if m.id}


def translated(message) -> bool:
    return bool(message.string) and all(forms(message.string)) and not message.fuzzy


def test_the_placeholder_reader_sees_names_positions_and_literal_percents():
    assert placeholders("%(player)s pays %(amount)d, 100%% of %s") == ({"player", "amount"}, ["s"])


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_string_in_the_source_is_translated(tool, source_msgids, lang):
    catalogue = tool.load(lang)
    missing = []
    for msgid in source_msgids:
        message = catalogue.get(msgid)
        if message is None or not translated(message):
            missing.append(msgid)
    assert not missing, (f"{len(missing)} of {len(source_msgids)} strings have no {lang} translation "
                         f"(python3 tools/i18n.py extract; missing {lang}; set {lang} FILE.json): {missing}")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_each_compiled_catalogue_matches_its_po(tool, lang):
    """The .mo the app loads says what its .po says: compile the .po afresh, exactly as tools/i18n.py
    does, and compare the messages of the two."""
    fresh = io.BytesIO()
    write_mo(fresh, tool.load(lang), use_fuzzy=False)
    fresh.seek(0)
    with open(tool.po_path(lang).with_suffix(".mo"), "rb") as f:
        stored = read_mo(f)
    want, have = messages(read_mo(fresh)), messages(stored)
    stale = sorted((k for k in want.keys() | have.keys() if want.get(k) != have.get(k)), key=str)
    assert not stale, f"{lang}: the .mo is out of date (run python3 tools/i18n.py extract to recompile): {stale}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_keeps_exactly_the_placeholders_of_its_msgid(tool, lang):
    broken = []
    for message in tool.load(lang):
        if not message.id or not message.string:
            continue
        want = expected_placeholders(message.id)
        for form in forms(message.string):
            if form and placeholders(form) != (want[0], want[1]):
                broken.append((message.id, form))
    assert not broken, f"{lang} translations whose placeholders differ from their msgid: {broken}"


def test_each_language_has_one_babel_locale_made_once():
    """Lists in sentences and numbers on cards are formatted with it (referee.i18n.babel_locale)."""
    from babel import Locale

    from referee.i18n import LANGUAGES, babel_locale
    for lang in LANGUAGES:
        assert babel_locale(lang) is babel_locale(lang) and babel_locale(lang) == Locale.parse(lang.replace("-", "_"))
    assert str(babel_locale("zh-Hant")) == "zh_Hant"
