"""Whether every gold value of a sequential trajectory follows from its query, re-derived per
step the way a reader checks a row, from the query, the calls and the simulated outputs only.

A value a step states must be said in the query. A value a step reads from an earlier output
(a binding) must be what the query's reference points at:
- the query refers to it by what it is (the noun of the param, "the submission you find");
- the producer's output holds it under a field of that same thing: the param's own name, an
  id of the same entity (`submission_id` for a `conflict_submission_id`, a `reviewer_id` for
  `reviewer_ids`), a field of the same last word or kind (`track`, a city for a city); an id
  the output lists under another name only when the output names no id of that entity at all
  (an `asset_id` read from the `hydrant_id` a search found), never a `session_id` holding a
  submission;
- it sits in one result, or the one the query names (`reading.undetermined`);
- nothing nearer points elsewhere: the producer was not itself asked about another one of
  that entity (assign reviewers for SUB-1, then "the submission you find" is SUB-1), and no
  step in between states or returns another one ("the submission you find" is the nearest).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import semantic
from ..core.lore import entity_keys
from ..core.surface import contains, mentions, noun
from ..records import Target, Tool
from .graph import is_id_param, param_words, words
from .reading import output_results, same, undetermined


def _head(name: str) -> str:
    """The entity an id names, by its last entity word ("conflict_submission_id" -> "submission")."""
    keys = entity_keys(name) if is_id_param(name) or param_words(name).split()[-1:] == ["ids"] else ()
    head = keys[-1].split() if keys else []
    if len(head) > 1 and head[-1] in _KEY_NOUNS:  # a work order's number names the order its id does
        head = head[:-1]
    return " ".join(head)


_KEY_NOUNS = frozenset({"number", "barcode"})


def names(key: str, param: str, spec: dict[str, Any] | None = None) -> bool:
    """Whether an output field `key` holds the kind of thing `param` takes."""
    if key == param:
        return True
    if _head(param) or _head(key):
        return _head(key) == _head(param)
    if param_words(key).split()[-1:] == param_words(param).split()[-1:]:
        return True
    kind = semantic.infer(param, spec or {"type": "string"})
    return kind != "generic" and semantic.infer(key, {"type": "string"}) == kind


def _keys(row: Any, value: Any, prefix: str = "") -> list[str]:
    """The field names under which `row` holds `value` (nested objects and lists searched)."""
    if isinstance(row, dict):
        return [k2 for k, v in row.items() for k2 in (_keys(v, value, k) if isinstance(v, dict | list)
                                                         else [k] if same(v, value) else [])]
    if isinstance(row, list):
        return [k for v in row for k in _keys(v, value, prefix)]
    return []


def _field_problem(output: str, producer: Tool, param: str, value: Any, spec: dict[str, Any]) -> str | None:
    """Why the output's field holding `value` is not one of `param`'s kind (None when it is)."""
    rows = [r for r in output_results(output) if isinstance(r, dict)]
    items = value if isinstance(value, list) else [value]
    keys = {k for r in rows for x in items for k in _keys(r, x)}
    if not keys or any(names(k, param, spec) for k in keys):
        return None  # a value in no field (a text output) is for `undetermined` to judge
    if _head(param) and any(is_id_param(k) for k in keys) and not _speaks_of(producer, _head(param)):
        return None  # the tool says nothing of this entity: the id it found is the one meant
    return f"it sits under {', '.join(sorted(keys))}, not a field of {param}'s kind"


def _speaks_of(tool: Tool, entity: str) -> bool:
    """Whether the tool's output or description speaks of the entity (then an id under another
    name is another entity's)."""
    return f" {entity} " in words(f"{tool.output or ''} {tool.description}")


def _keys_all(row: Any) -> list[str]:
    if isinstance(row, dict):
        return [k for k, v in row.items() for k in [k, *_keys_all(v)]]
    if isinstance(row, list):
        return [k for v in row for k in _keys_all(v)]
    return []


