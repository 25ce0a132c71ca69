"""Fixtures of the competence pack's tests: the example pack, and packs under each overflow policy."""

from __future__ import annotations

from pathlib import Path

import pytest

import progression_competence as pc
from progression import RulePack

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def pack() -> RulePack:
    """The installed pack: the example campaign under the rules' numbers (policy ``settle``)."""
    return pc.pack()


@pytest.fixture(scope="session", params=pc.campaigns.POLICIES)
def any_policy(request: pytest.FixtureRequest) -> RulePack:
    """The example campaign under each overflow policy."""
    return pc.build(settings=pc.default_settings().changed(overflow=request.param))
