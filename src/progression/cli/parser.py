"""The ``progression`` command's parser: every command, its options and help texts, and nothing else.

Building the parser imports :mod:`argparse` alone. Each command's ``run`` is named by its
module and function and imported when that command runs, so ``progression --help``, a
usage error, and the parse before any command never import the core, cattrs, the
packs, the process pool of ``simulate`` or the optional extras.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any, NoReturn

from progression.cli.numbers import integer

if TYPE_CHECKING:
    from progression.cli.output import Output

__all__ = ["EPILOG", "Parser", "UsageExit", "command", "commands", "parser"]

EPILOG = "exit status: 0 done, 1 refused by the rules, 2 bad usage. `progression COMMAND --help` for each command."
#: What a PACK argument may be.
PACK_HELP = "a pack's name (installed, or NAME.toml in a folder of PROGRESSION_PACK_PATH), or a pack TOML file"
#: ``--from`` of ``table`` and ``plot``.
FROM_HELP = (
    "the level to start from (default: where a new sheet starts, the initial value of the stat the curve prices: "
    "0 for most); the first level shown is the one after it, and totals count from it"
)


class UsageExit(SystemExit):
    """The exit of a command line that does not parse (status 2), with the sentence printed for it."""

    def __init__(self, message: str) -> None:
        super().__init__(2)
        self.message = message


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr, exit status 2, pointing at the help of the
    command they are about, and naming the closest of its words to one it does not know (a command, a choice,
    an option), as every refusal of the library does; it remembers which (sub)command it parsed (``_parser`` on
    the namespace). Every sub-parser is one: ``add_subparsers`` makes its parsers of the parent's class."""

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        # An option the parser does not know is refused before argparse gives the word after it to a positional
        # (`quote FILE --lnag fr level_up` took fr for the upgrade, then refused level_up with --lnag): a command's
        # own parser reads every word after its name; a parser of commands (`progression`, `progression sheet`)
        # the words before the command's name, which are its own (`progression --hlep` said a COMMAND was
        # required, `progression --verison packs` blamed packs).
        commands = any(isinstance(action, argparse._SubParsersAction) for action in self._actions)
        self._refuse_unknown_options(sys.argv[1:] if args is None else args, before_command=commands)
        parsed, extras = super().parse_known_args(args, namespace)
        if not hasattr(parsed, "_parser"):  # the deepest command parsed sets it first
            parsed._parser = self
        return parsed, extras

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """argparse's check that ``value`` is one of the ``action``'s choices (a command, an ``ACTION``, an
        option's value), its refusal ending with the closest (``invalid choice: 'shwo' (choose from ...); the
        closest: show``)."""
        try:
            super()._check_value(action, value)
        except argparse.ArgumentError as refused:
            if action.choices is not None and isinstance(value, str):
                from progression.spelling import closest, the_closest

                refused.message += the_closest(closest(value, [str(choice) for choice in action.choices]))
            raise

    def _refuse_unknown_options(self, words: Sequence[str], *, before_command: bool = False) -> None:
        """Refuse the words argparse would read as options this command does not take (``unknown option
        '--lnag'; the closest: --lang``), all at once; none after ``--``, which ends the options, nor one where
        an option's value is awaited (``-r -oops``: argparse says the option expected one); with
        ``before_command``, only the words before the first positional (the name of the command that reads the
        rest)."""
        unknown, valued = [], []  # ``valued``: those written with a value (``--must_advance=no``)
        awaited = False  # the word before is an option of the command that takes a value, not given with it
        for word in words:
            if word == "--":
                break
            # argparse's own reading of the word: None for a positional (a negative number, a word with a space,
            # a lone "-"); an option it takes, or one it abbreviates; else an unknown one. Python 3.11 gives one
            # (action, option, value) tuple, later versions a list of (action, option, sep, value).
            read = self._parse_optional(word) if word.startswith(tuple(self.prefix_chars)) else None
            if read is None and before_command and not awaited:
                break
            readings = [] if read is None else read if isinstance(read, list) else [read]
            known = [(found[0], found[-1]) for found in readings if found[0] is not None]
            if readings and not known and not awaited:
                unknown.append(word.partition("=")[0])  # ``--lnag=fr``: the option is --lnag
                if "=" in word:
                    valued.append(word)
            awaited = any(action.nargs != 0 and value is None for action, value in known)
        if not unknown:
            return
        from progression.spelling import closest, the_closest

        options = [option for action in self._actions for option in action.option_strings]
        found = dict.fromkeys(option for word in unknown for option in closest(word, options))
        named = ", ".join(repr(word) for word in dict.fromkeys(unknown))
        said = f"unknown option{'s' if len(set(unknown)) > 1 else ''} {named}{the_closest(found)}"
        # ``--must_advance=no`` on a command of KEY=VALUE words: the word meant, without the dashes
        takes_words = any(action.metavar == "KEY=VALUE" and not action.option_strings for action in self._actions)
        if valued and takes_words:
            key, _, value = valued[0].lstrip("-").partition("=")
            said += f"; a KEY=VALUE word is written without dashes: {key.replace('-', '_')}={value}"
        self.error(said)

    def unrecognized(self, words: Sequence[str]) -> NoReturn:
        """Refuse ``words``, which this command does not take, as argparse does, naming its options closest to
        each option given (``--lnag fr``: ``unrecognized arguments: --lnag fr; the closest: --lang``)."""
        from progression.spelling import closest, the_closest

        options = [option for action in self._actions for option in action.option_strings]
        given = [word.partition("=")[0] for word in words if word.startswith("-")]  # ``--lnag=fr`` too
        found = dict.fromkeys(option for word in given for option in closest(word, options))
        self.error(f"unrecognized arguments: {' '.join(words)}{the_closest(found)}")

    def error(self, message: str) -> NoReturn:
        from progression.cli.output import error

        command = self.prog.removeprefix("progression").strip()
        where = f"{command}: " if command else ""  # `error` names the program itself
        said = f"{where}{message} (see `{self.prog} --help`)"
        error(said)
        raise UsageExit(said)


