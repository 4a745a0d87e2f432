#!/usr/bin/env python3
"""Mutation check: break one thing on purpose, run the tests named for it, see them fail.

    python scripts/mutate.py [--only NAME ...] [--list] [--jobs N]

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
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT_S = 3600  # one pytest run (the baseline runs every guarding test: ~15 min on 2 busy cores)
COPIED = ("generator", "tests", "examples", "pyproject.toml")
Q = "tests/test_quickstart_e2e.py::"
TEXT_VALIDATORS = ("stated_present", "omitted_absent", "no_identifiers", "paraphrases_distinct",
                   "time_hint_present", "hinted_recoverable", "answer_valid", "history_hints")
TRAJECT_CHECKS = ("hints_present", "no_identifiers_anywhere", "no_names", "not_vague", "no_leak", "recoverable",
                  "bindings_determined")
V = "tests/test_validators.py::"
P = "tests/test_plan.py::"
HT = "tests/test_plan_history_truth.py::"
RS = "tests/test_reader_set10.py::"
R11 = "tests/test_reader_set11.py::"
P11 = "tests/test_phrasing_set11.py::"
P12 = "tests/test_phrasing_set12.py::"
V12 = "tests/test_values_set12.py::"
R12 = "tests/test_reader_set12.py::"
P13 = "tests/test_phrasing_set13.py::"
V14 = "tests/test_values_set14.py::"
R13 = "tests/test_reader_set13.py::"
VS = "tests/test_values_set10.py::"
PS = "tests/test_phrasing_set10.py::"
TV = "tests/test_traject_vagueness.py::"
E = "tests/test_engines.py::"
RD = "tests/test_reader.py::"
L4 = "tests/test_llm_play4_rejections.py::"
F = "tests/test_faults.py::"
SC = "tests/test_stop_and_contain.py::"
RC = "tests/test_reader_classes.py::"
RO = "tests/test_reader_oracle.py::"
CS = "tests/test_values_call_sense.py::"
LP = "tests/test_llm_play_rejections.py::"
UC = "tests/test_phrasing_unseen_catalogs.py::"
OW = "tests/test_values_own_words.py::"
CM = "tests/test_card_meaning.py::"
NR = "tests/test_natural_replies.py::"


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
             "                    self._seen[name] = VALIDATORS.get(name)(self.req, texts)",
             "                    self._seen[name] = []", ("tests/test_validators.py", "tests/test_llm_writer.py")),
    Mutation("TRAJECT's text validators off", "generator/validators/__init__.py",
             "    return [v for name in names if name not in skip for v in VALIDATORS.get(name)(req, texts)]",
             "    return []", ("tests/test_traject_audit_metrics.py", "tests/test_traject_determined.py")),
    *[validator_off(n) for n in TEXT_VALIDATORS],
    Mutation("validator `levels_ordered` off", "generator/validators/levels.py", "def levels_ordered(",
             "\n_real_levels_ordered = levels_ordered\n\n\ndef levels_ordered(*args, **kwargs):\n"
             "    return [v for v in _real_levels_ordered(*args, **kwargs) if v.ok]\n",
             ("tests/test_validators.py",), append=True),
    *[traject_check_off(n) for n in TRAJECT_CHECKS],
    Mutation("history: a value seen anywhere counts as determined", "generator/core/plan.py",
             "    return (reading or habit_reading(target, tool)) in habit_rules(target, tool, param, value)",
             "    from .habits import value_key\n    return value_key(value) in history_values(target, tool, param)",
             (P + "test_a_value_somewhere_in_the_history_is_not_enough",
              P + "test_last_time_picks_the_most_recent_and_usual_the_most_frequent")),
    Mutation("history: a tied usual counts", "generator/core/habits.py",
             "    return len(top_two) == 1 or 2 * top_two[0] > total or top_two[0] >= 2 * top_two[1]",
             "    return True",
             (P + "test_a_tied_usual_is_not_recoverable", HT + "test_a_near_tie_for_the_most_frequent_is_no_habit")),
    Mutation("history: a near tie is a habit to the text gate", "generator/validators/habitphrase.py",
             "    usual = first if 2 * top > len(keys) or top >= 2 * second else None",
             "    usual = first if top > second else None",
             (HT + "test_a_near_tie_for_the_most_frequent_is_no_habit",)),
    Mutation("history: a call without the parameter is not counted", "generator/core/habits.py",
             "                elif e.apiname == api:", "                elif False:",
             (HT + "test_a_call_that_left_the_parameter_out_counts_against_usual_and_last_time",)),
    Mutation("text gate: a call without the parameter is not counted", "generator/validators/habitphrase.py",
             "for e in events if param in e.params or e.api == self.api]", "for e in events if param in e.params]",
             (HT + "test_a_call_that_left_the_parameter_out_counts_against_usual_and_last_time",)),
    Mutation("text gate: a pointer bears on parameters it does not name", "generator/validators/habitphrase.py",
             "            named = {q for q in {param, *unsaid, *self.descriptions}", "            named = {q for q in {param, *unsaid}",
             (HT + "test_a_pointer_naming_another_parameter_of_the_call_bears_on_that_one_only",)),
    Mutation("plan: a default the history contradicts is left out", "generator/core/plan.py",
             "is_default(o, p, v) and default_stands(t, o, p, v)", "is_default(o, p, v)",
             (HT + "test_a_default_the_users_own_calls_contradict_is_not_left_out_for_it",)),
    Mutation("plan: an app the history does not give goes unnamed", "generator/core/plan.py",
             "(u_app < level.name_app or not app_known)", "(u_app < level.name_app)",
             (HT + "test_an_app_the_history_does_not_give_is_named_at_every_level",)),
    Mutation("reader: one of an item is not said by 'one sofa'", "generator/validators/leaves.py",
             "    if _one_of_item(text, leaf):", "    if False:",
             (RS + "test_one_of_an_item_is_said_by_one_or_a",)),
    Mutation("reader: a negation stops at 'or'", "generator/reader/flags.py",
             "_negated_list(text.tokens, at)", "False",
             (RS + "test_a_negation_covers_every_member_of_its_or_list",)),
    Mutation("reader: 'check' states 'checking'", "generator/reader/text.py",
             'return word.endswith("ing")', 'return False and word.endswith("ing")',
             (RS + "test_the_verb_of_a_request_states_no_option_in_ing",)),
    Mutation("values: hours a value must fall between are two choices", "generator/core/values.py",
             "    window = _in_window(schema, when, rng)", "    window = None",
             (VS + "test_hours_a_value_must_fall_between_are_a_range_not_two_choices",)),
    Mutation("phrasing: a verb enum is said with 'the action'", "generator/phrasebook/derive.py",
             "_verb_slot(tool, _definite(", "(lambda t, i: i)(tool, _definite(",
             (PS + "test_an_enum_of_the_verbs_a_call_may_take_is_said_as_its_verb",)),
    Mutation("history: omitted without a phrase needs only one reading", "generator/core/plan.py",
             "    return habit_rules(target, tool, param, value) == set(READINGS)\n",
             "    return bool(habit_rules(target, tool, param, value))\n",
             (P + "test_last_time_picks_the_most_recent_and_usual_the_most_frequent",
              P + "test_one_reading_per_target_and_only_habits_left_out_silently",
              P + "test_a_value_left_out_without_a_phrase_is_the_habit_of_the_whole_call")),
    Mutation("history: omitted without a phrase need not be the habit of the whole call", "generator/core/habits.py",
             "                elif e.apiname == api:\n                    key = ABSENT\n",
             "                elif False:\n                    key = ABSENT\n",
             (P + "test_a_value_left_out_without_a_phrase_is_the_habit_of_the_whole_call",)),
    Mutation("TRAIL: a bare 'like last time' whatever the last call was", "generator/writers/phrasing/clauses.py",
             "level in TERSE_LEVELS and call.repeats_last, rng,", "level in TERSE_LEVELS, rng,",
             ("tests/test_template_writer.py::test_a_bare_like_last_time_only_when_every_unsaid_value_is_the_historys",)),
    Mutation("TRAJECT: a call of a tool that requires nothing may be empty", "generator/traject/calls.py",
             "    if not required and not any(", "    if False and not any(",
             ("tests/test_traject_calls_criteria.py::test_a_call_of_a_tool_that_requires_nothing_carries_a_criterion",)),
    Mutation("TRAIL: values left to the history without a word get no 'like last time'",
             "generator/writers/phrasing/clauses.py", "                                 repeats=call.repeats_last)",
             "                                 repeats=False)",
             ("tests/test_template_writer.py::test_values_left_out_for_the_history_are_pointed_at_by_like_last_time",)),
    Mutation("traject: a domain no probe draw fits is still drawn for every item", "generator/traject/product.py",
             "        if limit is None:", "        if False:",
             ("tests/test_traject_product.py::test_a_domain_with_no_hard_query_is_skipped_after_its_probe",)),
    Mutation("values: an apostrophe closes a quoted example", "generator/core/allowed.py",
             "|(?<=\\w)'(?=\\w)){{1,{n}}}'(?!\\w)", "){{1,{n}}}'",
             ("tests/test_values_set9.py",)),
    Mutation("values: an id's date left apart from the day its call acts on", "generator/core/value_sense.py",
             "initialled_ids, term_windows, dated_ids, schedules", "initialled_ids, term_windows, schedules",
             ("tests/test_values_set9.py::test_an_id_holding_a_date_is_of_the_day_the_call_acts_on",)),
    Mutation("phrasing: a count of things done said after its things", "generator/phrasebook/terms.py",
             "    if _counted_done(t.plain):", "    if False:",
             ("tests/test_phrasing_plain_words.py::test_a_count_of_things_done_goes_before_the_things",)),
    Mutation("history: read in the target's function only", "generator/core/habits.py",
             'SCOPES: tuple[Scope, ...] = ("function", "app", "kind_api", "kind", "whole")',
             'SCOPES: tuple[Scope, ...] = ("function",)',
             (P + "test_a_hint_is_resolved_wherever_a_reader_may_look",)),
    Mutation("habit words: said for any place", "generator/core/habits.py",
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
             '    caps = {"repeat": int(mix.repeat_share * total + 1e-9),', '    caps = {"repeat": total,',
             ("tests/test_trail_checks.py::test_repeat_share_is_a_ceiling_on_what_is_produced",)),
    Mutation("pointers: a pointer covering several events is read as one", "generator/validators/habitphrase.py",
             "            if len(h) > 1:\n", "            if False:\n",
             ("tests/test_pointers.py::test_the_checks_reject_a_pointer_to_another_value_or_to_several_events",)),
    Mutation("shortfall: rows removed as duplicates count as produced", "generator/run_report.py",
             "    if not gone:\n        return None\n", "    return None\n",
             ("tests/test_shortfalls.py::test_duplicates_removed_count_against_the_request_everywhere",)),
    Mutation("off-topic requests: every item takes the same one", "generator/core/offtopic.py",
             "    slot = index * len(streams) + streams.index(stream)\n", "    slot = 0\n",
             ("tests/test_shortfalls.py::test_one_domain_catalog_gets_off_topic_requests_that_do_not_repeat",)),
    Mutation("traject: a country code read back whatever its length", "generator/traject/describe.py",
             '    field = "alpha_2" if m[2] == "two" else "alpha_3"', '    field = "alpha_2"',
             (TV + "test_each_description_reads_back_to_exactly_its_value",)),
    Mutation("traject: a hard query may state everything", "generator/traject/checks.py",
             "    if recall <= cap + 1e-9:", "    if True:",
             (TV + "test_a_hard_query_saying_too_much_verbatim_is_rejected",)),
    Mutation("traject: a hard query's values counted verbatim, not by meaning", "generator/traject/checks.py",
             "    recall, cap = meaning_recall(text, plan, target, tools), hard_cap(plan)\n",
             "    recall = sum(str(v).lower() in text.lower() for c in target.calls for v in c.arguments.values()) / "
             "max(1, sum(len(c.arguments) for c in target.calls))\n    cap = hard_cap(plan)\n",
             ("tests/test_traject_audit_metrics.py::test_checks_fail_on_bad_texts",
              TV + "test_a_date_said_in_words_is_stated_for_vague_enough")),
    Mutation("traject: the hard floor forgets TRAJECT-Bench's literal count", "generator/traject/plans.py",
             "    return max(meaning, _stated_share([a for a in args if counted(a.value) is not None])), meaning",
             "    return meaning, meaning",
             (TV + "test_leaving_out_only_flags_and_ones_is_not_vague_for_traject_bench_value_recall",)),
    Mutation("traject: a TRAJECT catalog's pre-filled value is no default to leave out", "generator/traject/calls.py",
             '    return examples[0] if tool.source_format == "traject" and examples else _NONE',
             "    return _NONE",
             (TV + "test_the_hard_plan_leaves_out_exactly_the_defaults_a_catalog_reader_sees",)),
    Mutation("traject: a lean call passes defaults only by chance", "generator/traject/calls.py",
             "(lean or rng.random() < DEFAULT_RATE)", "(rng.random() < DEFAULT_RATE)",
             (TV + "test_a_lean_call_passes_its_required_values_and_defaults_only",)),
    Mutation("traject: no lean parallel draws", "generator/traject/product.py",
             "lean=n % 2 == 1)", "lean=False)",
             ("tests/test_traject_product.py::test_every_value_recoverable_by_plan",)),
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
    Mutation("a 4xx refusal becomes a rejection (refusal-vs-rejection rule off)", "generator/llm/client.py",
             "            if not is_transient(exc):\n                raise self._refusal(exc) from None\n",
             "            if not is_transient(exc):\n                raise LLMError(f'HTTP {exc.status}: {exc.message}', "
             "retryable=False, attempts=attempts) from None\n",
             (F + "test_an_endpoint_refusing_every_request_stops_the_run_and_a_fixed_one_finishes_it",
              F + "test_a_single_refused_item_stays_unfinished_not_rejected",
              F + "test_refusals_in_a_row_raise_endpoint_refused")),
    Mutation("symlink refusal off (appends follow symlinks)", "generator/io.py",
             "    check_inside(path)\n    if path.is_symlink():",
             "    return os.open(os.path.realpath(path), flags, mode)\n    if path.is_symlink():",
             (SC + "test_a_symlink_in_the_state_is_refused_and_its_target_untouched",
              SC + "test_appenders_refuse_a_symlink_outside_a_run_too")),
    Mutation("budget ceiling off: a budget stops early and every rerun sends another wave",
             "generator/llm/client.py",
             "            fut = asyncio.get_running_loop().create_future()\n            self._settled.append(fut)\n",
             "            raise BudgetExceeded(self._over_budget(self._reserved) or '')\n"
             "            fut = asyncio.get_running_loop().create_future()\n            self._settled.append(fut)\n",
             (F + "test_five_reruns_with_a_spent_budget_send_at_most_the_budget_plus_one_wave",
              "tests/test_flow_control.py::test_a_rerun_with_the_same_budget_does_not_spend_it_again")),
    Mutation("a budget stop drops the replies in flight (cancels the other items)", "generator/runner.py",
             "                self.stopping = self.stopping or exc\n                return\n",
             "                raise\n",
             (F + "test_replies_in_flight_when_the_budget_is_reached_are_cached_and_counted",)),
    Mutation("budget ceiling not rechecked at the send (admitted requests go out after it is spent)",
             "generator/llm/client.py", "            self._still_under_budget()\n", "",
             (F + "test_replies_in_flight_when_the_budget_is_reached_are_cached_and_counted",)),
    Mutation("429s halve the limit with no damping and no floor", "generator/llm/limiter.py",
             "        if ticket is not None and ticket <= self._cut_at:\n            return",
             "        self.window = self.floor = 1\n        if ticket is not None and ticket <= self._cut_at:\n"
             "            return",
             ("tests/test_llm_client.py::test_limiter_cuts_once_per_wave_down_to_a_floor_and_recovers_smoothly",
              "tests/test_llm_client.py::test_limiter_stays_between_floor_and_ceiling")),
    Mutation("the request timeout does not adapt (a hang holds its slot)", "generator/llm/flow.py",
             "        if tail is None:\n            return self.ceiling_s\n",
             "        return self.ceiling_s\n",
             (F + "test_a_hung_request_costs_seconds_not_the_configured_timeout",
              F + "test_the_timeout_stays_between_the_floor_and_the_configured_one")),
    Mutation("a garbled 200 body is taken as an empty reply", "generator/llm/client.py",
             "    if not isinstance(message, dict):\n        raise TransportError(",
             "    if not isinstance(message, dict):\n        message = {}\n    if False:\n        raise TransportError(",
             (F + "test_garbled_bodies_are_retried_and_never_cached",)),
    Mutation("signals wait for the next await (asyncio's handler)", "generator/signals.py",
             "    if threading.current_thread() is not threading.main_thread():\n        yield",
             "    if True:\n        yield",
             (SC + "test_a_signal_during_export_stops_it_at_once",
              SC + "test_a_signal_during_planning_stops_within_two_seconds")),
    Mutation("hostile JSON: no depth or number limits", "generator/readers/jsonfile.py",
             "    stack: list[tuple[Any, list[str | int]]] = [(value, [])]\n",
             "    return value\n    stack: list[tuple[Any, list[str | int]]] = [(value, [])]\n",
             ("tests/test_hostile_input.py::test_huge_integers_are_refused_naming_the_field",
              "tests/test_hostile_input.py::test_a_schema_nested_500_deep_is_refused_naming_its_field")),
    Mutation("the breaker trips with no failed attempt (opens on quiet alone)", "generator/llm/flow.py",
             "        if self.failures >= self.min_failures and quiet >= self.window_s and not self.reason:",
             "        if quiet >= self.window_s and not self.reason:",
             ("tests/test_flow_control.py::test_breaker_opens_only_after_the_window_without_success",)),
    Mutation("counts over the limit accepted at load", "generator/config.py",
             '        for where, count in _counts_over(section.model_dump(), "products"):\n',
             '        for where, count in []:\n',
             (SC + "test_absurd_counts_are_refused_at_load",)),
    Mutation("a busy --out found only after planning", "generator/engine.py",
             "        DirLock(Path(apply_overrides(cfg, ov).out), ov.shard).probe()\n", "        pass\n",
             (SC + "test_a_busy_out_is_refused_before_planning",)),
    Mutation("shards holding the directory are not named", "generator/lock.py",
             '    shards = sorted(path.parent.glob(f"{LOCK_NAME}.shard*"))\n', "    shards = []\n",
             (SC + "test_shards_holding_the_directory_are_named",)),
    Mutation("hostile JSON: NaN and Infinity read as numbers", "generator/readers/jsonfile.py",
             "def _constant(text: str) -> _Bad:\n", "def _constant(text: str) -> float:\n    return float(text)\n",
             ("tests/test_hostile_input.py::test_nan_and_infinity_are_refused",)),
    Mutation("a server-echoed secret is not scrubbed", "generator/llm/transport.py",
             "            exc.message, exc.body_text = scrub(exc.message, self.secrets), scrub(exc.body_text, self.secrets)\n",
             "", (F + "test_a_server_echoing_the_basic_auth_password_leaks_it_nowhere",)),
    Mutation("a removed cache directory is not recreated", "generator/llm/cache.py",
             "        if self._out is not None and not self._segment_there():\n            self._recreate()\n", "",
             (F + "test_a_cache_directory_removed_mid_run_is_recreated_with_a_warning",)),
    Mutation("validate: NaN and Infinity pass", "generator/validate.py",
             '    hook = {"parse_constant": note}\n', "    hook: dict = {}\n",
             ("tests/test_validate_rows.py::test_nan_and_infinity_are_errors_naming_the_line",
              "tests/test_validate_rows.py::test_validate_exits_non_zero_on_nan_in_an_sdg_file")),
    Mutation("validate: repeated ids pass", "generator/validate.py",
             "    dups = [(k, lines) for k, lines in seen.items() if len(lines) > 1]\n",
             "    dups = [(k, lines) for k, lines in seen.items() if len(lines) > 1 and False]\n",
             ("tests/test_validate_rows.py::test_repeated_ids_are_errors",)),
    Mutation("eval: a resumed results.jsonl keeps the order of the kills", "generator/evaluate/api.py",
             '    in_item_order(model_dir / "results.jsonl", setup, [i.id for i in items])\n', "",
             ("tests/test_eval_kill.py::test_a_resumed_eval_reads_line_for_line_like_an_uninterrupted_one",)),
    Mutation("a worker keeps writing after its driver died", "generator/state.py",
             "        lifeline.check()  # a worker whose driver died writes nothing more\n", "",
             ("tests/test_lifeline.py::test_a_worker_writes_nothing_after_its_driver_is_killed",)),
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
    # the reader's classes for LLM-written text (tests/test_reader_classes.py, tests/test_reader_oracle.py)
    Mutation("reader: values read anywhere, not for their own request", "generator/reader/read.py",
             "    if arg.local is None:\n        return _by_class(arg, value)",
             "    if True:\n        return _by_class(arg, value)",
             (RC + "test_a_value_written_for_another_request_does_not_state_this_one",)),
    Mutation("reader: anaphora point back at nothing", "generator/reader/anchors.py",
             "        found = antecedent(text, m.start(), kind)", "        found = None",
             (RC + "test_that_address_points_back_to_the_address_before_it_never_forward",)),
    Mutation("reader: a flag read from a provider's name", "generator/reader/anchors.py",
             '    return pattern.sub("", text) if pattern else text', "    return text",
             (RC + "test_a_flag_is_read_in_its_own_request_never_a_neighbours_or_a_providers_name",)),
    Mutation("reader: a flag read from a request another call is closer to", "generator/reader/anchors.py",
             "        return self.near if flag and self.near is not None else self.text", "        return self.text",
             (RC + "test_a_flag_is_read_in_its_own_request_never_a_neighbours_or_a_providers_name",)),
    Mutation("reader: an item joined by 'and' leaves its request on one word", "generator/reader/anchors.py",
             " or (joined and weak[k] and out[-1][1] and not o[0] & out[-1][1])", "",
             (RC + "test_a_flag_is_read_in_its_own_request_never_a_neighbours_or_a_providers_name",)),
    Mutation("reader: a surname refers to no full name", "generator/reader/read.py",
             " or _referred(arg, value)", "",
             (RC + "test_a_name_written_in_full_is_referred_to_by_its_last_word",)),
    Mutation("reader: flags written as text are no flags", "generator/reader/read.py",
             'if isinstance(value, str) and value.strip().lower() in ("true", "false"):', "if False:",
             (RC + "test_a_flag_written_as_text_reads_as_a_flag",)),
    Mutation("reader: no period bounds", "generator/reader/dates.py",
             "    return out + _period_bounds(t)", "    return out",
             (RC + "test_a_month_or_year_bounding_a_period_is_its_first_or_last_day",)),
    Mutation("reader: no named days or calendar arithmetic", "generator/reader/dates.py",
             "    absolute = _absolute_days(t, now) + _named_days(t, now) + _nth_weekdays(t)\n    return out + absolute + "
             "_anchored(t, absolute)", "    return out + _absolute_days(t, now)",
             (RC + "test_days_said_by_name_or_by_calendar_arithmetic",)),
    Mutation("reader: no ranges", "generator/reader/read.py", '"range": _range, ', "",
             (RC + "test_ranges_top_n_and_ordinals_of_the_parameter_noun",)),
    Mutation("phrasing: 'pets_on_site' is petting", "generator/phrasebook/fragments.py",
             "            and rest[0] not in _PREPOSITIONS:", "            and True:",
             (P11 + "test_a_plural_noun_before_a_preposition_is_no_verb",)),
    Mutation("phrasing: a mass noun takes 'an'", "generator/phrasebook/fragments.py",
             "noun if uncountable(rest[-1]) else engine().a(noun)", "engine().a(noun)",
             (P11 + "test_a_mass_noun_takes_no_article",)),
    Mutation("phrasing: a split phrasal verb loses its particle", "generator/phrasebook/intent.py",
             "{_split_particle(tool, verb, rest, obj)}", "",
             (P11 + "test_a_split_phrasal_verb_keeps_its_particle",)),
    Mutation("phrasing: handing over to no one", "generator/phrasebook/intent.py",
             "{_recipient(verb, rest, obj)}", "", (P11 + "test_a_verb_of_handing_over_says_to_whom",)),
    Mutation("phrasing: 'an another driver'", "generator/phrasebook/intent.py",
             "    if np[0].lower() in _OWN_DETERMINERS:", "    if False:",
             (P11 + "test_a_determiner_of_the_author_is_kept",)),
    Mutation("phrasing: 'the morning day'", "generator/phrasebook/terms.py",
             "    if timed and v.lower() in _DAY_PARTS:", "    if False:",
             (P11 + "test_a_part_of_the_day_is_said_as_one",)),
    Mutation("phrasing: 'the last 7490'", "generator/phrasebook/terms.py",
             '    if last and json_type in ("string", "integer"):', "    if False:",
             (P11 + "test_last_digits_are_said_as_what_ends_in_them",)),
    Mutation("values: slot ids with times 89:75", "generator/core/values.py",
             "        return _as_example_dates(value, schema, pattern, rng, ref, _ahead(name))", "        return value",
             (P11 + "test_an_id_spelling_a_date_and_a_time_gets_real_ones",)),
    Mutation("values: a car returned before pickup", "generator/core/constraints.py",
             '    _role("pickup", "return", False, True),', "",
             (P11 + "test_a_car_is_returned_after_it_is_picked_up",)),
    Mutation("phrasing: 'the none prior reaction'", "generator/phrasebook/fragments.py",
             "    if v in _NONE:", "    if False:",
             (P11 + "test_none_and_not_options_are_said_as_such",)),
    Mutation("phrasing: 'put an exam' with nowhere to put it", "generator/phrasebook/intent.py",
             "{_complement(verb, rest, obj)}", "", (P11 + "test_placing_and_marking_say_where_and_what",)),
    Mutation("phrasing: a move said 'in X in Y'", "generator/phrasebook/terms.py",
             '        place = "from" if role == "from" else "to"', "        pass",
             (P11 + "test_places_named_from_and_to_are_a_move",)),
    Mutation("reader: no address by its parts", "generator/reader/read.py",
             '"address": _address,', "",
             (R11 + "test_an_address_is_said_by_its_mailbox_and_its_company",)),
    Mutation("reader: other scripts folded away", "generator/reader/names.py",
             "    if _other_script(gold):", "    if False:",
             (R11 + "test_a_value_in_another_script_is_read_as_written",)),
    Mutation("reader: a sort's subject needs its direction word", "generator/reader/enums.py",
             '"nearest", "farthest", "fastest", "newest", "oldest"})', "})",
             (R11 + "test_a_sort_said_by_its_subject_takes_the_ranges_direction",)),
    Mutation("reader: 'isn't necessary' not read", "generator/reader/flags.py",
             "               or bool(_NOT_NEEDED.match(", "               or False and bool(_NOT_NEEDED.match(",
             (R11 + "test_a_condition_said_as_not_needed_is_false",)),
    Mutation("reader: a number with a unit counts", "generator/reader/read.py",
             "    if unit is None and not set(identifier_words(arg.param)) & _COUNTS:", "    if unit is None:",
             (R11 + "test_a_number_said_with_a_unit_gives_no_count_or_index",)),
    Mutation("reader: 'get back' points nowhere", "generator/reader/hints.py",
             '    out += [Hint("habit", m.group(0).strip(), "home", "destination") for m in _GO_BACK.finditer(lowered)]\n',
             "", (R11 + "test_going_back_with_no_place_points_home",)),
    Mutation("reader: a call asked for nowhere reads only the orphans", "generator/reader/anchors.py",
             "        if not mine and _said_for_each(text, calls, i):", "        if False:",
             (R11 + "test_a_call_no_part_of_the_text_asks_for_reads_the_whole_text",)),
    Mutation("reader: coordinates described by the oracle", "generator/reader/oracle.py",
             "bool(_PRECISE.fullmatch(str(gold).strip()))", "False",
             (R11 + "test_no_description_pins_a_coordinate_to_the_fourth_decimal",)),
    Mutation("reader: no options of schemas that list none", "generator/reader/read.py",
             '"code": _code, "option": _option}', '"code": _code}',
             (RC + "test_an_option_of_a_schema_that_lists_none_is_said_by_its_words",)),
    Mutation("reader: defaults written in descriptions ignored", "generator/reader/determine.py",
             '    said = described_default(str(spec.get("description") or ""), gold)', "    said = None",
             (RC + "test_a_default_written_in_the_description_determines",)),
    Mutation("reader: empty values never the catalog default", "generator/reader/determine.py",
             'if tool.source_format == "traject" and not examples and gold == "" and param not in tool.required:',
             "if False:", (RC + "test_an_empty_value_is_the_catalog_default_left_empty",)),
    Mutation("reader: the trajectory's adapt_parameter ignored", "generator/reader/read.py",
             "    if reading.source is None and _adapted(arg):", "    if False:",
             (RC + "test_source_previous_output_follows_the_trajectory_declaration",)),
    Mutation("reader: no pointers to one earlier event", "generator/reader/read.py",
             "    pointer = pointed(arg)\n", "    pointer = None\n",
             (RC + "test_a_pointer_reads_the_one_event_it_names_even_when_not_the_latest",)),
    Mutation("reader: a pointer's lead word narrows nothing", "generator/reader/pointers.py",
             '    if led and set(nouns) <= _ACTION:  # "sort it the same way": the sort only', "    if False:",
             (RC + "test_a_pointer_whose_lead_names_one_parameter_covers_only_it",)),
    Mutation("reader: no reversals or where-pointers", "generator/reader/pointers.py",
             'if p.field or (p.reverse and role in ("origin", "destination")):', "if False:",
             (RC + "test_the_reverse_of_a_trip_and_where_a_trip_started_or_ended",)),
    Mutation("reader: where the user is now not read", "generator/reader/read.py",
             "        found = hist.trip_end(arg.situation.history, hint.word, arg.situation.time)", "        found = None",
             (RC + "test_habit_places_and_where_the_user_is_now",)),
    Mutation("reader: a usual noun binds nothing", "generator/reader/hints.py",
             '    if things and hint.kind == "usual":', "    if False:",
             (RC + "test_a_usual_bound_to_its_noun_covers_only_the_argument_holding_it",)),
    Mutation("reader: the oracle's value need not be the gold", "generator/reader/oracle.py",
             "        if denotes(a.value, old, situation, calls):", "        if True:",
             (RO + "test_a_value_that_is_not_the_gold_changes_nothing",)),
    Mutation("reader: the oracle's evidence is not checked", "generator/reader/oracle.py",
             '            elif a.how != "none" and fold(a.evidence) not in folded:', "            elif False:",
             (RO + "test_evidence_that_is_not_words_of_the_query_is_asked_again",)),
    Mutation("reader: the oracle's hinted answers ignored", "generator/reader/oracle.py",
             '        if a is not None and a.how == "hinted" and args[q.arg].label == "omitted":', "        if False:",
             (RO + "test_a_pointer_the_rules_miss_is_hinted_and_the_history_decides_determined",)),
    Mutation("reader: a pointer's words may be another argument's value", "generator/reader/oracle.py",
             "    if not words or any(words <= set(content_stems(s)) for s in spans):", "    if not words:",
             (RO + "test_a_pointer_whose_words_give_another_argument_is_not_taken",)),
    Mutation("reader: an oracle pointer covers parts its words exclude", "generator/reader/read.py",
             "    if arg.situation.history and _said_parts(words) and pointed(arg, said=words) is None:",
             "    if False:",
             (RO + "test_a_pointer_that_names_which_parts_are_the_same_covers_only_those",)),
    Mutation("reader: a hint's phrase reaches into an earlier hint", "generator/reader/hints.py",
             "    start = max([e.end() for e in _CLAUSE_END.finditer(lowered, 0, m.start())] + [after])",
             "    start = max([e.end() for e in _CLAUSE_END.finditer(lowered, 0, m.start())] + [0])",
             ("tests/test_reader.py::test_a_hint_reads_the_arguments_its_own_noun_phrase_names",)),
    Mutation("reader: no parameter named by its description's head noun", "generator/reader/hints.py",
             " or _headed(stem(w), params, descriptions)", "",
             ("tests/test_reader.py::test_a_hint_reads_the_arguments_its_own_noun_phrase_names",)),
    Mutation("reader: 'back home' binds the start too", "generator/reader/hints.py",
             "|back to|back|head(?:ing)?", "|back to|head(?:ing)?",
             (RC + "test_back_home_is_where_the_trip_goes_not_where_it_starts",)),
    Mutation("reader: lists never put to the oracle", "generator/reader/oracle.py",
             "        return bool(gold) and all(isinstance(v, str) and v.strip() for v in gold)", "        return False",
             (RO + "test_a_list_value_is_asked_by_its_shape_and_may_be_hinted",)),
    Mutation("stated_present: the reader's reading not asked", "generator/validators/text.py",
             "                    or read_as_stated(req, text, i, a.param)):",
             "                    or False):",
             ("tests/test_validators_reading.py::test_a_stated_value_in_other_words_is_read_as_stated",)),
    Mutation("values: a bare period bound or *_on is no moment", "generator/core/lore.py",
             "    found = moment_kind(tool, path) if _bare(schema) else None\n", "    found = None\n",
             (CS + "test_bare_period_bounds_are_moments_near_the_query_in_order",
              CS + "test_a_bare_done_on_parameter_is_a_recent_date")),
    Mutation("values: free text need not agree with its call's categories", "generator/core/values.py",
             "    cats = _categories(tool, props, args)\n", "    cats: dict = {}\n",
             (CS + "test_free_text_speaks_of_the_calls_own_category",
              CS + "test_no_fixture_call_carries_wording_from_another_life_beside_a_category")),
    Mutation("values: one list may hold a thing twice", "generator/core/values.py",
             "        if key and isinstance(value, dict) and _same_item(value, out, key):", "        if False:",
             (CS + "test_the_objects_of_one_list_are_different_things",
              CS + "test_fixture_lists_of_objects_hold_each_thing_once")),
    Mutation("sdg: a parallel batch may act on one thing twice", "generator/products/sdg.py",
             " and not acted_on(tool.parameters, args) & taken:", ":",
             (CS + "test_a_parallel_batch_acts_on_each_thing_once",)),
    Mutation("traject: a parallel batch may act on one thing twice", "generator/traject/sample.py",
             "            if not acted_on(t.parameters, args) & taken:", "            if True:",
             (CS + "test_a_parallel_batch_acts_on_each_thing_once",)),
    Mutation("values: a 'Returns {...}' field list read as an identifier's values", "generator/core/lore.py",
             "        if not any(a < m.start() < b for a, b in returned):", "        if True:",
             (CS + "test_the_fields_a_tool_returns_are_no_values_of_its_identifier",)),
    Mutation("values: an identifier may take the clock times of its prose", "generator/core/lore.py",
             " and not _time_as_id(path, found)), {})", "), {})",
             (CS + "test_an_identifier_never_takes_the_clock_times_of_its_tools_prose",
              CS + "test_an_identifier_the_prose_writes_times_beside_is_still_an_identifier")),
    Mutation("stated_present: a structured value read whole, not by its leaves", "generator/validators/text.py",
             "            if structured(a.value):  # read by its parts", "            if False:  # read by its parts",
             (LP + "test_a_repair_said_naturally_is_stated_leaf_by_leaf", LP + "test_a_dropped_leaf_is_named_on_its_own",
              LP + "test_an_exposure_said_naturally_is_stated_and_a_wrong_flag_is_not")),
    Mutation("stated_present: a flag leaf taken by its bare noun", "generator/validators/leaves.py",
             "    if not isinstance(leaf.value, bool) and mentions(", "    if mentions(",
             (LP + "test_an_exposure_said_naturally_is_stated_and_a_wrong_flag_is_not",)),
    Mutation("reader: a flag's own wordings not read", "generator/reader/flags.py",
             "    for flag, worded in wordings:", "    for flag, worded in ():",
             (LP + "test_a_flag_is_stated_by_the_negation_of_its_own_wording",)),
    Mutation("reader: 'X or not' not read as no filter", "generator/reader/flags.py",
             '    return (list(after[:2]) in (["or", "not"], ["or", "non"], ["or", "no"])',
             "    return (False",
             (LP + "test_either_way_states_no_filter",)),
    Mutation("reader: enum codes not read by their meaning", "generator/reader/enums.py",
             "        return _digit_form(text, value) or _meaning_said(text, meant)", "        return _digit_form(text, value)",
             (NR + "test_a_one_letter_sex_code_is_stated_by_its_standard_meaning",
              NR + "test_a_code_is_stated_by_the_meaning_its_description_gives")),
    Mutation("reader: abbreviated enum words not said in full", "generator/reader/enums.py",
             '    "lt": ("less than", "under", "below", "fewer than", "younger than"),', '    "lt": (),',
             (NR + "test_an_abbreviated_enum_word_is_stated_in_full",)),
    Mutation("reader: a negation inside a flag's words not read", "generator/reader/flags.py",
             "    negated = (any(w in _NEGATION or w in _OMIT for w in before + text.tokens[at + 1:end - 1])",
             "    negated = (any(w in _NEGATION or w in _OMIT for w in before)",
             (NR + "test_a_flag_negated_in_everyday_english_is_stated_false",)),
    Mutation("stated_present: a flag's bare noun states either value", "generator/validators/text.py",
             "            if (mentions(text, a.value, a.param, tool, req.target.time) and not _contradicted(req, text, i, a.param)",
             "            if (mentions(text, a.value, a.param, tool, req.target.time)",
             (NR + "test_a_flag_set_to_no_reads_false_and_its_bare_noun_is_not_enough",)),
    Mutation("reader: the user's situation read as a wish", "generator/reader/wishes.py",
             "    if _PREDICATE.search(low[:m.start()]) or _OWNED.search(low[:m.start()]):",
             "    if _PREDICATE.search(low[:m.start()]):",
             (NR + "test_the_users_situation_is_no_wish",)),
    Mutation("reader: 'x4' not read as a count", "generator/reader/numbers.py",
             "    found += [Number(float(m.group(1)), m.group(0)) for m in _TIMES.finditer(text)]", "",
             (LP + "test_a_repair_said_naturally_is_stated_leaf_by_leaf",)),
    Mutation("hints_present: a hint demanded word for word", "generator/validators/phrases.py",
             "    if contains_sequence(said, want) >= 0:\n        return True\n    return _reordered(text, phrase)",
             "    return False",
             (LP + "test_a_hint_bends_with_its_article_and_word_order",)),
    Mutation("llm prompt: a structured value as run-on text", "generator/writers/llm_task.py",
             '    if a.mode == "stated" and structured(a.value):  # facts', '    if False:  # facts',
             (LP + "test_the_prompt_gives_a_structured_value_leaf_by_leaf",)),
    Mutation("intent: a phrasal verb's particle said twice", "generator/phrasebook/intent.py",
             "    verb, words = _gerund(*_particle(verb, words))\n", "    verb, words = _gerund(verb, words)\n",
             (UC + "test_an_intent_says_the_act_or_the_names_verb_and_object",)),
    Mutation("intent: a verb's two objects read as one", "generator/phrasebook/intent.py",
             " or _two_objects(verb, rest, obj):", ":",
             (UC + "test_an_intent_says_the_act_or_the_names_verb_and_object",)),
    Mutation("terms: a unit pair in a name read as words", "generator/phrasebook/terms.py",
             "    if len(rest) > 2 and rest[-2] in _NUMERATORS", "    if False and rest[-2] in _NUMERATORS",
             (UC + "test_a_unit_in_a_name_is_said_after_the_number",)),
    Mutation("terms: a negated parameter said without its negation", "generator/phrasebook/terms.py",
             '    if t.negation and kind not in ("bool", "dict"):', "    if False:",
             (UC + "test_a_negated_list_is_said_with_its_negation",)),
    Mutation("surface: a titer said as a clock time", "generator/core/surface.py",
             "parse_clock_value(value) is not None and not ratio_meant(ctx.param, ctx.spec)",
             "parse_clock_value(value) is not None",
             (UC + "test_a_ratio_value_is_said_as_written", UC + "test_a_nested_titer_is_no_clock_and_a_start_still_is")),
    Mutation("values: a `<participle>_by` is no person", "generator/core/semantic.py",
             '        return "person"  # `administered_by`', '        return "generic"  # `administered_by`',
             (OW + "test_who_did_it_is_a_person_not_a_label",)),
    Mutation("values: a phrase cut short still makes a list", "generator/core/allowed.py",
             "        return None  # \"facility code, 2-digit collection year\"",
             "        pass  # \"facility code, 2-digit collection year\"",
             (OW + "test_an_id_whose_description_spells_its_parts_is_no_phrase_of_it",)),
    Mutation("values: a code is kept glued to its meaning", "generator/core/allowed.py",
             "        codes.append(m.group(1))", "        codes.append(part.strip())",
             (OW + "test_codes_listed_with_their_meanings_are_drawn_as_codes",
              OW + "test_no_fixture_catalog_value_is_a_code_glued_to_its_meaning")),
    Mutation("values: no vital signs or cents scale", "generator/core/quantities.py",
             '    if {"heart", "rate"} <= set(words):', '    if True:',
             (OW + "test_vital_signs_and_cents_are_at_a_real_scale",)),
    Mutation("plausibility: own_words never fails", "generator/core/plausibility.py",
             "    return not any(_label_of_name(name, t) or _lifted(schema, t) for t in _texts(value))",
             "    return True",
             ("tests/test_plausibility.py::test_each_check_flags_the_bad_value_and_passes_the_good",)),
    Mutation("reader: a flag read from another value's words", "generator/reader/read.py",
             "    if said is None or said[0] != flag or _only_in_siblings(arg):",
             "    if said is None or said[0] != flag:",
             (RC + "test_a_flag_is_not_read_from_inside_another_value_of_its_call",)),
    Mutation("card: a vagueness band never fails", "generator/hub/meaning.py",
             "        return self.band.low <= self.vr <= self.band.high", "        return True",
             (CM + "test_a_hard_level_above_half_stated_is_reported_failed",
              CM + "test_a_known_bad_file_fails_its_band_in_the_card")),
    Mutation("card: the reader's label shares shifted by a column", "generator/hub/meaning.py",
             "for c in counts[1:]]  # counts[0], stated, is VR", "for c in counts[:3]]",
             (CM + "test_the_section_shows_what_trajgen_read_reads",)),
    # issue 24, play 4: natural replies once rejected (tests/test_llm_play4_rejections.py)
    Mutation("a unit code is an identifier", "generator/core/identity.py",
             "isinstance(x, str) and not is_unit_code(a.param, x, _options(tool, a.param))]",
             "isinstance(x, str)]", (L4 + "test_a_unit_code_is_said_as_written_or_by_its_words",)),
    Mutation("a unit code is stated only as written", "generator/core/surface.py",
             "str(value), *units, *acts]", "str(value), *acts]",
             (L4 + "test_a_unit_code_is_said_as_written_or_by_its_words",)),
    Mutation("reader: 'no' states no zero", "generator/reader/read.py",
             "        said = none_of(arg.text.raw, nouns | _described_nouns(arg))", "        said = None",
             (L4 + "test_no_checked_bags_says_zero_and_only_zero", L4 + "test_no_flexibility_is_zero_days")),
    Mutation("reader: 'leave out' is no negation", "generator/reader/flags.py",
             "or _left_out(before, text.tokens[end:end + 3])", "", (L4 + "test_leaving_out_says_false",)),
    Mutation("reader: 'needed' is no requirement", "generator/reader/flags.py",
             "    if at < 0 and len(key) > 1 and key[-1] in _REQUIRED:", "    if False:",
             (L4 + "test_a_requirement_in_other_words",)),
    Mutation("reader: a plural ties no segment to its call", "generator/reader/anchors.py",
             "    return view.has_content(stems)\n", "    return False\n",
             (L4 + "test_a_plural_ties_its_segment_to_its_call",)),
    Mutation("text quality: a hyphenated modifier is a stacked article", "generator/core/textquality.py",
             "(?:{_FUNCTION_WORDS})\\b(?!-)", "(?:{_FUNCTION_WORDS})\\b",
             (L4 + "test_compound_modifiers_and_phrasal_verbs_are_no_defects",)),
    Mutation("text quality: a phrasal verb's particle is a preposition", "generator/core/textquality.py",
             "if not _particle(m[1], m[2])]", "]",
             (L4 + "test_compound_modifiers_and_phrasal_verbs_are_no_defects",)),
    Mutation("an action value is not stated by its verb", "generator/core/surface.py",
             "    acts = list(verb_forms(str(value)))", "    acts: list[str] = []",
             (L4 + "test_an_action_value_said_by_its_verb",)),
    Mutation("values: a rental's span from its description", "generator/core/constraints.py",
             "        return _span_problem(pair, pa, pb, props)", "        return None",
             (V12 + "test_a_rental_runs_the_days_its_description_says",)),
    Mutation("values: a digit record number is the one example", "generator/core/values.py",
             "    if _NUMBER_ID.fullmatch(example):", "    if False:",
             (V12 + "test_a_record_number_written_as_digits_is_a_shape_not_the_one_unit",)),
    Mutation("values: a look back's dates lie ahead", "generator/core/lore.py",
             '    if "since" in words or (words & _BOUND_WORDS and _BEHIND.search(tool.description)):', "    if False:",
             (V12 + "test_a_look_back_s_dates_lie_behind_the_call",)),
    Mutation("values: an invoice lists one service twice", "generator/core/lore.py",
             "    return (ids or names or lines or", "    return (ids or names or",
             (V12 + "test_an_invoice_never_lists_one_service_twice",)),
    Mutation("values: 'Ho Caller'", "generator/core/freetext.py",
             "    if is_person_role(thing):", "    if thing in PERSON_WORDS:",
             (P12 + "test_a_caller_s_name_is_a_person_s",)),
    Mutation("values: a home unit 'kilogram'", "generator/core/semantic.py",
             '    if named:  # "Name and city', '    if False:  # "Name and city',
             (P12 + "test_the_name_and_city_of_a_unit_is_a_place_s_name_never_a_unit_of_measure",)),
    Mutation("values: 'in milepost'", "generator/core/allowed.py",
             'r"^(?!where\\b)', 'r"^',
             (P12 + "test_where_a_thing_is_says_its_form_not_its_values",)),
    Mutation("phrasing: 'record a treatment' for a missed one", "generator/phrasebook/intent.py",
             "    obj = _with_name_modifier(tool, obj)", "    pass",
             (P12 + "test_a_state_the_name_puts_on_the_object_stays_in_the_request",)),
    Mutation("phrasing: 'order a salt'", "generator/phrasebook/lexicon.py",
             '"salt", "sand",', '"sand",', (P12 + "test_a_material_is_ordered_without_an_article",)),
    Mutation("phrasing: 'operators available only'", "generator/phrasebook/fragments.py",
             '        if len(rest.split()) == 1 and "ADJ" in lemmas(rest):', "        if False:",
             (P12 + "test_an_only_flag_of_a_state_is_said_as_the_state",)),
    Mutation("phrasing: 'book treatments born on'", "generator/phrasebook/terms.py",
             '        if lead.startswith("born") and intent and not _names_person(intent):', "        if False:",
             (P12 + "test_a_birth_date_is_of_someone_when_the_request_names_no_person",)),
    Mutation("reader: a blood pressure '158/65' says neither number", "generator/reader/numbers.py",
             "              if int(m.group(1)) >= 50 and 30 <= int(m.group(2)) < int(m.group(1))]", "              if False]",
             (R12 + "test_a_blood_pressure_over_its_second_number_states_both",)),
    Mutation("reader: 'gallons' does not say 'gal'", "generator/reader/enums.py",
             "    unit = UNIT_WORDS.get(word) if len(word) > 1 else None", "    unit = None",
             (R12 + "test_a_unit_said_in_full_states_its_abbreviation",)),
    Mutation("values: a chair or a district outside the stated series", "generator/core/lore.py",
             "            extra = _id_parts(path, schema, series) or _said_for", "            extra = _said_for",
             (V12 + "test_an_id_s_numbered_parts_stay_in_the_series_the_catalog_states",)),
    Mutation("values: brine in pounds, salt in gallons", "generator/core/value_sense.py",
             "                unit = unit if unit is not None else _by_state(value, [str(m) for m in members], args[name])",
             "                pass", (V12 + "test_a_liquid_is_spread_by_volume_and_a_solid_by_weight",)),
    Mutation("phrasing: 'a dialysate potassium bath of at most 1'", "generator/core/semantic.py",
             '    if hit and hit <= _LETTER_LIMITS and len(whole) > 1 and "top" not in whole:', "    if False:",
             (P12 + "test_a_rate_per_minute_and_a_potassium_bath_are_exact_values_not_bounds",)),
    Mutation("phrasing: 'dialysate flow at least 700 mL/min'", "generator/phrasebook/terms.py",
             '    unit_min = {"min", "mins"} if unit == "minutes" or "/min" in unit.lower() else set()',
             '    unit_min = {"min", "mins"} if unit == "minutes" else set()',
             (P12 + "test_a_rate_per_minute_and_a_potassium_bath_are_exact_values_not_bounds",)),
    Mutation("phrasing: 'a stay to Brussels'", "generator/phrasebook/terms.py",
             "    if t.place == \"to\" and intent and not goes_somewhere(intent):", "    if False:",
             (P12 + "test_a_stay_s_destination_is_where_it_is_a_trip_s_where_it_goes",)),
    Mutation("phrasing: 'a stay to the capital of Belgium'", "generator/writers/phrasing/args.py",
             "        role = \"in\"  # a stay's destination", "        pass  # a stay's destination",
             (P12 + "test_a_stay_s_destination_hinted_by_description_is_in_it",)),
    Mutation("phrasing: 'with a bus of 4'", "generator/phrasebook/terms.py",
             "        pointer = pointer or _pointer(tokens(param))  # \"Fleet number", "        pass  # \"Fleet number",
             (P13 + "test_a_fleet_number_is_the_thing_s_number_not_a_count_of_it",)),
    Mutation("phrasing: 'add new stop STP-30418' for the stop it goes after", "generator/phrasebook/terms.py",
             "            words[-1] not in _TIME_NOUNS | {\"date\", \"time\"} and (pointed or len(words) >= 3):",
             "            words[-1] not in _TIME_NOUNS | {\"date\", \"time\"} and len(words) >= 3:",
             (P13 + "test_the_stop_a_new_one_goes_after_is_said_as_after_it",)),
    Mutation("phrasing: 'an incident occurred on'", "generator/phrasebook/terms.py",
             "    if said and verb_lemma(words[-2]) in _HAPPENING:", "    if False:",
             (P13 + "test_what_happened_at_a_time_takes_a_relative_clause",)),
    Mutation("phrasing: 'on a route for one'", "generator/phrasebook/intent.py",
             "            if tail and w.lower() in _PLACE_ENDS:", "            if False:",
             (P13 + "test_a_place_complement_stops_before_the_next_parameter_s_words",)),
    Mutation("phrasing: 'get a pawn loan' for reading one", "generator/phrasebook/intent.py",
             '    if verb == "get" and obj.split()[0] in ("a", "an") and _by_its_id(tool):', "    if False:",
             (P13 + "test_getting_a_record_by_its_number_is_looking_it_up",)),
    Mutation("phrasing: 'with the 11 grade'", "generator/phrasebook/terms.py",
             '    if re.fullmatch(r"[A-Z0-9]{1,3}", v) and t.noun:', "    if False:",
             (P13 + "test_a_grade_or_class_code_follows_its_noun",)),
    Mutation("phrasing: 'with plat recorded document'", "generator/phrasebook/terms.py",
             '    if t.of == "kind":  # "Kind of recorded document"', '    if False:  # "Kind of recorded document"',
             (P13 + "test_a_kind_of_countable_thing_is_one_of_them",)),
    Mutation("values: 'grantor 5'", "generator/core/freetext.py",
             '"cyclist",\n                           "grantor", "grantee"})', '"cyclist"})',
             (P13 + "test_the_parties_to_a_deed_are_people_named_by_their_role",)),
    Mutation("phrasing: 'with the names of the parties'", "generator/phrasebook/terms.py",
             "        return named\n", "        return described\n",
             (P13 + "test_the_parties_to_a_deed_are_people_named_by_their_role",)),
    Mutation("values: 'Hoffman Decedent'", "generator/core/semantic.py",
             '"decedent affiant mortgagor testator heir pledgor",', '"affiant mortgagor testator heir pledgor",',
             (P13 + "test_a_decedent_is_a_person_not_a_surname_and_a_title",)),
    Mutation("phrasing: 'in a@b.org'", "generator/phrasebook/terms.py",
             '    if t.sem == "email":  # "Where', '    if False:  # "Where',
             (P13 + "test_an_email_is_said_as_one_never_as_a_place",)),
    Mutation("phrasing: 'redeemed by pledgor set to yes'", "generator/phrasebook/fragments.py",
             '    if len(words) == 3 and words[1] == "by" and _past_participle(words[0]) and words[2].isalpha():',
             "    if False:", (P13 + "test_a_flag_done_by_someone_says_who_did_it",)),
    Mutation("phrasing: 'with the fair condition'", "generator/phrasebook/terms.py",
             '    if head == "condition" and re.fullmatch(r"[a-z]+", v):', "    if False:",
             (P13 + "test_a_condition_and_a_frequency_are_said_as_people_say_them",)),
    Mutation("values: a town as a persona's home street address", "generator/derived_personas.py",
             '    if "address" in words or "street" in words:', "    if False:",
             (P13 + "test_a_derived_persona_s_street_address_is_a_street_address",)),
    Mutation("values: a $141 lien payoff", "generator/core/semantic.py",
             '"consideration", "lien", "deed", "secured", "payoff"})', '"consideration"})',
             (P13 + "test_a_deed_s_price_and_a_lien_s_payoff_are_thousands_not_a_receipt",)),
    Mutation("values: 11 biweekly installments of a 90-day layaway", "generator/core/schedules.py",
             "    if not every or args[count] * every <= term_days:", "    if True:",
             (P13 + "test_installments_fit_the_term_the_prose_allows_at_their_frequency",)),
    Mutation("phrasing: 'a note saying silver Honda minivan'", "generator/phrasebook/terms.py",
             '        return f"with the {thing[0]} described as {v}"', '        return f"with a note saying {v}"',
             (P13 + "test_a_thing_s_description_describes_the_thing_not_a_note",)),
    Mutation("reader: '$143.50' does not state 143.5 among several calls", "generator/reader/anchors.py",
             "    if number is not None and not isinstance(x, bool) and number != int(number) and round(number, 2) == number:",
             "    if False:", (R13 + "test_money_with_cents_states_the_amount_of_one_call_among_several",)),
    Mutation("reader: 'list the loans that would forfeit' is no dry run", "generator/reader/read.py",
             "    return (*hinted, (True, act.group(1))) if act and not hinted else hinted", "    return hinted",
             (R13 + "test_a_flag_s_description_is_its_own_wording_for_true",)),
    Mutation("reader: 'by the pledgor' is no redemption by the pledgor", "generator/reader/flags.py",
             "        by = _done_by(text, param) if at < 0 and passive is None else None", "        by = None",
             (R13 + "test_a_flag_of_who_did_the_act_is_said_by_by_whom",)),
    Mutation("reader: 'an Indiana plate' does not state IN", "generator/reader/names.py",
             '              "us_state": {"state", "province"}}', "              }",
             (R13 + "test_a_state_code_is_said_by_the_state_s_name",)),
    Mutation("reader: 'the parents should be notified' is no notify_parents", "generator/reader/flags.py",
             "        passive = _spread(text.stems, [key[1], key[0]]) if at < 0 and len(key) == 2 else None",
             "        passive = None",
             (R13 + "test_no_need_to_do_the_flag_s_act_is_false_and_a_passive_object_first_is_true",)),
    Mutation("reader: 'no need to take the bus out of service' read as true", "generator/reader/flags.py",
             '               or "no need" in " ".join(text.tokens[max(0, at - _WINDOW - 3):at])',
             '               or "no need" in " ".join(before)',
             (R13 + "test_no_need_to_do_the_flag_s_act_is_false_and_a_passive_object_first_is_true",)),
    Mutation("traject: 'the new stop' read as the stop it was added after", "generator/traject/determined.py",
             "        if k == j and _creates(target.calls[j].tool):", "        if False:",
             (R13 + "test_the_new_thing_a_step_made_is_what_a_later_reference_means",)),
    Mutation("values: platinum at 24K", "generator/core/dependencies.py",
             "                                                      _values_for_members]", "                                                      ]",
             (P13 + "test_values_paired_with_another_s_members_in_a_description_stay_paired",)),
    Mutation("phrasing: 'for pawn ticket PU-0031980'", "generator/phrasebook/terms.py",
             "        noun = \"\"  # \"Pawn ticket ('PT-...') or purchase ID", "        pass  # \"Pawn ticket ('PT-...') or purchase ID",
             (P13 + "test_a_sale_number_is_no_pawn_ticket_when_the_description_names_both",)),
    Mutation("values: a purchase on a PT- ticket number", "generator/core/value_sense.py",
             "    if len({code for _, code in shown}) > 1:", "    if False:",
             (P13 + "test_an_id_s_leading_code_follows_the_kind_its_example_is_shown_for",)),
    Mutation("values: a 15-minute field trip", "generator/core/constraints.py",
             "    return days or (_HOUR_SPANS.get((pair.role.first, pair.role.second)) if clocked else None)",
             "    return days", (P13 + "test_a_field_trip_leaves_and_comes_back_hours_apart",)),
    Mutation("phrasing: 'with years back 30'", "generator/phrasebook/terms.py",
             '    if len(back) == 2 and back[1] in ("back", "ago") and back[0] in _BACK_UNITS:', "    if False:",
             (P13 + "test_a_look_back_a_channel_and_a_role_are_said_as_people_say_them",)),
    Mutation("phrasing: 'with the either party role'", "generator/phrasebook/terms.py",
             '    if head == "role" and v.lower() in ("either", "any", "both"):', "    if False:",
             (P13 + "test_a_look_back_a_channel_and_a_role_are_said_as_people_say_them",)),
    Mutation("phrasing: 'because of personal'", "generator/phrasebook/terms.py",
             '        if re.fullmatch(r"[a-z]+(?:al|ic)", v) and "ADJ" in lemmas(v):', "        if False:",
             (P13 + "test_a_reason_that_is_an_adjective_is_said_as_reasons",)),
    Mutation("phrasing: 'for recorder's instrument X who died on'", "generator/phrasebook/terms.py",
             '        return "with the date of death"  #', '        return "who died on"  #',
             ("tests/test_phrasing_plain_words.py::test_a_date_of_death_says_its_role",)),
    Mutation("values: 'brakes maintenance work order' as the defect observed", "generator/core/freetext.py",
             "    if values and seen:  # \"a bus defect found", "    if False:  # \"a bus defect found",
             (P13 + "test_what_was_found_is_described_in_the_words_the_tool_s_prose_gives_it",)),
    Mutation("values: a death or a payoff a week from today", "generator/core/values.py",
             '    if kind in ("date", "datetime") and _DONE_BEFORE & set(semantic.tokens(param_name)) and not _in_past(schema):',
             "    if False:", (P13 + "test_the_date_of_what_was_done_before_the_call_is_never_ahead_of_it",)),
    Mutation("phrasing: 'with the channels showroom'", "generator/phrasebook/terms.py",
             '    if " " not in t.noun and is_plural(t.noun) and re.fullmatch(r"[a-z][a-z ,]*", v):', "    if False:",
             (P13 + "test_a_single_word_in_a_plural_list_is_said_as_what_it_is",)),
    Mutation("phrasing: 'the claimant ending in 1652'", "generator/phrasebook/terms.py",
             "(?:[a-z]+'s (?P<owned>", "(?:NEVER (?P<owned>",
             (P13 + "test_the_last_digits_of_someone_s_number_say_whose_number_it_is",)),
    Mutation("phrasing: 'with the both direction'", "generator/phrasebook/terms.py",
             '    if v.lower() in ("both", "all") and head and head not in _KINDS and " " not in t.noun:', "    if False:",
             (P13 + "test_both_of_a_choice_and_the_kind_of_a_thing_made_are_said_plainly",)),
    Mutation("phrasing: 'add the new stop for corner'", "generator/phrasebook/terms.py",
             '    if thing and re.fullmatch(r"[a-z][a-z ]*", v) and intent.split(" ", 1)[0] not in _READING and known(thing[0]):',
             "    if False:", (P13 + "test_both_of_a_choice_and_the_kind_of_a_thing_made_are_said_plainly",)),
    Mutation("output: an unwritable directory passes the check (as root, injected)", "generator/engine.py",
             "    if not os.access(out_dir, os.W_OK | os.X_OK):", "    if False:",
             ("tests/test_containment.py::test_a_directory_the_user_may_not_write_is_one_line_even_as_root",)),
    Mutation("TRAIL audit: levels out of order pass (ordered() always true)", "generator/trail/measure.py",
             "    return all(b <= a + 1e-9 for a, b in pairwise(means)) and means[0] > means[-1]", "    return True",
             ("tests/test_trail_audit.py::test_a_record_whose_levels_are_out_of_order_is_counted_non_monotone",)),
    Mutation("card: the traject_hard config points at simple_ver.json", "generator/traject/hub.py",
             r'rf"traject/(?:{SPLIT}/)?parallel/[^/]+/hard_ver\.json"', r'rf"traject/(?:{SPLIT}/)?parallel/[^/]+/simple_ver\.json"',
             ("tests/test_hub_card.py::test_each_config_holds_the_files_of_its_table",)),
    Mutation("card: bfcl_answers leaves gold/ out", "generator/bfcl/hub.py",
             r'rf"bfcl/(?:{SPLIT}/)?(?:possible_answer|gold)/BFCL_v4_(?!multi_turn)[^/]+\.json"',
             r'rf"bfcl/(?:{SPLIT}/)?(?:possible_answer)/BFCL_v4_(?!multi_turn)[^/]+\.json"',
             ("tests/test_hub_card.py::test_each_config_holds_the_files_of_its_table",
              "tests/test_hub_card.py::test_every_data_file_of_the_run_is_in_one_config")),
    Mutation("judge: the exported assistant message is the gold call, not the candidate", "generator/judge/export.py",
             "assistant_message(row.id, row.candidate)]",
             "assistant_message(row.id, Candidate(call=row.gold) if row.gold else row.candidate)]",
             ("tests/test_judge_export.py::test_every_written_label_matches_the_rule_rederived_by_hand",)),
    Mutation("traject: a hard query held to half even where its own plan must state more", "generator/traject/plans.py",
             "    return share if HARD_RECALL_CAP < share <= HARD_CEILING else HARD_RECALL_CAP",
             "    return HARD_RECALL_CAP",
             ("tests/test_traject_vagueness.py::test_a_hard_query_is_held_to_half_or_to_what_its_own_plan_must_state",
              "tests/test_traject_product.py::test_a_domain_that_cannot_leave_half_out_gets_hard_queries_as_vague_as_it_allows")),
    Mutation("traject: a domain that cannot leave half out gets no parallel trajectory", "generator/traject/product.py",
             "    return chosen or (lowest[1] if lowest is not None else None)",
             "    return chosen",
             ("tests/test_traject_product.py::test_a_domain_that_cannot_leave_half_out_gets_hard_queries_as_vague_as_it_allows",)),
    Mutation("values: a tool's list under the plural of a parameter is not its enum", "generator/core/lore.py",
             ' + r"(?:e?s)?"  # "Suspected causes: ..."', "",
             (V14 + "test_a_list_under_the_plural_of_the_parameter_in_the_tool_prose_is_its_enum",)),
    Mutation("cli: --quiet hides a product that fell short", "generator/cli.py",
             '            if note.startswith("short:"):', "            if False:",
             ("tests/test_shortfalls.py::test_a_quiet_run_still_says_what_fell_short",)),
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


def run_tests(root: Path, tests: tuple[str, ...], workers: int = 0) -> tuple[list[str], int]:
    """(failed test ids, pytest exit code) of the tests, run from `root` so its package is imported
    (on `workers` xdist workers when more than one)."""
    report = root / "report.xml"
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    env.setdefault("TRAJGEN_UPSTREAM", str(ROOT.parent / "shared" / "upstream"))
    spread = ["-n", str(workers), "--dist", "loadgroup"] if workers > 1 else []
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *spread,
                           f"--junitxml={report}", *tests], cwd=root, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT_S, check=False)
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


def baseline(mutations: list[Mutation], workers: int) -> list[str]:
    tests = tuple(dict.fromkeys(t for m in mutations for t in m.tests))
    with tempfile.TemporaryDirectory(prefix="trajgen-baseline-") as tmp:
        root = Path(tmp)
        copy_repo(root)
        check_copy_is_imported(root)
        failed, code = run_tests(root, tests, workers)
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
    ap.add_argument("--workers", type=int, default=2,
                    help="xdist workers for the baseline run of every guarding test at once (default 2)")
    ap.add_argument("--jobs", type=int, default=1,
                    help="mutations run at the same time, each in its own copy (default 1)")
    args = ap.parse_args(argv)
    chosen = [m for m in MUTATIONS if not args.only or any(w in m.name for w in args.only)]
    if args.list:
        print("\n".join(m.name for m in chosen))
        return 0
    broken = baseline(chosen, args.workers)
    if broken:
        print(f"the unmutated copy already fails: {broken}", file=sys.stderr)
        return 2
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:  # each job is a pytest subprocess
        futures = {pool.submit(mutate, m): m for m in chosen}
        for done in as_completed(futures):
            o = done.result()
            print(f"{o.mutation.name}: {'caught' if o.caught else 'SURVIVED'}", file=sys.stderr, flush=True)
    outcomes = [f.result() for f in futures]  # in the order of MUTATIONS
    print(table(outcomes))
    return 0 if all(o.caught for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
