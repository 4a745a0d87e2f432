"""The tool graph: which tool's output can feed which other tool's parameter.

Three sources, merged in this order (the first edge for a producer/consumer pair wins):
1. `catalog`: TRAJECT-Bench `connected tools` (already on `Tool.edges` from the reader);
   consumer names are matched whitespace-insensitively and only real consumer params are kept.
2. `inferred` (documented heuristic, `infer_params`): producer P feeds consumer C's param q when
   - q is an identifier parameter (`<x>_id`, `<x>Id`, `id`) and P's output description
     mentions `<x>_id`, `<x> id` or `<x>Id` (for a bare `id`: the consumer's own subject
     `<x>`, taken from its API name, must be mentioned with "id"); or
   - q is a data parameter (string/integer, not enum, not boolean, name of >= 4 letters and
     not a paging/formatting control such as `limit`, `page`, `format`, not a date or clock
     time -- those are the user's choice) and its name, or its
     spaced form (`city_name` -> "city name"), occurs as a word in P's output description.
   Producer and consumer are distinct tools of the same domain.
3. `llm` (optional, `llm_edges: true`): edges proposed by the model (task `propose_edges`),
   each checked against the catalog before it is kept; see `propose.py`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..records import Edge, Tool
from ..values import is_temporal

# Parameters that control paging or presentation rather than carry data between calls.
CONTROL_PARAMS = frozenset(
    {
        "limit",
        "page",
        "offset",
        "count",
        "size",
        "format",
        "lang",
        "language",
        "locale",
        "sort",
        "order",
        "sort_by",
        "order_by",
        "callback",
        "fields",
        "per_page",
        "page_size",
        "currency",
        "units",
        "unit",
        "timezone",
        "region",
        "country",
        "max_results",
        "start",
        "end",
        "type",
    }
)
_WS = re.compile(r"\s+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def squash(name: str) -> str:
    """Whitespace-insensitive tool-name key (upstream names differ by doubled spaces)."""
    return _WS.sub(" ", name).strip().lower()


def words(text: str) -> str:
    """Output text as space-separated lowercase words (snake_case and camelCase split)."""
    text = _CAMEL.sub(" ", text or "")
    return " " + _WS.sub(" ", re.sub(r"[^a-z0-9]+", " ", text.lower())).strip() + " "


def param_words(param: str) -> str:
    return words(param).strip()


def is_id_param(param: str) -> bool:
    w = param_words(param).split()
    return bool(w) and w[-1] == "id"


def feedable(tool: Tool, param: str) -> bool:
    """Whether a param may be bound to an earlier call's output at all."""
    spec = tool.properties.get(param) or {}
    if "enum" in spec or spec.get("type") in ("boolean", "array", "object"):
        return False
    return spec.get("type", "string") in ("string", "integer", "number")


def _id_subject(consumer: Tool, param: str) -> str:
    subject = " ".join(param_words(param).split()[:-1])
    if subject:
        return subject
    api = param_words(consumer.api).split()
    return api[-1] if api else ""


def _id_fed(producer_text: str, consumer: Tool, param: str) -> bool:
    subject = _id_subject(consumer, param)
    return bool(subject) and f" {subject} id " in producer_text


def _data_fed(producer_text: str, consumer: Tool, param: str) -> bool:
    w = param_words(param)
    letters = w.replace(" ", "")
    if param.lower() in CONTROL_PARAMS or len(letters) < 4:
        return False
    if is_temporal(param, consumer.properties.get(param) or {}):
        return False  # dates and clock times are the user's choice, not data passed along
    return f" {w} " in producer_text


def infer_params(producer: Tool, consumer: Tool) -> list[str]:
    """Consumer params the producer's output can feed (the heuristic in the module doc)."""
    if producer.name == consumer.name or producer.domain != consumer.domain:
        return []
    text = words(producer.output or "")
    out = []
    for param in consumer.properties:
        if not feedable(consumer, param):
            continue
        fed = _id_fed(text, consumer, param) if is_id_param(param) else _data_fed(text, consumer, param)
        if fed:
            out.append(param)
    return out


def _catalog_edges(tool: Tool, by_key: dict[str, Tool]) -> list[Edge]:
    edges = []
    for e in tool.edges:
        consumer = by_key.get(squash(e.tool))
        if consumer is None or consumer.name == tool.name:
            continue
        params = [p for p in e.params if p in consumer.properties and feedable(consumer, p)]
        if params:
            edges.append(Edge(tool=consumer.name, params=params, source="catalog"))
    return edges


class ToolGraph:
    """Producer name -> outgoing edges (consumer names are the catalog's exact names)."""

    def __init__(self, tools: Iterable[Tool]) -> None:
        self.tools = {t.name: t for t in tools}
        self.out: dict[str, list[Edge]] = {name: [] for name in self.tools}

    def add(self, producer: str, edge: Edge) -> bool:
        if producer not in self.out or edge.tool not in self.tools or producer == edge.tool:
            return False
        if any(e.tool == edge.tool for e in self.out[producer]):
            return False
        self.out[producer].append(edge)
        return True

    def edge(self, producer: str, consumer: str) -> Edge | None:
        return next((e for e in self.out.get(producer, []) if e.tool == consumer), None)

    def successors(self, producer: str) -> list[Edge]:
        return list(self.out.get(producer, []))

    def edge_count(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for edges in self.out.values():
            for e in edges:
                counts[e.source] = counts.get(e.source, 0) + 1
        return dict(sorted(counts.items()))


def build_graph(tools: Iterable[Tool], *, infer: bool = True) -> ToolGraph:
    """Catalog edges first, then inferred ones for pairs the catalog does not connect."""
    tools = list(tools)
    graph = ToolGraph(tools)
    by_key = {squash(t.name): t for t in tools}
    for t in tools:
        for e in _catalog_edges(t, by_key):
            graph.add(t.name, e)
    if infer:
        for group in _by_domain(tools).values():
            _infer_into(graph, group)
    return graph


def _by_domain(tools: list[Tool]) -> dict[str, list[Tool]]:
    groups: dict[str, list[Tool]] = {}
    for t in tools:
        groups.setdefault(t.domain, []).append(t)
    return groups


def _infer_into(graph: ToolGraph, tools: list[Tool]) -> None:
    for p in tools:
        for c in tools:
            params = infer_params(p, c)
            if params:
                graph.add(p.name, Edge(tool=c.name, params=params, source="inferred"))
