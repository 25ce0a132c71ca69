"""``progression validate``: lint pack files, reporting every problem of every file at once."""

from __future__ import annotations

import argparse
import tomllib
from pathlib import Path

from progression import RulePack, load, load_file
from progression.authoring import LARGEST_PACK, pack_entries, pack_files
from progression.cli.args import UsageError, is_path
from progression.cli.output import Output
from progression.disk import read_regular
from progression.errors import Problem, RulePackError
from progression.spelling import closest, the_closest

__all__ = ["run_validate", "untranslated", "validate"]


def is_pack_text(path: Path) -> bool:
    """Whether a TOML file in a folder is meant as a pack: it has a ``[pack]`` table or a ``format`` key.
    A file that does not parse counts as one, so that its error is reported."""
    try:
        data = tomllib.loads(read_regular(path, LARGEST_PACK).decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return True
    return "pack" in data or "format" in data


def folder_files(folder: Path) -> tuple[list[str], list[str]]:
    """The ``*.toml`` files under ``folder`` outside hidden folders (a ``.venv``): the packs to check, and
    those skipped as no pack (a ``pyproject.toml``)."""
    found = sorted(
        p for p in folder.rglob("*.toml") if not any(part.startswith(".") for part in p.relative_to(folder).parts)
    )
    checked = [str(p) for p in found if is_pack_text(p)]
    return checked, [str(p) for p in found if str(p) not in checked]


def _targets(spec: str) -> tuple[dict[str, str | None], list[str]]:
    """The packs to check, each by the source shown and the name it is loaded by (None: loaded as a file, whatever
    it turns out to be), and the files of a folder skipped."""
    path = Path(spec)
    if not is_path(spec) and spec in pack_entries():  # a bare name is the installed pack, whatever the folder holds
        return {spec: spec}, []
    named = pack_files()
    if not is_path(spec) and spec in named:  # or the file of PROGRESSION_PACK_PATH a sheet of it finds, as it finds it
        return {str(named[spec]): spec}, []
    if path.is_dir():
        files, skipped = folder_files(path)
        if not files:
            msg = f"folder {spec!r} holds no pack file (*.toml with a [pack] table or a format key) to validate"
            raise UsageError(msg)
        return dict.fromkeys(files), skipped
    if path.is_file():
        return {spec: None}, []
    installed = list(pack_entries())
    msg = (
        f"{spec!r} is neither a pack file, a folder, an installed pack (installed: {', '.join(installed) or 'none'}),"
        f" nor a pack file of PROGRESSION_PACK_PATH ({', '.join(named) or 'none'})"
        f"{'' if is_path(spec) else the_closest(closest(spec, dict.fromkeys([*installed, *named])))}"
    )
    raise UsageError(msg)


def validate(spec: str) -> tuple[dict[str, tuple[Problem, ...]], list[str]]:
    """Every problem of every pack ``spec`` names, by source (an empty tuple for a pack that loads), and the
    TOML files of a folder skipped as no pack."""
    found, skipped, _ = _loaded(spec)
    return found, skipped


def _loaded(spec: str) -> tuple[dict[str, tuple[Problem, ...]], list[str], dict[str, RulePack]]:
    """What :func:`validate` gives, and each pack that loads, by source."""
    found: dict[str, tuple[Problem, ...]] = {}
    packs: dict[str, RulePack] = {}
    targets, skipped = _targets(spec)
    for target, name in targets.items():
        try:
            packs[target] = load_file(target) if name is None else load(name)
        except RulePackError as error:
            found[target] = error.problems
        else:
            found[target] = ()
    return found, skipped, packs


def untranslated(pack: RulePack) -> dict[str, tuple[str, ...]]:
    """The displayed names that lack a language the pack gives some other name in (beyond those it declares,
    which every name has): ``"pool xp"`` -> the languages missing, for a translator's list."""
    labels = {"pack title": pack.title}
    for what, table in (
        ("currency", pack.currencies),
        ("pool", pack.pools),
        ("stat", pack.stats),
        ("ladder", pack.ladders),
        ("upgrade", pack.upgrades),
        ("kind", pack.kinds),
    ):
        labels |= {f"{what} {ident}": part.label for ident, part in table.items()}
    labels |= {f"band {ladder.id}.{band.id}": band.label for ladder in pack.ladders.values() for band in ladder.bands}
    labels |= {f"name {ident}": label for ident, label in pack.names.items()}
    given = {where: set(label.languages) for where, label in labels.items()}
    used = set().union(*given.values())
    return {where: tuple(sorted(used - codes)) for where, codes in given.items() if used - codes}


def run_validate(args: argparse.Namespace, out: Output) -> int:
    found, skipped, packs = _loaded(args.path)
    missing = {source: untranslated(pack) for source, pack in packs.items()} if args.translations else {}
    bad = sum(1 for problems in found.values() if problems)
    if out.json_mode:
        out.json(
            {
                "ok": not bad,
                "packs": [
                    {
                        "source": source,
                        "ok": not problems,
                        "problems": [{"file": p.source, "path": p.path, "reason": p.reason} for p in problems],
                        **({"untranslated": missing.get(source, {})} if args.translations else {}),
                    }
                    for source, problems in found.items()
                ],
                "skipped": skipped,
            }
        )
    else:
        for source in skipped:
            out.line(f"skip {source}: not a pack file (no [pack] table, no format key)")
        for source, problems in found.items():
            source_id = source
            if not is_path(source) and not Path(source).is_file():
                source = f"{source} (the installed pack" + (
                    f"; the folder ./{source} is validated as ./{source})" if Path(source).is_dir() else ")"
                )
            if not problems:
                out.line(f"ok   {source}")
                for ident, codes in missing.get(source_id, {}).items():
                    out.line(f"  - {ident}: no name in {', '.join(codes)}")
                continue
            noun = "problem" if len(problems) == 1 else "problems"
            out.line(f"FAIL {source}: {len(problems)} {noun}")
            for problem in problems:
                out.line(f"  - {problem.reason} @ {problem.path}")
        out.line(f"{len(found) - bad} of {len(found)} packs load")
    return 1 if bad else 0
