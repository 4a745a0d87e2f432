"""The config model is strict: unknown keys, wrong types and bad YAML are refused with a location."""

from pathlib import Path

import pytest
import yaml
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


# ------------------------------------------------------------------ settings that would do nothing

BASE = "catalog: [a.json]\n"


@pytest.mark.parametrize("text, field, why", [
    ("products: {traject: {llm_outputs: true}}", "products.traject.llm_outputs", "writer is `template`"),
    ("products: {traject: {llm_edges: true}}", "products.traject.llm_edges", "writer is `template`"),
    ("writer: llm\nproducts: {traject: {llm_edges: true, sequential: 0}}", "products.traject.llm_edges",
     "sequential is 0"),
    ("products: {judge: {llm_share: 0.5}}", "products.judge.llm_share", "writer is `template`"),
    ("writer: llm\nproducts: {judge: {llm_share: 0.5, mix: {VALID_CALL: 1}}}", "products.judge.llm_share",
     "no share"),
    ("personas: p.yaml\nproducts: {trail: {files: [q.json]}}", "products.trail.files", "source: real"),
    ("personas: p.yaml\nproducts: {trail: {variant: gemini}}", "products.trail.variant", "source: real"),
    ("products: {trail: {source: real, files: [q], events: 40}}", "products.trail.events", "source: synthetic"),
    ("products: {trail: {source: real, files: [q], personas: 2}}", "products.trail.personas",
     "source: synthetic"),
    ("products: {trail: {source: real, files: [q], start: '2025-01-01 00:00'}}", "products.trail.start",
     "source: synthetic"),
    ("histories: [h.json]\npersonas: p.yaml\nproducts: {trail: {}, judge: {persona_events: 9}}",
     "products.judge.persona_events", "no `histories:`"),
    ("products: {bfcl: {second_language_share: 0.3}}", "products.bfcl.second_language_share", "single language"),
    ("products: {bfcl: {native: false, categories: {simple_python: 3}}}", "products.bfcl.categories",
     "native: false"),
    ("products: {bfcl: {multi_turn_classes: [MathAPI]}}", "products.bfcl.multi_turn_classes", "multi_turn"),
    ("histories: [h.json]\nproducts: {sdg: {}}", "histories", "read histories"),
    ("personas: p.yaml\nproducts: {sdg: {}}", "personas", "read personas"),
    ("personas: p.yaml\nhistories: [h.json]\nproducts: {judge: {}}", "personas", "read personas"),
    ("histories: [h.json]\nproducts: {trail: {source: real, files: [q]}}", "histories", "read histories"),
])
def test_a_setting_without_effect_is_refused(text, field, why):
    from generator.engine import Overrides, apply_overrides

    cfg = RunConfig.model_validate(yaml.safe_load(BASE + text))
    with pytest.raises(ConfigError) as exc:
        apply_overrides(cfg, Overrides())
    assert exc.value.field == field and why in exc.value.message
    assert "no effect" in str(exc.value) and "\n" not in str(exc.value)


@pytest.mark.parametrize("text", [
    "writer: llm\nproducts: {traject: {llm_outputs: true, llm_edges: true}, judge: {llm_share: 0.5}}",
    "personas: p.yaml\nproducts: {trail: {events: 40, personas: 2}, judge: {persona_events: 9}}",
    "products: {trail: {source: real, variant: gemini, files: [q]}}",
    "histories: [h.json]\nproducts: {trail: {source: real, files: [q]}, judge: {}}",
    "histories: [h.json]\nproducts: {trail: {source: real}}",
    "writer: llm\nproducts: {bfcl: {languages: [en, de], second_language_share: 0.3}}",
    "products: {bfcl: {categories: {multi_turn_base: 2}, multi_turn_classes: [MathAPI]}}",
    "products: {traject: {llm_outputs: false}, bfcl: {native: false}}",  # defaults are never refused
])
def test_settings_with_an_effect_are_kept(text):
    from generator.engine import Overrides, apply_overrides

    apply_overrides(RunConfig.model_validate(yaml.safe_load(BASE + text)), Overrides())


def test_the_writer_flag_decides_whether_an_llm_setting_has_an_effect():
    from generator.engine import Overrides, apply_overrides

    cfg = RunConfig.model_validate(yaml.safe_load(BASE + "products: {traject: {llm_outputs: true}}"))
    assert apply_overrides(cfg, Overrides(writer="llm")).writer == "llm"
    llm_cfg = cfg.model_copy(update={"writer": "llm"})
    with pytest.raises(ConfigError, match="writer is `template`"):
        apply_overrides(llm_cfg, Overrides(writer="template"))


def test_the_cli_refuses_a_setting_without_effect_in_one_line_before_writing(tmp_path):
    import subprocess
    import sys

    catalog = Path(__file__).resolve().parents[1] / "examples" / "catalog.json"
    cfg = write(tmp_path, f"catalog: [{catalog}]\nproducts: {{traject: {{llm_outputs: true}}}}\n")
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "generator.cli", "generate", str(cfg), "--out", str(out)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 2 and not out.exists()
    assert proc.stderr.strip().splitlines() == [
        ("trajgen: error: field 'products.traject.llm_outputs': this setting has no effect: it needs an LLM "
         "and the writer is `template` (use writer: llm); remove it")]


def test_environment_variables_expand_and_an_unset_one_is_refused(tmp_path, monkeypatch):
    cfg = write(tmp_path, 'catalog: ["${TG_DATA}/tools.json"]\nproducts: {sdg: {categories: {simple: 1}}}\n')
    monkeypatch.setenv("TG_DATA", "/data/x")
    assert load_config(cfg).catalog == ["/data/x/tools.json"]
    monkeypatch.delenv("TG_DATA")
    with pytest.raises(ConfigError) as exc:
        load_config(cfg)
    assert exc.value.field == "catalog.0" and "TG_DATA is not set" in str(exc.value)


@pytest.mark.slow
def test_the_real_trailbench_example_takes_its_data_from_the_environment(tmp_path, monkeypatch):
    from upstream import upstream_path

    from generator.engine import Overrides, generate

    example = QUICKSTART.parent / "trail_real.yaml"
    raw = yaml.safe_load(example.read_text())
    assert all(p.startswith("${TRAILBENCH}/") for p in raw["catalog"] + raw["products"]["trail"]["files"])
    monkeypatch.setenv("TRAILBENCH", str(upstream_path("trailbench")))
    summary = generate(load_config(example), example.parent, Overrides(out=str(tmp_path / "out"), limit=3,
                                                                         progress=False))
    # the data came from the environment: items were made from it (how many targets real histories
    # yield is measured by examples/trail_real.yaml itself, see docs/trail.md)
    assert summary.manifest.counts["trail.accepted"] >= 1
