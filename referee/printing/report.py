"""The game report: standings and the tie-break, cities and money round by round, every plant bought.

Everything is read from the recorded game (referee.game.Game): the result the engine ruled, the
state at the end of each round, and the plant_bought rulings. Nothing here re-decides the game.
"""
import io

from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Rect, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from .. import evening, rulings
from ..qr import dark_runs
from ..i18n import LANGUAGES
from . import fonts
from ..rulings.variations import describe_variation
from .card import PrintError
from .kit import ACCENT, INK, MIN_TYPE, MUTED, RULE, TINT, WHITE, Set
from .words import Words

# Print-friendly tones for the house colours players usually name; any other colour is read as is.
PLAYER_COLOURS = {"red": "#d0312d", "blue": "#2f6fd1", "green": "#2e9d4a", "yellow": "#d9a400",
                  "purple": "#8e5bb5", "black": "#222222", "orange": "#e07b00", "pink": "#d6559a",
                  "white": "#9aa3ad", "grey": "#7a838c", "gray": "#7a838c", "brown": "#7a4a1e"}
FALLBACK = ["#555555", "#8c6d1f", "#1f6f8c", "#8c1f5e", "#3f8c1f", "#5e1f8c"]
WINNER_TINT = colors.HexColor("#fff3d1")
PAGE = A4
MARGIN = 14 * mm
ROUND_COLUMN = 20 * mm


def report_pdf(game, lang: str = "en", url: str | None = None) -> bytes:
    """A one- or two-page A4 report of a game; with url, a QR code that opens the game on the table's server."""
    if lang not in LANGUAGES:
        raise PrintError(f"unknown language {lang!r}; languages are {', '.join(LANGUAGES)}")
    r = _Report(game, Words(lang))
    out = io.BytesIO()
    w = r.words
    title = w.gettext("%(game)s game report: %(map)s, %(players)s") % {
        "game": w.gettext("Power Grid"), "map": w.map_name(game.ctx.map), "players": w.players(len(r.names))}
    doc = SimpleDocTemplate(out, pagesize=PAGE, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
                            bottomMargin=MARGIN, title=title, invariant=1, pageCompression=1, lang=lang,
                            initialFontName=r.font)  # else an unembedded Helvetica is declared
    doc.build(r.story(url, doc.width))
    return out.getvalue()


NAME_SHOWN = 40     # characters of a player's name the report prints (the new-game form allows 40)


