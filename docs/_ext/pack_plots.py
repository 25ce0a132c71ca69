"""Plots of a pack's cost curves, as ``progression plot PACK CURVE`` draws them (no pyplot, no GUI).

A pack page shows what the command draws: the same levels (as far as the pack's purchases go,
:func:`progression.cli.tables.curve_reach`, the mark where they stop included), drawn by the same code
(:func:`progression.cli.plot.figure`), so the page cannot show a range the command does not.
"""

from __future__ import annotations

import io
from pathlib import Path

import progression
from progression.cli.plot import figure, series

__all__ = ["available", "curve_svg", "write_if_changed"]


def available() -> bool:
    """Whether matplotlib is installed (the ``plot`` extra)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def curve_svg(pack: progression.RulePack, curve: str) -> bytes:
    """An SVG of ``progression plot PACK CURVE`` (from level 0, to its default end), in English.

    Raises:
        progression.ProgressionError: the command would refuse to draw the curve (no level with a price).
    """
    from matplotlib import rc_context

    # A fixed salt and no date make the SVG the same on every build, so unchanged curves are not rewritten.
    with rc_context({"svg.hashsalt": "progression"}):
        panels = figure(pack, series(pack, [curve], 0, None, []), "en")
        out = io.BytesIO()
        panels.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()


def write_if_changed(path: Path, content: bytes) -> bool:
    """Write ``content`` unless the file already holds it; whether it wrote."""
    if path.exists() and path.read_bytes() == content:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return True
