"""Names that moved to another module, kept importable from the old one for a release with a warning."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

__all__ = ["moved"]


def moved(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` giving each name of ``homes`` from its new module
    (``{"induce": "operations"}``: ``package.operations``), with a :class:`DeprecationWarning` naming it
    each time it is used (the name is not cached), and refusing any other name as Python does.

    Use it as ``__getattr__ = moved(__name__, {...})`` in the package's ``__init__``.
    """

    def attribute(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            msg = f"module {package!r} has no attribute {name!r}"
            raise AttributeError(msg)
        warnings.warn(f"{package}.{name} is deprecated: import it from {package}.{home}", DeprecationWarning, 2)
        return getattr(import_module(f".{home}", package), name)

    return attribute
