"""Validators of the plan itself against its target: every vague argument is recoverable,
and the gold calls are valid against their tool schemas."""

from __future__ import annotations

from typing import Any

from ..core.identity import trail_names
from ..core.profiles import call_violations
from ..core.schema import argument_errors
from ..records import ArgPlan, Target, Tool
from ..writers.base import WriteRequest
from .base import VALIDATORS, plan_args, show, tools_of, verdicts
from .pointerphrase import points
from .timephrase import from_time_alone, is_time_value, parse_query_time, said_in


def _previous_step_ok(target: Target, call: int, param: str) -> bool:
    if call == 0:
        return False
    bound = [b for b in target.bindings if b.call == call and b.param == param]
    return all(b.from_call < call for b in bound) and (bool(bound) or not target.bindings)


# ---------------------------------------------------------------- independent recovery
# Re-derived here from the target's history, time and the schema, without the planner's
# code (generator.core.plan.recoverable_from): a checker sharing the planner's rule could never
# catch the planner's mistakes.


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return " ".join(str(a).lower().split()) == " ".join(str(b).lower().split())


def _elements(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list) else [value]


def _from_history(target: Target, tool: Tool, param: str, value: Any, anywhere: bool = False) -> bool:
    """Every element of `value` was an earlier value of `param` for the same app and API (for a
    pointer to one earlier event, `anywhere`: of any event of the history)."""
    names = trail_names(tool)
    past = [x for e in target.history if (anywhere or (e.toolname, e.apiname) == names)
            and param in e.parameters for x in _elements(e.parameters[param])]
    wanted = _elements(value)
    return bool(wanted) and all(any(_same(w, p) for p in past) for w in wanted)


def _from_default(tool: Tool, param: str, value: Any) -> bool:
    spec = tool.properties.get(param) or {}
    return "default" in spec and _same(spec["default"], value)


def _from_time(target: Target, a: ArgPlan) -> str | None:
    """None when the query time recovers the argument: alone for an omitted one, through its
    hint phrase for a hinted one; else the problem."""
    qt = parse_query_time(target.time or "")
    if qt is None:
        return f"{a.mode} argument {a.param} relies on the query time, which is missing or malformed"
    if from_time_alone(a.param, a.value, qt):
        return None
    if not is_time_value(a.value):
        return f"{a.mode} argument {a.param}={show(a.value)} is not recoverable from time"
    if a.mode == "omitted":
        return (f"omitted argument {a.param}={show(a.value)} does not follow from the query time "
                f"{target.time} alone; hint it with a relative phrase")
    if said_in(a.hint or "", a.value, qt):
        return None
    return f"hint '{a.hint}' of {a.param} does not resolve to {show(a.value)} at {target.time}"


def _source_problem(target: Target, a: ArgPlan, tool: Tool) -> str | None:
    if a.source == "history":
        pointer = a.mode == "hinted" and points(a.hint or "")
        ok = _from_history(target, tool, a.param, a.value, anywhere=pointer)
    elif a.source == "default":
        ok = _from_default(tool, a.param, a.value)
    elif a.source == "time":
        return _from_time(target, a)
    else:
        return f"{a.mode} argument {a.param}={show(a.value)} cannot be recovered (source {a.source})"
    return None if ok else f"{a.mode} argument {a.param}={show(a.value)} is not recoverable from {a.source}"


def _recovery_problem(target: Target, call: int, a: ArgPlan, tool: Tool | None) -> str | None:
    if a.mode == "stated":
        return None
    if a.mode == "hinted" and not a.hint:
        return f"hinted argument {a.param} has no hint phrase"
    if a.source == "previous_step":
        return (
            None
            if _previous_step_ok(target, call, a.param)
            else (
                f"{a.param} of call {call} is said to come from a previous step, but no earlier call feeds it"
            )
        )
    if tool is None:
        return f"{a.mode} argument {a.param}={show(a.value)} cannot be recovered (unknown tool)"
    return _source_problem(target, a, tool)


@VALIDATORS.register("hinted_recoverable")
def hinted_recoverable(req: WriteRequest, texts: list[str]) -> list:
    """Every hinted or omitted argument names a source that really holds its value."""
    problems = [p for i, a, tool in plan_args(req) if (p := _recovery_problem(req.target, i, a, tool))]
    return verdicts("hinted_recoverable", problems)


def _plan_mismatch(req: WriteRequest) -> list[str]:
    calls = req.target.calls
    if len(calls) != len(req.plan.calls):
        return [f"plan has {len(req.plan.calls)} calls, target has {len(calls)}"]
    out = []
    for i, (c, p) in enumerate(zip(calls, req.plan.calls)):
        planned: dict[str, Any] = {a.param: a.value for a in p.args}
        if c.tool != p.tool or planned != c.arguments:
            out.append(f"plan of call {i} does not match the target call {c.tool}")
    return out


@VALIDATORS.register("answer_valid")
def answer_valid(req: WriteRequest, texts: list[str]) -> list:
    """Gold calls validate against their schemas (JSON booleans, native numbers) and match the plan."""
    tools, problems = tools_of(req), _plan_mismatch(req)
    for i, call in enumerate(req.target.calls):
        tool = tools.get(call.tool)
        if tool is None:
            problems.append(f"call {i}: tool {call.tool} is not among the request's tools")
            continue
        problems += [f"call {i} ({call.tool}): {e}" for e in argument_errors(tool, call.arguments)]
        problems += [f"call {i} ({call.tool}): value rule: {v}"  # the prose's rules (generator.core.profiles)
                     for v in call_violations(tool, call.arguments, req.target.time)]
    return verdicts("answer_valid", problems)
