"""Property-based tests: any catalog, history or config a user may write ends in a result or one
clear TrajgenError line, never in a traceback; catalogs whose tools feed each other
(tests/catalog_strategies.py) give sequential trajectories the query determines."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import pytest
import test_any_catalog as any_catalog
import yaml
from catalog_strategies import as_openai, as_traject, catalog_shapes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.catalog import Catalog
from generator.cli import main
from generator.config import load_config
from generator.core.schema import argument_errors
from generator.errors import TrajgenError, one_line
from generator.names import checked_tools
from generator.readers import read_catalog, read_catalogs, read_histories
from generator.screening import screen

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
scalars = st.none() | st.booleans() | st.integers(-5, 5) | st.floats(allow_nan=False, width=32) | text
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(text, inner, max_size=4), max_leaves=20)

names = st.sampled_from(["get_weather", "../../x", "a b", "🌦", "", "x" * 70, "book.table", "Über_app"])
json_types = st.sampled_from(["string", "integer", "number", "boolean", "array", "object", "dict", "float",
                              "tuple", "any", "nope", 3, None])
param = st.fixed_dictionaries({"type": json_types}, optional={
    "enum": st.lists(scalars, max_size=3), "description": text, "default": scalars, "items": json_values})
parameters = st.fixed_dictionaries({"type": st.sampled_from(["object", "dict", "array", 1])}, optional={
    "properties": st.dictionaries(text, param | json_values, max_size=3),
    "required": st.lists(text, max_size=3) | json_values})
openai_tool = st.fixed_dictionaries({"type": st.just("function"), "function": st.fixed_dictionaries(
    {"name": names | text}, optional={"description": text, "parameters": parameters | json_values})},
    optional={"x-trajgen": st.dictionaries(st.sampled_from(["domain", "app", "api", "output", "hints"]),
                                           names | json_values, max_size=3)})
bfcl_doc = st.fixed_dictionaries({"name": names | text, "parameters": parameters},
                                 optional={"description": text})
traject_tool = st.fixed_dictionaries({"tool_name": names | text, "api_name": names | text},
                                     optional={"required_parameters": json_values,
                                               "optional_parameters": json_values})
catalogs = st.lists(openai_tool | bfcl_doc | traject_tool | json_values, max_size=4) | json_values

event = st.fixed_dictionaries({"time": st.sampled_from(["2025-05-01 09:00:00", "yesterday", "", 3]),
                               "apitype": text, "toolname": names, "apiname": names},
                              optional={"parameters": json_values})
histories = st.lists(event | json_values, max_size=4) | st.dictionaries(
    st.sampled_from(["user", "events", "user_history", "queries"]), json_values | st.lists(event), max_size=3)


def _write(obj: object, name: str) -> Path:
    path = Path(tempfile.mkdtemp()) / name
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    return path


@SETTINGS
@given(catalogs)
def test_any_catalog_reads_or_fails_with_one_clear_error(obj):
    try:
        checked_tools(read_catalogs([_write(obj, "tools.json")]))
    except TrajgenError as exc:
        assert str(exc) and "\n" not in one_line(str(exc))


@SETTINGS
@given(histories)
def test_any_history_reads_or_fails_with_one_clear_error(obj):
    try:
        read_histories(_write(obj, "history.json"))
    except TrajgenError as exc:
        assert str(exc)


config_values = st.dictionaries(
    st.sampled_from(["seed", "catalog", "histories", "personas", "writer", "llm", "out", "products", "hints",
                     "extra"]),
    json_values | st.dictionaries(st.sampled_from(["model", "concurrency", "budget_tokens", "budget_usd",
                                                   "prices", "rpm", "tpm", "breaker_s", "sdg", "trail",
                                                   "base_url"]), json_values, max_size=3), max_size=5)


@SETTINGS
@given(config_values | json_values)
def test_any_config_loads_or_fails_with_one_clear_error(obj):
    path = Path(tempfile.mkdtemp()) / "run.yaml"
    path.write_text(yaml.safe_dump(obj, allow_unicode=True), encoding="utf-8")
    try:
        load_config(path)
    except TrajgenError as exc:
        assert str(exc)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(openai_tool, min_size=1, max_size=3))
def test_the_cli_never_shows_a_traceback_for_a_user_catalog(tools):
    cat = _write(tools, "tools.json")
    cfg = cat.parent / "run.yaml"
    cfg.write_text("seed: 1\ncatalog: [tools.json]\nproducts:\n  sdg:\n    categories: {simple: 2, "
                   "irrelevance: 1}\n  judge: {rows: 4, rows_per_item: 2}\n")
    assert main(["generate", str(cfg), "--out", str(cat.parent / "out"), "--quiet"]) in (0, 2)


@SETTINGS
@given(text)
def test_an_error_is_always_one_line(s):
    assert "\n" not in one_line(s) and "\r" not in one_line(s)


# ---------------------------------------------------------------- catalogs whose tools feed each other

FORMS = ["openai", "openai+outputs", "openai+edges", "traject"]
chain_catalogs = catalog_shapes(any_catalog.PROPERTY)


def _catalog_file(shapes, form: str) -> Path:
    records = as_traject(shapes) if form == "traject" else as_openai(shapes, "outputs" in form, "edges" in form)
    return _write(records, "chain_catalog.json")


def _sampled(path: Path, seed: int):
    """Every sequential trajectory the product would sample on the catalog (three starts per
    domain), with its outputs; [] when the catalog is refused with one clear error."""
    from generator.traject.chains import chain_for
    from generator.traject.graph import build_graph
    from generator.traject.sample import sample_sequential
    from generator.traject.simulate import simulate_all

    try:
        tools, _ = screen(read_catalog(path))
    except TrajgenError as exc:
        assert "\n" not in one_line(str(exc))
        return None, []
    catalog = Catalog(tools)
    graph = build_graph(catalog.tools)
    out = []
    for domain, members in catalog.by_domain.items():
        for index in range(3):
            rng = random.Random(f"{seed}:{domain}:{index}")
            steps = chain_for(graph, [t.name for t in members], index, 4, rng, seed=str(seed))
            target = sample_sequential(f"s{index}", steps, catalog.by_name, rng) if steps else None
            if target is not None and len(target.calls) >= 2:
                out.append(target.model_copy(update={"outputs": simulate_all(target, catalog.by_name, rng)}))
    return catalog, out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(shapes=chain_catalogs, form=st.sampled_from(FORMS), seed=st.integers(0, 2**16))
def test_any_chain_catalog_samples_trajectories_the_query_determines(shapes, form, seed):
    """Any catalog of feeding tools (optional and required coordinates, nested and odd schemas,
    odd names, edges to tools that do not exist): every sampled chain is consistent (no bound
    param missing, no pair half bound, one value per output field), every call validates, and
    a query stating the plan's stated values determines every bound value from the outputs."""
    from generator.traject.bind import binding_problems
    from generator.traject.checks import bindings_determined
    from generator.traject.plans import sequential_plan, unrecoverable

    catalog, targets = _sampled(_catalog_file(shapes, form), seed)
    for target in targets:
        tools = catalog.by_name
        assert binding_problems(target, tools) == [], target
        for call in target.calls:
            assert argument_errors(tools[call.tool], call.arguments) == [], call
        plan = sequential_plan(target, tools)
        query = " ".join(str(a.value) for _, a in plan.args() if a.mode == "stated")
        assert unrecoverable(plan, target, tools) == []
        assert bindings_determined(query, plan, target, tools) == [], (query, target.outputs)


