"""The judge product end to end on the bundled catalog: rows, mix, export columns, Parquet,
paired mode, determinism, and the independent reference check (check_judge.py)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from jsonschema import Draft202012Validator, FormatChecker
from upstream import check_script, require_bfcl_eval

import generator.judge.product
import generator.writers.template  # noqa: F401  (registers the template writer)
from generator.catalog import Catalog
from generator.config import RunConfig
from generator.errors import ConfigError
from generator.judge.audit import audit_judge, looks_like_judge, stats_judge
from generator.judge.cases import Candidate, JudgeRow
from generator.judge.export import COLUMNS, columns
from generator.personas import load_personas, synthesize_histories
from generator.products.base import RunContext, build_product
from generator.readers import read_catalogs
from generator.records import ItemResult, ToolCall
from generator.writers.base import WRITERS

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def make_ctx(out: Path, judge: dict[str, Any]) -> RunContext:
    cfg = RunConfig.model_validate({"seed": 7, "catalog": [str(EXAMPLES / "catalog.json")],
                                    "products": {"judge": judge}})
    catalog = Catalog(read_catalogs(cfg.catalog))
    histories = synthesize_histories(load_personas(EXAMPLES / "personas.yaml"), catalog, 7,
                                     start=datetime(2025, 5, 1), n_events=60)
    return RunContext(config=cfg, base_dir=ROOT, out_dir=out, seed=7, catalog=catalog,
                      histories=histories, writer=WRITERS.get("template")())


def run_product(ctx: RunContext) -> tuple[list[ItemResult], list[Path]]:
    product = build_product("judge", ctx.config)
    items = product.plan(ctx)

    async def go() -> list[ItemResult]:
        return list(await asyncio.gather(*(product.run(i, ctx) for i in items)))

    results = asyncio.run(go())
    return results, product.export(results, ctx)


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[ItemResult], Path]:
    out = tmp_path_factory.mktemp("judge_big")
    results, _ = run_product(make_ctx(out, {"rows": 600, "paired": True}))
    return results, out / "judge"


@pytest.fixture(scope="module")
def full(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """2,000 rows: the reviewer's check asks for at least that many (slow tests only)."""
    out = tmp_path_factory.mktemp("judge_full")
    run_product(make_ctx(out, {"rows": 2000, "paired": True}))
    return out / "judge"


def rows_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_writes_all_rows_with_the_configured_mix(big: tuple[list[ItemResult], Path]) -> None:
    _, judge = big
    rows = rows_of(judge / "test.jsonl")
    assert len(rows) >= 595
    mix = Counter(r["label"] for r in rows)
    want = {"VALID_CALL": 0.4, "TOOL_ERROR": 0.2, "PARAM_NAME_ERROR": 0.2, "PARAM_VALUE_ERROR": 0.2}
    assert all(abs(mix[lab] / len(rows) - share) <= 0.02 for lab, share in want.items()), mix


def test_columns_are_strings_and_parse(big: tuple[list[ItemResult], Path]) -> None:
    _, judge = big
    for r in rows_of(judge / "test.jsonl"):
        assert list(r) == list(COLUMNS) and all(isinstance(r[c], str) for c in COLUMNS)
        tools, msgs, reasons = (json.loads(r[c]) for c in ("tools_list", "messages_history", "failure_reason"))
        assert all(t["type"] == "function" and "name" in t["function"] for t in tools)
        assert [m["role"] for m in msgs] == ["user", "assistant"]
        calls = msgs[1].get("tool_calls")
        if calls:
            assert calls[0]["type"] == "function" and isinstance(calls[0]["function"]["arguments"], str)
            json.loads(calls[0]["function"]["arguments"])
        else:
            assert isinstance(msgs[1]["content"], str) and msgs[1]["content"]
        assert r["binary_label"] == ("CORRECT" if r["label"] == "VALID_CALL" else "INCORRECT")
        assert isinstance(reasons, list) and (reasons == []) == (r["label"] == "VALID_CALL")


def test_some_valid_rows_are_text_replies(big: tuple[list[ItemResult], Path]) -> None:
    _, judge = big
    texts = [r for r in rows_of(judge / "test.jsonl") if r["label"] == "VALID_CALL"
             and "tool_calls" not in json.loads(r["messages_history"])[1]]
    assert len(texts) > 15  # 36 of 600 at seed 7


