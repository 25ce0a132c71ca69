"""Finding installed packs through entry points, tested by monkeypatching ``importlib.metadata``."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
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

    def test_unknown_pack_names_the_closest(
        self, installed: Callable[..., list[FakeEntryPoint]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
    ) -> None:
        """A misspelt name is answered with the closest installed pack or pack file of PROGRESSION_PACK_PATH."""
        installed(entry("market"), entry("bloodbowl"))
        (tmp_path / "skirmish.toml").write_text("", encoding="utf-8")
        monkeypatch.setenv("PROGRESSION_PACK_PATH", str(tmp_path))
        for given, meant in (("bloodbwl", ("bloodbowl",)), ("skirmsh", ("skirmish",)), ("chess", ())):
            with pytest.raises(UnknownPackError) as refused:
                progression.load(given)
            assert meant == refused.value.closest
            assert str(refused.value).endswith(f"; the closest: {meant[0]}" if meant else "holds chess.toml")

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


TAVERN = Path(__file__).parents[1] / "support" / "packs" / "english_only.toml"


@pytest.fixture
def pack_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Callable[..., list[Path]]:
    """``pack_path("a", "b")``: folders a and b under tmp_path, named in PROGRESSION_PACK_PATH in that order."""

    def folders(*names: str) -> list[Path]:
        made = [tmp_path / name for name in names]
        for folder in made:
            folder.mkdir(exist_ok=True)
        monkeypatch.setenv("PROGRESSION_PACK_PATH", os.pathsep.join(map(str, made)))
        return made

    return folders


class TestPackPath:
    def test_a_pack_file_is_found_by_its_name(
        self, installed: Callable[..., list[FakeEntryPoint]], pack_path: Callable[..., list[Path]]
    ) -> None:
        """A name no distribution installs is ``NAME.toml`` in the first folder of PROGRESSION_PACK_PATH that holds
        it; ``pack_files()`` lists it by name, and ``packs()`` still lists only the installed ones."""
        installed(entry("market"))
        first, second = pack_path("first", "second")
        shutil.copy(TAVERN, second / "tavern.toml")
        assert ("tavern", "The Tavern") == (progression.load("tavern").name, progression.load("tavern").title.en)
        (first / "tavern.toml").write_text(
            TAVERN.read_text(encoding="utf-8").replace('en = "The Tavern"', 'en = "Inn"')
        )
        assert "Inn" == progression.load("tavern").title.en
        assert ({"tavern": first / "tavern.toml"}, ["market"]) == (
            progression.authoring.pack_files(),
            progression.packs(),
        )

    def test_a_file_holding_a_pack_of_another_name_is_refused(
        self, installed: Callable[..., list[FakeEntryPoint]], pack_path: Callable[..., list[Path]]
    ) -> None:
        """A sheet names its pack and is found again by it: ``inn.toml`` holding pack 'tavern' is no pack 'inn'."""
        installed()
        (folder,) = pack_path("packs")
        shutil.copy(TAVERN, folder / "inn.toml")
        with pytest.raises(RulePackError, match=r"the file is named inn\.toml but its pack calls itself 'tavern'"):
            progression.load("inn")

    def test_a_name_both_installed_and_a_file_is_refused(
        self, installed: Callable[..., list[FakeEntryPoint]], pack_path: Callable[..., list[Path]]
    ) -> None:
        """Which of two packs of one name a sheet meant cannot be told: both are named, and neither loads."""
        installed(entry("tavern", target=lambda: progression.load_file(TAVERN)))
        (folder,) = pack_path("packs")
        shutil.copy(TAVERN, folder / "tavern.toml")
        with pytest.raises(RulePackError, match=r"installed \(distribution progression-tavern\) and is also the file"):
            progression.load("tavern")

    def test_not_found_anywhere(
        self, installed: Callable[..., list[FakeEntryPoint]], pack_path: Callable[..., list[Path]], tmp_path: Path
    ) -> None:
        """A name in no folder is unknown, as before; a name that is no pack name is not looked for as a file."""
        installed(entry("market"))
        pack_path("packs")
        shutil.copy(TAVERN, tmp_path / "tavern.toml")  # beside the folder, not in it
        with pytest.raises(UnknownPackError, match="no rule pack named 'tavern' is installed"):
            progression.load("tavern")
        with pytest.raises(UnknownPackError, match=r"no rule pack named '\.\./tavern'"):
            progression.load("../tavern")

    def test_a_file_named_otherwise_than_a_pack_is_said(
        self, installed: Callable[..., list[FakeEntryPoint]], pack_path: Callable[..., list[Path]]
    ) -> None:
        """``Tavern.toml`` is no pack's name (a pack's name is lowercase): no name finds it, ``pack_files()`` does not
        list it, and it is not skipped in silence: ``misnamed_pack_files()`` says why, and so does the refusal of
        the name it was meant for (``tavern``, or ``Tavern`` as typed)."""
        installed()
        (folder,) = pack_path("packs")
        shutil.copy(TAVERN, folder / "Tavern.toml")
        shutil.copy(TAVERN, folder / "My Inn.toml")
        why = "a pack file is named as its pack is, in lowercase"
        assert (
            {},
            {
                folder / "My Inn.toml": f"{why} letters, digits, _ . and -",
                folder / "Tavern.toml": f"{why} (rename it tavern.toml)",
            },
        ) == (
            progression.authoring.pack_files(),
            progression.authoring.misnamed_pack_files(),
        )
        said = f"; {folder / 'Tavern.toml'} is not read: {why} (rename it tavern.toml)"
        for name in ("tavern", "Tavern"):
            with pytest.raises(UnknownPackError) as refused:
                progression.load(name)
            assert said in str(refused.value), name