class _Report:
    def __init__(self, game, words: Words):
        self.game, self.words, self.lang = game, words, words.lang
        self.font = fonts.font_for(words.lang)
        self.state = game.state
        self.names = list(self.state["players"])
        self.shown = {name: _short(name, NAME_SHOWN) for name in self.names}
        self.colours = {name: _player_colour(p["colour"], i) for i, (name, p) in enumerate(self.state["players"].items())}
        self._styles = {}

    # text ------------------------------------------------------------------------------------
    def p(self, text, size=9.5, fill=INK, align=0, leading=1.3, raw=False):
        """A paragraph of plain text (or, raw, of ready Paragraph markup) in the language's font;
        align 0, 1, 2: left, centre, right."""
        if not raw:
            return Set(text, self.lang, size, size * leading, fill, ("left", "centre", "right")[align])
        key = (size, str(fill), align)
        if key not in self._styles:
            self._styles[key] = ParagraphStyle("r", fontName=self.font, fontSize=size, leading=size * leading,
                                               textColor=fill, alignment=align)
        return Paragraph(text, self._styles[key])

    def table(self, rows, widths, style, **options) -> Table:
        """A platypus Table whose plain cells use the language's font (ReportLab's default is not embedded)."""
        t = Table(rows, colWidths=widths, **options)
        t.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), self.font)] + style))
        return t

    def heading(self, text):
        return [Spacer(1, 4 * mm), self.p(text, 13, ACCENT), Spacer(1, 1.2 * mm)]

    # the report --------------------------------------------------------------------------------
    def story(self, url, width):
        return (self.header(url, width) + self.standings(width) + self.charts(width)
                + self.plants(width))

    def header(self, url, width):
        w, st = self.words, self.state
        _ = w.gettext
        title = self.p(_("%(game)s · %(map)s") % {"game": _("Game report"), "map": _short(w.map_name(self.game.ctx.map), 60)},
                       20, WHITE, leading=1.2)
        if st["phase"] == "over":
            status = _("Game over after the building phase of round %(round)d, in Step %(step)d") % {"round": st["round"], "step": st["step"]}
        else:
            status = _("Game in progress: round %(round)d, Step %(step)d") % {"round": st["round"], "step": st["step"]}
        subtitle = _("%(players)s · %(status)s") % {"players": w.players(len(self.names)), "status": status}
        lines = [title, Spacer(1, 2 * mm), self.p(subtitle, 10.5, WHITE)]
        played = describe_variation(self.game.ctx.variation, w.lang)   # seed 000's variation: its name
        if played:
            lines.append(self.p(played[0], 9.5, WHITE))
        cells, widths = [[lines]], [width]
        if url:
            size = 24 * mm
            cells[0].append([_qr(url, size, self.font), self.p(_("Scan to open this game at the table"), MIN_TYPE, WHITE, 1)])
            widths = [width - size - 8 * mm, size + 8 * mm]
        t = self.table(cells, widths, [("BACKGROUND", (0, 0), (-1, -1), ACCENT), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 4 * mm), ("RIGHTPADDING", (0, 0), (-1, -1), 4 * mm),
                               ("TOPPADDING", (0, 0), (-1, -1), 2.5 * mm), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5 * mm),
                               ("ALIGN", (-1, 0), (-1, 0), "CENTER")])
        out = [t]
        if url:
            out += [Spacer(1, 1 * mm), self.p(url, MIN_TYPE, MUTED, 2)]
        return out

    def standings(self, width):
        w, st = self.words, self.state
        _ = w.gettext
        result = st["result"]
        head = [_("Place"), "", _("Player"), _("Cities powered"), _("Money"), _("Cities connected")]
        rows = [[self.p(h, 8.5, MUTED, 0 if i == 2 else 1) if h else "" for i, h in enumerate(head)]]
        if result:
            ranking = result["ranking"]
            out = self.heading(_("Final standings"))
        else:  # not finished: the current turn order, which is the engine's own ranking of the table
            ranking = [{"player": n, "powered": None, "money": st["players"][n]["money"],
                        "cities": len(st["players"][n]["cities"])} for n in st["order"]]
            out = self.heading(_("Standings so far (in turn order)"))
        style = [("LINEBELOW", (0, 0), (-1, 0), 0.6, RULE), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                 ("TOPPADDING", (0, 0), (-1, -1), 1.6 * mm), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6 * mm),
                 ("LEFTPADDING", (1, 0), (1, -1), 0), ("RIGHTPADDING", (1, 0), (1, -1), 0)]
        place = 0
        for i, row in enumerate(ranking, 1):
            if result is None or i == 1 or _key(row) != _key(ranking[i - 2]):
                place = i
            won = bool(result) and row["player"] in result["winners"]
            name = self.shown[row["player"]] + ("  ★ " + _("Winner") if won else "")
            rows.append([self.p(str(place), 13, INK, 1), "", self.p(name, 11),
                         self.p("–" if row["powered"] is None else str(row["powered"]), 13, INK, 1),
                         self.p(w.money(row["money"]), 11, INK, 1), self.p(str(row["cities"]), 13, INK, 1)])
            if won:
                style.append(("BACKGROUND", (0, i), (-1, i), WINNER_TINT))
            elif i % 2 == 0:
                style.append(("BACKGROUND", (0, i), (-1, i), TINT))
            style.append(("BACKGROUND", (1, i), (1, i), self.colours[row["player"]]))
        swatch = 2.5 * mm
        t = self.table(rows, [0.1 * width, swatch] + [f * (0.9 * width - swatch) for f in (0.42, 0.2, 0.2, 0.18)], style)
        out.append(t)
        if result:
            out += [Spacer(1, 2.5 * mm), self.p(self.game_over(), 10, INK)]
        return out

    def game_over(self) -> str:
        """The engine's game_over ruling (winner and the tie-break used), in the reader's language."""
        over = [e for events in self.game.events for e in events if e["type"] == "game_over"]
        return rulings.render(over[-1], self.lang, self.game.ctx.map)

    def rounds(self):
        """(round, state at its end) for round 0 (setup) and every round played."""
        ends = {0: self.game.states[0]}
        for st in self.game.states[1:]:
            ends[st["round"]] = st
        return sorted(ends.items())

    def charts(self, width):
        """Cities, money, plants' capacity and what was paid, by round: four charts in one row, so a
        ten-round game's report stays one page. Capacity and payments are referee.evening's figures,
        the same as the finished game's page draws."""
        _ = self.words.gettext
        rounds = self.rounds()
        quarter = (width - 12 * mm) / 4        # each column 3 mm wider: the row is the page's width
        figures = evening.per_round(self.game)
        capacity = [[(r, v) for r, v in zip(figures["rounds"], figures["capacity"][n])] for n in self.names]
        paid = [[(r, sum(figures[k][n][i] for k in ("paid_plants", "paid_resources", "paid_building")))
                 for i, r in enumerate(figures["rounds"])] for n in self.names]
        cells = [(_("Cities connected, by round"), self.chart(rounds, lambda p: len(p["cities"]), quarter)),
                 (_("Money, by round"), self.chart(rounds, lambda p: p["money"], quarter)),
                 (_("Plants' capacity (cities they can power), by round"), self.plot(capacity, quarter)),
                 (_("Paid for plants, resources and building, by round"), self.plot(paid, quarter))]
        t = self.table([[self.p(title, 9.5, ACCENT) for title, _c in cells], [c for _t, c in cells]],
                       [quarter + 3 * mm] * 4,
                       [("LEFTPADDING", (0, 0), (-1, -1), 0), ("VALIGN", (0, 0), (-1, -1), "TOP")])
        return self.heading(_("Round by round")) + [t, Spacer(1, 1.5 * mm), self.legend(width)]

    def chart(self, rounds, value, width):
        return self.plot([[(r, value(st["players"][n])) for r, st in rounds] for n in self.names], width)

    def plot(self, data, width):
        """A line per player (self.names' order) through its (round, value) points."""
        height = 46 * mm
        d = Drawing(width, height, initialFontName=self.font)  # not ReportLab's unembedded default
        plot = LinePlot()
        plot.x, plot.y, plot.width, plot.height = 9 * mm, 10 * mm, width - 12 * mm, height - 13 * mm
        plot.data = data
        for i, name in enumerate(self.names):
            plot.lines[i].strokeColor = self.colours[name]
            plot.lines[i].strokeWidth = 1.6
            plot.lines[i].symbol = makeMarker("FilledCircle", size=3.2, fillColor=self.colours[name],
                                              strokeColor=self.colours[name])
        last = max(r for line in data for r, _v in line)
        top = max([v for line in data for _r, v in line] + [1])
        plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = 0, max(last, 1)
        plot.xValueAxis.valueSteps = list(range(0, max(last, 1) + 1, 2 if last > 8 else 1))  # a quarter page wide
        plot.yValueAxis.valueMin, (plot.yValueAxis.valueMax, plot.yValueAxis.valueStep) = 0, _nice(top)
        for axis in (plot.xValueAxis, plot.yValueAxis):
            axis.labels.fontName, axis.labels.fontSize, axis.labels.fillColor = self.font, MIN_TYPE, MUTED
            axis.strokeColor = RULE
        plot.yValueAxis.visibleGrid, plot.yValueAxis.gridStrokeColor = True, colors.HexColor("#e3e8ee")
        plot.xValueAxis.labelTextFormat = "%d"
        plot.yValueAxis.labelTextFormat = "%d"
        d.add(plot)
        d.add(String(plot.x + plot.width, 0.5 * mm, self.words.gettext("round"), fontName=self.font, fontSize=MIN_TYPE,
                     fillColor=MUTED, textAnchor="end"))
        return d

    def legend(self, width):
        cells, style = [], []
        for i, name in enumerate(self.names):
            cells += ["", self.p(self.shown[name], 9)]
            style.append(("BACKGROUND", (2 * i, 0), (2 * i, 0), self.colours[name]))
        per = width / max(len(self.names), 1)
        t = self.table([cells], [4 * mm, per - 4 * mm] * len(self.names),
                       style + [("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LEFTPADDING", (1, 0), (-1, -1), 2 * mm)],
                       rowHeights=[5 * mm])
        return t

    def plants(self, width):
        """A round-by-player grid of the plants bought and their price, with each player's total."""
        w = self.words
        _ = w.gettext
        bought = {}
        for i, events in enumerate(self.game.events[1:], 1):
            for e in events:
                if e["type"] == "plant_bought":
                    bought[(self.game.states[i - 1]["round"], e["player"])] = (e["plant"], e["price"])
        last = self.state["round"] if self.state["phase"] != "auction" else self.state["round"] - 1
        rounds = range(1, max([last, *(r for r, _who in bought)]) + 1)   # a round without a sale too
        head = [self.p(_("Round"), 8.5, MUTED, 1)] + [self.p(self.shown[n], 9, INK, 1) for n in self.names]
        rows = [head]
        for r in rounds:
            rows.append([self._figure(str(r), fill=MUTED)] + [self._bought(bought.get((r, n))) for n in self.names])
        totals = [sum(sale[1] for (_r, who), sale in bought.items() if who == n) for n in self.names]
        rows.append([self.p(_("Total"), 8.5, MUTED, 1)] + [self.p(w.money(t), 9.5, INK, 1) for t in totals])
        col = (width - ROUND_COLUMN) / max(len(self.names), 1)
        widths = [ROUND_COLUMN] + [col] * len(self.names)
        style = [("LINEBELOW", (0, 0), (-1, 0), 0.6, RULE), ("LINEABOVE", (0, -1), (-1, -1), 0.6, RULE),
                 ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("TOPPADDING", (0, 0), (-1, -1), 0.5 * mm),
                 ("BOTTOMPADDING", (0, 0), (-1, -1), 0.9 * mm)]
        for i, name in enumerate(self.names, 1):
            style.append(("LINEABOVE", (i, 0), (i, 0), 2.2, self.colours[name]))
        style += [("BACKGROUND", (0, k), (-1, k), TINT) for k in range(2, len(rows) - 1, 2)]
        t = self.table(rows, widths, style, repeatRows=1)
        note = self.p(_("Each cell: the plant bought that round (the price paid, in Elektro)."), 8, MUTED)
        return self.heading(_("Power plants bought")) + [note, Spacer(1, 1.5 * mm), t]

    def _bought(self, sale):
        if sale is None:
            return self._figure("·", fill=RULE)
        plant, price = sale
        return self._figure(plant, f"({price})")

    def _figure(self, big, small="", fill=INK):
        """A cell of the plants grid: a number at 11 pt and an optional note at 9, every cell of a row set
        alike so that the round's number stands on the same baseline as the plants bought in it."""
        note = f' <font color="{MUTED.hexval().replace("0x", "#")}">{small}</font>' if small else ""
        return self.p(f'<font size="11">{big}</font>{note}', 9, fill, 1, raw=True)


