"""A product shipped in another installed package plugs in through the `trajgen.plugins` entry
point group, with no change to generator/: its config section is accepted, it plans, runs and
exports under `trajgen generate`, and the dataset card lists it. The package is installed the
way pip leaves one (a module and a `.dist-info` with `entry_points.txt` on the path)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MODULE = '''
from pathlib import Path

from pydantic import PositiveInt

from generator.io import write_jsonl
from generator.products.base import Product, RunContext, WorkItem, register_product
from generator.records import ItemResult, Record
from generator.validators import TEXT_VALIDATORS


class ToolNamesConfig(Record):
    count: PositiveInt = 2  # rows written


class Spec(Record):
    n: int


class Row(Record):
    n: int
    tool: str


@register_product
class ToolNames(Product[Spec, Row, ToolNamesConfig]):
    """Row n names the catalog's n-th tool."""

    name = "toolnames"
    config_model = ToolNamesConfig
    spec_model = Spec
    payload_model = Row
    validators = TEXT_VALIDATORS

    def plan(self, ctx: RunContext) -> list[WorkItem[Spec]]:
        return [self.item(ctx, i, Spec(n=i), i) for i in range(self.config.count)]

    async def run(self, item: WorkItem[Spec], ctx: RunContext) -> ItemResult:
        row = Row(n=item.spec.n, tool=ctx.catalog.tools[item.spec.n].name)
        return ItemResult(item_id=item.item_id, product=self.name, samples=[self.sample(item, row)])

    def export(self, results: list[ItemResult], ctx: RunContext) -> list[Path]:
        path = ctx.out_dir / "toolnames" / "rows.jsonl"
        write_jsonl(path, (p.model_dump() for p in self.payloads(results)))
        return [path]
'''


def install(site: Path, body: str) -> None:
    (site / "trajgen_toolnames.py").write_text(textwrap.dedent(body))
    info = site / "trajgen_toolnames-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: trajgen-toolnames\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[trajgen.plugins]\ntoolnames = trajgen_toolnames\n")


def trajgen(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], capture_output=True, text=True,
                          env=env, timeout=300, check=False)


def test_an_installed_package_adds_a_product(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    install(site, MODULE)
    cfg = tmp_path / "run.yaml"
    cfg.write_text(f"seed: 1\ncatalog: [{ROOT / 'examples' / 'catalog.json'}]\n"
                   "products: {toolnames: {count: 3}, sdg: {categories: {simple: 2}}}\n")
    out = tmp_path / "out"
    run = trajgen(site, "generate", str(cfg), "--out", str(out), "--quiet")
    assert run.returncode == 0, run.stderr
    rows = [json.loads(x) for x in (out / "toolnames" / "rows.jsonl").read_text().splitlines()]
    assert [r["n"] for r in rows] == [0, 1, 2]
    assert "toolnames" in (out / "README.md").read_text()
    assert json.loads((out / "manifest.json").read_text())["counts"].get("toolnames.accepted") == 3
    # without the package the section is an unknown product: one line, exit 2
    bare = trajgen(tmp_path / "nowhere", "generate", str(cfg), "--out", str(tmp_path / "o2"), "--quiet")
    assert bare.returncode != 0 and "toolnames" in bare.stderr and "Traceback" not in bare.stderr


def test_a_broken_plugin_is_one_line(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    install(site, "raise RuntimeError('boom')\n")
    cfg = tmp_path / "run.yaml"
    cfg.write_text(f"seed: 1\ncatalog: [{ROOT / 'examples' / 'catalog.json'}]\nproducts: {{sdg: {{}}}}\n")
    run = trajgen(site, "generate", str(cfg), "--out", str(tmp_path / "out"), "--quiet")
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert "trajgen.plugins entry point 'toolnames'" in run.stderr and "boom" in run.stderr
