"""The map-rule contract the engine owns (referee/rules/hooks.py): every hook declared once, documented,
called by the engine alone; a rule module that breaks it is refused as it loads; pages never name a rule."""
import ast
import re
import sys
import textwrap
from pathlib import Path

import pytest

from referee import maprules
from referee.catalog import load_edition, load_map
from referee.rules import building, hooks, map_setup
from referee.rules.context import Context
from mapkit import bw_step2, india_one_cube_at_a_time, map_table
from tablekit import at_phase

ROOT = Path(__file__).resolve().parents[2]


def _documented() -> dict:
    """docs/maps.md's hook table: name -> (kind, the arguments column)."""
    text = (ROOT / "docs" / "maps.md").read_text("utf-8")
    rows = re.findall(r"^\| `(\w+)` \| (fold|run) \| [^|]*\| ([^|]*) \|", text, re.M)
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
    ("def describe(w, params):\n    return ''\n",
     r"describe has the wrong signature; expected describe\(w, params, players\)"),
    ("RULINGS = {'x': 'not a writer'}\n", r"RULINGS has the wrong shape; expected RULINGS = \{event type: writer"),
    ("TASKS = [1]\n", r"TASKS has the wrong shape"),
    ("income = 3\n", r"hook income takes not a function; expected income\(paid, state, ctx, name, cities, events"),
])
def test_a_part_of_the_wrong_shape_is_refused(rules_package, extra, message):
    with pytest.raises(hooks.RuleModuleError, match=message):
        hooks.load(_rule(rules_package, GOOD + "\n\n" + extra))


def test_a_rule_module_without_check_is_refused(rules_package):
    name = _rule(rules_package, GOOD.replace("def check(params, game_map):", "def _check(params, game_map):"))
    with pytest.raises(hooks.RuleModuleError, match=r"extra_rules\.custom_rule: no check; expected check\(params, game_map\)"):
        hooks.load(name)


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


# --- What screens and the card need from a rule, offered by the engine ---

def _buy_offer(t):
    return next(a for a in t.state["next"]["actions"] if a["type"] == "buy")


def test_india_market_the_buy_offer_says_one_cube_at_a_time():
    """Seed 001 インド亜大陸 第3フェーズ 「プレイヤー下位から資源を1個ずつ購入する」: the page says so from `next`."""
    assert _buy_offer(india_one_cube_at_a_time())["one_at_a_time"] is True
    assert "one_at_a_time" not in _buy_offer(at_phase(map_table("germany", 3), "resources"))


def test_late_cities_are_closed_for_the_board_until_step2():
    """Seed 001 バーデン=ヴュルテンベルク州 「エリア外都市の建設はステップ2より建設可」."""
    t = at_phase(map_table("badenwurttemberg", 3, areas=["yellow", "green", "purple"]), "building")
    assert building.closed_cities(t.state, t.ctx) == t.ctx.map.rules["late_cities"]["cities"]
    t = bw_step2()
    assert t.state["step2_started"] and building.closed_cities(t.state, t.ctx) == []
    germany = map_table("germany", 3)
    assert building.closed_cities(germany.state, germany.ctx) == []


def test_two_networks_a_new_network_names_a_start_city():
    """Seed 001 日本 (Arclight): a second network begins in one of the start cities."""
    japan = map_table("japan", 3)
    assert building.network_cities(japan.ctx) == japan.ctx.map.rules["two_networks"]["start_cities"]
    assert building.network_cities(map_table("germany", 3).ctx) is None


def test_china_market_step3_holds_its_own_number_of_plants():
    """Seed 001 中国 (ステップ 3) 「マーケットにある発電所の数は 4 つ」; the base game 8 − 2 = 6."""
    assert map_setup.step3_plants(map_table("china", 4).ctx) == 4
    assert map_setup.step3_plants(map_table("germany", 4).ctx) == 6


def test_korea_markets_refill_the_south_by_the_board_and_the_north_by_its_own_table():
    """Seed 001 朝鮮 第 5 フェーズ: two markets, each refilled by its table."""
    ctx = map_table("korea", 3).ctx
    assert list(ctx.refill_tables) == ["south", "north"]
    assert ctx.refill_tables["south"] == ctx.edition.refill[3]
    assert ctx.refill_tables["north"] == ctx.map.rules["korea_markets"]["north_refill"]["3"]
    assert list(map_table("germany", 3).ctx.refill_tables) == [None]


@pytest.mark.parametrize("board, changes", [
    ("germany", {}), ("russia", {"city_removal": "fewest", "no_sale": None}),
    ("china", {"city_removal": None, "market_update": None, "no_sale": None}),
    ("quebec", {"market_update": "not_green"}), ("benelux", {"market_update": "and_lowest"}),
    ("badenwurttemberg", {"city_removal": None, "no_sale": 2}),
])
def test_market_rules_the_plant_market_lines_a_map_plays_otherwise(board, changes):
    """Seed 001: Russia (the fewest cities; no removal when nothing sells), China, Québec, Benelux, Baden-Württemberg."""
    game_map = load_map(board)
    assert Context(game_map, load_edition("original", map=game_map), 3, ()).market_rules == changes
