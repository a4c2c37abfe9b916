"""Every package under referee/, plus maps/, templates/ and static/ shipped inside it.

A checkout keeps those three folders at the top of the repository; an installed copy has them in
the package as referee/maps, referee/templates and referee/static (referee/shipped.py finds either).
The rest of the configuration is in pyproject.toml.
"""
from setuptools import find_packages, setup

SHIPPED = {"referee.maps": "maps", "referee.templates": "templates", "referee.static": "static"}

setup(packages=find_packages(include=["referee", "referee.*"]) + list(SHIPPED), package_dir=SHIPPED)
