"""Names that moved to another module, kept importable from the old one for a release with a warning."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Mapping
from importlib import import_module
from types import ModuleType
from typing import Any

__all__ = ["moved", "public_dir"]


def public_dir(namespace: Mapping[str, Any], names: Iterable[str]) -> list[str]:
    """What ``dir()`` shows of a package: its public ``names``, the public submodules imported so far and
    Python's own ``__`` names; not what it imports to work (``Any``, ``import_module``, ``moved``), nor its
    private modules. Use it as ``def __dir__(): return public_dir(globals(), __all__)``."""
    imported = (n for n, v in namespace.items() if isinstance(v, ModuleType) and not n.startswith("_"))
    return sorted({*names, *imported, *(n for n in namespace if n.startswith("__"))})


def moved(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` giving each name of ``homes`` from its new home, with a
    :class:`DeprecationWarning` naming it each time it is used (the name is not cached), and refusing any other
    name as Python does.

    A home is a submodule (``{"induce": "operations"}``: ``package.operations.induce``), a submodule and the
    name there (``{"price": "queries:price_inducements"}``), or the name in ``package`` itself
    (``{"price": ":price_inducements"}``, a name renamed in place).

    Use it as ``__getattr__ = moved(__name__, {...})`` in the module.
    """

    def attribute(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            msg = f"module {package!r} has no attribute {name!r}"
            raise AttributeError(msg)
        module, renamed, new = home.partition(":")
        where = f"{package}.{module}" if module else package
        if renamed:
            warnings.warn(f"{package}.{name} is deprecated: use {where}.{new}", DeprecationWarning, 2)
        else:
            warnings.warn(f"{package}.{name} is deprecated: import it from {where}", DeprecationWarning, 2)
        return getattr(import_module(where), new or name)

    return attribute
