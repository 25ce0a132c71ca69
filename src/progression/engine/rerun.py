"""Whether the engine runs an operation asked now, or one a ledger recorded, run again: what the checks that only
keep new entries honest read (an override that waives something, a stat's bound). Its own module, as the rule code
of purchases and of awards reads it and the work runs both."""

from __future__ import annotations

from contextvars import ContextVar

__all__ = ["is_rerun", "rerunning"]

#: Whether the operations run now are ones a ledger recorded, run again (see :class:`rerunning`).
_RERUNNING: ContextVar[bool] = ContextVar("progression_rerunning_recorded", default=False)


class rerunning:  # used as a function: ``with rerunning():``
    """The engine runs again operations a ledger recorded (to verify them, to carry them onto an amended or rebased
    history, to store the entries of a sheet made elsewhere), not operations asked anew. A check that only keeps new
    entries honest lets a recorded one pass, so that a history the library wrote stays valid: an override must waive
    something (:func:`~progression.engine.purchases.purchase`), but 0.1.0 recorded one that waived nothing; a stat's
    bound (:attr:`~progression.authoring.StatSpec.bound`) holds for purchases and awards asked now, but one recorded
    before it was set went past it. The entry the operation gives must still be the one recorded. Set by
    :mod:`progression.history` and the store, never by rule code; an operation nested in a recorded one runs inside
    it too. A class, as :class:`~progression.ledger.sheet.running` is."""

    __slots__ = ("_token",)

    def __enter__(self) -> None:
        self._token = _RERUNNING.set(True)

    def __exit__(self, *raised: object) -> None:
        _RERUNNING.reset(self._token)


def is_rerun() -> bool:
    """Whether the operation running is one a ledger recorded, run again (:class:`rerunning`)."""
    return _RERUNNING.get()
