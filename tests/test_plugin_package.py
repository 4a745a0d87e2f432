"""A product shipped in another installed package plugs in through the `trajgen.products` entry
point group, with no change to generator/: its config section is accepted, it plans, runs and
exports under `trajgen generate`, the dataset card lists it, `trajgen stats` reports it with the
stats function and query reader it registers, and `trajgen eval` scores it with the eval format
it registers (the contract's generic call scorer, `evaluate/formats/calls.py`). The package is installed the
way pip leaves one (a module and a `.dist-info` with `entry_points.txt` on the path)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from generator.testing.fake_openai import FakeOpenAI
from generator.testing.oracle import Oracle

ROOT = Path(__file__).resolve().parents[1]

MODULE = '''
from pathlib import Path

from pydantic import PositiveInt

from generator.audit import DETECTORS, STATS, AuditReport
from generator.evaluate.formats import FORMATS, EvalFormat, calls
from generator.io import write_jsonl
from generator.products.base import Product, RunContext, WorkItem, register_product
from generator.readers import tool_from_openai
from generator.records import ItemResult, Record, ToolCall
from generator.textreport import QUERY_READERS, json_records
from generator.validators import TEXT_VALIDATORS
from generator.core.values import sample_arguments

LEVELS = ("explicit", "terse")


class ToolNamesConfig(Record):
    count: PositiveInt = 2  # rows written


class Spec(Record):
    n: int


class Row(Record):
    id: str
    level: str
    query: str
    tool: dict
    call: ToolCall


@register_product
class ToolNames(Product[Spec, Row, ToolNamesConfig]):
    """Row n asks for a call of the catalog's n-th tool: with its values (explicit) or without."""

    name = "toolnames"
    config_model = ToolNamesConfig
    spec_model = Spec
    payload_model = Row
    validators = TEXT_VALIDATORS

    def plan(self, ctx: RunContext) -> list[WorkItem[Spec]]:
        return [self.item(ctx, i, Spec(n=i), i) for i in range(self.config.count)]

    async def run(self, item: WorkItem[Spec], ctx: RunContext) -> ItemResult:
        tool = ctx.catalog.tools[item.spec.n]
        args = sample_arguments(tool, ctx.rng(item.item_id), optional_rate=0.0)
        level = LEVELS[item.spec.n % 2]
        said = ", ".join(f"{k} {v}" for k, v in args.items()) if level == "explicit" else "what you think best"
        row = Row(id=f"toolnames-{item.spec.n}", level=level, query=f"Please run {tool.name} with {said}.",
                  tool=tool.openai(), call=ToolCall(tool=tool.name, arguments=args))
        return ItemResult(item_id=item.item_id, product=self.name, samples=[self.sample(item, row)])

    def export(self, results: list[ItemResult], ctx: RunContext) -> list[Path]:
        path = ctx.out_dir / "toolnames" / "rows.jsonl"
        write_jsonl(path, (p.model_dump(mode="json") for p in self.payloads(results)))
        return [path]


def rows(path: Path) -> list[dict]:
    return [r for f in sorted(path.rglob("rows.jsonl")) if f.parent.name == "toolnames" for r in json_records(f)]


def looks_like(path: Path) -> bool:
    return path.name == "toolnames" and (path / "rows.jsonl").is_file()


def stats(path: Path) -> AuditReport:
    n = len(rows(path))
    return AuditReport(format="toolnames", path=str(path), figures={"rows": n}, lines=[f"rows: {n}"])


def queries(path: Path):
    for r in rows(path):
        yield r["level"], r["query"], [str(v) for v in r["call"]["arguments"].values()]


def discover(root: Path) -> list[Path]:
    return [f for f in sorted(root.rglob("rows.jsonl")) if f.parent.name == "toolnames"]


def load(path: Path, ctx) -> list:
    return [calls.call_item("toolnames", f"toolnames:{r['id']}", str(path), query=r["query"],
                            tools=[tool_from_openai(r["tool"])], gold=[ToolCall.model_validate(r["call"])],
                            level=r["level"], levels=LEVELS) for r in json_records(path)]


DETECTORS.add("toolnames", looks_like)
STATS.add("toolnames", stats)
QUERY_READERS.add("toolnames", queries)
def claims(path: Path) -> bool:
    return path.name == "rows.jsonl" and path.parent.name == "toolnames"


