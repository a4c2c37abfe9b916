"""A map's own rules (seed 001), plugged into the base engine at named extension points.

A map file names its rules as tables, `[rules.vienna_discount]` with the rule's parameters. Each
rule is one module of this package, named after the rule (`vienna_discount.py`): adding a rule is
adding a module. A module has a docstring citing seed 001, `check(params, game_map)` returning the
problems of its parameters (a list of "key: what is wrong; allowed: ..." lines), and any of the
hooks the engine declares in referee/rules/hooks.py, which loads the module by name and refuses
any other public name. Helpers shared by rule modules live here; a module whose name begins with
_ is not a rule. A map without rules gets the base value of every hook, so Germany and USA play the
base rules unchanged.
"""
import pkgutil

from ..rules import hooks


def known() -> list[str]:
    """Every rule a map may name: the modules of this package."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def module(name: str):
    """The rule module `name`, checked against the hook contract (referee/rules/hooks.py)."""
    return hooks.load(name)


def unknown(params: dict, allowed=()) -> list[str]:
    """A rule module's check: one line for each parameter the rule does not take."""
    said = ", ".join(allowed) or "none"
    return [f"{k}: unknown parameter; allowed: {said}" for k in params if k not in allowed]


def whole(params: dict, key: str, default=None, least: int = 0, unit: str = "") -> list[str]:
    """A rule module's check: the parameter must be a whole number (of `unit`) of at least `least`."""
    v = params.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or v < least:
        return [f"{key}: {v!r} is not allowed; allowed: a whole number{unit}, {least} or more"]
    return []


def some_of(params: dict, key: str, allowed) -> list[str]:
    """A rule module's check: the parameter, if given, is a non-empty list drawn from `allowed`."""
    v = params.get(key, list(allowed))
    if not isinstance(v, list) or not v or not set(v) <= set(allowed):
        return [f"{key}: {v!r} is not allowed; allowed: a non-empty list of {', '.join(allowed)}"]
    return []


def check(rules: dict, game_map) -> list[str]:
    """Problems of a map's [rules] tables, each 'rules.<name>...: what is wrong; allowed: ...'."""
    problems = []
    names = known()
    for name, params in rules.items():
        if name not in names:
            problems.append(f"rules.{name}: unknown rule; allowed: {', '.join(names) or 'none yet'}")
        elif not isinstance(params, dict):
            problems.append(f"rules.{name}: must be a table of the rule's parameters ([rules.{name}])")
        else:
            try:
                rule = module(name)
            except hooks.RuleModuleError as e:   # a rule module that breaks the contract: say which and how
                problems.append(f"rules.{name}: {e}")
                continue
            problems += [f"rules.{name}.{p}" for p in rule.check(params, game_map)]
    return problems
