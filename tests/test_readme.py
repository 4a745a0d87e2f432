"""The README stays a short front page, and the docs it links to exist and are current."""

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_readme_is_at_most_200_lines():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 200


def test_readme_links_point_at_files_that_exist():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(((?!https?:)[^)#]+)", text)
    assert links and [link for link in links if not (ROOT / link).exists()] == []


def test_readme_shows_one_sample_per_format():
    samples = _script("readme_samples")
    shown = samples.blocks((ROOT / "README.md").read_text(encoding="utf-8"))
    assert set(shown) == set(samples.SAMPLES)


def test_config_reference_is_current_and_documents_every_key():
    reference = _script("config_reference")
    text, undocumented = reference.render()
    assert undocumented == []
    assert reference.OUT.read_text(encoding="utf-8") == text, "run python scripts/config_reference.py"
