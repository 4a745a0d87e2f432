"""What a tool returns, read from its "Returns ..." clause (set 30): an example in "(e.g. ...)"
ends no sentence; an item's form and use are no part of its name ("the 9-digit PRO number that
tracks the freight" is pro_number); a condition between commas is no item; what a figure is
computed from is no field of the output; quoted example codes are no field names."""

from __future__ import annotations

import pytest

from generator.records import Tool
from generator.traject.graph import output_fields


def _tool(description: str) -> Tool:
    return Tool(name="do_it", app="x", api="do_it", domain="x", description=description,
                parameters={"type": "object", "properties": {}, "required": []})


@pytest.mark.parametrize(("description", "fields"), [
    (("Tender a shipment. Returns the 9-digit PRO number that tracks the freight until delivery (e.g. '482019375') "
      "and the BOL number. This does not send a driver."), ["pro_number", "bol_number"]),
    (("Reject a specimen. Returns a rejection id and, when a recollection is requested, the new order_id sent to "
      "the ordering office."), ["rejection_id", "order_id"]),
    ("Search films. Returns each title with movie_id, year, rating and where to stream.",
     ["movie_id", "year", "rating", "where_to_stream"]),
    ("Record a collection. Returns the accession number (e.g. 'A251840917') to print on the tube labels.",
     ["accession_number"]),
    (("Log a water test. Returns a test_id and the Langelier saturation index (LSI) computed from pH, alkalinity, "
      "calcium, temperature and CYA."), ["test_id", "langelier_saturation_index"]),
    ("Record a chemical. Returns the addition's id and the billed amount.", ["addition_id", "billed_amount"]),
    (("Find a terminal. Returns its three-letter terminal code (e.g. 'ATL', 'DFW'), address, phone number and dock "
      "hours."), ["terminal_code", "address", "phone_number", "dock_hours"]),
    ("Get a document. Returns a download URL valid for 24 hours.", ["download_url"]),
    ("Register a patient. Returns the new patient_id, for example 'PT0482913' or 'PT0000001'.", ["patient_id"]),
])
def test_the_returns_clause_names_the_fields(description: str, fields: list[str]) -> None:
    assert output_fields(_tool(description)) == fields
