"""Hypothesis strategies for whole tool catalogs whose tools feed each other.

A catalog is built from a few *subjects* (a vessel, a hydrant, an odd unicode noun) and, per
subject, tools of the shapes chains are made of: a search that lists ids, names and
coordinates; a details lookup by id; a lookup by coordinates (latitude/longitude required or
optional, the shape of the KeyError 'lat' crash); an action on the id with a start/end window;
and the action that undoes it. Each tool may carry extra parameters of any schema (nested
objects, arrays, enums, defaults, combinators; the PROPERTY strategy of test_any_catalog), its
output may be described or not, and names come in every spelling a user may write (snake,
camel, spaces, dots, unicode). `as_openai` writes the OpenAI tools form (with or without
x-trajgen output descriptions and edges), `as_traject` the TRAJECT-Bench form (RapidAPI types,
output_info, connected tools, some pointing at tools that do not exist).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

SUBJECTS = ["vessel", "hydrant", "shoot_day", "reservoir", "crewMember", "Ünïcode thing", "x", "a.b"]
SPELLINGS = ["snake", "camel", "spaced", "dotted"]
ENUMS = [["low", "normal", "urgent"], ["open", "closed"], ["A", "B", "C", "D"], [1, 2, 3]]


def spelled(words: list[str], how: str) -> str:
    """One name in a user's spelling: search_vessel, searchVessel, "search vessel", search.vessel."""
    parts = [w for word in words for w in word.replace(".", " ").replace("_", " ").split()] or ["x"]
    if how == "camel":
        return parts[0].lower() + "".join(p[:1].upper() + p[1:] for p in parts[1:])
    return {"spaced": " ", "dotted": "."}.get(how, "_").join(parts)


@dataclass
class Shape:
    """One tool before it is written in a catalog form."""

    name: str
    description: str
    properties: dict[str, Any]
    required: list[str]
    output: str = ""
    feeds: list[tuple[str, list[str]]] = field(default_factory=list)  # (consumer name, params)


def _id(subject: str) -> str:
    return spelled([subject, "id"], "snake")


def _tools(subject: str, how: str, extras: list[dict[str, Any]], draw: Any) -> list[Shape]:
    sid, name = _id(subject), spelled([subject, "name"], "snake")
    n = spelled
    search = Shape(n(["search", subject], how), f"Search {subject} records by name.",
                   {name: {"type": "string", "description": f"Name of the {subject}"},
                    "priority": {"type": "string", "enum": draw(st.sampled_from(ENUMS)), "default": "x"}},
                   [name] if draw(st.booleans()) else [],
                   output=f"matching {subject}s with {sid}, name, latitude and longitude")
    details = Shape(n(["get", subject, "details"], how), f"Get one {subject} by id.",
                    {sid: {"type": "string"}}, [sid], output=f"one {subject} with {sid}, name, status, lat and lon")
    coords_required = draw(st.booleans())
    near = Shape(n(["forecast", "near", subject], how), "Readings at a point.",
                 {"lat": {"type": "number", "minimum": -90, "maximum": 90},
                  "lon": {"type": "number", "minimum": -180, "maximum": 180},
                  "days": {"type": "integer", "minimum": 1, "maximum": 7, "default": 3}},
                 ["lat", "lon"] if coords_required else [],
                 output="a reading with lat, lon, temperature and station_id")
    book = Shape(n(["book", subject], how), f"Book a {subject}.",
                 {sid: {"type": "string"}, "start_date": {"type": "string", "format": "date"},
                  "end_date": {"type": "string", "format": "date"},
                  "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "minItems": 1}},
                 [sid, "start_date"], output="the booking_id and status")
    cancel = Shape(n(["cancel", subject, "booking"], how), f"Cancel a {subject} booking.",
                   {"booking_id": {"type": "string"}}, ["booking_id"])
    shapes = [search, details, near, book, cancel]
    for shape, extra in zip(shapes, extras, strict=False):
        shape.properties.update({k: v for k, v in extra.items() if k not in shape.properties})
    search.feeds = [(details.name, [sid]), (near.name, ["lat"]), (book.name, [sid])]
    details.feeds = [(near.name, ["lat", "lon"])]
    book.feeds = [(cancel.name, ["booking_id"]), ("no such tool", ["x"])]
    return shapes


@st.composite
def catalog_shapes(draw: Any, properties: st.SearchStrategy[dict[str, Any]]) -> list[Shape]:
    """The tools of 1-2 subjects, each with 0-5 extra parameters of any schema."""
    subjects = draw(st.lists(st.sampled_from(SUBJECTS), min_size=1, max_size=2, unique=True))
    out: list[Shape] = []
    for subject in subjects:
        how = draw(st.sampled_from(SPELLINGS))
        extras = draw(st.lists(st.dictionaries(st.sampled_from(["q", "note", "when", "count", "opts", "ids"]),
                                               properties, max_size=2), min_size=5, max_size=5))
        out += _tools(subject, how, extras, draw)
    return out


def as_openai(shapes: list[Shape], described: bool, edges: bool) -> list[dict[str, Any]]:
    out = []
    for s in shapes:
        record: dict[str, Any] = {"type": "function", "function": {
            "name": s.name, "description": s.description,
            "parameters": {"type": "object", "properties": s.properties, "required": s.required}}}
        ext = {**({"output": s.output} if described and s.output else {}),
               **({"edges": [{"tool": c, "params": ps} for c, ps in s.feeds]} if edges and s.feeds else {})}
        if ext:
            record["x-trajgen"] = ext
        out.append(record)
    return out


RAPID = {"string": "STRING", "number": "NUMBER", "integer": "NUMBER", "boolean": "BOOLEAN", "array": "ARRAY",
         "object": "OBJECT"}


def _rapid(name: str, spec: Any) -> dict[str, Any]:
    kind = spec.get("type") if isinstance(spec, dict) else None
    fmt = isinstance(spec, dict) and spec.get("format") == "date"
    return {"name": name, "type": "DATE (YYYY-MM-DD)" if fmt else RAPID.get(kind if isinstance(kind, str) else "",
                                                                            "STRING"),
            "description": str(spec.get("description", "")) if isinstance(spec, dict) else "", "default": ""}


def as_traject(shapes: list[Shape], domain: str = "Harbor") -> list[dict[str, Any]]:
    """TRAJECT-Bench tool records: "<parent>: <API>" names, output_info, connected tools."""
    parent = "Odd  Parent Tool"  # a doubled space, as upstream names have
    out = []
    for s in shapes:
        out.append({
            "parent tool name": parent, "parent tool description": "A parent.", "API name": s.name,
            "tool name": f"{parent}: {s.name}", "tool description": s.description, "domain name": domain,
            "required_parameters": [_rapid(p, v) for p, v in s.properties.items() if p in s.required],
            "optional_parameters": [_rapid(p, v) for p, v in s.properties.items() if p not in s.required],
            "output_info": {"output_info_summary": s.output, "output_format": "The output is a JSON object."},
            "connected tools": [{"tool name": f"{parent}: {c}", "connect params": [{"name": p, "type": "STRING"}
                                                                                 for p in ps]}
                                for c, ps in s.feeds],
        })
    return out
