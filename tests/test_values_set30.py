"""Values read in sets 29 and 30 that the catalog's prose leaves to trade knowledge: a vehicle's
odometer holds the miles of its life (tens to hundreds of thousands), never a trip's 35 miles."""

from __future__ import annotations

import random

from generator.core.values import value_for


def _draws(spec: dict, name: str, n: int = 40) -> list:
    rng = random.Random(3)
    return [value_for(spec, rng, name=name) for _ in range(n)]


def test_an_odometer_with_no_range_reads_a_vehicle_s_life() -> None:
    for name, description in (("odometer_miles", "Odometer at the pump, in miles."),
                              ("odo_km", "Odometer reading when the van left the depot, km.")):
        drawn = _draws({"type": "integer", "description": description}, name)
        assert min(drawn) >= 10_000 and max(drawn) <= 1_000_000, drawn


def test_a_search_given_an_exact_number_is_given_nothing_else() -> None:
    from generator.core.values import sample_arguments
    from generator.records import Tool

    tool = Tool(name="search_members", app="club", api="search_members", domain="club",
                description="Search the club's member roster by name, member number or membership class.",
                parameters={"type": "object", "required": [], "properties": {
                    "last_name": {"type": "string", "description": "Last name or its beginning."},
                    "member_number": {"type": "string", "pattern": "^M-[0-9]{4}$",
                                      "description": "Exact member number, e.g. 'M-2231'."},
                    "membership_class": {"type": "string", "enum": ["junior", "senior"], "description": "Class."}}})
    rng = random.Random(5)
    drawn = [sample_arguments(tool, rng, optional_rate=0.9) for _ in range(30)]
    assert any("member_number" in a for a in drawn) and any(len(a) > 1 for a in drawn), drawn
    assert all(set(a) == {"member_number"} for a in drawn if "member_number" in a), drawn


def test_a_flag_the_description_says_must_be_true_is_true() -> None:
    spec = {"type": "boolean", "description": "True when the receiver repeated the value back. Must be true."}
    assert set(_draws(spec, "read_back")) == {True}


def test_an_ordinal_after_a_record_number_stays_small() -> None:
    spec = {"type": "string", "description": "Pool identifier: the customer number followed by the pool's number "
                                             "on the property, e.g. 'P-10482-1' (a spa on the same property is 'P-10482-2')."}
    drawn = _draws(spec, "pool_id")
    assert {v.rsplit("-", 1)[1] for v in drawn} <= {"1", "2"} and len({v.split("-")[1] for v in drawn}) > 3, drawn


def test_codes_of_a_published_set_and_makers_part_numbers_are_the_ones_shown() -> None:
    icd = {"type": "string", "pattern": "^[A-Z][0-9][0-9A-Z](\\.[0-9A-Z]{1,4})?$",
           "description": "ICD-10-CM diagnosis code, with the dot, e.g. 'E11.9', 'E78.5', 'Z00.00'."}
    assert set(_draws(icd, "diagnosis_code")) <= {"E11.9", "E78.5", "Z00.00"}
    part = {"type": "string", "description": "Manufacturer part number, e.g. 'W3T-CELL-15'."}
    assert set(_draws(part, "part_number")) == {"W3T-CELL-15"}


def test_an_id_holding_its_day_of_the_year_holds_a_real_day() -> None:
    spec = {"type": "string", "pattern": "^A[0-9]{9}$", "description": "Accession number: 'A', the 2-digit year, "
                                                                        "the 3-digit day of the year and a 4-digit "
                                                                        "sequence, e.g. 'A251840917'."}
    drawn = _draws(spec, "accession_number")
    assert all(v[1:3] == "25" and 1 <= int(v[3:6]) <= 366 for v in drawn) and len(set(drawn)) > 30, drawn


def test_a_search_keyword_shown_by_example_words_is_no_phone() -> None:
    spec = {"type": "string", "description": "What to look for, e.g. 'lid o-ring', 'TurboCell', '420 sq ft cartridge'."}
    assert not any(any(c.isdigit() for c in v) and "sq ft" not in v for v in _draws(spec, "keyword"))


def _tool(properties: dict, required: list[str], description: str = "Do it.", name: str = "do_it"):
    from generator.records import Tool

    return Tool(name=name, app="x", api=name, domain="x", description=description,
                parameters={"type": "object", "required": required, "properties": properties})


def test_a_time_said_to_come_hours_after_another_comes_after_it() -> None:
    from generator.core.values import sample_arguments

    clock = {"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"}
    tool = _tool({"ready_time": {**clock, "description": "Time the freight is ready on the dock, HH:MM 24-hour."},
                  "close_time": {**clock, "description": "Time the dock closes, HH:MM 24-hour; at least 2 hours "
                                                         "after ready_time."}}, ["ready_time", "close_time"])
    rng = random.Random(4)
    for _ in range(30):
        a = sample_arguments(tool, rng)
        assert a["ready_time"] < a["close_time"], a


