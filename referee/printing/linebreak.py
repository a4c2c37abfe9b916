"""Lines of a paragraph as a print shop sets them in Japanese and Chinese (and as any greedy setter does
in English): never past the column, and with the kinsoku rules kept by pushing a character down rather
than hanging it in the margin.

A line may break between any two CJK characters and at spaces, never inside a Latin word or a number,
and inside a katakana word only where two or more of its characters stay on each side (ゲーム stays
whole, プレ/イヤー may break). A line never starts with a closing mark, a small kana, a
prolonged sound mark or a full-width comma, stop, colon, semicolon, ! or ? (。、」ー…), and never ends
with an opening bracket or quote (「（); when the greedy break would do either, the last unit of the
line moves down to the next one. ReportLab's own CJK breaker hangs such a character past the column
instead, up into the margin a printer clips. A paragraph never ends on a line of one kanji or kana
and its 「。」 (a widow): a character of the line above comes down with it.
"""
import re

from reportlab.lib import textsplit

CANNOT_START = frozenset(textsplit.ALL_CANNOT_START + "，：；！？…‥〜～」』）】〕〉》｝］・")
CANNOT_END = frozenset(textsplit.ALL_CANNOT_END)
# One unit that is never broken: a run of Latin letters, digits and ASCII marks; a katakana word; spaces.
UNIT = re.compile(r"[!-~\u00a0-\u024f\u2010-\u2027\u2030-\u205e]+|[\u30a0-\u30ffー]+|\s+|.", re.S)


KATAKANA = re.compile(r"[\u30a0-\u30ffー]{4,}")


def units(text: str) -> list[str]:
    out = []
    for unit in UNIT.findall(text):
        out += [unit[:2], *unit[2:-2], unit[-2:]] if KATAKANA.fullmatch(unit) else [unit]
    return out


def lines(text: str, width: float, measure) -> list[str]:
    """`text` broken into lines no wider than `width`, as measure(piece) -> width counts them."""
    out: list[str] = []
    for paragraph in text.split("\n"):
        out += _lines(paragraph, width, measure)
    return out


def _lines(text: str, width: float, measure) -> list[str]:
    done: list[list[str]] = []
    line: list[str] = []
    for unit in _fitting(units(text), width, measure):
        if line and measure("".join(line + [unit]).rstrip()) > width:
            kept, carried = _kinsoku(list(line), unit)
            if measure("".join(carried + [unit]).strip()) > width:
                kept, carried = line, []   # the rules cannot be kept inside the column: the column wins
            done.append(kept)
            line = carried
        if line or not unit.isspace():   # a line never starts with the space it broke at
            line.append(unit)
    done.append(line)
    _no_widow(done, width, measure)
    return ["".join(units_).strip() for units_ in done]


def widow(line: str) -> bool:
    """A paragraph's last line holding one character and its closing marks (「す。」), which a print shop
    never leaves alone: a Latin word or a number may stand alone, a lone kanji or kana may not."""
    text = line.strip()
    body = text.rstrip("".join(CANNOT_START))
    return len(body) == 1 and not body.isascii()


def _no_widow(done: list, width: float, measure):
    """The last line a widow: carry units down from the line above (keeping the kinsoku rules) until
    the last line holds two characters; the line above keeps at least two units."""
    while len(done) > 1 and widow("".join(done[-1])) and len(done[-2]) > 2:
        kept, carried = _kinsoku(done[-2][:-1], done[-2][-1])
        carried = carried + [done[-2][-1]]
        moved = carried + done[-1]
        while moved and moved[0].isspace():   # a line never starts with the space it broke at
            moved.pop(0)
        if not kept or measure("".join(moved).strip()) > width:
            return
        done[-2], done[-1] = kept, moved


def _kinsoku(line: list[str], following: str) -> tuple[list[str], list[str]]:
    """Split before `following`: the line kept and the units carried down, so that the next line does
    not start with a CANNOT_START mark and this one does not end with a CANNOT_END one."""
    carried: list[str] = []
    while len(line) > 1:
        starts = (carried[0] if carried else following).lstrip()[:1]
        ends = "".join(line).rstrip()[-1:]
        if starts in CANNOT_START or ends in CANNOT_END:
            carried.insert(0, line.pop())
        else:
            break
    return line, carried


def _fitting(pieces: list[str], width: float, measure) -> list[str]:
    """The units, a unit wider than a whole line cut into characters (a very long name)."""
    out = []
    for piece in pieces:
        out += list(piece) if not piece.isspace() and measure(piece) > width else [piece]
    return out
