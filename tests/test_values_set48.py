"""Values fixed in set 48 (an animal shelter, a bail bond agency, a kitchen exhaust cleaning company):
night work past midnight, a date a span or a set of spans after another, a payment plan that adds up,
a down payment that is a share of the premium, a fact of one kind ("Vehicles only", "Real estate and
vehicles:") kept to it, each person's own phone and SSN, round sums beside round examples, a jail
named in its example, a value a flag's act finds, a route per vaccine, a frequency per cooking volume,
a report numbered in the year of the bite it reports."""

from __future__ import annotations

import random
from datetime import date, datetime

from generator.core import allowed, dependencies, lore, quantities, worktime
from generator.core.constraints import pairs_for
from generator.core.values import REFERENCE_TIME, sample_arguments
from generator.records import Tool


def _tool(name: str, description: str, props: dict, required: list[str] | None = None) -> Tool:
    return Tool(name=name, app="desk", api=name, domain="set48", description=description,
                parameters={"type": "object", "required": required or list(props), "properties": props})


def _draws(tool: Tool, n: int = 30) -> list[dict]:
    tool = lore.annotate([tool])[0]
    rng = random.Random(48)
    return [sample_arguments(tool, rng, optional_rate=1.0) for _ in range(n)]


NIGHT = _tool("schedule_cleaning", "Book a night cleaning of a kitchen's exhaust system.", {
    "service_date": {"type": "string", "format": "date", "description": "Night of service, YYYY-MM-DD."},
    "start_time": {"type": "string", "description": "Start time, HH:MM, 24-hour, between 21:00 and 03:00, e.g. '23:30'."}})


def test_a_window_past_midnight_holds_night_hours_only():
    hours = [int(a["start_time"][:2]) for a in _draws(NIGHT)]
    assert all(h >= 21 or h < 3 for h in hours), hours
    assert any(h < 3 for h in hours) or any(h >= 21 for h in hours)


FOSTER = _tool("start_foster_placement", "Send a shelter animal to an approved foster home.", {
    "start_date": {"type": "string", "format": "date", "description": "Date the animal goes to the foster home, YYYY-MM-DD."},
    "expected_return_date": {"type": "string", "format": "date", "description":
                             "Date the animal is expected back, YYYY-MM-DD, 2 to 8 weeks after the start date."}})
STICKER = _tool("issue_certificate_sticker", "Issue the cleaning certificate sticker after a completed cleaning.", {
    "service_date": {"type": "string", "format": "date", "description": "Date of the cleaning, YYYY-MM-DD."},
    "next_service_date": {"type": "string", "format": "date", "description":
                          "Next service due date, YYYY-MM-DD: 1, 3, 6 or 12 months after the service date."}})


def _days(a: dict, first: str, second: str) -> int:
    return (date.fromisoformat(a[second]) - date.fromisoformat(a[first])).days


def test_a_span_after_another_date_is_inside_the_span():
    spans = [_days(a, "start_date", "expected_return_date") for a in _draws(FOSTER)]
    assert all(14 <= d <= 56 for d in spans), spans


def test_spans_listed_after_another_date_are_whole_months_of_the_list():
    for a in _draws(STICKER):
        first, then = date.fromisoformat(a["service_date"]), date.fromisoformat(a["next_service_date"])
        months = (then.year - first.year) * 12 + then.month - first.month
        assert months in (1, 3, 6, 12) and then.day == first.day or then.day < first.day, a


def test_a_next_date_comes_after_its_own_date_by_name():
    pairs = pairs_for({"service_date": {"type": "string"}, "next_service_date": {"type": "string"}})
    assert [(p.first, p.second) for p in pairs] == [("service_date", "next_service_date")]


PLAN = _tool("create_payment_plan", "Set up a payment plan for the unpaid premium on a file. The down payment is at "
             "least one third of the premium; the rest is paid in equal installments, and down payment plus "
             "installments must equal the premium.", {
                 "premium_total": {"type": "number", "description": "Total premium in US dollars, e.g. 2500."},
                 "down_payment": {"type": "number", "description": "Amount paid at signing in US dollars."},
                 "installment_amount": {"type": "number", "description": "Amount of each installment in US dollars."},
                 "number_of_installments": {"type": "integer", "minimum": 1, "maximum": 12,
                                            "description": "Number of installments after the down payment."}})