def test_a_party_s_own_number_is_not_another_s_format_and_ten_digits_dial() -> None:
    from generator.core.values import sample_arguments

    tool = _tool({"pickup_confirmation": {"type": "string", "description": "Confirmation number, e.g. 'PU-2049913'."},
                  "consignee_confirmation": {"type": "string", "description": "Confirmation number from the receiver."},
                  "contact_phone": {"type": "string", "pattern": "^[0-9]{10}$", "description": "Ten-digit phone number."}},
                 ["pickup_confirmation", "consignee_confirmation", "contact_phone"])
    from generator.core.lore import annotate

    tool = annotate([tool])[0]  # the catalog's lore: what other parameters show
    rng = random.Random(2)
    for _ in range(30):
        a = sample_arguments(tool, rng)
        assert not a["consignee_confirmation"].startswith("PU-"), a
        assert a["contact_phone"][0] in "23456789" and a["contact_phone"][3] in "23456789", a


def test_a_person_s_sex_fits_their_first_name() -> None:
    from generator.core.values import sample_arguments

    tool = _tool({"first_name": {"type": "string", "description": "First name."},
                  "sex": {"type": "string", "enum": ["F", "M"], "description": "Sex at birth."}}, ["first_name", "sex"])
    from faker.providers.person.en_US import Provider

    rng = random.Random(6)
    for _ in range(40):
        a = sample_arguments(tool, rng)
        other = Provider.first_names_male if a["sex"] == "F" else Provider.first_names_female
        names = Provider.first_names_female if a["sex"] == "F" else Provider.first_names_male
        assert a["first_name"] in names or a["first_name"] not in other, a


def test_a_change_takes_a_change_not_only_its_day_or_its_reason() -> None:
    from generator.core.values import sample_arguments

    tool = _tool({"customer_id": {"type": "string", "description": "Customer account number, e.g. 'C-10482'."},
                  "plan": {"type": "string", "enum": ["weekly", "biweekly"], "description": "New plan."},
                  "monthly_rate_usd": {"type": "number", "minimum": 50, "maximum": 600, "description": "New rate."},
                  "effective_date": {"type": "string", "description": "First day of the new plan, YYYY-MM-DD."},
                  "reason": {"type": "string", "description": "Why the plan changes, e.g. 'Customer moving to "
                                                              "chemical-only for the winter'."}},
                 ["customer_id", "effective_date"], "Change a customer's service plan or rate.", "change_service_plan")
    rng = random.Random(8)
    for _ in range(80):
        a = sample_arguments(tool, rng, optional_rate=0.3)
        assert {"plan", "monthly_rate_usd"} & set(a), a


def test_what_a_status_needs_said_once_for_two_statuses() -> None:
    from generator.core.values import sample_arguments

    tool = _tool({"work_order_id": {"type": "string", "description": "Work order number, e.g. 'WO-24518'."},
                  "status": {"type": "string", "enum": ["open", "scheduled", "completed"], "description": "New status."},
                  "scheduled_date": {"type": "string", "description": "Date the work is scheduled, YYYY-MM-DD."},
                  "labor_hours": {"type": "number", "minimum": 0.25, "maximum": 40, "description": "Labor hours billed."},
                  "resolution_notes": {"type": "string", "description": "What was done."}},
                 ["work_order_id", "status"], "Update a work order. scheduled_date is required when status is "
                 "scheduled; labor_hours and resolution_notes when status is completed.", "update_work_order")
    rng = random.Random(9)
    drawn = [sample_arguments(tool, rng) for _ in range(40)]
    done = [a for a in drawn if a["status"] == "completed"]
    assert done and all({"labor_hours", "resolution_notes"} <= set(a) for a in done), done
    assert all("labor_hours" not in a for a in drawn if a["status"] != "completed"), drawn


def test_a_reading_keeps_to_the_target_its_description_gives() -> None:
    alkalinity = {"type": "integer", "description": "Total alkalinity in ppm, 0 to 300, in steps of 10. Target 70 to "
                                                    "120 (60 to 80 on salt pools)."}
    assert all(70 <= v <= 120 for v in _draws(alkalinity, "total_alkalinity_ppm"))
    salt = {"type": "integer", "description": "Salt in ppm, 0 to 6000; most cells want 2700 to 3400 (3200 ideal)."}
    assert all(2700 <= v <= 3400 for v in _draws(salt, "salt_ppm"))
    ph = {"type": "number", "description": "pH, 6.8 to 8.2 in steps of 0.1. Target 7.4 to 7.8."}
    assert all(7.4 <= v <= 7.8 for v in _draws(ph, "ph"))


