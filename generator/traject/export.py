"""TRAJECT-Bench record builders and the file exporter (docs/formats.md, TRAJECT-Bench).

Layout: <out>/traject/parallel/<Domain>/{simple_ver,hard_ver}.json (index-aligned twins with an
identical `tool list`) and <out>/traject/sequential/<Domain>/traj_query.json. Serialization is
upstream's: json.dumps(indent=2, ensure_ascii=True), no trailing newline. Keys keep upstream's
spelling, spaces included.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from ..io import atomic_write_text
from ..records import Target, Tool

_WS = re.compile(r"\s+")
EPOCH = datetime(2025, 9, 1)


def single_space(text: str) -> str:
    return _WS.sub(" ", text).strip()


def traject_name(tool: Tool) -> str:
    """`<parent tool>: <API name>`, single-spaced (TRAJECT catalogs already use this form)."""
    if tool.source_format == "traject" or ": " in tool.name:
        return single_space(tool.name)
    return single_space(f"{tool.app}: {tool.api}" if tool.app else tool.name)


def parent_name(tool: Tool) -> str:
    return single_space(tool.app or tool.name)


def wire_value(value: Any) -> Any:
    """Values as upstream writes them: strings, numbers as strings, booleans "true"/"false",
    objects as JSON text; an array stays a JSON array of its values, so a one-element array is
    never read back as a bare string (TRAJECT-Bench's metrics compare parsed values)."""
    if isinstance(value, list):
        return list(value)
    return wire_text(value)


def wire_text(value: Any) -> str:
    """A value as one string: what value recall looks for in a query (lists comma-joined)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ", ".join(wire_text(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return value if isinstance(value, str) else str(value)


def param_lists(tool: Tool, args: dict[str, Any]) -> tuple[list[dict], list[dict]]:
    required = set(tool.required)
    req = [{"name": k, "value": wire_value(v)} for k, v in args.items() if k in required]
    opt = [{"name": k, "value": wire_value(v)} for k, v in args.items() if k not in required]
    return req, opt


def call_object(tool: Tool, args: dict[str, Any], output: str) -> dict[str, Any]:
    req, opt = param_lists(tool, args)
    return {
        "tool name": traject_name(tool),
        "tool description": tool.description,
        "required parameters": req,
        "optional parameters": opt,
        "executed_output": output,
    }


def tool_list(target: Target, tools: dict[str, Tool]) -> list[dict[str, Any]]:
    return [
        call_object(tools[c.tool], c.arguments, out)
        for c, out in zip(target.calls, target.outputs, strict=True)
    ]


def parallel_record(query: str, target: Target, tools: dict[str, Tool], answer: str) -> dict[str, Any]:
    calls = tool_list(target, tools)
    return {
        "query": query,
        "tool list": calls,
        "trajectory_type": "parallel",
        "tool count": len(calls),
        "final_answer": answer,
    }


def timestamp(seed: int) -> str:
    """A deterministic `YYYY-MM-DD HH:MM:SS` derived from the item seed (never the clock)."""
    return (EPOCH + timedelta(seconds=seed % (180 * 86400))).strftime("%Y-%m-%d %H:%M:%S")


def _next_param(target: Target, i: int) -> str:
    """The params later steps read from call i's output, comma-joined (upstream has one)."""
    return ", ".join(dict.fromkeys(b.param for b in target.bindings if b.from_call == i))


def _uses(target: Target, i: int) -> list[tuple[int, list[str]]]:
    """(producer call, params) of call i's bindings, per producer."""
    out: dict[int, list[str]] = {}
    for b in target.bindings:
        if b.call == i:
            out.setdefault(b.from_call, []).append(b.param)
    return sorted(out.items())


def _step_description(target: Target, i: int, tool: Tool) -> str:
    lead = " ".join(f"Uses {_quoted(ps)} from step {j + 1}'s output." for j, ps in _uses(target, i))
    return f"{lead} {tool.description or tool.api}".strip()


def _quoted(params: list[str]) -> str:
    return " and ".join(f"'{p}'" for p in params)


def sequence_step(target: Target, i: int, tool: Tool) -> dict[str, Any]:
    desc, nxt = _step_description(target, i, tool), _next_param(target, i)
    original = repr({"tool name": traject_name(tool), "use description": desc, "param for next tool": nxt})
    return {
        "step_number": i + 1,
        "tool_name": traject_name(tool),
        "description": desc,
        "param_for_next_tool": nxt,
        "original_description": original,
    }


def sequential_call(target: Target, i: int, tool: Tool) -> dict[str, Any]:
    call = call_object(tool, target.calls[i].arguments, target.outputs[i])
    output = call.pop("executed_output")
    step = sequence_step(target, i, tool)
    call.update(
        {
            "execution_status": "success",
            "executed_output": output,
            "API name": tool.api,
            "domain name": tool.domain,
            "parent tool name": parent_name(tool),
            "sequence_step": step,
            "original_description": step["original_description"],
        }
    )
    uses = _uses(target, i)
    if uses:
        args = target.calls[i].arguments
        call.update(
            {
                "adapt_parameter": ", ".join(p for _, ps in uses for p in ps),
                "adapt_constraint": "; ".join(f"{_quoted(ps)} from step {j + 1}" for j, ps in uses),
                "adapt_reason": " ".join(
                    f"Selected {', '.join(f'{p}={args[p]!r}' for p in ps)} from the output of step {j + 1}."
                    for j, ps in uses),
            }
        )
    return call


def sequential_record(
    query: str,
    target: Target,
    tools: dict[str, Tool],
    answer: dict[str, str],
    *,
    seed: int,
    indices: tuple[int, int, int],
    model: str,
) -> dict[str, Any]:
    calls = [sequential_call(target, i, tools[c.tool]) for i, c in enumerate(target.calls)]
    apis = [tools[c.tool].api for c in target.calls]
    return {
        "query": query,
        "final_answer": answer,
        "tool list": calls,
        "sequence_name": " → ".join(single_space(a.replace("_", " ")) for a in apis),
        "sequence_description": f"A {len(calls)}-step chain in {target.domain}: each step feeds the next.",
        "num_tools_used": len(calls),
        "num_successful_tools": len(calls),
        "domain": target.domain,
        "executable": True,
        "generation_info": {
            "domain_index": indices[0],
            "sequence_index": indices[1],
            "trajectory_index": indices[2],
            "timestamp": timestamp(seed),
            "model": model,
        },
    }


def dumps(records: list[dict[str, Any]]) -> str:
    return json.dumps(records, indent=2, ensure_ascii=True)


def write_parallel(root: Path, domain: str, simple: list[dict], hard: list[dict]) -> list[Path]:
    d = root / "parallel" / domain
    paths = [d / "simple_ver.json", d / "hard_ver.json"]
    for path, records in zip(paths, (simple, hard), strict=True):
        atomic_write_text(path, dumps(records))
    return paths


def catalog_record(tool: Tool) -> dict[str, Any]:
    """A domain catalog entry: the OpenAI tool definition under the TRAJECT tool name, so that
    `trajgen eval` can offer the full schemas beside the trajectories (upstream keeps them in
    `public_data/tools/<Domain>_tool.json`)."""
    definition = {**tool.openai(), "x-trajgen": {"app": parent_name(tool), "api": tool.api, "domain": tool.domain}}
    definition["function"] = {**definition["function"], "name": traject_name(tool)}
    return definition


def write_tools(root: Path, domain: str, tools: list[Tool]) -> Path:
    path = root / "tools" / f"{domain}_tool.json"
    atomic_write_text(path, dumps([catalog_record(t) for t in sorted(tools, key=traject_name)]))
    return path


def write_sequential(root: Path, domain: str, records: list[dict]) -> Path:
    path = root / "sequential" / domain / "traj_query.json"
    atomic_write_text(path, dumps(records))
    return path
