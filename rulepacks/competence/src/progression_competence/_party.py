"""A party kept in a store, given how its campaign's pack is built: :class:`Party` is completed by
``progression_competence.party.Party``, which the pack's contract names (see ``party`` for what it keeps).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

import attrs

import progression
from progression import Operation, RulePack, Sheet
from progression.errors import InvalidInput, StoreError, UnknownName
from progression.operations import Award, Create, check_kind
from progression.store import Book

from ._campaign import Campaign, digest, example_campaign, structure_campaign
from ._character import buy_quality as _buy_quality
from ._character import buy_specialization as _buy_specialization
from ._character import check_auto_spending, competences, degree, level, new_character, spends_on_raises
from ._character import raise_level as _raise_level
from ._character import settle as _settle
from ._given import check_competence, check_line, check_yes_no, named_competences
from ._ids import pool_id
from ._kept import CAMPAIGN, CAMPAIGN_FILE, CAMPAIGN_SHA256, SETTINGS, Builder, kept_tags, pack_for
from ._reader import parse_text, read_file
from ._settings import LEVEL_MAX, Settings, load_settings, structure_settings
from ._tables import tables_of

if TYPE_CHECKING:
    from progression.history import Amendment, Verification
    from progression.store import Store, Transaction

__all__ = ["FORMAT", "PARTY_RECORD", "TUNING", "Party", "PartyCheck", "pack_of", "tuned_record"]

#: The store record of the party: its name, its characters and its campaign's tuning.
PARTY_RECORD = "competence.party"
#: The layout of that record.
FORMAT = 1
#: The settings a new party's campaign may be tuned with one by one (whole numbers), over the files'.
TUNING = ("quality_base", "quality_step", "level_divisor", "die_size")
#: The key of the party's record that seals the rest of it: the SHA-256 of the rest as canonical JSON.
SEAL = "seal"


def sealed(record: Mapping[str, Any]) -> dict[str, Any]:
    """``record`` with its seal, the digest of everything else it holds: what the party writes."""
    rest = {key: value for key, value in record.items() if key != SEAL}
    return {**rest, SEAL: _digest(rest)}


def _digest(rest: Mapping[str, Any]) -> str:
    """The SHA-256 of ``rest`` as canonical JSON (keys sorted, no spaces): the same whatever order a database
    gives the keys back in."""
    text = json.dumps(rest, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def check_record(record: Mapping[str, Any], where: str) -> None:
    """Refuse a party's record that is not what a party wrote: its seal does not hold (the record was changed in
    the database: a quality's price lowered, a character's id added), or what it holds no party writes.

    A record of before the seal (written by 0.1.0) holds none: it is read as it is, and sealed the next time the
    party writes it (a character joins); :meth:`Party.of` checks it against its characters first.

    Raises:
        StoreError: naming the record, and that nothing is read from it.
    """
    seal = record.get(SEAL)
    why: str | None = _shape_problem(record)
    if seal is not None and seal != _digest({key: value for key, value in record.items() if key != SEAL}):
        why = "it is not what the party wrote there (its seal does not hold)"
    if why is None:
        return
    msg = (
        f"the party's record {PARTY_RECORD!r} (its name, characters, campaign and settings) was changed in the "
        f"database outside the party: {why}; nothing is read from it: put it back as it was (from a copy of the "
        "store)"
    )
    raise StoreError(where, msg)


def _shape_problem(record: Mapping[str, Any]) -> str | None:
    """What in a party's record no party writes (None: nothing); its campaign and settings are read by
    :func:`pack_of`, which says what is wrong with them."""
    name, characters = record.get("name"), record.get("characters")
    if not isinstance(name, str) or not name.strip() or name.splitlines() != [name]:
        return f"its name is a text on one line, got {name!r:.60}"
    if not isinstance(characters, list) or not all(isinstance(c, str) for c in characters):
        return f"its characters are a list of ids, got {characters!r:.60}"
    if len(set(characters)) < len(characters):
        return f"its characters name one id twice: {characters!r:.60}"
    return None


def tuned_record(name: object, campaign: object, settings: object, tuning: Mapping[str, object]) -> dict[str, Any]:
    """The party's record: its name, no characters, and its campaign's text and settings, read and checked."""
    check_line(name, "a party's name")
    text: str | None = None
    chosen: Campaign = example_campaign()
    if campaign is not None:
        if not isinstance(campaign, str | os.PathLike) or (isinstance(campaign, str) and not campaign.strip()):
            msg = f"a party's campaign is a campaign TOML file's path, or None for the example, got {campaign!r}"
            raise InvalidInput(msg)
        text, source = read_file(Path(campaign))
        chosen = structure_campaign(parse_text(text, source), source)
    used = chosen.settings
    if isinstance(settings, Settings):
        used = settings
    elif isinstance(settings, str | os.PathLike):
        used = load_settings(Path(settings), base=chosen.settings)
    elif settings is not None:
        msg = f"a party's settings are Settings or a settings TOML file's path, got {type(settings).__name__}"
        raise InvalidInput(msg)
    unknown = sorted(set(tuning) - set(TUNING))
    if unknown:
        msg = f"{unknown[0]!r} is not a setting tuned one by one; expected one of: {', '.join(TUNING)}"
        raise InvalidInput(msg)
    given = {key: value for key, value in tuning.items() if value is not None}
    if given:
        used = used.changed(**given)
    return {
        "format": FORMAT,
        "name": name,
        "campaign": text,
        "settings": used.as_table(),
        "characters": [],
    }


def pack_of(record: Mapping[str, Any], where: str, build: Builder) -> RulePack:
    """The pack ``build`` makes of the campaign a party's record keeps, under its settings.

    Raises:
        StoreError: a record of another layout than this version reads.
    """
    if record.get("format") != FORMAT:
        msg = (
            f"the party's record {PARTY_RECORD!r} is of format {record.get('format')!r}; this version reads format "
            f"{FORMAT}: open it with the version that made it"
        )
        raise StoreError(where, msg)
    text = record.get("campaign")
    # One name wherever the store is opened from: the pack's fingerprint (the rules a sheet was made under)
    # reads it, so the party's characters verify under the same rules from any path.
    source = f"{PARTY_RECORD}.campaign"
    if text is None:
        campaign = example_campaign()
    elif isinstance(text, str):
        campaign = attrs.evolve(structure_campaign(parse_text(text, source), source), sha256=digest(text))
    else:
        msg = f"the party's campaign is the text of a campaign file or none, got {type(text).__name__}"
        raise StoreError(where, msg)
    table = record.get("settings")
    if not isinstance(table, Mapping):
        raise StoreError(where, f"the party's settings are a table, got {table!r:.60}")
    settings = structure_settings(table, f"{PARTY_RECORD}.settings", base=campaign.settings)
    return build(campaign, settings)


@attrs.frozen(kw_only=True)
class PartyCheck(Mapping[str, "Verification"]):
    """What :meth:`Party.verify` found: each character's verification, by character id (a read-only mapping)."""

    #: character id -> its verification.
    characters: Mapping[str, Verification]

    def __getitem__(self, character: str) -> Verification:
        return self.characters[character]

    def __iter__(self) -> Iterator[str]:
        return iter(self.characters)

    def __len__(self) -> int:
        return len(self.characters)

    @property
    def ok(self) -> bool:
        return all(report.ok for report in self.characters.values())

    def lines(self) -> Iterator[str]:
        for report in self.characters.values():
            yield from report.lines()


