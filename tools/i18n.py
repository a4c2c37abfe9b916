"""Keep the catalogues in step with the code: extract, update, fill and compile, one writer at a time.

    python3 tools/i18n.py extract           # strings from referee/ and templates/ -> messages.pot -> each .po, compiled
    python3 tools/i18n.py set ja FILE.json  # merge {"msgid": "msgstr", ...} (plural: {"msgid": ["one", "other"]})
    python3 tools/i18n.py missing ja        # msgids without a translation

Several people (and helpers) translate at once, so every command holds a lock on the catalogues and
never edits a .po by hand-written text: it reads, merges and writes through Babel.
"""
import fcntl
import json
import sys
from contextlib import contextmanager
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from referee.i18n import CATALOGUES, LANGUAGES, locale_id  # noqa: E402

KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "lazy_gettext": None,
            "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}


@contextmanager
def locked():
    CATALOGUES.mkdir(parents=True, exist_ok=True)
    with open(CATALOGUES / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def po_path(lang):
    return CATALOGUES / locale_id(lang) / "LC_MESSAGES" / "messages.po"


def template() -> Catalog:
    pot = Catalog(project="referee", charset="utf-8")
    method_map = [("referee/**.py", "python"), ("templates/**.html", "jinja2"), ("templates/**.svg", "jinja2")]
    options = {"templates/**.html": {"extensions": "jinja2.ext.i18n"}, "templates/**.svg": {"extensions": "jinja2.ext.i18n"}}
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, options, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
        pot.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return pot


def load(lang) -> Catalog:
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=locale_id(lang), project="referee", charset="utf-8")
    with open(path, "rb") as f:
        return read_po(f, locale=locale_id(lang))


def save(lang, catalog: Catalog):
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as f:
        write_po(f, catalog, width=0, sort_output=True, include_previous=False)
    with open(path.with_suffix(".mo"), "wb") as f:
        write_mo(f, catalog, use_fuzzy=False)


def extract():
    pot = template()
    for lang in LANGUAGES:
        catalog = load(lang)
        catalog.update(pot, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        save(lang, catalog)
    print(f"{len(pot)} strings; " + ", ".join(f"{lang}: {len(missing(lang))} missing" for lang in LANGUAGES if lang != "en"))


def set_translations(lang, source):
    catalog = load(lang)
    given = json.loads(Path(source).read_text(encoding="utf-8"))
    unknown = []
    for msgid, msgstr in given.items():
        message = catalog.get(msgid) or next((m for m in catalog if isinstance(m.id, tuple) and m.id[0] == msgid), None)
        if message is None:
            unknown.append(msgid)
            continue
        message.string = tuple(msgstr) if isinstance(message.id, tuple) else msgstr
        message.flags.discard("fuzzy")
    save(lang, catalog)
    print(f"{lang}: {len(given) - len(unknown)} set; {len(missing(lang))} still missing")
    for msgid in unknown:
        print(f"not in the catalogue (run extract first?): {msgid!r}")


def missing(lang):
    def empty(m):
        return not m.string or (isinstance(m.string, tuple) and not all(m.string))
    return [m.id for m in load(lang) if m.id and empty(m)]


def main(argv):
    with locked():
        if argv[:1] == ["extract"]:
            extract()
        elif argv[:1] == ["set"] and len(argv) == 3:
            set_translations(argv[1], argv[2])
        elif argv[:1] == ["missing"] and len(argv) == 2:
            for msgid in missing(argv[1]):
                print(json.dumps(msgid, ensure_ascii=False))
        else:
            print(__doc__)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
