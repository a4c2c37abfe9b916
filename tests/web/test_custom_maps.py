"""Boards of the table's own on the new-game page (docs/maps.md: a custom map plays like any other):
an upload is checked as `referee maps check` checks it, a playable one is kept in the custom maps
folder and chosen, a game on it carries the board in its log (export → `referee replay` anywhere)."""
import io
import json
import os
import re
import subprocess
import sys
from itertools import combinations
from pathlib import Path

from referee.catalog import load_map
from referee.store import Store

MAPS = Path(__file__).resolve().parents[2] / "maps"
BOARD = (MAPS / "italy.toml").read_text(encoding="utf-8").replace('id = "italy"', 'id = "myitaly"', 1)


def upload(client, text: str, name="myitaly.toml", headers=None, **form):
    data = {"board": (io.BytesIO(text.encode("utf-8")), name), **form}
    return client.post("/games/new/board", data=data, content_type="multipart/form-data", headers=headers or {})


def games(app) -> list:
    store = Store(app.config["DATABASE"])
    try:
        return store.games()
    finally:
        store.close()


def players_form(board, **extra) -> dict:
    areas = next(list(c) for c in combinations(board.areas, 3) if board.areas_connected(c))
    form = {"order_by": "table", "areas": areas}
    for n, (name, colour) in enumerate((("Ann", "red"), ("Bob", "blue"), ("Cara", "green")), 1):
        form.update({f"name_{n}": name, f"colour_{n}": colour, f"position_{n}": str(n)})
    return {**form, **extra}


def test_a_valid_upload_is_kept_in_the_folder_and_chosen_on_the_new_game_page(app, client):
    response = upload(client, BOARD)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert re.search(r'<input type="radio" name="map" value="custom:myitaly" checked>', html)
    assert (Path(app.config["CUSTOM_MAPS"]) / "myitaly.toml").read_text(encoding="utf-8") == BOARD
    assert 'class="area' in html      # its area picker is drawn at once


def test_a_game_on_an_uploaded_board_carries_the_board_and_replays_without_the_file(app, client, tmp_path):
    upload(client, BOARD)
    board = load_map(Path(app.config["CUSTOM_MAPS"]) / "myitaly.toml")
    response = client.post("/games/new", data=players_form(board, map="custom:myitaly"))
    assert response.status_code == 303
    game_id = int(response.headers["Location"].strip("/").split("/")[-1])
    exported = client.get(f"/games/{game_id}/export").get_data(as_text=True)
    setup = json.loads(exported.splitlines()[0])
    assert setup["map"] == "myitaly" and setup["board"]["cities"]["roma"]["name"] == "Roma"

    (Path(app.config["CUSTOM_MAPS"]) / "myitaly.toml").unlink()     # the game no longer needs the file
    app.extensions["referee.tables"] = type(app.extensions["referee.tables"])()
    assert client.get(f"/games/{game_id}/").status_code == 200
    log = tmp_path / "exported.jsonl"
    log.write_text(exported, encoding="utf-8")
    replayed = subprocess.run([sys.executable, "-m", "referee.cli", "replay", str(log)], capture_output=True,
                              text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(MAPS.parent)})
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert json.loads(replayed.stdout)["phase"] == "auction"


def test_an_invalid_upload_lists_its_problems_with_their_lines_and_nothing_is_stored(app, client):
    broken = BOARD.replace('connections = [', 'connections = [\n  ["atlantis", "roma", 5],', 1)
    line = broken.splitlines().index('  ["atlantis", "roma", 5],') + 1
    response = upload(client, broken, name="broken.toml", headers={"Accept-Language": "ja"})
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    problems = html[html.index('class="error board-problems"'):]
    assert re.search(r"<strong>[^<]*broken\.toml[^<]*[\u3040-\u30ff][^<]*</strong>", problems)   # the heading in Japanese
    assert f"broken.toml line {line}: connection 1 (atlantis–roma): unknown city" in problems.replace("&#39;", "'")
    assert not Path(app.config["CUSTOM_MAPS"]).exists() or not list(Path(app.config["CUSTOM_MAPS"]).iterdir())
    assert games(app) == []


