"""Values the set-34 session fixed (a veterinary clinic, a home inspector, a bike shop): a vial's
lot number one of many, a payment of a cent up at a receipt's scale, a reading's typical range
named by what reads it, a span of "at least 48 hours" at its scale, a route by its vaccine, an
address's ZIP of its own town, a pet's name and birth, a local time with no zone."""

from __future__ import annotations

import random
from datetime import datetime

from generator.core import dependencies, lore, semantic, zips
from generator.core.schema import is_valid
from generator.core.values import sample_arguments, value_for
from generator.records import Tool


def _tool(name: str, description: str, props: dict, required: list[str]) -> Tool:
    return lore.annotate([Tool(name=name, app="clinic", api=name, domain="vet_set34", description=description,
                               parameters={"type": "object", "properties": props, "required": required})])[0]


def test_a_vial_lot_number_from_one_example_is_one_of_many() -> None:
    schema = {"type": "string", "description": "Manufacturer lot number from the vial, e.g. '4A7321B'."}
    rng = random.Random(1)
    lots = [value_for(schema, rng, name="lot_number") for _ in range(12)]
    assert len(set(lots)) >= 8, lots
    assert all(len(lot) == 7 and lot[:2] == "4A" and lot[-1] == "B" for lot in lots), lots


def test_a_payment_from_a_cent_up_is_a_receipts_amount() -> None:
    schema = {"type": "number", "minimum": 0.01, "maximum": 25000, "description": "Amount paid in US dollars, 0.01-25000."}
    rng = random.Random(2)
    paid = [value_for(schema, rng, name="amount_usd") for _ in range(40)]
    assert max(paid) <= 600, paid


def test_a_typical_range_named_by_what_reads_it_is_the_range() -> None:
    schema = {"type": "number", "minimum": 0.1, "maximum": 200, "description":
              "Average radon concentration in picocuries per liter, 0.1-200. Typical homes read 0.4-10; 4.0 or more "
              "calls for mitigation."}
    rng = random.Random(3)
    read = [value_for(schema, rng, name="average_pci_per_l") for _ in range(40)]
    assert all(0.4 <= r <= 10 for r in read), read


def _radon() -> Tool:
    return _tool("log_radon_test", "Record a continuous radon monitor test. The test must run at least 48 hours.", {
        "start_datetime": {"type": "string", "format": "date-time", "description": "When the test started, ISO 8601."},
        "end_datetime": {"type": "string", "format": "date-time",
                         "description": "When the test ended; at least 48 hours after start_datetime."}},
        ["start_datetime", "end_datetime"])


def test_a_span_of_at_least_48_hours_runs_two_to_six_days() -> None:
    rng = random.Random(4)
    for _ in range(30):
        a = sample_arguments(_radon(), rng)
        start, end = (datetime.fromisoformat(a[k]) for k in ("start_datetime", "end_datetime"))
        assert 48 <= (end - start).total_seconds() / 3600 <= 144, a


def _vaccination() -> Tool:
    return _tool("record_vaccination", "Record a vaccine given to a patient.", {
        "vaccine": {"type": "string", "enum": ["rabies_1yr", "rabies_3yr", "dhpp", "bordetella", "lyme"]},
        "route": {"type": "string", "enum": ["subcutaneous", "intramuscular", "intranasal", "oral"], "description":
                  "Route of administration. Bordetella may be intranasal or oral; the others are subcutaneous."},
        "rabies_tag_number": {"type": "string", "description":
                              "Rabies tag number; required when vaccine is rabies_1yr or rabies_3yr, e.g. '25-00417'."}},
        ["vaccine", "route"])


def test_a_route_goes_with_its_vaccine_and_a_rule_takes_every_value_listed() -> None:
    rng = random.Random(5)
    draws = [sample_arguments(_vaccination(), rng) for _ in range(80)]
    assert {d["vaccine"] for d in draws} >= {"bordetella", "lyme"}
    for d in draws:
        assert d["route"] in (("intranasal", "oral") if d["vaccine"] == "bordetella" else ("subcutaneous",)), d
    tool = _vaccination()
    when = [r for r in dependencies.rules(tool.description, tool.properties) if r.kind == "when"]
    assert [r.values for r in when] == [("rabies_1yr", "rabies_3yr")], when


