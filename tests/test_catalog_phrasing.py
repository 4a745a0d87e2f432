"""Natural text on catalogs without hints (fixture catalogs written as users write them: a vet
clinic, a lab inventory, a Kubernetes events API in BFCL function-doc style): history hints
name a parameter by its noun and never twice, enum reasons are clauses and enum codes are
said as written, hard TRAJECT decimals are numerals, nested objects read as noun phrases,
a request is one sentence per call, and a doubled phrase is a text defect."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from test_plan import event, target

from generator.core.identity import forbidden
from generator.core.plan import HISTORY_PHRASES, history_noun, plan_explicit
from generator.core.surface import render
from generator.core.textquality import defects
from generator.phrasebook import derived_for
from generator.phrasebook.lexicon import split_compound
from generator.phrasebook.terms import term
from generator.readers import read_catalog
from generator.records import Tool
from generator.traject.plans import hard_plan, hint_for
from generator.validators import VALIDATORS
from generator.validators.habitphrase import phrase_rule
from generator.writers.base import WriteRequest
from generator.writers.template import compose

CATALOGS = Path(__file__).parent / "fixtures" / "catalogs"


@functools.cache
def _tools(name: str) -> dict[str, Tool]:
    """A catalog's tools with their derived hints, read on first use (not at collection)."""
    return {t.name: t for t in derived_for(read_catalog(CATALOGS / f"{name}.json"))}


class _Lazy(Mapping[str, Tool]):
    def __init__(self, name: str) -> None:
        self.name = name

    def __getitem__(self, key: str) -> Tool:
        return _tools(self.name)[key]

    def __iter__(self) -> Iterator[str]:
        return iter(_tools(self.name))

    def __len__(self) -> int:
        return len(_tools(self.name))


VET, LAB, K8S = _Lazy("vet_clinic"), _Lazy("lab_inventory"), _Lazy("k8s_events")


# ---------------------------------------------------------------- history hints


@pytest.mark.parametrize(("tool", "param", "said"), [
    ("search_medications", "sort_by", "sort order"),  # not "the sort by I usually go with"
    ("list_available_slots", "duration_minutes", "duration"),  # not "the duration minutes"
    ("search_medications", "query", "search term"),  # the noun (medication) is what the search finds
    ("record_weight", "weight_kg", "amount"),  # not "record a weight for the weight I always use"
    ("cancel_appointment", "appointment_id", "ID"),  # not "cancel the appointment for the same appointment"
    ("list_available_slots", "clinic_city", "clinic city"),
])
def test_history_hints_name_the_parameter_by_its_noun(tool: str, param: str, said: str) -> None:
    assert history_noun(param, VET[tool]) == said


def test_a_name_or_id_of_the_thing_acted_on_is_hinted_by_its_pointer() -> None:
    assert history_noun("reagent_name", LAB["find_reagent"]) == "name"  # "find the reagent with the same name"
    assert history_noun("deployment_name", K8S["scale_deployment"]) == "name"
    assert history_noun("pod_name", K8S["get_pod_logs"]) == "pod"  # the logs are acted on, not the pod


def test_history_hints_never_say_the_object_twice_and_keep_their_cue() -> None:
    for tool in VET.values():
        head = tool.name.rsplit("_", 1)[-1].rstrip("s")
        for param in tool.properties:
            n = history_noun(param, tool)
            assert "_" not in n and not n.endswith(" by") and not n.endswith(" minutes"), (tool.name, n)
            for reading, phrases in HISTORY_PHRASES.items():
                for p in phrases:
                    hint = p.format(n=n)
                    assert phrase_rule(hint) == reading, hint  # the habit reader still recognises it
                    assert not (n.rstrip("s") == head and head in hint), hint


def test_history_hinted_sort_order_passes_the_history_validator() -> None:
    tool = VET["search_medications"]
    past = [event(tool, {"query": "ibuprofen", "sort_by": "price_asc"}) for _ in range(3)]
    t = target(tool, {"query": "ibuprofen", "sort_by": "price_asc"}, past)
    req = WriteRequest(target=t, plan=plan_explicit(t), tools=[tool], n=1)
    text = "Search for medications with ibuprofen, using my usual sort order."
    assert phrase_rule("my usual sort order") == "usual"
    assert all(v.ok for v in VALIDATORS.get("history_hints")(req, [text]))


# ---------------------------------------------------------------- enum values


def test_a_reason_is_said_as_a_clause_once() -> None:
    tool = VET["cancel_appointment"]
    assert render("vet_unavailable", "reason", tool) == "because the vet is unavailable"
    assert render("bad_weather", "reason", tool) == "bad weather"
    t = target(tool, {"appointment_id": "APP-12345", "reason": "vet_unavailable"})
    for seed in range(20):
        text = compose(plan_explicit(t), VET, "single", t.time, random.Random(seed))
        assert "because the vet is unavailable" in text and "because of because" not in text, text