class _Version(argparse._VersionAction):
    """``--version``: the version is read from the installed metadata only when it is asked for."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        from progression import __version__

        self.version = f"progression {__version__}"
        super().__call__(parser, namespace, values, option_string)


class _PackHelp(argparse.Action):
    """``-h``/``--help``: the command's help; once a pack's command is named (``sheet do FILE match --help``),
    that command's own, read from the pack's declaration of it (the pack is loaded only then)."""

    def __init__(
        self,
        option_strings: Sequence[str],
        dest: str,
        family: str = "",
        name: str = "",
        helper: str = "contract:help_for",
        **_: Any,
    ) -> None:
        super().__init__(
            option_strings,
            dest=argparse.SUPPRESS,
            default=argparse.SUPPRESS,
            nargs=0,
            help="show this help and exit; after NAME, the options NAME takes",
        )
        self.family = family
        self.name = name
        #: ``module:function`` of ``progression.cli`` that writes the help (:func:`~progression.cli.contract.help_for`).
        self.helper = helper

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        if not getattr(namespace, self.name, None):
            parser.print_help()
            parser.exit()
        from progression.cli.output import error, one_line
        from progression.errors import ProgressionError

        module, function = self.helper.split(":")
        try:
            text = getattr(import_module(f"{__package__}.{module}"), function)(
                parser, namespace, self.family, self.name
            )
        except ProgressionError as problem:
            error(one_line(problem))
            parser.exit(2)
        import sys

        sys.stdout.write(text)
        parser.exit()


def pack_help(parser: argparse.ArgumentParser, family: str, name: str, helper: str = "contract:help_for") -> None:
    """Give ``parser`` (made with ``add_help=False``) the ``--help`` that knows the pack's command ``name``,
    written by ``helper`` (``module:function`` of ``progression.cli``, given the parser, the namespace, ``family``
    and ``name``)."""
    parser.add_argument("-h", "--help", action=_PackHelp, family=family, name=name, helper=helper)


def command(module: str, function: str) -> Callable[[argparse.Namespace, Output], int]:
    """A command's ``run``: ``function`` of ``progression.<module>``, imported when the command runs."""

    def run(args: argparse.Namespace, out: Output) -> int:
        found: Callable[[argparse.Namespace, Output], int] = getattr(import_module(f"{__package__}.{module}"), function)
        return found(args, out)

    run.__qualname__ = run.__name__ = function
    run.module = f"{__package__}.{module}"  # type: ignore[attr-defined]  # what `commands` lists
    return run


def commands() -> list[str]:
    """The module of every command's ``run``, each once (what a process that runs many commands imports first)."""
    found: set[str] = set()

    def walk(node: argparse.ArgumentParser) -> None:
        for action in node._actions:
            if isinstance(action, argparse._SubParsersAction):
                for child in action.choices.values():
                    walk(child)
        module = getattr(node.get_default("run"), "module", None)
        if module is not None:
            found.add(module)

    walk(parser())
    return sorted(found)


@functools.cache
def parser() -> argparse.ArgumentParser:
    """The argument parser of the ``progression`` command, built once per process (parsing leaves it as it was)."""
    top = Parser(
        prog="progression",
        description="Character progression for games: rule packs, cost tables, sheet files, simulations.",
        epilog=EPILOG,
    )
    top.add_argument("--version", action=_Version)
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _packs_and_show(sub)
    _table(sub)
    sheet = sub.add_parser(
        "sheet",
        help="keep a character or a team in a JSON file",
        description="Create, look at and change a sheet file. Every change is written atomically; a refused "
        "change leaves the file as it was; a file changed by someone else meanwhile is not overwritten.",
        epilog=EPILOG,
    )
    actions = sheet.add_subparsers(dest="action", required=True, metavar="ACTION")
    _sheet_changes(actions)
    _sheet_looks(actions)
    _league(sub)
    _campaign(sub)
    _plot(sub)
    _simulate(sub)
    _validate(sub)
    _check(sub)
    _demo(sub)
    _complete(sub)
    _server(sub)
    return top


# -- options shared by several commands -----------------------------------------------


def json_option() -> argparse.ArgumentParser:
    """A parent parser giving ``--json``."""
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--json", action="store_true", help="print JSON instead of text")
    return parent


def language_code(text: str) -> str:
    """A ``--lang`` value: a lowercase code of 2 or 3 letters (``en``, ``fr``, ``de``), checked against the pack's
    languages once the pack is known (:func:`progression.cli.args.language`)."""
    if not (text.isascii() and text.isalpha() and text.islower() and 2 <= len(text) <= 3):
        msg = f"expected a lowercase language code of 2 or 3 letters (en, fr, de), got {text!r}"
        raise argparse.ArgumentTypeError(msg)
    return text


def lang_option() -> argparse.ArgumentParser:
    """A parent parser giving ``--lang CODE``: any code of 2 or 3 letters here, checked against the languages of
    the pack once it is known (:func:`progression.cli.args.language`)."""
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument(
        "--lang",
        type=language_code,
        default=None,
        metavar="CODE",
        help="language of displayed names, one the pack declares (default: the pack's first, en for the shipped packs)",
    )
    return parent


