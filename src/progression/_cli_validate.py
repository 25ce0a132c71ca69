"""``progression validate``: lint pack files, reporting every problem of every file at once."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ._cli_args import UsageError, is_path, json_option
from ._cli_output import Output
from ._discovery import entries, load
from ._loading import load_file
from .errors import Problem, RulePackError

__all__ = ["register", "validate"]


def register(sub: Any, parents: list[argparse.ArgumentParser]) -> None:
    """Add ``validate``."""
    validate = sub.add_parser(
        "validate",
        parents=[json_option()],
        help="lint a pack file, a folder of them, or an installed pack",
        description="Load each pack and list every problem found, each with its file, key path and reason. "
        "Exit status 0 when every pack loads, 1 when some pack has problems, 2 when PATH is not there.",
    )
    validate.add_argument(
        "path", metavar="PATH", help="a pack TOML file, a folder (searched for *.toml), or a pack name"
    )
    validate.set_defaults(run=run_validate)


def _targets(spec: str) -> list[str]:
    path = Path(spec)
    if path.is_dir():
        files = sorted(str(p) for p in path.rglob("*.toml"))
        if not files:
            msg = f"folder {spec!r} holds no *.toml file to validate"
            raise UsageError(msg)
        return files
    if path.is_file():
        return [spec]
    if not is_path(spec) and spec in entries():
        return [spec]
    msg = f"{spec!r} is neither a pack file, a folder, nor an installed pack (installed: {', '.join(entries()) or 'none'})"
    raise UsageError(msg)


def validate(spec: str) -> dict[str, tuple[Problem, ...]]:
    """Every problem of every pack ``spec`` names, by source (an empty tuple for a pack that loads)."""
    found: dict[str, tuple[Problem, ...]] = {}
    for target in _targets(spec):
        try:
            load_file(target) if Path(target).is_file() else load(target)
        except RulePackError as error:
            found[target] = error.problems
        else:
            found[target] = ()
    return found


def run_validate(args: argparse.Namespace, out: Output) -> int:
    found = validate(args.path)
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
                    }
                    for source, problems in found.items()
                ],
            }
        )
    else:
        for source, problems in found.items():
            if not problems:
                out.line(f"ok   {source}")
                continue
            noun = "problem" if len(problems) == 1 else "problems"
            out.line(f"FAIL {source}: {len(problems)} {noun}")
            for problem in problems:
                out.line(f"  - {problem.reason} @ {problem.path}")
        out.line(f"{len(found) - bad} of {len(found)} packs load")
    return 1 if bad else 0
