"""Reading a sequential step's bound values back from the query and the earlier outputs, as a
person checking the data would, with nothing but the record itself.

A step's bound values (`adapt_parameter`) must follow from the query and the outputs before
it. They are determined when they sit in one result of an earlier output and that result is
- the only result of the output, or
- the only result holding a value the query states (the vessel the query names, the film
  whose title it gives).
Ordinal picks ("the first", "the cheapest") are not read as determining: trajgen never relies
on them, and a reader cannot check them against a result list that has no order of its own.
Values of one step found in different outputs are read per output.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from typing import Any

from ..core.vagueness import normalize

MIN_LABEL = 3  # a stated value shorter than this ("2", "ok") picks out nothing


def parse_output(text: str) -> Any:
    """An executed_output as data: a Python repr (upstream's `str(response.json())`) or JSON;
    None when it is neither."""
    for parse in (ast.literal_eval, json.loads):
        try:
            return parse(text)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
    return None


def _lists(body: Any) -> Iterator[list[dict[str, Any]]]:
    if isinstance(body, list):
        if body and all(isinstance(x, dict) for x in body):
            yield body
        for x in body:
            yield from _lists(x)
    elif isinstance(body, dict):
        for v in body.values():
            yield from _lists(v)


def results(body: Any) -> list[Any]:
    """The results of an output: its longest list of objects, else the output itself."""
    found = max(_lists(body), key=len, default=None)
    if found:
        return list(found)
    return [body] if body is not None else []


def output_results(output: str) -> list[Any]:
    """The results of an executed_output; an output that is no data (plain text an API or an
    LLM wrote) is one result, the text itself."""
    body = parse_output(output)
    return results(body) if isinstance(body, dict | list) else [output]


def scalars(value: Any) -> list[Any]:
    """Every scalar inside a value (nested objects and lists flattened)."""
    if isinstance(value, dict):
        return [s for v in value.values() for s in scalars(v)]
    if isinstance(value, list):
        return [s for v in value for s in scalars(v)]
    return [value]


def same(a: Any, b: Any) -> bool:
    """Equal as text (case and spacing aside) or as numbers."""
    if normalize(str(a)) == normalize(str(b)):
        return True
    try:
        return float(str(a)) == float(str(b))
    except ValueError:
        return False


def holds(row: Any, value: Any) -> bool:
    """Whether a result holds the value (each element of a list value); a text result holds
    what it says."""
    items = value if isinstance(value, list) else [value]
    if isinstance(row, str):
        return all(normalize(str(x)) in normalize(row) for x in items)
    return all(any(same(x, s) for s in scalars(row)) for x in items)


def _named(query: str, row: Any, others: list[Any]) -> bool:
    """Whether the query states a value of `row` that no other result holds."""
    nq = normalize(query)
    for s in scalars(row):
        if isinstance(s, bool) or s is None or len(normalize(str(s))) < MIN_LABEL:
            continue
        if normalize(str(s)) in nq and not any(holds(o, s) for o in others):
            return True
    return False


def undetermined(query: str, output: str, values: list[Any]) -> str | None:
    """Why `values` cannot be read from `output` with `query` (None when they can): they sit in
    no result, in several, or in one of several that the query does not single out."""
    rows = output_results(output)
    hits = [r for r in rows if all(holds(r, v) for v in values)]
    if not hits:
        return "no result of the earlier output holds them"
    if len(hits) > 1:
        return f"{len(hits)} results of the earlier output hold them"
    others = [r for r in rows if r is not hits[0]]
    if others and not _named(query, hits[0], others):
        return f"one of {len(rows)} results holds them and the query does not say which"
    return None


def source_of(value: Any, outputs: list[str]) -> int | None:
    """The latest of `outputs` with a result holding `value` (None when none does)."""
    for k in range(len(outputs) - 1, -1, -1):
        if any(holds(r, value) for r in output_results(outputs[k])):
            return k
    return None


def step_problems(query: str, outputs: list[str], bound: dict[str, Any]) -> list[str]:
    """Per earlier output, whether the bound values it holds are determined (`undetermined`);
    a value no earlier output holds is a problem of its own."""
    groups: dict[int, list[tuple[str, Any]]] = {}
    out = []
    for param, value in bound.items():
        k = source_of(value, outputs)
        if k is None:
            out.append(f"{param}={value!r} is in no earlier output")
        else:
            groups.setdefault(k, []).append((param, value))
    for k, pairs in sorted(groups.items()):
        why = undetermined(query, outputs[k], [v for _, v in pairs])
        if why:
            out.append(f"{', '.join(p for p, _ in pairs)} from step {k + 1}: {why}")
    return out
