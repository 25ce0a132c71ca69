"""The core's operations, the values every change to a sheet is made of, and the functions of the engine
beside :func:`progression.run`: :func:`start_sheet` (a new sheet from its :class:`Create`),
:func:`combine` (many operations as one entry), :func:`check_rules` (the refusal ``run`` makes first of a sheet
made under other rules, for a pack to make before it runs anything on several sheets), :func:`check_kind` (the
refusal a pack's query makes of what is not a sheet of the kind it reads, naming the pack of one that is another's),
:func:`check_id` (of an id that is no text: a None or a number is no id at all, not one the pack lacks) and
:func:`check_number` (of a whole number past what a sheet file holds, a quadrillion either way).

Build one and run it with :func:`progression.run`, which gives the new sheet and the entry it appended (or let a
pack's methods build them: ``pack.award`` runs an :class:`Award` and gives the new sheet). A pack declares its
own operations as subclasses of :class:`~progression.Operation` in :attr:`RulePack.operations
<progression.RulePack.operations>`.
"""

from progression._moved import moved
from progression.engine.checks import check_id, check_kind, check_number, check_rules
from progression.engine.operations import (
    Adjust,
    Award,
    Batch,
    Create,
    Decide,
    Discard,
    Join,
    Leave,
    Mark,
    Purchase,
)
from progression.engine.run import start_sheet
from progression.engine.steps import combine

__all__ = [
    "AMEND_WORDS",
    "Adjust",
    "Award",
    "Batch",
    "Create",
    "Decide",
    "Discard",
    "Join",
    "Leave",
    "Mark",
    "Purchase",
    "check_id",
    "check_kind",
    "check_number",
    "check_rules",
    "combine",
    "start_sheet",
]

#: The key of an attrs field's ``metadata`` that gives the other words ``progression sheet amend`` takes for the
#: field: those of the action that records it, so that an entry is corrected in the words it was made with
#: (``attrs.field(default=0, metadata={AMEND_WORDS: ("attendance",)})``: ``match.attendance=6`` amends the field
#: ``fan_attendance``). One field is changed by one word: its name and another word of it, both given, are refused.
AMEND_WORDS = "progression.amend_words"

#: The names of before, for one release: ``create`` differed from :class:`Create` by a capital only, and
#: ``execute`` was :func:`progression.run` under another verb, giving the sheet alone.
__getattr__ = moved(
    __name__,
    {"create": ":start_sheet"},
    withdrawn={"execute": ("progression.run (the new sheet is its first item)", "progression.engine.run")},
)
