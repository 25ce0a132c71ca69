"""The distributions of this repository fit together: each pack's dependency on the core admits the core's
version, so ``make test``, which installs the core and every pack from this checkout, resolves, and a core
released at a new minor version without its packs' pins raised fails here, not at install."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).parent.parent
#: The pyproject.toml of each distribution built on the core: the shipped packs, and the how-to's example pack.
DEPENDENTS = sorted([*ROOT.glob("rulepacks/*/pyproject.toml"), ROOT / "examples" / "dojo" / "pyproject.toml"])


def project(path: Path) -> dict[str, object]:
    """The ``[project]`` table of a pyproject.toml."""
    table: dict[str, object] = tomllib.loads(path.read_text(encoding="utf-8"))["project"]
    return table


CORE = Version(str(project(ROOT / "pyproject.toml")["version"]))


@pytest.mark.parametrize("path", DEPENDENTS, ids=lambda path: str(path.parent.relative_to(ROOT)))
class TestThePin:
    def test_the_core_is_pinned_to_a_range_holding_its_version(self, path: Path) -> None:
        """One dependency on ``progression``, bounded both ways, admitting the core of this checkout."""
        wanted = [Requirement(text) for text in project(path)["dependencies"]]  # type: ignore[attr-defined]
        (core,) = [r for r in wanted if r.name == "progression"]
        bounds = {spec.operator for spec in core.specifier}
        assert (True, True, True) == (
            CORE in core.specifier,
            bool(bounds & {">=", "~=", "=="}),
            bool(bounds & {"<", "~=", "=="}),
        ), f"{path}: {core} (the core is {CORE})"

    def test_the_next_minor_release_is_outside(self, path: Path) -> None:
        """A 0.x release may drop what the one before deprecated: the pin stops before the next minor release."""
        (core,) = [
            Requirement(text)
            for text in project(path)["dependencies"]  # type: ignore[attr-defined]
            if Requirement(text).name == "progression"
        ]
        following = Version(f"{CORE.major}.{CORE.minor + 1}.0") if CORE.major == 0 else Version(f"{CORE.major + 1}.0")
        assert following not in core.specifier
