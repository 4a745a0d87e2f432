"""Credentials never reach the manifest, the card, the cache, the state or the terminal; the cache key
names the endpoint canonically (loopback aliases are one endpoint)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.secrets import endpoint_id, redact_url
from generator.testing.fake_openai import FakeOpenAI

ROOT = Path(__file__).resolve().parents[1]
KEY = "sk-PLANTED-key-0123456789"
URL_PASSWORD = "PLANTED-url-password"
QUERY_SECRET = "PLANTED-query-token"
CONFIG_PASSWORD = "PLANTED-config-password"


@pytest.mark.parametrize("url,shown", [
    ("http://u:pw@host:8000/v1", "http://host:8000/v1"),
    ("https://host/v1?api-key=abc&x=1", "https://host/v1?api-key=REDACTED&x=1"),
    ("http://[::1]:9/v1", "http://[::1]:9/v1"),
    ("http://user@localhost/v1", "http://localhost/v1"),
])
def test_redact_url(url, shown):
    assert redact_url(url) == shown


def test_loopback_aliases_and_spellings_are_one_endpoint():
    same = {endpoint_id(u) for u in ("http://127.0.0.1:8000/v1", "http://localhost:8000/v1/",
                                     "http://[::1]:8000/v1", "http://u:p@127.0.0.2:8000/v1?key=1",
                                     "HTTP://LOCALHOST:8000/v1")}
    assert same == {"http://loopback:8000/v1"}
    assert endpoint_id("https://api.openai.com:443/v1") == "https://api.openai.com/v1"
    assert endpoint_id("http://10.0.0.1:8000/v1") != endpoint_id("http://127.0.0.1:8000/v1")


def run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "import sys; from generator.cli import main; sys.exit(main())",
                           *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=180, check=False)


def everything_written(out: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in out.rglob("*") if p.is_file())


def test_planted_credentials_appear_nowhere(tmp_path):
    import os

    cfg = tmp_path / "run.yaml"
    with FakeOpenAI(seed=1, error_rate=0.3, retry_after=0) as srv:
        in_config = f"http://user:{CONFIG_PASSWORD}@127.0.0.1:{srv.port}/v1"
        cfg.write_text(f"seed: 2\ncatalog: [{ROOT / 'examples' / 'catalog.json'}]\nwriter: llm\n"
                       f"llm: {{model: fake, base_url: '{in_config}', concurrency: 4, max_retries: 8}}\n"
                       "products:\n  sdg:\n    categories: {simple: 6, multiple: 4}\n")
        env = {**os.environ, "OPENAI_API_KEY": KEY}
        first = run(["generate", str(cfg), "--out", str(tmp_path / "a")], env, tmp_path)
        on_flag = f"http://me:{URL_PASSWORD}@localhost:{srv.port}/v1?api-key={QUERY_SECRET}"
        second = run(["generate", str(cfg), "--out", str(tmp_path / "b"), "--base-url", on_flag], env, tmp_path)
        sent = [r.body for r in srv.requests]
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr
    written = everything_written(tmp_path / "a") + everything_written(tmp_path / "b")
    shown = first.stderr + first.stdout + second.stderr + second.stdout
    for secret in (KEY, URL_PASSWORD, QUERY_SECRET, CONFIG_PASSWORD):
        assert secret not in written and secret not in shown
        assert all(secret not in str(body) for body in sent)  # nor in any request body
    assert "retrying" in shown  # the backoff lines were there, and clean


def test_changing_127_to_localhost_resends_nothing(tmp_path):
    cfg = tmp_path / "run.yaml"
    cfg.write_text(f"seed: 2\ncatalog: [{ROOT / 'examples' / 'catalog.json'}]\nwriter: llm\n"
                   "llm: {model: fake, concurrency: 4}\nproducts:\n  sdg:\n    categories: {simple: 6}\n")
    import os

    env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
    with FakeOpenAI(seed=1) as srv:
        out = tmp_path / "out"
        assert run(["generate", str(cfg), "--out", str(out), "--base-url", srv.base_url], env, tmp_path).returncode == 0
        sent = srv.count()
        manifest = (out / "manifest.json").read_text()
        alias = f"http://localhost:{srv.port}/v1"
        res = run(["generate", str(cfg), "--out", str(out), "--base-url", alias, "--fresh"], env, tmp_path)
        assert res.returncode == 0, res.stderr
        assert srv.count() == sent  # the same exchanges, found in the cache
    assert (out / "manifest.json").read_text().replace("localhost", "127.0.0.1") == manifest
