"""The pytest plugin of :mod:`progression.testing`: a ``pack_conformance`` fixture.

Registered under the ``pytest11`` entry points, so it is there in every pytest run of an
environment where ``progression`` is installed. It imports Hypothesis only when the
fixture is used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from progression.rulepacks.rulepack import RulePack

    from ._conformance import ConformanceReport

#: The command-line option that raises the state machine's example count.
OPTION = "--progression-examples"


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--progression-examples N``: how many random runs the conformance check makes."""
    group = parser.getgroup("progression", "progression rule pack conformance")
    group.addoption(
        OPTION,
        type=int,
        default=None,
        metavar="N",
        help="random runs of the rule pack state machine in the pack_conformance fixture (default: small)",
    )


@pytest.fixture
def pack_conformance(request: pytest.FixtureRequest) -> Callable[..., ConformanceReport]:
    """A function that checks a rule pack and fails the test listing every problem.

    Call it as ``pack_conformance(pack)``, with ``examples``, ``steps``, ``setup``, ``sensible``, ``published``
    or ``shrink`` (the keyword arguments of :func:`~progression.testing.check_pack`) if needed; it returns the
    report when the pack passes. ``pytest --progression-examples 500`` makes every such check
    thorough (the steered runs follow it, unless ``sensible`` is given).
    """
    from ._conformance import DEFAULT_EXAMPLES, DEFAULT_STEPS, check_pack

    chosen = request.config.getoption(OPTION)

    def check(
        pack: RulePack,
        *,
        examples: int | None = None,
        steps: int | None = None,
        setup: Mapping[str, Mapping[str, str]] | None = None,
        sensible: int | None = None,
        published: Mapping[str, Any] | None = None,
        shrink: bool | None = None,
    ) -> ConformanceReport:
        count = examples if examples is not None else chosen if chosen is not None else DEFAULT_EXAMPLES
        report = check_pack(
            pack,
            examples=count,
            steps=DEFAULT_STEPS if steps is None else steps,
            setup=setup,
            sensible=sensible,
            published=published,
            shrink=shrink,
        )
        if not report.ok:
            pytest.fail(str(report), pytrace=False)
        return report

    return check
