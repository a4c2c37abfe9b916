"""Tables on any map (shared by tests/maps, the property tests and the rulings tests)."""
from itertools import combinations

from referee.catalog import load_edition, load_map
from referee.game import Game
from tablekit import AREAS, Table, at_phase, finish_phase, setup_line


def board_setup(players: int, board: str, **extra) -> dict:
    """The setup line of a game on any map: the test boards' usual areas, else the first areas in
    file order that the map allows together for this player count."""
    if board in AREAS:
        return setup_line(players, board, **extra)
    game_map = load_map(board)
    count = load_edition("original", map=game_map).player_counts[players].areas
    areas = next(c for c in combinations(game_map.areas, count) if game_map.areas_connected(c))
    return {**setup_line(players, "germany", **extra), "map": board, "areas": list(areas)}


def player_counts(board: str) -> list:
    return sorted(load_edition("original", map=load_map(board)).player_counts)


def map_table(board: str, players: int = 4, **extra) -> Table:
    return Table(Game({**board_setup(players, board), **extra}))


def vienna_purchase() -> Table:
    """Central Europe: Ann has a house in Wien and buys 2 garbage (seed 001 中央ヨーロッパ 第3フェーズ)."""
    t = at_phase(map_table("centraleurope", 3, areas=["yellow", "purple", "brown"]), "resources")
    t.give("Ann", plants=[(6, {})], cities=["wien"])
    t.do("pass", player="Cara")
    t.do("pass", player="Bob")
    t.do("buy", player="Ann", garbage=2)
    return t


def spain_step2() -> Table:
    """Spain & Portugal: Step 2 puts 18, 22 and 27 on top of the deck before its removal draws."""
    t = at_phase(map_table("spainportugal", 3), "building")
    in_play = sorted(t.ctx.map.cities_in(t.ctx.areas))
    t.give("Ann", plants=[(13, {})], cities=in_play[:7])
    finish_phase(t)
    return t


MAP_SCENES = [vienna_purchase, spain_step2]
