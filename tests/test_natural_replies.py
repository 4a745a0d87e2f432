"""Issue 24: a capable model's natural replies are not refused. The replies below are a model's
real first replies to the LLM writer's prompts (a hospital blood bank, a wind turbine service and
the bundled catalog), each refused before: enum values said by their meaning, flags negated in
everyday English, a situation that asks for nothing. Each has its negative: the wrong value, the
opposite flag, a real wish is still refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.plan import plan_explicit
from generator.reader import read_value
from generator.reader.meanings import meanings
from generator.reader.wishes import wishes
from generator.records import Target, Tool, ToolCall
from generator.validators import VALIDATORS
from generator.writers.base import WriteRequest

SEX = {"type": "string", "enum": ["F", "M", "U"]}
PACK = {"type": "string", "description": "'rbc_only' (2-4 RBC) or 'mtp' (massive transfusion pack).",
        "default": "rbc_only"}
REQUIREMENTS = {"type": "array", "items": {"type": "string", "enum": [
    "irradiated", "cmv_negative", "washed", "hla_matched", "volume_reduced", "fresh_lt_7_days"]}}
BLOOD_ORDER = ("Create an order for 3 units of platelets for MRN 00481237, massive transfusion priority, 19 ml per kg "
               "for a 36.6 kg patient, needed by June 21st, 2025 at 9 am UTC, indication P6, volume reduced and fresh "
               "less than 7 days, ordering physician NPI 9391229424.")


def _tool(props: dict[str, dict[str, object]], description: str = "A hospital blood bank action.") -> Tool:
    return Tool(name="bank_act", app="", api="bank_act", domain="hospital", description=description,
                parameters={"type": "object", "properties": props})


def _stated(props: dict[str, dict[str, object]], args: dict[str, object], text: str) -> list[str]:
    tool = _tool(props)
    t = Target(id="t", kind="single", offered=[tool.name], time="2025-06-02 08:00",
               calls=[ToolCall(tool=tool.name, arguments=args)])
    req = WriteRequest(target=t, plan=plan_explicit(t), tools=[tool], n=1)
    return [v.reason or "" for v in VALIDATORS.get("stated_present")(req, [text]) if not v.ok]


# ---------------------------------------------------------------- 1. enum values by their meaning


@pytest.mark.parametrize(("text", "gold", "wrong"), [
    ("I need an emergency release to MICU for TRAUMA ZULU 14, sex unknown, signed by the physician, NPI 8839670923.",
     "U", "F"),
    (("Emergency release of 1 RBC unit to the ED for a female patient, MRN 00481237, alias TRAUMA ZULU 14, physician "
     "signed, NPI 3602487278."), "F", "M"),
    (("Emergency release, rbc only pack, for a 28-year-old male in ONC-INF, physician NPI 0358005475, physician has "
     "not signed."), "M", "F"),
])
def test_a_one_letter_sex_code_is_stated_by_its_standard_meaning(text: str, gold: str, wrong: str) -> None:
    assert _stated({"sex": SEX}, {"sex": gold}, text) == []
    assert _stated({"sex": SEX}, {"sex": wrong}, text) != []  # "female" is no male, "male" no female


def test_a_code_is_stated_by_the_meaning_its_description_gives() -> None:
    said = "I need an emergency release, massive transfusion pack, to MICU, physician signed, NPI 0150470204."
    assert _stated({"pack": PACK}, {"pack": "mtp"}, said) == []
    assert _stated({"pack": PACK}, {"pack": "mtp"}, said.replace("massive transfusion pack", "rbc only pack")) != []
    assert _stated({"pack": PACK}, {"pack": "rbc_only"}, said) != []


def test_an_abbreviated_enum_word_is_stated_in_full() -> None:
    gold = ["volume_reduced", "fresh_lt_7_days"]
    assert _stated({"special_requirements": REQUIREMENTS}, {"special_requirements": gold}, BLOOD_ORDER) == []
    dropped = BLOOD_ORDER.replace(" and fresh less than 7 days", "")
    assert _stated({"special_requirements": REQUIREMENTS}, {"special_requirements": gold}, dropped) != []


def test_meanings_come_from_glosses_spelled_out_abbreviations_and_standard_codes() -> None:
    assert meanings(["mtp", "rbc_only"], "pack", str(PACK["description"])) == {
        "mtp": ("massive transfusion pack",), "rbc_only": ("2 4 rbc",)}
    assert meanings(["A", "R"], "status", "A = approved, R = rejected") == {"A": ("approved",), "R": ("rejected",)}
    assert meanings(["ffp"], "product", "", "Thaw fresh frozen plasma (FFP) for issue.") == {
        "ffp": ("fresh frozen plasma",)}
    assert meanings(["F", "M"], "gender", "") == {"F": ("female", "woman", "girl"), "M": ("male", "man", "boy")}
    assert meanings(["F", "M"], "unit", "") == {}  # a one-letter code of no sex or gender: no standard meaning


@given(st.sampled_from(["quarantine", "pending", "approved", "discarded"]),
       st.sampled_from(["awaiting courier pickup", "held for review", "checked twice"]))
def test_any_glossed_code_reads_by_its_meaning_and_not_its_rivals(rival: str, meaning: str) -> None:
    spec = {"type": "string", "enum": ["qx", rival], "description": f"'qx' ({meaning}) or '{rival}'."}
    assert read_value(f"Please mark the unit as {meaning}.", "state", "qx", spec) is not None
    assert read_value(f"Please mark the unit as {rival}.", "state", "qx", spec) is None


# ---------------------------------------------------------------- 2. flags negated in everyday English


SPECIMEN = ("log a specimen for MRN 00481237, accession BB25-466462, edta pink tube, collected June 2nd, 2025 at "
            "9:30 am UTC by RN24783 with witness WIT-10988, not transfused or pregnant in the last 3 months, not a "
            "pre-admission sample, not hemolyzed")
FLAG = {"type": "boolean"}


@pytest.mark.parametrize(("param", "text", "flipped"), [
    ("seal_intact", ("Return unit 2-digit collection from issue IS-386563-2726, back on June 2nd, 2025 at 9:15 am UTC, "
     "surface temperature 14 degrees Celsius, and the seal isn't intact."), ("isn't intact", "is intact")),
    ("weak_d_tested", ("Record the type and screen for specimen SP-835419-1208: O pos, weak D not tested, antibody "
     "screen positive, tech MLS4528."), ("not tested", "tested")),
    ("access_confirmed", ("Set WO-2024-399791 back to open, and request a class 17 main crane for WO-2024-632141, 15 "
     "tonne lift at 19 metres, mobilizing and demobilizing on 2025-06-02, access not confirmed, in USD."),
     ("access not confirmed", "access confirmed")),
    ("transfused_or_pregnant_last_3_months", SPECIMEN, ("not transfused", "transfused")),
    ("preadmission", SPECIMEN, ("not a pre-admission", "a pre-admission")),
])
def test_a_flag_negated_in_everyday_english_is_stated_false(param: str, text: str, flipped: tuple[str, str]) -> None:
    assert _stated({param: FLAG}, {param: False}, text) == []
    assert _stated({param: FLAG}, {param: True}, text) != []
    assert _stated({param: FLAG}, {param: False}, text.replace(*flipped)) != []


def test_a_flag_set_to_no_reads_false_and_its_bare_noun_is_not_enough() -> None:
    assert read_value("O pos, with weak D tested set to no.", "weak_d_tested", False, FLAG) is not None
    assert read_value("O pos, with weak D tested set to yes.", "weak_d_tested", False, FLAG) is None
    # the surface form's bare noun ("weak D tested") is no statement of false when the text reads true
    assert _stated({"weak_d_tested": FLAG}, {"weak_d_tested": False}, "O neg, weak D tested, screen negative.") != []


# ---------------------------------------------------------------- 3. a situation is not a wish


@pytest.mark.parametrize("text", [
    "Just woke up and this quiet is killing me, my usual search term would really help right now.",
    "The silence here feels heavy, put on my usual playlist.",
    "This cheap stuff keeps breaking, check my last order.",
])
def test_the_users_situation_is_no_wish(text: str) -> None:
    assert wishes(text, [], {}) == []


@pytest.mark.parametrize("text", [
    "Just woke up and this quiet is killing me, find me somewhere quiet with my usual search term.",
    "Find a quiet place to read near me.",
    "Play something, and a nice one please.",
])
def test_a_wish_beside_a_situation_is_still_added(text: str) -> None:
    assert [a.kind for a in wishes(text, [], {})] == ["wish"]
