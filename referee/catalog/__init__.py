"""Boards and edition tables as data: maps/*.toml and maps/editions/*.toml, validated on load."""
from .edition import available_editions, load_edition
from .errors import CatalogError
from .files import MAPS_DIR
from .maps import available_maps, load_map
from .model import Area, City, Connection, Edition, Map, Plant, PlayerCount

__all__ = [
    "Area", "CatalogError", "City", "Connection", "Edition", "MAPS_DIR", "Map", "Plant", "PlayerCount",
    "available_editions", "available_maps", "load_edition", "load_map",
]
