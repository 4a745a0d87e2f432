"""Values found implausible by readers of three catalogs new to trajgen (set 10, 2026-12-03)."""

from __future__ import annotations

import random
import re

from generator.core.allowed import read
from generator.core.semantic import STRING_MAKERS, fake_id
from generator.core.values import sample_arguments
from generator.records import Tool

WINDOW = {"type": "string", "description": "ISO 8601 date-time; planned work runs between 00:00 and 06:00."}


def _draws(props: dict, n: int = 40, seed: int = 0) -> list[dict]:
    tool = Tool(name="t", app="", api="t", domain="x",
                parameters={"type": "object", "properties": props, "required": list(props)})
    rng = random.Random(seed)
    return [sample_arguments(tool, rng) for _ in range(n)]


def test_hours_a_value_must_fall_between_are_a_range_not_two_choices() -> None:
    assert read(WINDOW["description"]).allowed == ()
    assert read("Preference between thinking and feeling").allowed == ("thinking", "feeling")
    starts = [d["start_time"] for d in _draws({"start_time": WINDOW})]
    assert all(re.fullmatch(r"2025-06-\d\dT0[0-5]:[0-5]\d:00", s) for s in starts), starts  # a date, inside the hours (local: ISO 8601)
    assert len(set(starts)) > 10


def test_a_value_described_as_negative_is_drawn_negative() -> None:
    spec = {"type": "number", "description": "Receive power measured at the ONT during install, dBm (negative), e.g. -19.4."}
    assert all(d["rx_power_dbm"] < 0 for d in _draws({"rx_power_dbm": spec}))


def test_a_card_number_is_a_document_number_not_a_record_id() -> None:
    rng = random.Random(1)
    for name in ("id_number", "license_number", "passport_number"):
        assert re.fullmatch(r"[A-Z]\d{7}", fake_id(rng, name)), name
    assert re.fullmatch(r"RES-\d{5}", fake_id(rng, "restaurant_id"))


def test_a_photo_link_is_an_image_and_a_document_link_a_file() -> None:
    rng = random.Random(2)
    assert STRING_MAKERS["url"](rng, "photos").endswith(".jpg")
    assert STRING_MAKERS["url"](rng, "photo_url").endswith(".jpg")
    assert STRING_MAKERS["url"](rng, "file_url").endswith(".pdf")
    assert not STRING_MAKERS["url"](rng, "website").endswith((".jpg", ".pdf"))
