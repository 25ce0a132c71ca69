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


def moved(
    package: str,
    homes: Mapping[str, str],
    *,
    withdrawn: Mapping[str, tuple[str, str]] | None = None,
    wrapped: bool = False,
) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` giving each name of ``homes`` from its new home, with a
    :class:`DeprecationWarning` naming it each time it is used (the name is not cached), and refusing any other
    name as Python does.

    A home is a submodule (``{"induce": "operations"}``: ``package.operations.induce``), a submodule and the
    name there (``{"price": "queries:price_inducements"}``), or the name in ``package`` itself
    (``{"price": ":price_inducements"}``, a name renamed in place).

    ``withdrawn`` names what leaves the public API with no new name, because another public name does its work:
    each name gives, for one release, the same object as before, from the (private) module that still holds it,
    and its warning says what to use instead: ``{"execute": ("progression.run (the new sheet is its first
    item)", "progression.engine.run")}`` warns ``package.execute is deprecated: use progression.run (...)``.

    Use it as ``__getattr__ = moved(__name__, {...})`` in the module, or, with ``wrapped=True``, call it from the
    module's own ``__getattr__``: the warning is then blamed one frame further up, on the line of the user's code
    that asked for the name (Python shows a :class:`DeprecationWarning` by default only there).
    """
    level = 3 if wrapped else 2

    def attribute(name: str) -> Any:
        home = homes.get(name)
        if home is None and withdrawn and name in withdrawn:
            instead, holder = withdrawn[name]
            warnings.warn(f"{package}.{name} is deprecated: use {instead}", DeprecationWarning, level)
            return getattr(import_module(holder), name)
        if home is None:
            msg = f"module {package!r} has no attribute {name!r}"
            raise AttributeError(msg)
        module, renamed, new = home.partition(":")
        where = f"{package}.{module}" if module else package
        if renamed:
            warnings.warn(f"{package}.{name} is deprecated: use {where}.{new}", DeprecationWarning, level)
        else:
            warnings.warn(f"{package}.{name} is deprecated: import it from {where}", DeprecationWarning, level)
        return getattr(import_module(where), new or name)

    return attribute
