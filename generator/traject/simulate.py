"""Simulated tool outputs and final answers, deterministic from the item's seed.

An output is a Python-repr string like TRAJECT-Bench's `executed_output` (upstream stores
`str(response.json())`). Its fields come from the tool's output description (quoted names and
snake_case identifiers such as `track_id`), faked by name. Values that a later step reads
(`carry`) are inserted under the consumer's parameter name, so every bound value occurs
literally in the producer's `executed_output`.
"""

from __future__ import annotations

import random
import re
from typing import Any

from ..records import Target, Tool

_QUOTED = re.compile(r"""['"`]([A-Za-z_][A-Za-z0-9_]{1,30})['"`]""")
_SNAKE = re.compile(r"\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b")
_WORDS = [
    "alpha",
    "harbor",
    "summit",
    "meadow",
    "cobalt",
    "orchid",
    "granite",
    "lumen",
    "atlas",
    "willow",
    "ember",
    "quartz",
    "delta",
    "maple",
    "nova",
    "cedar",
]
MAX_FIELDS = 6


_LIST_SPLIT = re.compile(r",\s*|\s+and\s+|\s+with\s+")


def _listed(text: str) -> list[str]:
    """Fields of a short enumerating description ("ride_id, driver name, car plate and fare."):
    every item of at most three words, snake_cased; empty for prose."""
    first = text.strip().split("\n", 1)[0].rstrip(".")
    items = [i.strip().lower() for i in _LIST_SPLIT.split(first) if i.strip()]
    if len(items) < 2 or any(len(i.split()) > 3 for i in items[1:]):
        return []
    return [re.sub(r"[^a-z0-9]+", "_", i).strip("_") for i in items if len(i.split()) <= 3]


def output_fields(tool: Tool) -> list[str]:
    """Field names the output description mentions, in order of first mention (at most 6):
    quoted names and snake_case identifiers, else the items of a short enumeration."""
    text = tool.output or ""
    seen: list[str] = []
    for name in _QUOTED.findall(text) + _SNAKE.findall(text) + _listed(text):
        if name and name not in seen:
            seen.append(name)
    return seen[:MAX_FIELDS] or ["id", "name", "summary"]


def fake_field(name: str, rng: random.Random) -> Any:
    """A plausible value for an output field, chosen by the field's name."""
    n = name.lower()
    if n.endswith(("id", "_key")):
        return f"{n.strip('_')[:3]}_{rng.randint(10000, 99999)}"
    if any(w in n for w in ("count", "total", "number", "num", "year", "rank", "score")):
        return rng.randint(1, 500)
    if any(w in n for w in ("price", "rate", "amount", "lat", "lng", "lon", "temp", "fee", "total")):
        return round(rng.uniform(1, 250), 2)
    if "date" in n:
        return f"2025-06-{rng.randint(2, 28):02d}"
    if "time" in n:
        return f"{rng.randint(6, 22):02d}:{rng.choice(['00', '15', '30', '45'])}"
    if n.startswith(("is_", "has_")) or n in ("success", "available", "valid"):
        return rng.random() < 0.7
    return f"{rng.choice(_WORDS)} {rng.choice(_WORDS)}"


def simulate_output(
    tool: Tool, args: dict[str, Any], rng: random.Random, carry: dict[str, Any] | None = None
) -> str:
    """The executed_output of one call: an echo of the request plus schema-shaped results."""
    rows = []
    for _ in range(rng.randint(1, 2)):
        rows.append({f: fake_field(f, rng) for f in output_fields(tool)})
    rows[0].update(carry or {})
    body = {"status": "success", "request": {k: args[k] for k in sorted(args)}, "results": rows}
    return repr(body)


def carries(target: Target) -> list[dict[str, Any]]:
    """Per call: the values later calls read from its output (param name -> value)."""
    out: list[dict[str, Any]] = [{} for _ in target.calls]
    for b in target.bindings:
        out[b.from_call][b.param] = target.calls[b.call].arguments[b.param]
    return out


def simulate_all(target: Target, tools: dict[str, Tool], rng: random.Random) -> list[str]:
    carry = carries(target)
    return [simulate_output(tools[c.tool], c.arguments, rng, carry[i]) for i, c in enumerate(target.calls)]


def _label(tool: Tool) -> str:
    return re.sub(r"[_\s]+", " ", tool.api).strip()


def _gist(output: str, limit: int = 160) -> str:
    text = re.sub(r"\s+", " ", output)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def parallel_answer(target: Target, tools: dict[str, Tool]) -> str:
    """A plain summary of every call's output (upstream: an LLM-written markdown answer)."""
    lines = ["Here is what I found for each part of your request:", ""]
    for i, (call, out) in enumerate(zip(target.calls, target.outputs, strict=True), 1):
        lines.append(f"{i}. {_label(tools[call.tool])}: {_gist(out)}")
    return "\n".join(lines)


def sequential_answer(target: Target, tools: dict[str, Tool]) -> dict[str, str]:
    """`{answer, reason}` as in TRAJECT-Bench sequential records."""
    answer = parallel_answer(target, tools).replace("for each part of your request", "step by step")
    reasons = [
        f"Step {b.call + 1} used {b.param}={target.calls[b.call].arguments[b.param]!r} "
        f"taken from the output of step {b.from_call + 1}."
        for b in target.bindings
    ]
    reason = " ".join(reasons) or "Each step ran independently."
    return {"answer": answer, "reason": f"All {len(target.calls)} steps succeeded. {reason}"}
