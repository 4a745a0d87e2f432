"""Chains that make sense (set 26's sequential chains, read by hand): what a later step may take
from an earlier one's output, and outputs that keep the filters of their own call."""

from __future__ import annotations

import random
from typing import Any

from generator.core import semantic
from generator.records import Tool
from generator.traject import graph, simulate


def _tool(name: str, description: str, props: dict[str, Any], required: list[str] | None = None) -> Tool:
    return Tool(name=name, app="press", api=name, domain="printing", description=description,
                parameters={"type": "object", "properties": props, "required": required or []})


GET_BINDER = _tool("get_binder", "Get one bookbinder: name, bench, skills and hourly rate.",
                   {"binder_id": {"type": "string", "description": "Binder, e.g. 'BND-204'."}}, ["binder_id"])
GET_PUBLISHER = _tool("get_publisher", "Get a publisher account: company name, city, billing currency and status.",
                      {"publisher_id": {"type": "string", "description": "Publisher, e.g. 'PUB-1187'."}},
                      ["publisher_id"])
SEARCH_PUBLISHERS = _tool("search_publishers", "Search publisher accounts by name and city. Returns publisher_id, "
                          "name, city and billing currency.",
                          {"name": {"type": "string", "description": "Company name or part of it."},
                           "city": {"type": "string", "description": "City of the publisher."}})
GET_JOB = _tool("get_press_job", "Get a press job: press, status, assigned technician, hours and history.",
                {"job_id": {"type": "string", "description": "Job, e.g. 'JOB-88120'."}}, ["job_id"])
SEARCH_PROOFS = _tool("search_proofs", "Search proofs by job and date.",
                      {"job_id": {"type": "string", "description": "Job, e.g. 'JOB-88120'."},
                       "printed_to": {"type": "string", "description": "End of the print window, ISO 8601 date."}})


def test_a_bare_name_is_never_carried_to_another_kind_of_thing() -> None:
    assert graph.infer_params(GET_BINDER, SEARCH_PUBLISHERS) == []


def test_a_thing_looked_up_is_not_searched_for_again_by_its_own_name() -> None:
    assert "name" not in graph.infer_params(GET_PUBLISHER, SEARCH_PUBLISHERS)


def test_a_date_filter_never_takes_a_person_field() -> None:
    assert "printed_to" not in graph.infer_params(GET_JOB, SEARCH_PROOFS)


def test_a_place_named_parameter_stays_a_place_whoever_its_description_mentions() -> None:
    spec = {"type": "string", "description": "Home shop the person works from, e.g. 'Dayton, OH'."}
    assert semantic.infer("base_location", spec) == "place"


def test_a_min_filter_with_a_unit_bounds_the_field_without_it() -> None:
    rows = [{"binder_id": f"BND-{i}", "experience_level": 1.5} for i in range(6)]
    simulate._honor(rows, {"min_experience_level_yrs": 12}, random.Random(3))
    assert all(r["experience_level"] >= 12 for r in rows), rows


def test_a_file_name_is_said_as_written() -> None:
    from generator.core import surface

    tool = _tool("send_proof", "Send a proof file.", {"file_name": {"type": "string", "description": "File name."},
                                                       "cabin": {"type": "string", "description": "Cabin class."}})
    assert surface.render("cover_final_v2.pdf", "file_name", tool, rng=random.Random(1)) == "cover_final_v2.pdf"
    assert surface.render("economy_class", "cabin", tool) == "economy class"


def test_a_record_just_made_reports_its_first_status_even_one_listed_in_prose() -> None:
    from generator.records import Binding, Target, ToolCall

    status = {"type": "string", "description": "Job status; valid values are queued, printing, bound, shipped and "
                                               "cancelled."}
    create = _tool("create_press_job", "Create a press job. Returns the new job_id.",
                   {"title": {"type": "string", "description": "Title printed."}}, ["title"])
    get = _tool("get_press_job", "Get a press job: title, press and status.",
                {"job_id": {"type": "string", "description": "Job, e.g. 'JOB-88120'."}}, ["job_id"])
    search = _tool("search_press_jobs", "Search press jobs by status. Returns job_id, title and status.",
                   {"status": status})
    tools = {t.name: t for t in (create, get, search)}
    for seed in range(8):
        made = Target(id="t", kind="sequential", domain="printing", offered=list(tools),
                      calls=[ToolCall(tool="create_press_job", arguments={"title": "Field Notes"}),
                             ToolCall(tool="get_press_job", arguments={"job_id": "JOB-88120"})],
                      bindings=[Binding(call=1, param="job_id", from_call=0)])
        out = simulate.simulate_all(made, tools, random.Random(seed))
        assert "'status': 'queued'" in out[1], out


def test_a_field_named_by_a_broad_word_takes_its_subject_s_own_kind() -> None:
    own = {"job_type": {"type": "string", "enum": ["offset", "digital", "letterpress"]}}
    vocab = {"type": {"type": "string", "enum": ["apartment", "house"]}, **own}
    assert simulate.for_subject(vocab, own)["type"] == own["job_type"]
    assert simulate.for_subject({**own}, own)["type"] == own["job_type"]


def test_a_plural_id_field_lists_ids_of_the_catalog_s_form() -> None:
    vocab = {"job_id": {"type": "string", "pattern": "^JOB-[0-9]{5}$"}}
    for seed in range(5):
        ids = simulate.fake_field("job_ids", random.Random(seed), "project", vocab)
        assert isinstance(ids, list) and ids and all(isinstance(i, str) and i.startswith("JOB-") for i in ids), ids


def test_a_place_is_carried_only_from_a_field_that_shares_a_word_with_it() -> None:
    site = _tool("get_print_site", "Get a print site: client, water body, press hall and status.",
                 {"site_id": {"type": "string", "description": "Site, e.g. 'SITE-12'."}}, ["site_id"])
    crews = _tool("search_pressmen", "Search pressmen by home location and skill.",
                  {"home_location": {"type": "string", "description": "Town the pressman lives in."},
                   "skill": {"type": "string", "description": "Skill, e.g. 'offset'."}})
    assert "home_location" not in graph.infer_params(site, crews)
