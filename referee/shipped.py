"""Where the files shipped with referee are: inside the installed package, or beside it in a checkout.

`pip install .` copies maps/, templates/ and static/ into the package (see pyproject.toml); a
checkout (or an editable install) keeps them at the top of the repository.
"""
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def shipped(name: str) -> Path:
    inside = PACKAGE / name
    return inside if inside.is_dir() else PACKAGE.parent / name
