"""Finding installed rule packs through the ``progression.rulepacks`` entry-point group."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from progression.errors import InvalidInput, Problem, ProgressionError, RulePackError, UnknownPackError
from progression.rulepacks.rulepack import RulePack

if TYPE_CHECKING:
    from importlib import metadata

__all__ = ["GROUP", "PackEntry", "load", "pack_entries", "packs"]

#: The entry-point group packs register under.
GROUP = "progression.rulepacks"


@attrs.frozen(kw_only=True)
class PackEntry:
    """An installed pack, known without importing it."""

    name: str
    #: The distribution that provides it.
    distribution: str
    version: str
    #: ``module:function`` that builds the pack.
    value: str


def _distribution(entry: metadata.EntryPoint) -> tuple[str, str]:
    dist = entry.dist
    if dist is None:
        return "?", "?"
    return dist.metadata["Name"] or "?", dist.version


def pack_entries() -> dict[str, PackEntry]:
    """The installed packs by name. Two distributions claiming one name is an error naming both."""
    from importlib import metadata  # on first use: importing it costs more than the rest of progression

    found: dict[str, list[PackEntry]] = {}
    for entry in metadata.entry_points(group=GROUP):
        distribution, version = _distribution(entry)
        found.setdefault(entry.name, []).append(
            PackEntry(name=entry.name, distribution=distribution, version=version, value=entry.value)
        )
    problems = [
        Problem(
            GROUP,
            f"$.{name}",
            f"pack {name!r} is claimed by several distributions: {', '.join(sorted(e.distribution for e in claims))}; uninstall all but one",
        )
        for name, claims in sorted(found.items())
        if len({(e.distribution, e.value) for e in claims}) > 1
    ]
    if problems:
        raise RulePackError(GROUP, problems)
    return {name: claims[0] for name, claims in sorted(found.items())}


def packs() -> list[str]:
    """The names of the installed packs, sorted. Imports none of them."""
    return list(pack_entries())


def load(name: str) -> RulePack:
    """The installed pack ``name``.

    Raises:
        UnknownPackError: no installed pack has that name; the message lists those installed.
        RulePackError: the pack is installed but does not load.
    """
    if not isinstance(name, str):
        msg = f"a pack name must be a text, got {name!r} ({type(name).__name__})"
        raise InvalidInput(msg)
    installed = pack_entries()
    if name not in installed:
        raise UnknownPackError(name, list(installed))
    from importlib import metadata

    for entry in metadata.entry_points(group=GROUP, name=name):
        try:
            factory = entry.load()
            pack = factory() if callable(factory) else factory
        except ProgressionError:
            raise
        except Exception as error:  # a broken pack: say which entry point, not a bare traceback
            reason = f"entry point {entry.value!r} failed: {type(error).__name__}: {error}"
            raise RulePackError(name, [Problem(name, "$", reason)]) from error
        if not isinstance(pack, RulePack):
            reason = f"entry point {entry.value!r} gave {type(pack).__name__}, not a RulePack"
            raise RulePackError(name, [Problem(name, "$", reason)])
        if pack.name != name:  # sheets record the pack's own name, and are found again by it
            reason = f"the entry point is named {name!r} but its pack calls itself {pack.name!r}; they must be the same"
            raise RulePackError(name, [Problem(name, "$.pack.name", reason)])
        return pack
    raise UnknownPackError(name, list(installed))  # pragma: no cover - pack_entries() just found it
