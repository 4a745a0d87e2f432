"""Shared fixtures for the traject tests: the bundled catalog and a plan-faithful writer.

`PlanWriter` realizes a disclosure plan the simplest faithful way (stated values rendered by
generator.core.surface, hints verbatim, omitted values absent), so product tests do not depend on
the template writer's phrasing; a separate test runs the real template writer when present.
"""

from __future__ import annotations

from pathlib import Path

from upstream import upstream_path

from generator.catalog import Catalog
from generator.core.surface import noun, render
from generator.products.base import RunContext
from generator.records import Draft
from generator.writers.base import TextCheck, WriteRequest

ROOT = Path(__file__).resolve().parents[1]


def bundled_catalog() -> Catalog:
    import generator.readers.openai
    import generator.readers.traject  # noqa: F401
    from generator.readers.catalogs import read_catalog

    return Catalog(read_catalog(ROOT / "examples" / "catalog.json"))


def traject_catalog(domain: str) -> Catalog:
    import generator.readers.traject  # noqa: F401
    from generator.readers.catalogs import read_catalog

    return Catalog(read_catalog(upstream_path("traject-bench", "public_data", "tools", f"{domain}_tool.json")))


class PlanWriter:
    name = "plan"

    async def write(self, req: WriteRequest, seed: int, check: TextCheck | None = None) -> Draft:
        tools = {t.name: t for t in req.tools}
        clauses = []
        for call in req.plan.calls:
            tool = tools[call.tool]
            parts = [
                f"{noun(a.param, tool)} {a.hint or render(a.value, a.param, tool)}"
                for a in call.args
                if a.mode != "omitted"
            ]
            clauses.append("I need something with " + (", ".join(parts) or "the usual"))
        return Draft(
            target_id=req.target.id, level=req.plan.level, texts=["; ".join(clauses) + "."], writer=self.name
        )


def context(catalog: Catalog, traject, out: Path, writer=None, seed: int = 7) -> RunContext:
    """A run context whose config has `traject` as its products.traject section (the product
    itself is built over `traject`: TrajectProduct(traject))."""
    from generator.config import RunConfig

    cfg = RunConfig.model_validate({"seed": seed, "catalog": ["catalog.json"],
                                    "products": {"traject": traject.model_dump()}})
    return RunContext(
        config=cfg,
        base_dir=ROOT,
        out_dir=out,
        seed=seed,
        catalog=catalog,
        histories=[],
        writer=writer or PlanWriter(),
    )
