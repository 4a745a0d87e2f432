"""The product plug-in contract: the registry is the one list of products, a new product plugs
in by registering (config section, engine, manifest, card), and the engine builds it once."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import ClassVar

import pytest
from pydantic import PositiveInt

from generator.config import RunConfig, check_settings, load_config, products_model
from generator.engine import Overrides, generate
from generator.errors import ConfigError
from generator.io import write_jsonl
from generator.plugins import load_plugins
from generator.products.base import PRODUCTS, Needs, Product, RunContext, WorkItem, products_in_order
from generator.records import ItemResult, Record
from generator.validators import TEXT_VALIDATORS, VALIDATORS

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "examples" / "catalog.json"


class EchoConfig(Record):
    count: PositiveInt = 2
    llm: bool = False  # pretend to need an LLM of its own
    prompt: str | None = None  # pretend to render this template
    shout: bool = False  # only has an effect when count > 1 (a rule the product declares)


class EchoSpec(Record):
    n: int


class EchoPayload(Record):
    n: int
    tool: str


class Echo(Product[EchoSpec, EchoPayload, EchoConfig]):
    """A minimal product: item n names the catalog's n-th tool."""

    name = "echo"
    config_model = EchoConfig
    spec_model = EchoSpec
    payload_model = EchoPayload
    validators = TEXT_VALIDATORS
    built: ClassVar[list[Echo]] = []

    def __init__(self, config: EchoConfig) -> None:
        super().__init__(config)
        self.calls: list[str] = []
        Echo.built.append(self)

    @classmethod
    def needs(cls, config: EchoConfig, run: RunConfig) -> Needs:
        return Needs(llm=config.llm, prompts={config.prompt: set()} if config.prompt else {})

    @classmethod
    def unused(cls, config: EchoConfig, run: RunConfig) -> dict[str, str | None]:
        return {"shout": None if config.count > 1 else "there is only one item to shout"}

    def plan(self, ctx: RunContext) -> list[WorkItem[EchoSpec]]:
        self.calls.append("plan")
        return [self.item(ctx, i, EchoSpec(n=i), i) for i in range(self.config.count)]

    async def run(self, item: WorkItem[EchoSpec], ctx: RunContext) -> ItemResult:
        self.calls.append("run")
        payload = EchoPayload(n=item.spec.n, tool=ctx.catalog.tools[item.spec.n].name)
        return ItemResult(item_id=item.item_id, product=self.name, samples=[self.sample(item, payload)])

    def export(self, results: list[ItemResult], ctx: RunContext) -> list[Path]:
        self.calls.append("export")
        path = ctx.out_dir / "echo" / "rows.jsonl"
        write_jsonl(path, (p.model_dump() for p in self.payloads(results)))
        return [path]


@pytest.fixture
def echo(monkeypatch: pytest.MonkeyPatch) -> type[Echo]:
    load_plugins()
    monkeypatch.setitem(PRODUCTS._items, Echo.name, Echo)  # registered for this test only
    Echo.built.clear()
    return Echo


def write_config(tmp_path: Path, products: str) -> Path:
    cfg = tmp_path / "run.yaml"
    cfg.write_text(f"seed: 3\ncatalog: [{CATALOG}]\nproducts: {products}\n")
    return cfg


def test_the_products_section_is_the_registry() -> None:
    load_plugins()
    fields = products_model().model_fields
    assert list(fields) == [name for name, _ in products_in_order()]
    for name, cls in products_in_order():
        section = RunConfig.model_validate({"catalog": ["x"], "products": {name: {}}}).products
        assert section.enabled() == [name] and isinstance(section.section(name, cls.config_model), cls.config_model)
        assert set(cls.validators) <= set(VALIDATORS.names()), name


def test_unknown_product_is_one_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as exc:
        load_config(write_config(tmp_path, "{sdg: {}, nope: {}}"))
    assert exc.value.field == "products.nope" and "\n" not in str(exc.value)
    assert "unknown product (known: sdg, trail, traject, judge, bfcl, when2call)" in exc.value.message


def test_a_registered_product_gets_a_section_and_runs_once_per_run(echo: type[Echo], tmp_path: Path) -> None:
    cfg = load_config(write_config(tmp_path, "{echo: {count: 3}}"))
    with pytest.raises(ConfigError) as bad:
        load_config(write_config(tmp_path, "{echo: {count: 0}}"))
    assert bad.value.field == "products.echo.count"
    out = tmp_path / "out"
    generate(cfg, tmp_path, Overrides(out=str(out), progress=False))
    assert len(echo.built) == 1 and echo.built[0].calls == ["plan", "run", "run", "run", "export"]
    rows = [json.loads(line) for line in (out / "echo" / "rows.jsonl").read_text().splitlines()]
    assert [r["n"] for r in rows] == [0, 1, 2]
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["counts"]["echo.accepted"] == 3 and "echo/rows.jsonl" in manifest["files"]
    assert re.search(r"^\| echo \| 3 \| 3 \| 0 \|", (out / "README.md").read_text(), re.MULTILINE)