def _key(row):
    return row["powered"], row["money"], row["cities"]


NICE_STEPS = (1, 2, 3, 4, 5, 10, 15, 20, 25, 30, 40, 50, 75, 100, 150, 200, 250, 300, 400, 500)


def _nice(top: float) -> tuple:
    """(axis maximum, step): the lowest maximum at or above top that 3 to 5 round steps reach (the
    longest step of those), so that a maximum of 21 gets an axis to 25, not to 40."""
    found = [(step * parts, -step) for step in NICE_STEPS for parts in (3, 4, 5) if step * parts >= top]
    if not found:
        return float(top), top / 4
    most, step = min(found)
    return most, -step


def _short(text: str, most: int) -> str:
    """A name as printed: one that would not fit a table cell (a log may carry any length) ends in "…"."""
    return text if len(text) <= most else text[:most - 1] + "…"


def _player_colour(name: str, index: int) -> colors.Color:
    text = str(name).strip().lower()
    if text in PLAYER_COLOURS:
        return colors.HexColor(PLAYER_COLOURS[text])
    try:
        return colors.toColor(text)
    except ValueError:
        return colors.HexColor(FALLBACK[index % len(FALLBACK)])


def _qr(url: str, size: float, font: str) -> Drawing:
    """The code drawn as squares on a white field with its quiet zone, on the dark header."""
    side, runs = dark_runs(url)
    quiet = 3
    cell = size / (side + 2 * quiet)
    d = Drawing(size, size, initialFontName=font)
    d.add(Rect(0, 0, size, size, fillColor=WHITE, strokeColor=None))
    for row, col, length in runs:   # one rectangle per run of dark modules
        d.add(Rect((quiet + col) * cell, size - (quiet + row + 1) * cell, length * cell, cell, fillColor=INK,
                   strokeColor=None, strokeWidth=0))
    return d