def test_parquet_loads_with_polars_and_matches_jsonl(big: tuple[list[ItemResult], Path]) -> None:
    _, judge = big
    frame = pl.read_parquet(judge / "test.parquet")
    assert frame.columns == list(COLUMNS) and all(t == pl.String for t in frame.dtypes)
    assert frame.to_dicts() == rows_of(judge / "test.jsonl")


def by_hand(gold: dict[str, Any] | None, call: dict[str, Any] | None, tools: list[dict[str, Any]]) -> str:
    """The judge format's ordered rule, re-derived here from the written row alone with
    jsonschema (nothing of generator.judge): tool, then names, then values, then the schema."""
    if call is None:
        return "VALID_CALL" if gold is None else "TOOL_ERROR"
    fns = {t["function"]["name"]: t["function"]["parameters"] for t in tools}
    if gold is None or call["name"] != gold["name"] or call["name"] not in fns:
        return "TOOL_ERROR"
    schema, args, want = fns[call["name"]], call["arguments"], gold["arguments"]
    props, required = schema.get("properties", {}), schema.get("required", [])
    if any(p not in args for p in required) or any(p not in props for p in args):
        return "PARAM_NAME_ERROR"
    for p, v in args.items():
        if p not in required and v in ("", []):
            continue  # an empty optional value is the same as leaving it out
        gold_v = want.get(p, props[p].get("default"))
        same = (gold_v == v or (isinstance(v, str) and isinstance(gold_v, str)
                                and " ".join(v.lower().split()) == " ".join(gold_v.lower().split())))
        if not same:
            return "PARAM_VALUE_ERROR"
    if any(True for _ in Draft202012Validator(schema, format_checker=FormatChecker()).iter_errors(args)):
        return "PARAM_VALUE_ERROR"
    return "VALID_CALL"


def test_every_written_label_matches_the_rule_rederived_by_hand(big: tuple[list[ItemResult], Path]) -> None:
    _, judge = big
    rows, meta, wrong = rows_of(judge / "test.jsonl"), rows_of(judge / "meta.jsonl"), []
    assert len(meta) == len(rows) and len({m["operator"] for m in meta}) >= 15
    for r, m in zip(rows, meta):
        msgs, tools = json.loads(r["messages_history"]), json.loads(r["tools_list"])
        calls = msgs[1].get("tool_calls")
        call = ({"name": calls[0]["function"]["name"], "arguments": json.loads(calls[0]["function"]["arguments"])}
                if calls else None)
        gold = {"name": m["gold"]["tool"], "arguments": m["gold"]["arguments"]} if m["gold"] else None
        if (mine := by_hand(gold, call, tools)) != r["label"]:
            wrong.append((m["id"], m["operator"], r["label"], mine))
    assert not wrong, (len(wrong), wrong[:5])


def bare_catalog(tmp: Path) -> Path:
    """Tools without parameters: no PARAM_VALUE_ERROR row can be built over them."""
    tools = [{"type": "function", "function": {"name": f"Lumo_{api}", "description": text,
                                               "parameters": {"type": "object", "properties": {}}}}
             for api, text in (("refresh_feed", "Refresh the news feed."), ("clear_cache", "Clear the cache."),
                               ("mute_alerts", "Mute every alert."))]
    path = tmp / "bare.json"
    path.write_text(json.dumps(tools), encoding="utf-8")
    return path


