"""Phrasing the set-38 session fixed: a form's letter after its capitalized name ("issue Form A")
is part of the object, never an article cut off its noun."""

from __future__ import annotations

from generator.records import Tool
from tests.test_phrasing_set34 import _explicit


def _tool(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return Tool(name=name, app="ops", api=name, domain="forms_set38", description=description,
                parameters={"type": "object", "properties": props, "required": required})


def test_a_forms_letter_stays_with_its_name() -> None:
    from generator.phrasebook.intent import intent_of

    close = _tool("close_inspection", "Close an inspection and issue Form A (and Form B when there are "
                  "deficiencies) to the master. Returns the report number.",
                  {"inspection_id": {"type": "string", "description": "Inspection id, e.g. 'INS-2025-000123'."}},
                  ["inspection_id"])
    assert intent_of(close) == "close an inspection and issue Form A"
    said = _explicit(close, {"inspection_id": "INS-2025-604876"})
    assert "issue Form A for inspection INS-2025-604876" in said, said
    book = _tool("book_slot", "Book a slot and pay a fee.", {"slot_id": {"type": "string"}}, ["slot_id"])
    assert not intent_of(book).endswith(" a"), intent_of(book)


def test_a_quantity_counted_in_hundreds_of_kilograms_is_in_kilograms() -> None:
    from generator.phrasebook.terms import term

    t = term("quantity_kg", {"type": "number", "description": "Quantity transferred in kg live weight, in whole "
                                                              "hundreds of kilograms (e.g. 2500)."})
    assert t.unit == "kg", t


_CFR = {"type": "string", "pattern": "^[A-Z]{3}[A-Z0-9]{9}$"}
_TRANSFER = _tool("transfer_quota", "Transfer quota of one stock between two vessels of the same producer organisation.",
                  {"from_cfr": {**_CFR, "description": "CFR of the vessel giving the quota, e.g. 'IRL000I12345'."},
                   "to_cfr": {**_CFR, "description": "CFR of the vessel receiving the quota, e.g. 'IRL000I10987'."},
                   "stock_code": {"type": "string", "description": "EU TAC stock code, e.g. 'HKE/571214'."}},
                  ["from_cfr", "to_cfr", "stock_code"])


def test_the_two_sides_of_a_transfer_are_from_and_to() -> None:
    said = _explicit(_TRANSFER, {"from_cfr": "IRL604I87647", "to_cfr": "IRL840I80160", "stock_code": "HKE/571214"})
    assert "from IRL604I87647 to IRL840I80160" in said, said
    assert "starting" not in said and "ending" not in said, said


def test_a_codes_own_full_stop_ends_no_sentence() -> None:
    said = _explicit(_TRANSFER, {"from_cfr": "IRL604I87647", "to_cfr": "IRL840I80160", "stock_code": "NEP/07."})
    assert "NEP/07. from" in said or said.rstrip("?.!").endswith("NEP/07"), said
    assert "NEP/07. From" not in said, said


def test_a_code_glossed_in_its_list_is_said_by_its_gloss_even_when_it_is_a_word() -> None:
    species = {"type": "string", "enum": ["COD", "HAD", "WHG"],
               "description": "FAO 3-alpha species code: COD cod, HAD haddock, WHG whiting."}
    tool = _tool("get_species_rules", "Get the landing rules of a species.", {"species": species}, ["species"])
    said = _explicit(tool, {"species": "HAD"})
    assert "haddock" in said and " had" not in said.lower().replace("haddock", ""), said


def test_an_initialism_takes_the_article_of_its_first_letters_name() -> None:
    from generator.core.inflection import engine

    assert engine().a("UTC date") == "a UTC date"
    assert engine().a("FAO gear code") == "an FAO gear code"
    assert engine().a("EU code") == "an EU code"
    assert engine().a("SIM card") == "a SIM card"  # said as a word: inflect decides
    assert engine().a("hour") == "an hour"


def test_a_rate_named_by_two_units_is_per_the_second() -> None:
    from generator.core import semantic
    from generator.phrasebook.terms import term

    t = term("heat_input_btu_hr", {"type": "integer", "description": "Maximum heat input in BTU per hour from the "
                                                                     "nameplate, e.g. 2000000."})
    assert t.unit == "BTU/hr", t
    spec = {"type": "integer", "description": "Maximum heat input in BTU per hour from the nameplate."}
    assert semantic.infer("heat_input_btu_hr", spec) != "hour"


def test_a_prior_notification_is_a_name_not_a_replaced_one() -> None:
    cancel = _tool("cancel_prior_notification", "Cancel an active prior notification of return.",
                   {"pno_id": {"type": "string", "pattern": "^PNO-[0-9]{8}$",
                               "description": "Prior notification id, 'PNO-' and 8 digits, e.g. 'PNO-00093517'."}},
                   ["pno_id"])
    said = _explicit(cancel, {"pno_id": "PNO-66448162"})
    assert "replacing" not in said and "PNO-66448162" in said, said


def test_a_county_is_said_as_a_county() -> None:
    search = _tool("search_sites", "Search the sites registered with the state program of Ohio.",
                   {"county": {"type": "string", "description": "Ohio county name without the word 'County', e.g. "
                                                                "'Franklin', 'Cuyahoga', 'Hamilton'."}}, [])
    said = _explicit(search, {"county": "Hamilton"})
    assert "in Hamilton County" in said and "ohio county" not in said.lower(), said


def test_an_owner_shown_by_organisations_is_no_city_and_no_person() -> None:
    from generator.core import semantic

    owner = {"type": "string", "description": "Owner or operator name, or part of it, e.g. 'Riverside Methodist "
                                              "Hospital' or 'Columbus City Schools'."}
    assert semantic.infer("owner_name", owner) != "city"


def test_a_doing_resumed_is_done_by_it() -> None:
    from generator.phrasebook.terms import _reason_clause

    assert _reason_clause("resumed fishing") == "because it resumed fishing"


def test_a_flag_named_by_how_totals_are_split_says_that() -> None:
    from generator.phrasebook.fragments import bool_words

    said, unsaid = bool_words("by_rectangle", "When true, break the totals down further by ICES statistical rectangle.")
    assert said == "broken down by rectangle" and "without by" not in unsaid, (said, unsaid)


def test_a_history_hint_names_the_thing_of_a_noun_of_the_tools_object() -> None:
    from generator.core.plan import history_noun

    search = _tool("search_sites", "Search the sites registered with the program.",
                   {"city": {"type": "string", "description": "City of the site, e.g. 'Dayton'."}}, [])
    assert history_noun("city", search) == "city"


def test_a_place_code_is_said_by_its_name_and_a_move_from_one_to_another() -> None:
    location = {"type": "string", "pattern": "^(CAPE_HENLOPEN|MARCUS_HOOK_ANCH|[A-Z]{3}-[A-Z]{2,4}-[0-9]{1,2})$",
                "description": "Location code: CAPE_HENLOPEN (sea pilot station off Lewes, DE), MARCUS_HOOK_ANCH "
                               "(Marcus Hook anchorage), or a berth_id, e.g. 'PHL-PMT-5'."}
    order = _tool("create_pilot_order", "Order a pilot for a move.",
                  {"from_location": location, "to_location": location}, ["from_location", "to_location"])
    said = _explicit(order, {"from_location": "CAPE_HENLOPEN", "to_location": "MARCUS_HOOK_ANCH"})
    assert "from Cape Henlopen to Marcus Hook anchorage" in said, said


def test_a_draft_aft_is_named_beside_the_draft_forward() -> None:
    feet = {"type": "number", "minimum": 8, "maximum": 45}
    order = _tool("create_pilot_order", "Order a pilot for a move.",
                  {"draft_fwd_ft": {**feet, "description": "Draft forward in salt water, feet and tenths, e.g. 36.2."},
                   "draft_aft_ft": {**feet, "description": "Draft aft in salt water, feet and tenths, e.g. 37.0."}},
                  ["draft_fwd_ft", "draft_aft_ft"])
    said = _explicit(order, {"draft_fwd_ft": 34.3, "draft_aft_ft": 36.0})
    assert "a draft forward of 34.3 feet" in said and "a draft aft of 36 feet" in said, said


def test_a_codes_closing_letter_is_no_article() -> None:
    from generator.core.textquality import article

    assert article("Can you get the rules in 27.6.a with species HKE?") == []
    assert article("Book a with the thing")  # still an article with no noun


def test_a_code_described_by_its_owner_is_said_by_the_owner() -> None:
    order = _tool("create_pilot_order", "Order a pilot for a move.",
                  {"agent_code": {"type": "string", "pattern": "^AG-[0-9]{4}$",
                                  "description": "Ship agent's account code, 'AG-' and 4 digits, e.g. 'AG-0147'."}},
                  ["agent_code"])
    said = _explicit(order, {"agent_code": "AG-6695"})
    assert "agent AG-6695" in said and "account code" not in said, said


def test_a_reading_read_on_the_marks_is_the_reading() -> None:
    from generator.phrasebook.terms import term

    t = term("observed_draft_fwd_ft", {"type": "number", "description": "Draft forward read on the marks by the "
                                                                        "pilot, feet and tenths."})
    assert t.noun == "draft forward", t


def test_a_register_number_described_by_its_parts_is_an_id_never_a_place() -> None:
    get = _tool("get_vessel", "Get the vessel's register and licence record.",
                {"cfr": {"type": "string", "pattern": "^[A-Z]{3}[A-Z0-9]{9}$",
                         "description": "Community Fleet Register number of the vessel: the flag state's ISO 3-letter "
                                        "code and 9 letters or digits, e.g. 'IRL000I12345'."}}, ["cfr"])
    said = _explicit(get, {"cfr": "IRL604I87647"})
    assert " in IRL604I87647" not in said and "IRL604I87647" in said, said


def test_codes_glossed_with_names_are_said_by_the_names() -> None:
    from generator.phrasebook.fragments import enum_words

    spec = {"type": "string", "enum": ["KFO", "FROM_NORD", "OPP_LORIENT"],
            "description": "Producer organisation code: KFO Killybegs Fishermen's Organisation, FROM_NORD FROM Nord "
                           "(Boulogne), OPP_LORIENT Lorient PO."}
    assert [enum_words(v, "po", spec) for v in spec["enum"]] == ["Killybegs Fishermen's Organisation", "FROM Nord",
                                                                 "Lorient PO"]


def test_a_measure_of_the_ship_and_a_reach_by_its_name() -> None:
    from generator.phrasebook.fragments import enum_words
    from generator.phrasebook.terms import _reason_clause, term

    t = term("draft_ft", {"type": "number", "description": "Deepest draft of the ship in salt water, feet and tenths."})
    assert t.noun == "deepest draft", t
    reach = {"type": "string", "enum": ["marcus_hook", "philadelphia", "standard"],
             "description": "Upper end of the transit: marcus_hook (up to Marcus Hook range), philadelphia (to Packer "
                            "Avenue and Pier 80)."}
    assert [enum_words(v, "reach", reach) for v in ("marcus_hook", "philadelphia")] == ["Marcus Hook", "Philadelphia"]
    assert enum_words("standard", "reach", reach) is None  # a word, no town
    assert _reason_clause("move no longer needed") == "because the move is no longer needed"
