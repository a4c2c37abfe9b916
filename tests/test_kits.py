"""Shared test helpers live in the kits (tests/**/*kit.py, the reference models), never in a test
module that another one imports: a test module then changes without breaking another's tests."""
import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
MAYBE = re.compile(r"\b(?:from|import)\s[\w., ]*\btest_")  # only such files are parsed


def imported_test_modules(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    if not MAYBE.search(text):
        return []
    names = []
    for node in ast.walk(ast.parse(text, str(path))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return [n for n in names if n.rpartition(".")[2].startswith("test_")]


def test_no_test_module_imports_another():
    found = {str(p.relative_to(TESTS)): names for p in sorted(TESTS.rglob("*.py"))
             if (names := imported_test_modules(p))}
    assert not found, f"move what these share into a kit: {found}"


def test_an_import_of_a_test_module_is_found(tmp_path):
    path = tmp_path / "test_x.py"
    path.write_text("def f():\n    from test_order_and_end import TOWNS\nimport tablekit, test_kits\n")
    assert sorted(imported_test_modules(path)) == ["test_kits", "test_order_and_end"]
