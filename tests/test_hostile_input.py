"""Hostile input is one line naming the file and the field: deep nesting, huge integers, numbers
beyond a float, NaN, YAML alias bombs, files that are not regular files."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.config import MAX_CONFIG_VALUES, load_config
from generator.errors import ConfigError, InputError
from generator.readers import read_catalogs
from generator.readers.jsonfile import MAX_DEPTH, MAX_INT_DIGITS, load_json_or_jsonl

ROOT = Path(__file__).resolve().parents[1]


def tool(params: dict) -> dict:
    return {"type": "function", "function": {"name": "f", "description": "d",
                                             "parameters": {"type": "object", "properties": params}}}


def write(tmp_path: Path, text: str, name: str = "cat.json") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def nested(depth: int, leaf: str = "1") -> str:
    return "[" * depth + leaf + "]" * depth


@settings(max_examples=25, deadline=None)
@given(depth=st.integers(MAX_DEPTH + 1, 200_000), obj=st.booleans())
def test_deep_nesting_is_one_line(tmp_path_factory, depth, obj):
    tmp = tmp_path_factory.mktemp("d")
    text = ('{"a":' * depth + "1" + "}" * depth) if obj else nested(depth)
    with pytest.raises(InputError, match=f"nested more than {MAX_DEPTH} levels") as info:
        load_json_or_jsonl(write(tmp, text), "cat.json")
    assert info.value.file == "cat.json"


def test_a_schema_nested_500_deep_is_refused_naming_its_field(tmp_path):
    deep = '{"type": "object", "properties": {"x": ' * 500 + '{"type": "string"}' + "}}" * 500
    path = write(tmp_path, json.dumps([tool({"deep": "HERE"})]).replace('"HERE"', deep))
    with pytest.raises(InputError, match="nested more than") as info:
        read_catalogs([str(path)])
    assert info.value.field and info.value.field.startswith("0.function.parameters")


@settings(max_examples=25, deadline=None)
@given(digits=st.integers(MAX_INT_DIGITS + 1, 20_000), where=st.sampled_from(["minimum", "default", "maximum"]))
def test_huge_integers_are_refused_naming_the_field(tmp_path_factory, digits, where):
    tmp = tmp_path_factory.mktemp("i")
    text = json.dumps([tool({"n": {"type": "integer", where: 7}})]).replace(": 7", ": " + "9" * digits)
    with pytest.raises(InputError, match=f"integer of {digits} digits") as info:
        read_catalogs([str(write(tmp, text))])
    assert info.value.field == f"0.function.parameters.properties.n.{where}"


@settings(max_examples=25, deadline=None)
@given(number=st.sampled_from(["1e400", "-1e309", "2.5E+999"]) | st.integers(309, 5000).map(lambda e: f"1e{e}"))
def test_numbers_beyond_a_float_are_refused(tmp_path_factory, number):
    tmp = tmp_path_factory.mktemp("f")
    text = json.dumps([tool({"n": {"type": "number", "minimum": 7}})]).replace(": 7", ": " + number)
    with pytest.raises(InputError, match="beyond the range of a float") as info:
        read_catalogs([str(write(tmp, text))])
    assert info.value.field == "0.function.parameters.properties.n.minimum"


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused(tmp_path, constant):
    text = json.dumps([tool({"n": {"type": "number", "default": 7}})]).replace(": 7", ": " + constant)
    with pytest.raises(InputError, match="not a JSON number") as info:
        read_catalogs([str(write(tmp_path, text))])
    assert info.value.field == "0.function.parameters.properties.n.default"


def test_json_lines_name_the_line(tmp_path):
    good = json.dumps(tool({"n": {"type": "integer"}}))
    bad = json.dumps(tool({"n": {"type": "integer", "maximum": 7}})).replace(": 7", ": 1e999")
    with pytest.raises(InputError) as info:
        load_json_or_jsonl(write(tmp_path, f"{good}\n{bad}\n", "cat.jsonl"), "cat.jsonl")
    assert info.value.record == 2 and "beyond the range" in str(info.value)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_as_catalog_or_config_is_one_line(tmp_path, device):
    with pytest.raises(InputError, match="not a regular file"):
        read_catalogs([device])
    with pytest.raises(ConfigError, match="not a regular file"):
        load_config(device)
    cfg = write(tmp_path, f"seed: 1\ncatalog: [{device}]\nproducts:\n  sdg:\n    categories: {{simple: 2}}\n",
                "run.yaml")
    started = time.monotonic()
    res = subprocess.run([sys.executable, "-m", "generator.cli", "generate", str(cfg), "--out",
                          str(tmp_path / "out"), "--quiet"], capture_output=True, text=True, timeout=120,
                         check=False, cwd=ROOT)
    assert res.returncode == 2 and len(res.stderr.strip().splitlines()) == 1 and device in res.stderr
    assert time.monotonic() - started < 60


def alias_bomb(levels: int, width: int) -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]")
    return "\n".join(lines) + f"\nseed: 1\ncatalog: [c.json]\ncard: {{pretty_name: *a{levels - 1}}}\n"


@settings(max_examples=10, deadline=None)
@given(levels=st.integers(6, 12), width=st.integers(6, 12))
def test_a_yaml_alias_bomb_is_refused_in_seconds(tmp_path_factory, levels, width):
    tmp = tmp_path_factory.mktemp("y")
    started = time.monotonic()
    with pytest.raises(ConfigError, match=f"more than {MAX_CONFIG_VALUES:,} values") as info:
        load_config(write(tmp, alias_bomb(levels, width), "bomb.yaml"))
    assert time.monotonic() - started < 10 and info.value.file and info.value.field


def test_a_few_aliases_still_load(tmp_path):
    text = (f"defaults: &d {{simple: 2}}\nseed: 1\ncatalog: [{ROOT / 'examples' / 'catalog.json'}]\n"
            "products:\n  sdg:\n    categories: *d\n")
    with pytest.raises(ConfigError, match="defaults"):  # an unknown key, refused as before
        load_config(write(tmp_path, text, "ok.yaml"))


def test_a_deeply_nested_yaml_config_is_one_line(tmp_path):
    with pytest.raises(ConfigError, match="nested more than"):
        load_config(write(tmp_path, "seed: " + "[" * 5000 + "]" * 5000 + "\n", "deep.yaml"))
