"""Load JSON or JSON Lines by content, turning every decoding problem into an InputError.

Hostile input is one line too: a file that is not a regular file (/dev/zero, a FIFO) or larger
than MAX_BYTES, nesting deeper than MAX_DEPTH, an integer of more than MAX_INT_DIGITS digits,
a number beyond the range of a float (`1e400`, `10**400` written out) and NaN or Infinity are
refused naming the file and the field, before any reader or schema walker sees them (a schema
nested 500 deep ended in a RecursionError, a 5,001-digit integer in a ValueError, `10**400` in
an OverflowError, NaN reached the rows).
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from ..errors import InputError

MAX_BYTES = 1 << 30  # 1 GiB: catalogs and histories are read whole
MAX_DEPTH = 100  # real tool schemas nest a dozen levels at most
MAX_INT_DIGITS = 64  # far beyond any int64 or uint64 a tool takes


class _Bad:
    """A number the loader refused, kept in place so the walk can name its field."""

    def __init__(self, text: str, why: str) -> None:
        self.text, self.why = text, why


def _int(text: str) -> int | _Bad:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        return _Bad(text, f"an integer of {digits} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _float(text: str) -> float | _Bad:
    value = float(text)
    if math.isinf(value):
        return _Bad(text, f"the number {text[:24]} is beyond the range of a float")
    return value


def _constant(text: str) -> _Bad:
    return _Bad(text, f"{text} is not a JSON number")


def _loads(text: str) -> Any:
    return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)


def _field(path: list[str | int]) -> str:
    return ".".join(str(p) for p in path) or "(top level)"


def check_value(value: Any, label: str, record: int | None = None) -> Any:
    """Refuse a loaded value nested deeper than MAX_DEPTH or holding a refused number; walks
    with its own stack (the value may be deeper than Python's recursion limit)."""
    stack: list[tuple[Any, list[str | int]]] = [(value, [])]
    while stack:
        node, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise InputError(f"nested more than {MAX_DEPTH} levels deep", file=label, record=record,
                             field=_field(path[:8]) + "...")
        if isinstance(node, _Bad):
            raise InputError(f"{node.why}; refused", file=label, record=record, field=_field(path))
        if isinstance(node, dict):
            stack.extend((v, [*path, k]) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, [*path, i]) for i, v in enumerate(node))
    return value


def _too_deep_at(text: str) -> str:
    """The field where the nesting of `text` first passes MAX_DEPTH, for JSON too deep for the
    decoder to read: a small scanner that follows strings, keys and array positions."""
    path: list[str | int] = []
    i, n, last = 0, len(text), ""
    while i < n:
        ch = text[i]
        if ch == '"':
            end = i + 1
            while end < n and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            last, i = text[i + 1:end], end + 1
            continue
        if ch == ":" and path and isinstance(path[-1], str):
            path[-1] = last
        elif ch == "," and path:
            path[-1] = path[-1] + 1 if isinstance(path[-1], int) else ""
        elif ch in "[{":
            path.append(0 if ch == "[" else "")
            if len(path) > MAX_DEPTH:
                return _field(path[:-1][:8]) + "..."
        elif ch in "]}" and path:
            path.pop()
        i += 1
    return "(top level)"


def _check_file(path: Path, label: str) -> None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise InputError("file not found", file=label) from None
    except OSError as e:
        raise InputError(f"cannot read file: {e.strerror}", file=label) from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError("expected a file, got a directory", file=label)
    if not stat.S_ISREG(st.st_mode):
        raise InputError("not a regular file (a device, FIFO or socket); refused", file=label)
    if st.st_size > MAX_BYTES:
        raise InputError(f"{st.st_size:,} bytes: larger than the {MAX_BYTES:,} bytes an input may be",
                         file=label)


def read_text(path: Path, label: str) -> str:
    _check_file(path, label)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("file not found", file=label) from None
    except IsADirectoryError:
        raise InputError("expected a file, got a directory", file=label) from None
    except UnicodeDecodeError as e:
        raise InputError(f"not UTF-8 text (byte {e.start})", file=label) from None
    except OSError as e:
        raise InputError(f"cannot read file: {e.strerror}", file=label) from None


def load_json_or_jsonl(path: Path, label: str) -> tuple[str, Any]:
    """("json", value) or ("jsonl", [values]); the format is decided by content, not extension."""
    text = read_text(path, label)
    if not text.strip():
        raise InputError("file is empty", file=label)
    try:
        return "json", check_value(_loads(text), label)
    except json.JSONDecodeError as e:
        # A second top-level value right after the first one means JSON Lines.
        if e.msg != "Extra data":
            raise _decode_error(e, text, label) from None
    except RecursionError:
        raise InputError(f"nested more than {MAX_DEPTH} levels deep", file=label,
                         field=_too_deep_at(text)) from None
    return "jsonl", _load_lines(text, label)


def _load_lines(text: str, label: str) -> list[Any]:
    values = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            values.append(check_value(_loads(line), label, record=lineno))
        except json.JSONDecodeError as e:
            raise InputError(f"invalid JSON Lines at line {lineno} column {e.colno}: {e.msg}",
                             file=label) from None
        except RecursionError:
            raise InputError(f"nested more than {MAX_DEPTH} levels deep", file=label, record=lineno) from None
    return values


def _decode_error(e: json.JSONDecodeError, text: str, label: str) -> InputError:
    truncated = e.pos >= len(text.rstrip())
    hint = " (file ends unexpectedly: truncated?)" if truncated else ""
    return InputError(f"invalid JSON at line {e.lineno} column {e.colno}: {e.msg}{hint}", file=label)


def as_items(kind: str, value: Any, label: str, key: str = "tools") -> list[Any]:
    """The record list of a file: a JSON array, JSON Lines, or an object wrapping the array in `key`."""
    if kind == "jsonl" or isinstance(value, list):
        return list(value) if isinstance(value, list) else [value]
    if isinstance(value, dict) and isinstance(value.get(key), list):
        return value[key]
    if isinstance(value, dict):
        return [value]
    raise InputError(f"expected a JSON array or object, got {type(value).__name__}", file=label)
