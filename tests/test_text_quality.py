"""The text-quality gate: each defect class planted in a draft is rejected with its reason,
whatever the writer; stated values that look like defects are not."""

from __future__ import annotations

import pytest
from test_plan import TAXI, taxi_target

from generator.core.plan import plan_explicit
from generator.core.textquality import DEFECT_CLASSES, MAX_READOUTS, defects, readouts
from generator.records import Draft
from generator.validators import VALIDATORS, validate
from generator.writers.base import WriteRequest

GOOD = "Get me an express car from Maple Court to Eastgate Plaza at 7:30 pm, for at most 40."

# One planted defect per class, in an otherwise good request (every stated value said).
PLANTED = {
    "empty": "Get me an express car from Maple Court to Eastgate Plaza at 7:30 pm for {max_price} or 40.",
    "doubled_word": "Get me an express car car from Maple Court to Eastgate Plaza at 7:30 pm, for at most 40.",
    "article": "Get me a the express car from Maple Court to Eastgate Plaza at 7:30 pm, for at most 40.",
    "grammar": "Get me 1 cars, an express car from Maple Court to Eastgate Plaza at 7:30 pm, for at most 40.",
    "identifier": "Get me an express car from Maple Court to Eastgate Plaza at 7:30 pm, max_price 40.",
    "repr": "Get me an express car from Maple Court to Eastgate Plaza at 7:30 pm, {'max_price': 40}.",
    "digit_string": "Get me an express car from Maple Court to Eastgate Plaza at 7:30 pm, for at most 4 0 0 40.",
    "readout": "Get me an express car with the start set to Maple Court, with Eastgate Plaza as the end "
               "at 7:30 pm, for at most 40.",
}


def _req() -> WriteRequest:
    t = taxi_target()
    return WriteRequest(target=t, plan=plan_explicit(t), tools=[TAXI], n=1)


def test_every_class_has_a_planted_example() -> None:
    assert set(PLANTED) == set(DEFECT_CLASSES)


def test_good_text_passes() -> None:
    assert [v for v in VALIDATORS.get("text_quality")(_req(), [GOOD]) if not v.ok] == []


@pytest.mark.parametrize("kind", sorted(PLANTED))
def test_planted_defect_is_rejected_with_its_class(kind: str) -> None:
    req = _req()
    draft = Draft(target_id=req.plan.target_id, level=req.plan.level, texts=[PLANTED[kind]], writer="llm")
    failed = [v for v in validate(req, draft) if not v.ok and v.validator == "text_quality"]
    assert failed, f"{kind} not rejected"
    assert any(v.reason.startswith(f"query 1: {kind}:") for v in failed), [v.reason for v in failed]


@pytest.mark.parametrize(("text", "kind"), [
    ("Could you list an of cities in one country?", "article"),
    ("get a the hardiness zone", "article"),
    ("look up an any diet recipe", "article"),
    ("book a hour with an user", "article"),
    ("use a services 1 book appointment", "grammar"),
    ("make a reservation on today", "grammar"),
    ("with the variable set set to full", "doubled_word"),
    ("Please play something something chill.", "doubled_word"),
    ("list events API events API Kubernetes", "doubled_word"),
    ("search for an engine.query no after year", "identifier"),
    ("open /usr/lib/data/x and sortBy name", "identifier"),
    ("with {'device_id': 'DEV-11046'} as the device commands", "repr"),
    ("a lat of 37 point 8 1 0 2 1", "digit_string"),
    ("call four five six seven now", "digit_string"),
    ("TODO", "empty"),
])
def test_issue_examples_are_defects(text: str, kind: str) -> None:
    assert kind in {d.kind for d in defects(text)}


def test_values_that_look_like_defects_are_exempt() -> None:
    text = "Open the file /srv/data/report_v2.csv for user jane_doe."
    assert {d.kind for d in defects(text)} == {"identifier"}
    assert defects(text, exempt=["/srv/data/report_v2.csv", "jane_doe"]) == []


def test_readout_rate() -> None:
    one = "Book a table with the party size set to 4 for tomorrow at 7 pm."
    two = "Book a table with the party size set to 4 and with 7 pm as the time."
    assert len(readouts(one)) == 1 and not [d for d in defects(one) if d.kind == "readout"]
    assert len(readouts(two)) == 2 > MAX_READOUTS
    assert [d.kind for d in defects(two)] == ["readout"]
    assert readouts("Book a table for 4 people tomorrow at 7 pm near 37.81, -122.42.") == []