def test_what_a_product_needs_is_checked_before_it_runs(echo: type[Echo], tmp_path: Path) -> None:
    out = tmp_path / "out"
    with pytest.raises(ConfigError) as exc:
        generate(load_config(write_config(tmp_path, "{echo: {llm: true}}")), tmp_path,
                 Overrides(out=str(out), progress=False))
    assert exc.value.field == "products.echo" and "needs an LLM" in exc.value.message
    with pytest.raises(ConfigError, match="no_such_prompt.*not found"):
        generate(load_config(write_config(tmp_path, "{echo: {prompt: no_such_prompt}}")), tmp_path,
                 Overrides(out=str(out), progress=False))
    assert echo.built == [] and not out.exists()


def test_a_setting_a_product_declares_without_effect_is_refused_at_load(echo: type[Echo], tmp_path: Path) -> None:
    check_settings(load_config(write_config(tmp_path, "{echo: {count: 2, shout: true}}")))
    with pytest.raises(ConfigError) as exc:
        check_settings(load_config(write_config(tmp_path, "{echo: {count: 1, shout: true}}")))
    assert exc.value.field == "products.echo.shout"
    assert exc.value.message == "this setting has no effect: there is only one item to shout; remove it"
    check_settings(load_config(write_config(tmp_path, "{echo: {count: 1, shout: false}}")))  # a default passes


def test_histories_and_personas_are_refused_when_no_product_reads_them(tmp_path: Path) -> None:
    """The message names the products that would read them, from what they register."""
    from generator.config import check_settings

    cfg = RunConfig.model_validate({"catalog": ["x"], "histories": ["h.json"], "products": {"sdg": {}}})
    with pytest.raises(ConfigError) as exc:
        check_settings(cfg)
    readers = [f"products.{n}" for n, cls in products_in_order() if "histories" in cls.reads]
    assert exc.value.field == "histories" and readers and all(r in exc.value.message for r in readers)


def test_the_docs_name_every_product() -> None:
    load_plugins()
    readme = (ROOT / "docs" / "products.md").read_text(encoding="utf-8")
    arch = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for name in PRODUCTS.names():
        assert f"`products.{name}`" in readme, name
        assert f"`{name}`" in arch, name


# The code that serves every format (the Hub side, `trajgen eval`, the card, the stats text table)
# never names one: each format's data and code sit in its own package, behind the registries.
GENERIC = [*(ROOT / "generator" / "hub").glob("*.py"), *(ROOT / "generator" / "evaluate").rglob("*.py"),
           ROOT / "generator" / "card.py", ROOT / "generator" / "textreport.py"]
# a string equal to a product's name that does not mean the product: (file, name) -> what it is
NOT_A_PRODUCT = {("api.py", "judge"): "the judge model of `trajgen eval --judge-model`, in the results' header"}


def test_generic_code_names_no_product() -> None:
    import ast

    load_plugins()
    names = {name for name, _ in PRODUCTS.items()}
    found = sorted((path.relative_to(ROOT).as_posix(), node.lineno, node.value)
                   for path in GENERIC for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                   if isinstance(node, ast.Constant) and node.value in names
                   and (path.name, node.value) not in NOT_A_PRODUCT)
    assert found == []


def test_every_built_in_product_brings_its_hub_and_eval_parts() -> None:
    """Each built-in product's facets, `datasets` configs and eval format come from its package."""
    from generator.evaluate.formats import FORMATS
    from generator.hub.configs import SPECS
    from generator.hub.facets import FACETS
    from generator.plugins import PLUGIN_MODULES

    load_plugins()
    built_in = [(name, cls) for name, cls in PRODUCTS.items() if cls.__module__ in PLUGIN_MODULES]
    assert len(built_in) >= 6
    for name, cls in built_in:
        package = cls.__module__.rsplit(".", 1)[0] + "."
        assert FACETS.get(name).__module__.startswith(package), name
        assert [s for s in SPECS if s.product == name], name
        if not cls.not_evaluated:
            assert FORMATS.get(name).load.__module__.startswith(package), name