def test_a_payment_plan_adds_up_to_its_premium_with_a_third_down():
    rules = dependencies.rules(PLAN.description, PLAN.properties)
    assert any(r.kind == "sum" and r.subject == "premium_total" for r in rules), rules
    assert any(r.kind == "share" and r.subject == "down_payment" for r in rules), rules
    assert not any(r.kind == "below" and r.subject == "premium_total" for r in rules), "one third of it is no premium"
    for a in _draws(PLAN):
        total = a["down_payment"] + a["installment_amount"] * a["number_of_installments"]
        assert abs(total - a["premium_total"]) < 0.5, a
        assert a["premium_total"] / 3 - 0.01 <= a["down_payment"] < a["premium_total"], a


COLLATERAL = _tool("record_collateral", "Record collateral an indemnitor puts up to secure a bond.", {
    "collateral_type": {"type": "string", "enum": ["real_estate", "vehicle", "cash", "jewelry"]},
    "loan_balance": {"type": "number", "description": "Real estate and vehicles: total owed on mortgages or loans."},
    "vin": {"type": "string", "description": "Vehicles only: 17-character vehicle identification number."}}, ["collateral_type"])


def test_facts_of_one_kind_are_kept_to_it():
    rules = dependencies.rules(COLLATERAL.description, COLLATERAL.properties)
    only = {r.subject: set(r.values) for r in rules if r.kind == "only"}
    assert only == {"vin": {"vehicle"}, "loan_balance": {"real_estate", "vehicle"}}, rules
    for a in _draws(COLLATERAL):
        assert "vin" not in a or a["collateral_type"] == "vehicle", a


INDEMNITOR = _tool("add_indemnitor", "Add an indemnitor (co-signer) to a bond file.", {
    "phone": {"type": "string", "description": "Indemnitor's mobile phone, e.g. '(951) 555-0172'."},
    "employer": {"type": "string", "description": "Current employer's name."},
    "years_at_employer": {"type": "number", "description": "Years with the current employer, e.g. 3.5."},
    "ssn_last4": {"type": "string", "pattern": "^[0-9]{4}$",
                  "description": "Last four digits of the indemnitor's Social Security number, e.g. '4821'."}})


def test_each_person_has_an_own_phone_ssn_and_an_employer_by_name():
    draws = _draws(INDEMNITOR)
    assert all(a["employer"] != "3.5" for a in draws), "a number's example is no employer"
    assert all(len([c for c in a["phone"] if c.isdigit()]) >= 10 for a in draws), [a["phone"] for a in draws]
    assert sum(a["ssn_last4"] == "4821" for a in draws) <= 1
    assert sum(a["phone"] == "(951) 555-0172" for a in draws) <= 1


def test_an_example_with_an_aside_is_one_example():
    assert allowed.read("Indemnitor's mobile phone, e.g. '(951) 555-0172'.").examples == ("(951) 555-0172",)


BAIL = _tool("quote_premium", "Quote the bond premium for a bail amount.", {
    "bail_amount": {"type": "number", "description": "Total bail in US dollars, as set on the booking, e.g. 25000."}})
POSTING = _tool("post_bond", "Record that a written bond was posted at the jail.", {
    "facility": {"type": "string", "description": "Jail where the bond was posted, e.g. 'Robert Presley Detention "
                 "Center', 'Twin Towers Correctional Facility'."}})


def test_a_sum_beside_a_round_example_is_as_round():
    bails = [float(a["bail_amount"]) for a in _draws(BAIL)]
    assert all(b % 100 == 0 for b in bails), bails  # never 32,228 beside "e.g. 25000"
    assert sum(b % 1000 == 0 for b in bails) >= len(bails) * 0.8, bails


def test_a_named_building_is_kept_as_named():
    assert {a["facility"] for a in _draws(POSTING)} <= {"Robert Presley Detention Center",
                                                       "Twin Towers Correctional Facility"}


