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


def test_a_net_weight_is_the_gross_less_the_tare() -> None:
    import ast
    import random

    from generator.records import Target, ToolCall
    from generator.traject.simulate import simulate_all

    ticket = {"ticket_id": {"type": "string", "description": "Ticket id, e.g. 'TKT-2025-048812'."}}
    tools = {t.name: t for t in [
        _tool("open_scale_ticket", "Open an inbound scale ticket by weighing a loaded vehicle. Returns ticket_id, "
              "e.g. 'TKT-2025-048812'.", {"gross_weight_lb": {"type": "integer", "description": "Loaded weight."}}),
        _tool("record_tare_weight", "Weigh the empty vehicle; net weight is gross minus tare. Returns the ticket with "
              "net weight and the total amount due.", {**ticket, "tare_weight_lb": {"type": "integer",
                                                                                   "description": "Empty weight."}}),
    ]}
    graph = build_graph(list(tools.values()))
    assert graph.edge("open_scale_ticket", "record_tare_weight") is not None
    from generator.records import Binding

    target = Target(id="x", kind="sequential", domain="set46a", offered=list(tools), calls=[
        ToolCall(tool="open_scale_ticket", arguments={"gross_weight_lb": "11700"}),
        ToolCall(tool="record_tare_weight", arguments={"ticket_id": "TKT-2025-387122", "tare_weight_lb": "2460"})],
        bindings=[Binding(call=1, param="ticket_id", from_call=0)])
    out = ast.literal_eval(simulate_all(target, tools, random.Random(46))[1])
    assert out.get("net_weight") == 9240, out


def test_a_record_just_made_reads_back_in_its_first_status() -> None:
    import ast
    import random

    from generator.records import Binding, Target, ToolCall
    from generator.traject.simulate import simulate_all

    tools = {t.name: t for t in [
        _tool("open_scale_ticket", "Open an inbound scale ticket. Returns ticket_id, e.g. 'TKT-2025-048812'.",
              {"gross_weight_lb": {"type": "integer", "description": "Loaded weight."}}),
        _tool("get_ticket", "Get one scale ticket by id: seller, gross and net weights, status ('open', 'on_hold', "
              "'payable', 'paid', 'void') and the hold release date.",
              {"ticket_id": {"type": "string", "description": "Ticket id, e.g. 'TKT-2025-048812'."}}),
    ]}
    target = Target(id="x", kind="sequential", domain="set46a", offered=list(tools), calls=[
        ToolCall(tool="open_scale_ticket", arguments={"gross_weight_lb": "9240"}),
        ToolCall(tool="get_ticket", arguments={"ticket_id": "TKT-2025-713566"})],
        bindings=[Binding(call=1, param="ticket_id", from_call=0)])
    for seed in range(6):
        out = ast.literal_eval(simulate_all(target, tools, random.Random(seed))[1])
        rows = next((v for v in out.values() if isinstance(v, list)), [out])
        assert all(r.get("status", "open") == "open" for r in rows), out  # never 'paid' right after opening


def test_a_later_number_the_prose_keeps_under_an_earlier_one_is_drawn_under_it() -> None:
    import random

    from generator.traject.bind import sample_chain

    ticket = {"ticket_id": {"type": "string", "description": "Ticket id, e.g. 'TKT-2025-048812'."}}
    tools = {t.name: t for t in [
        _tool("open_scale_ticket", "Open an inbound scale ticket. Returns ticket_id, e.g. 'TKT-2025-048812'.",
              {"gross_weight_lb": {"type": "integer", "minimum": 1000, "maximum": 120000, "multipleOf": 20,
                                   "description": "Loaded weight in pounds."}}),
        _tool("record_tare_weight", "Weigh the empty vehicle. The tare must be less than the ticket's gross weight.",
              {**ticket, "tare_weight_lb": {"type": "integer", "minimum": 1000, "maximum": 80000, "multipleOf": 20,
                                            "description": "Empty vehicle weight in pounds."}}),
    ]}
    edge = build_graph(list(tools.values())).edge("open_scale_ticket", "record_tare_weight")
    assert edge is not None
    for seed in range(30):
        calls = sample_chain("x", [("open_scale_ticket", None), ("record_tare_weight", edge)], tools,
                             random.Random(seed)).calls
        gross, tare = calls[0].arguments["gross_weight_lb"], calls[1].arguments["tare_weight_lb"]
        assert tare < gross and tare % 20 == 0, (gross, tare)
