"""What a character keeps of its campaign, and the pack rebuilt from it (:func:`pack_for`, given how packs are
built).

A character made in a campaign carries, in its creation's tags:

* ``campaign``: the campaign's name;
* ``settings``: the settings that differ from the campaign's own, written ``quality_base=20,degree_starts.expert=55``
  (absent when the campaign plays with its own);
* ``campaign_file`` and ``campaign_sha256``: when the campaign was read from a file, its absolute path and the
  SHA-256 of its text, so that a later command, run from any folder, finds the same campaign or says why not.

The example campaign ships with the pack and needs no file. Sheets saved before the file's hash was kept name the
file as it was given (relative to the folder the command ran in): it is read as it was then.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs

from progression import RulePack, Sheet
from progression.errors import Problem, RulePackError, SheetError

from ._campaign import Campaign, digest, example_campaign, structure_campaign
from ._reader import parse_text, read_file
from ._settings import Settings, structure_settings
from ._tables import tables_of

__all__ = [
    "CAMPAIGN",
    "CAMPAIGN_FILE",
    "CAMPAIGN_SHA256",
    "SETTINGS",
    "Builder",
    "campaign_of",
    "kept_tags",
    "made_with",
    "pack_for",
    "settings_of",
]

#: The tags a character keeps of its campaign.
CAMPAIGN = "campaign"
SETTINGS = "settings"
CAMPAIGN_FILE = "campaign_file"
CAMPAIGN_SHA256 = "campaign_sha256"


def _read_settings_text(text: str, campaign: Campaign, who: str) -> Settings:
    """The settings a character's ``settings`` tag writes, over its campaign's own."""
    table: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        key, sep, value = item.partition("=")
        if not sep or not key:
            problem = Problem(who, f"$.tags.{SETTINGS}", f"expected key=value items, got {item!r}")
            raise SheetError(who, [problem])
        read: Any = int(value) if value.lstrip("-").isdigit() else value
        head, dot, inner = key.partition(".")
        if dot:
            table.setdefault(head, {})[inner] = read
        else:
            table[key] = read
    try:
        return structure_settings(table, f"{who}'s settings", base=campaign.settings)
    except RulePackError as error:
        raise SheetError(who, [Problem(who, f"$.tags.{SETTINGS}", p.reason) for p in error.problems]) from None


def kept_tags(pack: RulePack) -> dict[str, str]:
    """The tags a character made with ``pack`` keeps of its campaign."""
    campaign = tables_of(pack)["campaign"]
    tags = {CAMPAIGN: campaign["name"]}
    if campaign.get("settings_text"):
        tags[SETTINGS] = campaign["settings_text"]
    if campaign.get("file"):
        tags[CAMPAIGN_FILE] = campaign["file"]
        tags[CAMPAIGN_SHA256] = campaign["sha256"]
    return tags


def made_with(pack: RulePack, sheet: Sheet) -> bool:
    """Whether ``pack`` is the campaign, under the settings, that ``sheet`` was made in."""
    tags, campaign = sheet.tags, tables_of(pack)["campaign"]
    if tags.get(CAMPAIGN, campaign["name"]) != campaign["name"]:
        return False
    if tags.get(SETTINGS, "") != campaign.get("settings_text", ""):
        return False
    file = tags.get(CAMPAIGN_FILE)
    if file is None:
        return True
    if CAMPAIGN_SHA256 in tags:
        return bool(tags[CAMPAIGN_SHA256] == campaign.get("sha256"))
    return bool(campaign.get("file") == str(Path(file).resolve()))


def _who(sheet: Sheet) -> str:
    return repr(sheet.name) if sheet.name else "the character"


def campaign_of(tags: Mapping[str, str], who: str) -> Campaign:
    """The campaign a character's ``tags`` name (:func:`kept_tags`): the example campaign, or one read from its
    file, checked against the hash the character keeps."""
    file = tags.get(CAMPAIGN_FILE)
    if file is None:
        name = tags.get(CAMPAIGN, example_campaign().name)
        if name == example_campaign().name:
            return example_campaign()
        msg = (
            f"{who} was made in campaign {name!r}, which was not read from a file, so the sheet cannot say where to "
            f"find it: build its pack in Python (progression_competence.build(campaign)) and use that pack"
        )
        raise SheetError(who, [Problem(who, f"$.tags.{CAMPAIGN}", msg)])
    recorded = tags.get(CAMPAIGN_SHA256)
    path = Path(file)
    if not path.is_file():
        if path.exists():  # a device, a pipe, a folder: never read (``/dev/zero`` fills the memory, a pipe hangs)
            msg = (
                f"the campaign file {file!r} that {who} was made in is not a regular file (a device, a pipe or a "
                f"socket, or a folder): put the campaign file back there"
            )
        elif recorded is None:
            msg = (
                f"the campaign file {file!r} is not found from {str(Path.cwd())!r}: {who} was saved before a "
                f"character kept its campaign file's full path, so the file is read from the folder the command runs "
                f"in; run the command from the folder {who} was made in, or make the character again with "
                f"--set campaign=PATH, PATH the full path of {file!r}"
            )
        else:
            msg = f"the campaign file {file!r} that {who} was made in is missing: put it back there"
        raise SheetError(who, [Problem(who, f"$.tags.{CAMPAIGN_FILE}", msg)])
    text, source = read_file(path)
    if recorded is not None and digest(text) != recorded:
        msg = (
            f"the campaign file {file!r} changed since {who} was made in it (SHA-256 {recorded[:12]}..., now "
            f"{digest(text)[:12]}...): put back the file as it was, or make the character again in the new campaign"
        )
        raise SheetError(who, [Problem(who, f"$.tags.{CAMPAIGN_FILE}", msg)])
    campaign = structure_campaign(parse_text(text, source), source)
    if recorded is None:  # a sheet of before: the campaign as it is read, the file as it was named
        return campaign
    return attrs.evolve(campaign, file=file, sha256=recorded)


#: How a pack is made of a campaign under settings (``progression_competence.build``, handed down by it).
Builder = Callable[[Campaign, Settings], RulePack]


def pack_for(pack: RulePack, sheet: Sheet, build: Builder) -> RulePack:
    """The pack of the campaign, under the settings, that ``sheet`` was made in: ``pack`` itself when it is that
    one, else ``build`` of what the character keeps (its campaign file, checked, and its settings).

    Raises:
        SheetError: the campaign cannot be found as it was (its file missing or changed, or a campaign made in
            memory), saying what to do.
    """
    if made_with(pack, sheet):
        return pack
    campaign = campaign_of(sheet.tags, _who(sheet))
    return build(campaign, settings_of(sheet.tags, campaign, _who(sheet)))


def settings_of(tags: Mapping[str, str], campaign: Campaign, who: str) -> Settings:
    """The settings a character's ``tags`` keep, over its ``campaign``'s own."""
    tuned = tags.get(SETTINGS)
    return _read_settings_text(tuned, campaign, who) if tuned else campaign.settings