def add_dice_options(parser: argparse.ArgumentParser) -> None:
    """``--seed N`` and ``--dice 3,5,...``; with neither, a roll asks for its result on stdin."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--seed", type=integer, metavar="N", help="roll seeded pseudo-random dice")
    group.add_argument(
        "--dice",
        metavar="R,R,...",
        help="results of physical dice, in the order they are rolled (all must be used); end with ? "
        "(--dice '?' or --dice '3,?', quoted for the shell) to be told which roll comes next, without running the command",
    )


def pack_parent() -> argparse.ArgumentParser:
    """``--pack`` for the commands that read sheet files."""
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument(
        "--pack",
        metavar="PACK",
        help="the pack's name or TOML file, when it is not the pack the sheet names (installed, or its file in "
        "PROGRESSION_PACK_PATH)",
    )
    return parent


def file_parent() -> argparse.ArgumentParser:
    """``FILE`` and ``--pack`` for every sheet command."""
    parent = argparse.ArgumentParser(add_help=False, parents=[pack_parent()])
    parent.add_argument("file", metavar="FILE", help="the sheet file (JSON)")
    return parent


def member_parent() -> argparse.ArgumentParser:
    """``--member ID`` to act on one member of a roster sheet."""
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--member", metavar="ID", help="act on this member of a roster (a player of a team)")
    return parent


# -- show ------------------------------------------------------------------------------


# -- the commands ----------------------------------------------------------------------


def _packs_and_show(sub: Any) -> None:
    """Add ``packs`` and ``show``."""
    packs = sub.add_parser(
        "packs",
        parents=[json_option()],
        help="list the rule packs: installed, and pack files of PROGRESSION_PACK_PATH",
        description="Name, version, distribution and title of every installed pack, then of each pack file "
        "(NAME.toml) in the folders of PROGRESSION_PACK_PATH, its path in the distribution's column.",
    )
    packs.set_defaults(run=command("packs", "run_packs"))
    show = sub.add_parser(
        "show",
        parents=[json_option(), lang_option()],
        help="what a pack defines",
        description="Currencies, pools, stats, curves, ladders, upgrades, kinds of sheet, data tables, "
        "and the commands the pack declares for the command line (actions, explanations, reports, factories, "
        "simulations, exact computations, computed tables, tune, demo), each with its options.",
    )
    show.add_argument("pack", metavar="PACK", help=PACK_HELP)
    show.set_defaults(run=command("packs", "run_show"))


def _table(sub: Any) -> None:
    """Add ``table``."""
    table = sub.add_parser(
        "table",
        parents=[json_option(), lang_option()],
        help="cost tables with cumulative totals and bands",
        description="For each curve: the cost of every level, the total from --from (by default where a new "
        "sheet starts: the initial value of the stat the curve prices, 0 for most), and the band of every ladder "
        "read on the quantity the curve prices. --by N groups levels N at a time (the competence table by tens). "
        "A level past the last one a purchase is priced at has no price, and a sentence under the table says "
        "which rule stops the purchases there. A NAME that is not a curve is one of the pack's data tables (dotted path) or a table it computes.",
    )
    table.add_argument("pack", metavar="PACK", help=PACK_HELP)
    table.add_argument("names", nargs="*", metavar="CURVE", help="curves or tables to print (default: every curve)")
    table.add_argument("--from", dest="start", type=integer, metavar="N", help=FROM_HELP)
    table.add_argument(
        "--to",
        dest="end",
        type=integer,
        metavar="N",
        help="last level (default: 20 levels past --from, or 10 groups with --by; fewer when the rules stop the "
        "curve's purchases first, at the last level one is priced at, or the curve ends first)",
    )
    table.add_argument("--by", type=integer, default=1, metavar="N", help="group levels N at a time")
    table.set_defaults(run=command("tables", "run_table"))


def _sheet_changes(actions: Any) -> None:
    """Add new, award, buy, decide, discard, mark, undo and do to the ``sheet`` subcommands."""
    shown = [json_option(), lang_option()]
    base = [file_parent(), member_parent(), *shown]

    new = actions.add_parser(
        "new",
        parents=shown,
        add_help=False,
        help="create a sheet file",
        description="Create a sheet of KIND (the pack's one kind when --kind is left out and it has one). A pack may offer a factory for the kind (a team drafted from a roster); "
        "--set options go to it. Without one, --set gives starting pools and stats (key=whole number).",
    )
    new.add_argument("file", metavar="FILE", help="the sheet file to create")
    new.add_argument("--pack", required=True, metavar="PACK", help=PACK_HELP)
    new.add_argument(
        "--kind",
        metavar="KIND",
        help="the kind of sheet (see `progression show PACK`); by default the pack's one kind, when it has one",
    )
    new.add_argument("--name", default="", metavar="NAME", help="the subject's name")
    new.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="a setting (repeatable)")
    new.add_argument("--force", action="store_true", help="replace FILE if it exists")
    pack_help(new, "factories", "kind")
    new.set_defaults(run=command("sheet_change", "run_new"))

    award = actions.add_parser("award", parents=base, help="give points to a pool", description="Give points.")
    award.add_argument("pool", metavar="POOL", help="the pool given the points (`sheet show FILE` lists them)")
    award.add_argument("amount", metavar="AMOUNT", type=integer, help="how many points, a whole number above 0")
    award.add_argument("-r", "--reason", required=True, help="why the points were given (kept in the ledger)")
    award.set_defaults(run=command("sheet_change", "run_award"))

    buy = actions.add_parser(
        "buy",
        parents=[*base],
        help="buy an upgrade",
        description="Buy UPGRADE. A random procedure rolls dice (--seed, --dice, or asked on stdin) and may stop "
        "to wait for a decision: answer it with `sheet decide`, or give it beforehand with --decide.",
    )
    buy.add_argument(
        "upgrade", metavar="UPGRADE", help="the upgrade bought (`sheet options FILE` lists what may be bought)"
    )
    buy.add_argument("--choice", metavar="ID", help="the option chosen (a skill, a quality)")
    buy.add_argument(
        "--pay",
        action="append",
        default=[],
        metavar="POOL=N",
        help="pay N from POOL, by its id or displayed name (repeatable)",
    )
    buy.add_argument(
        "--arg", action="append", default=[], metavar="NAME=VALUE", help="an argument the upgrade takes (repeatable)"
    )
    buy.add_argument("--decide", action="append", default=[], metavar="OPTION", help="answer a question in advance")
    buy.add_argument("--override", metavar="REASON", help="a GM override, with the reason written in the ledger")
    buy.add_argument(
        "--bypass", action="append", default=[], metavar="KEY", help="what the override waives: requires, limit, gate"
    )
    add_dice_options(buy)
    buy.set_defaults(run=command("sheet_change", "run_buy"))

    decide = actions.add_parser(
        "decide", parents=base, help="answer the question a purchase waits on", description="Answer a question."
    )
    decide.add_argument("choice", metavar="OPTION", help="one of the options the question offers (`sheet show FILE`)")
    add_dice_options(decide)
    decide.set_defaults(run=command("sheet_change", "run_decide"))

    discard = actions.add_parser(
        "discard", parents=base, help="lose the points a pool holds over its cap", description="Discard surplus."
    )
    discard.add_argument("pool", metavar="POOL", help="the pool over its cap")
    discard.add_argument("-r", "--reason", default="surplus discarded", help="why (kept in the ledger)")
    discard.set_defaults(run=command("sheet_change", "run_discard"))

    marked = actions.add_parser(
        "mark", parents=[file_parent(), *shown], help="add a milestone to the ledger", description="Add a mark."
    )
    marked.add_argument("label", metavar="LABEL", help='e.g. "session 3"; see it again with `sheet show --as-of`')
    marked.set_defaults(run=command("sheet_change", "run_mark"))

    undone = actions.add_parser(
        "undo", parents=[file_parent(), *shown], help="take back the last entries", description="Undo entries."
    )
    undone.add_argument("-n", "--steps", type=integer, default=1, metavar="N", help="how many entries (default 1)")
    undone.set_defaults(run=command("sheet_change", "run_undo"))

    do = actions.add_parser(
        "do",
        aliases=["act"],
        parents=[file_parent(), *shown],
        add_help=False,
        help="run one of the pack's actions (record a match, a test)",
        description="Run the pack's action ACTION with KEY=VALUE options, each read by the type the pack "
        "declares for it. `progression sheet do FILE ACTION --help` lists its options; "
        "`progression show PACK` lists the actions a pack offers.",
    )
    do.add_argument("action", metavar="ACTION", help="the pack's action (`progression show PACK` lists them)")
    do.add_argument("options", nargs="*", metavar="KEY=VALUE", help="an option of the action (`... ACTION --help`)")
    pack_help(do, "actions", "action")
    add_dice_options(do)
    do.set_defaults(run=command("sheet_change", "run_do"))

    verify = actions.add_parser(
        "verify",
        parents=[file_parent(), *shown],
        help="check the history against the rules",
        description="Run every recorded operation again under the pack's rules, with its recorded rolls, and "
        "report each entry that comes out otherwise (edited by hand, made by another version, or under other "
        "rules). Exits with 1 when an entry diverges.",
    )
    verify.set_defaults(run=command("history", "run_verify"))

    amend = actions.add_parser(
        "amend",
        parents=[file_parent(), *shown],
        help="correct an old entry and run the later ones again",
        description="Replace the operation of entry N (numbered as `sheet history` numbers them) with KEY=VALUE "
        "changes to its fields, run every later entry again (reusing its recorded rolls), and print what became "
        "of each: holds, changed, or refused. Lists are written a,b; mappings name:value;name:value; whole numbers "
        "of a fixed count 2,1 or 2-1; no value none. The words of the action that made the entry are taken too: "
        "a Blood Bowl match's as `sheet do match` takes them (score=1-1 nominees=2,3 attendance=6), or by its "
        "record's fields (match.score=1,1 match.mvp_nominees=2,3 match.fan_attendance=6).",
    )
    amend.add_argument("entry", metavar="N", help="the entry to correct")
    amend.add_argument("changes", nargs="+", metavar="KEY=VALUE", help="a field of its operation and its new value")
    _history_options(amend, "run_amend")

    rebase = actions.add_parser(
        "rebase",
        parents=[file_parent(), *shown],
        help="run the whole history again under the pack's present rules",
        description="Run every entry again under the rules the pack has now (after an errata or a new version), "
        "and print what changed for each entry.",
    )
    _history_options(rebase, "run_rebase")


def _history_options(parser: argparse.ArgumentParser, run: str) -> None:
    """The options shared by amend and rebase, and the function that runs the command."""
    parser.add_argument("--dry-run", action="store_true", help="print what would change, write nothing")
    parser.add_argument(
        "--invalid",
        choices=("refuse", "drop", "stop"),
        default="refuse",
        help="what to do with later entries made invalid: refuse the change (default), drop them, or stop before them",
    )
    add_dice_options(parser)
    parser.set_defaults(run=command("history", run))


def _sheet_looks(actions: Any) -> None:
    """Add show, history, options and quote to the ``sheet`` subcommands."""
    base = [file_parent(), member_parent(), json_option(), lang_option()]
    show = actions.add_parser(
        "show", parents=base, help="what a sheet holds", description="Pools, stats and their bands, owned items."
    )
    show.add_argument("--as-of", metavar="N|MARK", help="the sheet as it was after N entries, or at a mark")
    show.set_defaults(run=command("sheet", "run_show"))

    history = actions.add_parser(
        "history", parents=base, help="the ledger, one line per entry", description="Every entry of the ledger."
    )
    history.set_defaults(run=command("sheet", "run_history"))

    explain = actions.add_parser(
        "explain",
        parents=[file_parent(), json_option()],
        add_help=False,
        help="how a figure of the sheet was reached, item by item",
        description="Run the pack's explanation NAME (a player's value, a team's TV or CTV, a treasury) "
        "with KEY=VALUE options: every item with the rule it applies, then the total. "
        "`progression sheet explain FILE NAME --help` lists its options; "
        "`progression show PACK` lists what a pack explains.",
    )
    explain.add_argument("name", metavar="NAME", help="what is explained (`progression show PACK` lists it)")
    explain.add_argument("options", nargs="*", metavar="KEY=VALUE", help="an option of it (`... NAME --help`)")
    pack_help(explain, "explanations", "name")
    explain.set_defaults(run=command("sheet", "run_explain"))

    report = actions.add_parser(
        "report",
        parents=[pack_parent(), json_option()],
        add_help=False,
        help="a table over several sheet files (a league's standings)",
        description="Run the pack's report NAME over every sheet file given, all made with the same pack, "
        "with --set KEY=VALUE options; print the rows it returns. "
        "`progression show PACK` lists the reports a pack offers and their options.",
    )
    report.add_argument("name", metavar="NAME", help="the pack's report (`progression show PACK` lists them)")
    report.add_argument("files", nargs="+", metavar="FILE", help="the sheet files (JSON)")
    report.add_argument(
        "--set", dest="options", action="append", default=[], metavar="KEY=VALUE", help="an option of the report"
    )
    pack_help(report, "reports", "name")
    report.set_defaults(run=command("sheet", "run_report"))

    roster = actions.add_parser(
        "roster",
        parents=[file_parent(), json_option()],
        help="the page a roster sheet prints (a team's roster sheet)",
        description="Print the roster of the sheet FILE as its pack lays it out (a Blood Bowl team: each player's "
        "profile in the book's notation, skills, SPP, value, then the staff, treasury and team values); a pack "
        "that declares no roster page lists each member's pools and stats. A table at a terminal, plain text "
        "when piped, --json, or --format html for a standalone page to print.",
    )
    roster.add_argument(
        "--format", choices=("text", "html"), default="text", help="text (the default) or a standalone HTML page"
    )
    roster.set_defaults(run=command("roster", "run_roster"))

    options = actions.add_parser(
        "options",
        parents=base,
        help="what the sheet may buy now, and why not",
        description="Without UPGRADE: every upgrade the sheet's kind may buy, with its price and what blocks it. "
        "With UPGRADE: each choice it offers (a skill, a quality), priced.",
    )
    options.add_argument("upgrade", metavar="UPGRADE", nargs="?", help="list the choices of this upgrade")
    options.set_defaults(run=command("sheet", "run_options"))

    quote = actions.add_parser(
        "quote",
        parents=base,
        help="the price of a purchase and every reason it would be refused",
        description="Ask before buying: the price, how it would be paid, and every unmet rule. Exit 0 either way.",
    )
    quote.add_argument("upgrade", metavar="UPGRADE", help="the upgrade asked about (`sheet options FILE` lists them)")
    quote.add_argument("--choice", metavar="ID", help="the option chosen (a skill, a quality)")
    quote.add_argument(
        "--pay",
        action="append",
        default=[],
        metavar="POOL=N",
        help="pay N from POOL, by its id or displayed name (repeatable)",
    )
    quote.add_argument(
        "--arg", action="append", default=[], metavar="NAME=VALUE", help="an argument the upgrade takes (repeatable)"
    )
    quote.set_defaults(run=command("sheet", "run_quote"))


def _league(sub: Any) -> None:
    """Add ``league`` and its commands."""
    league = sub.add_parser(
        "league",
        help="a league kept in one store: teams, fixtures, matches recorded once for both sides",
        description="A league of a pack that declares one (bloodbowl), kept in a store (a SQLite file, or a "
        "postgresql:// connection string): its teams, its fixtures, each match recorded once for both teams in "
        "one transaction, and the standings, leaders, rosters, careers and history read back from it.",
        epilog=EPILOG,
    )
    commands = league.add_subparsers(dest="action", required=True, metavar="ACTION")
    shown = [json_option()]

    def store(name: str, run: str, **texts: Any) -> argparse.ArgumentParser:
        made: argparse.ArgumentParser = commands.add_parser(name, parents=shown, **texts)
        made.add_argument("file", metavar="FILE", help="the league's store (a SQLite file)")
        made.set_defaults(run=command("league", run))
        return made

    def season(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--season", type=integer, metavar="N", help="the season (default: the one being played)")

    new = commands.add_parser(
        "new", parents=shown, help="make a league in a new store", description="Make a league of PACK called NAME."
    )
    new.add_argument("file", metavar="FILE", help="the store to make (a new SQLite file)")
    new.add_argument("--pack", required=True, metavar="PACK", help="a pack that declares a league (bloodbowl)")
    new.add_argument("--name", required=True, metavar="NAME", help="the league's name")
    new.set_defaults(run=command("league", "run_new"))

    team = commands.add_parser(
        "team", help="add, import or export the league's teams", description="The league's teams, as sheet files."
    )
    teams = team.add_subparsers(dest="team_action", required=True, metavar="ACTION")
    add = teams.add_parser(
        "add",
        parents=shown,
        help="store team files, each under its file's name",
        description="Store each team sheet file (verified first) under the id its file name gives: anvils.json "
        "is the team anvils. Every file is read before any is stored; all are stored in one transaction, or none.",
    )
    add.add_argument("file", metavar="FILE", help="the league's store")
    add.add_argument("teams", nargs="+", metavar="TEAMFILE", help="team sheet files (JSON)")
    add.set_defaults(run=command("league", "run_team_add"))
    imported = teams.add_parser(
        "import",
        parents=shown,
        help="store one team file under the id given, or bring a team's file back",
        description="Store the team sheet file TEAMFILE (verified first) under the id TEAM. When TEAM is a team of "
        "the league, the file is that team's, exported and changed by its coach (his post-match sequence): the "
        "entries it adds past the stored team are stored, each run through the rules again. Its history must extend "
        "the stored one (every stored entry, unchanged, in its place) and it may add only what a team runs on "
        "itself (`league do`): a match is recorded with `league record`. A file edited by hand is refused, and so "
        "is a team of the league under another id.",
    )
    imported.add_argument("file", metavar="FILE", help="the league's store")
    imported.add_argument("team", metavar="TEAM", help="the team's id in the league")
    imported.add_argument("teamfile", metavar="TEAMFILE", help="the team sheet file (JSON)")
    imported.set_defaults(run=command("league", "run_import"))
    export = teams.add_parser(
        "export",
        parents=shown,
        help="write a team to a sheet file",
        description="Write the team TEAM to the sheet file OUT (sealed), for its coach to carry.",
    )
    export.add_argument("file", metavar="FILE", help="the league's store")
    export.add_argument("team", metavar="TEAM", help="the team's id in the league")
    export.add_argument("out", metavar="OUT", help="the sheet file to write")
    export.add_argument("--force", action="store_true", help="replace OUT if it exists")
    export.set_defaults(run=command("league", "run_export"))

    fixtures = store(
        "fixtures",
        "run_fixtures",
        help="list the fixtures of a season, or make them",
        description="List the fixtures of a season. --schedule round-robin first makes the current season's "
        "fixtures: every team meets every other once (--legs 2: twice), one team sitting out each round when "
        "there is an odd number. --add adds one fixture, --remove one not recorded yet.",
    )
    season(fixtures)
    fixtures.add_argument("--schedule", metavar="KIND", help="make the current season's fixtures (round-robin)")
    fixtures.add_argument(
        "--legs", type=integer, metavar="N", help="with --schedule: meetings of each pair (default 1)"
    )
    fixtures.add_argument(
        "--add",
        nargs=2,
        action="append",
        metavar=("HOME", "AWAY"),
        help="add one fixture to the current season (a play-off, a final), after the schedule or without one",
    )
    fixtures.add_argument(
        "--round",
        type=integer,
        metavar="N",
        help="with --add: the fixture's round (default: the round after both teams' last fixture)",
    )
    fixtures.add_argument(
        "--remove",
        type=integer,
        metavar="N",
        help="remove fixture N of the current season, not recorded yet (the others keep their numbers)",
    )

    record = store(
        "record",
        "run_record",
        help="record one match, both sides, on both teams at once",
        description="Record FIXTURE of the current season as played, with both sides' KEY=VALUE words (each "
        'side\'s prefixed home. or away.: home.score=2 away.score=1 home.events="1:touchdown*2;3:completion" '
        'away.injuries="2:badly_hurt"), on both teams in one transaction: both change, or neither. '
        "`progression show PACK` lists the words a pack's league takes. Dice: --seed, --dice, or asked.",
    )
    record.add_argument("fixture", metavar="FIXTURE", help="the fixture's number in the season")
    record.add_argument("options", nargs="*", metavar="KEY=VALUE", help="the match, both sides")
    add_dice_options(record)

    do = commands.add_parser(
        "do",
        parents=shown,
        add_help=False,
        help="run one of a team's own actions: an advancement, a hire, Expensive Mistakes",
        description="Run the pack's action ACTION on the team TEAM kept in the league, with KEY=VALUE options "
        "read by the types the pack declares, as `sheet do` runs it on a team file, in one transaction: the "
        "team's own post-match sequence (bloodbowl: advance, decide, hire, fire, staff, retire, hire_journeyman, "
        "close, journeymen) and its draft (end_draft). A match goes through `league record`, and an action the "
        "league runs otherwise is refused, saying what to use. `progression league do FILE TEAM ACTION --help` "
        "lists the action's options. Dice: --seed, --dice, or asked.",
    )
    do.add_argument("file", metavar="FILE", help="the league's store (a SQLite file)")
    do.add_argument("team", metavar="TEAM", help="the team's id in the league")
    do.add_argument("action", metavar="ACTION", help="the pack's action (`progression show PACK` lists them)")
    do.add_argument("options", nargs="*", metavar="KEY=VALUE", help="an option of the action (`... ACTION --help`)")
    pack_help(do, "actions", "action", helper="league:action_help")
    add_dice_options(do)
    do.set_defaults(run=command("league", "run_do"))

    amend = store(
        "amend",
        "run_amend",
        help="correct a recorded match on both teams",
        description="Correct FIXTURE with the KEY=VALUE words that change (as `league record` writes them; the "
        "others stay as recorded): both teams' entries of the match are replaced and every later entry of each "
        "is run again, in one transaction; print what became of each.",
    )
    amend.add_argument("fixture", metavar="FIXTURE", help="the fixture's number in the season")
    amend.add_argument("changes", nargs="+", metavar="KEY=VALUE", help="what changes")
    season(amend)
    amend.add_argument(
        "--invalid",
        choices=("refuse", "drop", "stop"),
        default="refuse",
        help="what to do with later entries made invalid: refuse the change (default), drop them, or stop before them",
    )
    amend.add_argument("--dry-run", action="store_true", help="print what would change on both teams, write nothing")
    amend.add_argument(
        "--keep-prizes",
        action="store_true",
        help="amend a match of a season whose play-off prizes were given even when its table changes (the prizes "
        "stand as given; without it, such an amendment is refused)",
    )
    add_dice_options(amend)

    standings = store("standings", "run_standings", help="the league table", description="The table of a season.")
    season(standings)
    standings.add_argument("--bonus", action="store_true", help="count the optional bonus points")

    leaders = store(
        "leaders", "run_leaders", help="the players leading a figure", description="The players leading a figure."
    )
    leaders.add_argument(
        "--what", metavar="FIGURE", help="the figure (bloodbowl: touchdowns, casualties, completions, mvps, spp)"
    )
    season(leaders)
    leaders.add_argument("--top", type=integer, default=5, metavar="N", help="how many players (default 5)")

    roster = store(
        "roster",
        "run_roster",
        help="a team's printable roster",
        description="The roster page of team TEAM, as `sheet roster` prints a team file: a table at a terminal, "
        "plain text when piped, --json, or --format html for a standalone page to print.",
    )
    roster.add_argument("team", metavar="TEAM", help="the team's id in the league")
    roster.add_argument(
        "--format", choices=("text", "html"), default="text", help="text (the default) or a standalone HTML page"
    )

    player = store(
        "player", "run_player", help="a player's career", description="A player's figures, season by season."
    )
    player.add_argument("team", metavar="TEAM", help="the team's id in the league")
    player.add_argument(
        "player", metavar="PLAYER", help="the player's id on the team, or his name (a player the team had too)"
    )

    history = store("history", "run_history", help="a team's results", description="Every result of a team.")
    history.add_argument("team", metavar="TEAM", help="the team's id in the league")

    _league_season_end(commands, store, shown)

    store(
        "verify",
        "run_verify",
        help="check every team and every played fixture",
        description="Run every team's history again under the rules, and check that each played fixture is "
        "the match both teams' entries hold. A record of the league edited in the database (its settings, a "
        "fixture: not JSON, what no league writes, a team the store does not hold) is listed, naming it. Exits "
        "with 1 when something does not hold.",
    )

    rebase = store(
        "rebase",
        "run_rebase",
        help="run every team again under the pack's present rules",
        description="Run every team's history again under the rules the pack has now (after a new version of its "
        "data, when the league's next change is refused until it is rebased), in one transaction, and print what "
        "became of each entry of each team, as `sheet rebase` prints a file's. An entry the new rules refuse "
        "refuses the whole rebase and nothing is written (exit 1): the fixtures name the teams' entries by number, "
        "so no entry may be left out.",
    )
    rebase.add_argument("--dry-run", action="store_true", help="print what would change, write nothing")
    add_dice_options(rebase)


def _league_season_end(commands: Any, store: Callable[..., argparse.ArgumentParser], shown: list[Any]) -> None:
    """Add ``league prizes``, ``league redraft`` and ``league new-season``: the end of a season."""
    store(
        "prizes",
        "run_prizes",
        help="give the season's play-off prizes and the League Trophy",
        description="Give the current season's play-off prizes once, in one transaction: first=TEAM second=TEAM "
        "third=TEAM (bloodbowl: 100,000, 60,000 and 30,000 gp into the treasury; the winner takes the League "
        "Trophy, a free extra team re-roll, from the team that held it). Every fixture of the season must be "
        "recorded, and every placed team's last match closed (`league do FILE TEAM close number=N`).",
    ).add_argument("places", nargs="+", metavar="PLACE=TEAM", help="a play-off place and its team (first=anvils)")

    redraft = commands.add_parser(
        "redraft",
        parents=shown,
        add_help=False,
        help="give a team's re-draft for the season's end, or list those given",
        description="Keep the re-draft of team TEAM for the end of the current season, with KEY=VALUE words as "
        "`sheet do FILE redraft` takes them on a team file (bloodbowl: keep=1,2,3 players=POSITION:NAME;... "
        "rerolls=N assistant_coaches=N cheerleaders=N apothecary=yes dedicated_fans=N cap=GOLD|none). It is "
        "tried at once on the team as it stands, and shown; what the rules refuse (over budget, fewer than 11 "
        "players) is refused now and nothing is kept. Given again, it replaces the one kept; --withdraw leaves "
        "the team the plain off-season. `league new-season` runs every team's season's end at once. Without "
        "TEAM, list the re-drafts kept. `progression league redraft FILE TEAM --help` lists the words.",
    )
    redraft.add_argument("file", metavar="FILE", help="the league's store (a SQLite file)")
    redraft.add_argument("team", nargs="?", metavar="TEAM", help="the team's id in the league")
    redraft.add_argument("options", nargs="*", metavar="KEY=VALUE", help="the team's choices (`... TEAM --help`)")
    redraft.add_argument("--withdraw", action="store_true", help="withdraw the team's re-draft")
    pack_help(redraft, "", "team", helper="league:redraft_help")
    redraft.set_defaults(run=command("league", "run_redraft"))

    new_season = store(
        "new-season",
        "run_new_season",
        help="end the season for every team at once and start the next",
        description="End the current season for every team of the league and start the next, in one "
        "transaction: each team runs the re-draft `league redraft` kept for it, or the plain off-season "
        "(bloodbowl: Miss Next Game cleared, each Niggling Injury rolled off on a D6 4+, temporarily retired "
        "players back). Every fixture of the season must be recorded and every team's last match closed; every "
        "team moves on, or none. Dice: --seed, --dice, or asked.",
    )
    new_season.add_argument(
        "--retirement",
        metavar="RULE",
        help="what becomes of temporarily retired players (bloodbowl: fit, the default, or roll)",
    )
    add_dice_options(new_season)


def _campaign(sub: Any) -> None:
    """Add ``campaign`` and its commands."""
    campaign = sub.add_parser(
        "campaign",
        help="a campaign's party kept in one store: characters, a session's awards to several at once",
        description="A party of a pack that declares a campaign (competence), kept in a store (a SQLite file, or "
        "a postgresql:// connection string): its characters, each a sheet, and the campaign's tuning, kept in the "
        "store itself (no campaign file is read after `campaign new`). A session's points go to several "
        "characters in one transaction; every change goes through the rules.",
        epilog=EPILOG,
    )
    commands = campaign.add_subparsers(dest="action", required=True, metavar="ACTION")
    # Every campaign command prints text, so each takes --lang (checked against the pack's languages before
    # anything is written).
    worded = [json_option(), lang_option()]

    def store(name: str, run: str, parents: list[argparse.ArgumentParser] = worded, **texts: Any) -> Any:
        made = commands.add_parser(name, parents=parents, **texts)
        made.add_argument("file", metavar="FILE", help="the party's store (a SQLite file)")
        made.set_defaults(run=command("campaign", run))
        return made

    def character(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("character", metavar="CHARACTER", help="the character's id in the party")

    new = commands.add_parser(
        "new",
        parents=worded,
        help="make a party in a new store",
        description="Make a party of PACK called NAME in the new store FILE. --set KEY=VALUE words tune its campaign "
        "(competence: campaign=FILE.toml, a campaign of your own, whose text is stored in the store; "
        "settings=FILE.toml; quality_base=N, quality_step=N, level_divisor=N, die_size=N). "
        "`progression show PACK` lists the words a pack's campaign takes.",
    )
    new.add_argument("file", metavar="FILE", help="the store to make (a new SQLite file)")
    new.add_argument(
        "--set",
        dest="tuning",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="the campaign's tuning (repeatable)",
    )
    new.add_argument("--pack", required=True, metavar="PACK", help="a pack that declares a campaign (competence)")
    new.add_argument("--name", required=True, metavar="NAME", help="the party's name")
    new.set_defaults(run=command("campaign", "run_new"))

    people = commands.add_parser(
        "character", help="add a character to the party", description="The party's characters."
    )
    people_commands = people.add_subparsers(dest="character_action", required=True, metavar="ACTION")
    add = people_commands.add_parser(
        "add",
        parents=worded,
        help="make a new character, with its starting levels",
        description="Make a new character of the party's campaign under the id CHARACTER. Each --set COMPETENCE=LEVEL "
        "word sets a starting level (competence: escrime=20 danse=5); a starting level costs no points and "
        "passes no gate, as a game master sets up a character. The others start at 0 (Ignorant). "
        "`progression campaign party FILE` lists the competences.",
    )
    add.add_argument("file", metavar="FILE", help="the party's store")
    character(add)
    add.add_argument(
        "--set",
        dest="levels",
        action="append",
        default=[],
        metavar="COMPETENCE=LEVEL",
        help="a starting level (repeatable)",
    )
    add.add_argument("--name", metavar="NAME", help="the character's name (default: its id)")
    add.set_defaults(run=command("campaign", "run_add"))

    imported = store(
        "import",
        "run_import",
        help="store a character's sheet file",
        description="Store the character sheet file SHEETFILE (made in the party's campaign, under its "
        "settings; verified first) under the id CHARACTER.",
    )
    character(imported)
    imported.add_argument("sheetfile", metavar="SHEETFILE", help="the character's sheet file (JSON)")

    export = store(
        "export",
        "run_export",
        help="write a character to a sheet file",
        description="Write CHARACTER to the sheet file OUT (sealed), usable on its own with `progression sheet "
        "...`: in a campaign of its own, the campaign's text is written beside it (OUT's name with "
        ".campaign.toml) and the sheet names that file.",
    )
    character(export)
    export.add_argument("out", metavar="OUT", help="the sheet file to write")
    export.add_argument("--force", action="store_true", help="replace OUT (and the campaign file) if they exist")

    award = store(
        "award",
        "run_award",
        help="award a session's points to several characters at once",
        description="Award points to each character named by a --to word, in one transaction: every award is "
        "recorded, or none (an unknown character or competence refuses them all). Each competence's points are "
        "one entry on its character, through the rules (the cap and the campaign's overflow policy apply).",
    )
    award.add_argument(
        "--to",
        action="append",
        required=True,
        metavar="CHARACTER:WHAT=N[,WHAT=N]",
        help="a character and its points (competence: ana:escrime=5,danse=3); repeatable",
    )
    award.add_argument("--reason", required=True, metavar="TEXT", help="why (the session)")

    do = store(
        "do",
        "run_do",
        add_help=False,
        help="run one of the pack's actions on a character",
        description="Run ACTION of the pack (competence: test, settle, raise) on CHARACTER with its KEY=VALUE "
        "options, as `sheet do` runs it on a file; every entry it makes goes through the rules again before it "
        "is stored. `progression campaign do FILE CHARACTER ACTION --help` lists the action's options. Dice: "
        "--seed, --dice, or asked.",
    )
    character(do)
    do.add_argument("action", metavar="ACTION", help="the action")
    do.add_argument("options", nargs="*", metavar="KEY=VALUE", help="its options (`... ACTION --help`)")
    pack_help(do, "actions", "action", helper="campaign:action_help")
    add_dice_options(do)

    buy = store(
        "buy",
        "run_buy",
        help="buy an upgrade for a character",
        description="Buy UPGRADE for CHARACTER (competence: quality.souplesse, spec.escrime.riposte, "
        "raise.escrime), as `sheet buy` buys it on a file, paid as --pay says.",
    )
    character(buy)
    buy.add_argument("upgrade", metavar="UPGRADE", help="the upgrade's id")
    buy.add_argument("--choice", metavar="ITEM", help="the item bought, for an upgrade over a set of items")
    buy.add_argument("--pay", action="append", default=[], metavar="POOL=N", help="points from a pool (repeatable)")
    buy.add_argument("--arg", action="append", default=[], metavar="NAME=VALUE", help="an argument it takes")
    add_dice_options(buy)

    store("party", "run_party", help="the party's characters", description="Each character, one row.")
    show = store(
        "show", "run_show", parents=worded, help="a character's sheet", description="A character, as `sheet show`."
    )
    character(show)
    history = store(
        "history",
        "run_history",
        help="a character's entries",
        description="A character's ledger, numbered as `campaign amend` numbers it.",
    )
    character(history)

    amend = store(
        "amend",
        "run_amend",
        help="correct a character's old entry and run the later ones again",
        description="Replace the operation of CHARACTER's entry N with KEY=VALUE changes to its fields (as "
        "`sheet amend`), run every later entry again reusing its recorded rolls, and store the corrected history "
        "in one transaction; print what became of each entry.",
    )
    character(amend)
    amend.add_argument("entry", metavar="N", help="the entry to correct")
    amend.add_argument("changes", nargs="+", metavar="KEY=VALUE", help="a field of its operation and its new value")
    amend.add_argument(
        "--invalid",
        choices=("refuse", "drop", "stop"),
        default="refuse",
        help="what to do with later entries made invalid: refuse the change (default), drop them, or stop before them",
    )

    store(
        "verify",
        "run_verify",
        help="check every character",
        description="Run every character's history again under the campaign's rules. Exits with 1 when an entry "
        "does not hold.",
    )


def _plot(sub: Any) -> None:
    """Add ``plot``."""
    plot = sub.add_parser(
        "plot",
        parents=[json_option(), lang_option()],
        help="draw cost and cumulative curves to a PNG or SVG file",
        description="Two panels side by side: the cost of each step, and the total from --from (by default where a new "
        "sheet starts, as for `table`). Each curve is "
        "drawn as far as `table` prices it: to the last level a purchase is priced at, marked by a dotted line and "
        "said under the command's line. --tune KEY=V1,V2,... draws the curves again for each setting, when the pack offers a 'tune' function "
        "(e.g. the competence quality base 40 vs 50 vs 60). Needs matplotlib (pip install 'progression[plot]').",
    )
    plot.add_argument("pack", metavar="PACK", help=PACK_HELP)
    plot.add_argument("curves", nargs="+", metavar="CURVE", help="the curves to draw")
    plot.add_argument("-o", "--output", required=True, metavar="FILE", help="the image to write (.png or .svg)")
    plot.add_argument("--from", dest="start", type=integer, metavar="N", help=FROM_HELP)
    plot.add_argument(
        "--to",
        dest="end",
        type=integer,
        metavar="N",
        help="last level (default: the last level a purchase is priced at, marked on the plot; 50 when the rules "
        "do not stop the curve's purchases; never past the curve's end)",
    )
    plot.add_argument(
        "--tune", action="append", default=[], metavar="KEY=V1,V2", help="settings to compare (repeatable)"
    )
    plot.set_defaults(run=command("plot", "run_plot"))


def _simulate(sub: Any) -> None:
    """Add ``simulate``."""
    simulate = sub.add_parser(
        "simulate",
        parents=[json_option()],
        add_help=False,
        help="Monte Carlo progressions, or exact probabilities",
        description="Run the pack's simulation NAME many times, each trial with its own seeded dice, and summarize "
        "the counts (mean, median, percentiles, histogram). With --exact NAME, print the pack's exact "
        "probabilities NAME as fractions and decimals instead. `progression simulate PACK NAME --help` "
        "lists a simulation's parameters.",
    )
    simulate.add_argument("pack", metavar="PACK", help=PACK_HELP)
    simulate.add_argument(
        "name", metavar="NAME", nargs="?", help="the simulation; leave it out to list those the pack offers"
    )
    simulate.add_argument("--exact", metavar="NAME", help="exact probabilities from the pack's exact.NAME")
    simulate.add_argument("--trials", type=integer, metavar="N", help="number of trials (default 1000)")
    simulate.add_argument("--seed", type=integer, metavar="S", help="seed: the same seed gives the same result")
    simulate.add_argument(
        "--param", action="append", default=[], metavar="KEY=VALUE", help="a parameter of the simulation (repeatable)"
    )
    simulate.add_argument("--workers", type=integer, metavar="N", help="run on N processes (default 1)")
    pack_help(simulate, "simulations", "name")
    simulate.set_defaults(run=command("simulate", "run_simulate"))


def _validate(sub: Any) -> None:
    """Add ``validate``."""
    validate = sub.add_parser(
        "validate",
        parents=[json_option()],
        help="lint a pack file, a folder of them, or an installed pack",
        description="Load each pack and list every problem found, each with its file, key path and reason. "
        "Exit status 0 when every pack loads, 1 when some pack has problems, 2 when PATH is not there.",
    )
    validate.add_argument(
        "path", metavar="PATH", help="a pack TOML file, a folder (searched for pack files), or a pack name"
    )
    validate.add_argument(
        "--translations",
        action="store_true",
        help="also list the displayed names that lack a language the pack gives other names in",
    )
    validate.set_defaults(run=command("validate", "run_validate"))


def _count(text: str) -> int:
    """A count of runs or steps: a whole number >= 0."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        msg = f"expected a whole number >= 0, got {text!r}"
        raise argparse.ArgumentTypeError(msg)
    return value


