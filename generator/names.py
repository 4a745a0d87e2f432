"""Names from catalogs that reach file paths or ground truth are checked before anything runs.

A catalog is user input: a domain of `../../x` would place files outside the output directory,
a tool name with control characters or emoji would be written into gold calls no model can
produce. Each kind of name gets a conservative charset (Unicode letters and digits are fine:
real catalogs use CJK app names), checked with one clear error naming the file, the record and
the field; over-long descriptions are cut to a documented size with one warning.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from typing import Any

from .errors import InputError
from .records import Tool

log = logging.getLogger(__name__)

MAX_DESCRIPTION = 4096  # characters, tool and parameter descriptions alike (README: Inputs)
# OpenAI's rule for function names; BFCL names add dots ("math.factorial").
CALLABLE_NAME = re.compile(r"[A-Za-z0-9_.-]{1,64}")
# TRAJECT-Bench names read "<parent tool>: <API name>" and carry spaces, slashes, braces, "?",
# "..", even zero-width spaces (all in its own catalogs): any printable text of up to 160
# characters that starts with a letter or digit, with no control characters, no emoji or other
# pictographs and no path step ("../").
TRAJECT_NAME = re.compile(r"(?!.*\.\.[/\\])[^\W_][^\x00-\x1f\x7f\U0001F000-\U0001FFFF\u2600-\u27BF]{0,159}")
# Domains and apps become directory and file names: no separators, no dot-only names.
PATH_NAME = re.compile(r"[^\W_][\w .&'+()-]{0,63}")
NAME_RULES = {"traject": TRAJECT_NAME}


def _ok(pattern: re.Pattern[str], text: str) -> bool:
    if pattern is PATH_NAME and ".." in text:  # only a path-bound name could climb out
        return False
    return bool(pattern.fullmatch(text)) and text == text.strip()


def _refuse(tool: Tool, field: str, value: str, rule: str) -> InputError:
    return InputError(f"{field} {value!r} is not allowed: {rule}", file=tool.source or None,
                      record=tool.name if field != "tool name" else None, field=field)


def check_tool(tool: Tool) -> None:
    rule = NAME_RULES.get(tool.source_format, CALLABLE_NAME)
    if not _ok(rule, tool.name):
        what = ("printable text without control characters, emoji or '../' (at most 160 characters)"
                if rule is TRAJECT_NAME else "letters, digits, _ . - (at most 64 characters)")
        raise _refuse(tool, "tool name", tool.name, f"use {what}")
    if tool.domain and not _ok(PATH_NAME, tool.domain):
        raise _refuse(tool, "domain", tool.domain, "use letters, digits, spaces and & ' + ( ) . - "
                                                   "(at most 64 characters, no path separators)")
    # An app is never a path; TRAJECT-Bench apps are parent tool names ("Kubric: The ... API").
    app_rule = TRAJECT_NAME if rule is TRAJECT_NAME else PATH_NAME
    if tool.app and not _ok(app_rule, tool.app):
        raise _refuse(tool, "app", tool.app, "use letters, digits, spaces and & ' + ( ) . - "
                                             "(no path separators)")


def _cut(text: str) -> str:
    return text[:MAX_DESCRIPTION]


def _cut_params(schema: object) -> tuple[object, int]:
    """A copy of a JSON Schema with every over-long "description" cut; and how many were."""
    if isinstance(schema, list):
        pairs = [_cut_params(x) for x in schema]
        return [p[0] for p in pairs], sum(p[1] for p in pairs)
    if not isinstance(schema, dict):
        return schema, 0
    out: dict[str, Any] = {}
    cut = 0
    for k, v in schema.items():
        if k == "description" and isinstance(v, str) and len(v) > MAX_DESCRIPTION:
            out[k], cut = _cut(v), cut + 1
        else:
            out[k], n = _cut_params(v)
            cut += n
    return out, cut


def bounded(tool: Tool) -> tuple[Tool, int]:
    params, cut = _cut_params(tool.parameters)
    desc = tool.description
    if len(desc) > MAX_DESCRIPTION:
        desc, cut = _cut(desc), cut + 1
    if not cut:
        return tool, 0
    return tool.model_copy(update={"description": desc, "parameters": params}), cut


def checked_tools(tools: Iterable[Tool]) -> list[Tool]:
    """Every tool's names checked (InputError on the first bad one), descriptions bounded."""
    out, cut = [], 0
    for tool in tools:
        check_tool(tool)
        tool, n = bounded(tool)
        out.append(tool)
        cut += n
    if cut:
        log.warning("trajgen: %d description(s) longer than %d characters were truncated",
                    cut, MAX_DESCRIPTION)
    return out
