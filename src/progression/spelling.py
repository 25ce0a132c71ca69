"""Words as a person may write them: the plain form two spellings of a name share, the known words closest to a
misspelt one, how a refusal names them ("; the closest: show"), and the command it suggests, quoted for a shell.

Every refusal of an unknown id, option, field or command of the library and of its command line finds and says
the closest words through here, so a misspelling is answered the same way wherever it is made. The module imports
only ``difflib`` and ``shlex``, and each only when it is used: the command line uses it on a usage error, which must
not load the library.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

__all__ = ["closest", "command_line", "plain_name", "the_closest"]

#: How many of the closest words a refusal names, at most.
SHOWN = 3
#: How alike a word must be to the one given to be named (the ratio of ``difflib.get_close_matches``).
CUTOFF = 0.6
#: How far below the closest word's ratio another may be and still be named (:func:`closest` says why).
BEHIND = 0.2


def plain_name(text: str) -> str:
    """A name as a person may write it: any case, spaces or underscores, hyphens or not (``Sneaky Git``)."""
    return " ".join(text.casefold().replace("_", " ").replace("-", " ").split())


def closest(given: str, known: Iterable[str], *, names: Mapping[str, Iterable[str]] | None = None) -> tuple[str, ...]:
    """The words of ``known`` closest to ``given``, the closest first (at most three); none for a number.

    Each word is read in its plain form (:func:`~progression.spelling.plain_name`), and so is each of its
    displayed names ``names`` gives (an id's names in every language of a pack): ``Sneaky git`` is close to
    ``sneaky_git``, ``Esquive`` to ``dodge`` named so. Only when nothing is close whole, each is read by its last
    words too (``Blitzr`` is closest to ``orc_blitzer``, whose last word is ``blitzer``), so that a word close to
    a whole one is not also said close to every one that ends alike (``Blok`` is ``block``, not ``mighty_blow``).

    A word is ranked by its closest form (the ratio of ``difflib``, at least
    :data:`~progression.spelling.CUTOFF`), and named only when that ratio is no more than
    :data:`~progression.spelling.BEHIND` (0.2) below the closest word's: the more forms a word is read by (every
    suffix of every name in every language), the more reach the cutoff by chance, and one so far behind the closest
    is hardly what was meant. Among a Blitzer's skills ``Blok`` is ``multiple_block`` (0.89, by its last word) and
    ``mighty_blow`` (0.75), no longer also ``strip_ball``, 0.60 by the last word of its French name
    *Arracher le Ballon*. Measured on the shipped packs (each Blood Bowl skill and each position of five rosters,
    each competence and quality of the competence pack, by its id and its English and French names, misspelt by
    two random edits: 6,165 words), the word meant is named as often as without this rule (6,113 times), and the
    others named beside it fall from 0.30 a word to 0.09. A narrower margin names fewer (0.05 at 0.15) but drops
    ``norse`` (0.67) for ``orcs`` beside ``orc`` (0.86), and at 0.1 loses words meant (``rade`` for *Garde*,
    behind *Parade*).

    The margin holds whatever the names are: a caller's ``names`` say no language (an amended field's are the
    other words that name it), so a rule preferring the language ``given`` seems written in could not always
    be applied; and a word is ranked by its best form, whichever name that is.

    Args:
        given: The word as it came.
        known: The words it may have meant (ids, options, commands), each said as it is written there.
        names: For a word of ``known``, the other names it goes by.

    Returns:
        Words of ``known``, each once, the closest first.
    """
    if not isinstance(given, str) or given.strip().isdigit():  # a number is not misspelt: 13 is not "close" to 3
        return ()
    whole: dict[str, str] = {}  # each plain form, and the word it is a form of (the first that has it)
    ends: dict[str, str] = {}
    for word in known:
        for written in (word, *(names or {}).get(word, ())):
            parts = plain_name(written).split()
            whole.setdefault(" ".join(parts), word)
            for start in range(1, len(parts)):
                ends.setdefault(" ".join(parts[start:]), word)
    plain = plain_name(given)
    return _matched(plain, whole) or _matched(plain, ends)


def _matched(plain: str, forms: Mapping[str, str]) -> tuple[str, ...]:
    """The words whose forms are close to ``plain``, each by its closest form, the closest first, none more than
    :data:`BEHIND` below the closest."""
    if not forms:
        return ()
    import difflib  # only here: the command line's usage error imports this module, and no more than it needs

    # difflib.get_close_matches, with the ratios it keeps to itself: the same cheap bounds first, the same order
    # (the highest ratio first, a tie by the form, the greater first).
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(plain)
    scored = []
    for form in forms:
        matcher.set_seq1(form)
        if matcher.real_quick_ratio() >= CUTOFF and matcher.quick_ratio() >= CUTOFF:
            ratio = matcher.ratio()
            if ratio >= CUTOFF:
                scored.append((ratio, form))
    scored.sort(reverse=True)
    best: dict[str, float] = {}  # each word by its closest form, the closest first
    for ratio, form in scored:
        best.setdefault(forms[form], ratio)
    if not best:
        return ()
    top = max(best.values())
    return tuple(word for word, ratio in best.items() if ratio >= top - BEHIND)[:SHOWN]


def the_closest(found: Iterable[str], *, aside: bool = False) -> str:
    """How a refusal names the closest words ``found`` (:func:`closest`): ``"; the closest: a, b"``, the end of its
    sentence; with ``aside``, ``" (the closest: a, b)"``, said before a long list that follows; ``""`` for none."""
    words = ", ".join(found)
    if not words:
        return ""
    return f" (the closest: {words})" if aside else f"; the closest: {words}"


def command_line(*words: str) -> str:
    """A command a refusal suggests, its words joined as a POSIX shell reads them back: each quoted where it needs it
    (``shlex.quote``: a team id ``my anvils`` from a file name, a path with a space), so that it runs as written.
    ``FILE``, ``TEAM`` and the other words in capitals stay as they are, for the reader to fill in."""
    import shlex  # here, as difflib is: the command line reads this module on a usage error

    return " ".join(shlex.quote(word) for word in words)
