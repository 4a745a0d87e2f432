"""A trail run on the bundled example catalog and personas, through the template writer."""

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
from sweep import sweep
from upstream import check_script, upstream_path

import generator.trail.product
import generator.writers.template  # noqa: F401
from generator.catalog import Catalog
from generator.config import RunConfig, load_config
from generator.errors import BudgetExceeded, ConfigError, LLMError
from generator.products.base import RunContext, build_product
from generator.readers import read_catalogs
from generator.records import Draft
from generator.trail.audit import audit_trail
from generator.trail.files import load_catalog_dir
from generator.trail.measure import measure
from generator.trail.score import failing
from generator.trail.targets import repeat_kind
from generator.writers.base import WRITERS

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
BANDS = {"Minimum Difficulty": (0.55, 0.80), "Low Difficulty": (0.40, 0.60),
         "Medium Difficulty": (0.20, 0.40), "High Difficulty": (0.0, 0.10)}


def context(out: Path, writer=None, **trail) -> RunContext:
    cfg = RunConfig.model_validate({"seed": 7, "catalog": ["catalog.json"], "personas": "personas.yaml",
                                    "products": {"trail": {"targets": 60, "events": 200, **trail}}})
    catalog = Catalog(read_catalogs(cfg.catalog, base_dir=EXAMPLES))
    return RunContext(config=cfg, base_dir=EXAMPLES, out_dir=out, seed=cfg.seed, catalog=catalog,
                      histories=[], writer=writer or WRITERS.get("template")())


def run(ctx: RunContext):
    product = build_product("trail", ctx.config)
    product.check(product.config, ctx.config)  # as the config does once it is final
    items = product.plan(ctx)

    async def go():
        return [await product.run(it, ctx) for it in items]

    results = asyncio.run(go())
    return items, results, product.export(results, ctx)


@pytest.fixture(scope="module")
def synthetic_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("trail")
    return run(context(out)) + (out / "trail",)


