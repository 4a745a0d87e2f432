"""End to end over the bundled catalog with the template writer: files, vagueness targets,
recoverability, bindings, byte layout, determinism, gold-as-prediction metrics."""

from __future__ import annotations

import ast
import asyncio
import json
import logging
import subprocess
import sys
from pathlib import Path

import pytest
from test_traject_support import bundled_catalog, context
from upstream import check_script

from generator.catalog import Catalog
from generator.errors import ConfigError
from generator.traject import plans
from generator.traject.audit import audit_traject, recall
from generator.traject.config import TrajectConfig
from generator.traject.graph import bindable, build_graph, source_field
from generator.traject.metrics import gold_scores
from generator.traject.product import TrajectPayload, TrajectProduct, level_plans, new_target
from generator.writers.template import TemplateWriter

DOMAINS = ["entertainment", "finance", "food", "travel"]
SEQ_KEYS = [
    "query",
    "final_answer",
    "tool list",
    "sequence_name",
    "sequence_description",
    "num_tools_used",
    "num_successful_tools",
    "domain",
    "executable",
    "generation_info",
]
SEQ_CALL_KEYS = [
    "tool name",
    "tool description",
    "required parameters",
    "optional parameters",
    "execution_status",
    "executed_output",
    "API name",
    "domain name",
    "parent tool name",
    "sequence_step",
    "original_description",
]


def run(out: Path, **cfg):
    settings = TrajectConfig(
        **{
            "domains": DOMAINS,
            "parallel": 8,
            "sequential": 4,
            "k": {"min": 3, "max": 6},
            "chain": {"min": 2, "max": 4},
            **cfg,
        }
    )
    ctx = context(bundled_catalog(), settings, out, writer=TemplateWriter())
    product = TrajectProduct(settings)
    items = product.plan(ctx)

    async def go():
        return [await product.run(i, ctx) for i in items]

    results = asyncio.run(go())
    return product.export(results, ctx), results, ctx


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("traject")
    paths, results, ctx = run(out)
    return out / "traject", paths, results, ctx


def records(root: Path, pattern: str) -> list[dict]:
    return [r for f in sorted(root.glob(pattern)) for r in json.loads(f.read_text())]


def test_layout_and_bytes(built):
    root, paths, results, _ = built
    assert sum(bool(r.samples) for r in results) >= 0.9 * len(results)
    for d in DOMAINS:
        for name in ("simple_ver.json", "hard_ver.json"):
            assert (root / "parallel" / d / name).exists()
    assert len(list(root.glob("sequential/*/traj_query.json"))) >= 3
    for p in paths:
        text = p.read_text()
        assert text == json.dumps(json.loads(text), indent=2, ensure_ascii=True)
        assert not text.endswith("\n") and text.isascii()


def test_twins_aligned_single_spaced(built):
    root = built[0]
    for sf in root.glob("parallel/*/simple_ver.json"):
        simple, hard = json.loads(sf.read_text()), json.loads((sf.parent / "hard_ver.json").read_text())
        assert len(simple) == len(hard)
        for s, h in zip(simple, hard):
            assert s["tool list"] == h["tool list"] and s["query"] != h["query"]
            assert list(s) == ["query", "tool list", "trajectory_type", "tool count", "final_answer"]
            assert s["tool count"] == len(s["tool list"]) and s["trajectory_type"] == "parallel"
            for c in s["tool list"]:
                assert list(c) == [
                    "tool name",
                    "tool description",
                    "required parameters",
                    "optional parameters",
                    "executed_output",
                ]
                assert "  " not in c["tool name"] and ": " in c["tool name"]


def test_value_recall_targets(built):
    root = built[0]
    simple, hard = records(root, "parallel/*/simple_ver.json"), records(root, "parallel/*/hard_ver.json")
    assert recall(simple, required_only=True) >= 0.90
    assert recall(hard, required_only=False) <= 0.50


def test_every_value_recoverable_by_plan():
    settings = TrajectConfig(domains=DOMAINS, parallel=6, sequential=4)
    ctx = context(bundled_catalog(), settings, Path("/nonexistent"))
    product = TrajectProduct(settings)
    for item in product.plan(ctx):
        sets = product.probe(ctx, item.spec.domain).sets if item.spec.kind == "parallel" else ()
        target = new_target(item, ctx, settings, product.graph(ctx), 0, sets=sets)
        assert target is not None
        if target.kind == "parallel":  # the bundled domains never need the fallback above half (HARD_CEILING)
            assert plans.meaning_floor(target, ctx.catalog.by_name) <= plans.HARD_RECALL_CAP, item.item_id
        for plan in level_plans(target, ctx.catalog.by_name):
            assert plans.unrecoverable(plan, target, ctx.catalog.by_name) == []
            if plan.level == "simple":  # every value said, but an optional non-flag (or unused filter) at its default
                tools = ctx.catalog.by_name
                assert all(a.mode == "stated" or (a.source == "default" and plans.is_default(
                               tools[plan.calls[i].tool], a.param, a.value) and (not isinstance(a.value, bool) or
                               plans.no_filter_flag(tools[plan.calls[i].tool], a.param, a.value)))
                           for i, a in plan.args())  # (a filter flag left at false filters nothing: unsaid)


