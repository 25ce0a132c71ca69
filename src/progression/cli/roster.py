"""``progression sheet roster FILE``: the page a roster sheet prints, as a table, plain text, JSON or HTML.

A pack that declares a :class:`~progression.contract.Roster` gives the page (a Blood Bowl team's roster
sheet, in the book's notation); any other roster sheet prints its members with their pools and stats.
"""

from __future__ import annotations

import argparse
import html
import sys

from progression import RulePack
from progression.cli.args import UsageError, sheet_command
from progression.cli.output import Output, Table
from progression.cli.sheet import open_sheet
from progression.contract import Page
from progression.ledger import Sheet

__all__ = ["html_page", "members_page", "page_of", "print_page", "run_roster"]


def run_roster(args: argparse.Namespace, out: Output) -> int:
    """Print the roster page of the sheet file ``args.file`` in the format asked."""
    opened = open_sheet(args)
    print_page(out, page_of(opened.pack, opened.sheet, shown=sheet_command(args, "show")), args.format)
    return 0


def page_of(pack: RulePack, sheet: Sheet, *, shown: str = "") -> Page:
    """The roster page of ``sheet``: the pack's, or each member's pools and stats when it declares none
    (``shown``: the command that shows the sheet, said when it has no members)."""
    declared = pack.contract.roster
    return declared(pack, sheet) if declared is not None else members_page(pack, sheet, shown=shown)


def print_page(out: Output, page: Page, format: str = "text") -> None:
    """Print ``page`` as JSON (``--json``), a standalone HTML page (``format="html"``), or a table."""
    if out.json_mode:
        out.json(
            {
                "title": page.title,
                "heading": dict(page.heading),
                "columns": list(page.columns),
                "rows": [dict(zip(page.columns, row, strict=True)) for row in page.rows],
                "footing": dict(page.footing),
            }
        )
    elif format == "html":
        sys.stdout.write(html_page(page))
    else:
        out.line(page.title)
        for label, value in page.heading:
            out.line(f"{label}: {value}")
        out.table(Table(page.columns, page.rows))
        for label, value in page.footing:
            out.line(f"{label}: {value}")


def members_page(pack: RulePack, sheet: Sheet, *, shown: str = "") -> Page:
    """The page of a roster sheet whose pack declares none: each member with its pools and stats (``shown``: the
    whole command that shows the sheet instead, said when it has no members)."""
    if not sheet.members:
        msg = f"{sheet.name or sheet.kind!r} has no members: a roster page lists a roster's"
        msg += f"; `{shown}` shows the sheet" if shown else ""
        raise UsageError(msg)
    pools = sorted({p for member in sheet.members.values() for p in member.pools})
    stats = sorted({s for member in sheet.members.values() for s in member.stats})
    columns = ("#", "name", *(pack.name_of(q) for q in (*pools, *stats)))
    rows = [
        (
            ident,
            member.name,
            *(f"{member.pools.get(p, 0):,}" for p in pools),
            *(str(member.stats.get(s, 0)) for s in stats),
        )
        for ident, member in sheet.members.items()
    ]
    held = [(pack.name_of(p), f"{amount:,}") for p, amount in sheet.pools.items()]
    return Page(title=sheet.name or pack.name_of(sheet.kind), columns=columns, rows=rows, footing=held)


#: The style of a printed page: the table's lines thin and every row kept on its page.
_STYLE = """
body { font-family: sans-serif; margin: 1.5em; }
h1 { font-size: 1.4em; margin: 0 0 0.5em; }
dl { display: grid; grid-template-columns: max-content auto; gap: 0.1em 1em; margin: 0.5em 0; }
dt { font-weight: bold; }
dd { margin: 0; }
table { border-collapse: collapse; width: 100%; font-size: 0.9em; }
th, td { border: 1px solid #999; padding: 0.2em 0.4em; text-align: left; vertical-align: top; }
th { background: #eee; }
tr { break-inside: avoid; }
@media print { body { margin: 0; } }
"""


def html_page(page: Page) -> str:
    """``page`` as a standalone HTML document, every text escaped, ready to print."""

    def facts(pairs: tuple[tuple[str, str], ...]) -> list[str]:
        if not pairs:
            return []
        items = "".join(f"<dt>{html.escape(label)}</dt><dd>{html.escape(value)}</dd>" for label, value in pairs)
        return [f"<dl>{items}</dl>"]

    header = "".join(f"<th>{html.escape(column)}</th>" for column in page.columns)
    body = "\n".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in page.rows)
    title = html.escape(page.title)
    lines = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{title}</title>",
        f"<style>{_STYLE}</style>",
        "</head>",
        "<body>",
        f"<h1>{title}</h1>",
        *facts(page.heading),
        f"<table>\n<thead><tr>{header}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>",
        *facts(page.footing),
        "</body>",
        "</html>",
    ]
    return "\n".join(lines) + "\n"
