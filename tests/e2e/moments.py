"""Every moment of a round as the table page shows it, cut from the recorded 4-player game: the
auction (a plant to choose, a bid), a card drawn in the auction, a discard, buying, building (and
cities chosen), power, the refill shown after power, the card drawn at the round's end, the end."""
import json

from referee.game import Game
from screens import EXAMPLE, import_log, panel_of


def moment_of(before: dict, state: dict) -> str:
    """The moment name of a state (`before`: the state the last fact was entered in)."""
    panel = panel_of(state)
    if panel == "draw" and state["phase"] == "bureaucracy":
        return "round-end-draw"
    if panel == "nominate" and before["phase"] == "bureaucracy" and state["phase"] == "auction":
        return "refill"
    return panel


def cut_moments(path=EXAMPLE) -> dict:
    """{moment: the recorded log up to the last time the table was at that moment}."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    game = Game(json.loads(lines[0]))
    last = {}
    for n, line in enumerate(lines[1:], 2):
        before = game.state
        game.play(json.loads(line))
        last[moment_of(before, game.state)] = n
    return {moment: "\n".join(lines[:n]) + "\n" for moment, n in last.items()}


def moment_tables(page, base: str) -> dict:
    """{moment: table URL} of one imported game per moment (the build one twice: "build-chosen" is
    reached by taking the suggestion with the most cities, see choose())."""
    out = {moment: import_log(page, base, text, f"{moment}.jsonl") for moment, text in cut_moments().items()}
    out["build-chosen"] = out["build"]
    return out