def test_rows_that_cannot_be_built_are_counted_rejections(tmp_path: Path) -> None:
    """Every planned row is written or accounted for: a row no operator can build becomes a
    rejection with its reason, in the item results, the manifest counts and rejections.jsonl."""
    from generator.config import load_config
    from generator.engine import Overrides, generate

    cfg = tmp_path / "judge.yaml"
    cfg.write_text(f"seed: 7\ncatalog: [{bare_catalog(tmp_path)}]\nproducts:\n  judge:\n    rows: 20\n"
                   "    rows_per_item: 5\n    mix: {VALID_CALL: 0.5, PARAM_VALUE_ERROR: 0.5}\n", encoding="utf-8")
    out = tmp_path / "out"
    counts = generate(load_config(cfg), tmp_path, Overrides(out=str(out), progress=False)).manifest.counts
    rows = rows_of(out / "judge" / "test.jsonl")
    rejections = rows_of(out / "rejections.jsonl")
    assert rows and rejections and {r["label"] for r in rows} == {"VALID_CALL"}
    assert len(rows) + len(rejections) == 20 == counts["judge.accepted"] + counts["judge.rejected"]
    # rows removed as duplicates of another row are accounted for too (stage "dedup", with the twin)
    built = [r for r in rejections if r["stage"] != "dedup"]
    assert len(built) == counts["judge.rejected"]
    assert len(rejections) - len(built) == counts["judge.duplicates"]
    written, given_up = {m["id"] for m in rows_of(out / "judge" / "meta.jsonl")}, {r["item_id"] for r in rejections}
    assert not written & given_up and len(written | given_up) == 20  # each planned row once
    for rej in built:
        assert rej["product"] == "judge" and rej["validator"] == "attempts"
        assert rej["reason"] == "no PARAM_VALUE_ERROR row after 6 draws"


def test_pairs_hold_gold_as_chosen(big: tuple[list[ItemResult], Path]) -> None:
    _, judge = big
    pairs = rows_of(judge / "pairs.jsonl")
    assert pairs and all(p["label"] != "VALID_CALL" for p in pairs)
    for p in pairs:
        assert p["prompt"][0]["role"] == "user" and p["chosen"] != p["rejected"]
        assert p["chosen"][0]["role"] == p["rejected"][0]["role"] == "assistant"


