"""Chains of a catalog that names its things by numbers and says its outputs in prose (set 23:
an aircraft shop's work order numbers, a library's OCLC and transaction numbers), and the values
such a catalog's descriptions fix."""

from __future__ import annotations

import random
from typing import Any

from generator.core import values
from generator.core.constraints import constraint_problems
from generator.core.value_sense import dated_ids
from generator.records import Tool
from generator.traject import graph
from generator.traject.determined import names

DOMAIN = "aircraft_maintenance"
WO = {"type": "string", "pattern": "^WO-[0-9]{2}-[0-9]{4}$", "description": "Work order number, WO-YY-NNNN."}


def _tool(name: str, props: dict[str, Any], description: str, required: list[str] | None = None,
          domain: str = DOMAIN) -> Tool:
    params = {"type": "object", "properties": props, "required": required if required is not None else list(props)}
    return Tool(name=name, app="", api=name, description=description, domain=domain, parameters=params)


OPEN = _tool("open_work_order", {"registration": {"type": "string"}},
             "Open a work order when an aircraft is brought in. Returns the new work order number (WO-YY-NNNN). "
             "An annual inspection may be combined with its 100-hour.")
SQUAWK = _tool("add_squawk", {"work_order_id": WO, "description": {"type": "string"}},
               "Record a discrepancy found on the aircraft. Returns the squawk id (SQ-NNNNNN).")
SEARCH_ADS = _tool("search_airworthiness_directives", {"model": {"type": "string"}},
                   "Search FAA airworthiness directives. Returns AD numbers (YYYY-NN-NN), subject, effective "
                   "date, whether the AD is recurring and its interval.")
COMPLY = _tool("record_ad_compliance", {"work_order_id": WO, "ad_number": {"type": "string"}},
               "Record how an airworthiness directive was complied with on this visit.")
LOGBOOK = _tool("create_logbook_entry", {"work_order_id": WO, "text": {"type": "string"}},
                "Write a logbook entry. An annual inspection return to service must be signed by an IA.")
TOOLS = [OPEN, SQUAWK, SEARCH_ADS, COMPLY, LOGBOOK]


def test_numbers_a_trade_names_its_things_by_are_identifiers() -> None:
    for name in ("work_order_number", "oclc_number", "transaction_number", "patron_barcode", "ad_numbers"):
        assert graph.is_id_param(name), name
    for name in ("phone_number", "page_number", "card_number", "number", "total_number"):
        assert not graph.is_id_param(name), name


def test_one_thing_returned_is_read_as_a_field() -> None:
    assert graph.output_fields(OPEN) == ["work_order_number"]
    assert graph.output_fields(SQUAWK) == ["squawk_id"]


def test_asides_in_parentheses_are_no_items() -> None:
    assert graph.output_fields(SEARCH_ADS)[:3] == ["ad_numbers", "subject", "effective_date"]


def test_return_to_service_is_no_returns_clause() -> None:
    assert graph.returns_clause(LOGBOOK.description) == ""


def test_a_work_order_number_feeds_a_work_order_id_and_ad_numbers_an_ad_number() -> None:
    g = graph.build_graph(TOOLS)
    fed = {(e.tool, tuple(e.params)) for e in g.successors("open_work_order")}
    assert ("add_squawk", ("work_order_id",)) in fed and ("record_ad_compliance", ("work_order_id",)) in fed
    assert {(e.tool, tuple(e.params)) for e in g.successors("search_airworthiness_directives")} == \
        {("record_ad_compliance", ("ad_number",))}
    assert graph.source_field(OPEN, SQUAWK, "work_order_id") == "work_order_number"


def test_a_guessed_output_feeds_no_number() -> None:
    receive = _tool("receive_item", {"transaction_number": {"type": "integer"}}, "Check in an item received.")
    ship = _tool("ship_lending_item", {"item_barcode": {"type": "string"}}, "Ship one of our items.")
    assert graph.id_source(receive, ship, "item_barcode") == ""


def test_the_checker_reads_a_work_order_number_as_the_work_order_id() -> None:
    assert names("work_order_number", "work_order_id")
    assert not names("squawk_id", "work_order_id")


def test_digits_shaped_like_a_day_that_are_none_do_not_crash() -> None:
    tool = _tool("search_parts", {"part_number": {"type": "string"}, "ref": {"type": "string"}}, "Search parts.")
    args = {"part_number": "5134-00-56", "ref": "PO-20250601"}
    assert dated_ids(tool, args, random.Random(1), frozenset()) == args


