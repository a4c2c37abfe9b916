"""Boards of the table's own (custom maps): uploaded on the new-game page, or kept in a folder.

A board is checked exactly as `referee maps check` checks it (referee.maps_cli.check_text: every
problem with its line) and a game on it carries the whole board in its setup line (`board`,
docs/actions.md), so the game never depends on the file again: reopening, export, import and
`referee replay` work on any machine, and editing the file later changes no game already begun.

The folder is the app's CUSTOM_MAPS (`referee serve`: `maps` in the user's data folder, beside the
default database); a valid upload is kept there, so it can be picked again for the next game. Maps
in the maps folder itself (the shipped ones, or REFEREE_MAPS's) are offered by their ids as before.
"""
import json
import re
import tempfile
from pathlib import Path

from flask import current_app
from flask_babel import gettext as _

from ..catalog import CatalogError, available_maps, load_map
from ..catalog.files import maps_dir, read_toml, shown
from ..maps_cli import check_text
from ..shipped import shipped

PREFIX = "custom:"          # a folder map's value in the form's map field: custom:<file name without .toml>
STEM = re.compile(r"^[A-Za-z0-9_\-]{1,64}$")    # well inside any file system's name limit
# A file's path in a checker line, shown as a person needs it: the uploaded file by its name, the
# edition's table as editions/<file>; the server's folders are nobody's business.
FILE_PATH = re.compile(r"(?:[A-Za-z]:)?[^\s:\"'“”]*?[/\\]((?:editions[/\\])?[^\s:/\\\"'“”]+\.toml)")
LARGEST = 512 * 1024        # bytes: the largest shipped board is under 20 KB


def folder() -> Path:
    return Path(current_app.config["CUSTOM_MAPS"]).expanduser()


def path_of(choice: str) -> Path | None:
    """The file a form value `custom:<stem>` names, None for any other value or a missing file."""
    if not choice.startswith(PREFIX) or not STEM.fullmatch(stem := choice[len(PREFIX):]):
        return None
    path = folder() / f"{stem}.toml"
    return path if path.is_file() else None


def load(choice: str):
    """The board a form value names (a folder map or an id of the maps folder), None if it names none."""
    path = path_of(choice)
    try:
        if path is not None:
            return load_map(path)
        return load_map(choice) if choice in available_maps() else None
    except CatalogError:
        return None


def offered() -> tuple[dict, list]:
    """({form value: Map} of the folder's playable boards, [names of files that are not])."""
    d = folder()
    boards, broken = {}, []
    for path in sorted(d.glob("*.toml")) if d.is_dir() else ():
        board = None
        if STEM.fullmatch(path.stem):
            try:
                board = load_map(path)
            except CatalogError:
                pass
        if board is None:
            broken.append(path.name)
        else:
            boards[PREFIX + path.stem] = board
    return boards, broken


def carried(choice: str) -> bool:
    """Whether a game on this map carries its board in the log: any map not shipped with the referee."""
    return choice.startswith(PREFIX) or maps_dir().resolve() != shipped("maps").resolve()


def board_data(choice: str) -> dict:
    """The board's file as the JSON object a setup line carries (docs/actions.md `board`)."""
    path = path_of(choice) or maps_dir() / f"{choice}.toml"
    return read_toml(path)


def file_name(filename: str | None) -> str:
    """An uploaded file's own name, without any folders a browser sent, cut short if it is very long."""
    name = Path(filename or "").name
    return name if len(name) <= 80 else name[:77] + "…"


def check_upload(filename: str, data: bytes) -> tuple[str | None, list]:
    """Check an uploaded board; keep it in the folder if it is playable.

    Returns (form value of the kept board, [], []) or (None, problems, diagnostics): translated
    sentences for what is not a board file at all, else the checker's own lines ("hokkaido.toml
    line 12: ...": technical key paths, in English, with no server path in them)."""
    name = Path(filename or "").name
    if not name.lower().endswith(".toml") or not STEM.fullmatch(name[:-5]):
        return None, [_("Choose a board file named like hokkaido.toml (up to 64 letters, digits, - and _, "
                        "ending in .toml).")], []
    if len(data) > LARGEST:
        return None, [_("%(file)s is larger than any board (%(size)s KB); choose the map's .toml file.",
                        file=name, size=len(data) // 1024)], []
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        return None, [_("%(file)s is not UTF-8 text (byte %(byte)s); save it as UTF-8.",
                        file=name, byte=e.start + 1)], []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_bytes(data)
        diagnostics = [FILE_PATH.sub(r"\1", line.replace(shown(path), name)) for line in check_text(path, text)]
        if diagnostics:
            return None, [], diagnostics
        board = read_toml(path)
    if board["id"] in available_maps():
        return None, [_("%(file)s: id “%(id)s” is a map that comes with the referee; give your board an id of its own.",
                        file=name, id=board["id"])], []
    if not STEM.fullmatch(board["id"]):
        return None, [_("%(file)s: its id must be up to 64 letters, digits, - and _ (it names the kept file).",
                        file=name)], []
    try:
        json.dumps(board)
    except (TypeError, ValueError):
        return None, [_("%(file)s holds a date or time value; a board has none.", file=name)], []
    return PREFIX + keep(board["id"], data).stem, [], []


def keep(ident: str, data: bytes) -> Path:
    """Save an uploaded board in the folder as <id>.toml, or <id>-2.toml… beside a different file of that name."""
    d = folder()
    d.mkdir(parents=True, exist_ok=True)
    n = 1
    while True:
        path = d / (f"{ident}.toml" if n == 1 else f"{ident}-{n}.toml")
        if not path.exists():
            path.write_bytes(data)
            return path
        if path.read_bytes() == data:
            return path
        n += 1
