"""Property-based tests: any catalog, history or config a user may write ends in a result or one
clear TrajgenError line, never in a traceback."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.cli import main
from generator.config import load_config
from generator.errors import TrajgenError, one_line
from generator.names import checked_tools
from generator.readers import read_catalogs, read_histories

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
