"""The when2call product end to end on three catalogs (the quickstart's, and two whose domains occur
nowhere else in the repo: household solar and battery management, interlibrary loans): every
label is read back by the reader in the row's own context, the twins differ in the one way they
should, the files have When2Call's fields, and the run is reproducible."""

import json
from collections import Counter
from pathlib import Path

import pytest
import yaml

from generator.config import load_config
from generator.engine import Overrides, generate
from generator.errors import ConfigError
from generator.when2call.audit import audit_when2call, stats_when2call
from generator.when2call.rows import reader_problems

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = {"quickstart": ROOT / "examples" / "catalog.json",
            "home_solar": ROOT / "tests" / "fixtures" / "catalogs" / "home_solar.json",
            "library_loans": ROOT / "tests" / "fixtures" / "catalogs" / "library_loans.json"}
TWINS = {"stated": 12, "determined": 12, "undetermined": 12, "tool_removed": 10, "no_tool": 10}


def make(out: Path, catalog: Path, seed: int = 5, **section) -> Path:
    cfg = out.parent / f"{out.name}.yaml"
    data = {"seed": seed, "catalog": [str(catalog)],
            "products": {"when2call": {"twins": TWINS, "time_share": 0.25, **section}}}
    cfg.write_text(yaml.safe_dump(data))
    generate(load_config(cfg), cfg.parent, Overrides(out=str(out), progress=False))
    return out


def rows(run: Path, name: str = "when2call_test.jsonl") -> list[dict]:
    return [json.loads(line) for line in (run / "when2call" / name).read_text().splitlines()]


@pytest.fixture(scope="module", params=sorted(CATALOGS))
def run(request, tmp_path_factory) -> Path:
    return make(tmp_path_factory.mktemp("w2c") / request.param, CATALOGS[request.param])


def test_every_label_is_borne_out_by_the_reader(run):
    found = rows(run)
    checked = [r for r in found if r["correct_answer"] in ("tool_call", "request_for_info")]
    assert len(checked) >= 0.6 * (TWINS["stated"] + TWINS["determined"] + TWINS["undetermined"])
    bad = {r["uuid"]: p for i, r in enumerate(found) if (p := reader_problems(r, f"row {i}"))}
    assert bad == {}
    report = stats_when2call(run / "when2call")
    assert report.figures["contradictions"] == 0 and report.figures["checked"] == len(checked)


def test_the_history_twins_share_the_words_and_differ_in_the_context(run):
    by_target: dict[str, dict[str, dict]] = {}
    for r in rows(run):
        by_target.setdefault(r["source_id"], {})[r["twin"]] = r
    pairs = [t for t in by_target.values() if {"determined", "undetermined"} <= set(t)]
    assert pairs
    for t in pairs:
        det, und = t["determined"], t["undetermined"]
        assert det["question"] == und["question"] and det["tools"] == und["tools"]
        assert det["answers"] == und["answers"]
        assert (det["history"], det["query_time"]) != (und["history"], und["query_time"])
        assert und["held_out_param"] == det["omitted_param"] == und["omitted_param"]
        assert det["held_out_param"] is None and det["determined_by"] in ("history:settled", "time")
        if det["determined_by"] == "time":
            assert und["undetermined_case"] == "no_query_time" and und["query_time"] is None
            assert det["history"] == und["history"]
        else:
            assert und["undetermined_case"] in ("absent", "tie", "conflicting")


def test_each_twin_has_its_category_and_tools(run):
    for r in rows(run):
        offered = [json.loads(t)["name"] for t in r["tools"]]
        call = json.loads(r["answers"]["tool_call"])
        assert (r["held_out_param"] is not None) == (r["correct_answer"] == "request_for_info")
        if r["twin"] == "tool_removed":
            assert r["correct_answer"] == "cannot_answer" and call["name"] not in offered
            assert r["target_tool"] is None and call["name"] in [json.loads(t)["name"] for t in r["orig_tools"]]
        elif r["twin"] == "no_tool":
            assert r["correct_answer"] == "direct" and r["target_tool"] is None
        else:
            assert call["name"] in offered and json.loads(r["target_tool"])["name"] == call["name"]
        if r["correct_answer"] == "request_for_info":
            assert r["held_out_param"] in json.loads(r["target_tool"])["parameters"]["required"]


def test_the_clarifying_question_names_the_missing_parameter(run):
    from generator.when2call.eval import names_param, param_words
    from generator.when2call.rows import target_of

    for r in rows(run):
        if r["correct_answer"] == "request_for_info":
            tool = target_of(r, None, "x")
            words = {r["held_out_param"]: param_words(r["held_out_param"], tool)}
            assert names_param(r["answers"]["request_for_info"], words), r["answers"]["request_for_info"]


def test_the_training_files_follow_the_test_rows(run):
    test, sft, pref = rows(run), rows(run, "when2call_train_sft.jsonl"), rows(run, "when2call_train_pref.jsonl")
    assert len(test) == len(sft) == len(pref)
    for t, s, p in zip(test, sft, pref, strict=True):
        assert s["messages"][-2] == {"role": "user", "content": t["question"]} == p["messages"][-1]
        has_context = bool(t["history"] or t["query_time"])
        assert (s["messages"][0]["role"] == "system") == has_context
        answer = s["messages"][-1]["content"]
        if t["correct_answer"] == "tool_call":
            assert answer == f"<TOOLCALL>[{t['answers']['tool_call']}]</TOOLCALL>"
        else:
            assert answer == t["answers"][t["correct_answer"]]
        assert p["chosen_response"] == s["messages"][-1] and p["rejected_response"] != p["chosen_response"]
        assert [d["name"] for d in s["tools"]] == [json.loads(x)["name"] for x in t["tools"]]
    assert audit_when2call(run / "when2call").errors == []


def test_the_label_mix_is_what_was_asked(run):
    mix = Counter(r["twin"] for r in rows(run))
    manifest = json.loads((run / "manifest.json").read_text())
    targets = manifest["counts"]["when2call.accepted"]
    assert targets >= 0.75 * max(TWINS.values())  # the rest are rejections, each with a reason
    for twin, n in TWINS.items():
        assert mix[twin] <= n and mix[twin] >= n - (max(TWINS.values()) - targets)


def test_a_rerun_is_byte_identical(run, tmp_path):
    again = make(tmp_path / "again", CATALOGS[run.name])
    for name in ("when2call_test.jsonl", "when2call_train_sft.jsonl", "when2call_train_pref.jsonl"):
        assert (again / "when2call" / name).read_bytes() == (run / "when2call" / name).read_bytes(), name


def test_bad_configs_are_refused(tmp_path):
    for section, field in (({"twins": {"stated": 0}}, "products.when2call.twins"),
                           ({"calls": [2, 4]}, "products.when2call"), ({"twins": {"asked": 3}}, "products.when2call"),
                           ({"cases": ["maybe"]}, "products.when2call")):
        cfg = tmp_path / "bad.yaml"
        cfg.write_text(yaml.safe_dump({"catalog": [str(CATALOGS["home_solar"])], "products": {"when2call": section}}))
        with pytest.raises(ConfigError) as exc:
            generate(load_config(cfg), tmp_path, Overrides(out=str(tmp_path / "out"), progress=False))
        assert exc.value.field.startswith(field), (section, exc.value.field)
        assert not (tmp_path / "out" / "when2call").exists()