def test_an_address_keeps_a_zip_of_its_own_town() -> None:
    schema = {"type": "string", "description": "Street address of the property, e.g. '4418 Birchwood Ln, Columbus, OH 43214'."}
    rng = random.Random(6)
    for _ in range(12):
        address = value_for(schema, rng, name="property_address")
        assert address.endswith(tuple(f"Columbus, OH {z}" for z in zips._index()[1][("columbus", "OH")])), address


def _patient() -> Tool:
    return _tool("register_patient", "Register a new animal patient under an existing owner.", {
        "name": {"type": "string", "description": "Pet's name."},
        "date_of_birth": {"type": "string", "format": "date", "description": "Date of birth, YYYY-MM-DD."}},
        ["name", "date_of_birth"])


def test_a_pet_has_a_pets_name_and_an_animals_age() -> None:
    rng = random.Random(7)
    ref = datetime(2025, 6, 2, 9, 0)
    for _ in range(20):
        a = sample_arguments(_patient(), rng, ref=ref)
        assert a["name"] in semantic.PET_NAMES, a
        assert (ref - datetime.fromisoformat(a["date_of_birth"])).days <= 18 * 366, a


def test_a_local_time_is_written_with_no_zone_and_checked_as_one() -> None:
    local = {"type": "string", "format": "date-time",
             "description": "Start date and time, ISO 8601 local time, e.g. '2025-06-12T14:30:00'."}
    rng = random.Random(8)
    drawn = [value_for(local, rng, name="start_time") for _ in range(10)]
    assert all(not d.endswith("Z") and "+" not in d and is_valid(local, d) for d in drawn), drawn
    assert not is_valid({"type": "string", "format": "date-time"}, drawn[0])  # RFC 3339 still wants a zone
    assert not is_valid(local, "2025-13-12T14:30:00") and is_valid(local, "2025-06-12T14:30:00-04:00")


def test_a_photo_link_an_image_a_model_variant_kept_and_a_value_required_for_kinds() -> None:
    rng = random.Random(9)
    photo = {"type": "string", "format": "uri", "description": "HTTPS URL of the uploaded image file (JPEG or HEIC)."}
    assert all(value_for(photo, rng, name="file_url").endswith(".jpg") for _ in range(6))
    sku = {"type": "string", "description": "Part SKU from search_parts, e.g. 'SH-CN-HG601-11'."}
    skus = [value_for(sku, rng, name="sku") for _ in range(8)]
    assert all(s.startswith("SH-CN-HG") and s.endswith("-11") for s in skus) and len(set(skus)) > 4, skus
    circuits = {value_for({"type": "string", "description": "Circuit, e.g. ELM-12"}, rng, name="circuit_id")
                for _ in range(8)}
    assert len(circuits) > 3, circuits  # a count after a word still varies
    tool = _tool("book_appointment", "Book an appointment.", {
        "appointment_type": {"type": "string", "enum": ["wellness_exam", "dental_cleaning", "spay_neuter"]},
        "drop_off": {"type": "boolean", "default": False, "description":
                     "Owner drops the animal off. Required true for dental_cleaning and spay_neuter."}},
        ["appointment_type"])
    for _ in range(40):
        a = sample_arguments(tool, rng)
        assert a["appointment_type"] == "wellness_exam" or a.get("drop_off") is True, a


def test_the_end_of_a_local_span_is_local_too() -> None:
    from generator.core.schema import argument_problems

    tool = _tool("log_test", "Record a test.", {
        "start_datetime": {"type": "string", "format": "date-time", "description": "Start, ISO 8601 local time."},
        "end_datetime": {"type": "string", "format": "date-time", "description": "End; after start_datetime."}},
        ["start_datetime", "end_datetime"])
    rng = random.Random(10)
    for _ in range(10):
        a = sample_arguments(tool, rng)
        assert not a["end_datetime"].endswith("Z") and argument_problems(tool, a) == [], a


def test_an_act_reports_what_it_made_of_a_record_known_before() -> None:
    import ast

    from generator.traject.simulate import Context, simulate_output

    tool = Tool(name="cancel_inspection", app="inspect", api="cancel_inspection", domain="inspect_set34",
                description="Cancel a scheduled inspection.", parameters={"type": "object", "required": ["inspection_id"],
                "properties": {"inspection_id": {"type": "string", "description": "Inspection ID, e.g. 'INS-2025-04817'."}}})
    known = {"inspection_id": "INS-2025-80549", "status": "scheduled"}
    out = ast.literal_eval(simulate_output(tool, {"inspection_id": "INS-2025-80549"}, random.Random(11),
                                           context=Context(known=known)))
    assert out["status"] == "cancelled", out
