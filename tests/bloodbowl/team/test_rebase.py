"""A team's history run again under other rules (``progression.rebase``, ``sheet rebase``): the entries that make a
player (the draft, a hire, a Star Player who joins) hold, or say how he now starts otherwise."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

import progression
import progression.files
import progression_bloodbowl as bb
from progression import RulePack, Sheet
from progression.cli.main import main


@pytest.fixture
def hired(pack: RulePack, team: Sheet) -> Sheet:
    """The drafted Anvils (#2) with Jan hired (#3, member 12) and Griff Oberwald induced for match 1 (#4)."""
    team = bb.hire(pack, team, "human_lineman", "Jan")
    order = bb.types.Order(stars=("griff_oberwald",))
    return bb.operations.induce(pack, team, order, bb.queries.inducement_budget(pack, team, 2_000_000), match=1)


def other(pack: RulePack) -> RulePack:
    """The same rules under another version: every sheet made under them says so."""
    return attrs.evolve(pack, version="4x")


class TestRebase:
    def test_the_entries_that_make_players_hold(self, pack: RulePack, hired: Sheet) -> None:
        """Under other rules each player is made under them too, the only difference in the draft, the hire and the
        star's coming: they hold, and the creation of the team alone says which rules (it said "changed", with
        nothing listed, for each)."""
        rebased, report = progression.rebase(hired, other(pack))
        assert [(1, "changed"), (2, "holds"), (3, "holds"), (4, "holds")] == [
            (o.position, o.status) for o in report.outcomes
        ]
        assert (other(pack).rules, other(pack).rules) == (rebased.rules, rebased.member("12").rules)

    def test_a_player_who_starts_otherwise_says_so(self, pack: RulePack, hired: Sheet) -> None:
        """Jan was hired with MA 7 (as another version would have made him): run again, his hire says how he starts
        now, as the creation of a sheet says it, and nothing else."""
        data = progression.files.unstructure_sheet(hired)
        data["ledger"][2]["events"][1]["ledger"][0]["events"][0]["stats"]["ma"] = 7
        edited = progression.files.structure_sheet(data, "anvils.json", tampered="read")
        _, report = progression.rebase(edited, pack)
        assert "#3 hire Jan (Human Lineman): changed (#12 Jan ma: starts at 6 (was 7))" == report.outcomes[2].line()

    def test_the_command_says_it(self, hired: Sheet, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        """``sheet rebase FILE`` on a team file whose sheets were all made under other rules (as an older version
        wrote it): the draft, the hire and the star hold."""
        path = tmp_path / "anvils.json"
        text = progression.dump_sheet(hired)
        path.write_text(re.sub(r'"rules": "bloodbowl 4 [0-9a-f]+"', '"rules": "bloodbowl 3 0123456789ab"', text))
        capsys.readouterr()
        assert 0 == main(["sheet", "rebase", str(path)])
        lines = capsys.readouterr().out.splitlines()
        assert [
            "~ #1 create team Altdorf Anvils: changed (made under "
            f"{progression.load('bloodbowl').rules} (was bloodbowl 3 0123456789ab))",
            "  #2 draft of Altdorf Anvils: holds",
            "  #3 hire Jan (Human Lineman): holds",
            "  #4 match 1: inducements: holds",
        ] == lines[:4]
