"""``progression demo``: every installed pack tells its demonstration story, step by step.

A pack takes part by declaring a demo (:attr:`Contract.demo <progression.contract.Contract.demo>`):
``demo(pack, say)``, deterministic,
saying each step with what it cost and why. The core has no story of its own: with
no pack installed, the command says which packs to install.
"""

from __future__ import annotations

import argparse

from progression import load
from progression.authoring import pack_entries
from progression.cli.args import UsageError
from progression.cli.output import Output

__all__ = ["INSTALL", "run_demo"]

INSTALL = (
    "install the rule packs: from a clone of the project run `make demo`, or "
    "pip install -e rulepacks/bloodbowl -e rulepacks/competence"
)


def run_demo(args: argparse.Namespace, out: Output) -> int:
    installed = list(pack_entries())
    if not installed:
        msg = f"no rule pack is installed, so there is nothing to demonstrate; {INSTALL}"
        raise UsageError(msg)
    names = args.packs or installed
    packs = [load(name) for name in names]
    with_demo = [(pack, demo) for pack in packs if (demo := pack.contract.demo) is not None]
    if not with_demo:
        msg = f"none of the packs {', '.join(names)} offers a demo (a declared demo); {INSTALL}"
        raise UsageError(msg)
    stories = []
    for index, (pack, demo) in enumerate(with_demo):
        steps: list[str] = []
        if not out.json_mode:
            if index:
                out.line()
            out.line(f"== {pack.title.en} (pack {pack.name} {pack.version}) ==")

        def say(text: str, steps: list[str] = steps) -> None:
            steps.append(str(text))
            out.line(str(text))

        demo(pack, say)
        stories.append({"pack": pack.name, "title": pack.title.en, "steps": steps})
    skipped = [pack.name for pack in packs if pack.contract.demo is None]
    if out.json_mode:
        out.json({"packs": stories, "without_demo": skipped})
    elif skipped:
        out.line()
        out.line(f"(no demo in: {', '.join(skipped)})")
    return 0
