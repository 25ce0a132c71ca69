"""What the tests of a package's face share: the scans that keep the repository off the names that moved."""

from __future__ import annotations

import ast
import re
from collections.abc import Collection, Iterable
from pathlib import Path

__all__ = ["ROOT", "old_name_pattern", "pages_using", "python_files", "python_uses"]

ROOT = Path(__file__).parents[2]


def python_files(*skipped: Path) -> list[Path]:
    """Every Python file of the repository a scan reads, but ``skipped`` (the face itself, the test scanning)."""
    folders = ("src", "rulepacks", "tests", "examples", "benchmarks", "docs")
    return [
        path
        for path in sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))
        if path not in skipped and "_build" not in path.parts
    ]


def python_uses(package: str, moved: Collection[str], paths: Iterable[Path]) -> list[str]:
    """Each import of a moved name from ``package``, and each ``<alias>.<name>`` read of one (whatever
    ``package`` is imported as), in ``paths``: ``TYPE_CHECKING`` blocks too, where no warning would say so."""
    found = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = {package} | {
            alias.asname or alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
            if alias.name == package
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == package and node.level == 0:
                found += [f"{path.relative_to(ROOT)}: {a.name}" for a in node.names if a.name in moved]
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in aliases
                and node.attr in moved
            ):
                found.append(f"{path.relative_to(ROOT)}: {node.value.id}.{node.attr}")
    return found


def old_name_pattern(package: str, alias: str, moved: Collection[str], *, imports: bool = True) -> re.Pattern[str]:
    """A moved name written on a page as ``<alias>.<name>`` or ``<package>.<name>`` (a cross-reference too), or
    imported from the face."""
    names = "|".join(sorted(moved, key=len, reverse=True))
    pattern = rf"(?<![\w.])(?:{alias}|{package})\.(?:{names})\b"
    return re.compile(pattern + (rf"|from {package} import [\w, ]*\b(?:{names})\b" if imports else ""))


def pages_using(old: re.Pattern[str]) -> list[str]:
    """Each line of the docs and the READMEs that ``old`` finds (the CHANGELOG, which lists the moves, left out)."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.rst")), *sorted(ROOT.glob("*/README.md"))]
    return [
        f"{page.relative_to(ROOT)}:{number}: {match[0]}"
        for page in pages
        if "_build" not in page.parts
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        for match in old.finditer(line)
    ]
