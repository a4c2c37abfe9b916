"""Fixtures for the planner tests; the brute-force references live in planner_reference.py."""
import pytest

from referee.catalog import load_map


@pytest.fixture(scope="session")
def germany():
    return load_map("germany")


@pytest.fixture(scope="session")
def usa():
    return load_map("usa")
