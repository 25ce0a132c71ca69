"""Fixtures for the tests of progression.testing: the packs of ``helpers``, loaded once."""

from __future__ import annotations

import pytest

from progression import RulePack

from .helpers import load_broken, load_duel, load_skirmish


@pytest.fixture(scope="session")
def skirmish() -> RulePack:
    """The core's small test pack."""
    return load_skirmish()


@pytest.fixture(scope="session")
def duel() -> RulePack:
    """A pack with a procedure, a choice, a factory and a roster."""
    return load_duel()


@pytest.fixture(scope="session")
def broken() -> RulePack:
    """A pack that loads but fails every check of the conformance kit."""
    return load_broken()
