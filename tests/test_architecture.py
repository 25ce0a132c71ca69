"""The layers of the code: the core never imports a pack, a pack only the public API, each folder
of the core only the folders below it, and each facet of the Blood Bowl pack only the facets below it;
the architecture page lists exactly the modules of the core's tree and the pack's facets."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
CORE = ROOT / "src" / "progression"
PACKS = sorted((ROOT / "rulepacks").glob("*/src/progression_*"))
BLOODBOWL = ROOT / "rulepacks" / "bloodbowl" / "src" / "progression_bloodbowl"
COMPETENCE = ROOT / "rulepacks" / "competence" / "src" / "progression_competence"

#: The core's folders, lowest first: a module may import its own folder or a lower layer, never a
#: folder of its own layer or a higher one. ``progression/__init__`` (the public face) and
#: ``__main__`` may import anything.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"spelling"}),
    frozenset({"errors", "_labels", "_frozen", "_moved"}),
    frozenset({"disk"}),
    frozenset({"curves", "requirements"}),
    frozenset({"rules"}),
    frozenset({"ledger"}),
    frozenset({"engine"}),
    frozenset({"rulepacks"}),
    frozenset({"history"}),
    frozenset({"files", "studies"}),
    frozenset({"store"}),
    frozenset({"events", "dice", "operations", "authoring", "contract"}),
    frozenset({"testing"}),
    frozenset({"cli"}),
)
#: What a rule pack may import of the core: the public face and its public submodules (the families).
PUBLIC = frozenset(
    {
        "progression",
        "progression.authoring",
        "progression.contract",
        "progression.curves",
        "progression.dice",
        "progression.disk",
        "progression.errors",
        "progression.events",
        "progression.files",
        "progression.history",
        "progression.ledger",
        "progression.operations",
        "progression.requirements",
        "progression.spelling",
        "progression.store",
        "progression.studies",
        "progression.testing",
    }
)


#: The Blood Bowl pack's facets (its folders), lowest first, read as the core's :data:`LAYERS`: a module
#: may import its own facet or a lower layer. The pack's face (``__init__``) and the modules that
#: assemble the pack (``_pack``, ``_build``) sit above every facet and may import anything.
FACETS: tuple[frozenset[str], ...] = (
    frozenset({"data"}),
    frozenset({"players"}),
    frozenset({"team"}),
    frozenset({"advancement", "inducements"}),
    frozenset({"league", "match", "matched_play"}),
    frozenset({"store"}),
    frozenset({"cli"}),
)


def imports(source: str, module: str = "", *, package: bool = False) -> Iterator[str]:
    """The absolute names a module's source imports, ``TYPE_CHECKING`` blocks left out; given the ``module``
    (``package``: it is a package's ``__init__``), a relative import too, as the module it names."""
    here = module.split(".") if package else module.split(".")[:-1]
    for node in ast.walk(_without_type_checking(ast.parse(source))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            yield node.module
        elif isinstance(node, ast.ImportFrom) and node.level and module:
            base = ".".join(here[: len(here) - node.level + 1])
            yield ".".join(part for part in (base, node.module) if part)


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


def core_violations(module: str, source: str, *, package: bool = False) -> list[str]:
    """Why ``source``, the text of core module ``module``, breaks the layers (empty when it does not); a relative
    import counts as the module it names."""
    own = folder_of(module)
    problems = []
    for name in imports(source, module, package=package):
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
        for name in imports(source, module)
        if name.split(".")[0] == "progression" and name not in PUBLIC
    ]


def pack_imports(module: str, source: str, *, package: bool = False, names: bool = False) -> Iterator[str]:
    """The absolute names a pack module's source imports, relative imports resolved (``from ..data.model
    import Data`` in ``progression_bloodbowl.team.roster`` is ``progression_bloodbowl.data.model``), and
    ``TYPE_CHECKING`` blocks left out. ``package``: ``module`` is a package's ``__init__``; ``names``: each
    imported name as well, as if it were a module (``from ..team import roster`` is ``..team.roster`` too)."""
    here = module.split(".") if package else module.split(".")[:-1]
    for node in ast.walk(_without_type_checking(ast.parse(source))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(here[: len(here) - node.level + 1]) if node.level else ""
            module = ".".join(part for part in (base, node.module) if part)
            if "." in module:
                yield module
                if names:
                    yield from (f"{module}.{alias.name}" for alias in node.names)
            else:  # ``from . import cli``, ``from progression_bloodbowl import cli``: the names are the modules
                yield from (f"{module}.{alias.name}" for alias in node.names)


def facet_of(module: str) -> str | None:
    """The Blood Bowl facet ``module`` belongs to: ``progression_bloodbowl.match.record`` is in ``match``;
    None for a module of no facet (the pack's face, ``_pack``, ``_build``, any other distribution)."""
    parts = module.split(".")
    if parts[0] != BLOODBOWL.name or len(parts) == 1 or parts[1] not in set().union(*FACETS):
        return None
    return parts[1]


def facet_layer(facet: str) -> int:
    return next(index for index, layer in enumerate(FACETS) if facet in layer)


def facet_violations(module: str, source: str, *, package: bool = False) -> list[str]:
    """Why ``source``, the text of Blood Bowl module ``module``, imports a facet not below its own (empty when
    it does not)."""
    own = facet_of(module)
    problems = []
    for name in pack_imports(module, source, package=package):
        target = facet_of(name)
        if own is None or target is None or target == own:
            continue
        if facet_layer(target) >= facet_layer(own):
            problems.append(f"{module} ({own}) imports {name} ({target}), which is not below it")
    return problems


def facet_graph() -> dict[str, set[str]]:
    """Which facets each facet of the Blood Bowl pack imports, read from every module of the tree."""
    graph: dict[str, set[str]] = {}
    for path in sorted(BLOODBOWL.rglob("*.py")):
        module = module_name(path, BLOODBOWL.parent)
        own = facet_of(module)
        if own is None:
            continue
        source = path.read_text(encoding="utf-8")
        targets = {facet_of(name) for name in pack_imports(module, source, package=path.name == "__init__.py")}
        graph.setdefault(own, set()).update(t for t in targets if t is not None and t != own)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph`` (node -> the nodes it imports): each group of nodes that reach one
    another (Tarjan's strongly connected components of more than one node), sorted; empty when the graph
    is a layering."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = stack[stack.index(node) :]
            del stack[stack.index(node) :]
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def module_graph(root: Path = BLOODBOWL) -> dict[str, set[str]]:
    """Which of the modules of the package at ``root`` (the Blood Bowl pack's by default) each of its modules
    imports (``from ..team import roster`` is ``progression_bloodbowl.team`` and ``progression_bloodbowl.team.roster``)."""
    paths = sorted(root.rglob("*.py"))
    modules = {module_name(path, root.parent) for path in paths}
    graph: dict[str, set[str]] = {}
    for path in paths:
        module = module_name(path, root.parent)
        names = pack_imports(module, path.read_text(encoding="utf-8"), package=path.name == "__init__.py", names=True)
        graph[module] = {name for name in names if name in modules and name != module}
    return graph


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
        assert [] == core_violations(module, path.read_text(encoding="utf-8"), package=path.name == "__init__.py")

    @pytest.mark.parametrize(
        ("src", "path"),
        [(pack.parent, p) for pack in PACKS for p in sorted(pack.rglob("*.py"))],
        ids=lambda value: value.name,
    )
    def test_a_pack_imports_only_the_public_api(self, src: Path, path: Path) -> None:
        """A shipped pack is written as a third party would write one: against the public API only."""
        assert [] == pack_violations(module_name(path, src), path.read_text(encoding="utf-8"))

    @pytest.mark.parametrize("path", sorted((CORE / "cli").rglob("*.py")), ids=lambda p: p.name)
    def test_the_command_line_uses_the_public_api(self, path: Path) -> None:
        """The command line is written as a third party could write it: against the public families of the
        core (and its own modules), as a pack is."""
        module = module_name(path, CORE.parent)
        source = path.read_text(encoding="utf-8")
        found = imports(source, module, package=path.name == "__init__.py")
        outside = [name for name in found if not name.startswith("progression.cli")]
        assert [] == pack_violations(module, "\n".join(f"import {name}" for name in outside))

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
            "progression_x.rules imports progression.ledger.sheet: a pack imports only progression, "
            "progression.authoring, progression.contract, progression.curves, progression.dice, progression.disk, "
            "progression.errors, "
            "progression.events, progression.files, progression.history, progression.ledger, progression.operations, "
            "progression.requirements, progression.spelling, progression.store, progression.studies, "
            "progression.testing"
        ] == pack_violations("progression_x.rules", "from progression.ledger.sheet import Sheet\n")

    def test_a_private_import_of_the_command_line_is_caught(self) -> None:
        """What the command-line test reads: ``from progression.engine.quotes import ...`` is a private module."""
        assert ["progression.cli.x imports progression.engine.quotes"] == [
            line.split(":")[0]
            for line in pack_violations("progression.cli.x", "from progression.engine.quotes import q\n")
        ]

    def test_a_relative_import_is_read_as_the_module_it_names(self) -> None:
        """``from ..cli.main import main`` in the ledger goes up the layers as surely as the absolute import."""
        assert [
            "progression.ledger.sheet (ledger) imports progression.cli.main (cli), which is not below it"
        ] == core_violations("progression.ledger.sheet", "from ..cli.main import main\n")
        assert [] == core_violations("progression.ledger.sheet", "from .ledger import Ledger\n")
        assert ["progression.cli.x imports progression.engine.quotes"] == [
            line.split(":")[0] for line in pack_violations("progression.cli.x", "from ..engine.quotes import q\n")
        ]

    def test_type_checking_imports_are_not_layers(self) -> None:
        """An import under ``TYPE_CHECKING`` is for annotations only and never runs."""
        source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from progression.cli.main import main\n"
        assert [] == core_violations("progression.ledger.sheet", source)


class TestPackFacets:
    @pytest.mark.parametrize("path", sorted(BLOODBOWL.rglob("*.py")), ids=lambda p: str(p.relative_to(BLOODBOWL)))
    def test_a_facet_imports_only_lower_facets(self, path: Path) -> None:
        """Each module of a Blood Bowl facet imports its own facet or the facets below it."""
        module = module_name(path, BLOODBOWL.parent)
        source = path.read_text(encoding="utf-8")
        assert [] == facet_violations(module, source, package=path.name == "__init__.py")

    def test_every_folder_is_a_facet(self) -> None:
        """A new folder of the pack must be given its place in the facets, and every facet is a folder with its
        ``__init__`` (a package, saying what it offers)."""
        folders = {p.parent.name for p in BLOODBOWL.glob("*/__init__.py")}
        assert (set(), set()) == (folders - set().union(*FACETS), set().union(*FACETS) - folders)

    def test_the_facets_form_no_import_cycle(self) -> None:
        """No facet imports, directly or through others, a facet that imports it (lazy imports in function
        bodies count: they close a circle as surely as any)."""
        graph = facet_graph()
        assert set().union(*FACETS) == set(graph)
        assert [] == circles(graph)

    @pytest.mark.parametrize("root", [BLOODBOWL, COMPETENCE, CORE], ids=["bloodbowl", "competence", "core"])
    def test_the_modules_form_no_import_cycle(self, root: Path) -> None:
        """Inside a facet (or a folder of the core) too, no module imports one that imports it back, not even late
        in a function."""
        assert [] == circles(module_graph(root))

    def test_a_wrong_facet_import_is_caught(self) -> None:
        """The check fails on an import up the facets (relative or absolute, at the top or in a function) and
        on one across a layer; the cycle finder names the circle a wrong import closes."""
        assert [
            "progression_bloodbowl.data.model (data) imports progression_bloodbowl.match.record (match), "
            "which is not below it"
        ] == facet_violations("progression_bloodbowl.data.model", "from ..match.record import MatchRecord\n")
        assert [
            "progression_bloodbowl.team.roster (team) imports progression_bloodbowl.cli (cli), which is not below it"
        ] == facet_violations(
            "progression_bloodbowl.team.roster", "def hire():\n    from progression_bloodbowl import cli\n"
        )
        assert [
            "progression_bloodbowl.match.outcome (match) imports progression_bloodbowl.league (league), "
            "which is not below it"
        ] == facet_violations("progression_bloodbowl.match.outcome", "from ..league import standings\n")
        assert [] == facet_violations("progression_bloodbowl.match.outcome", "from .record import MatchRecord\n")
        assert [] == facet_violations("progression_bloodbowl.match", "from .record import MatchRecord\n", package=True)
        wrong = facet_graph()
        wrong["data"] = {*wrong["data"], "match"}
        assert [["advancement", "data", "inducements", "match", "players", "team"]] == circles(wrong)
        modules = module_graph()
        modules["progression_bloodbowl.team.sequence"].add("progression_bloodbowl.team.journeymen")
        team = ["progression_bloodbowl.team.journeymen", "progression_bloodbowl.team.roster"]
        assert [[*team, "progression_bloodbowl.team.sequence"]] == circles(modules)
        assert [["a", "b", "c"]] == circles({"b": {"c"}, "c": {"a"}, "a": {"b"}, "d": {"a"}})


#: The ledger's event classes: what a pack's rule code never builds (the work records them).
EVENTS = frozenset(
    ("Adjusted", "Asked", "Awarded", "Created", "Decided", "Finished", "Joined", "Left", "Lost", "Marked", "Member",
     "Purchased", "Rolled", "Started", "Step")
)  # fmt: skip
#: Modules allowed to build events, each for its reason.
BUILDS_EVENTS = {
    # A spell's outcome on a pitch (off any sheet) is logged as Rolled and Marked values, which the operation
    # ``cast`` takes as its input and records again through its work, checked.
    "progression_bloodbowl/inducements/pitch.py",
}


def _changes_without_the_work(path: Path) -> list[str]:
    """Where a module applies an event to a sheet (``.apply(``) or builds a ledger event."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("apply", "follow"):
            found.append(f"line {node.lineno}: .{node.func.attr}(...)")
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name in EVENTS:
            found.append(f"line {node.lineno}: {name}(...)")
    return found


class TestTheOneGate:
    @pytest.mark.parametrize("path", [p for pack in PACKS for p in sorted(pack.rglob("*.py"))], ids=str)
    def test_no_pack_code_changes_a_sheet_but_through_its_work(self, path: Path) -> None:
        """The shipped packs' rule code says what should happen through the operation's work: it applies no
        event to a sheet and builds none (issue 13: the core's checks see every change)."""
        pack = path.relative_to(ROOT).parts[1]  # rulepacks/<pack>/src/progression_<pack>/...
        if path.relative_to(ROOT / "rulepacks" / pack / "src").as_posix() in BUILDS_EVENTS:
            return
        assert [] == _changes_without_the_work(path)

    def test_a_change_made_around_the_work_is_caught(self, tmp_path: Path) -> None:
        """Applying an event, or building one to record, is found (the check above cannot pass by reading nothing)."""
        module = tmp_path / "rule.py"
        module.write_text("def f(work, team):\n    return team.apply(Awarded(pool='spp', amount=1, reason='x'))\n")
        assert ["line 2: .apply(...)", "line 2: Awarded(...)"] == sorted(_changes_without_the_work(module))


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

    @pytest.mark.parametrize(
        ("code", "tests"), [(CORE, "tests"), (BLOODBOWL, "tests/bloodbowl")], ids=["core", "bloodbowl"]
    )
    def test_the_tests_mirror_the_folders(self, code: Path, tests: str) -> None:
        """Every folder of the core and of the Blood Bowl pack has its folder of tests, of the same name."""
        folders = {p.name for p in code.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
        assert sorted(f for f in folders if not (ROOT / tests / f).is_dir()) == []

    def test_the_pack_s_tables_are_its_tree(self) -> None:
        """The Blood Bowl tables of the page: every facet folder in its layer's order, each naming every module
        it holds, and every public module beside the facets; nothing listed that is not there."""
        page = (ROOT / "docs" / "explanation" / "architecture.rst").read_text(encoding="utf-8")
        facets = page.split("facet              what lives there", 1)[1].split("\n\n", 1)[0]
        rows = dict(re.findall(r"^``([a-z_]+)/``\s+(.*?)(?=^``|^=)", facets, flags=re.M | re.S))
        order = [f for layer in FACETS for f in sorted(layer)]
        unnamed = {
            facet: sorted(m for m in _modules(BLOODBOWL / facet) if f"``{m}``" not in rows.get(facet, ""))
            for facet in order
        }
        modules = page.split("module             what lives there", 1)[1].split("\n\n", 1)[0]
        public = {p.stem for p in BLOODBOWL.glob("*.py") if not p.name.startswith("_")}
        assert (sorted(order), {}, public) == (
            sorted(rows),
            {facet: names for facet, names in unnamed.items() if names},
            set(re.findall(r"^``([a-z_]+)``", modules, flags=re.M)),
        )
        assert _layered(list(rows)), list(rows)


def _modules(folder: Path) -> set[str]:
    return {p.stem for p in folder.glob("*.py") if p.name != "__init__.py"}


def _layered(listed: list[str]) -> bool:
    """Whether the facets are listed lowest layer first (facets of one layer in any order)."""
    ranks = [next(i for i, layer in enumerate(FACETS) if facet in layer) for facet in listed]
    return ranks == sorted(ranks)


def _asserts(path: Path) -> list[str]:
    """Where ``path`` uses ``assert``: ``python -O`` removes it, so it can be no check the code relies on."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.name}:{node.lineno}" for node in ast.walk(tree) if isinstance(node, ast.Assert)]


class TestNoAsserts:
    @pytest.mark.parametrize(
        "path", [*sorted(CORE.rglob("*.py")), *(p for pack in PACKS for p in sorted(pack.rglob("*.py")))], ids=str
    )
    def test_the_code_checks_without_assert(self, path: Path) -> None:
        """No ``assert`` in the core or the shipped packs: a check is a refusal (a ``ProgressionError``) or a
        narrowing the code does not need, never a statement ``python -O`` drops (issue 19 item 2: a waived limit
        past the end of a curve ended in a bare ``AssertionError``, and under -O in a free purchase)."""
        assert [] == _asserts(path)

    def test_an_assert_is_found(self, tmp_path: Path) -> None:
        """The scan sees an ``assert`` (the check above cannot pass by reading nothing)."""
        module = tmp_path / "rule.py"
        module.write_text("def f(price):\n    assert price is not None\n    return price\n")
        assert ["rule.py:2"] == _asserts(module)
