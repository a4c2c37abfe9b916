"""Finding and loading boards from the maps/ folder (or any .toml path)."""
import difflib
from pathlib import Path

from .errors import CatalogError
from .files import cached, given_path, is_file, maps_dir, read_toml, shown
from .map_check import build_map
from .model import Map

_cache: dict[Path, tuple[tuple, Map]] = {}


def available_maps() -> list[str]:
    d = maps_dir()
    return sorted(p.stem for p in d.glob("*.toml")) if d.is_dir() else []


def load_map(name_or_path) -> Map:
    """Cached per resolved path; an edited file (new mtime or size) is read again."""
    path = _locate(name_or_path)
    return cached(_cache, path, lambda real: build_map(
        read_toml(real), shown(path), expect_id=real.stem if real.parent == maps_dir().resolve() else None))


def _locate(x) -> Path:
    path = given_path(x, "a map")
    if path is not None:
        return path
    path = maps_dir() / f"{x.strip().lower()}.toml"
    if not is_file(path):
        known = available_maps()
        near = difflib.get_close_matches(x.strip().lower(), known, n=3)
        hint = f"; did you mean {', '.join(near)}?" if near else ""
        raise CatalogError(f"unknown map '{x}' (no {shown(path)}); available: {', '.join(known) or 'none'}{hint}")
    return path