@pytest.mark.parametrize("text", [
    "Check the domain domain.org for me.",  # a thing named by its value doubles nothing
    "Email the user user@example.org today.",
    "Look for sea pictures with the Duck Duck Go search engine.",  # a name's own repeat
    "Plan a week in Bora Bora in June.",
    "Can you check mail.google.com and example.org?",  # host names are said as written
])
def test_names_and_values_are_no_defects(text: str) -> None:
    assert defects(text) == []


@pytest.mark.parametrize("text", [
    "Transmit entry ZZ1-0000000-0 and look up up to 10 importers of record.",  # a particle, then "up to"
    "Turn it on on Monday, please.",
    "Could you check in in the morning?",
    "I think we had had that booking already.",
    "Make sure that that file is there.",
])
def test_a_particle_before_a_phrase_with_the_same_word_is_no_double(text: str) -> None:
    assert "doubled_word" not in {d.kind for d in defects(text)}


@pytest.mark.parametrize("text", [
    "Check the the domain.", "Send it to to Bob.", "Please look up up.", "Keep the list in in the drawer.",
])
def test_real_doubles_stay_defects(text: str) -> None:
    assert "doubled_word" in {d.kind for d in defects(text)}


def test_sentence_start_and_lowercase_doubles_stay_defects() -> None:
    assert {d.kind for d in defects("Duck duck go is a search engine.")} == {"doubled_word"}
    assert {d.kind for d in defects("Check the the domain.")} >= {"doubled_word"}
    assert {d.kind for d in defects("search for an engine.query now")} == {"identifier"}


def test_inflect_is_loaded_without_typeguard_instrumentation() -> None:
    """inflect's @typechecked would re-compile its source at import (seconds) and type-check
    every call; generator.core.inflection loads it with the decorator bound to the identity."""
    import subprocess
    import sys

    code = ("from generator.core import inflection\n"
            "import typeguard\n"
            "e = inflection.engine()\n"
            "assert e.a('hour') == 'an hour' and e.plural_noun('box') == 'boxes'\n"
            "assert typeguard.typechecked.__module__.startswith('typeguard')\n"
            "try:\n    e.a(5)\nexcept typeguard.TypeCheckError:\n    raise SystemExit('instrumented')\n"
            "except Exception:\n    pass\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr[-500:]


def _regex_found(text: str, form: str) -> bool:
    """The whole-word rule as the regex it was first written as (the oracle of `found`)."""
    import re

    after = r"(?![0-9])" if re.fullmatch(r"[0-9.]+", form) else r"(?![a-z0-9])"
    return bool(re.search(r"(?<![a-z0-9])(?<![0-9][:./])" + re.escape(form) + after + r"(?![:./][0-9])", text))


def test_whole_word_scan_agrees_with_its_regex() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from generator.core.surface import found

    alphabet = st.sampled_from(list("ab19 .:/-x"))

    @settings(max_examples=1000, deadline=None)
    @given(st.text(alphabet, max_size=14), st.text(alphabet, min_size=1, max_size=4))
    def agree(text: str, form: str) -> None:
        assert found(text, form) == _regex_found(text, form)

    agree()
    assert found("at 9:30", "9:30") and not found("at 9:30", "9") and found("5km away", "5")
    assert not found("12.5 kg", "12") and not found("cart", "car") and found("my car.", "car")


def test_no_module_imports_inflect_but_the_one_loader() -> None:
    """One direct `import inflect` anywhere (it was in semantic.py) loads the instrumented module
    first, and every later engine is the slow one: ~2.7 s of CPU at each start."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "generator"
    direct = re.compile(r"^\s*(import inflect\b|from inflect\b)", re.MULTILINE)
    offenders = [str(p.relative_to(root)) for p in root.rglob("*.py")
                 if p.name != "inflection.py" and direct.search(p.read_text())]
    assert offenders == []


def test_a_values_capital_letter_is_no_article() -> None:
    """ "option A and a phase" is a value's letter before "and", not stacked determiners; a
    sentence's own "A the" still is."""
    assert [d for d in defects("Create plan option A and a phase.") if d.kind == "article"] == []
    assert [d.kind for d in defects("A the cat sat.")] == ["article"]