def test_enum_codes_are_said_as_written_and_are_not_forbidden() -> None:
    tool = LAB["log_sample"]
    assert render("F1_minus80", "freezer", tool) == "F1_minus80"
    assert render("fridge_4C", "freezer", tool) == "fridge_4C"
    assert ("F1_minus80", "enum identifier", False) not in forbidden(tool, enum_values=["F1_minus80"])
    plain = {t.name: t for t in read_catalog(CATALOGS / "lab_inventory.json")}["log_sample"]  # no hints
    assert hint_for(plain, "freezer", "F1_minus80") is None  # TRAJECT hard states it, never "f1 minus80"
    events = K8S["events_api.EventsApi.create_namespaced_event"]
    assert render("OOMKilled", "reason", events) == "OOMKilled"  # a status code, not "oomkilled"
    assert ("price_desc", "enum identifier", False) in forbidden(VET["search_medications"],
                                                                 enum_values=["price_desc"])


def test_glued_words_keep_closed_compounds_and_base_forms() -> None:
    assert split_compound("namespace") == ["namespace"]
    assert split_compound("namespaced") == ["namespaced"]
    assert split_compound("keyspace") == ["keyspace"]
    assert split_compound("outputsize") == ["output", "size"]
    assert term("namespace", {}).noun == "namespace"
    intents = {name: t.hints.intents[0] for name, t in K8S.items() if t.hints}
    assert intents["scale_deployment"].startswith("scale the Kubernetes deployment")  # not "get the scale deployment"
    assert intents["events_api.EventsApi.list_namespaced_event"].startswith("list objects of kind Event")


# ---------------------------------------------------------------- TRAJECT hard decimals


def test_hard_decimals_are_numerals() -> None:
    tool = VET["record_weight"]
    assert hint_for(tool, "weight_kg", 39.1) is None
    assert hint_for(tool, "weight_kg", 4.5) == "a weight of 4 and a half" or "half" in (
        hint_for(tool, "weight_kg", 4.5) or "")
    t = target(tool, {"pet_id": "PET-12345", "weight_kg": 39.1})
    plan = hard_plan(t, VET)
    arg = next(a for a in plan.calls[0].args if a.param == "weight_kg")
    assert arg.mode == "stated"
    text = compose(plan, VET, "single", t.time, random.Random(0))
    assert "39.1" in text and "point" not in text


# ---------------------------------------------------------------- nested objects, long requests


def test_nested_objects_read_as_noun_phrases() -> None:
    tool = VET["refill_prescription"]
    said = render({"name": "Bell Pharmacy", "city": "Lima"}, "pharmacy", tool)
    assert said == "a pharmacy called Bell Pharmacy in Lima"
    said = render({"name": "Bell Pharmacy", "city": "Lima", "phone": "555-0100"}, "pharmacy", tool)
    assert " and in " not in said and not re.search(r"[{}\[\]]", said)


def _modifiers(sentence: str) -> int:
    return len(re.findall(r"\b(?:with|for|of|in|on|at|named|called|noting|to)\b", sentence))


def test_a_long_request_is_one_sentence_per_call() -> None:
    tool = VET["book_appointment"]
    args = {"pet_id": "PET-12345", "owner_email": "ann@example.org", "visit_type": "dental",
            "preferred_slot": "2025-06-02T09:15:00Z", "vet_name": "Dr. Rosa Lind",
            "reminders": ["sms"], "notes": "allergic to penicillin"}
    t = target(tool, args)
    plan = plan_explicit(t)
    req = WriteRequest(target=t, plan=plan, tools=[tool], n=1)
    for seed in range(10):
        text = compose(plan, VET, "single", t.time, random.Random(seed))
        sentences = [s for s in re.split(r"(?<=[.?!])(?<!Dr\.)\s+(?=[A-Z])", text) if s]
        assert len(sentences) == 1, text  # no "Make it ..." / "Include ..." follow-up
        assert all(v.ok for v in VALIDATORS.get("text_quality")(req, [text])), text
        assert all(v.ok for v in VALIDATORS.get("stated_present")(req, [text])), text


# ---------------------------------------------------------------- the text gate


@pytest.mark.parametrize("text", [
    "List events API events API Kubernetes in the default namespace.",
    "Find flights to Oslo to Oslo tomorrow.",
])
def test_a_doubled_phrase_is_a_defect(text: str) -> None:
    assert "doubled_word" in {d.kind for d in defects(text)}


