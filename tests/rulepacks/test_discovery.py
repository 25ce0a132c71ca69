"""Finding installed packs through entry points, tested by monkeypatching ``importlib.metadata``."""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata
from types import SimpleNamespace
from typing import Any

import pytest

import progression
import progression.authoring
from progression.errors import InvalidInput, RulePackError, UnknownPackError
from support.builders import market

GROUP = "progression.rulepacks"


class FakeEntryPoint:
    """An entry point whose ``load()`` is counted, so tests see whether anything was imported."""

    def __init__(self, name: str, value: str, distribution: str, target: Callable[[], Any]) -> None:
        self.name, self.value, self.group = name, value, GROUP
        self.dist = SimpleNamespace(metadata={"Name": distribution}, version="1.2")
        self.target = target
        self.loads = 0

    def load(self) -> Callable[[], Any]:
        self.loads += 1
        return self.target


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Callable[..., list[FakeEntryPoint]]:
    """Install fake entry points: ``installed(entry, ...)`` returns them."""

    def install(*entries: FakeEntryPoint) -> list[FakeEntryPoint]:
        def entry_points(*, group: str, name: str | None = None) -> list[FakeEntryPoint]:
            return [e for e in entries if e.group == group and (name is None or e.name == name)]

        monkeypatch.setattr(metadata, "entry_points", entry_points)
        return list(entries)

    return install


def entry(name: str, distribution: str = "", target: Callable[[], Any] = market) -> FakeEntryPoint:
    return FakeEntryPoint(name, f"progression_{name}:pack", distribution or f"progression-{name}", target)


class TestPacks:
    def test_lists_names_without_loading(self, installed: Callable[..., list[FakeEntryPoint]]) -> None:
        """``packs()`` reads names from metadata and imports nothing."""
        found = installed(entry("market"), entry("bloodbowl"))
        assert (["bloodbowl", "market"], [0, 0]) == (progression.packs(), [e.loads for e in found])

    def test_entries_carry_their_distribution(self, installed: Callable[..., list[FakeEntryPoint]]) -> None:
        """Each entry says which distribution and version provides it."""
        installed(entry("market"))
        assert (
            progression.authoring.PackEntry(
                name="market", distribution="progression-market", version="1.2", value="progression_market:pack"
            )
            == progression.authoring.pack_entries()["market"]
        )

    def test_two_distributions_claim_one_name(self, installed: Callable[..., list[FakeEntryPoint]]) -> None:
        """A name claimed twice is an error naming both distributions."""
        installed(entry("market", "progression-market"), entry("market", "market-fork"))
        with pytest.raises(
            RulePackError,
            match="pack 'market' is claimed by several distributions: market-fork, progression-market; uninstall all but one",
        ):
            progression.packs()


class TestLoad:
    def test_load_builds_the_pack(self, installed: Callable[..., list[FakeEntryPoint]]) -> None:
        """``load(name)`` calls the entry point's factory once."""
        found = installed(entry("market"), entry("other"))
        assert (market(), [1, 0]) == (progression.load("market"), [e.loads for e in found])

    def test_unknown_pack_lists_installed(self, installed: Callable[..., list[FakeEntryPoint]]) -> None:
        """An unknown name lists the installed packs."""
        installed(entry("market"), entry("bloodbowl"))
        with pytest.raises(
            UnknownPackError, match="no rule pack named 'chess' is installed; installed packs: bloodbowl, market"
        ):
            progression.load("chess")

    def test_name_not_a_text(self) -> None:
        """A pack name that is not a text is bad input, not an unknown name."""
        with pytest.raises(InvalidInput, match=r"a pack name must be a text, got 5 \(int\)"):
            progression.load(5)  # type: ignore[arg-type]

    def test_nothing_installed(self, installed: Callable[..., list[FakeEntryPoint]]) -> None:
        """With no pack installed, the message says so."""
        installed()
        with pytest.raises(UnknownPackError, match="installed packs: none"):
            progression.load("market")

    def test_entry_point_giving_something_else(self, installed: Callable[..., list[FakeEntryPoint]]) -> None:
        """A factory that returns something not a RulePack is named."""
        installed(entry("market", target=lambda: {"name": "market"}))
        with pytest.raises(RulePackError, match="entry point 'progression_market:pack' gave dict, not a RulePack"):
            progression.load("market")

    def test_entry_point_named_otherwise_than_its_pack(self, installed: Callable[..., list[FakeEntryPoint]]) -> None:
        """A pack must be registered under its own name: sheets record that name to find the pack again."""
        installed(entry("shop"))
        with pytest.raises(RulePackError, match="the entry point is named 'shop' but its pack calls itself 'market'"):
            progression.load("shop")

    def test_entry_point_that_breaks(self, installed: Callable[..., list[FakeEntryPoint]]) -> None:
        """A factory that raises is reported with its entry point, not as a bare traceback."""

        def broken() -> None:
            raise KeyError("skills")

        installed(entry("market", target=broken))
        with pytest.raises(RulePackError, match="entry point 'progression_market:pack' failed: KeyError: 'skills'"):
            progression.load("market")
