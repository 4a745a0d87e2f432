"""An indexed, read-only view over normalized tools."""

from __future__ import annotations

from collections import defaultdict

from .records import Tool


class Catalog:
    def __init__(self, tools: list[Tool]) -> None:
        self.tools = list(tools)
        self.by_name: dict[str, Tool] = {t.name: t for t in self.tools}
        groups: dict[str, list[Tool]] = defaultdict(list)
        for t in self.tools:
            groups[t.domain].append(t)
        self.by_domain: dict[str, list[Tool]] = dict(sorted(groups.items()))

    @property
    def domains(self) -> list[str]:
        return list(self.by_domain)

    def __len__(self) -> int:
        return len(self.tools)

    def __getitem__(self, name: str) -> Tool:
        return self.by_name[name]

    def __contains__(self, name: object) -> bool:
        return name in self.by_name
