"""Chains the set-37 session fixed: a step that acts on a thing only in a later state than the
one an earlier step has just made it in never follows that step (a line received on a manifest
that was started a moment ago in status draft; an unapproved profile put on a manifest)."""

from __future__ import annotations

from generator.records import Tool
from generator.traject.graph import build_graph
from generator.traject.shapes import not_yet


def _tool(name: str, description: str, props: dict) -> Tool:
    return Tool(name=name, app="desk", api=name, domain="manifests_set37", description=description,
                parameters={"type": "object", "properties": props, "required": list(props)})


_TRACKING = {"type": "string", "description": "Manifest tracking number, e.g. '012345678ELC'."}
_PROFILE = {"type": "string", "description": "Waste profile id, e.g. 'WP-204518'."}
_CREATE = _tool("create_manifest", "Start a manifest. Returns manifest_tracking_number in status draft.",
                {"generator_epa_id": {"type": "string", "description": "Generator EPA ID."}})
_LINE = _tool("add_manifest_line", "Add a waste line to a draft manifest from an approved profile of the "
              "manifest's generator. Returns manifest_tracking_number and line_number.",
              {"manifest_tracking_number": _TRACKING, "profile_id": _PROFILE})
_RECEIPT = _tool("record_line_receipt", "Record what our dock found for one line of an incoming manifest. "
                 "Returns the receipt.", {"manifest_tracking_number": _TRACKING})
_PROFILE_NEW = _tool("create_waste_profile", "Submit a new waste profile. Returns profile_id.",
                     {"common_name": {"type": "string", "description": "Common name of the waste."}})
_APPROVE = _tool("approve_waste_profile", "Approve a pending waste profile. Returns the approved profile.",
                 {"profile_id": _PROFILE})
_CLOSE = _tool("close_compliance_notice", "Close an open compliance notice once the customer complied.",
               {"notice_id": {"type": "string", "description": "Notice id, e.g. 'CN-1023'."}})
_ISSUE = _tool("issue_compliance_notice", "Issue a compliance notice. Returns notice_id.",
               {"premise_id": {"type": "string", "description": "Premise id, e.g. 'P-1'."}})


def test_a_thing_just_made_is_never_acted_on_in_a_later_state() -> None:
    assert not_yet(_CREATE, _RECEIPT)  # an incoming manifest, never the draft just started
    assert not_yet(_LINE, _RECEIPT)
    assert not_yet(_PROFILE_NEW, _LINE)  # an approved profile, never one just submitted
    assert not not_yet(_CREATE, _LINE)  # a draft manifest is what create_manifest makes
    assert not not_yet(_PROFILE_NEW, _APPROVE)  # approving a pending profile is its next step
    assert not not_yet(_ISSUE, _CLOSE)  # an issued notice is open


def test_the_graph_has_no_edge_into_a_later_state() -> None:
    graph = build_graph([_CREATE, _LINE, _RECEIPT, _PROFILE_NEW, _APPROVE])
    edges = {(p, e.tool) for p in graph.tools for e in graph.successors(p)}
    assert ("create_manifest", "add_manifest_line") in edges, edges
    assert ("create_manifest", "record_line_receipt") not in edges
    assert ("create_waste_profile", "add_manifest_line") not in edges


def test_a_state_said_after_its_noun_is_wanted_too_but_not_by_a_search() -> None:
    report = _tool("file_exception_report", "File a generator's exception report when the copy of the manifest "
                   "signed by the designated facility has not come back.", {"manifest_tracking_number": _TRACKING})
    assert not_yet(_CREATE, report)  # a draft started a moment ago has no facility's signature to wait for
    intake = _tool("register_casing_intake", "Register casings received from a fleet. Returns casing_id.",
                   {"customer_account": {"type": "string", "description": "Account, e.g. 'ACC-1'."}})
    search = _tool("search_casings", "Search casings received at the plant. Returns casing ids.",
                   {"casing_id": {"type": "string", "description": "Casing id, e.g. 'CAS-1'."}})
    assert not not_yet(intake, search)
