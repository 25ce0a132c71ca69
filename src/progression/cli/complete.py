"""``progression complete LINE``: what the last word of a command line may become, for a shell's completion. The
commands and their actions come from the command's parser, a pack's commands and their options from its
declarations (:func:`~progression.cli.contract.option_candidates`), the upgrades of a sheet file and their options
from its pack, and on a ``league`` line what its store holds (:func:`progression.cli.league.candidates`)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from progression.cli.args import pack_for
from progression.cli.contract import after_flag, find, option_candidates
from progression.cli.output import Output

__all__ = ["candidates", "run_complete"]


def _subcommands(node: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The commands a parser's next word names (``league``'s: ``new``, ``team``, ...), none when it has none."""
    for action in node._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _positional(words: Sequence[str]) -> tuple[list[str], argparse.ArgumentParser, bool]:
    """The positional words among ``words``, the parser of the command they name, and whether the last word is
    an option waiting for its value: the word after an option is skipped when the command's parser says that
    option takes a value (``--season 2``)."""
    from progression.cli.parser import parser

    found: list[str] = []
    node, skip = parser(), 0
    for word in words:
        if skip:
            skip -= 1
        elif word.startswith("-"):
            option = node._option_string_actions.get(word)
            # the words an option takes: one, or as many as its nargs says (``--add HOME AWAY``)
            skip = 0 if option is None or option.nargs == 0 else option.nargs if isinstance(option.nargs, int) else 1
        else:
            found.append(word)
            node = _subcommands(node).get(word, node)
    return found, node, skip > 0


def candidates(words: Sequence[str], current: str) -> list[str]:
    """What the word being typed (``current``) may become, after ``words`` (the command line after
    ``progression``): the commands and actions of the command line, a pack's command names and their options,
    from the pack's declarations, and on a ``league`` line what its store holds (:func:`progression.cli.league.candidates`)."""
    from progression.cli.args import resolve_pack
    from progression.cli.files import read_sheet

    plain, node, valued = _positional(words)
    head = plain[:2]
    commands = _subcommands(node)
    if commands and not (words and words[-1].startswith("-")):  # `progression league `: its actions
        return [name for name in commands if name.startswith(current)]
    if plain[:1] == ["league"]:
        from progression.cli.league import candidates as league_candidates

        return league_candidates(plain, words, current, value_of=words[-1] if valued else None)
    if head in (["sheet", "do"], ["sheet", "act"], ["sheet", "explain"]) and len(plain) >= 3:
        family = "explanations" if head[1] == "explain" else "actions"
        pack = pack_for(after_flag(words, "--pack"), read_sheet(plain[2], tampered="read").sheet)  # for names only
        if len(plain) == 3:
            return [name for name in pack.contract.names(family) if name.startswith(current)]
        return option_candidates(find(pack, family, plain[3]), plain[4:], current)
    if head in (["sheet", "buy"], ["sheet", "quote"], ["sheet", "options"]) and len(plain) >= 3:
        return _purchase_candidates(plain, words, current, valued=valued)
    if head == ["sheet", "new"] and words and words[-1] == "--set":
        spec, kind = after_flag(words, "--pack"), after_flag(words, "--kind")
        factory = resolve_pack(spec).contract.find("factories", kind) if spec and kind else None
        given = [words[i + 1] for i, w in enumerate(words[:-1]) if w == "--set"]
        return option_candidates(factory, given, current) if factory is not None else []
    if plain[:1] == ["simulate"] and len(plain) >= 2:
        pack = resolve_pack(plain[1])
        if words and words[-1] == "--param" and len(plain) >= 3:
            given = [words[i + 1] for i, w in enumerate(words[:-1]) if w == "--param"]
            return option_candidates(find(pack, "simulations", plain[2]), given, current)
        if len(plain) == 2 and not (words and words[-1].startswith("-")):
            return [name for name in pack.contract.names("simulations") if name.startswith(current)]
    return []


def _purchase_candidates(plain: Sequence[str], words: Sequence[str], current: str, *, valued: bool) -> list[str]:
    """On ``sheet buy FILE``, ``sheet quote FILE`` and ``sheet options FILE``: the upgrades the sheet (or the
    ``--member`` given) may buy, read from the file and its pack; after ``--choice``, the options the upgrade
    offers it now (``sheet buy FILE basic_skill --choice`` → ``swordplay``, ``archery``, ...)."""
    from progression.cli.files import read_sheet

    sheet = read_sheet(plain[2], tampered="read").sheet  # for names only: a file edited by hand completes too
    pack = pack_for(after_flag(words, "--pack"), sheet)
    member = after_flag(words, "--member")
    if valued:
        if words[-1] != "--choice" or len(plain) < 4 or plain[3] not in pack.upgrades:
            return []
        if not pack.upgrade(plain[3]).takes_choice:
            return []
        return [option for option in pack.options(sheet, plain[3], member=member) if option.startswith(current)]
    if len(plain) != 3 or current.startswith("-"):
        return []
    kind = (sheet if member is None else sheet.member(member)).kind
    return [
        upgrade.id
        for upgrade in pack.upgrades.values()
        if upgrade.id.startswith(current) and (not upgrade.kinds or kind in upgrade.kinds)
    ]


def run_complete(args: argparse.Namespace, out: Output) -> int:
    """Print, one a line, what the last word of a command line may become (for a shell's completion).

    Only the part after the last ``=`` of a candidate is printed when the word typed has one, as shells
    split words there. Nothing is printed for a line it cannot complete, or one naming a file or a pack
    that does not load: completion stays quiet, even on an unexpected error (shown with ``PROGRESSION_DEBUG=1``).
    """
    import os
    import shlex

    from progression.errors import ProgressionError

    line = args.line
    try:
        words = shlex.split(line)
    except ValueError:
        words = None
    if words is None:
        if out.json_mode:
            out.json([])
        return 0
    if words and words[0].endswith("progression"):
        words = words[1:]
    current = "" if not line or line[-1].isspace() or not words else words.pop()
    try:
        found = candidates(words, current)
    except (ProgressionError, OSError):
        found = []
    except Exception:  # a shell runs this at each TAB: an internal error's line would land in the prompt
        if os.environ.get("PROGRESSION_DEBUG"):
            raise
        found = []
    shown = [candidate.rpartition("=")[2] if "=" in current else candidate for candidate in found]
    if out.json_mode:
        out.json(shown)
    for candidate in shown:
        out.line(candidate)
    return 0