FORMATS.add("toolnames", EvalFormat("toolnames", discover, claims, load, calls.score, LEVELS, title="Tool names"))
'''


def install(site: Path, body: str) -> None:
    (site / "trajgen_toolnames.py").write_text(textwrap.dedent(body))
    info = site / "trajgen_toolnames-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: trajgen-toolnames\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[trajgen.products]\ntoolnames = trajgen_toolnames\n")


def env_with(site: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}


def trajgen(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], capture_output=True, text=True,
                          env=env_with(site), timeout=300, check=False)


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(site, run directory): the package installed and a run of its product beside SDG rows."""
    tmp = tmp_path_factory.mktemp("plugin")
    site = tmp / "site"
    site.mkdir()
    install(site, MODULE)
    cfg = tmp / "run.yaml"
    cfg.write_text(f"seed: 1\ncatalog: [{ROOT / 'examples' / 'catalog.json'}]\n"
                   "products: {toolnames: {count: 5}, sdg: {categories: {simple: 2}}}\n")
    done = trajgen(site, "generate", str(cfg), "--out", str(tmp / "out"), "--quiet")
    assert done.returncode == 0, done.stderr
    return site, tmp / "out"


def test_an_installed_package_adds_a_product(run: tuple[Path, Path], tmp_path: Path) -> None:
    _, out = run
    rows = [json.loads(x) for x in (out / "toolnames" / "rows.jsonl").read_text().splitlines()]
    assert [r["id"] for r in rows] == [f"toolnames-{i}" for i in range(5)]
    assert "toolnames" in (out / "README.md").read_text()
    assert json.loads((out / "manifest.json").read_text())["counts"].get("toolnames.accepted") == 5
    # without the package the section is an unknown product: one line, exit 2
    cfg = out.parent / "run.yaml"
    bare = trajgen(tmp_path / "nowhere", "generate", str(cfg), "--out", str(tmp_path / "o2"), "--quiet")
    assert bare.returncode != 0 and "toolnames" in bare.stderr and "Traceback" not in bare.stderr


def test_stats_reads_the_product_through_the_registry(run: tuple[Path, Path]) -> None:
    """`trajgen stats RUN_DIR` finds the product's folder by its detector, reports it with its
    stats function and reads its queries with its query reader (the text table per level)."""
    site, out = run
    shown = trajgen(site, "stats", str(out), "--json")
    assert shown.returncode == 0, shown.stderr
    report = json.loads(shown.stdout)
    assert report["format"] == "sdg+toolnames"
    assert report["figures"]["toolnames.rows"] == 5
    assert report["figures"]["text.toolnames.explicit.queries"] == 3
    assert report["figures"]["text.toolnames.terse.queries"] == 2
    text = trajgen(site, "stats", str(out)).stdout
    assert f"== toolnames: {out / 'toolnames'}" in text and f"== text: toolnames: {out / 'toolnames'}" in text


def test_eval_scores_the_product_with_its_registered_format(run: tuple[Path, Path], tmp_path: Path) -> None:
    """`trajgen eval RUN_DIR` with no --formats scores the product's rows with the format its
    package registered, against the fake server answering as an oracle that is right on every
    explicit item and wrong on every terse one: the accuracies must come out as 1 and 0."""
    site, out = run
    gold = tmp_path / "gold.jsonl"
    made = subprocess.run([sys.executable, "-m", "generator.testing.oracle", "gold", str(out), "--out", str(gold)],
                          capture_output=True, text=True, env=env_with(site), timeout=300, check=False)
    assert made.returncode == 0, made.stderr
    with FakeOpenAI(oracle=Oracle.from_file(gold, accuracy="1,0")) as srv:
        done = trajgen(site, "eval", str(out), "--model", "oracle", "--base-url", srv.base_url,
                       "--out", str(tmp_path / "eval"), "--quiet")
    assert done.returncode == 0, done.stderr
    summary = json.loads((tmp_path / "eval" / "oracle" / "summary.json").read_text())
    levels = {b["level"]: (b["n"], b["accuracy"]) for b in summary["formats"]["toolnames"]["levels"]}
    assert levels == {"explicit": (3, 1.0), "terse": (2, 0.0)}
    assert "sdg" in summary["formats"]  # the built-in formats are still looked for beside it


def test_a_broken_plugin_is_one_line(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    install(site, "raise RuntimeError('boom')\n")
    cfg = tmp_path / "run.yaml"
    cfg.write_text(f"seed: 1\ncatalog: [{ROOT / 'examples' / 'catalog.json'}]\nproducts: {{sdg: {{}}}}\n")
    run = trajgen(site, "generate", str(cfg), "--out", str(tmp_path / "out"), "--quiet")
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert "trajgen.products entry point 'toolnames'" in run.stderr and "boom" in run.stderr
