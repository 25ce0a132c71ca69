"""The generated ledger readers: what the converter reads, faster, and never more than it reads."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given

import progression
import progression.files
from progression.events import Awarded, Created, Event, Marked, Purchased
from progression.files.ledger_read import Unsure, checked_fields, read_ledger
from support.builders import FEW
from support.ledgers import damaged, ledgers


def structured(data: Any) -> tuple[Event, ...]:
    """The ledger as the cattrs converter reads it."""
    events: tuple[Event, ...] = progression.files.converter.structure(data, tuple[Event, ...])
    return events


def written(ledger: tuple[Event, ...]) -> list[Any]:
    return [progression.files.converter.unstructure(event, Event) for event in ledger]


class TestRead:
    @FEW
    @given(ledgers)
    def test_reads_what_the_converter_writes(self, ledger: tuple[Event, ...]) -> None:
        """Every event, nested or not, comes back equal to what was written and to what the converter reads."""
        data = written(ledger)
        assert (ledger, ledger) == (read_ledger(data), structured(data))

    @FEW
    @given(ledgers.flatmap(lambda ledger: damaged(written(ledger))))
    def test_never_takes_what_the_converter_refuses(self, data: Any) -> None:
        """Damaged data the reader takes, the converter takes too, and reads the same."""
        try:
            fast = read_ledger(data)
        except Unsure:
            return
        assert structured(data) == fast

    def test_unusual_values_are_left_to_the_converter(self) -> None:
        """A value the converter takes but the reader does not expect (a float argument) is the converter's call."""
        data = [{"event": "started", "upgrade": "u", "args": {"weight": 1.5}}]
        with pytest.raises(Unsure):
            read_ledger(data)
        assert {"weight": 1.5} == dict(structured(data)[0].args)  # type: ignore[attr-defined]

    @pytest.mark.parametrize(
        "data",
        [
            [{"event": "awarded", "pool": "spp", "amount": "3"}],
            [{"event": "awarded", "pool": "spp", "amount": True}],
            [{"event": "awarded", "pool": "spp"}],
            [{"event": "awarded", "pool": "spp", "amount": 3, "bonus": 1}],
            [{"event": "marked", "label": "m", "reason": ""}],
            [{"event": "exploded"}],
            [{"event": ["awarded"]}],
            [{"pool": "spp"}],
            ["awarded"],
            [{"event": "member", "member": "a", "entry": "x"}],
            [{"event": "purchased", "upgrade": "u", "effect": {"grants": {"a": 1}, "bonus": {}}}],
        ],
    )
    def test_refuses_what_is_wrong(self, data: list[Any]) -> None:
        """Wrong types, missing and extra keys, unknown tags are refused: the converter reports them."""
        with pytest.raises(Unsure):
            read_ledger(data)

    def test_defaults_of_missing_keys(self) -> None:
        """Keys a field has a default for may be missing, as the converter allows."""
        data = [{"event": "created", "pack": "p", "kind": "k"}, {"event": "awarded", "pool": "spp", "amount": 2}]
        assert (Created(pack="p", kind="k"), Awarded(pool="spp", amount=2)) == read_ledger(data)


class TestOwnership:
    def test_loads_copies_the_callers_dicts(self) -> None:
        """A sheet read from data a caller holds does not change when the caller changes that data."""
        data = progression.files.unstructure_sheet(
            progression.replay([Created(pack="p", kind="k", pools={"spp": 1}), Marked(label="m")])
        )
        sheet = progression.files.structure_sheet(data)
        data["ledger"][0]["pools"]["spp"] = 99
        assert (1, 1) == (sheet.pools["spp"], sheet.ledger[0].pools["spp"])  # type: ignore[attr-defined]

    def test_small_mappings_are_shared_as_the_constructor_shares_them(self) -> None:
        """A mapping read is frozen by the event's own converter: shared, or not, as the constructor shares it."""
        data = [{"event": "purchased", "upgrade": "u", "price": {"spp": 4}} for _ in range(2)]
        first, second = read_ledger(data)
        built = [Purchased(upgrade="u", price={"spp": 4}) for _ in range(2)]
        assert (built[0].price is built[1].price, built[0].price) == (first.price is second.price, first.price)  # type: ignore[attr-defined]


class TestGeneration:
    def test_refuses_a_class_with_a_validator(self) -> None:
        """A class whose constructor checks a rule gets no reader, so no rule is bypassed."""

        @attrs.frozen(kw_only=True)
        class Checked(Event):
            amount: int = attrs.field(validator=attrs.validators.ge(0))

        with pytest.raises(TypeError, match="validator"):
            checked_fields(Checked)

    def test_refuses_a_class_with_post_init(self) -> None:
        """A class that finishes its construction in ``__attrs_post_init__`` gets no reader."""

        @attrs.frozen(kw_only=True)
        class Finishing(Event):
            label: str

            def __attrs_post_init__(self) -> None:
                pass

        with pytest.raises(TypeError, match="__attrs_post_init__"):
            checked_fields(Finishing)
