"""Where catalogue files live and how they are read (TOML, with readable errors)."""
import os
import tomllib
from pathlib import Path

from ..shipped import shipped
from .errors import CatalogError

MAPS_DIR = Path(os.environ.get("REFEREE_MAPS") or shipped("maps"))
BUILTIN_EDITIONS = shipped("maps") / "editions"


def maps_dir() -> Path:
    """The env var is read on every call so it can be set after import (tests, users)."""
    env = os.environ.get("REFEREE_MAPS")
    return Path(env).expanduser() if env else MAPS_DIR


def shown(path: Path) -> str:
    """A path as a person would type it: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def stamp(path: Path) -> tuple:
    st = path.stat()
    return (st.st_mtime_ns, st.st_size)


def is_file(path: Path) -> bool:
    """False, not an exception, for a name the system cannot even look up (too long, a NUL byte)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def cached(cache: dict, path: Path, build):
    """build(real path) once per file version (mtime and size): an edited file is read again."""
    real = path.resolve()
    hit = cache.get(real)
    if hit and hit[0] == stamp(real):
        return hit[1]
    value = build(real)
    cache[real] = (stamp(real), value)
    return value


def given_path(x, what: str) -> Path | None:
    """The file `x` names when it is a path (ends in .toml or holds a folder), None when it is an id;
    CatalogError for a missing file or for something that is neither."""
    if isinstance(x, os.PathLike) or (isinstance(x, str) and (x.endswith(".toml") or "/" in x or os.sep in x)):
        path = Path(x)
        if not is_file(path):
            raise CatalogError(f"{shown(path)}: file not found")
        return path
    if not isinstance(x, str) or not x.strip():
        raise CatalogError(f"{what} is named by its id or a path to a .toml file, got {x!r}")
    return None


def locate(x, what: str, dirs: list, available) -> Path:
    """The file `x` names: a path, or an id found in the first of `dirs` holding it (available():
    the ids to name when it is none of them)."""
    path = given_path(x, what)
    if path is not None:
        return path
    for d in dirs:
        if is_file(d / f"{x.strip().lower()}.toml"):
            return d / f"{x.strip().lower()}.toml"
    raise CatalogError(f"unknown {what.split()[-1]} '{x}'; available: {', '.join(available()) or 'none'}")


def read_toml(path: Path) -> dict:
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise CatalogError(f"{shown(path)}: file not found") from None
    except OSError as e:
        raise CatalogError(f"{shown(path)}: cannot read: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise CatalogError(f"{shown(path)}: not valid TOML: {e}") from None
    except UnicodeDecodeError as e:
        raise CatalogError(f"{shown(path)}: not UTF-8 text (byte {e.start + 1}); TOML files are UTF-8") from None
    except RecursionError:
        raise CatalogError(f"{shown(path)}: not usable TOML: arrays or tables nested too deeply") from None
    except ValueError:  # tomllib's only other refusal: an integer beyond Python's digit limit
        raise CatalogError(f"{shown(path)}: not usable TOML: a number with thousands of digits") from None
