"""The layers of the code: the core never imports a pack, a pack only the public API, and each folder
of the core only the folders below it; the architecture page lists exactly the modules of the tree."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
CORE = ROOT / "src" / "progression"
PACKS = sorted((ROOT / "rulepacks").glob("*/src/progression_*"))

#: The core's folders, lowest first: a module may import its own folder or a lower layer, never a
#: folder of its own layer or a higher one. ``progression/__init__`` (the public face) and
#: ``__main__`` may import anything.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"errors", "_labels", "_frozen", "_reading"}),
    frozenset({"curves", "requirements"}),
    frozenset({"rules"}),
    frozenset({"ledger"}),
    frozenset({"engine"}),
    frozenset({"rulepacks"}),
    frozenset({"history"}),
    frozenset({"files", "studies"}),
    frozenset({"store"}),
    frozenset({"cli", "testing", "operations", "contract"}),
)
#: What a rule pack may import of the core: the public face and its public submodules.
PUBLIC = frozenset(
    {"progression", "progression.contract", "progression.errors", "progression.operations", "progression.testing"}
)


def imports(source: str) -> Iterator[str]:
    """The absolute names a module's source imports, ``TYPE_CHECKING`` blocks left out."""
    for node in ast.walk(_without_type_checking(ast.parse(source))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            yield node.module


def _without_type_checking(tree: ast.Module) -> ast.Module:
    class Strip(ast.NodeTransformer):
        def visit_If(self, node: ast.If) -> ast.AST | None:
            return None if "TYPE_CHECKING" in ast.unparse(node.test) else self.generic_visit(node)

    stripped: ast.Module = Strip().visit(tree)
    return stripped


def folder_of(module: str) -> str | None:
    """The core folder (or base module) ``module`` belongs to: ``progression.ledger.sheet`` is in ``ledger``."""
    parts = module.split(".")
    if parts[0] != "progression" or len(parts) == 1:
        return None
    return parts[1]


def layer_of(folder: str) -> int:
    return next(index for index, layer in enumerate(LAYERS) if folder in layer)


def core_violations(module: str, source: str) -> list[str]:
    """Why ``source``, the text of core module ``module``, breaks the layers (empty when it does not)."""
    own = folder_of(module)
    problems = []
    for name in imports(source):
        if name.startswith("progression_"):
            problems.append(f"{module} imports the pack module {name}: the core knows no pack")
            continue
        target = folder_of(name)
        if own is None or target is None or target == own:
            continue
        if layer_of(target) >= layer_of(own):
            problems.append(f"{module} ({own}) imports {name} ({target}), which is not below it")
    return problems


def pack_violations(module: str, source: str) -> list[str]:
    """Why ``source``, a pack module, reaches past the public API (empty when it does not)."""
    return [
        f"{module} imports {name}: a pack imports only {', '.join(sorted(PUBLIC))}"
        for name in imports(source)
        if name.split(".")[0] == "progression" and name not in PUBLIC
    ]


def module_name(path: Path, base: Path) -> str:
    parts = path.relative_to(base).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


class TestLayers:
    @pytest.mark.parametrize("path", sorted(CORE.rglob("*.py")), ids=lambda p: str(p.relative_to(CORE)))
    def test_the_core_imports_only_lower_layers(self, path: Path) -> None:
        """Each core module imports its own folder or the folders below it, and no pack."""
        module = module_name(path, CORE.parent)
        if module in ("progression", "progression.__main__"):
            return
        assert [] == core_violations(module, path.read_text(encoding="utf-8"))

    @pytest.mark.parametrize(
        ("src", "path"),
        [(pack.parent, p) for pack in PACKS for p in sorted(pack.rglob("*.py"))],
        ids=lambda value: value.name,
    )
    def test_a_pack_imports_only_the_public_api(self, src: Path, path: Path) -> None:
        """A shipped pack is written as a third party would write one: against the public API only."""
        assert [] == pack_violations(module_name(path, src), path.read_text(encoding="utf-8"))

    def test_every_folder_has_a_layer(self) -> None:
        """A new folder of the core must be given its place in the layers."""
        folders = {p.name for p in CORE.iterdir() if p.is_dir() and p.name != "__pycache__"}
        folders |= {p.stem for p in CORE.glob("*.py") if p.stem not in ("__init__", "__main__")}
        assert set() == folders - set().union(*LAYERS)

    def test_a_wrong_import_is_caught(self) -> None:
        """The check fails on an import that goes up the layers, on a pack import, and on a pack's private import."""
        assert [
            "progression.ledger.sheet (ledger) imports progression.cli.main (cli), which is not below it"
        ] == core_violations("progression.ledger.sheet", "from progression.cli.main import main\n")
        assert [
            "progression.curves.curve (curves) imports progression.requirements.predicates (requirements), "
            "which is not below it"
        ] == core_violations("progression.curves.curve", "import progression.requirements.predicates\n")
        assert ["progression.engine.quotes imports the pack module progression_bloodbowl: the core knows no pack"] == (
            core_violations("progression.engine.quotes", "import progression_bloodbowl\n")
        )
        assert [
            "progression_x.rules imports progression.ledger.sheet: a pack imports only "
            "progression, progression.contract, progression.errors, progression.operations, progression.testing"
        ] == pack_violations("progression_x.rules", "from progression.ledger.sheet import Sheet\n")

    def test_type_checking_imports_are_not_layers(self) -> None:
        """An import under ``TYPE_CHECKING`` is for annotations only and never runs."""
        source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from progression.cli.main import main\n"
        assert [] == core_violations("progression.ledger.sheet", source)


class TestArchitecturePage:
    def test_the_module_table_is_the_tree(self) -> None:
        """The architecture page's table names every module of the core, and nothing that is not there."""
        page = (ROOT / "docs" / "explanation" / "architecture.rst").read_text(encoding="utf-8")
        table = page.split("module                         what lives there", 1)[1].split("\n\n", 1)[0]
        listed = set(re.findall(r"^``([a-z_/]+)``", table, flags=re.M))
        tree = {
            str(p.relative_to(CORE).with_suffix(""))
            for p in CORE.rglob("*.py")
            if p.name not in ("__init__.py", "__main__.py") and p.parent.name != "testing"
        }
        tree.add("testing")
        assert (set(), set()) == (tree - listed, listed - tree)
