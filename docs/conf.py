"""Sphinx configuration for the progression documentation."""

from __future__ import annotations

import sys
from importlib.metadata import version as _version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "progression"
author = "The progression developers"
copyright = "2026, The progression developers"
release = _version("progression")

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "packpages",
]
#: Pack files documented beside the installed packs (relative to this folder).
packpages_files = ["../examples/dnd5e/pack.toml", "../examples/skirmish/pack.toml"]
html_theme = "furo"
html_title = "progression"
exclude_patterns = ["_build"]
html_static_path = ["_static"]
html_css_files = ["progression.css"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
nitpicky = True
nitpick_ignore_regex = [
    # Type names in signatures that Sphinx cannot link without the network or are private.
    (
        r"py:.*",
        r"(attrs|cattrs|hypothesis|concurrent|os|Backend|TracebackType|fractions|Fraction|Executor|collections\.abc|typing|types|pathlib|Path|Mapping|Callable|Sequence|Collection|Iterable|Generator|Any|Literal|Union|Dice|Sheet|Event|Effect|Label|Quote|Requirement|Curve|RulePack|Context|Band|Override|Pending|Problem|Beyond|Overflow|Tampered|Request|CostRule|Limit|Kind|StatSpec|PoolSpec|Currency|Upgrade|Play|Ladder|Account|ProcedureContext|PackEntry|Violation|Names|_.*|progression\..*|progression_.*|NoneType|optional)(\..*)?",
    ),
    (r"py:.*", r"(int|str|bool|float|object|tuple|list|dict|set|frozenset|type|None|bytes)"),
    (r"py:class", r"T"),  # the value type of a generic (LedgerIndex[T])
]


def _attribute_docstring_as_written(self: object) -> list[str]:
    """Keep an attribute's ``#:`` comment as written.

    Napoleon reads ``"text: more text"`` in an attribute docstring as ``type: description``;
    ours are sentences, never types (the annotations carry those).
    """
    return self._consume_to_end()  # type: ignore[attr-defined,no-any-return]


from sphinx.ext.napoleon.docstring import GoogleDocstring  # noqa: E402 - patched after the settings

GoogleDocstring._parse_attribute_docstring = _attribute_docstring_as_written  # type: ignore[method-assign]


def _constant_doc(app: object, what: str, name: str, obj: object, options: object, lines: list[str]) -> None:
    """A constant a family module re-exports is documented by its ``#:`` comment where it is defined, not by the
    docstring of its type (``str(object='') -> str``), which autodoc finds on the value itself."""
    from sphinx.pycode import ModuleAnalyzer, PycodeError

    own = type(obj).__doc__ or ""
    if what != "data" or not lines or not own or lines[0].strip() != own.strip().splitlines()[0].strip():
        return
    short = name.rpartition(".")[2]
    for module_name, module in sorted(sys.modules.items()):
        if module_name.partition(".")[0] not in ("progression", "progression_bloodbowl", "progression_competence"):
            continue
        if getattr(module, short, None) is not obj:
            continue
        try:
            found = ModuleAnalyzer.for_module(module_name).find_attr_docs().get(("", short))
        except PycodeError:
            continue
        if found:
            lines[:] = list(found)
            return
    lines[:] = []


def setup(app: object) -> None:
    app.connect("autodoc-process-docstring", _constant_doc)  # type: ignore[attr-defined]
