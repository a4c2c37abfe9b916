"""Printed player aids and game reports (PDF, ReportLab) in the table's three languages.

`card_pdf(map_id, players, lang, size)` and `report_pdf(game, lang, url)` return PDF bytes; the CLI
(`referee print`) and the table app's Print button call them. Fonts are embedded in every PDF.
They are loaded on first use, so registering the `print` command does not load ReportLab.
"""
__all__ = ["PrintError", "card_pdf", "report_pdf"]


def __getattr__(name):
    if name in ("PrintError", "card_pdf"):
        from . import card
        return getattr(card, name)
    if name == "report_pdf":
        from .report import report_pdf
        return report_pdf
    raise AttributeError(f"module 'referee.printing' has no attribute {name!r}")
