"""Natural text on catalogs without hints (fixture catalogs written as users write them: a vet
clinic, a lab inventory, a Kubernetes events API in BFCL function-doc style): history hints
name a parameter by its noun and never twice, enum reasons are clauses and enum codes are
said as written, hard TRAJECT decimals are numerals, nested objects read as noun phrases,
long requests get a follow-up sentence, and a doubled phrase is a text defect."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from test_plan import event, target

from generator.identity import forbidden
from generator.phrasebook import derived_for
from generator.phrasebook.lexicon import split_compound
from generator.phrasebook.nouns import param_noun
from generator.plan import HISTORY_PHRASES, history_noun, plan_explicit
from generator.readers import read_catalog
from generator.records import Tool
from generator.surface import render
from generator.textquality import defects
from generator.traject.plans import hard_plan, hint_for
from generator.validators import VALIDATORS
from generator.validators.habitphrase import phrase_rule
from generator.writers.base import WriteRequest
from generator.writers.phrasing.clauses import MAX_MODIFIERS
from generator.writers.template import compose

CATALOGS = Path(__file__).parent / "fixtures" / "catalogs"


def _tools(name: str) -> dict[str, Tool]:
    return {t.name: t for t in derived_for(read_catalog(CATALOGS / f"{name}.json"))}


VET, LAB, K8S = _tools("vet_clinic"), _tools("lab_inventory"), _tools("k8s_events")


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
    assert param_noun("namespace") == "namespace"
    intents = {name: t.hints.intents[0] for name, t in K8S.items() if t.hints}
    assert intents["scale_deployment"].startswith("scale the deployment")  # not "get the scale deployment"
    assert intents["events_api.EventsApi.list_namespaced_event"].startswith("list namespaced events")


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


def test_a_long_request_gets_a_follow_up_sentence() -> None:
    tool = VET["book_appointment"]
    args = {"pet_id": "PET-12345", "owner_email": "ann@example.org", "visit_type": "dental",
            "preferred_slot": "2025-06-02T09:15:00Z", "vet_name": "Dr. Rosa Lind",
            "reminders": ["sms"], "notes": "allergic to penicillin"}
    t = target(tool, args)
    plan = plan_explicit(t)
    req = WriteRequest(target=t, plan=plan, tools=[tool], n=1)
    split = 0
    for seed in range(10):
        text = compose(plan, VET, "single", t.time, random.Random(seed))
        sentences = [s for s in re.split(r"(?<=[.?!])\s+(?=[A-Z])", text) if s]
        split += len(sentences) > 1
        assert all(v.ok for v in VALIDATORS.get("text_quality")(req, [text])), text
        assert all(v.ok for v in VALIDATORS.get("stated_present")(req, [text])), text
    assert split == 10 and MAX_MODIFIERS == 4


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
