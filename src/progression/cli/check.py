"""``progression check``: the conformance check of a pack, from the command line.

A pack written in TOML alone needs no Python to be checked: the command loads it (a file, or an installed
pack by name) and runs :func:`progression.testing.check_pack`, which needs the ``testing`` extra
(Hypothesis).
"""

from __future__ import annotations

import argparse
from typing import Any

from progression.cli.args import UsageError, pairs, resolve_pack
from progression.cli.output import Output

__all__ = ["run_check"]


def _setup(items: list[str]) -> dict[str, dict[str, str]]:
    """``--setup team.roster=human`` as ``{"team": {"roster": "human"}}``."""
    setup: dict[str, dict[str, str]] = {}
    for key, value in pairs(items, "--setup").items():
        kind, dot, option = key.partition(".")
        if not dot or not kind or not option:
            msg = f"--setup: expected KIND.OPTION=VALUE (team.roster=human), got {key}={value}"
            raise UsageError(msg)
        setup.setdefault(kind, {})[option] = value
    return setup


def run_check(args: argparse.Namespace, out: Output) -> int:
    pack = resolve_pack(args.pack)
    try:
        from progression.testing import check_pack
    except ImportError as error:  # Hypothesis is in the testing extra
        msg = f"the conformance check needs Hypothesis: pip install 'progression[testing]' ({error})"
        raise UsageError(msg) from None
    if args.min_coverage is not None and not 0 <= args.min_coverage <= 1:
        msg = f"--min-coverage: expected a share from 0 to 1 (0.8 for four upgrades in five), got {args.min_coverage}"
        raise UsageError(msg)
    report = check_pack(
        pack,
        examples=args.examples,
        steps=args.steps,
        sensible=args.sensible,
        setup=_setup(args.setup) or None,
        min_coverage=args.min_coverage,
        derandomize=args.derandomize,
    )
    if out.json_mode:
        coverage: dict[str, Any] | None = None
        if report.coverage is not None:
            c = report.coverage
            coverage = {
                "bought": list(c.bought),
                "never": list(c.never),
                "share": c.share,
                "deepest": dict(c.deepest),
                "played": dict(c.played),
                "ran": list(c.ran),
                "not_run": list(c.not_run),
            }
        out.json(
            {
                "pack": report.pack,
                "ok": report.ok,
                "checks": list(report.checks),
                "examples": report.examples,
                "steered": report.steered,
                "findings": [{"check": f.check, "where": f.where, "message": f.message} for f in report.findings],
                "skipped": dict(report.skipped),
                "coverage": coverage,
            }
        )
    else:
        out.line(str(report))
        if report.coverage is not None and "coverage" not in report.checks:
            out.line(f"  coverage: {report.coverage}")
    return 0 if report.ok else 1