def test_audit_finds_no_dropped_values_in_our_files(built):
    report = audit_traject(built[0])
    assert report.figures["hard_dropping_required"] == 0
    assert report.figures["whitespace_mismatches"] == 0 and not report.errors


def test_sequential_records(built):
    root = built[0]
    seq = records(root, "sequential/*/traj_query.json")
    assert seq
    for r in seq:
        assert list(r) == SEQ_KEYS
        assert set(r["final_answer"]) == {"answer", "reason"} and r["executable"] is True
        assert r["num_tools_used"] == len(r["tool list"]) >= 2
        assert list(r["generation_info"]) == [
            "domain_index",
            "sequence_index",
            "trajectory_index",
            "timestamp",
            "model",
        ]
        for j, c in enumerate(r["tool list"]):
            assert list(c)[: len(SEQ_CALL_KEYS)] == SEQ_CALL_KEYS
            assert c["sequence_step"]["step_number"] == j + 1
            if j == 0:
                continue
            param = c["adapt_parameter"]
            value = next(
                p["value"] for p in c["required parameters"] + c["optional parameters"] if p["name"] == param
            )
            assert str(value) in r["tool list"][j - 1]["executed_output"]
            assert r["tool list"][j - 1]["sequence_step"]["param_for_next_tool"] == param


def _rows(output: str) -> list[dict]:
    body = ast.literal_eval(output)
    lists = [v for v in body.values() if isinstance(v, list) and v and isinstance(v[0], dict)]
    return lists[0] if lists else [body]


def test_sequential_steps_bind_a_result_along_an_edge(built):
    """Each step follows a graph edge, binds a bindable (never user-owned) param, and its value
    is the producer's field of exactly one listed result."""
    cat = bundled_catalog()
    by_api = {(t.app, t.api): t for t in cat.tools}
    graph = build_graph(cat.tools)
    seq = records(built[0], "sequential/*/traj_query.json")
    for r in seq:
        tools = [by_api[(c["parent tool name"], c["API name"])] for c in r["tool list"]]
        for j in range(1, len(tools)):
            c, producer, consumer = r["tool list"][j], tools[j - 1], tools[j]
            edge = graph.edge(producer.name, consumer.name)
            param = c["adapt_parameter"]
            assert edge is not None and param in edge.params and bindable(consumer, param)
            value = next(
                p["value"] for p in c["required parameters"] + c["optional parameters"] if p["name"] == param
            )
            field = source_field(producer, consumer, param)
            rows = _rows(r["tool list"][j - 1]["executed_output"])
            assert [str(row.get(field)) for row in rows].count(str(value)) == 1


def test_chainless_domain_is_skipped_with_a_warning(caplog):
    settings = TrajectConfig(domains=DOMAINS, parallel=1, sequential=2)
    ctx = context(bundled_catalog(), settings, Path("/nonexistent"))
    with caplog.at_level(logging.WARNING, logger="generator.traject.product"):
        items = TrajectProduct(settings).plan(ctx)
    seq = {i.spec.domain for i in items if i.spec.kind == "sequential"}
    assert seq == set(DOMAINS) - {"finance"}
    assert "no sequential trajectories for finance" in caplog.text


def test_gold_as_prediction_scores_one(built):
    root = built[0]
    recs = records(root, "parallel/*/*_ver.json") + records(root, "sequential/*/traj_query.json")
    assert gold_scores(recs) == {"em": 1.0, "inclusion": 1.0, "usage": 1.0, "n": len(recs)}