def records_of(trail_dir: Path) -> list[dict]:
    return [r for f in sorted(trail_dir.glob("all_generated_queries_*.json"))
            for r in json.loads(f.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("seed", sweep(range(6), fast=(3,)))
def test_the_plan_yields_every_target_asked_whatever_the_seed(seed: int, tmp_path: Path) -> None:
    """A property over seeds, not one seed's count: 60 targets asked, 60 distinct items planned."""
    ctx = context(tmp_path)
    ctx.config = ctx.config.model_copy(update={"seed": seed})
    ctx.seed = seed
    product = build_product("trail", ctx.config)
    product.check(product.config, ctx.config)
    items = product.plan(ctx)
    assert len(items) == 60 and len({it.item_id for it in items}) == 60, (seed, len(items))


def test_targets_have_enough_history_and_known_tools(synthetic_run):
    items, results, _, trail_dir = synthetic_run
    assert len({it.item_id for it in items}) == len(items) == 60
    assert all(len(r.samples) + len(r.rejections) == 1 for r in results)
    for rec in records_of(trail_dir):
        assert len(json.loads(rec["user_history"])) >= 20
        assert [len(v) for v in rec["query"].values()] == [1, 2, 2, 1]


def test_value_recall_bands_ordering_and_recoverability(synthetic_run):
    *_, trail_dir = synthetic_run
    recs = records_of(trail_dir)
    assert len(recs) >= 57  # rejections are allowed but rare
    fig = measure(recs, load_catalog_dir(trail_dir / "apis"))
    for level, (lo, hi) in BANDS.items():
        assert lo <= fig.levels[level].vr <= hi, (level, fig.levels[level].vr)
    assert fig.non_monotone == 0
    assert fig.levels["High Difficulty"].recoverable_rate == 1.0  # persona logs: no pointer needed
    # TRAILBench's High queries name the app in 4%; ours also where the history does not give it
    # (a user who never used either news app names one): at most 10%
    assert fig.levels["Minimum Difficulty"].app >= 0.3 and fig.levels["High Difficulty"].app <= 0.10


def test_files_round_trip_score_one_and_audit_clean(synthetic_run):
    *_, trail_dir = synthetic_run
    for f in trail_dir.glob("all_generated_queries_*.json"):
        text = f.read_text(encoding="utf-8")
        data = json.loads(text)
        assert json.dumps(data, indent=2, ensure_ascii=False) == text
        assert [r["id"] for r in data] == list(range(len(data)))
        assert failing(data) == []
    assert audit_trail(trail_dir).errors == []


def test_reviewer_check_passes_on_100_targets(tmp_path):
    # The reviewer's check reads "last time" and "usual" (most recent, most frequent), not a pointer
    # to one earlier event by its day, so the run keeps to those (pointers off). Since values of the
    # day are drawn over the whole day (set 21), 300 events a persona give 92 such targets, 450 gave 100;
    # since a target leaving out its user's standing value is none (set 28), 450 give 99 and 520 give 100;
    # since set 30's values (real ZIP codes, phones that dial, no false "only" flags) 520 give 98, 560 give 100;
    # since set 31's 560 give 99: the run asks 110 so that every change of the synthetic values does
    # not move it under the 100 the check wants (it still fails on any sample the check refuses).
    check = check_script("check_trail.py")
    run(context(tmp_path, targets=110, events=560, pointers="off"))
    files = sorted(str(p) for p in (tmp_path / "trail").glob("all_generated_queries_*.json"))
    proc = subprocess.run([sys.executable, str(check), str(tmp_path / "trail" / "apis"), *files],
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "determined 1.000" in proc.stdout, proc.stdout  # every left-out value picked by its rule


def test_same_seed_same_bytes(tmp_path):
    a = run(context(tmp_path / "a", targets=8))[2]
    b = run(context(tmp_path / "b", targets=8))[2]
    assert [p.read_bytes() for p in a] == [p.read_bytes() for p in b]


class LeakyWriter:
    """States every argument value whatever the plan says: omitted values leak."""

    name = "leaky"

    async def write(self, req, seed, check=None):
        said = ", ".join(str(a.value) for _, a in req.plan.args())
        texts = [f"Please do it with {said} ({i})" for i in range(req.n)]
        return Draft(target_id=req.plan.target_id, level=req.plan.level, texts=texts, writer=self.name)


def test_bad_drafts_become_rejections_with_reason_and_raw(tmp_path):
    ctx = context(tmp_path, writer=LeakyWriter(), targets=3, max_attempts=2)
    _, results, _ = run(ctx)
    rejections = [r for res in results for r in res.rejections]
    assert len(rejections) == 3 * 2 and not any(res.samples for res in results)  # every attempt given up is a line
    assert all(r.validator and r.reason and r.raw and r.stage.startswith(("validate:", "levels"))
               for r in rejections)


def test_bad_policy_and_unknown_user_are_config_errors(tmp_path):
    with pytest.raises(ConfigError):
        run(context(tmp_path, policy={"Low": {"stated": 0.99}}))  # more explicit than Minimum
    with pytest.raises(ConfigError):
        run(context(tmp_path, policy={"Extreme": {}}))
    with pytest.raises(ConfigError):
        run(context(tmp_path, users=["nobody"]))
    with pytest.raises(ValueError):
        RunConfig.model_validate({"catalog": ["x"], "products": {"trail": {"tagets": 5}}})


def test_real_histories_from_trailbench(tmp_path):
    """Every TRAILBench user's log (tests/upstream.py): 30 targets asked, at least 90% delivered with
    the default settings -- the shares left at their defaults relaxed and said --, every level in
    its band, every value a query leaves out determined by the whole-history reading."""
    upstream_trail = upstream_path("trailbench")
    cfg = RunConfig.model_validate({
        "seed": 3, "catalog": [str(upstream_trail / "apis" / "apis_openai")],
        "products": {"trail": {"source": "real", "targets": 30, "min_history": 5,
                               "files": [str(upstream_trail / "query")]}}})
    catalog = Catalog(read_catalogs(cfg.catalog))
    ctx = RunContext(config=cfg, base_dir=tmp_path, out_dir=tmp_path, seed=3, catalog=catalog,
                     histories=[], writer=WRITERS.get("template")())
    items, _, _ = run(ctx)
    assert len(items) == 30 and len({it.spec.user for it in items}) >= 5
    remarks = " ".join(ctx.notes[("trail", "targets")])
    assert "adapted: " in remarks and "one earlier event" in remarks and "tools have a target" in remarks
    assert all(it.spec.pointers for it in items)  # the plain readings fell short: pointers came in
    recs = records_of(tmp_path / "trail")
    assert len(recs) >= 27
    fig = measure(recs, load_catalog_dir(upstream_trail / "apis"))
    assert fig.non_monotone == 0
    for level, (lo, hi) in BANDS.items():  # every level in its band on real logs too
        assert lo <= fig.levels[level].vr <= hi, (level, fig.levels[level].vr)
        assert fig.levels[level].determined_rate == 1.0, (level, fig.levels[level])
    assert failing(recs) == [] and audit_trail(tmp_path / "trail").errors == []
    for rec in recs:  # history = the real log before the target, time = the target's time
        hist = json.loads(rec["user_history"])
        assert len(hist) >= 5 and hist[-1]["time"] <= rec["time"]


def test_real_histories_say_why_they_give_fewer_targets_than_asked(tmp_path):
    """120 targets asked of the eight logs: at least half planned (pointers to one earlier event
    of the same app come in), and what is missing said per user."""
    upstream_trail = upstream_path("trailbench")
    cfg = RunConfig.model_validate({
        "seed": 7, "catalog": [str(upstream_trail / "apis" / "apis_openai")],
        "products": {"trail": {"source": "real", "targets": 120, "min_history": 5,
                               "files": [str(upstream_trail / "query")]}}})
    ctx = RunContext(config=cfg, base_dir=tmp_path, out_dir=tmp_path, seed=7,
                     catalog=Catalog(read_catalogs(cfg.catalog)), histories=[], writer=WRITERS.get("template")())
    product = build_product("trail", cfg)
    items = product.plan(ctx)
    notes = ctx.notes[("trail", "targets")]
    # 105 at 2b1ee9f: "usual" needs a clear lead (set-10 reading: 19 of 54 beside 18 and 17 is no habit).
    # 87 since the stated-only budget pools values as the reader does: the 105 read 0.119 at High
    # (band 0.12), the 87 read 0.090; most partial targets here hold values every level must state.
    # 65 since a pointer reads only events of the target's own app and API (TRAILBench's
    # recoverability, which the reference check holds at 1.000: the 87 gave 0.91).
    # 51 since a value left unsaid must be a standing choice (set 22: "find certified testers" after
    # three searches in one city and two in none is no search in that city; the bound is 61).
    # 48 since a standing choice is one of two calls at least (set 36: "Need to look up terms." after
    # a single search of that text left the text to a reader who could not know it).
    assert len(items) >= 48 and all(it.spec.pointers for it in items)
    if len(items) < 120:
        why = next(n for n in notes if n.startswith(f"{len(items)} of 120 targets"))
        assert "users short of their share" in why and "one earlier event" in why, why


def test_free_text_start_is_a_config_error_naming_the_field(tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("catalog: [x.json]\nproducts:\n  trail:\n    start: tomorrow\n", encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(cfg)
    assert err.value.field == "products.trail.start"


class FailingWriter:
    """Raises the given LLM error on every write."""

    name = "failing"

    def __init__(self, exc):
        self.exc = exc

    async def write(self, req, seed, check=None):
        raise self.exc


@pytest.mark.parametrize("exc", [
    LLMError("HTTP 503", retryable=True), BudgetExceeded("budget spent")
])
def test_retryable_llm_errors_and_spent_budget_propagate(tmp_path, exc):
    ctx = context(tmp_path, writer=FailingWriter(exc), targets=1)
    with pytest.raises(type(exc)):
        run(ctx)


def test_a_non_retryable_llm_error_is_a_rejection(tmp_path):
    ctx = context(tmp_path, writer=FailingWriter(LLMError("bad replies", raw="{}", attempts=3)),
                  targets=1, max_attempts=1)
    _, results, _ = run(ctx)
    assert [r.validator for res in results for r in res.rejections] == ["llm"]


def test_targets_are_mostly_new_combinations(tmp_path):
    # TRAILBench: 13% verbatim repeats, 5% repeats of the most recent same-function call. Logs of
    # 400 events a persona give 60 targets with at most a third repeats (the selection relaxes the
    # stated-only budget a little and says so: one-off values are fresh at each event). Since the
    # times of a day are drawn over the whole day (set 21), fewer one-off calls are said verbatim
    # and then read back: 300 events give 40% repeats and 17% recent ones (the selection then
    # relaxes recent_share too), 400 gave 25% and 10%; since a target leaving out its user's standing
    # value is none (set 28), fewer one-off calls are targets: 400 relax recent_share, 480-600 give
    # 35-43% repeats, 640 give 32% and 10%; since a date the user's calls mostly set to another day is
    # said, never left to the query day (set 29), fewer one-off calls leave out enough: 640 give 35%,
    # 720 give 27% and 7%.
    ctx = context(tmp_path, events=720)
    product = build_product("trail", ctx.config)
    items = product.plan(ctx)
    logs = product.logs(ctx)
    kinds = [repeat_kind(logs[it.spec.user], it.spec.k) for it in items]
    assert len(items) == 60 and not any("recent_share" in n for n in ctx.notes.get(("trail", "targets"), []))
    exact, recent = sum(k != "new" for k in kinds) / len(kinds), kinds.count("recent") / len(kinds)
    assert exact <= 1 / 3 and recent <= 0.15, (exact, recent)