CHECK_IN = _tool("record_check_in", "Record a defendant's check-in with the office.", {
    "check_in_date": {"type": "string", "description": "Date of the check-in, YYYY-MM-DD."}})
FORFEITURE = _tool("record_forfeiture_notice", "Record a notice of forfeiture the court mailed.", {
    "failure_to_appear_date": {"type": "string", "description": "Date of the missed hearing, YYYY-MM-DD."},
    "notice_mailed_date": {"type": "string", "description": "Date the clerk mailed the notice, YYYY-MM-DD; the court "
                           "must mail it within 30 days of the failure to appear."}})


def test_a_record_tool_dates_a_date_written_as_its_form_behind_the_call():
    today = REFERENCE_TIME.date()
    assert all(date.fromisoformat(a["check_in_date"]) <= today for a in _draws(CHECK_IN))


def test_within_days_of_another_date_comes_after_it_and_within_them():
    for a in _draws(FORFEITURE):
        assert 0 < _days(a, "failure_to_appear_date", "notice_mailed_date") <= 30, a


INTAKE = _tool("record_intake", "Record a new animal coming into the shelter.", {
    "microchip_scanned": {"type": "boolean", "description": "Whether the animal was scanned at intake."},
    "microchip_number": {"type": "string", "description": "15-digit ISO microchip number found by the scan, digits "
                         "only, e.g. '985112003456789'. Leave out when the scan found no chip."}}, [])


def test_a_value_the_flags_act_finds_comes_with_the_flag_set():
    rules = dependencies.rules(INTAKE.description, INTAKE.properties)
    assert dependencies.Rule("requires", "microchip_number", ("microchip_scanned",)) in rules
    for a in _draws(INTAKE):
        assert "microchip_number" not in a or a.get("microchip_scanned") is True, a


VACCINE = _tool("record_vaccination", "Record a vaccine given to a shelter animal; rabies is given at 12 weeks or "
                "older and needs the rabies tag number.", {
                    "vaccine": {"type": "string", "enum": ["DHPP", "FVRCP", "rabies", "bordetella"]},
                    "route": {"type": "string", "enum": ["subcutaneous", "intramuscular", "intranasal", "oral"],
                              "description": "Route of administration: DHPP, FVRCP and rabies are subcutaneous, "
                                             "bordetella intranasal or oral."},
                    "rabies_tag_number": {"type": "string", "description": "Rabies only: number on the rabies tag, "
                                          "e.g. 'R25-018842'."}}, ["vaccine", "route"])


def test_a_route_per_vaccine_and_a_tag_with_rabies():
    for a in _draws(VACCINE, 40):
        assert a["route"] in (("intranasal", "oral") if a["vaccine"] == "bordetella" else ("subcutaneous",)), a
        assert ("rabies_tag_number" in a) == (a["vaccine"] == "rabies"), a


FREQUENCY = _tool("set_cleaning_frequency", "Set how often a kitchen's exhaust system is cleaned, from its cooking "
                  "volume per NFPA 96: solid-fuel cooking (wood or charcoal) monthly; high-volume cooking quarterly; "
                  "moderate-volume cooking semi-annually; low-volume cooking (churches) annually.", {
                      "cooking_volume": {"type": "string", "enum": ["solid_fuel", "high_volume", "moderate_volume",
                                                                    "low_volume"]},
                      "frequency": {"type": "string", "enum": ["monthly", "quarterly", "semi_annual", "annual"]}})


def test_a_table_in_prose_pairs_each_row_with_its_value():
    table = {"solid_fuel": "monthly", "high_volume": "quarterly", "moderate_volume": "semi_annual",
             "low_volume": "annual"}
    assert all(table[a["cooking_volume"]] == a["frequency"] for a in _draws(FREQUENCY)), _draws(FREQUENCY)


