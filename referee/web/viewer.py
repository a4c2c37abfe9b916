"""Who is looking at a game, and the game as they may see it: the one place secrecy is decided.

Money is the one secret of the game (seed 004, line 78: 「所持金のみ非公開情報。それ以外は全て公開情報と
なる。」). A viewer is the table key holder's shared screen, a seat (one player's phone) or a watcher,
each with the table's "show money" choice. Every page is drawn from `seen(game, viewer)`: a viewer
who may not see a player's money gets the game with that money taken out — put beyond any price, and
the engine's `next` worked out anew from that state — so every offer, bound, preview and piece of
advice drawn from it is the one for a player whose money is no bound, whatever the money really is.
The engine still checks the real money when a fact is entered; its refusal may then say that the
money is not enough (as a player would say at a real table), never by how much.

Templates and inputs get only what this gives them (referee.web.table, referee.web.seats); they never
decide what is secret.
"""
from dataclasses import dataclass

from ..rules import legal

# Money that no price, bid or build reaches: a player whose money is secret is drawn as if they had it.
OUT_OF_REACH = 10 ** 9


@dataclass(frozen=True)
class Viewer:
    """key: the table key holder (the shared screen); seat: the player whose phone this is; neither:
    a watcher. money_shown: the table chose to show everyone's money."""
    key: bool = False
    seat: str | None = None
    money_shown: bool = False

    def sees_money_of(self, player: str) -> bool:
        """Money is the one secret: the key holder and a watcher see the same of it (the table's
        choice); only the key lets a device enter facts at the table page."""
        return self.money_shown or player == self.seat


class SeenGame:
    """A Game as one viewer may see it: the same context, facts and rulings; its state with the money
    the viewer may not see out of reach."""

    def __init__(self, game, state: dict):
        self.ctx, self.facts, self.undone, self.events = game.ctx, game.facts, game.undone, game.events
        self.state = state


def seen(game, viewer: Viewer):
    """The game the viewer's pages are drawn from (the game itself when every money on it may be seen)."""
    hidden = _hidden(game, viewer)
    return SeenGame(game, _without_money(game.state, game.ctx, hidden)) if hidden else game


def seen_at(table, viewer: Viewer):
    """seen() for an open table's game (referee.web.tables), made once per sequence number and kept
    with the table's views, so that it goes when the table does."""
    hidden = _hidden(table.game, viewer)
    if not hidden:
        return table.game
    return table.view(("seen", hidden), lambda game: SeenGame(game, _without_money(game.state, game.ctx, hidden)))


def _hidden(game, viewer: Viewer) -> tuple:
    """The players whose money the viewer may not see (nobody's once the game is over: money then
    decides ties and is everyone's)."""
    if game.state["phase"] == "over":
        return ()
    return tuple(sorted(n for n in game.state["players"] if not viewer.sees_money_of(n)))


def _without_money(state: dict, ctx, hidden: tuple) -> dict:
    """The state with the money of `hidden` players out of reach, and the engine's offers for it.
    Only what differs is new (the players' table, the hidden players' own dicts, `next`); the rest
    is the state's own, shared as every view of a state shares it: a state is never changed once
    made (the engine copies one before it plays on it)."""
    players = {name: {**p, "money": OUT_OF_REACH} if name in hidden else p for name, p in state["players"].items()}
    out = {**state, "players": players, "next": None}
    out["next"] = legal.next_actions(out, ctx)
    return out