def test_an_imperative_description_keeps_one_determiner(tmp_path: Path) -> None:
    import json

    path = tmp_path / "lumo.json"
    path.write_text(json.dumps([{"type": "function", "function": {
        "name": "Lumo_mute_alerts", "description": "Mute every alert.",
        "parameters": {"type": "object", "properties": {}}}}]))
    (tool,) = derived_for(read_catalog(path))
    assert tool.hints and "every" not in tool.hints.intents[0]  # not "mute the every alert"


# ---------------------------------------------------------------- a hint-less ops catalog
# build_ops.json is written as a user writes a catalog: snake_case names, no hints, an enum of
# update strategies, a bare boolean state, CamelCase failure codes, quantifier enum members
# ("none", "any"), a boolean named `previous`, a nested object with a compound noun.

OPS = _tools("build_ops")


def _ops_target(tool: str, args: dict) -> tuple:
    t = target(OPS[tool], args)
    return t, plan_explicit(t)


def test_an_enum_hint_keeps_its_frame_and_with_phrases_share_one_with() -> None:
    """ "with the rolling restart update strategy", never a bare "rolling restart" after a name,
    and the "with" phrases of one clause share one "with" (no "... and with ...")."""
    tool = OPS["deploy_release"]
    t = target(tool, {"service_name": "checkout-api", "update_strategy": "rolling_restart", "retry_attempts": 3})
    hard = hard_plan(t, OPS)
    # an enum said in its words is stated by meaning: the hard plan states it (it once hinted it)
    assert next(a for a in hard.calls[0].args if a.param == "update_strategy").mode == "stated"
    for plan in (hard, plan_explicit(t)):
        for seed in range(12):
            text = compose(plan, OPS, "single", t.time, random.Random(seed))
            assert "the rolling restart update strategy" in text, text
            assert " and with " not in text and not re.search(r"\bwith [^,.?]* with\b", text), text


def test_a_boolean_state_is_framed_and_a_common_noun_stays_lower_case() -> None:
    tool = OPS["deploy_release"]
    assert render(True, "approved", tool) == "marked as approved"
    assert render(False, "approved", tool) == "not marked as approved"
    t, plan = _ops_target("deploy_release", {"service_name": "checkout-api", "update_strategy": "canary",
                                             "approved": True})
    for seed in range(8):
        text = compose(plan, OPS, "single", t.time, random.Random(seed))
        assert "marked as approved" in text and not re.search(r"(?<!as )approved", text), text
    assert OPS["tare_microbalance"].hints.intents[0].startswith("tare a microbalance")  # the author's words
    assert LAB["calibrate_pipette"].hints.intents[0].startswith("record a pipette calibration result")


def test_generated_names_of_system_things_are_plausible_and_nested_paths_read_naturally() -> None:
    from generator.core.values import value_for

    rng = random.Random(3)
    for param, schema in [("deployment_name", {"type": "string", "description": "Name of the deployment."}),
                          ("pod_name", {"type": "string"}),
                          ("name", {"type": "string", "description": "Name of the referent."})]:
        for _ in range(5):
            value = value_for(schema, rng, name=param)
            assert not re.fullmatch(r"[A-Z][a-z]+ [A-H][1-9]", value), (param, value)  # "Deployment H9"
            assert re.fullmatch(r"[a-z]+(?:-[a-z]+)+", value), (param, value)  # "checkout-api"
    said = render({"kind": "Job", "name": "billing-worker"}, "target_resource", OPS["deploy_release"])
    assert said == "a job workload called billing-worker"  # the description's noun, never "a job target resource"
    events = K8S["events_api.EventsApi.create_namespaced_event"]
    said = render({"kind": "Node", "name": "edge-node", "api_version": "v1"}, "involved_object", events)
    assert "called edge-node" in said and " as the " not in said  # a name, and no read-out "as the ..."


def test_camel_case_status_codes_are_said_as_written() -> None:
    tool = OPS["list_pod_failures"]
    for code in ("CrashLoopBackOff", "ErrImagePull", "CreateContainerError"):
        assert render(code, "failure_reason", tool) == code
    events = K8S["events_api.EventsApi.create_namespaced_event"]
    assert render("ImagePullBackOff", "reason", events) == "ImagePullBackOff"  # not "image pull back off"
    assert render("BackOff", "reason", events) == "BackOff"  # a member of a family of codes
    t, plan = _ops_target("list_pod_failures", {"namespace": "payments", "failure_reason": "CrashLoopBackOff"})
    text = compose(plan, OPS, "single", t.time, random.Random(0))
    assert "CrashLoopBackOff" in text and "crash loop" not in text.lower(), text


