"""Chains fixed in set 46 (a sleep-disorders lab): a tool whose record must be in a status ("the
study must be in status 'scored'") takes it from a tool that says it leaves it so ("Returns the
study with status 'scored'") or from a lookup, never straight from the booking that made it."""

from __future__ import annotations

from generator.records import Tool
from generator.traject.graph import build_graph


def _tool(name: str, description: str, params: dict[str, dict[str, str]]) -> Tool:
    return Tool(name=name, app="lab", api=name, domain="set46a", description=description,
                parameters={"type": "object", "required": list(params), "properties": params})


STUDY = {"study_id": {"type": "string", "description": "Study id, e.g. 'PSG-2025-01877'."}}
TOOLS = [
    _tool("schedule_sleep_study", "Book an in-lab sleep study. Returns study_id, e.g. 'PSG-2025-01877'.",
          {"patient_id": {"type": "string", "description": "Patient id, e.g. 'PT-104233'."}}),
    _tool("record_psg_scoring", "Record the scored summary of a study. Returns the study with status 'scored'.",
          {**STUDY, "ahi": {"type": "number", "description": "Apnea-hypopnea index."}}),
    _tool("get_study_details", "Get one sleep study by its id: study type, status and date.", STUDY),
    _tool("sign_interpretation_report", "Sign the physician interpretation of a scored study; the study must be in "
          "status 'scored'. Returns the final report id.", {**STUDY, "npi": {"type": "string", "description": "NPI."}}),
]


def test_a_record_needed_in_a_status_comes_from_a_tool_that_leaves_it_so() -> None:
    graph = build_graph(TOOLS)
    assert graph.edge("schedule_sleep_study", "sign_interpretation_report") is None, "a study just booked is not scored"
    assert graph.edge("schedule_sleep_study", "get_study_details") is not None  # a lookup takes any status
    scoring = TOOLS[1].model_copy(update={"name": "score_study", "api": "score_study",
                                          "description": "Score a study. Returns study_id with status 'scored'."})
    graph = build_graph([TOOLS[0], scoring, TOOLS[3]])
    assert graph.edge("schedule_sleep_study", "sign_interpretation_report") is None
