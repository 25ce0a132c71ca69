"""A pack's declared commands on the command line: found by name, their ``key=value`` words read by the
types their declaration gives, and their ``--help`` written from the same declaration."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from progression import RulePack, Sheet
from progression.cli.args import UsageError, pack_for, pairs
from progression.contract import Command
from progression.errors import InvalidInput
from progression.spelling import closest, the_closest

__all__ = ["after_flag", "find", "help_text", "listing", "option_candidates", "read_options"]

#: How the messages name each family: (the command for one, the pack's list of them, the sentence for none).
_WORDS = {
    "actions": ("has no action {name!r}", "its actions: {names}", "it has no action"),
    "explanations": ("explains nothing called {name!r}", "it explains: {names}", "it explains no figure"),
    "reports": ("has no report called {name!r}", "its reports: {names}", "it has no report"),
    "factories": ("has no factory of {name!r}", "its factories: {names}", "it has no factory"),
    "simulations": ("has no simulation {name!r}", "its simulations: {names}", "it has no simulation"),
    "exacts": ("has no exact computation {name!r}", "its exact computations: {names}", "it has none"),
    "tables": ("computes no table {name!r}", "it computes: {names}", "it computes no table"),
}


def find(pack: RulePack, family: str, name: str) -> Command:
    """The command ``name`` of a family of the pack's contract, or a usage error listing the family."""
    found = pack.contract.find(family, name)
    if found is None:
        missing, known, none = _WORDS[family]
        listed = tuple(pack.contract.names(family))
        names = ", ".join(listed)
        msg = f"pack {pack.name!r} {missing.format(name=name)}; {known.format(names=names) if names else none}"
        msg += the_closest(closest(name, listed))
        raise UsageError(msg)
    return found


def read_options(
    command: Command, words: Sequence[str], what: str, *, help_at: str | None = None, called: str | None = None
) -> dict[str, object]:
    """The values of ``key=value`` words, each read by the type its option declares; ``help_at``, the command
    line that prints the command's help, is named by a refusal, and so is ``called``, the command as it was run
    (``league amend``), where it is not the one the options are declared for.

    Raises:
        UsageError: a malformed word, an unknown option, a value not of its type, a required option
            missing: the message names the option, what was expected and what came.
    """
    texts = pairs(words, what)
    try:
        return command.read(texts, called=called)
    except InvalidInput as error:
        msg = str(error) + (f" (see `{help_at}`)" if help_at else "")
        raise UsageError(msg) from None


def listing(command: Command, pack: RulePack | None = None, sheet: Sheet | None = None) -> list[str]:
    """The lines that tell a command's options: ``  number   whole number, required — the match's number``; with
    the ``pack`` and the ``sheet`` it runs on, what an option names on that sheet (a team's positions)."""
    lines = []
    options = command.signature.options
    width = max((len(o.name) for o in options), default=0)
    for option in options:
        if option.required:
            given = "required"
        elif option.default is None and option.kind.family != "optional":
            given = "optional"
        else:
            given = f"default {option.shown_default()}"
        text = f"  {option.name:<{width}}  {option.kind.shown}, {given}"
        here = option.values_on_sheet(pack, sheet) if pack is not None and sheet is not None else {}
        where = f"; on {sheet.name or sheet.kind}: {', '.join(here)}" if here and sheet is not None else ""
        lines.append(text + (f" — {option.doc}" if option.doc else "") + where)
    if command.signature.others is not None:
        lines.append(f"  (and any other KEY=VALUE it knows, as {command.signature.others.shown})")
    return lines


def help_text(command: Command, usage: str, pack: RulePack | None = None, sheet: Sheet | None = None) -> str:
    """The help of one command of a pack: its usage, its doc, and each option with its type and default (and,
    given the sheet it runs on, what an option names there)."""
    lines = [f"usage: {usage}", "", command.summary]
    options = listing(command, pack, sheet)
    lines += ["", "options (KEY=VALUE):", *options] if options else ["", "it takes no options"]
    return "\n".join(lines) + "\n"


def help_for(parser: argparse.ArgumentParser, namespace: argparse.Namespace, family: str, name_attr: str) -> str:
    """The help of the pack command a half-typed command line names (``sheet do FILE match --help``).

    The pack is the sheet file's (``FILE``, or the first of ``FILE...``), or ``--pack``/``PACK``.
    """
    from progression.cli.files import read_sheet

    name = getattr(namespace, name_attr)
    files = getattr(namespace, "files", None) or []
    file = getattr(namespace, "file", None) if family != "factories" else None
    sheet = None
    if file is not None or files:  # read only for its pack: a file edited by hand too
        sheet = read_sheet(file if file is not None else files[0], tampered="read").sheet
        pack = pack_for(getattr(namespace, "pack", None), sheet)
    elif getattr(namespace, "pack", None):
        from progression.cli.args import resolve_pack

        pack = resolve_pack(namespace.pack)
    else:
        msg = f"{parser.prog} {name} --help: name the pack (or the sheet file) first, to learn its options"
        raise UsageError(msg)
    command = find(pack, family, name)
    on = sheet if family == "actions" else None  # an action runs on the sheet: its help says what is there
    return help_text(command, _USAGE[family].format(prog=parser.prog, name=name), pack, on)


#: How each family's command is written, for its help.
_USAGE = {
    "actions": "{prog} FILE {name} [KEY=VALUE ...]",
    "explanations": "{prog} FILE {name} [KEY=VALUE ...]",
    "reports": "{prog} {name} FILE [FILE ...] [--set KEY=VALUE ...]",
    "factories": "{prog} FILE --pack PACK --kind {name} [--set KEY=VALUE ...]",
    "simulations": "{prog} PACK {name} [--param KEY=VALUE ...]",
}


# -- what completion reads from a declaration --------------------------------------------------


def after_flag(words: Sequence[str], flag: str) -> str | None:
    """The value given to ``flag`` among ``words`` (the last one), or None."""
    values = [words[i + 1] for i, word in enumerate(words[:-1]) if word == flag]
    return values[-1] if values else None


def option_candidates(command: Command, given: Sequence[str], current: str) -> list[str]:
    """What ``current`` may become among a command's ``KEY=VALUE`` words: an option's ``key=`` not given yet, or,
    after ``key=``, each value it takes (its choices, ``yes``/``no``)."""
    key, sep, typed = current.partition("=")
    options = {o.name: o for o in command.signature.options}
    if sep:
        option = options.get(key)
        if option is None:
            return []
        return [f"{key}={value}" for value in option.kind.words if value.startswith(typed)]
    taken = {word.partition("=")[0] for word in given}
    return [f"{name}=" for name in options if name.startswith(current) and name not in taken]
