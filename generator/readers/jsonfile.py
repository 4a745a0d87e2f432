"""Load JSON or JSON Lines by content, turning every decoding problem into an InputError."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import InputError


def read_text(path: Path, label: str) -> str:
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
        return "json", json.loads(text)
    except json.JSONDecodeError as e:
        # A second top-level value right after the first one means JSON Lines.
        if e.msg != "Extra data":
            raise _decode_error(e, text, label) from None
    return "jsonl", _load_lines(text, label)


def _load_lines(text: str, label: str) -> list[Any]:
    values = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            values.append(json.loads(line))
        except json.JSONDecodeError as e:
            raise InputError(f"invalid JSON Lines at line {lineno} column {e.colno}: {e.msg}",
                             file=label) from None
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