def test_iso_8601_local_time_is_a_date_and_time() -> None:
    schema = {"type": "string", "description": "When the crew expects to arrive, ISO 8601 local time."}
    value = values.value_for(schema, random.Random(1), name="eta")
    assert isinstance(value, str) and value[:4].isdigit() and "T" in value and not value.endswith("Z"), value


def test_a_low_test_comes_before_the_high_one_and_keeps_its_stated_range() -> None:
    bop = _tool("record_bop_test", {"low_test_psi": {"type": "integer", "description": "Low test in psi, 250 to 350."},
                                   "high_test_psi": {"type": "integer", "description": "High test in psi."}},
                "Record a BOP test.")
    assert constraint_problems(bop, {"low_test_psi": 300, "high_test_psi": 19})
    for args in _drawn_in_order(bop, "low_test_psi", "high_test_psi", 3):
        assert 250 <= args["low_test_psi"] <= 350, args


def _drawn_in_order(tool: Tool, first: str, second: str, seed: int) -> list[dict[str, Any]]:
    """Twenty draws of `tool`, each with `first` below `second`."""
    rng = random.Random(seed)
    drawn = [values.sample_arguments(tool, rng, optional_rate=1.0) for _ in range(20)]
    assert all(a[first] < a[second] for a in drawn), drawn
    return drawn


def test_a_number_the_description_puts_below_another_stays_below() -> None:
    from generator.core import dependencies
    checkin = _tool("open_work_order", {"hobbs_in": {"type": "number", "description": "Hobbs meter, hours."},
                                        "tach_in": {"type": "number", "description": "Tach meter, hours."}},
                    "Open a work order. Hobbs and tach times are read at check-in; tach time is always lower "
                    "than or equal to Hobbs time. Returns the new work order number.")
    rules = [r for r in dependencies.rules(checkin.description, checkin.properties) if r.kind == "below"]
    assert [(r.subject, r.others) for r in rules] == [("tach_in", ("hobbs_in",))]
    assert dependencies.problems(checkin.description, checkin.properties, {"hobbs_in": 2410.9, "tach_in": 8307.0})
    rng = random.Random(4)
    for _ in range(20):
        args = values.sample_arguments(checkin, rng, optional_rate=1.0)
        assert args["tach_in"] <= args["hobbs_in"], args
    own = _tool("log_depths", {"start_ft": {"type": "integer"},
                               "end_ft": {"type": "integer", "description": "Must be at least start_ft."}}, "Log.")
    assert [(r.subject, r.others) for r in dependencies.rules(own.description, own.properties)
            if r.kind == "below"] == [("start_ft", ("end_ft",))]


def test_a_search_that_needs_one_of_its_terms_gets_one() -> None:
    from generator.core import dependencies
    search = _tool("search_worldcat", {"title": {"type": "string"}, "author": {"type": "string"},
                                       "isbn": {"type": "string"}, "limit": {"type": "integer"}},
                   "Search WorldCat. Give at least one of title, author or isbn. Returns OCLC numbers.", required=[])
    assert dependencies.problems(search.description, search.properties, {"limit": 10})
    rng = random.Random(1)
    for _ in range(20):
        args = values.sample_arguments(search, rng, optional_rate=0.2)
        assert {"title", "author", "isbn"} & set(args), args


LIB = "interlibrary_loan"


def _lib(name: str, props: dict[str, Any], description: str, required: list[str] | None = None) -> Tool:
    return _tool(name, props, description, required, LIB)


TXN = {"type": "integer", "description": "ILLiad transaction number."}
BORROW = _lib("create_borrowing_request", {"oclc_number": {"type": "string"},
                                           "request_type": {"type": "string", "enum": ["loan", "copy"]}},
              "Create a borrowing request for a patron. Returns the transaction number.")
SEARCH = _lib("search_requests", {"role": {"type": "string", "enum": ["borrowing", "lending"]},
                                  "created_after": {"type": "string", "description": "Only transactions created on or "
                                                                                     "after this date, YYYY-MM-DD."}},
              "Search transactions in the ILL queue, newest first.", required=[])
GET = _lib("get_request", {"transaction_number": TXN}, "Get a borrowing or lending transaction.")
SHIP = _lib("ship_lending_item", {"transaction_number": TXN}, "Ship one of our items to a borrowing library.")
DELIVER = _lib("deliver_article", {"transaction_number": TXN},
               "Post a scanned article to the patron's account for a copy request. The PDF stays available.")


