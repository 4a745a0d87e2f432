"""The config model is strict: unknown keys, wrong types and bad YAML are refused with a location."""

from pathlib import Path

import pytest
from pydantic import ValidationError

from generator.config import RunConfig, load_config
from generator.errors import ConfigError

QUICKSTART = Path(__file__).resolve().parents[1] / "examples" / "quickstart.yaml"


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "c.yaml"
    p.write_text(text)
    return p


def test_quickstart_loads():
    cfg = load_config(QUICKSTART)
    assert cfg.writer == "template"
    assert cfg.products.enabled()


@pytest.mark.parametrize("text, field", [
    ("catalog: [a.json]\nbogus: 1\n", "bogus"),
    ("catalog: [a.json]\nwriter: gpt\n", "writer"),
    ("catalog: [a.json]\nllm: {concurrency: 0}\n", "llm.concurrency"),
    ("catalog: []\n", "catalog"),
    ("catalog: [a.json]\nproducts: {sdg: {categories: {simple: -1}}}\n", "products.sdg.categories.simple"),
    ("catalog: [a.json]\nproducts: {nope: {}}\n", "products.nope"),
])
def test_bad_configs_are_refused_with_the_field(tmp_path, text, field):
    with pytest.raises(ConfigError) as exc:
        load_config(write(tmp_path, text))
    assert exc.value.field == field
    assert str(write(tmp_path, text)) in str(exc.value)


def test_invalid_yaml_names_the_line(tmp_path):
    with pytest.raises(ConfigError, match="invalid YAML at line"):
        load_config(write(tmp_path, "catalog: [a.json]\nseed: [1, 2\n"))


def test_missing_file(tmp_path):
    with pytest.raises(ConfigError, match="not found"):
        load_config(tmp_path / "absent.yaml")


def test_model_refuses_unknown_keys_directly():
    with pytest.raises(ValidationError):
        RunConfig.model_validate({"catalog": ["a"], "extra": True})
