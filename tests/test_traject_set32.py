"""Simulated outputs the set-32 readers found from another world: a search of one day returning
records of another day (deliveries of June 20 for a search of June 3)."""

from __future__ import annotations

import ast
import random

from generator.records import Tool
from generator.traject.simulate import simulate_output

SEARCH = Tool(name="search_deliveries", app="propane", api="search_deliveries", domain="propane",
              description="Search scheduled and past deliveries. Returns delivery_id, account_number, scheduled_date "
                          "and status of each match.",
              parameters={"type": "object", "required": [], "properties": {
                  "delivery_date": {"type": "string", "description": "Scheduled or delivered day, YYYY-MM-DD."},
                  "status": {"type": "string", "enum": ["scheduled", "delivered", "cancelled"]}}})


def test_a_search_of_one_day_finds_records_of_that_day() -> None:
    for seed in range(8):
        out = ast.literal_eval(simulate_output(SEARCH, {"delivery_date": "2025-06-03"}, random.Random(seed)))
        rows = next((v for v in out.values() if isinstance(v, list)), [out])
        dated = [r.get("scheduled_date") for r in rows if isinstance(r, dict) and r.get("scheduled_date")]
        assert dated and all(d.startswith("2025-06-03") for d in dated), out