def test_a_counted_noun_agrees_with_its_number() -> None:
    from generator.writers.phrasing.grammar import polish

    assert polish("Get the pod logs with 1 tail lines.") == "Get the pod logs with 1 tail line."
    assert polish("Get the pod logs with 5 tail lines.") == "Get the pod logs with 5 tail lines."
    assert polish("Take 1 of the items.") == "Take 1 of the items."
    t, plan = _ops_target("deploy_release", {"service_name": "checkout-api", "update_strategy": "canary",
                                             "retry_attempts": 1})
    for seed in range(5):
        text = compose(plan, OPS, "single", t.time, random.Random(seed))
        assert "1 retry attempt" in text and "1 retry attempts" not in text, text


def test_a_boolean_named_previous_names_its_thing_and_is_no_history_cue() -> None:
    from generator.validators.habitphrase import readings

    tool = OPS["list_pod_failures"]
    # The description's own verb phrase ("Show the output of the previous run ..."), never "marked as previous";
    # its first clause only: "without ... instead of the current one" would read the description out.
    assert render(True, "previous", tool) == "showing the output of the previous run"
    assert render(False, "previous", tool).startswith("without showing the output of the previous run")
    logs = K8S["get_pod_logs"]
    assert render(True, "previous", logs) == "returning logs of the previously terminated container"
    assert readings("Get the pod logs of web-1 from the previous container.") == set()
    assert readings("Get the pod logs of the same pod as the previous time.") == {"recent"}


def test_quantifier_enum_values_are_said_with_a_frame() -> None:
    tool = OPS["list_pod_failures"]
    assert render("none", "severity_class", tool) == "with no severity class"  # not "in the none class"
    assert render("any", "region", tool) == "with any region"
    assert render("none", "hazard_class", LAB["find_reagent"]) == "with no hazard class"
    t, plan = _ops_target("list_pod_failures", {"namespace": "payments", "severity_class": "none"})
    for seed in range(8):
        text = compose(plan, OPS, "single", t.time, random.Random(seed))
        assert re.search(r"\bwith (?:[^,.?]* and )?no severity class", text) and "none" not in text, text
        assert not re.search(r"\b(?:the|in) with\b|class class", text), text  # the frame replaces the slot's
        req = WriteRequest(target=t, plan=plan, tools=[OPS["list_pod_failures"]], n=1)
        assert all(v.ok for v in VALIDATORS.get("stated_present")(req, [text])), text


def test_an_empty_nested_object_is_left_out() -> None:
    tool = OPS["deploy_release"]
    assert render({"owner": "", "ticket": ""}, "metadata", tool) == ""
    assert render({}, "profile", VET["update_pet_profile"]) == ""
    t, plan = _ops_target("deploy_release", {"service_name": "checkout-api", "update_strategy": "canary",
                                             "metadata": {"owner": "", "ticket": None}})
    for seed in range(5):
        text = compose(plan, OPS, "single", t.time, random.Random(seed))
        assert "metadata" not in text and not re.search(r"\bwith an?\s*[.?!]", text), text


def test_two_long_requests_are_two_sentences() -> None:
    from generator.records import Target, ToolCall

    tool = VET["refill_prescription"]
    args = [{"prescription_id": f"PRE-4210{i}", "quantity": 4, "express_shipping": True,
             "pharmacy": {"name": "Warren Pharmacy", "city": "Manchester", "phone": "930.873.6316"}} for i in (1, 2)]
    t = target(tool, args[0]).model_copy(update={
        "kind": "parallel", "calls": [ToolCall(tool=tool.name, arguments=a) for a in args]})
    assert isinstance(t, Target)
    plan = plan_explicit(t)
    for seed in range(10):
        text = compose(plan, VET, "parallel", t.time, random.Random(seed))
        assert ", plus" not in text and ", and also" not in text, text
        assert len(re.findall(r"[.?!](?:\s|$)", text)) >= 2, text


def test_a_plural_noun_never_takes_a_singular_frame(tmp_path: Path) -> None:
    """ "with 12 bins", never "within a bins of 12" (a count the semantic types read as a range)."""
    import json

    path = tmp_path / "plots.json"
    path.write_text(json.dumps([{"name": "create_histogram", "description": "Create a histogram of data.",
                                 "parameters": {"type": "object", "properties": {
                                     "data": {"type": "array", "items": {"type": "integer"}},
                                     "bins": {"type": "integer", "description": "The number of equal-width bins "
                                                                                "in the range."}},
                                     "required": ["data", "bins"]}}]))
    tools = {t.name: t for t in derived_for(read_catalog(path))}
    t = target(tools["create_histogram"], {"data": [7, 8, 9], "bins": 12})
    for plan in (hard_plan(t, tools), plan_explicit(t)):
        for seed in range(4):
            text = compose(plan, tools, "single", t.time, random.Random(seed))
            assert "a bins" not in text and not defects(text), text
