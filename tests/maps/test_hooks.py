"""The map-rule contract the engine owns (referee/rules/hooks.py): every hook declared once, documented,
called by the engine alone; a rule module that breaks it is refused as it loads; pages never name a rule."""
import ast
import re
import sys
import textwrap
from pathlib import Path

import pytest

from referee import maprules
from referee.rules import hooks

ROOT = Path(__file__).resolve().parents[2]


def _documented() -> dict:
    """docs/maps.md's hook table: name -> (kind, the arguments column)."""
    rows = re.findall(r"^\| `(\w+)` \| (fold|run) \| [^|]*\| ([^|]*) \|", (ROOT / "docs" / "maps.md").read_text("utf-8"),
                      re.M)
    return {name: (kind, args.strip()) for name, kind, args in rows}


def test_docs_list_exactly_the_declared_hooks_with_their_kind_and_arguments():
    declared = {}
    for h in hooks.HOOKS.values():
        args = h.params[1:-1] if h.kind == "fold" else h.params[:-1]   # the value and params are not listed
        declared[h.name] = (h.kind, ", ".join(args))
    assert _documented() == declared


def _calls() -> set:
    """(kind, hook) of every hooks.fold / hooks.run call in referee/."""
    found = set()
    for path in (ROOT / "referee").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "hooks"
                    and node.func.attr in ("fold", "run")):
                found.add((node.func.attr, node.args[1].value))
    return found


def test_the_engine_calls_every_declared_hook_by_its_kind_and_no_other():
    assert _calls() == {(h.kind, h.name) for h in hooks.HOOKS.values()}


def test_the_engine_never_imports_the_rule_package():
    for path in (ROOT / "referee" / "rules").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = ([node.module or ""] + [a.name for a in node.names] if isinstance(node, ast.ImportFrom)
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            assert not any("maprules" in n for n in names), path.name


def test_every_shipped_rule_module_keeps_the_contract():
    for name in maprules.known():
        hooks.verify(maprules.module(name))


def test_pages_and_printing_never_name_a_map_rule():
    """What a screen or the card needs from a rule comes from the engine (`next`, the state, a hook)."""
    names = re.compile(r"\b(" + "|".join(maprules.known()) + r")\b")
    trees = [ROOT / "referee" / "web", ROOT / "referee" / "printing", ROOT / "templates"]
    files = [p for tree in trees for p in tree.rglob("*") if p.suffix in (".py", ".html", ".txt", ".js", ".css")]
    assert len(files) > 20
    found = [f"{p.relative_to(ROOT)}:{i}: {m.group(1)}" for p in files
             for i, line in enumerate(p.read_text("utf-8").splitlines(), 1) for m in names.finditer(line)]
    assert found == []


def _rule(tmp_path, text: str, name="custom_rule"):
    """A rule module loaded by name from a package of its own, as the engine loads the shipped ones."""
    package = tmp_path / "extra_rules"
    package.mkdir(exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / f"{name}.py").write_text(text)
    return name


@pytest.fixture
def rules_package(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(hooks, "RULES_PACKAGE", "extra_rules")
    monkeypatch.setattr(hooks, "_loaded", {})
    yield tmp_path
    for name in [m for m in sys.modules if m.split(".")[0] == "extra_rules"]:   # each test writes its own
        del sys.modules[name]


GOOD = textwrap.dedent('''
    """A rule of seed 001."""
    from referee.rules.events import event

    DEFAULTS = {"by": 1}


    def check(params, game_map):
        return []


    def _helper(state):
        return state


    def current_size(size, state, ctx, params):
        return size + _helper(1)


    def may_buy(state, ctx, name, amounts, params):
        return None
''')


def test_a_rule_module_keeping_the_contract_loads(rules_package):
    rule = hooks.load(_rule(rules_package, GOOD))
    assert rule.current_size(4, None, None, {}) == 5


def test_a_public_helper_is_refused_naming_module_and_name(rules_package):
    name = _rule(rules_package, GOOD + "\n\ndef lowest(state):\n    return 0\n")
    with pytest.raises(hooks.RuleModuleError, match=r"extra_rules\.custom_rule: lowest is neither a hook nor a part "
                                                    r"of a rule module; .*check, describe, RULINGS.*\(_lowest\)"):
        hooks.load(name)


def test_a_hook_taking_its_arguments_in_another_order_is_refused_with_the_expected_signature(rules_package):
    name = _rule(rules_package, GOOD.replace("def may_buy(state, ctx, name, amounts, params)",
                                             "def may_buy(state, ctx, amounts, name, params)"))
    with pytest.raises(hooks.RuleModuleError, match=re.escape(
            "extra_rules.custom_rule: hook may_buy takes (state, ctx, amounts, name, params); expected "
            "may_buy(state, ctx, name, amounts, params) (a run hook")):
        hooks.load(name)


def test_a_hook_missing_an_argument_is_refused(rules_package):
    name = _rule(rules_package, GOOD.replace("def current_size(size, state, ctx, params)",
                                             "def current_size(size, state, params)"))
    with pytest.raises(hooks.RuleModuleError, match=r"hook current_size takes \(size, state, params\); expected "
                                                    r"current_size\(size, state, ctx, params\)"):
        hooks.load(name)


def test_a_folds_value_may_take_any_name(rules_package):
    rule = hooks.load(_rule(rules_package, GOOD.replace("(size, state, ctx, params):\n        return size",
                                                        "(plants, state, ctx, params):\n        return plants")))
    assert rule.current_size(4, None, None, {}) == 5


@pytest.mark.parametrize("extra, message", [
    ("def describe(w, params):\n    return ''\n", r"describe has the wrong signature; expected describe\(w, params, players\)"),
    ("RULINGS = {'x': 'not a writer'}\n", r"RULINGS has the wrong shape; expected RULINGS = \{event type: writer"),
    ("TASKS = [1]\n", r"TASKS has the wrong shape"),
    ("income = 3\n", r"hook income takes not a function; expected income\(paid, state, ctx, name, cities, events"),
])
def test_a_part_of_the_wrong_shape_is_refused(rules_package, extra, message):
    with pytest.raises(hooks.RuleModuleError, match=message):
        hooks.load(_rule(rules_package, GOOD + "\n\n" + extra))


def test_describe_rulings_and_tasks_of_the_right_shape_load(rules_package):
    extra = ("def describe(w, params, players):\n    return ''\n\n\n"
             "RULINGS = {'x': lambda w, e: ''}\nTASKS = {'t': lambda state, ctx, task: []}\n")
    rule = hooks.load(_rule(rules_package, GOOD + "\n\n" + extra))
    assert rule.describe(None, {}, 3) == "" and set(rule.RULINGS) == {"x"}


def test_maps_check_reports_a_broken_rule_module_as_a_problem_of_the_map(rules_package, monkeypatch):
    name = _rule(rules_package, GOOD + "\n\ndef lowest(state):\n    return 0\n")
    monkeypatch.setattr(maprules, "known", lambda: [name])
    problems = maprules.check({name: {}}, None)
    assert len(problems) == 1 and problems[0].startswith(f"rules.{name}: extra_rules.{name}: lowest is neither")