def test_an_uploaded_board_with_a_shipped_maps_id_is_refused(app, client):
    response = upload(client, BOARD.replace('id = "myitaly"', 'id = "italy"'), name="italy.toml")
    assert response.status_code == 400
    assert "comes with the referee" in response.get_data(as_text=True)


def test_a_board_in_the_custom_maps_folder_is_offered_and_a_broken_one_named(app, client):
    folder = Path(app.config["CUSTOM_MAPS"])
    folder.mkdir()
    (folder / "myitaly.toml").write_text(BOARD, encoding="utf-8")
    (folder / "nonsense.toml").write_text("id = [", encoding="utf-8")
    html = client.get("/games/new").get_data(as_text=True)
    assert 'value="custom:myitaly"' in html and "Italy (your board)" in html
    assert "nonsense.toml" in html and 'value="custom:nonsense"' not in html


def test_starting_with_a_board_file_chosen_but_not_uploaded_uploads_it_first(app, client):
    data = {**players_form(load_map("italy"), map="germany"),
            "board": (io.BytesIO(BOARD.encode("utf-8")), "myitaly.toml")}
    response = client.post("/games/new", data=data, content_type="multipart/form-data")
    assert response.status_code == 400            # the areas belong to the new board: choose them now
    html = response.get_data(as_text=True)
    assert re.search(r'value="custom:myitaly" checked', html) and games(app) == []


def test_a_game_on_an_uploaded_board_prints_its_player_aid(app, client):
    upload(client, BOARD)
    board = load_map(Path(app.config["CUSTOM_MAPS"]) / "myitaly.toml")
    game_id = int(client.post("/games/new", data=players_form(board, map="custom:myitaly"))
                  .headers["Location"].strip("/").split("/")[-1])
    response = client.get(f"/games/{game_id}/print/aid?size=a4")
    assert response.status_code == 200 and response.data.startswith(b"%PDF")
    assert "myitaly" in response.headers["Content-Disposition"]


def test_an_upload_with_a_very_long_file_name_is_a_400_in_the_page_language_and_nothing_kept(app, client):
    response = upload(client, BOARD, name="a" * 300 + ".toml", headers={"Accept-Language": "ja"})
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    problems = html[html.index('class="error board-problems"'):]
    assert "64" in problems and re.search(r"<li>[^<]*[\u3040-\u30ff]", problems)
    assert not Path(app.config["CUSTOM_MAPS"]).exists() or not list(Path(app.config["CUSTOM_MAPS"]).iterdir())


def test_a_board_whose_id_is_too_long_for_a_file_name_is_refused(app, client):
    long_id = "x" * 300
    response = upload(client, BOARD.replace('id = "myitaly"', f'id = "{long_id}"'), name="long.toml")
    assert response.status_code == 400
    assert not Path(app.config["CUSTOM_MAPS"]).exists() or not list(Path(app.config["CUSTOM_MAPS"]).iterdir())


def test_upload_diagnostics_are_english_file_lines_under_a_translated_heading_without_server_paths(client):
    """The checker's lines name the uploaded file and editions/original.toml, never a folder of the server."""
    broken = BOARD.replace('connections = [', 'connections = [\n  ["atlantis", "roma", 5],', 1)
    response = upload(client, broken, name="broken.toml", headers={"Accept-Language": "zh-Hant"})
    html = response.get_data(as_text=True)
    box = html[html.index('class="error board-problems"'):]
    box = box[:box.index("</div>")]
    assert re.search(r"<strong>[^<]*[\u4e00-\u9fff][^<]*</strong>", box)
    assert re.search(r'<pre class="diagnostics" lang="en"><code>broken\.toml line \d+: connection', box)
    assert "/tmp" not in box and str(Path.cwd()) not in box and str(MAPS) not in box


def test_a_problem_in_the_edition_file_is_shown_as_editions_original_toml():
    from referee.web.custom_maps import FILE_PATH
    line = f"{MAPS}/editions/original.toml: refill.5: missing"
    assert FILE_PATH.sub(r"\1", line) == "editions/original.toml: refill.5: missing"
    assert FILE_PATH.sub(r"\1", "/tmp/tmpq1w2/mine.toml line 3: x") == "mine.toml line 3: x"
