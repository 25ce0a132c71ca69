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
from progression.errors import ProgressionError

__all__ = ["INSTALL", "run_demo"]

INSTALL = (
    "install the rule packs: from a clone of the project run `make demo`, or "
    "pip install -e rulepacks/bloodbowl -e rulepacks/competence"
)


def _demo_packs(installed: list[str]) -> list[str]:
    """The installed packs, of ``installed``, that declare a demo; a pack that does not load is left out (its
    own command says why)."""
    found = []
    for name in installed:
        try:
            pack = load(name)
        except ProgressionError:
            continue
        if pack.contract.demo is not None:
            found.append(name)
    return found


def _none_offers(names: list[str], installed: list[str]) -> str:
    """Why there is no demo to run of the packs ``names``: which of the installed packs declare one, or, when
    none does, what to install."""
    asked = f"pack {names[0]!r} declares" if len(names) == 1 else f"none of the packs {', '.join(names)} declares"
    head = f"{asked} no demo (a demo is a Python function a pack declares in its contract, Contract(demo=...))"
    others = [name for name in _demo_packs(installed) if name not in names]
    if others:
        return f"{head}; the installed packs that do: {', '.join(others)} (`progression demo {others[0]}`)"
    if {"bloodbowl", "competence"} <= set(installed):
        return f"{head}; no installed pack declares one"
    return f"{head}; no installed pack declares one: {INSTALL}"


def run_demo(args: argparse.Namespace, out: Output) -> int:
    installed = list(pack_entries())
    if not installed and not args.packs:
        msg = f"no rule pack is installed, so there is nothing to demonstrate; {INSTALL}"
        raise UsageError(msg)
    names = args.packs or installed
    packs = [load(name) for name in names]
    with_demo = [(pack, demo) for pack in packs if (demo := pack.contract.demo) is not None]
    if not with_demo:
        raise UsageError(_none_offers([pack.name for pack in packs], installed))
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