def test_a_report_is_numbered_in_the_year_of_what_it_reports():
    args = {"bite_date": "2025-06-01", "bite_report_number": "BR-2024-95816", "protocol_id": "IACUC-2024-6131"}
    out = worktime.of_its_year(args, frozenset())
    assert out["bite_report_number"] == "BR-2025-95816"
    assert out["protocol_id"] == "IACUC-2024-6131", "a thing of its own (no word of the day's) keeps its year"
    assert worktime.of_its_year(args, frozenset({"bite_report_number"}))["bite_report_number"] == "BR-2024-95816"


def test_a_band_in_bare_fahrenheit_is_the_temperatures():
    props = {"temperature_f": {"type": "number", "minimum": 94, "maximum": 108},
             "weight_lb": {"type": "number"}}
    said = "Normal rectal temperature is 100.5-102.5 F for dogs and cats."
    assert quantities.bands(said, props) == {"temperature_f": (100.5, 102.5)}


BITE = _tool("start_bite_quarantine", "Place a dog that bit a person under the 10-day rabies observation.", {
    "bite_date": {"type": "string", "format": "date", "description": "Date the bite happened, YYYY-MM-DD."}})


def test_a_date_a_thing_happened_lies_behind_the_call():
    assert all(datetime.fromisoformat(a["bite_date"]).date() <= REFERENCE_TIME.date() for a in _draws(BITE))


PHOTOS = _tool("upload_service_photos", "Attach before and after photos of a cleaning to an appointment.", {
    "appointment_id": {"type": "string", "description": "Service appointment id, e.g. 'SA-2025-01873'."},
    "stage": {"type": "string", "enum": ["before", "after"]},
    "photo_urls": {"type": "array", "items": {"type": "string"}, "description": "URLs of the uploaded photos, e.g. "
                   "'https://photos.example-hoodco.com/SA-2025-01873/fan-before-1.jpg'."}})
PANEL = _tool("record_access_panel_installation", "Record a grease duct access panel the crew installed.", {
    "panel_size": {"type": "string", "enum": ["8x8", "10x10", "12x12", "16x16"]},
    "panel_model": {"type": "string", "description": "Manufacturer and model of the listed door, e.g. "
                    "'Ductmate Ultimate 12x12'."}})


def test_a_text_from_an_example_holds_the_calls_own_values():
    for a in _draws(PHOTOS):
        for url in a["photo_urls"]:
            assert "SA-2025-01873" not in url or a["appointment_id"] == "SA-2025-01873", a
            assert "example-hoodco" not in url or f"/{a['appointment_id']}/" in url and f"-{a['stage']}-" in url, a
    for a in _draws(PANEL):
        assert "panel_model" not in a or a["panel_model"].endswith(a["panel_size"]), a


def test_a_value_that_is_anothers_example_stays_its_own():
    from generator.core import value_sense
    claims = _tool("open_subrogation", "Open subrogation against the other carrier.", {
        "claim_number": {"type": "string", "description": "Our claim, e.g. 'CLM-25-0418827'."},
        "adverse_claim_number": {"type": "string", "description": "Their claim, e.g. 'CLM-25-0418827'."}})
    args = {"claim_number": "CLM-25-5559797", "adverse_claim_number": "CLM-25-0418827"}
    assert value_sense.own_parts(claims, dict(args), frozenset()) == args


BOND = _tool("write_bond", "Write the bail bond on a file. Each power has a face limit (5K, 10K, 25K, 50K, 100K, 250K "
             "or 1M) and the bond amount may not exceed it.", {
                 "power_number": {"type": "string", "description": "Power of attorney number, its face limit in "
                                  "thousands and a 7-digit serial, e.g. 'PA025-0048213' for a $25,000 power."},
                 "bond_amount": {"type": "number", "description": "Amount of this bond, at most the power's face limit, "
                                 "e.g. 25000."}})


def test_an_id_that_spells_a_limit_spells_the_smallest_the_amount_fits_under():
    limits = {5, 10, 25, 50, 100, 250, 1000}
    for a in _draws(BOND):
        face = int(a["power_number"][2:5] if a["power_number"][5] == "-" else a["power_number"][2:6])
        assert face in limits, a
        assert face * 1000 >= a["bond_amount"] and not [x for x in limits if a["bond_amount"] <= x * 1000 < face * 1000], a


