"""Values read in set 29: a span of orders of magnitude that the description states sets the
scale, not the kind's typical range (a linehaul of 384 USD on "200 to 15000", an odometer at 21
miles on "0 to 2000000"); an id whose example has a date then a clock keeps a real clock
("TT-20250614-0742", never "TT-20250527-7066")."""

from __future__ import annotations

import random
import re

from generator.core.values import value_for


def _draws(spec: dict, name: str, n: int = 40) -> list:
    rng = random.Random(3)
    return [value_for(spec, rng, name=name) for _ in range(n)]


def test_a_stated_span_of_orders_of_magnitude_sets_the_scale() -> None:
    linehaul = {"type": "number", "description": "Agreed linehaul rate for the load in USD, before fuel surcharge "
                                                 "and accessorials, 200 to 15000."}
    drawn = _draws(linehaul, "linehaul_rate_usd")
    assert all(200 <= v <= 15000 for v in drawn) and sorted(drawn)[len(drawn) // 2] >= 700, drawn
    odometer = {"type": "integer", "description": "Truck odometer in miles, 0 to 2000000."}
    drawn = _draws(odometer, "odometer_miles")
    assert min(drawn) >= 10_000, drawn


def test_a_narrow_stated_range_keeps_its_own_draws() -> None:
    price = {"type": "number", "description": "Pump price per gallon in USD, 2.50 to 7.00."}
    assert all(2.5 <= v <= 7.0 for v in _draws(price, "price_per_gallon_usd"))


def test_an_id_with_a_date_then_a_clock_keeps_a_real_clock() -> None:
    spec = {"type": "string", "description": "Tee time id from search_tee_times, e.g. 'TT-20250614-0742'.",
            "pattern": "^TT-[0-9]{8}-[0-9]{4}$"}
    for value in _draws(spec, "tee_time_id"):
        clock = re.fullmatch(r"TT-\d{8}-(\d\d)(\d\d)", value)
        assert clock and 6 <= int(clock[1]) <= 21 and int(clock[2]) < 60, value
