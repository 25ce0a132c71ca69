"""Finding rule packs by name: installed ones through the ``progression.rulepacks`` entry-point group, and packs in
TOML alone in the folders ``PROGRESSION_PACK_PATH`` names (``NAME.toml``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from progression.errors import InvalidInput, Problem, ProgressionError, RulePackError, UnknownPackError
from progression.rulepacks.rulepack import RulePack

if TYPE_CHECKING:
    from importlib import metadata

__all__ = ["GROUP", "PACK_PATH", "PackEntry", "load", "misnamed_pack_files", "pack_entries", "pack_files", "packs"]

#: The entry-point group packs register under.
GROUP = "progression.rulepacks"
#: The environment variable naming the folders (separated as ``PATH`` is, ``:`` on POSIX) where
#: :func:`progression.load` finds a pack that no distribution installs: ``NAME.toml``, a pack in TOML alone, in the
#: first folder that holds one.
PACK_PATH = "PROGRESSION_PACK_PATH"


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
    """The installed pack ``name``, or else the pack in TOML alone ``NAME.toml`` in a folder of
    ``PROGRESSION_PACK_PATH`` (:data:`progression.authoring.PACK_PATH`).

    Raises:
        UnknownPackError: no installed pack has that name and no such file is in those folders; the message lists
            those installed and names the closest installed pack or pack file.
        RulePackError: the pack is installed but does not load; or its file does not load, or holds a pack of
            another name; or the name is both installed and a file in those folders.
    """
    if not isinstance(name, str):
        msg = f"a pack name must be a text, got {name!r} ({type(name).__name__})"
        raise InvalidInput(msg)
    installed = pack_entries()
    named = _is_pack_name(name)  # only such a name is looked for as a file
    file = _pack_file(name) if named else None
    if name not in installed:
        if file is None:
            folders = [str(f) for f in _folders()] if named else None
            # a file meant for it, named otherwise than a pack is (Mech.toml), is said rather than passed over
            misnamed = {str(f): why for f, why in misnamed_pack_files().items() if f.stem.lower() == name.lower()}
            raise UnknownPackError(name, list(installed), folders, list(pack_files()), misnamed)
        return _file_pack(name, file)
    if file is not None:  # one name, two packs: which one a sheet meant cannot be told
        reason = (
            f"pack {name!r} is installed (distribution {installed[name].distribution}) and is also the file {file} "
            f"in {PACK_PATH}: rename the file (and the pack it holds), or take its folder out of {PACK_PATH}"
        )
        raise RulePackError(name, [Problem(str(file), "$.pack.name", reason)])
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


def pack_files() -> dict[str, Path]:
    """The packs in TOML alone that ``PROGRESSION_PACK_PATH``'s folders hold, by name (a file's name without
    ``.toml``; the first folder's when two hold one name), read from the folders without loading any. A file whose
    name is no pack's name is not among them: :func:`misnamed_pack_files` lists those."""
    found: dict[str, Path] = {}
    for file in _toml_files():
        if _is_pack_name(file.stem):
            found.setdefault(file.stem, file)
    return found


def misnamed_pack_files() -> dict[Path, str]:
    """The ``*.toml`` files of ``PROGRESSION_PACK_PATH``'s folders that no name finds, as their name is no pack's
    name (``Mech.toml``: a pack's name is lowercase), each with why: :func:`pack_files` does not list them, nor does
    :func:`progression.load` read them, and ``progression packs`` and a refusal of the name say so."""
    why = "a pack file is named as its pack is, in lowercase"
    return {
        file: f"{why} (rename it {file.stem.lower()}.toml)"
        if _is_pack_name(file.stem.lower())
        else f"{why} letters, digits, _ . and -"
        for file in _toml_files()
        if not _is_pack_name(file.stem)
    }


def _toml_files() -> list[Path]:
    """The ``*.toml`` files of ``PROGRESSION_PACK_PATH``'s folders, folder by folder, each folder's sorted."""
    found: list[Path] = []
    for folder in _folders():
        try:
            files = sorted(folder.glob("*.toml"))
        except OSError:  # a folder that cannot be listed holds nothing to find
            continue
        found += [file for file in files if file.is_file()]
    return found


def _is_pack_name(name: str) -> bool:
    """Whether ``name`` is written as a pack's name is (an id): only such a name is looked for as a file."""
    from progression.rulepacks.loading import is_id  # on first use, as the rest of loading

    return is_id(name)


def _folders() -> list[Path]:
    """The folders ``PROGRESSION_PACK_PATH`` names, in order (an empty entry names none)."""
    return [Path(entry) for entry in os.environ.get(PACK_PATH, "").split(os.pathsep) if entry]


def _pack_file(name: str) -> Path | None:
    """``NAME.toml`` in the first folder of ``PROGRESSION_PACK_PATH`` that holds it (as :func:`pack_files` lists
    it, without listing the folders); None when none does."""
    for folder in _folders():
        file = folder / f"{name}.toml"
        if file.is_file():
            return file
    return None


def _file_pack(name: str, file: Path) -> RulePack:
    """The pack of ``file``, which must call itself ``name``: a sheet names its pack, and is found again by it."""
    from progression.rulepacks.loading import load_file

    pack = load_file(file)
    if pack.name != name:
        reason = f"the file is named {file.name} but its pack calls itself {pack.name!r}; they must be the same"
        raise RulePackError(str(file), [Problem(str(file), "$.pack.name", reason)])
    return pack
