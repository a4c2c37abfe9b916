"""Forgiving name matching: any case, with or without diacritics or punctuation."""
import difflib
import re
import unicodedata

from .errors import CatalogError

_GERMAN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})


def keys(text: str) -> set[str]:
    """Both spellings a person may type: "Düsseldorf" -> {"duesseldorf", "dusseldorf"}."""
    low = text.casefold()
    out = set()
    for t in (low.translate(_GERMAN), low):
        plain = "".join(c for c in unicodedata.normalize("NFKD", t) if not unicodedata.combining(c))
        out.add(re.sub(r"[^a-z0-9\u3040-\u30ff\u3400-\u9fff]", "", plain))     # kana and kanji kept
    out.discard("")
    return out


def index(entries: dict[str, str], aliases: dict[str, str] | None = None) -> dict[str, set[str]]:
    """Lookup key -> ids, from {id: printed name} and {id: another name} (romaji)."""
    idx: dict[str, set[str]] = {}
    for ident, name in entries.items():
        for k in keys(ident) | keys(name) | keys((aliases or {}).get(ident, "")):
            idx.setdefault(k, set()).add(ident)
    return idx


def resolve(text, entries: dict[str, str], idx: dict[str, set[str]], what: str, where: str) -> str:
    """The one id `text` names, or a CatalogError with close matches."""
    if not isinstance(text, str):
        raise CatalogError(f"{what} must be given as text, got {text!r}")
    if text in entries:
        return text
    found = set().union(*(idx.get(k, set()) for k in keys(text)))
    if len(found) == 1:
        return found.pop()

    def label(i):
        return i if entries[i] == i else f"{entries[i]} ({i})"

    if found:
        raise CatalogError(f"{what} '{text}' on {where} is ambiguous: " + ", ".join(sorted(map(label, found))))
    near = []
    for k in keys(text):
        for hit in difflib.get_close_matches(k, idx, n=5, cutoff=0.6):
            near += [i for i in sorted(idx[hit]) if i not in near]
    hint = "did you mean " + ", ".join(map(label, near[:5])) + "?" if near else "no close match"
    raise CatalogError(f"unknown {what} '{text}' on {where}; {hint}")
