"""What a rule pack offers the command line, declared: its commands and their typed options.

A pack lists them in :attr:`RulePack.contract <progression.RulePack.contract>`; each declaration names
its function (or, for an action, the operation it runs), and its options are read from the function's
signature (or the operation's fields). The pack refuses to load when a declaration does not hold.
"""

from progression.rulepacks.campaigns import Campaign, CampaignBook
from progression.rulepacks.commands import (
    Action,
    Command,
    ComputedTable,
    Demo,
    Exact,
    Explanation,
    Factory,
    PackFor,
    Page,
    Report,
    Roster,
    Simulation,
    Tuner,
)
from progression.rulepacks.contract import Contract
from progression.rulepacks.leagues import League, LeagueBook, LeagueVerification
from progression.rulepacks.options import REQUIRED, Option, OptionType, option_type

__all__ = [
    "REQUIRED",
    "Action",
    "Campaign",
    "CampaignBook",
    "Command",
    "ComputedTable",
    "Contract",
    "Demo",
    "Exact",
    "Explanation",
    "Factory",
    "League",
    "LeagueBook",
    "LeagueVerification",
    "Option",
    "OptionType",
    "PackFor",
    "Page",
    "Report",
    "Roster",
    "Simulation",
    "Tuner",
    "option_type",
]
