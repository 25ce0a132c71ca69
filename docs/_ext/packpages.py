"""Sphinx extension: one reference page per rule pack, generated from its TOML when the docs are built.

On ``builder-inited``, before Sphinx looks for source files, it loads every installed pack
(``progression.packs()``) and every pack file listed in the ``packpages_files`` setting, and
writes ``reference/packs/<name>.rst`` with an SVG plot of each curve under
``reference/packs/_plots/``, as ``progression plot`` draws it. Files are rewritten only when their content changes, pages of
packs that are gone are removed, and the generated files are ignored by git. The pages hold
no doctest, so pytest's collection of ``docs/*.rst`` finds nothing to run in them.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

import progression
import progression.authoring

# conf.py puts this folder on sys.path; pytest, which imports this module to run its doctests, does not.
if str(Path(__file__).resolve().parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from pack_bloodbowl import render_bloodbowl
from pack_plots import available, curve_svg, write_if_changed
from pack_rst import render_pack

#: The packs whose data has a page section of its own (by pack name), instead of the generic tables.
DATA_PAGES = {"bloodbowl": render_bloodbowl}

__all__ = ["MARKER", "generate", "setup"]

#: The first line of every generated page; only files that start with it are ever removed.
MARKER = ".. This page is generated"
#: Where the pages go, under the documentation's source folder.
FOLDER = Path("reference") / "packs"

logger = logging.getLogger(__name__)


def _installed() -> list[tuple[progression.RulePack, str]]:
    found = []
    entries = progression.authoring.pack_entries()
    for name, entry in entries.items():
        try:
            pack = progression.load(name)
        except Exception as error:  # a pack that breaks must not hide the others; -W turns this into a failure
            logger.warning("rule pack %r does not load, so it has no reference page: %s", name, error)
            continue
        found.append((pack, f"installed from the distribution ``{entry.distribution}`` {entry.version}"))
    return found


def _files(confdir: Path, files: list[str]) -> list[tuple[progression.RulePack, str]]:
    found = []
    for file in files:
        path = (confdir / file).resolve()
        try:
            pack = progression.load_file(path)
        except progression.ProgressionError as error:
            logger.warning("rule pack file %s does not load, so it has no reference page: %s", file, error)
            continue
        shown = Path(file).as_posix().removeprefix("../")
        found.append((pack, f"read from ``{shown}`` with ``progression.load_file`` (not installed)"))
    return found


def generate(srcdir: Path, confdir: Path, files: list[str]) -> list[str]:
    """Write the pages and plots of every pack; the names of the packs written."""
    folder = srcdir / FOLDER
    plots = folder / "_plots"
    draw = available()
    written, images = [], set()
    installed = _installed()
    names = {pack.name for pack, _ in installed}
    for pack, origin in [*installed, *((p, o) for p, o in _files(confdir, files) if p.name not in names)]:
        pictures = {}
        for ident in pack.curves if draw else ():
            image = f"{pack.name}-{ident}.svg"
            try:
                picture = curve_svg(pack, ident)
            except progression.ProgressionError as error:  # as the command refuses it; -W makes it a failure
                logger.warning("curve %r of rule pack %r has no plot: %s", ident, pack.name, error)
                continue
            write_if_changed(plots / image, picture)
            pictures[ident] = f"_plots/{image}"
            images.add(image)
        text = render_pack(pack, origin=origin, plot_for=pictures.get, data=DATA_PAGES.get(pack.name))
        write_if_changed(folder / f"{pack.name}.rst", text.encode("utf-8"))
        written.append(pack.name)
    for page in folder.glob("*.rst"):
        if page.stem not in written and page.read_text(encoding="utf-8").startswith(MARKER):
            page.unlink()
    for image in plots.glob("*.svg"):
        if image.name not in images:
            image.unlink()
    return written


def _on_builder_inited(app: Sphinx) -> None:
    generate(Path(app.srcdir), Path(app.confdir), list(app.config.packpages_files))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the ``packpages_files`` setting and the page generation."""
    app.add_config_value("packpages_files", [], "env", types=[list])
    app.connect("builder-inited", _on_builder_inited)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
