"""Reading PDFs in tests with pip-installed libraries only (pdfplumber, pdfminer.six, pypdfium2), so the
printing tests run on any machine with Python: text as laid out, text in reading order, page count,
fonts and whether each is embedded, pages rendered to images."""
import io

import pdfplumber
import pypdfium2
from pdfminer.high_level import extract_text
from pdfminer.pdfpage import PDFPage
from pdfminer.pdftypes import resolve1


def text(pdf: bytes, page: int | None = None, box: tuple | None = None) -> str:
    """The text laid out as on the page (columns kept apart by spaces); optionally of one page (from 1),
    and of one (x, y-from-top, w, h) box in points."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        pages = [doc.pages[page - 1]] if page else doc.pages
        if box:
            x, top, w, h = box
            pages = [p.crop((x, top, x + w, top + h), strict=False) for p in pages]
        return "\n".join(p.extract_text(layout=True) for p in pages)


def reading(pdf: bytes) -> str:
    """The text in reading order: paragraphs as runs of lines, not as the page's layout."""
    return extract_text(io.BytesIO(pdf))


def page_count(pdf: bytes) -> int:
    return len(pypdfium2.PdfDocument(pdf))


def page_sizes(pdf: bytes) -> list[tuple[int, int]]:
    """Each page's (width, height) in whole points."""
    return [tuple(round(v) for v in page.get_size()) for page in pypdfium2.PdfDocument(pdf)]


def fonts(pdf: bytes) -> list[tuple[str, bool]]:
    """(base font name, embedded?) for every font a page uses; a composite font is embedded when its
    descendant's descriptor carries the font file."""
    found = {}
    for page in PDFPage.get_pages(io.BytesIO(pdf)):
        for font in (resolve1(page.resources.get("Font")) or {}).values():
            font = resolve1(font)
            described = resolve1(resolve1(font.get("DescendantFonts") or [font])[0])
            descriptor = resolve1(described.get("FontDescriptor")) or {}
            name = resolve1(font.get("BaseFont"))
            name = getattr(name, "name", str(name))
            found[name] = any(k in descriptor for k in ("FontFile", "FontFile2", "FontFile3"))
    return sorted(found.items())


def render(pdf: bytes, page: int = 1, dpi: int = 72):
    """One page (from 1) as a PIL image at `dpi`."""
    return pypdfium2.PdfDocument(pdf)[page - 1].render(scale=dpi / 72).to_pil()


def renders(pdf: bytes, dpi: int = 72) -> list:
    return [render(pdf, n, dpi) for n in range(1, page_count(pdf) + 1)]
