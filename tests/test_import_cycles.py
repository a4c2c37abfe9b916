"""No import cycles in referee/ (developers' guide: "No import cycles; lower layers never import higher
ones except through map-rule hooks").

Read from the source with ast, nothing imported: every import counts, inside functions too, and so
does importlib.import_module (or __import__) with a name the source spells out — a string, or an
f-string of strings and __name__/__package__. A name made at run time (the map-rule loader's
f"{__name__}.{name}", the rule named in a map file) is not seen.

One way round is allowed, the map-rule hook path: the engine (referee/rules) importing the plug-in
package referee/maprules or a module under it, whose rule modules import the engine. Every other edge
counts, so a cycle through the catalogue, the planner or any other package fails.
"""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "referee"


def modules(root: Path) -> dict[str, Path]:
    """Dotted name -> file, for the package at `root` (a package by its __init__.py)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _known(name: str, names) -> str | None:
    """The module a dotted name lands in: the longest prefix that is one of ours."""
    while name and name not in names:
        name = name.rpartition(".")[0]
    return name or None


def _spelled(node, here: str, package: str) -> str | None:
    """A module name the source spells out, else None."""
    parts = node.values if isinstance(node, ast.JoinedStr) else [node]
    text = ""
    for part in parts:
        value = part.value if isinstance(part, ast.FormattedValue) else part
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            text += value.value
        elif isinstance(value, ast.Name) and value.id in ("__name__", "__package__"):
            text += here if value.id == "__name__" else package
        else:
            return None
    return text


def imports(name: str, path: Path, names) -> set[str]:
    """The modules of ours that module `name` imports anywhere in its file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out |= {_known(a.name, names) for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(base + ([node.module] if node.module else []))
            else:
                base = node.module
            out |= {f"{base}.{a.name}" if f"{base}.{a.name}" in names else _known(base, names) for a in node.names}
        elif isinstance(node, ast.Call) and node.args and _loads_by_name(node.func):
            spelled = _spelled(node.args[0], name, package)
            if spelled:
                out.add(_known(spelled, names))
    out.discard(None)
    out.discard(name)
    return out


def _loads_by_name(func) -> bool:
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return called in ("import_module", "__import__")


def hook_path(importer: str, imported: str, top: str = "referee") -> bool:
    """The allowed way round: the engine importing the map-rule plug-ins."""
    engine, plugins = f"{top}.rules", f"{top}.maprules"
    return ((importer == engine or importer.startswith(engine + "."))
            and (imported == plugins or imported.startswith(plugins + ".")))


def graph(root: Path) -> dict[str, set[str]]:
    names = modules(root)
    return {n: {m for m in imports(n, p, names) if not hook_path(n, m, root.name)} for n, p in names.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (a -> ... -> a) for each group of modules that import each other (Tarjan)."""
    index, low, stack, on, groups = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while not group or w != v:
                w = stack.pop()
                on.discard(w)
                group.add(w)
            if len(group) > 1:
                groups.append(group)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return [_loop(edges, group) for group in groups]


def _loop(edges, group) -> list[str]:
    """The shortest way from the group's first module back to itself, inside the group."""
    start = min(group)
    paths, seen = [[start]], {start}
    while paths:
        path = paths.pop(0)
        for w in sorted(edges[path[-1]] & group):
            if w == start:
                return path + [start]
            if w not in seen:
                seen.add(w)
                paths.append(path + [w])
    return [start]


def test_no_import_cycles_in_referee():
    found = cycles(graph(ROOT))
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


def _package(tmp_path, files: dict) -> Path:
    root = tmp_path / "referee"
    for rel, text in {"__init__.py": "", **files}.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_a_cycle_through_an_import_inside_a_function_is_found(tmp_path):
    root = _package(tmp_path, {
        "planner/__init__.py": "",
        "planner/core.py": "from .plan import Plan\n",
        "planner/plan.py": "def f():\n    from .core import run\n",
    })
    assert cycles(graph(root)) == [["referee.planner.core", "referee.planner.plan", "referee.planner.core"]]


def test_a_cycle_through_a_package_init_and_a_spelled_out_importlib_name_is_found(tmp_path):
    root = _package(tmp_path, {
        "catalog/__init__.py": "from .maps import load_map\n",
        "catalog/maps.py": "import importlib\nM = importlib.import_module('referee.web.pages')\n",
        "web/__init__.py": "",
        "web/pages.py": "from ..catalog import load_map\n",
    })
    assert cycles(graph(root)) == [["referee.catalog", "referee.catalog.maps", "referee.web.pages", "referee.catalog"]]


def test_a_name_made_at_run_time_is_not_seen(tmp_path):
    root = _package(tmp_path, {
        "maprules/__init__.py": "import importlib\ndef module(n):\n    return importlib.import_module(f'{__name__}.{n}')\n",
        "maprules/rule.py": "from .. import maprules\n",
    })
    assert graph(root)["referee.maprules"] == set()
    assert cycles(graph(root)) == []


def test_only_the_engine_may_import_the_map_rules_that_import_it(tmp_path):
    root = _package(tmp_path, {
        "rules/__init__.py": "",
        "rules/engine.py": "from .. import maprules\nfrom ..maprules import rule\n",
        "maprules/__init__.py": "from . import rule\n",
        "maprules/rule.py": "from ..rules import engine\nfrom ..catalog import check\n",
        "catalog/__init__.py": "",
        "catalog/check.py": "def f():\n    from ..maprules import rule\n",
    })
    assert cycles(graph(root)) == [["referee.catalog.check", "referee.maprules.rule", "referee.catalog.check"]]
