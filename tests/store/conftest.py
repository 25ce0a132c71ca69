"""The store's suite runs on SQLite files, and on PostgreSQL too when ``PROGRESSION_TEST_POSTGRES`` holds a
connection string (``make test-postgres`` starts a throwaway server and sets it): every test that takes
``where`` runs once per backend, each time on a new, empty database."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import progression
import progression.store

SKIRMISH = Path(__file__).parents[1] / "support" / "packs" / "skirmish.toml"
#: The PostgreSQL server to test against, as a ``postgresql://`` connection string (unset: SQLite only).
POSTGRES = os.environ.get("PROGRESSION_TEST_POSTGRES", "")
BACKENDS = ["sqlite", "postgres"] if POSTGRES else ["sqlite"]


def database(base: str, name: str) -> str:
    """``base`` with its database name replaced by ``name``."""
    parts = urlsplit(base)  # (urlunsplit would drop the "//" of an empty host: a socket given as ?host=)
    return f"{parts.scheme}://{parts.netloc}/{name}" + (f"?{parts.query}" if parts.query else "")


@pytest.fixture(params=BACKENDS)
def where(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new, empty database: a SQLite file in the test's folder, or a PostgreSQL database made for the test."""
    if request.param == "sqlite":
        yield str(tmp_path / "league.sqlite")
        return
    import psycopg

    name = f"progression_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield database(POSTGRES, name)
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def pack() -> progression.RulePack:
    return progression.load_file(SKIRMISH)


@pytest.fixture
def store(where: str, pack: progression.RulePack) -> Iterator[progression.store.Store]:
    with progression.open_store(where, pack) as opened:
        yield opened