def test_reviewer_check_passes(built):
    proc = subprocess.run(
        [sys.executable, str(check_script("check_traject.py")), str(built[0])], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stdout


def test_deterministic(tmp_path):
    """Two runs of one config in two folders write the same bytes (a few items of two domains:
    each item draws 128 parallel trajectories, and an order or a seed that leaks shows at any size)."""
    small = {"domains": ["food", "travel"], "parallel": 3, "sequential": 2}
    first, second = ({p.relative_to(out / "traject"): p.read_bytes() for p in run(out, **small)[0]}
                     for out in (tmp_path / "a", tmp_path / "b"))
    assert first and first == second


def test_unknown_domain_is_a_config_error(tmp_path):
    with pytest.raises(ConfigError, match="unknown domain"):
        run(tmp_path, domains=["nowhere"])


def test_config_is_strict():
    with pytest.raises(ValueError):
        TrajectConfig(k={"min": 5, "max": 3})
    with pytest.raises(ValueError):
        TrajectConfig(parallel=-1)
    with pytest.raises(ValueError):
        TrajectConfig(colour="red")


def _free_text_catalog(tmp_path: Path) -> Catalog:
    """One domain whose tools take only free text no hint, default or description stands for."""
    import generator.readers.openai  # noqa: F401
    from generator.readers.catalogs import read_catalog

    def tool(name: str, text: str, *params: str) -> dict:
        props = {p: {"type": "string", "description": f"The {p.replace('_', ' ')}, as the user wrote it."}
                 for p in params}
        return {"type": "function", "function": {"name": name, "description": text,
                "parameters": {"type": "object", "properties": props, "required": list(params)}}}

    path = tmp_path / "jots.json"
    path.write_text(json.dumps([tool("post_jot", "Post a jot to the board.", "title", "body"),
                                tool("send_memo", "Send a memo to a colleague.", "recipient_email", "text"),
                                tool("file_complaint", "File a complaint.", "subject", "details")]),
                    encoding="utf-8")
    return Catalog(read_catalog(path))


def test_a_domain_with_no_hard_query_is_skipped_after_its_probe(tmp_path, monkeypatch):
    """A domain none of whose probe draws can leave even a little of its values out (free text
    no hint determines) costs the probe once, at plan time, not 128 draws per item and attempt:
    its parallel items are not planned, and the note says why, how much the least draw states
    and the hard_ceiling that would write such queries."""
    from generator.traject import parallel, sample
    from generator.traject import product as P

    drawn = []
    real = sample.sample_parallel
    monkeypatch.setattr(sample, "sample_parallel", lambda *a, **k: drawn.append(1) or real(*a, **k))
    settings = TrajectConfig(parallel=3, sequential=0, k={"min": 2, "max": 3})
    catalog = _free_text_catalog(tmp_path)
    ctx = context(catalog, settings, tmp_path / "out", writer=TemplateWriter())
    product = TrajectProduct(settings)
    domain = next(iter(catalog.by_domain))
    assert product.plan(ctx) == []
    notes = ctx.notes[("traject", "parallel")]
    assert len(notes) == 1 and notes[0].startswith(f"no hard query possible in {domain}")
    assert f"{P.PROBE_DRAWS} draws" in notes[0] and "hard_ceiling: 1 " in notes[0], notes
    probe_cost = P.PROBE_DRAWS + parallel.LEAN_DRAWS * len(catalog.by_domain[domain]) + parallel.SET_TRIES
    assert P.PROBE_DRAWS < len(drawn) <= probe_cost  # the random draws, then each tool alone and its sets


def test_a_domain_that_cannot_leave_half_out_gets_no_hard_query_by_default(tmp_path):
    """The bundled messaging tools take free text: no draw leaves half its values out. Under the
    default hard_ceiling (0.5, TRAJECT-Bench's hard band) its parallel items are not planned and
    the note names the key that would allow more, never hard queries stating most values."""
    _, results, ctx = run(tmp_path, domains=["messaging"], parallel=3, sequential=0)
    assert not [s for r in results for s in r.samples]
    notes = ctx.notes[("traject", "parallel")]
    assert notes and all(x.startswith("no hard query possible in messaging") and "hard_ceiling" in x
                         for x in notes), notes


def test_a_domain_that_cannot_leave_half_out_gets_hard_queries_as_vague_as_it_allows(tmp_path):
    """With hard_ceiling 0.75, the same domain has draws that leave a quarter out. Every parallel
    item is made; its hard query states no more than its own plan (within the ceiling), and the
    run says so for the domain."""
    from generator.shortfall import ALWAYS

    _, results, ctx = run(tmp_path, domains=["messaging"], parallel=3, sequential=0, hard_ceiling=0.75)
    payloads = [TrajectPayload.model_validate(s.payload) for r in results for s in r.samples]
    assert len(payloads) == 3
    assert all(plans.HARD_RECALL_CAP < p.hard_states <= plans.HARD_CEILING for p in payloads)
    remarks = [n for n in ctx.notes.get(("traject", "parallel"), []) if n.startswith(ALWAYS)]
    assert any("hard queries in messaging state more than half the values" in n for n in remarks), remarks
