"""What every catalog format reader shares: the source descriptor, the registry, error context."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..core.schema import check_schema, normalize_schema
from ..errors import InputError
from ..registry import Registry


@dataclass(frozen=True)
class CatalogSource:
    """One catalog file: `label` is how errors and Tool.source name it (relative to base_dir)."""

    path: Path
    label: str

    @property
    def stem(self) -> str:
        return self.path.stem


@dataclass(frozen=True)
class CatalogFormat:
    """`detect(first_record)` decides by content; `read(records, source)` returns Tools."""

    detect: Callable[[dict[str, Any]], bool]
    read: Callable[[list[Any], CatalogSource], list[Any]]


CATALOG_FORMATS: Registry[CatalogFormat] = Registry("catalog format")


@contextmanager
def model_errors(prefix: str = "") -> Iterator[None]:
    """Turn a pydantic ValidationError raised inside into an InputError with a field path."""
    try:
        yield
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(x) for x in err["loc"])
        field = ".".join(p for p in (prefix, loc) if p) or None
        raise InputError(err["msg"], field=field) from None


@contextmanager
def record_context(source: CatalogSource, index: int, model_prefix: str = "") -> Iterator[None]:
    """Attach file and record index to any InputError (or pydantic error) raised inside."""
    try:
        with model_errors(model_prefix):
            yield
    except InputError as e:
        raise InputError(e.message, file=source.label, record=index, field=e.field) from None


def require_dict(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InputError(f"{what} must be an object, got {type(value).__name__}")
    return value


def require_name(value: Any, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError("tool has no name", field=field)
    return value


def object_schema(params: Any, field: str) -> dict[str, Any]:
    """Normalize a tool's parameter schema, which must describe an object."""
    if params is None:
        return {"type": "object", "properties": {}}
    if not isinstance(params, dict):
        raise InputError(f"parameters must be an object, got {type(params).__name__}", field=field)
    schema = normalize_schema(params, path=field)
    if schema.get("type", "object") != "object":
        raise InputError(f"parameters must have type object, got {schema['type']!r}", field=f"{field}.type")
    schema.setdefault("type", "object")
    schema.setdefault("properties", {})
    missing = [r for r in schema.get("required") or [] if r not in schema["properties"]]
    if missing:
        raise InputError(f"required names not in properties: {missing}", field=f"{field}.required")
    check_schema(schema, field)
    return schema


_WS = re.compile(r"\s+")


def collapse_ws(text: str) -> str:
    """TRAJECT-Bench tool names differ only by runs of whitespace between files; match on this form."""
    return _WS.sub(" ", text).strip()
