"""The card's Inputs table says where each domain came from: the catalog, the config's
`catalog_options.domain`, or only the file name (a reader of set 8 found "the catalog" for a
domain the config gave)."""

from __future__ import annotations

from types import SimpleNamespace

from generator.core.identity import CatalogOptions
from generator.records import Tool
from generator.run_report import _inputs_section


def _ctx(domain: str, options: CatalogOptions, source: str = "catalogs/A.json") -> SimpleNamespace:
    tool = Tool(name="search_permits", app="", api="search_permits", domain=domain, source=source,
                source_format="openai", parameters={"type": "object", "properties": {}})
    return SimpleNamespace(catalog=SimpleNamespace(by_domain={domain: [tool]}),
                           config=SimpleNamespace(catalog_options=options))


def _origin(ctx: SimpleNamespace) -> str:
    return _inputs_section(ctx)[4].rsplit("|", 2)[1].strip()  # type: ignore[arg-type]


def test_each_domain_says_where_it_came_from() -> None:
    assert _origin(_ctx("permits", CatalogOptions(domain="permits"))) == "the config (`catalog_options.domain`)"
    assert _origin(_ctx("permits", CatalogOptions())) == "the catalog"
    assert _origin(_ctx("A", CatalogOptions())).startswith("file name `A.json`")