GREASE = _tool("record_grease_measurement", "Record a grease depth reading.", {
    "depth": {"type": "number", "minimum": 0, "maximum": 25000,
              "description": "Grease depth in the unit given, e.g. 2500 (microns) or 0.098 (inches)."},
    "unit": {"type": "string", "enum": ["microns", "inches"], "default": "microns"}}, ["depth"])


def test_an_example_per_unit_sets_the_scale_under_that_unit_and_its_default():
    for a in _draws(GREASE, 40):
        low, high = (0.00098, 0.392) if a.get("unit") == "inches" else (25, 10000)
        assert low <= a["depth"] <= high, a


FEE = _tool("finalize_adoption", "Complete an approved adoption. Standard fees: adult dogs $150, puppies $200, adult cats "
            "$75, kittens $100, rabbits $40, guinea pigs $15.", {
                "adoption_fee": {"type": "number", "minimum": 0, "maximum": 500,
                                 "description": "Fee charged in US dollars, e.g. 150.00. 0 when the fee is waived."},
                "payment_method": {"type": "string", "enum": ["cash", "card", "waived"],
                                   "description": "How the fee was paid; waived when the fee is 0."}})
IMPOUND = _tool("record_return_to_owner", "Release an impounded animal to its owner.", {
    "impound_fee": {"type": "number", "description": "Impound fee in US dollars: 35, 75 or 150 by impound count."}})


def test_a_fee_is_one_the_tool_lists_and_nothing_when_waived():
    tools = lore.annotate([FEE, IMPOUND])
    rng = random.Random(48)
    for _ in range(30):
        a = sample_arguments(tools[0], rng, optional_rate=1.0)
        assert a["adoption_fee"] in ({0} if a["payment_method"] == "waived" else {15, 40, 75, 100, 150, 200}), a


def test_renters_only_is_for_the_renting_housings():
    props = {"housing": {"type": "string", "enum": ["own_house", "rent_house", "rent_apartment"]},
             "landlord_permission": {"type": "boolean", "description": "Renters only: whether the landlord agreed."}}
    only = [r for r in dependencies.rules("Enter an application.", props) if r.kind == "only"]
    assert [(r.subject, set(r.values)) for r in only] == [("landlord_permission", {"rent_house", "rent_apartment"})]


def test_a_breed_is_one_of_the_calls_species():
    intake = _tool("record_intake", "Record a new animal coming into the shelter.", {
        "species": {"type": "string", "enum": ["dog", "cat", "rabbit", "guinea_pig", "reptile"]},
        "breed": {"type": "string", "description": "Primary breed, e.g. 'Labrador retriever mix', 'domestic shorthair'."}})
    for a in _draws(intake, 40):
        assert a["species"] in ("dog", "cat") or a["breed"] not in ("Labrador retriever mix", "domestic shorthair"), a


def test_a_long_number_keeps_its_issuers_code_and_a_court_sits_on_weekdays():
    chips = _tool("record_intake", "Record a new animal.", {"microchip_number": {"type": "string", "description":
                  "15-digit ISO microchip number, digits only, e.g. '985112003456789'."}})
    assert all(a["microchip_number"].startswith("985") for a in _draws(chips)), [a["microchip_number"] for a in _draws(chips)]
    for a in _draws(FORFEITURE):
        assert date.fromisoformat(a["failure_to_appear_date"]).weekday() < 5, a


def test_a_ceiling_said_of_a_member_bands_the_tools_number_under_it():
    grease = _tool("record_grease_measurement", "Record a grease depth reading, before or after cleaning; after "
                   "cleaning, surfaces must be down to bare metal (no more than 50 microns, 0.002 in.).", {
                       "stage": {"type": "string", "enum": ["before", "after"]},
                       "depth": {"type": "number", "minimum": 0, "maximum": 25000}})
    assert all(a["depth"] <= 50 for a in _draws(grease) if a["stage"] == "after")
    assert not dependencies.rules("Critical limits: sodium below 120 or above 160 mmol/L.",
                                  {"analyte": {"type": "string", "enum": ["sodium", "glucose"]},
                                   "value": {"type": "number"}}), "a limit each way is no band"
