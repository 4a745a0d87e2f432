"""An indexed, read-only view over normalized tools."""

from __future__ import annotations

import re
from collections import defaultdict

from .core import allowed, freetext, money_scale, places
from .core.identity import trail_names
from .records import Tool


def topic_examples(tool: Tool) -> list[str]:
    """The examples and defaults a tool gives its topic-like string parameters (search phrases,
    expertise, keywords): what its catalog is about."""
    out: list[str] = []
    for name, schema in tool.properties.items():
        words = set(re.split(r"[^a-z]+", name.lower()))
        if schema.get("type") not in (None, "string") or not words & freetext.TOPIC_CUES:
            continue
        out.extend(str(e) for e in schema.get("examples") or [] if isinstance(e, str))
        out.extend(str(e) for e in allowed.read(str(schema.get("description") or "")).examples)
        out.extend([schema["default"]] if isinstance(schema.get("default"), str) else [])
    return out


class Catalog:
    """Tools by name, by domain, by (app, api) and by TRAILBench (toolname, apiname);
    `skipped` holds the tools screened out at load (generator.screening), with reasons."""

    def __init__(self, tools: list[Tool], skipped: list[tuple[Tool, str]] | None = None) -> None:
        self.tools = list(tools)
        self.skipped = list(skipped or [])
        self.by_name: dict[str, Tool] = {t.name: t for t in self.tools}
        self.by_app_api: dict[tuple[str, str], Tool] = {}
        self.by_trail: dict[tuple[str, str], Tool] = {}
        for t in self.tools:
            self.by_app_api.setdefault((t.app, t.api), t)
            self.by_trail.setdefault(trail_names(t), t)
        groups: dict[str, list[Tool]] = defaultdict(list)
        for t in self.tools:
            groups[t.domain].append(t)
        self.by_domain: dict[str, list[Tool]] = dict(sorted(groups.items()))
        self._note_places()

    def _note_places(self) -> None:
        """Each domain's prose, for the region its coordinates lie in (generator.core.places)."""
        for domain, tools in self.by_domain.items():
            places.note(domain, [places.tool_text(t.description, t.parameters) for t in tools])
            freetext.note_topics(domain, [e for t in tools for e in topic_examples(t)])
            money_scale.note(domain, tools)

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)  # a catalog sent to a worker process registers there too
        self._note_places()

    @property
    def domains(self) -> list[str]:
        return list(self.by_domain)

    def __len__(self) -> int:
        return len(self.tools)

    def __getitem__(self, name: str) -> Tool:
        return self.by_name[name]

    def __contains__(self, name: object) -> bool:
        return name in self.by_name
