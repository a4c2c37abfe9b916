"""The recorded example games (examples/*.jsonl) replay to the end, by API and by `referee replay`."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from propkit import check_invariants
from referee.game import Game, replay

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
FILES = ["germany-4p.jsonl", "usa-2p.jsonl"]
SHAPE = {"germany-4p.jsonl": ("germany", 4), "usa-2p.jsonl": ("usa", 2)}


def cli(path):
    return subprocess.run([sys.executable, "-m", "referee.cli", "replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("name", FILES)
def test_each_example_replays_to_game_over_with_a_winner(name):
    with open(EXAMPLES / name, encoding="utf-8") as f:
        game = replay(f)
    state = game.state
    assert state["phase"] == "over"
    assert state["result"]["winners"]
    board, players = SHAPE[name]
    assert game.setup["map"] == board and len(state["players"]) == players
    assert max(len(p["cities"]) for p in state["players"].values()) >= game.ctx.end_cities


@pytest.mark.parametrize("name", FILES)
def test_each_example_keeps_the_invariants_after_every_line(name):
    lines = (EXAMPLES / name).read_text(encoding="utf-8").splitlines()
    game = Game(json.loads(lines[0]))
    for text in lines[1:]:
        game.play(json.loads(text))
        check_invariants(game.state, game.ctx)
    assert game.state["phase"] == "over"


@pytest.mark.parametrize("name", FILES)
def test_referee_replay_exits_0_on_each_example(name):
    run = cli(EXAMPLES / name)
    assert run.returncode == 0, run.stderr
    state = json.loads(run.stdout)
    assert state["phase"] == "over" and state["result"]["winners"]


@pytest.mark.parametrize("name", FILES)
def test_referee_replay_exits_2_naming_the_line_of_a_bid_below_the_minimum(name, tmp_path):
    lines = (EXAMPLES / name).read_text(encoding="utf-8").splitlines()
    # an auction halfway through the game, opened one below the plant's number
    opens = [i for i, text in enumerate(lines) if json.loads(text).get("type") == "nominate"]
    index = opens[len(opens) // 2]
    entry = json.loads(lines[index])
    entry["bid"] = entry["plant"] - 1
    lines[index] = json.dumps(entry)
    bad = tmp_path / name
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = cli(bad)
    assert run.returncode == 2
    assert f"line {index + 1}:" in run.stderr
    assert "below plant" in run.stderr
    assert run.stdout == ""