def _share(text: str) -> float:
    """A share from 0 to 1 (``0.8``)."""
    try:
        return float(text)
    except ValueError:
        msg = f"expected a share from 0 to 1 (0.8 for four in five), got {text!r}"
        raise argparse.ArgumentTypeError(msg) from None


def _check(sub: Any) -> None:
    """Add ``check``."""
    check = sub.add_parser(
        "check",
        parents=[json_option()],
        help="run the conformance check of a pack (needs the testing extra)",
        description="Check a pack as progression.testing.check_pack does: its ids, references, reachability, "
        "curves and round trips, then random runs of its state machine and runs steered by its [play], and "
        "list every problem found, with what the runs reached. Exit status 0 when the pack passes, 1 when a "
        "problem is found.",
    )
    check.add_argument("pack", metavar="PACK", help=PACK_HELP)
    check.add_argument("--examples", type=_count, default=15, metavar="N", help="random runs (default: 15)")
    check.add_argument("--steps", type=_count, default=20, metavar="N", help="operations per run at most (20)")
    check.add_argument(
        "--sensible",
        type=_count,
        default=None,
        metavar="N",
        help="runs steered by the pack's [play] (default: as many as --examples when it has one)",
    )
    check.add_argument(
        "--min-coverage",
        type=_share,
        default=None,
        metavar="SHARE",
        help="the share of the pack's upgrades the runs must buy (1 for all), else a problem",
    )
    check.add_argument(
        "--derandomize", action="store_true", help="make the same runs every time (else each check draws anew)"
    )
    check.add_argument(
        "--setup",
        action="append",
        default=[],
        metavar="KIND.OPTION=VALUE",
        help="an option of the factory of a kind (team.roster=human), repeated as needed",
    )
    check.set_defaults(run=command("check", "run_check"))