@pytest.mark.slow
def test_reviewer_check_passes(full: Path) -> None:
    judge = full
    done = subprocess.run([sys.executable, str(check_script("check_judge.py")), str(judge / "test.jsonl")],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_reviewer_check_catches_a_mislabeled_row(full: Path, tmp_path: Path) -> None:
    check = check_script("check_judge.py")
    judge = full
    rows = rows_of(judge / "test.jsonl")
    i = next(i for i, r in enumerate(rows) if r["label"] == "PARAM_NAME_ERROR")
    rows[i] = {**rows[i], "label": "VALID_CALL", "binary_label": "CORRECT", "failure_reason": "[]"}
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    done = subprocess.run([sys.executable, str(check), str(bad)], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1


def test_audit_passes_on_our_output_and_reads_parquet(big: tuple[list[ItemResult], Path]) -> None:
    _, judge = big
    for path in (judge / "test.jsonl", judge / "test.parquet", judge):
        assert looks_like_judge(path)
        report = audit_judge(path)
        assert report.errors == [] and report.figures["rows"] >= 595
    assert stats_judge(judge).figures["text_replies"] > 0


def test_audit_flags_broken_rows(big: tuple[list[ItemResult], Path], tmp_path: Path) -> None:
    _, judge = big
    rows = rows_of(judge / "test.jsonl")[:40]
    i = next(i for i, r in enumerate(rows) if i and r["label"] == "PARAM_VALUE_ERROR")
    j = next(j for j, r in enumerate(rows) if j and r["label"] == "TOOL_ERROR")
    rows[i] = {**rows[i], "label": "TOOL_ERROR"}  # only the labeler (with meta) can tell
    rows[j] = {**rows[j], "binary_label": "CORRECT"}
    rows[0] = {**rows[0], "tools_list": "[not json"}
    (tmp_path / "test.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    meta = (judge / "meta.jsonl").read_text(encoding="utf-8").splitlines()[:40]
    (tmp_path / "meta.jsonl").write_text("\n".join(meta) + "\n", encoding="utf-8")
    where = {f.where.rsplit(" ", 1)[-1] for f in audit_judge(tmp_path / "test.jsonl").errors}
    assert where == {"1", str(i + 1), str(j + 1)}


def test_same_seed_same_bytes(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        run_product(make_ctx(out, {"rows": 120, "rows_per_item": 7, "paired": True}))
    for name in ("test.jsonl", "test.parquet", "meta.jsonl", "pairs.jsonl"):
        assert (a / "judge" / name).read_bytes() == (b / "judge" / name).read_bytes(), name


def test_unknown_operator_in_config_is_refused(tmp_path: Path) -> None:
    """Refused when the config is final (Product.check, from config.check_settings), before any input is read."""
    from generator.config import check_settings

    cfg = make_ctx(tmp_path, {"operators": {"nope": 1}}).config
    with pytest.raises(ConfigError, match="unknown judge operators") as exc:
        check_settings(cfg)
    assert exc.value.field == "products.judge.operators"


def test_text_candidate_columns() -> None:
    row = JudgeRow(id="r", request="hi", tools=[], gold=None, candidate=Candidate(text="no tool fits"),
                   label="VALID_CALL", reasons=[], operator="valid_text_reply")
    msgs = json.loads(columns(row)["messages_history"])
    assert msgs[1] == {"role": "assistant", "content": "no tool fits"}
    call = row.model_copy(update={"candidate": Candidate(call=ToolCall(tool="T", arguments={"a": 1}))})
    fn = json.loads(columns(call)["messages_history"])[1]["tool_calls"][0]["function"]
    assert fn == {"name": "T", "arguments": '{"a": 1}'}


def test_request_names_the_app_when_a_twin_is_offered(tmp_path: Path) -> None:
    from generator.judge.cases import Scenario
    from generator.judge.product import request_plan
    from generator.records import Target

    ctx = make_ctx(tmp_path, {})
    a, b = ctx.catalog["Ridely_get_taxi"], ctx.catalog["Hopcab_get_taxi"]
    call = ToolCall(tool=a.name, arguments={"destination": "Granite Tower"})
    target = Target(id="t", kind="single", calls=[call], offered=[a.name, b.name])
    twin = Scenario(a, call, [a, b], call, ctx.catalog)
    alone = Scenario(a, call, [a, ctx.catalog["Skycast_get_weather"]], call, ctx.catalog)
    assert request_plan(target, twin).calls[0].tool_mode == "named"
    assert request_plan(target, alone).calls[0].tool_mode == "implied"


def test_users_come_from_personas_when_the_run_has_no_histories(tmp_path: Path) -> None:
    ctx = make_ctx(tmp_path, {"persona_events": 20})
    ctx.histories = []
    ctx.config = ctx.config.model_copy(update={"personas": str(EXAMPLES / "personas.yaml")})
    users = build_product("judge", ctx.config).users(ctx)
    assert users and all(isinstance(v, list) for u in users for v in u.values())


def test_llm_operator_rows_pass_the_labeler_or_become_rejections(tmp_path: Path) -> None:
    from test_judge_operators import FakeLLM

    ctx = make_ctx(tmp_path, {"rows": 200, "llm_share": 1.0,
                              "mix": {"PARAM_VALUE_ERROR": 1.0}})
    ctx.llm = FakeLLM()
    results, _ = run_product(ctx)
    meta = rows_of(tmp_path / "judge" / "meta.jsonl")
    assert len(meta) == 200 and {m["label"] for m in meta} == {"PARAM_VALUE_ERROR"}
    assert sum(m["operator"] == "llm_value" for m in meta) > 150
    rejected = [j for r in results for j in r.rejections]
    assert all(j.validator in ("llm_value", "labeler") or j.stage in ("write", "validate") for j in rejected)


def test_disagreement_becomes_a_counted_rejection(tmp_path: Path) -> None:
    from generator.judge.cases import Scenario
    from generator.judge.config import JudgeConfig
    from generator.judge.operators import OPERATORS
    from generator.judge.product import RowBuilder

    ctx = make_ctx(tmp_path, {})
    tool = ctx.catalog["Ridely_get_taxi"]
    gold = ToolCall(tool=tool.name, arguments={"destination": "Granite Tower"})
    sc = Scenario(tool, gold, [tool], gold, ctx.catalog)
    builder = RowBuilder(ctx, JudgeConfig(), [])
    # an "off by one" that changed nothing: the labeler says VALID_CALL, so the row is refused
    assert builder.agreed("r1", OPERATORS.get("off_by_one"), sc, Candidate(call=gold)) is None
    assert len(builder.rejections) == 1 and builder.rejections[0].validator == "labeler"
    assert "labeler says VALID_CALL" in builder.rejections[0].reason and builder.rejections[0].raw


def test_parquet_loads_with_datasets(big: tuple[list[ItemResult], Path]) -> None:
    require_bfcl_eval()  # `datasets` is installed beside bfcl-eval, in the check venv
    import datasets

    _, judge = big
    ds = datasets.load_dataset("parquet", data_files=str(judge / "test.parquet"), split="train")
    assert ds.column_names == list(COLUMNS) and len(ds) >= 595