def test_a_borrowing_request_is_never_shipped_as_a_loan_of_ours() -> None:
    assert graph.opposite_sides(BORROW, SHIP)
    assert not graph.opposite_sides(BORROW, GET)
    g = graph.build_graph([BORROW, SEARCH, GET, SHIP, DELIVER])
    assert "ship_lending_item" not in {e.tool for e in g.successors("create_borrowing_request")}


def test_a_search_finds_what_its_getter_looks_up() -> None:
    g = graph.build_graph([BORROW, SEARCH, GET, SHIP, DELIVER])
    assert ("get_request", ("transaction_number",)) in {(e.tool, tuple(e.params)) for e in g.successors("search_requests")}


def test_the_first_call_is_of_the_kind_the_next_tool_names() -> None:
    from generator.traject.bind import first_call

    rng = random.Random(3)
    assert {first_call(BORROW, rng, 0.5, DELIVER)["request_type"] for _ in range(10)} == {"copy"}
    assert {first_call(SEARCH, rng, 0.9, SHIP).get("role") for _ in range(10)} == {"lending"}


def test_a_search_by_when_things_were_created_looks_back() -> None:
    from generator.core import lore

    search = lore.annotate([SEARCH])[0]
    rng = random.Random(2)
    days = [values.sample_arguments(search, rng, optional_rate=1.0).get("created_after") for _ in range(10)]
    assert all(d <= values.REFERENCE_TIME.strftime("%Y-%m-%d") for d in days if d), days


def test_the_next_reading_due_comes_after_the_one_it_counts_from() -> None:
    ad = _tool("record_ad_compliance", {"tach_at_compliance": {"type": "number", "description": "Tach hours."},
                                        "next_due_tach": {"type": "number", "description": "Tach hours when due."}},
               "Record how an AD was complied with.")
    assert constraint_problems(ad, {"tach_at_compliance": 4839.0, "next_due_tach": 4000.0})
    _drawn_in_order(ad, "tach_at_compliance", "next_due_tach", 2)


def test_a_request_just_made_is_not_renewed_or_received_in_the_same_breath() -> None:
    from generator.traject import chains

    renew = _lib("renew_request", {"transaction_number": TXN}, "Ask the lender to renew a loan.")
    g = graph.build_graph([BORROW, SEARCH, GET, renew])
    starts = {(p, e.tool) for p, e in chains.starts(g, ["create_borrowing_request", "search_requests", "get_request",
                                                        "renew_request"])}
    assert ("create_borrowing_request", "renew_request") not in starts
    assert ("search_requests", "renew_request") in starts


def test_a_reason_listed_per_answer_and_a_fee_only_with_one_reason() -> None:
    from generator.core import dependencies

    answer = _lib("answer_lending_request", {
        "answer": {"type": "string", "enum": ["unfilled", "conditional"]},
        "reason": {"type": "string", "description": "Reason code. For 'unfilled' one of: 'in_use', 'not_owned'. "
                                                    "For 'conditional' one of: 'library_use_only', 'cost_exceeds_max'."},
        "charge_usd": {"type": "number", "description": "Fee, US dollars; only with the condition 'cost_exceeds_max'."}},
        "Answer a lending request we cannot fill.", required=["answer", "reason"])
    said = dependencies.problems(answer.description, answer.properties,
                                 {"answer": "conditional", "reason": "in_use", "charge_usd": 12.0})
    assert any(p.startswith("pairs") for p in said) and any(p.startswith("only") for p in said), said
    rng = random.Random(3)
    for _ in range(20):
        args = values.sample_arguments(answer, rng, optional_rate=0.9)
        assert args["reason"] in (("in_use", "not_owned") if args["answer"] == "unfilled"
                                  else ("library_use_only", "cost_exceeds_max")), args
        assert "charge_usd" not in args or args["reason"] == "cost_exceeds_max", args


def test_the_result_searched_for_by_name_is_the_only_one_of_that_name(monkeypatch) -> None:
    from generator.traject import simulate

    monkeypatch.setattr(simulate, "_redrawn", lambda old, f, rng, sub, vocab: old)  # a pool of one name
    rows = [{"vessel_id": "VES-1", "name": "Reel Therapy"}, {"vessel_id": "VES-2", "name": "Reel Therapy"}]
    simulate._mark(rows, ("name", "Reel Therapy"), {"vessel_id": "VES-2"}, "vessel", random.Random(0))
    assert [r.get("name") for r in rows].count("Reel Therapy") == 1, rows