def _demo(sub: Any) -> None:
    """Add ``demo``."""
    demo = sub.add_parser(
        "demo",
        parents=[json_option()],
        help="run every installed pack's demonstration",
        description="Each installed pack that registers a 'demo' function tells its story: a Blood Bowl team's "
        "short season, a character's climb. Each step is printed with what it cost and why.",
    )
    demo.add_argument("packs", nargs="*", metavar="PACK", help="only these packs (default: every installed pack)")
    demo.set_defaults(run=command("demo", "run_demo"))


def _complete(sub: Any) -> None:
    """Add ``complete``."""
    complete = sub.add_parser(
        "complete",
        parents=[json_option()],
        help="what the last word of a command line may become, for a shell's completion",
        description="Print, one a line, what the last word of LINE (a command line up to the cursor) may "
        "become: the commands and their actions, a pack's action, explanation or simulation names, and their "
        "KEY=VALUE options with the values a choice or yes/no takes, from the pack's declarations; on a league "
        "line, the teams, players and fixtures its store holds. For bash: "
        '_progression() { mapfile -t COMPREPLY < <(progression complete "${COMP_LINE:0:COMP_POINT}"); }; '
        "complete -o nospace -o default -F _progression progression",
    )
    complete.add_argument("line", metavar="LINE", help="the command line up to the cursor")
    complete.set_defaults(run=command("complete", "run_complete"))


