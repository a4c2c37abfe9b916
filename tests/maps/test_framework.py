"""The map-rule framework (referee/maprules): rules named in the map file, checked, called at hooks."""
from pathlib import Path

import pytest

from referee import maprules
from referee.catalog import CatalogError, load_map
from referee.game import Game
from referee.rules import hooks
from mapkit import board_setup

BASE = (Path(__file__).resolve().parents[2] / "maps" / "germany.toml").read_text(encoding="utf-8")


def custom(tmp_path, extra: str, name="custom.toml"):
    path = tmp_path / name
    path.write_text(BASE.replace('id = "germany"', 'id = "custom"') + "\n" + extra, encoding="utf-8")
    return path


def test_base_maps_name_no_rule_so_every_hook_returns_the_base_value():
    g = Game(board_setup(3, "germany"))
    assert g.ctx.rules == ()
    assert hooks.fold(g.ctx, "resource_cost", 14, g.state, g.ctx, "Ann", "garbage", [7, 7], []) == 14
    assert hooks.run(g.ctx, "may_buy", g.state, g.ctx, "Ann", {}) == []


def test_every_rule_module_is_checked_and_documents_its_seed_001_source():
    for name in maprules.known():
        rule = maprules.module(name)
        # a map's rule cites seed 001; an edition's rule (Power Grid: Recharged) cites the digest (docs/editions.md)
        assert ("seed 001" in rule.__doc__.lower() or "recharged.md" in rule.__doc__) and callable(rule.check)
        plugged = [h for h in hooks.HOOKS if hasattr(rule, h)]
        assert plugged, f"{name} plugs into no hook"


def test_a_map_naming_an_unknown_rule_is_refused_with_the_rules_allowed(tmp_path):
    with pytest.raises(CatalogError, match=r"rules\.paris_triple: unknown rule; allowed: .*vienna_discount"):
        load_map(custom(tmp_path, "[rules.paris_triple]\n"))


def test_a_rules_parameters_are_checked_with_the_key_and_what_is_allowed(tmp_path):
    with pytest.raises(CatalogError) as info:
        load_map(custom(tmp_path, '[rules.vienna_discount]\ncity = "wien"\ndiscount = -1\ncolour = "red"\n'))
    text = str(info.value)
    assert "rules.vienna_discount.city: 'wien' is not a city id of this map" in text
    assert "rules.vienna_discount.discount: -1 is not allowed; allowed: a whole number, 0 or more" in text
    assert "rules.vienna_discount.colour: unknown parameter" in text


def test_a_custom_map_with_a_rule_plays_it(tmp_path):
    """A custom map is the same format as the shipped ones, rules included (docs/maps.md)."""
    path = custom(tmp_path, '[rules.vienna_discount]\ncity = "berlin"\n')
    g = Game({**board_setup(3, "germany"), "map": str(path), "areas": ["NE", "E", "NW"]})
    assert [rule.__name__ for rule, _ in g.ctx.rules] == ["referee.maprules.vienna_discount"]


def test_setup_table_shapes_are_checked_with_precise_messages(tmp_path):
    bad = ('[setup]\nremoved = [13, 13]\ndeck = [13, "rest", "rest", [14, "rest"]]\n'
           'market_by_players = { 7 = [3] }\ncolour = 1\n[setup.area_plants.XX]\n19 = { kind = "oil" }\n')
    with pytest.raises(CatalogError) as info:
        load_map(custom(tmp_path, bad))
    text = str(info.value)
    for part in ("setup.removed: lists a plant twice", "setup.deck item 4: 'rest' is not allowed",
                 'setup.deck: names "step3" 0 times; allowed: exactly once',
                 "setup.market_by_players.7: not a player count; allowed: 2, 3, 4, 5, 6",
                 "setup: unknown key 'colour'", "setup.area_plants.XX: not an area of this map"):
        assert part in text, part


def test_setup_plants_the_edition_does_not_have_are_refused(tmp_path):
    from referee.catalog import load_edition
    path = custom(tmp_path, "[setup]\nremoved = [99]\n")
    with pytest.raises(CatalogError, match=r"setup\.removed: plant\(s\) 99 are not in the edition's \[plants\]"):
        load_edition("original", map=load_map(path))
