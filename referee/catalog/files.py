"""Where catalogue files live and how they are read (TOML, with readable errors)."""
import os
import tomllib
from pathlib import Path

from .errors import CatalogError

MAPS_DIR = Path(os.environ.get("REFEREE_MAPS") or Path(__file__).resolve().parents[2] / "maps")
BUILTIN_EDITIONS = Path(__file__).resolve().parents[2] / "maps" / "editions"


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


def read_toml(path: Path) -> dict:
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise CatalogError(f"{shown(path)}: file not found") from None
    except tomllib.TOMLDecodeError as e:
        raise CatalogError(f"{shown(path)}: not valid TOML: {e}") from None