def _run_every_product(shapes, form: str) -> Path | None:
    cat = _catalog_file(shapes, form)
    cfg = cat.parent / "run.yaml"
    cfg.write_text(yaml.safe_dump({
        "seed": 3, "catalog": [cat.name], "products": {
            "sdg": {"categories": {"simple": 2, "parallel_multiple": 2, "live_parallel_multiple": 1,
                                   "irrelevance": 1}},
            "trail": {"targets": 3, "min_history": 4, "events": 30},
            "traject": {"parallel": 1, "sequential": 2, "k": {"min": 2, "max": 3}, "chain": {"min": 2, "max": 4}},
            "judge": {"rows": 4, "rows_per_item": 2},
            "bfcl": {"categories": {"simple_python": 1, "parallel": 1, "live_simple": 1}}}}))
    out = cat.parent / "out"
    code = main(["generate", str(cfg), "--out", str(out), "--quiet"])
    assert code in (0, 2)
    return out if code == 0 else None


def _check_traject_files(out: Path, catalog_path: Path) -> None:
    """The files say what the sampling promised: every bound step determined, no half pair,
    arrays written as arrays."""
    from generator.traject.audit import audit_traject

    root = out / "traject"
    if not any(root.rglob("traj_query.json")) if root.exists() else True:
        return
    fig = audit_traject(root).figures
    assert fig["sequential_steps_determined"] == fig["sequential_bound_steps"], fig
    assert fig["sequential_split_pairs"] == 0, fig
    arrays = {p for t in read_catalog(catalog_path) for p, s in t.properties.items() if s.get("type") == "array"}
    for path in root.rglob("*_ver.json"):
        for rec in json.loads(path.read_text()):
            for call in rec["tool list"]:
                for p in call["required parameters"] + call["optional parameters"]:
                    assert p["name"] not in arrays or isinstance(p["value"], list), p


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(shapes=chain_catalogs, form=st.sampled_from(FORMS))
def test_every_product_runs_on_any_chain_catalog(shapes, form):
    """sdg, trail, traject, judge and bfcl with the template writer over a generated catalog of
    feeding tools: a result or one clear error line, never a traceback."""
    out = _run_every_product(shapes, form)
    if out is not None:
        _check_traject_files(out, out.parent / "chain_catalog.json")


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(shapes=chain_catalogs, form=st.sampled_from(FORMS))
def test_every_product_runs_on_many_chain_catalogs(shapes, form):
    out = _run_every_product(shapes, form)
    if out is not None:
        _check_traject_files(out, out.parent / "chain_catalog.json")
