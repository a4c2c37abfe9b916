"""No plant leaves the market when nobody buys one in a round (China, Russia).

Seed 001, 中国 第 2 フェーズ: 「全員購入パス時の発電所の除外がない」 (Steps 1–2 and Step 3 alike); ロシア
第 2 フェーズ: 「全員パスによる発電所の入れ替えがない」; and 全員パス時 (例外1) 「中国は補充しない」, (例外2)
「ロシアは…全員パス時は廃棄しない」. The base removal of the lowest plant at the end of such an auction
phase is replaced by a ruling saying why nothing happens, so a table used to the base rule is told.

No parameters.
"""
from ..rules.events import event
from . import unknown


def check(params: dict, game_map) -> list:
    return unknown(params)


def market_rules(changes, ctx, params):
    return {**changes, "no_sale": None}


def phase_end(tasks, state, ctx, params):
    """The base no-sale removal becomes this map's ruling that nothing is removed."""
    return [{"task": "no_sale_kept"} if t.get("task") == "remove_lowest" and t.get("cause") == "no_sale" else t
            for t in tasks]


def _no_sale_kept(state, ctx, task) -> list:
    return [event("no_sale_kept", "Nobody bought a plant this round; on this map no plant is removed for that")]


TASKS = {"no_sale_kept": _no_sale_kept}


def describe(w, params, players) -> str:
    return w._("When nobody buys a plant in a round, no plant is removed.")


def _ruling_no_sale_kept(w, e):
    return w._("Nobody bought a plant this round; on this map no plant is removed for that.")


RULINGS = {"no_sale_kept": _ruling_no_sale_kept}   # this rule's events in the reader's words (referee.rulings)
