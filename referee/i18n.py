"""The table's three languages: one set of Babel catalogues for pages, rulings and printed cards.

Pages get these through Flask-Babel; rulings and printing call `translations(lang)` directly, so the
same words are used everywhere and nothing here depends on Flask.
"""
from functools import lru_cache
from pathlib import Path

from babel import Locale
from babel.support import NullTranslations, Translations

LANGUAGES = {"en": "English", "ja": "日本語", "zh-Hant": "繁體中文"}
DEFAULT = "en"
CATALOGUES = Path(__file__).resolve().parent / "translations"


def locale_id(lang: str) -> str:
    """The catalogue folder for a language tag: 'zh-Hant' is stored as 'zh_Hant'."""
    return lang.replace("-", "_")


@lru_cache(maxsize=None)
def babel_locale(lang: str) -> Locale:
    """Babel's Locale of a language, made once: given a name, Babel parses it and looks its data up
    anew on every call (a list in a sentence, a number on a card)."""
    return Locale.parse(locale_id(lang))


def language(tag) -> str:
    """One of LANGUAGES for a tag as browsers and users write it ('ja-JP', 'zh_TW', 'zh-hant'), else the default."""
    tag = str(tag or "").replace("_", "-").lower()
    if tag.startswith("ja"):
        return "ja"
    if tag.startswith("zh") and not any(s in tag for s in ("hans", "-cn", "-sg")):
        return "zh-Hant"
    return DEFAULT


@lru_cache(maxsize=None)
def translations(lang: str) -> NullTranslations:
    """The compiled catalogue of a language; English strings are their own msgids."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; languages are {', '.join(LANGUAGES)}")
    return Translations.load(str(CATALOGUES), [locale_id(lang)])