def _server(sub: Any) -> None:
    """Add ``server start|stop|status``."""
    server = sub.add_parser(
        "server",
        help="keep the command line warm: a process that runs each command as a fork of itself",
        description="A server keeps Python, progression and every installed pack loaded and built; while it runs, "
        "each `progression` command of this Python is handed to it with its folder, environment and terminal, "
        "and runs as a fork of it, several times faster to start. It declines (and the command runs as usual) "
        "when a file it read has changed since, and then stops. PROGRESSION_SERVER names its socket, or turns "
        "servers off with `off`.",
        epilog=EPILOG,
    )
    actions = server.add_subparsers(dest="action", required=True, metavar="ACTION")
    start = actions.add_parser(
        "start",
        parents=[json_option()],
        help="start this Python's server, in the background unless --foreground",
        description="Start a server for this Python: it loads every installed pack, then waits for commands.",
    )
    start.add_argument("--foreground", action="store_true", help="serve in this process (a service manager's way)")
    start.add_argument(
        "--idle",
        type=minutes,
        default=60,
        metavar="MINUTES",
        help="stop after this many minutes without a command (default 60; 0 never)",
    )
    start.set_defaults(run=command("server", "run_server"))
    for name, said in (
        ("stop", "stop this Python's server"),
        ("status", "say whether a server runs, and what it holds"),
    ):
        action = actions.add_parser(
            name, parents=[json_option()], help=said, description=said[0].upper() + said[1:] + "."
        )
        action.set_defaults(run=command("server", "run_server"))


def minutes(text: str) -> float:
    """A number of minutes: 0 or more, fractions allowed."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 10**7:  # about 19 years: past it, no timer takes it
        msg = f"expected a number of minutes from 0 to 10,000,000, got {text!r}"
        raise argparse.ArgumentTypeError(msg)
    return value
