"""The state key covers the code that made an item: edit the package and the items are made again.

Each run happens in a subprocess over a private copy of the package, so the test can edit the
copy's source the way a developer would (a phrasing rule in the template writer) and rerun into
the same output directory.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from generator.provenance import digest_of

ROOT = Path(__file__).resolve().parents[1]
CONFIG = "catalog: [{catalog}]\nseed: 5\nproducts:\n  sdg:\n    categories: {{simple: 4}}\n"
POLISH = ROOT / "generator" / "writers" / "phrasing" / "grammar.py"
POLISH_RETURN = 'return re.sub(r"\\s+", " ", text).strip()'


def copy_package(dest: Path) -> Path:
    shutil.copytree(ROOT / "generator", dest / "generator",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return dest / "generator"


def run(pkg_root: Path, cfg: Path, out: Path) -> dict:
    code = ("import sys, generator; assert generator.__file__.startswith(sys.argv[1]), generator.__file__;"
            "from generator.cli import main; sys.exit(main(sys.argv[2:]))")
    done = subprocess.run([sys.executable, "-c", code, str(pkg_root), "generate", str(cfg), "--out", str(out),
                           "--quiet"], cwd=pkg_root, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads((out / "manifest.json").read_text())


def state_files(out: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted((out / ".state").glob("*.jsonl"))}


def queries(out: Path) -> list[str]:
    rows = [json.loads(x) for x in (out / "sdg" / "train.jsonl").read_text().splitlines()]
    return [r["messages"][0]["content"] for r in rows]


def test_editing_the_code_remakes_items_and_unchanged_code_reuses_them(tmp_path: Path) -> None:
    pkg = copy_package(tmp_path / "pkg")
    cfg = tmp_path / "c.yaml"
    cfg.write_text(CONFIG.format(catalog=ROOT / "examples" / "catalog.json"))
    out = tmp_path / "out"

    first = run(pkg.parent, cfg, out)
    states = state_files(out)
    assert len(states) == 1 and first["code_digest"] == digest_of(pkg)
    assert not any(q.endswith("(edited)") for q in queries(out))

    assert run(pkg.parent, cfg, out) == first  # same code: same key, nothing re-made
    assert state_files(out) == states

    grammar = pkg / "writers" / "phrasing" / "grammar.py"
    assert POLISH_RETURN in grammar.read_text()
    grammar.write_text(grammar.read_text().replace(POLISH_RETURN, POLISH_RETURN + ' + " (edited)"'))
    second = run(pkg.parent, cfg, out)
    assert second["code_digest"] != first["code_digest"] == digest_of(ROOT / "generator")
    assert len(state_files(out)) == 2  # a new key: every item made again by the edited code
    assert queries(out) and all(q.endswith("(edited)") for q in queries(out))


def test_digest_ignores_bytecode_but_sees_every_source_file(tmp_path: Path) -> None:
    pkg = copy_package(tmp_path)
    before = digest_of(pkg)
    (pkg / "__pycache__").mkdir(exist_ok=True)
    (pkg / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0")
    assert digest_of(pkg) == before
    template = next((pkg / "prompts").glob("*.j2"))
    template.write_text(template.read_text() + "\n")
    assert digest_of(pkg) != before
