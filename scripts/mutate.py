#!/usr/bin/env python3
"""Mutation check: break one thing on purpose, run the tests named for it, see them fail.

    python scripts/mutate.py [--only NAME ...] [--list]

Each mutation edits one spot of a temporary copy of the repo (the package, tests, examples),
then runs the tests that claim to guard that spot, from the copy. A mutation is *caught* when at
least one of those tests fails; every listed test is expected to fail, and the table says which
did. The unmutated copy runs the same tests first: they must pass, or the table means nothing.
Prints a Markdown table; exits 1 if any mutation survives.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COPIED = ("generator", "tests", "examples", "pyproject.toml")
Q = "tests/test_quickstart_e2e.py::"
TEXT_VALIDATORS = ("stated_present", "omitted_absent", "no_identifiers", "paraphrases_distinct",
                   "time_hint_present", "hinted_recoverable", "answer_valid", "history_hints")
TRAJECT_CHECKS = ("hints_present", "no_identifiers_anywhere", "no_names", "not_vague", "no_leak", "recoverable")
V = "tests/test_validators.py::"
P = "tests/test_plan.py::"
TV = "tests/test_traject_vagueness.py::"
E = "tests/test_engines.py::"
RD = "tests/test_reader.py::"


@dataclass(frozen=True)
class Mutation:
    name: str
    file: str
    old: str
    new: str
    tests: tuple[str, ...]
    append: bool = False  # `new` is appended to the file (then `old` must merely occur in it)


@dataclass
class Outcome:
    mutation: Mutation
    failed: list[str] = field(default_factory=list)
    error: str = ""

    @property
    def caught(self) -> bool:
        return bool(self.failed) and not self.error


def validator_off(name: str) -> Mutation:
    """The named validator keeps running but never reports a problem."""
    code = (f"\n_real_{name} = VALIDATORS._items[{name!r}]\n"
            f"VALIDATORS._items[{name!r}] = lambda req, texts: [v for v in _real_{name}(req, texts) if v.ok]\n")
    return Mutation(f"validator `{name}` off", "generator/validators/__init__.py", "VALIDATORS", code,
                    ("tests/test_validators.py",), append=True)


def traject_check_off(name: str) -> Mutation:
    """The TRAJECT check keeps running (it is in the one VALIDATORS registry) but never fails."""
    code = (f"\n_real_{name} = VALIDATORS._items[{name!r}]\n"
            f"VALIDATORS._items[{name!r}] = lambda req, texts: [v for v in _real_{name}(req, texts) if v.ok]\n")
    return Mutation(f"traject check `{name}` off", "generator/traject/checks.py", "TRAJECT_VALIDATORS", code,
                    ("tests/test_traject_audit_metrics.py", "tests/test_traject_product.py"), append=True)


MUTATIONS: list[Mutation] = [
    Mutation("state key ignores the code (constant version)", "generator/engine.py",
             '"code": code_digest(),', '"code": __version__,', ("tests/test_state_key.py",)),
    Mutation("resume off (finished items are not skipped)", "generator/state.py",
             "        done: set[str] = set()\n        for path in [self.path] if own",
             "        return set()\n        done: set[str] = set()\n        for path in [self.path] if own",
             (Q + "test_rerun_is_byte_identical_and_remakes_nothing", Q + "test_interrupted_run_resumes",
              Q + "test_rerun_serves_finished_items_from_state", Q + "test_shards_merge_without_duplicates")),
    Mutation("--fresh is a no-op", "generator/engine.py",
             "    if ov.fresh:\n        start_fresh(", "    if False:\n        start_fresh(",
             (Q + "test_fresh_flag_starts_over",)),
    Mutation("LLM cache off (every lookup misses)", "generator/llm/cache.py",
             "    def get(self, key: str) -> CachedReply | None:\n",
             "    def get(self, key: str) -> CachedReply | None:\n        return None\n",
             ("tests/test_llm_e2e.py::test_fresh_run_hits_the_cache",
              "tests/test_llm_client.py::test_cache_hit_sends_nothing_and_a_rerun_repeats_no_call")),
    Mutation("LLM cache off (nothing stored)", "generator/llm/cache.py",
             "            written = os.write(fd, line)\n",
             "            return\n",
             ("tests/test_llm_e2e.py::test_fresh_run_hits_the_cache",)),
    Mutation("all text validators off", "generator/validators/__init__.py",
             "    return [v for name in names if name not in skip for v in VALIDATORS.get(name)(req, texts)]",
             "    return []", ("tests/test_validators.py", "tests/test_llm_writer.py")),
    *[validator_off(n) for n in TEXT_VALIDATORS],
    Mutation("validator `levels_ordered` off", "generator/validators/levels.py", "def levels_ordered(",
             "\n_real_levels_ordered = levels_ordered\n\n\ndef levels_ordered(*args, **kwargs):\n"
             "    return [v for v in _real_levels_ordered(*args, **kwargs) if v.ok]\n",
             ("tests/test_validators.py",), append=True),
    *[traject_check_off(n) for n in TRAJECT_CHECKS],
    Mutation("history: a value seen anywhere counts as determined", "generator/plan.py",
             "    return (reading or habit_reading(target, tool)) in habit_rules(target, tool, param, value)",
             "    from .habits import value_key\n    return value_key(value) in history_values(target, tool, param)",
             (P + "test_a_value_somewhere_in_the_history_is_not_enough",
              P + "test_last_time_picks_the_most_recent_and_usual_the_most_frequent")),
    Mutation("history: a tied usual counts", "generator/habits.py",
             "    single = len(counts) == 1 or counts[0][1] > counts[1][1]", "    single = True",
             (P + "test_a_tied_usual_is_not_recoverable",)),
    Mutation("history: omitted without a phrase needs only one reading", "generator/plan.py",
             "    return habit_rules(target, tool, param, value) == set(READINGS)",
             "    return bool(habit_rules(target, tool, param, value))",
             (P + "test_last_time_picks_the_most_recent_and_usual_the_most_frequent",
              P + "test_one_reading_per_target_and_only_habits_left_out_silently")),
    Mutation("history: read in the target's function only", "generator/habits.py",
             'SCOPES: tuple[Scope, ...] = ("function", "app", "kind_api", "kind", "whole")',
             'SCOPES: tuple[Scope, ...] = ("function",)',
             (P + "test_a_hint_is_resolved_wherever_a_reader_may_look",)),
    Mutation("habit words: said for any place", "generator/habits.py",
             "        return [w for w in PLACE_WORDS if self.ties().get(w) == want\n",
             "        return [w for w in PLACE_WORDS if True\n",
             (P + "test_habit_words_mean_the_place_the_history_ties_them_to",)),
    Mutation("history hints: a habit word read as meaning whatever the gold is", "generator/validators/habitphrase.py",
             "        if any(ties.get(w) == want for w in words):", "        if words:",
             (V + "test_a_habit_word_must_mean_the_gold_place",)),
    Mutation("history hints: the reader looks at the named app only", "generator/validators/habitphrase.py",
             "        if named:\n", "        if True:\n",
             (V + "test_the_reader_looks_where_the_query_points",)),
    Mutation("history hints: a hint missing from the text passes", "generator/validators/habitphrase.py",
             '            return f"the query does not say \'{hint}\'"', "            pass",
             (V + "test_history_hint_missing_from_the_text_is_rejected",)),
    Mutation("history hints: cues elsewhere in the text ignored", "generator/validators/habitphrase.py",
             "    rules = readings(text)\n", "    rules = set()\n",
             (V + "test_history_omission_needs_every_reading_to_agree",)),
    Mutation("trail: repeats fill up to the requested count", "generator/trail/targets.py",
             "    cap = int(mix.repeat_share * total + 1e-9)\n", "    cap = total\n",
             ("tests/test_trail_checks.py::test_repeat_share_is_a_ceiling_on_what_is_produced",)),
    Mutation("shortfall: rows removed as duplicates count as produced", "generator/run_report.py",
             "    if not gone:\n        return None\n", "    return None\n",
             ("tests/test_shortfalls.py::test_duplicates_removed_count_against_the_request_everywhere",)),
    Mutation("off-topic requests: every item takes the same one", "generator/offtopic.py",
             "    slot = index * len(streams) + streams.index(stream)\n", "    slot = 0\n",
             ("tests/test_shortfalls.py::test_one_domain_catalog_gets_off_topic_requests_that_do_not_repeat",)),
    Mutation("traject: a country code read back whatever its length", "generator/traject/describe.py",
             '    field = "alpha_2" if m[2] == "two" else "alpha_3"', '    field = "alpha_2"',
             (TV + "test_each_description_reads_back_to_exactly_its_value",)),
    Mutation("traject: a hard query may say everything verbatim", "generator/traject/checks.py",
             "    if recall <= HARD_RECALL_CAP + 1e-9:", "    if True:",
             (TV + "test_a_hard_query_saying_too_much_verbatim_is_rejected",)),
    Mutation("traject: no preference for trajectories a hard query can leave out", "generator/traject/product.py",
             "        if floor <= plans.HARD_FLOOR:", "        if True:",
             (TV + "test_hard_queries_stay_vague_on_every_traject_bench_domain",)),
    Mutation("judge: a row given up is dropped silently", "generator/judge/product.py",
             '        self.reject(row_id, "build", "attempts",', '        (row_id, "build", "attempts",',
             ("tests/test_judge_export.py::test_rows_that_cannot_be_built_are_counted_rejections",)),
    Mutation("judge: labeler disagreement kept", "generator/judge/product.py",
             "        if verdict.label == op.label:\n", "        if True:\n",
             ("tests/test_judge_export.py::test_disagreement_becomes_a_counted_rejection",)),
    Mutation("LLM writer parses a given-up reply with json.loads", "generator/writers/llm.py",
             '    value, _ = parse_reply(raw or "", QueryReply)\n',
             '    import json\n    try:\n        value = QueryReply.model_validate(json.loads(raw or ""))\n'
             '    except ValueError:\n        value = None\n',
             ("tests/test_llm_writer.py",)),
    Mutation("settings without effect accepted", "generator/config.py",
             "    for path, why in ineffective_settings(cfg)[:1]:", "    for path, why in []:",
             ("tests/test_config.py",)),
    Mutation("a product's own settings-without-effect rules ignored", "generator/config.py",
             "for name, why in cls.unused(section, cfg).items()}", "for name, why in {}.items()}",
             ("tests/test_plugins.py::test_a_setting_a_product_declares_without_effect_is_refused_at_load",
              "tests/test_config.py")),
    Mutation("item rng ignores the seed (nondeterministic runs)", "generator/products/base.py",
             "    return random.Random(item_seed(seed, item_id))", "    return random.Random()",
             (Q + "test_fresh_run_elsewhere_is_identical",)),
    Mutation("upstream helper skips under CI too", "tests/upstream.py",
             "    if under_ci():\n        pytest.fail(", "    if False:\n        pytest.fail(",
             ("tests/test_upstream_helper.py",)),
    Mutation("a restarted shard starts over instead of resuming", "generator/engine.py",
             "store, store.item_ids(own=handed_out),",
             "store, set() if shard else store.item_ids(own=handed_out),",
             (E + "test_killing_a_process_worker_mid_run_still_ends_with_identical_files",)),
    Mutation("each shard has its own LLM cache", "generator/engines/shard.py",
             "make_writer(job.cfg, job.out_dir, journal,",
             "make_writer(job.cfg.model_copy(update={'llm': job.cfg.llm.model_copy(update={'cache_dir': "
             "str(job.out_dir / '.cache' / str(job.shard[0]))})}), job.out_dir, journal,",
             (E + "test_llm_writer_on_a_process_pool_sends_each_request_once_and_gives_identical_files",)),
    Mutation("shards do not split the endpoint's limits", "generator/engines/shard.py",
             "    data = llm.model_dump()\n", "    return llm\n    data = llm.model_dump()\n",
             (E + "test_each_shard_gets_its_share_of_the_endpoint_limits_and_of_the_remaining_budget",)),
    Mutation("workers do not check what they can see", "generator/engines/shard.py",
             '    host = socket.gethostname()\n    if code_digest()', '    return\n    host = socket.gethostname()\n'
             '    if code_digest()',
             (E + "test_a_worker_that_cannot_see_the_output_directory_or_runs_other_code_refuses",)),
    # the reader (generator/reader): each reading class taken out once
    Mutation("reader: number words not converted", "generator/reader/numbers.py",
             'return alpha2digit(text, "en", threshold=1.5)', "return text",
             (RD + "test_number_words_and_numeric_forms_are_stated",)),
    Mutation("reader: no relative dates", "generator/reader/read.py", '"date": _date,', "",
             (RD + "test_relative_and_absolute_dates_resolve_with_the_query_time",)),
    Mutation("reader: no unit conversion", "generator/reader/read.py", '"unit": _unit,', "",
             (RD + "test_units_convert_arithmetically",)),
    Mutation("reader: no enum words", "generator/reader/read.py", '"enum": _enum,', "",
             (RD + "test_enum_values_are_said_by_their_words",)),
    Mutation("reader: no name variants", "generator/reader/read.py", '"name": _name,', "",
             (RD + "test_names_are_stated_with_case_accent_plural_order_and_spelling_variants",)),
    Mutation("reader: no world knowledge", "generator/reader/read.py",
             "world = described(arg.text.raw, arg.gold)", "world = None",
             (RD + "test_values_pinned_down_by_world_knowledge_are_described",)),
    Mutation("reader: history never read whole", "generator/reader/history.py",
             'return list(history), "whole history"', 'return [], "whole history"',
             (RD + "test_last_time_reads_the_named_app_else_the_kind_else_the_whole_history",)),
    Mutation("reader: a tie for the usual counts as determined", "generator/reader/history.py",
             "        return None  # a tie for the most frequent: not determined", "        pass",
             (RD + "test_my_usual_with_a_tie_for_the_most_frequent_is_not_determined",)),
    Mutation("reader: added requests not looked for", "generator/reader/added.py",
             "    out += _added_requests(text, calls, vocab)", "    pass",
             (RD + "test_requests_conditions_and_alternatives_the_gold_does_not_hold_are_added",)),
    Mutation("reader: wishes not looked for", "generator/reader/added.py",
             "    out += wishes(text, calls, tools)", "    pass",
             ("tests/test_validators_reading.py::test_a_wish_no_argument_carries_is_rejected",)),
    Mutation("validators: a TRAJECT hard value written as the call writes it passes", "generator/validators/reading.py",
             "    problems = [p for k, text in enumerate(texts) for p in _written_as_called(req, k, text)]",
             "    problems = []",
             ("tests/test_validators_reading.py::test_a_traject_hard_query_stating_the_date_word_for_word_is_rejected",)),
]


def copy_repo(dest: Path) -> None:
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, dest / name)


def apply(m: Mutation, root: Path) -> None:
    path = root / m.file
    text = path.read_text(encoding="utf-8")
    if text.count(m.old) != 1 and not (m.append and m.old in text):
        raise ValueError(f"{m.file}: the spot to mutate occurs {text.count(m.old)} times, expected once")
    text = text + m.new if m.append else text.replace(m.old, m.new)
    path.write_text(text, encoding="utf-8")


def run_tests(root: Path, tests: tuple[str, ...]) -> tuple[list[str], int]:
    """(failed test ids, pytest exit code) of the tests, run from `root` so its package is imported."""
    report = root / "report.xml"
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    env.setdefault("TRAJGEN_UPSTREAM", str(ROOT.parent / "shared" / "upstream"))
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           f"--junitxml={report}", *tests], cwd=root, env=env, capture_output=True, text=True,
                          timeout=1800, check=False)
    if not report.exists():
        return [f"(pytest did not run: {proc.stdout[-300:]} {proc.stderr[-300:]})"], proc.returncode
    failed = []
    for case in ET.parse(report).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed.append(f"{case.get('classname', '').rsplit('.', 1)[-1]}::{case.get('name')}")
    report.unlink()
    return failed, proc.returncode


def check_copy_is_imported(root: Path) -> None:
    out = subprocess.run([sys.executable, "-c", "import generator; print(generator.__file__)"], cwd=root,
                         capture_output=True, text=True, check=True).stdout.strip()
    if not out.startswith(str(root)):
        raise SystemExit(f"the copy's package is not the one imported ({out}); run from a plain venv")


def mutate(m: Mutation) -> Outcome:
    with tempfile.TemporaryDirectory(prefix="trajgen-mutant-") as tmp:
        root = Path(tmp)
        copy_repo(root)
        try:
            apply(m, root)
        except ValueError as exc:
            return Outcome(m, error=str(exc))
        failed, _ = run_tests(root, m.tests)
        return Outcome(m, failed=failed)


def baseline(mutations: list[Mutation]) -> list[str]:
    tests = tuple(dict.fromkeys(t for m in mutations for t in m.tests))
    with tempfile.TemporaryDirectory(prefix="trajgen-baseline-") as tmp:
        root = Path(tmp)
        copy_repo(root)
        check_copy_is_imported(root)
        failed, code = run_tests(root, tests)
    return failed if failed or code == 0 else [f"(pytest exit {code})"]


def table(outcomes: list[Outcome]) -> str:
    rows = ["| mutation | tests run | failing tests | caught |", "|---|---|---|---|"]
    for o in outcomes:
        tests = "<br>".join(t.replace("tests/", "") for t in o.mutation.tests)
        failing = o.error or (", ".join(sorted(o.failed)) if o.failed else "none")
        rows.append(f"| {o.mutation.name} | {tests} | {failing} | {'yes' if o.caught else '**NO**'} |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="*", help="run the mutations whose name contains one of these")
    ap.add_argument("--list", action="store_true", help="list the mutations and exit")
    args = ap.parse_args(argv)
    chosen = [m for m in MUTATIONS if not args.only or any(w in m.name for w in args.only)]
    if args.list:
        print("\n".join(m.name for m in chosen))
        return 0
    broken = baseline(chosen)
    if broken:
        print(f"the unmutated copy already fails: {broken}", file=sys.stderr)
        return 2
    outcomes = []
    for m in chosen:
        outcomes.append(mutate(m))
        print(f"{m.name}: {'caught' if outcomes[-1].caught else 'SURVIVED'}", file=sys.stderr, flush=True)
    print(table(outcomes))
    return 0 if all(o.caught for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
