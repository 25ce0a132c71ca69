"""A pack's schema for its own ``[tables]``: the types and allowed ids the loader checks them against.

``[schema.tables.<table>]`` says what the entries of ``[tables.<table>]`` hold: ``keys``, the kind of id each
entry's key is; ``values``, either one type (every entry is a value of it) or a table of fields (every entry is
a table of those fields, each of its type; ``optional`` lists those it may leave out). A type is ``"bool"``,
``"int"``, ``"text"``, ``"id"`` (a lowercase slug), ``"stat"``, ``"pool"``, ``"upgrade"`` or ``"curve"`` (the id
of one the pack defines), or a list of the texts allowed. Every misfit is a problem at its key path, found with
the rest of the file's; the schema itself is not kept on the pack (it changes no rule, only what loads).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from progression.rulepacks.reader import Reader, shown

__all__ = ["TYPES", "check_tables"]

#: The types a schema names, with how a misfit's message says what was expected.
_PLAIN = {"bool": "true or false", "int": "an integer", "text": "a text", "id": "an id (a lowercase ASCII slug)"}
#: The types that are the ids of what the pack defines, by the section that defines them.
_DEFINED = {"stat": "stats", "pool": "pools", "upgrade": "upgrades", "curve": "curves"}
#: Every type a schema may name (besides a list of the allowed texts).
TYPES = (*_PLAIN, *_DEFINED)
#: The ids ``keys`` may be (the key of a TOML table is always a text).
_KEY_TYPES = ("text", "id", *_DEFINED)


def check_tables(r: Reader, data: Mapping[str, Any], punctuation: str) -> None:
    """Check ``data["tables"]`` against ``data["schema"]["tables"]``, recording each misfit on ``r``."""
    schema = r.table(data, "schema", "$")
    r.extra(schema, ("tables",), "$.schema")
    found = data.get("tables")
    tables: dict[str, Any] = found if isinstance(found, dict) else {}
    defined = {section: _ids(data, section) for section in _DEFINED.values()}
    for name, spec in r.table(schema, "tables", "$.schema").items():
        where = f"$.schema.tables.{name}"
        if not isinstance(spec, dict):
            r.problem(where, f"expected a table (keys, values, optional), got {shown(spec)}")
            continue
        r.extra(spec, ("keys", "values", "optional"), where)
        keys = _type(r, spec, "keys", where, _KEY_TYPES, default="text")
        values = _values(r, spec, where)
        optional = r.strings(spec, "optional", where, default=())
        written = spec.get("values")
        fields = tuple(written) if isinstance(written, dict) else ()
        for field in optional if "values" in spec else ():
            if field not in fields:
                fields_shown = ", ".join(fields) or "none (values is one type)"
                r.problem(f"{where}.optional", f"{field!r} is not a field of values; fields: {fields_shown}")
        table = tables.get(name)
        if not isinstance(table, dict):
            known = ", ".join(sorted(k for k, v in tables.items() if isinstance(v, dict))) or "none"
            r.problem(where, f"table {name!r} is not defined in [tables]; defined: {known}")
            continue
        if keys is None or values is None:  # the schema's own problem is reported; its table is not read with it
            continue
        for key, entry in table.items():
            path = f"$.tables.{name}.{key}"
            _check(r, key, keys, path, defined, punctuation)
            if isinstance(values, dict):
                if not isinstance(entry, dict):
                    r.problem(path, f"expected a table of {', '.join(values)}, got {shown(entry)}")
                    continue
                r.extra(entry, tuple(values), path)
                for field, kind in values.items():
                    if field in entry:
                        _check(r, entry[field], kind, f"{path}.{field}", defined, punctuation)
                    elif field not in optional:
                        r.problem(f"{path}.{field}", f"required key {field!r} is missing")
            else:
                _check(r, entry, values, path, defined, punctuation)


def _ids(data: Mapping[str, Any], section: str) -> tuple[str, ...]:
    found = data.get(section)
    return tuple(found) if isinstance(found, dict) else ()


def _values(r: Reader, spec: Mapping[str, Any], where: str) -> str | tuple[str, ...] | dict[str, Any] | None:
    """``values``: one type, or a table of fields, each with its type."""
    if "values" not in spec:
        r.problem(f"{where}.values", "required key 'values' is missing (a type, or a table of fields and types)")
        return None
    raw = spec["values"]
    if not isinstance(raw, dict):
        return _type(r, spec, "values", where, TYPES)
    fields = {field: _type(r, raw, field, f"{where}.values", TYPES) for field in raw}
    if any(kind is None for kind in fields.values()):
        return None
    return fields


def _type(
    r: Reader, spec: Mapping[str, Any], key: str, where: str, allowed: tuple[str, ...], default: str | None = None
) -> str | tuple[str, ...] | None:
    """A type: one of ``allowed``, or a list of the allowed texts; None after a problem."""
    if key not in spec and default is not None:
        return default
    raw = spec[key]
    if isinstance(raw, list):
        texts = r.strings(spec, key, where, default=None)
        if texts is not None and not texts:
            r.problem(f"{where}.{key}", "a list of allowed texts needs at least one")
            return None
        return texts
    if raw not in allowed:
        types = ", ".join(allowed)
        r.problem(
            f"{where}.{key}", f"unknown type {raw!r:.60}; expected one of {types}, or a list of the allowed texts"
        )
        return None
    return raw  # type: ignore[no-any-return]


def _check(
    r: Reader,
    value: object,
    kind: str | tuple[str, ...],
    path: str,
    defined: Mapping[str, Collection[str]],
    punctuation: str,
) -> None:
    """A problem at ``path`` when ``value`` is not of ``kind``."""
    if isinstance(kind, tuple):
        if value not in kind:
            r.problem(path, f"expected one of {', '.join(kind)}, got {shown(value)}")
        return
    if kind in ("bool", "text"):
        fits = isinstance(value, bool if kind == "bool" else str)
    elif kind == "int":
        fits = isinstance(value, int) and not isinstance(value, bool)
    elif kind == "id":
        fits = Reader.is_slug(value, punctuation)
    else:
        ids = defined[_DEFINED[kind]]
        if value not in ids:
            r.problem(
                path, f"expected the id of a {kind} (one of: {', '.join(sorted(ids)) or 'none'}), got {shown(value)}"
            )
        return
    if not fits:
        r.problem(path, f"expected {_PLAIN[kind]}, got {shown(value)}")
