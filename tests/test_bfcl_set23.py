"""BFCL answer keys read by hand in set 23: an AD number shaped like a day has no date forms."""

from __future__ import annotations

from generator.bfcl.native import alternatives


def test_a_number_shaped_like_a_day_is_answered_as_written_only() -> None:
    ad = {"type": "string", "pattern": "^(19|20)[0-9]{2}-[0-9]{2}-[0-9]{2}$"}
    assert alternatives("2025-10-20", ad, "ad_number") == ["2025-10-20"]
    assert alternatives("2025-10-20", {"type": "string"}, "ad_number") == ["2025-10-20"]
    assert "October 20, 2025" in alternatives("2025-10-20", {"type": "string"}, "due_date")
    iso = {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"}
    assert alternatives("2025-10-20", iso, "due_date") == ["2025-10-20"]  # its pattern takes no other form
