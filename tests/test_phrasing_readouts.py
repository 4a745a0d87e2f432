"""No read-outs of a parameter's description (issue 25, the conference reading): the noun of a
value comes from what it is, never from words that say how it is written ("comma-separated",
"integer", "list of"); a list is said as a list; a boolean described by a sentence is said by a
short verb form, never the sentence after "without"; an id is said with its noun; an identifier
with underscores is said in words, TRAJECT's simple queries included; "Get a single X" is "get
the X". Each principle runs over a table of description shapes, not one catalog's words."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.surface import render, value_kind
from generator.phrasebook.derive import derive_hints
from generator.phrasebook.intent import intent_of
from generator.phrasebook.terms import term
from generator.records import Tool
from generator.traject.plans import literal_surface
from generator.writers.phrasing.args import said_as

# "String length" and "List name" are nouns of their own: a bare "String"/"List" before a noun stays.
_FORMAT_LEADS = ["Comma-separated", "Comma separated", "Space-delimited", "Semicolon-separated", "Integer",
                 "String:", "String.", "List of", "Array of", "Comma-separated list of", "ISO 8601", "JSON list of",
                 "Decimal", "Whole number"]
_FORMAT_WORDS = re.compile(r"comma|separated|delimited|integer|string|\blist\b|array|iso|json|decimal|whole",
                           re.IGNORECASE)
_THINGS = ["reviewer", "ticket", "badge", "berth", "sample", "keyword", "tag", "invoice"]
_TAILS = ["", ", e.g. 'A-1,B-2'", " from -3 to 3", ": alpha, beta, gamma", " 1-5", ", max 500"]


def _tool(name: str, description: str, props: dict[str, Any]) -> Tool:
    return Tool(name=name, app="", api=name, domain="d", description=description,
                parameters={"type": "object", "properties": props})


def _said(tool: Tool, param: str, value: Any) -> str:
    return said_as(param, tool, value_kind(value, param, tool), render(value, param, tool))


# ---------------------------------------------------------------- 1. format words name nothing


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(_FORMAT_LEADS), st.sampled_from(["", "{t}", "{t} IDs", "{t}s", "{t} codes"]),
       st.sampled_from(_TAILS), st.sampled_from(_THINGS), st.sampled_from(["string", "integer", "number"]))
def test_a_format_word_is_never_the_noun(lead: str, body: str, tail: str, thing: str, kind: str) -> None:
    description = f"{lead} {body.format(t=thing)}".strip() + tail
    t = term(f"{thing}_value", {"type": kind, "description": description})
    assert not _FORMAT_WORDS.search(t.noun), (description, t)
    tool = _tool("set_things", "Set things.", {f"{thing}_value": {"type": kind, "description": description}})
    value = 3 if kind != "string" else "x-1"
    said = _said(tool, f"{thing}_value", value)
    assert not _FORMAT_WORDS.search(said), (description, said)
    assert not re.search(r"\b(?:including|excluding) of\b|\ban integer of\b", said), said


@given(st.sampled_from(["including", "excluding", "except"]), st.sampled_from(["Q&A", "breaks", "setup time"]))
def test_a_participle_clause_ends_the_noun(word: str, rest: str) -> None:
    t = term("duration_min", {"type": "number", "description": f"Talk length {word} {rest}, minutes"})
    assert t.noun == "talk length", t


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["Show", "Print", "Return", "Include"]), st.sampled_from(["free", "all", "the", "only"]),
       st.sampled_from(["time ranges", "slots", "rooms"]))
def test_an_imperative_description_is_no_noun(verb: str, modifier: str, things: str) -> None:
    t = term("date", {"type": "string", "description": f"{verb} {modifier} {things} for this date"})
    assert not t.noun.lower().startswith(verb.lower()), t


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(_THINGS), st.lists(st.from_regex(r"[A-Z]{3}-\d{4}", fullmatch=True), min_size=2,
                                          max_size=4, unique=True),
       st.sampled_from(["Comma-separated {t} IDs", "Comma-separated list", "{T} IDs, comma-separated", ""]))
def test_a_list_in_one_string_is_said_as_a_list(thing: str, ids: list[str], description: str) -> None:
    param = f"{thing}_ids"
    spec = {"type": "string", "description": description.format(t=thing, T=thing.capitalize())}
    tool = _tool("assign_things", "Assign things.", {param: spec})
    said = _said(tool, param, ",".join(ids))
    assert "," not in said.replace(", ", " "), said  # never "A-1,B-2"
    assert said.endswith(" and ".join([", ".join(ids[:-1]), ids[-1]])), said
    assert re.search(rf"\b{thing}s {re.escape(ids[0])}", said), said  # "reviewers REV-0087 and ..."


# ---------------------------------------------------------------- 2. booleans: a short verb form

_CONDITIONS = [" even if a {t} was already printed", " only when the {t} is late", " if the {t} is missing"]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(["Print", "Send", "Notify", "Include", "Stream", "Query", "Return"]),
       st.sampled_from(["", "the {t}", "signed download URLs", "PC-only comments"]),
       st.sampled_from(["", " for the PDF and supplementary material", " now; if false it is held",
                        " (valid 15 minutes)", " instead of the cached one", *_CONDITIONS]),
       st.sampled_from(_THINGS), st.sampled_from(["reprint", "include_files", "notify", "hybrid", "member"]))
def test_a_sentence_boolean_is_said_short(verb: str, obj: str, tail: str, thing: str, param: str) -> None:
    description = f"{verb} {obj.format(t=thing)}".strip() + tail.format(t=thing)
    tool = _tool("do_thing", "Do a thing.", {param: {"type": "boolean", "description": description}})
    for value in (True, False):
        said = render(value, param, tool)
        assert not re.search(r"\b(?:if|even|only when|instead|valid|now)\b|without including", said), (description, said)
        assert len(said.split()) <= 8, (description, said)


@given(st.sampled_from(["member", "guest", "partner"]), st.sampled_from(["rate", "price", "discount"]))
def test_a_noun_boolean_takes_its_described_noun(name: str, head: str) -> None:
    tool = _tool("quote_fee", "Quote a fee.", {name: {"type": "boolean", "description": f"Society {name} {head}"}})
    assert render(False, name, tool) == f"without the society {name} {head}"  # never "without member"


# ---------------------------------------------------------------- 3. an id with its noun


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["quote", "grant", "invoice", "ticket", "order", "booking"]),
       st.from_regex(r"[A-Z]{3}-\d{5}", fullmatch=True), st.sampled_from(["", "Identifier returned by the previous step"]))
def test_an_id_is_said_with_its_noun(noun: str, value: str, description: str) -> None:
    tool = _tool("register", "Register someone.", {f"{noun}_id": {"type": "string", "description": description}})
    said = _said(tool, f"{noun}_id", value)
    assert re.search(rf"\b{noun} {re.escape(value)}\b", said), said


# ---------------------------------------------------------------- 4. identifiers in words


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["move", "to", "track", "under", "review", "workshop", "only", "paid", "pending"]),
                min_size=2, max_size=3), st.booleans())
def test_a_snake_case_value_is_said_in_words_in_traject_simple(parts: list[str], enum: bool) -> None:
    value = "_".join(parts)
    spec: dict[str, Any] = {"type": "string", "description": f"One of: {value}, other"}
    if enum:
        spec["enum"] = [value, "other"]
    tool = _tool("decide", "Decide a thing.", {"decision": spec})
    assert literal_surface(tool, "decision", value) is None
    assert value not in _said(tool, "decision", value)


def test_a_plain_word_and_a_date_stay_as_gold_spells_them() -> None:
    tool = _tool("get_program", "Get the program.", {"date": {"type": "string", "format": "date"},
                                                    "status": {"type": "string", "enum": ["paid", "open"]}})
    assert literal_surface(tool, "date", "2025-06-02") == "2025-06-02"
    assert render("paid", "status", tool) == "paid"


# ---------------------------------------------------------------- 5. "Get the single X"


@given(st.sampled_from(["Get", "Returns", "Fetch", "Retrieves"]), st.sampled_from(["a", "the", "one"]),
       st.sampled_from(["single", "specific", "particular", "given"]), st.sampled_from(_THINGS))
def test_a_which_one_word_is_no_part_of_the_intent(verb: str, det: str, which: str, thing: str) -> None:
    tool = _tool(f"get_{thing}", f"{verb} {det} {which} {thing}.", {f"{thing}_id": {"type": "string"}})
    said = derive_hints(tool).intents[0]
    assert which not in said.split() and said.endswith(thing), said
    assert intent_of(tool).split()[0] in ("get", "fetch"), intent_of(tool)
