"""The ``progression`` command."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ._discovery import entries
from .errors import ProgressionError


def _packs(args: argparse.Namespace) -> int:
    rows = [{"name": e.name, "version": e.version, "distribution": e.distribution} for e in entries().values()]
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        for row in rows:
            print(f"{row['name']:<14} {row['version']:<10} {row['distribution']}")
    return 0


def _demo(args: argparse.Namespace) -> int:
    print("progression: the packs are not installed yet; see `progression packs`.")
    return 0


def parser() -> argparse.ArgumentParser:
    """The argument parser of the ``progression`` command."""
    top = argparse.ArgumentParser(prog="progression", description="Character progression for games.")
    sub = top.add_subparsers(dest="command", required=True)
    packs = sub.add_parser("packs", help="list the installed rule packs")
    packs.add_argument("--json", action="store_true", help="print JSON")
    packs.set_defaults(run=_packs)
    demo = sub.add_parser("demo", help="run the demonstration")
    demo.set_defaults(run=_demo)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return its exit code (0 ok, 1 refused by the rules, 2 bad usage)."""
    args = parser().parse_args(argv)
    try:
        return int(args.run(args))
    except ProgressionError as error:
        print(f"progression: {error}", file=sys.stderr)
        return 1