def _elsewhere(target: Target, i: int, j: int, param: str, value: Any, spec: dict[str, Any]) -> str | None:
    """A nearer mention of another value of the same entity: an argument of the producer or of
    a step in between, or a result of a step in between."""
    if not _head(param):
        return None
    for k in range(j, i):
        if k == j and _creates(target.calls[j].tool):
            continue  # "add a stop after STP-1, then report at the new stop": what it made, not what it read
        for q, v in target.calls[k].arguments.items():
            if names(q, param, spec) and not isinstance(v, list) and not same(v, value):
                return f"step {k + 1} is about {q}={v!r}, which the reference would mean"
    for k in range(j + 1, i):
        rows = [r for r in output_results(target.outputs[k]) if isinstance(r, dict)]
        if any(names(f, param, spec) for r in rows for f in _keys_all(r)):
            return f"step {k + 1}'s output lists a {_head(param)} too, nearer than step {j + 1}'s"
    return None


# Leading verbs of tools that make a new thing and return its id: a later step's reference to that
# kind of thing means the new one, not one the making step was given ("after_stop_id").
_CREATING = frozenset({"add", "create", "new", "open", "register", "insert", "file", "submit", "book", "issue", "make"})


def _creates(tool_name: str) -> bool:
    head = tool_name.rsplit(": ", 1)[-1].rsplit(".", 1)[-1]
    return bool(words(head).split()[:1]) and words(head).split()[0] in _CREATING


# Words that refer back to what an earlier step found without naming it ("buy the best one",
# "book their car in": the vehicle of the customer found).
BACK_REFS = ("one", "it", "that", "them", "those", "this", "their", "its")


def _referred(text: str, param: str, tool: Tool) -> bool:
    """Whether the query refers to the param: by what it is (the last word of its noun) or by a
    word pointing back at what was found."""
    said = noun(param, tool).split()
    heads = [*said[-1:], param_words(param).split()[-1], *BACK_REFS]
    return any(contains(text, h) for h in heads)


def bound_problem(text: str, target: Target, tools: dict[str, Tool], i: int, param: str, j: int) -> str | None:
    """Why the value call i reads for `param` from call j's output is not the one the query
    points at (None when it is)."""
    tool, value = tools[target.calls[i].tool], target.calls[i].arguments[param]
    spec = tool.properties.get(param) or {}
    if not _referred(text, param, tool):
        return "the query does not refer to it"
    producer = tools[target.calls[j].tool]
    return (_field_problem(target.outputs[j], producer, param, value, spec)
            or undetermined(text, target.outputs[j], [value])
            or _elsewhere(target, i, j, param, value, spec))


def _by_default(tool: Tool, param: str, value: Any) -> bool:
    """An optional value at the schema default a reader of the catalog sees: left unsaid, the
    default gives it (the format's gold fills defaults)."""
    from .calls import has_default, known_default

    return param not in tool.required and has_default(tool, param) and known_default(tool, param) == value


def value_problems(text: str, target: Target, tools: dict[str, Tool],
                   read_as_stated: Callable[[int, str], bool] = lambda i, p: False) -> list[str]:
    """Per step, every gold value neither stated in the query (in an accepted surface form, or
    as `read_as_stated` reads it: "another type" for `other`) nor read from the earlier output
    the query refers to ([] = every value determined)."""
    if len(target.outputs) != len(target.calls):
        return ["the trajectory has no simulated outputs"]
    source = {(b.call, b.param): b.from_call for b in target.bindings}
    out = []
    for i, call in enumerate(target.calls):
        tool = tools[call.tool]
        for p, v in call.arguments.items():
            j = source.get((i, p))
            why = bound_problem(text, target, tools, i, p, j) if j is not None else (
                None if isinstance(v, bool) or mentions(text, v, p, tool) or read_as_stated(i, p)
                or _by_default(tool, p, v) else "not stated in the query")
            if why:
                out.append(f"call {i + 1} {p}={str(v)[:40]!r}: {why}")  # as the call holds it (set 42: "ls-25-...")
    return out
