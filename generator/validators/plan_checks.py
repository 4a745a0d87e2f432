"""Validators of the plan itself against its target: every vague argument is recoverable,
and the gold calls are valid against their tool schemas."""

from __future__ import annotations

from typing import Any

from ..plan import recoverable_from
from ..records import ArgPlan, Target, Tool
from ..schema import argument_errors
from ..writers.base import WriteRequest
from .base import VALIDATORS, plan_args, show, tools_of, verdicts


def _previous_step_ok(target: Target, call: int, param: str) -> bool:
    if call == 0:
        return False
    bound = [b for b in target.bindings if b.call == call and b.param == param]
    return all(b.from_call < call for b in bound) and (bool(bound) or not target.bindings)


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
    if a.source in ("query", "unrecoverable") or tool is None:
        return f"{a.mode} argument {a.param}={show(a.value)} cannot be recovered (source {a.source})"
    if a.source not in recoverable_from(target, tool, a.param, a.value):
        return f"{a.mode} argument {a.param}={show(a.value)} is not recoverable from {a.source}"
    return None


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
    return verdicts("answer_valid", problems)