def test_a_unit_follows_what_it_measures_as_the_prose_says() -> None:
    from generator.core.values import sample_arguments

    tool = _tool({"chemical": {"type": "string", "enum": ["liquid_chlorine", "muriatic_acid", "trichlor_tablets",
                                                          "salt", "soda_ash", "dry_acid"], "description": "Chemical."},
                  "amount": {"type": "number", "description": "Quantity added, greater than 0, in unit."},
                  "unit": {"type": "string", "enum": ["gal", "qt", "fl_oz", "lb", "oz", "tablets", "bags_40lb"],
                           "description": "Unit of amount; must fit the chemical's form (see above)."}},
                 ["chemical", "amount", "unit"],
                 "Record a chemical added to a pool. Liquids (liquid chlorine 12.5%, muriatic acid 31.45%) are "
                 "measured in gal, qt or fl_oz; powders and granules in lb or oz; trichlor in 3-inch tablets; salt in "
                 "40 lb bags. Returns the addition's id.")
    fits = {"liquid_chlorine": {"gal"}, "muriatic_acid": {"gal"},  # the first the prose gives: never 3 fl oz
            "trichlor_tablets": {"tablets"}, "salt": {"bags_40lb"}, "soda_ash": {"lb", "oz"}, "dry_acid": {"lb", "oz"}}
    rng = random.Random(10)
    for _ in range(40):
        a = sample_arguments(tool, rng)
        assert a["unit"] in fits[a["chemical"]], a
        assert a["unit"] not in ("tablets", "bags_40lb") or a["amount"] == int(a["amount"]), a


def test_a_unit_named_before_what_it_measures() -> None:
    from generator.core import quantities

    said = ("Unit of the value: mmol/L for potassium and sodium, mg/dL for glucose and calcium, g/dL for hemoglobin, "
            "x10^3/uL for platelets and WBC, ratio for INR.")
    units = ["mmol/L", "mg/dL", "g/dL", "x10^3/uL", "ratio"]
    assert [quantities.unit_for(said, units, v) for v in ("sodium", "calcium", "wbc", "inr")] == \
        ["mmol/L", "mg/dL", "x10^3/uL", "ratio"]


def test_zip_codes_are_delivering_ones_of_their_town() -> None:
    import zipcodes

    from generator.core.values import sample_arguments

    spec = {"type": "string", "pattern": "^[0-9]{5}$", "description": "Five-digit ZIP code of the dock."}
    drawn = _draws(spec, "origin_zip")
    assert all(zipcodes.matching(z)[0]["zip_code_type"] == "STANDARD" for z in drawn), drawn
    address = {"type": "object", "properties": {
        "street": {"type": "string", "description": "Street address."},
        "city": {"type": "string", "description": "City."},
        "state": {"type": "string", "pattern": "^[A-Z]{2}$", "description": "USPS state code."},
        "zip": {"type": "string", "pattern": "^[0-9]{5}$", "description": "ZIP code."},
        "phone": {"type": "string", "pattern": "^[0-9]{10}$", "description": "Ten-digit phone number."}},
        "required": ["street", "city", "state", "zip", "phone"]}
    tool = _tool({"new_consignee": address}, ["new_consignee"])
    rng = random.Random(11)
    for _ in range(20):
        a = sample_arguments(tool, rng)["new_consignee"]
        place = zipcodes.matching(a["zip"])[0]
        assert (place["city"], place["state"]) == (a["city"], a["state"]), a
        assert a["phone"][0] in "23456789", a


def test_a_zip_beside_its_city_alone_is_that_city_s() -> None:
    import zipcodes

    from generator.core.values import sample_arguments

    tool = _tool({"city": {"type": "string", "description": "City of the dock."},
                  "zip": {"type": "string", "pattern": "^[0-9]{5}$", "description": "ZIP code of the dock."}},
                 ["city", "zip"])
    rng = random.Random(12)
    for _ in range(20):
        a = sample_arguments(tool, rng)
        place = zipcodes.matching(a["zip"])
        assert place and place[0]["city"] == a["city"] and place[0]["zip_code_type"] == "STANDARD", a
    known = _tool({"city": {"type": "string", "enum": ["Chicago", "Seattle", "Denver"], "description": "City."},
                   "zip": {"type": "string", "pattern": "^[0-9]{5}$", "description": "ZIP code."}}, ["city", "zip"])
    for _ in range(20):
        a = sample_arguments(known, rng)
        place = zipcodes.matching(a["zip"])
        assert place and place[0]["city"] == a["city"] and place[0]["zip_code_type"] == "STANDARD", a


def test_a_line_of_an_order_holds_a_few_of_a_thing() -> None:
    spec = {"type": "integer", "minimum": 1, "maximum": 20, "description": "Quantity, 1 to 20."}
    assert max(_draws(spec, "quantity")) <= 3


def test_an_only_flag_set_false_filters_nothing_and_is_left_out() -> None:
    from generator.core.values import sample_arguments

    tool = _tool({"zip": {"type": "string", "pattern": "^[0-9]{5}$", "description": "ZIP code."},
                  "walk_ins": {"type": "boolean", "description": "Only centers that take walk-ins."}}, ["zip"],
                 "Find patient service centers near a ZIP code.", "find_service_centers")
    rng = random.Random(13)
    drawn = [sample_arguments(tool, rng, optional_rate=0.9) for _ in range(30)]
    assert any(a.get("walk_ins") is True for a in drawn) and all(a.get("walk_ins") is not False for a in drawn), drawn
