"""Shared by the printing tests: PDFs made once per session, and poppler's tools to read them."""
import subprocess
from functools import lru_cache
from pathlib import Path

from referee.game import replay
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


def poppler(tool: str, pdf: bytes, *args: str) -> str:
    """Run pdftotext/pdffonts/pdfinfo on PDF bytes; its stdout."""
    done = subprocess.run([tool, *args, "-", *(["-"] if tool == "pdftotext" else [])], input=pdf,
                          capture_output=True, check=True)
    return done.stdout.decode("utf-8")


def text(pdf: bytes, page: int | None = None, box: tuple | None = None) -> str:
    """The text laid out as on the page; optionally of one page, and of one (x, y-from-top, w, h) box in points."""
    where = ["-f", str(page), "-l", str(page)] if page else []
    if box:
        where += ["-r", "72", *sum((["-" + k, str(round(v))] for k, v in zip("xyWH", box)), [])]
    return poppler("pdftotext", pdf, "-layout", *where)