class Party(Book):
    """A campaign's party in one store (see :func:`~progression_competence.party.new_party`,
    :func:`~progression_competence.party.open_party`): its characters, played under the campaign the store
    keeps."""

    book_record = PARTY_RECORD
    noun = "party"
    makes = "new_party"
    opens = "open_party"
    members_key = "characters"
    member = "character"
    command = "campaign"

    # -- made and opened ---------------------------------------------------------------------

    @classmethod
    def campaign_pack(cls, campaign: Campaign, settings: Settings) -> RulePack:
        """The pack of a party's campaign under its settings: ``progression_competence.build``'s, given by
        :class:`progression_competence.party.Party` (the pack that names that class as its campaigns' book is
        the one that builds packs).

        Raises:
            NotImplementedError: on this class itself, which is not the pack's.
        """
        msg = f"{cls.__qualname__} does not build packs: use progression_competence.party.Party"
        raise NotImplementedError(msg)

    @classmethod
    def start(cls, store: Store, settings: Mapping[str, Any], *, pack: RulePack | None = None) -> Self:
        """Write the party's record in an open store that holds none; the party, under its campaign (``pack``
        when it was built already from this record).

        Raises:
            StoreError: the store already holds a party.
        """
        built = pack_of(settings, store.where, cls.campaign_pack) if pack is None else pack
        view = store if built is store.pack else store.under(built)
        return super().start(view, sealed(settings))

    @classmethod
    def of(cls, store: Store) -> Self:
        """The party an open store holds, under the campaign its record keeps (:func:`open_party` opens the
        store too).

        Raises:
            StoreError: the store holds no party, or its record was changed in the database (naming it).
        """
        found = cls.found(store)
        record, _ = found.settings()
        pack = pack_of(record, store.where, cls.campaign_pack)
        if SEAL not in record:
            _check_unsealed(record, store, pack)
        return cls(store.under(pack))

    def settings(self, tx: Transaction | None = None) -> tuple[dict[str, Any], int]:
        """The party's record (a copy) and its version, as ``tx`` has it when given, checked: one changed in the
        database outside the party is refused, naming it (its seal does not hold), whenever the party reads it: when
        it is opened, and at every use after.

        Raises:
            StoreError: the record was changed in the database.
        """
        record, version = super().settings(tx)
        check_record(record, self.store.where)
        return record, version

    @classmethod
    def new(cls, store: Store, name: str, **tuning: str) -> Self:
        """``progression campaign new``: a party in an open store that holds none, its campaign tuned by
        ``campaign=FILE``, ``settings=FILE`` and the settings of ``TUNING`` given as text."""
        files = {key: tuning.pop(key, "") or None for key in ("campaign", "settings")}
        numbers: dict[str, int] = {}
        for key, text in tuning.items():
            if key not in TUNING:
                msg = f"campaign new: {key!r} is not a setting tuned one by one; expected one of: {', '.join(TUNING)}"
                raise InvalidInput(msg)
            if text in ("", None):
                continue
            try:
                numbers[key] = int(str(text))
            except ValueError:
                msg = f"campaign new: {key} must be a whole number, got {text!r}"
                raise InvalidInput(msg) from None
        return cls.start(store, tuned_record(name, files["campaign"], files["settings"], numbers))

    @classmethod
    def open(cls, store: Store) -> Self:
        """``progression campaign ...``: the party an open store holds."""
        return cls.of(store)

    # -- what it holds ---------------------------------------------------------------------------

    @property
    def campaign(self) -> str:
        """The name of the campaign the party plays."""
        return str(tables_of(self.pack)["campaign"]["name"])

    def characters(self) -> tuple[str, ...]:
        """The ids of the party's characters, in the order they joined."""
        return self.members()

    def character(self, character: str) -> Sheet:
        """The character's sheet as stored.

        Raises:
            UnknownName: no character of that id in the party.
        """
        self.check_member(character, self.characters())
        return self.store.sheet(character)

    def about(self) -> dict[str, object]:
        """The party's name, its campaign, the settings that differ from the campaign's own, its characters."""
        return {
            "name": self.name,
            "campaign": self.campaign,
            "settings": str(tables_of(self.pack)["campaign"].get("settings_text", "")),
            "characters": list(self.characters()),
        }

    # -- characters in and out -------------------------------------------------------------------

    def add_character(
        self, character: str, name: str, *, levels: Mapping[str, int] | None = None, **texts: str
    ) -> Sheet:
        """A new character of the campaign, stored under the id ``character``: every competence at its
        starting level (``levels``, or ``escrime="20"`` as text from the command line), Ignorant otherwise.

        Raises:
            UnknownName: a level for a competence the campaign does not have.
            InvalidInput: a level that is not a whole number >= 0; a name that is not text.
            StoreError: the id is taken.
        """
        _check_character(character)
        check_line(name, f"the name of character {character!r}")
        if levels is not None and not isinstance(levels, Mapping):
            msg = f"the starting levels of character {character!r} map competences to levels, got {levels!r}"
            raise InvalidInput(msg)
        given: dict[str, int] = dict(levels or {})
        for named, text in named_competences(self.pack, texts, f"character {character!r}").items():
            competence = check_competence(self.pack, named)
            try:
                given[competence] = int(str(text))
            except ValueError:
                msg = f"the starting level of {competence!r} for character {character!r} must be a whole number, got {text!r}"
                raise InvalidInput(msg) from None
        for competence, value in given.items():
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= LEVEL_MAX:
                msg = (
                    f"the starting level of {competence!r} for character {character!r} must be a whole number from 0 "
                    f"to {LEVEL_MAX:,}, got {value!r}"
                )
                raise InvalidInput(msg)
        creation = _creation(new_character(self.pack, name, levels=given), self.store.where)
        return self._join(character, lambda tx: tx.start_sheet(character, creation))

    def add_sheet(self, character: str, sheet: Sheet, *, verify: bool = True) -> Sheet:
        """Store a character sheet made elsewhere (a player's sheet file) under ``character``, verified under
        the party's campaign first (unless ``verify=False``).

        Raises:
            InvalidInput: not a character, or a character of another campaign or other settings.
            StoreError: the id is taken, or the sheet does not verify.
        """
        _check_character(character)
        check_yes_no(verify, f"verify (whether the sheet to store as {character!r} is run again first)")
        sheet = check_kind(sheet, "character", f"the sheet to store as {character!r}")
        self._check_campaign(sheet)
        if sheet.rules != self.pack.rules and sheet.tags.get(CAMPAIGN_SHA256) is not None:
            # the party's own campaign, the same text (checked above) read from a file beside the sheet: the
            # same rules but for where they were read from, so the history is run again under the party's
            sheet, _ = progression.rebase(sheet, self.pack)
        return self._join(character, lambda tx: tx.add(character, sheet, verify=verify))

    def import_character(self, character: str, path: str | os.PathLike[str], *, verify: bool = True) -> Sheet:
        """:meth:`add_sheet` of a character's sheet file (sealed: a file edited by hand, or written before seals, is refused); it is verified unless ``verify=False``."""
        check_yes_no(verify, f"verify (whether the sheet to store as {character!r} is run again first)")
        return self.add_sheet(character, self.load_sheet_file(path), verify=verify)

    def _check_campaign(self, sheet: Sheet) -> None:
        """Refuse a character made in another campaign, or under other settings, than the party's."""
        mine = kept_tags(self.pack)
        who = repr(sheet.name) if sheet.name else "the character"
        for key, what in ((CAMPAIGN, "campaign"), (SETTINGS, "settings")):
            if sheet.tags.get(key, "") != mine.get(key, ""):
                msg = (
                    f"{who} plays {what} {sheet.tags.get(key, '')!r} and party {self.name!r} {what} "
                    f"{mine.get(key, '')!r}; a character joins the party of its own campaign and settings"
                )
                raise InvalidInput(msg)
        kept = tables_of(self.pack)["campaign"].get("sha256")
        theirs = sheet.tags.get(CAMPAIGN_SHA256)
        if theirs is not None and kept is not None and theirs != kept:
            msg = (
                f"{who} was made in another text of campaign {self.campaign!r} (SHA-256 {theirs[:12]}..., the "
                f"party's {kept[:12]}...); a character joins the party of its own campaign"
            )
            raise InvalidInput(msg)

    def _join(self, character: str, store_it: Callable[[Any], Sheet]) -> Sheet:
        with self.store.transaction() as tx:
            settings, version = self.settings(tx)
            added = store_it(tx)
            settings["characters"] = [*settings["characters"], character]
            tx.put(self.book_record, sealed(settings), expected=version)
        return added

    def export_character(
        self, character: str, path: str | os.PathLike[str], *, force: bool = False
    ) -> tuple[Path, ...]:
        """Write the character to a sheet file (sealed) that ``progression sheet ...`` plays on its own; the
        files written, the sheet first.

        In the example campaign the sheet keeps its settings itself. In a campaign of the party's own, the
        campaign's text is written beside the sheet (``<sheet>.campaign.toml``), and the sheet's creation names
        that file by its full path and SHA-256 (the creation amended, every later entry run again).

        Raises:
            UnknownName: no such character.
            StoreError: a file is already there (without ``force``), or cannot be written.
            StoreTampered: the character was changed in the database outside the store, and its history no longer
                holds, or its snapshot (what reads show) is not what its entries add up to (as
                :meth:`progression.store.Store.export` refuses it); nothing was written.
        """
        self.check_member(character, self.characters())
        check_yes_no(force, f"force (whether the files character {character!r} is exported to are replaced)")
        if not isinstance(path, str | os.PathLike) or (isinstance(path, str) and not path.strip()):
            msg = f"expected a file path to export character {character!r} to, got {path!r}"
            raise InvalidInput(msg)
        target = Path(path)
        record, _ = self.settings()
        text = record.get("campaign")
        if text is None:
            return (self.store.export_file(character, target, force=force),)
        beside = target.with_name(f"{target.stem}.campaign.toml")
        for file in (target, beside):
            if file.exists() and not force:
                raise StoreError(self.store.where, f"{file} already exists; pass force=True to replace it")
        # Read whole and checked as the store's own export reads it: the file is made from the entries, which must
        # add up to what reads showed.
        sheet = self.store.sheet(character, whole=True)
        creation = _creation(sheet, self.store.where)
        tags = {**creation.tags, CAMPAIGN_FILE: str(beside.resolve()), CAMPAIGN_SHA256: digest(text)}
        named, _ = progression.amend(sheet, 1, attrs.evolve(creation, tags=tags), pack=self.pack)
        made = not beside.exists()
        _write(beside, text, self.store.where)
        try:
            # The pack the sheet is played under on its own names the file it was read from: its rules are those
            # of the party's campaign read from there, so the history is run again under them.
            carried, _ = progression.rebase(named, pack_for(self.pack, named, self.campaign_pack))
            _write(target, progression.dump_sheet(carried), self.store.where)
        except BaseException:
            if made:  # no campaign file left beside a sheet that was not written
                beside.unlink(missing_ok=True)
            raise
        return (target, beside)

    # -- changes ---------------------------------------------------------------------------------

    def award(self, awards: Mapping[str, Mapping[str, int]], *, reason: str) -> dict[str, Sheet]:
        """Award a session's points to several characters in one transaction: every award is recorded, or none.

        Args:
            awards: character -> competence -> points (``{"ana": {"escrime": 5}, "bea": {"danse": 3}}``). Each
                competence's points are one entry of :class:`~progression.operations.Award` on the character, run
                through the engine (the cap and the campaign's overflow policy apply).
            reason: why (the session), on one line.

        Returns:
            Each character awarded, as stored.

        Raises:
            UnknownName: a character not of the party, a competence the campaign does not have.
            InvalidInput: no awards, points that are not a whole number >= 1, a reason that is not one line.
            LimitReached: under ``auto``, an award the policy would spend on raises past the highest level
                (:func:`~progression_competence.award` says it); nothing is recorded.
        """
        check_line(reason, "the reason of an award")
        if not isinstance(awards, Mapping) or not awards:
            msg = f"expected awards as character -> competence -> points, for one character or more, got {awards!r}"
            raise InvalidInput(msg)
        known = self.characters()
        named: dict[str, dict[str, Any]] = {}  # each competence by its id
        for character, points in awards.items():
            self.check_member(character, known)
            if not isinstance(points, Mapping) or not points:
                msg = f"the points awarded to character {character!r} map competences to points, got {points!r}"
                raise InvalidInput(msg)
            given = named_competences(self.pack, points, f"the points awarded to character {character!r}")
            named[character] = {check_competence(self.pack, competence): amount for competence, amount in given.items()}
            for competence, amount in named[character].items():
                if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
                    msg = f"the points awarded to character {character!r} for {competence!r} are a whole number >= 1, got {amount!r}"
                    raise InvalidInput(msg)
        done: dict[str, Sheet] = {}
        with self.store.transaction() as tx:
            for character, points in named.items():
                for competence, amount in points.items():
                    if spends_on_raises(self.pack, competence):  # under auto, never raised past the maximum level
                        before = done[character] if character in done else tx.sheet(character)
                        check_auto_spending(self.pack, before, competence, amount)
                    award = Award(pool=pool_id(competence), amount=amount, reason=reason)
                    done[character] = tx.run(character, award)[0]
        return done

    def change(
        self, character: str, change: Callable[[RulePack, Sheet], Sheet], *, expected: int | None = None
    ) -> Sheet:
        """Store what ``change`` (a function of the pack and the stored sheet: an action, a purchase) makes of
        the character: each new entry run again through the engine
        (:meth:`progression.store.Transaction.extend`), in one transaction; the character as stored.

        Args:
            expected: the version of the character the change was worked out on (a caller that asked for dice at
                a terminal before it took the store's write lock); None: the character as stored.

        Raises:
            UnknownName: no such character.
            StoreConflict: ``expected`` is not the character's version: it changed meanwhile; nothing was written.
            ProgressionError: the rules refuse the change; nothing was written.
        """
        self.check_member(character, self.characters())
        if not callable(change):
            msg = f"the change of character {character!r} is a function of (pack, sheet), got {change!r:.60}"
            raise InvalidInput(msg)
        with self.store.transaction() as tx:
            before = tx.sheet(character)
            after = change(self.pack, before)
            if not isinstance(after, Sheet):
                msg = f"the change of character {character!r} returned {type(after).__name__}, not a Sheet"
                raise InvalidInput(msg)
            return tx.extend(character, after, expected=expected)

    def raise_level(self, character: str, competence: str, levels: int = 1) -> Sheet:
        """:func:`~progression_competence.raise_level` on the stored character."""
        return self.change(character, lambda pack, sheet: _raise_level(pack, sheet, competence, levels))

    def settle(self, character: str, competence: str, *, discard: bool = False) -> Sheet:
        """:func:`~progression_competence.settle` on the stored character."""
        check_yes_no(
            discard, f"discard (whether the points of {competence!r} over the cap of character {character!r} are lost)"
        )
        return self.change(character, lambda pack, sheet: _settle(pack, sheet, competence, discard=discard))

    def buy_quality(self, character: str, quality: str, pay: Mapping[str, int] | None = None) -> Sheet:
        """:func:`~progression_competence.buy_quality` on the stored character."""
        return self.change(character, lambda pack, sheet: _buy_quality(pack, sheet, quality, pay))

    def buy_specialization(self, character: str, competence: str, specialization: str) -> Sheet:
        """:func:`~progression_competence.buy_specialization` on the stored character."""
        return self.change(character, lambda pack, sheet: _buy_specialization(pack, sheet, competence, specialization))

    def amend(
        self,
        character: str,
        position: int,
        operation: Operation,
        *,
        invalid: str = "refuse",
        check: Callable[[], None] | None = None,
    ) -> Amendment:
        """Replace the operation of the character's entry ``position`` and run every later entry again
        (:func:`progression.amend` under the party's campaign), stored in one transaction; ``check`` is called
        before the commit.

        Raises:
            UnknownName: no such character.
            AmendmentRefused: a later entry becomes invalid (``invalid="refuse"``); nothing changed.
        """
        self.check_member(character, self.characters())
        with self.store.transaction() as tx:
            _, report = tx.amend(character, position, operation, invalid=invalid)
            if check is not None:
                check()
        return report

    # -- what is read back -------------------------------------------------------------------------

    def party(self, language: str | None = None) -> list[dict[str, object]]:
        """One row per character: its id, its name, and each competence's level and degree, by their ids
        (``escrime: 31 confirme``), or, in ``language``, by their displayed names (``Fencing: 31 Proficient``; a
        name two columns would share is followed by the competence's id: ``Sailing (peche)``).

        Raises:
            UnknownName: a language the pack does not declare.
        """
        pack = self.pack
        if language is not None and language not in pack.languages:
            raise UnknownName("language", language, pack.languages, f"pack {pack.name!r}")
        columns = _columns(pack, language)

        def shown(ident: str) -> str:
            return ident if language is None else pack.name_of(ident, language)

        rows: list[dict[str, object]] = []
        for character in self.characters():
            sheet = self.store.sheet(character)
            row: dict[str, object] = {"character": character, "name": sheet.name}
            for competence, column in columns.items():
                row[column] = f"{level(pack, sheet, competence)} {shown(degree(pack, sheet, competence))}"
            rows.append(row)
        return rows

    def verify(self) -> PartyCheck:
        """Every character run again under the party's campaign (:meth:`progression.store.Store.verify`)."""
        return PartyCheck(characters={c: self.store.verify(c) for c in self.characters()})


