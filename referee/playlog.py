"""A finished game as one play for BG Stats, the play logger most groups already use.

BG Stats takes a play pushed to `https://app.bgstatsapp.com/createPlay.html?data=<URL-encoded JSON>`
(its "linking and pushing to BG Stats" page); the same JSON is offered as a file. The fields are
BG Stats' own names: `sourceName`, `sourcePlayId`, `playDate` (UTC, "YYYY-MM-DD HH:MM:SS"),
`durationMin`, `board`, `game` (`name`, `sourceGameId`, `bggId`, `highestWins`, `noPoints`) and
`players` (`name`, `sourcePlayerId`, `score`, `winner`, `rank`, `startPlayer`, `seatOrder`, `role`).
docs/around-the-game.md says which field carries what and why.

Everything comes from the replayed game: the result the engine ruled (cities powered as the score,
its winners and ranking), the setup's colours and the first round's turn order (the start player).
No rule is computed here. When the entries were made comes from the store (the caller passes the
first and last fact's times), since a log line carries no clock.
"""
import json
from datetime import datetime, timezone
from urllib.parse import quote

BGG_POWER_GRID = 2651           # BoardGameGeek's id of Power Grid (Funkenschlag, 電力会社, 電力公司)
SOURCE_NAME = "referee"         # BG Stats remembers its matches of games and players per source name
CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="


class NotOver(ValueError):
    """A play is logged once the game is over: the engine has ruled no result yet."""


def play(game, *, game_id: int | str, started: float, ended: float | None = None, board: str | None = None) -> dict:
    """The BG Stats play of a finished game. `started` and `ended` are the times (seconds since
    the epoch) of the log's first and last fact; `board` the map's name as the table reads it."""
    state = game.state
    result = state.get("result")
    if state.get("phase") != "over" or not result:
        raise NotOver("the game is not over: BG Stats takes a play with its result")
    first = game.states[0]["order"][0]          # round 1's turn order: who went first
    seat = {p["name"]: i for i, p in enumerate(game.setup["players"], 1)}
    colour = {p["name"]: p["colour"] for p in game.setup["players"]}
    winners = set(result["winners"])
    rank = {}
    for i, row in enumerate(result["ranking"], 1):
        rank[row["player"]] = 1 if row["player"] in winners else i
    players = [{"name": row["player"], "sourcePlayerId": f"name:{row['player']}",
                "score": row["powered"], "winner": row["player"] in winners, "rank": rank[row["player"]],
                "startPlayer": row["player"] == first, "seatOrder": seat[row["player"]],
                "role": colour[row["player"]]}
               for row in sorted(result["ranking"], key=lambda r: seat[r["player"]])]
    out = {"sourceName": SOURCE_NAME, "sourcePlayId": f"game:{game_id}:{int(started)}",
           "playDate": stamp(started),
           "game": {"name": "Power Grid", "sourceGameId": f"bgg:{BGG_POWER_GRID}", "bggId": BGG_POWER_GRID,
                    "highestWins": True, "noPoints": False},
           "players": players}
    if ended is not None and ended > started:
        out["durationMin"] = max(1, round((ended - started) / 60))
    if board:
        out["board"] = board
    return out


def stamp(seconds: float) -> str:
    """BG Stats' playDate: UTC, "YYYY-MM-DD HH:MM:SS"."""
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%d %H:%M:%S")


def text(data: dict) -> str:
    """The play as compact JSON (the download and the address carry the same text)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def push_url(data: dict) -> str:
    """The address that opens BG Stats (its app, or its web page) with the play filled in."""
    return CREATE_PLAY + quote(text(data), safe="")
