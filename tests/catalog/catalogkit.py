"""A tiny board of four cities in two areas, loaded with the [overrides] a test gives it."""
from referee.catalog import load_map

TINY = """
id = "tiny"
name = "Tiny"
connections = [["a1", "a2", 3], ["a2", "b1", 7], ["b1", "b2", 2]]
[areas]
A = { name = "Alpha" }
B = { name = "Beta" }
[cities]
a1 = { name = "A1", area = "A", x = 0.1, y = 0.1 }
a2 = { name = "A2", area = "A", x = 0.2, y = 0.1 }
b1 = { name = "B1", area = "B", x = 0.3, y = 0.1 }
b2 = { name = "B2", area = "B", x = 0.4, y = 0.1 }
"""


def tiny(tmp_path, overrides, name="tiny.toml"):
    path = tmp_path / name
    path.write_text(TINY + "[overrides]\n" + overrides, encoding="utf-8")
    return load_map(path)
