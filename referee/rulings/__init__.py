"""Rulings, refusals, what the table waits for and the log, in the reader's language.

One module per part of the game, as in referee/rules: auction, resources, building, bureaucracy,
steps, log, next (what the table waits for), refusals and setup (a map's own setup and rules); the
map rules' own writers and sentences live beside their rules in referee/maprules and join here.
`words` holds the reader's words and the tables of writers, `vocabulary` the game's nouns.
"""
from . import auction, building, bureaucracy, log, readings, resources, steps, variations   # noqa: F401  (their writers register)
from .auction import DRAWS, NO_DRAWS, REMOVALS, SALES
from .next import allowed_now, describe_next
from .refusals import MOVED, PROBLEMS, render_error
from .setup import RULE_WORDS, describe_rules
from .steps import PASSES, TURN_ORDERS
from .vocabulary import MARKETS, N_
from .words import FACTS, RULINGS, Words, describe_fact, render

__all__ = ["DRAWS", "FACTS", "MARKETS", "MOVED", "NO_DRAWS", "N_", "PASSES", "PROBLEMS", "REMOVALS", "RULE_WORDS",
           "RULINGS", "SALES", "TURN_ORDERS", "Words", "allowed_now", "describe_fact", "describe_next",
           "describe_rules", "render", "render_error"]
