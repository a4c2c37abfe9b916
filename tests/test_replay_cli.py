"""`referee replay` and `replay()` on bad files and unusual terminals: one line, never a traceback."""
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.game import replay, ReplayError
from tablekit import setup_line

pytestmark = pytest.mark.slow   # each test runs `referee replay` in a subprocess

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["太郎", "花子", "Ann"]
SETUP = {**setup_line(3), "players": [{"name": n, "colour": c} for n, c in zip(NAMES, ["red", "blue", "green"])],
         "order": NAMES}
TEXT = json.dumps(SETUP, ensure_ascii=False) + "\n" + json.dumps({"type": "sold", "player": "太郎", "plant": 3,
                                                                   "price": 3}, ensure_ascii=False) + "\n"


def cli(*args, stdout=subprocess.PIPE, env=None):
    """Run `python -m referee.cli`; returns (exit code, stdout text, stderr text)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    p = subprocess.run([sys.executable, "-m", "referee.cli", *args], stdout=stdout, stderr=subprocess.PIPE,
                       env=env, cwd=ROOT)
    out = p.stdout.decode("utf-8", "replace") if p.stdout is not None else ""
    return p.returncode, out, p.stderr.decode("utf-8", "replace")


def one_line(err: str) -> str:
    assert "Traceback" not in err and err.endswith("\n") and err.count("\n") == 1, err
    return err.strip()


def game_file(tmp_path, data: bytes, name="g.jsonl") -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


BAD_FILES = {
    "utf16": (TEXT.encode("utf-16"), "line 1: not UTF-8 text"),
    "utf16_no_bom": (TEXT.encode("utf-16-le"), "line 1: not UTF-8 text"),
    "shift_jis": (TEXT.encode("shift_jis"), "line 1: not UTF-8 text"),
    "binary": (bytes(range(256)) * 8, "line 1: not UTF-8 text"),
    "deeply_nested": (TEXT.encode() + b"[" * 100_000 + b"]" * 100_000 + b"\n", "line 3: JSON nested too deeply"),
    "nested_hundreds": (TEXT.encode() + b'{"type": "bid", "player": "Ann", "amount": ' + b"[" * 500 + b"]" * 500
                        + b"}\n", "line 3: the entry is nested more than 10 levels deep"),
    "huge_number": (TEXT.encode() + b'{"type": "bid", "player": "Ann", "amount": ' + b"9" * 5000 + b"}\n",
                    "line 3: a number with thousands of digits"),
    "big_number": (TEXT.encode() + b'{"type": "bid", "player": "Ann", "amount": 1e999}\n',
                   "line 3: the entry holds inf, which is not a JSON number"),
}


@pytest.mark.parametrize("kind", BAD_FILES)
def test_replay_cli_refuses_bad_files_with_one_line_and_exit_2(tmp_path, kind):
    data, message = BAD_FILES[kind]
    code, out, err = cli("replay", game_file(tmp_path, data))
    assert code == 2 and out == ""
    assert message in one_line(err)


def test_replay_refuses_shift_jis_file_with_one_line(tmp_path):
    code, out, err = cli("replay", game_file(tmp_path, TEXT.encode("shift_jis")))
    assert code == 2 and out == ""
    assert one_line(err).endswith("line 1: not UTF-8 text (byte 59 is 0x91); save the game as UTF-8 JSON Lines")


def test_replay_accepts_a_utf8_byte_order_mark(tmp_path):
    code, out, err = cli("replay", game_file(tmp_path, TEXT.encode("utf-8-sig")))
    assert code == 0 and err == ""
    assert json.loads(out)["players"]["太郎"]["plants"][0]["number"] == 3


def test_replay_into_a_closed_pipe_ends_quietly(tmp_path):
    read, write = os.pipe()
    os.close(read)  # the reader is gone before anything is written, like `| head -0`
    try:
        code, _, err = cli("replay", game_file(tmp_path, TEXT.encode()), stdout=write)
    finally:
        os.close(write)
    assert code == 0 and err == ""


def test_replay_with_stdout_closed_says_so_in_one_line(tmp_path):
    path = game_file(tmp_path, TEXT.encode())
    code = subprocess.run(f'"{sys.executable}" -m referee.cli replay "{path}" >&- 2>"{tmp_path}/err"', shell=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT).returncode
    assert code == 2
    assert one_line((tmp_path / "err").read_text()) == "referee: cannot write the answer: standard output is closed"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_replay_into_a_full_disk_says_so_in_one_line(tmp_path):
    with open("/dev/full", "wb") as full:
        code, _, err = cli("replay", game_file(tmp_path, TEXT.encode()), stdout=full)
    assert code == 2 and one_line(err) == "referee: cannot write the answer: No space left on device"


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "ascii"}, {"PYTHONIOENCODING": "latin-1"},
                                 {"LANG": "C", "LC_ALL": "C", "PYTHONIOENCODING": ""}])
def test_replay_to_a_non_utf8_stdout_prints_the_same_json(tmp_path, env):
    code, out, err = cli("replay", game_file(tmp_path, TEXT.encode()), env=env)
    assert code == 0 and err == ""
    assert list(json.loads(out)["players"]) == NAMES
    if env["PYTHONIOENCODING"]:
        assert out.isascii() and "\\u592a\\u90ce" in out  # 太郎, escaped


@pytest.mark.parametrize("args, message", [
    ((), "referee: error: the following arguments are required: command"),
    (("replay",), "referee replay: error: the following arguments are required: file"),
    (("replay", "g.jsonl", "--at", "-1"), "referee replay: error: argument --at: N is a whole number"),
    (("replay", "g.jsonl", "--at", "٣"), "referee replay: error: argument --at: N is a whole number"),
    (("replay", "g.jsonl", "--bogus"), "referee: error: unrecognized arguments: --bogus"),
    (("replay", "a", "b"), "referee: error: unrecognized arguments: b"),
    (("replay", "no/such/file.jsonl"), "no/such/file.jsonl: cannot read: No such file or directory"),
])
def test_replay_usage_errors_are_one_line(args, message):
    code, out, err = cli(*args)
    assert code == 2 and out == ""
    assert one_line(err).startswith(message)


def test_replay_at_stops_after_n_entries_and_does_not_read_the_rest(tmp_path):
    path = game_file(tmp_path, TEXT.encode() + b"\n\xff not even text\n")
    code, out, err = cli("replay", path, "--at", "1")
    assert code == 0 and err == ""
    assert json.loads(out)["players"]["太郎"]["money"] == 47
    code, out, _ = cli("replay", path, "--at", "0")
    assert code == 0 and json.loads(out)["players"]["太郎"]["money"] == 50


def test_replay_library_reads_bytes_lines_a_binary_file_and_a_whole_upload():
    data = TEXT.encode("utf-8-sig")
    for lines in (data.splitlines(keepends=True), io.BytesIO(data), data, TEXT):
        assert replay(lines).state["players"]["太郎"]["money"] == 47


@pytest.mark.parametrize("kind", BAD_FILES)
def test_replay_library_refuses_bad_bytes_with_a_replay_error(kind):
    data, message = BAD_FILES[kind]
    with pytest.raises(ReplayError) as e:
        replay(io.BytesIO(data))
    assert message in str(e.value)


def test_replay_library_refuses_a_negative_at():
    with pytest.raises(ValueError, match="at is a number of entries ≥ 0"):
        replay(TEXT, at=-1)


@pytest.mark.parametrize("ending", [b"\n", b"\r\n", b""])
def test_replay_cli_points_at_the_column_of_a_cut_off_line_not_past_its_end(tmp_path, ending):
    """The column is counted on the line without its line end, as the web import counts it."""
    cut = b'{"type": "sold", "player": "' + "太郎".encode() + b'"'  # 31 characters, then nothing
    code, out, err = cli("replay", game_file(tmp_path, TEXT.encode() + cut + ending))
    assert code == 2 and out == ""
    assert one_line(err).endswith("line 3: not valid JSON (Expecting ',' delimiter at column 32)")
    with pytest.raises(ReplayError, match="column 32"):
        replay(TEXT.encode() + cut + ending)  # a whole upload, as the web page sends it


def test_replay_of_a_setup_naming_a_bad_custom_map_is_one_line_with_every_problem(tmp_path):
    board = tmp_path / "map.toml"
    board.write_text('id = "map"\nname = "Mine"\n[[cities]]\nid = "a"\n', encoding="utf-8")
    setup = {**SETUP, "map": str(board)}
    setup.pop("areas", None)
    code, out, err = cli("replay", game_file(tmp_path, json.dumps(setup, ensure_ascii=False).encode() + b"\n"))
    assert code == 2 and out == ""
    line = one_line(err)
    assert line.startswith(f"{tmp_path / 'g.jsonl'} line 1: {board}: 5 problems: missing required key 'connections'; ")
    assert line.count("; ") >= 4 and "'cities' must be a table ([cities]), got list" in line
