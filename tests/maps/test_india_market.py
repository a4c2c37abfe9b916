"""India's buying: one cube at a time round the table, price caps by Step (referee/maprules/india_market.py)."""
import pytest

from referee import rulings
from referee.rules.errors import IllegalAction, NotAvailable, NotYourTurn
from mapkit import india_one_cube_at_a_time, map_table
from tablekit import at_phase


def india_buying(step=1, coal=24):
    t = at_phase(map_table("indian", 3), "resources")
    t.edit(lambda s: s.update(step=step) or s["resources"]["market"].update(coal=coal)
           or s["resources"]["supply"].update(coal=24 - coal))
    for name in ("Ann", "Bob", "Cara"):
        t.give(name, plants=[(4, {})])
    return t


def test_india_resources_are_bought_one_cube_at_a_time_round_the_table():
    """第3フェーズ: 「プレイヤー下位から資源を1個ずつ購入する。」 Cara (last in turn order) buys first; a buy passes
    the turn on, a pass drops out; the phase ends when everyone has passed."""
    t = india_buying()
    t.rejects("buy", IllegalAction, match="one cube at a time", player="Cara", coal=2)
    t.do("buy", player="Cara", coal=1)
    t.rejects("buy", NotYourTurn, player="Cara", coal=1)
    assert t.state["next"]["waiting_for"] == ["Bob"]
    t.do("buy", player="Bob", coal=1)
    t.do("pass", player="Ann")
    assert t.state["next"]["waiting_for"] == ["Cara"]          # round again, Ann is out
    t.do("buy", player="Cara", coal=1)
    t.do("pass", player="Bob")
    assert t.state["next"]["waiting_for"] == ["Cara"]          # only Cara still buys
    t.do("buy", player="Cara", coal=1)
    t.do("pass", player="Cara")
    assert t.state["phase"] == "building"
    assert [len(pl["stored"]) and pl["stored"]["coal"] for p in t.state["players"].values()
            for pl in p["plants"]] == [0, 1, 3]


def test_india_a_buy_of_nothing_is_refused_pass_instead():
    t = india_buying()
    t.rejects("buy", IllegalAction, match="pass to stop buying", player="Cara")


@pytest.mark.parametrize("step, cap", [(1, 3), (2, 5)])
def test_india_step_caps_the_price_of_a_cube(step, cap):
    """第3フェーズ: 「ステップ1では価格3までの資源しか購入できない。ステップ2では価格5までの資源しか購入できない。」
    India's coal track: 4 × 1, 4 × 2, 3 × 3, 3 × 4, 3 × 5, 3 × 6, 2 × 7, 2 × 8."""
    dearer = {3: 13, 5: 7}[cap]           # the cheapest cube left costs cap + 1
    t = india_buying(step, coal=dearer)
    assert t.state["next"]["actions"][0]["cheapest"]["coal"] == cap + 1
    assert t.state["next"]["actions"][0]["max"]["coal"] == 0
    t.rejects("buy", NotAvailable, match=f"up to {cap} Elektro", player="Cara", coal=1)
    t = india_buying(step, coal=dearer + 1)  # one cube at the cap
    assert t.state["next"]["actions"][0]["max"]["coal"] == 1
    assert t.do("buy", player="Cara", coal=1)[0]["cost"] == cap


def test_india_step_3_has_no_price_cap():
    t = india_buying(3, coal=2)
    assert t.do("buy", player="Cara", coal=1)[0]["cost"] == 8


def test_india_buying_rules_are_announced_in_each_language():
    t = india_one_cube_at_a_time()
    announce = next(e for events in t.game.events for e in events if e["type"] == "one_cube_at_a_time")
    assert announce["order"] == ["Cara", "Bob", "Ann"] and announce["cap"] == 3
    board = t.ctx.map
    assert "up to 3 Elektro" in rulings.render(announce, "en", board)
    assert "1個ずつ" in rulings.render(announce, "ja", board) and "価格3エレクトロまで" in rulings.render(announce, "ja", board)
    assert "每次購買1個" in rulings.render(announce, "zh-Hant", board)
    assert t.state["next"]["waiting_for"] == ["Cara"]        # after Cara, Bob (passed) and Ann: Cara again