def _columns(pack: RulePack, language: str | None) -> dict[str, str]:
    """The column of each competence of the party's table: its id, or its displayed name in ``language``, followed
    by its id where another column would have that name too (two competences named alike, or one named
    ``name``), so that no column hides another."""
    if language is None:
        return {competence: competence for competence in competences(pack)}
    named = {competence: pack.name_of(competence, language) for competence in competences(pack)}
    taken = Counter(["character", "name", *named.values()])
    return {c: name if taken[name] == 1 else f"{name} ({c})" for c, name in named.items()}


def _check_unsealed(record: Mapping[str, Any], store: Store, pack: RulePack) -> None:
    """Refuse a record of before the seal whose campaign or settings are not those its characters were made under
    (every character of a party is made, or rebased, under the party's rules): changed in the database since.
    The first character says it, one sheet read; a party of no character has nothing to tell it by."""
    characters = record["characters"]
    if not characters:
        return
    made = store.sheet(characters[0]).rules
    if made and made != pack.rules:
        msg = (
            f"the party's record {PARTY_RECORD!r} (written before records were sealed) gives the rules "
            f"{pack.rules!r}, but its character {characters[0]!r} was made under {made!r}: the record's campaign or "
            "settings were changed since, in the database; nothing is read from it: put it back as it was (from a "
            "copy of the store)"
        )
        raise StoreError(store.where, msg)


def _creation(sheet: Sheet, where: str) -> Create:
    """The operation that made ``sheet``."""
    first = sheet.ledger[0]
    if not isinstance(first, progression.Entry) or not isinstance(first.operation, Create):
        raise StoreError(where, f"character {sheet.name!r} has no creation entry (made before operations were)")
    return first.operation


def _write(target: Path, text: str, where: str) -> None:
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(target)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise StoreError(where, f"cannot write {target}: {error.strerror or error}") from None


#: What separates the parts of an award on the command line (``--to ana:escrime=5,danse=3``): never in an id.
_SEPARATORS = frozenset(":,=")


def _check_character(character: object) -> None:
    """A character's id: a text without spaces, ``:``, ``,`` or ``=`` (an award names it as ``ID:what=N``)."""
    if not isinstance(character, str) or not character or any(c in _SEPARATORS or c.isspace() for c in character):
        msg = f"a character's id is a text without spaces, ':', ',' or '=', got {character!r}"
        raise InvalidInput(msg)
