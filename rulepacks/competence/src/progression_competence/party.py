"""A campaign's party kept in one store: its characters (each a character sheet), a session's points awarded
to several of them in one transaction, and the campaign's tuning stored with them.

Where things live: each character is a sheet of the store, changed only through the engine. What is not a
character's history is one record of the store, ``competence.party``: the party's name, its characters' ids,
and the campaign they play (the text of its campaign file, or none for the example campaign shipped with the
pack) with its settings. Opening the party builds the pack from that record, so no file outside the store is
read: the store can be moved, copied or opened from any folder. The record is sealed (a digest of what it holds,
written with it): one changed in the database outside the party is refused, naming it, when the party is opened
and whenever it reads the record after, so that no character is played under rules the party was not made with.

A character exported to a sheet file (:meth:`Party.export_character`) is usable on its own with
``progression sheet ...``: in the example campaign its sheet keeps the settings it is played under; in a
campaign of its own, the campaign's text is written beside the sheet (``<sheet>.campaign.toml``) and the
sheet's creation names that file by its full path and SHA-256, as ``sheet new --set campaign=FILE`` does.
"""

from __future__ import annotations

import os

from progression import open_store

from ._build import Party
from ._party import PARTY_RECORD, TUNING, PartyCheck, pack_of, tuned_record
from ._settings import Settings

__all__ = ["PARTY_RECORD", "TUNING", "Party", "PartyCheck", "new_party", "open_party"]


def new_party(
    where: str | os.PathLike[str],
    name: str,
    *,
    campaign: str | os.PathLike[str] | None = None,
    settings: Settings | str | os.PathLike[str] | None = None,
    **tuning: int,
) -> Party:
    """Make a party in a new store (a SQLite file, or a ``postgresql://`` connection string).

    Args:
        name: the party's name.
        campaign: a campaign TOML file (:doc:`/how-to/tune-campaign`); its text is stored with the party. None:
            the example campaign shipped with the pack.
        settings: the campaign's settings, or a settings TOML file tuning them; None: the campaign's own.
        tuning: single settings over those (``quality_base=40``): one of ``TUNING``.

    Raises:
        InvalidInput: a name that is not a text on one line, a setting that is not one of ``TUNING``.
        RulePackError: a campaign or settings file that does not load, or settings the campaign cannot be
            played under; every problem at once.
        StoreError: the store already holds a party.
    """
    record = tuned_record(name, campaign, settings, tuning)
    # built before the store is made: a campaign that cannot be played makes none
    pack = pack_of(record, str(where), Party.campaign_pack)
    store = open_store(where, pack)
    try:
        return Party.start(store, record, pack=pack)
    except BaseException:
        store.close()
        raise


def open_party(where: str | os.PathLike[str]) -> Party:
    """The party of an existing store, its characters played under the campaign the store keeps.

    Raises:
        StoreError: the store holds no party, or is not a competence store.
    """
    store = open_store(where)
    try:
        return Party.of(store)
    except BaseException:
        store.close()
        raise
