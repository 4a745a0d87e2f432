"""`trajgen push`: through huggingface_hub's real HTTP path to a local stand-in of the Hub
(generator.testing.fake_hub on 127.0.0.1); never a network call."""

from __future__ import annotations

import pytest
from hub_support import run

from generator.cli import main
from generator.errors import InputError
from generator.hub.push import PushError, push
from generator.testing.fake_hub import FakeHub

pytest.importorskip("huggingface_hub")  # the `hub` extra (part of `test`)


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("push")
    run(tmp, tmp / "out", products={"sdg": {"categories": {"simple": 3}}, "judge": {"rows": 20}})
    (tmp / "out" / ".cache").mkdir(exist_ok=True)
    (tmp / "out" / ".cache" / "secret.json").write_text("{}")
    (tmp / "out" / "stray.txt").write_text("not part of the run")
    return tmp / "out"


@pytest.fixture
def hub():
    server = FakeHub().start()
    yield server
    server.stop()


def test_uploads_exactly_the_run(out, hub):
    res = push(out, "me/tiny", endpoint=hub.url, token="hf_test", private=True)
    got = hub.repos["me/tiny"]
    assert got["private"] and res.repo_url.endswith("/datasets/me/tiny")
    assert set(got["files"]) == set(res.files)
    assert {"README.md", "manifest.json", "sdg/train.jsonl", "judge/test.parquet"} <= set(got["files"])
    assert not [p for p in got["files"] if p.startswith((".state", ".cache")) or p == "stray.txt"]
    assert all((out / p).read_bytes() == data for p, data in got["files"].items())
    assert hub.requests[:2] == ["POST /api/repos/create", "POST /api/validate-yaml"]


def test_the_hub_refusing_the_card_is_one_clear_error(out, hub, tmp_path):
    import shutil

    bad = tmp_path / "bad"
    shutil.copytree(out, bad)
    card = (bad / "README.md").read_text()
    (bad / "README.md").write_text(card.replace("license: cc-by-4.0", "license: my-own-licence", 1))
    with pytest.raises(PushError, match="license"):
        push(bad, "me/bad", endpoint=hub.url, token="hf_test")
    assert hub.repos["me/bad"]["files"] == {}  # refused before any file was sent


def test_not_a_run_directory(tmp_path):
    with pytest.raises(InputError, match="not a trajgen run directory"):
        push(tmp_path, "me/x", endpoint="http://127.0.0.1:9")


def test_cli(out, hub, capsys):
    assert main(["push", str(out), "me/cli", "--endpoint", hub.url, "--token", "hf_test"]) == 0
    assert "pushed" in capsys.readouterr().err
    assert main(["push", str(out), "me/down", "--endpoint", "http://127.0.0.1:9", "--token", "x"]) == 2
    assert "failed" in capsys.readouterr().err
