"""Shared by the printing tests: PDFs made once per session (read them with pdfkit), the print command,
the catalogue's city counts."""
import io
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pdfplumber

from referee.game import replay
from referee.i18n import translations
from referee.printing import card_pdf, report_pdf

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "germany-4p.jsonl"
LANGS = ("en", "ja", "zh-Hant")


@lru_cache(maxsize=None)
def card(map_id="germany", players=4, lang="en", size="a4", per_sheet=4) -> bytes:
    return card_pdf(map_id, players, lang, size, per_sheet)


@lru_cache(maxsize=None)
def example_game():
    return replay(EXAMPLE.read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def report(lang="en", url=None) -> bytes:
    return report_pdf(example_game(), lang, url=url)


def smallest_type(pdf: bytes) -> float:
    """The smallest size any character of the PDF is printed at, in points."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return min(c["size"] for page in doc.pages for c in page.chars)


def run(*args, cwd=ROOT):
    """`referee print ARGS` in a subprocess."""
    return subprocess.run([sys.executable, "-m", "referee.cli", "print", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd)


def cities(lang, n):
    return translations(lang).ngettext("%(num)s city", "%(num)s cities", n) % {"num": n}
