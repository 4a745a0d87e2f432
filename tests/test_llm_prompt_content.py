"""What the LLM writer's prompt tells the model, by class of catalog (issue 24: three players
answered the prompts by hand; each class here is one kind of wrong instruction they met)."""

from __future__ import annotations

import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from test_plan import example_tools, target

from generator.core.plan import plan_calls
from generator.records import ArgPlan, CallPlan, DisclosurePlan, Tool
from generator.validators import check_for
from generator.writers.base import WriteRequest
from generator.writers.llm import messages, task
from generator.writers.llm_task import DESCRIPTION_CHARS, action, as_facts, description, fact, pointer

TOOLS = {t.name: t for t in example_tools()}


def _tool(name: str, props: dict[str, Any], desc: str = "Do the thing.") -> Tool:
    return Tool(name=name, app="", api=name, domain="d", description=desc,
                parameters={"type": "object", "properties": props, "required": list(props)})


def _req(tool: Tool, args: dict[str, Any], modes: dict[tuple[int, str], Any] | None = None) -> WriteRequest:
    t = target(tool, args)
    return WriteRequest(target=t, plan=plan_calls(t, modes or {}), tools=[tool], n=1)


def _facts(req: WriteRequest) -> list[dict[str, Any]]:
    return [f for c in task(req, 0)["calls"] for f in c["facts"]]


def _prompt(req: WriteRequest) -> str:
    return messages(req, 0)[-1]["content"]


# ---------------------------------------------------------------- 1. values as the gold holds them

_PART = st.from_regex(r"[A-Za-z0-9]{1,8}", fullmatch=True)
_SNAKE = st.lists(_PART, min_size=2, max_size=4).map("_".join)


@settings(max_examples=40, deadline=None)
@given(stem=_SNAKE, ext=st.sampled_from(["", ".txt", ".jpg", ".csv"]))
def test_a_value_with_underscores_is_given_exactly_as_the_call_holds_it(stem: str, ext: str) -> None:
    """ "todo_2.txt" was given as "todo 2.txt", "IMG_8877_6609" as "img 8877 6609": the
    exported query then asked for another file than the gold call's."""
    value = stem + ext
    tool = _tool("open_file", {"file_name": {"type": "string", "description": "File name."}})
    req = _req(tool, {"file_name": value})
    [f] = _facts(req)
    assert f["text"] == value and f["literal"] == value
    assert f'say {value!r}'.replace("'", '"') in _prompt(req) and "written exactly so" in _prompt(req)


def test_a_leaf_with_underscores_inside_a_structured_value_keeps_them() -> None:
    spec = {"type": "array", "items": {"type": "object", "properties": {
        "area": {"type": "string"}, "photo": {"type": "string"}}}}
    said = as_facts([{"area": "lower left corner", "photo": "IMG_31106747_2093"}], "findings", spec, None)
    assert "IMG_31106747_2093" in said and "img 31106747" not in said


def test_an_enum_member_with_underscores_is_still_said_in_words() -> None:
    tool = _tool("sort", {"order": {"type": "string", "enum": ["price_low_to_high", "newest"]}})
    [f] = _facts(_req(tool, {"order": "price_low_to_high"}))
    assert "_" not in f["text"]


# ---------------------------------------------------------------- 2. two facts of one noun

def test_two_values_of_one_noun_say_which_parameter_each_is() -> None:
    """move_file gave `folder: "personal"` and `folder: "invoices"`: which is the source?"""
    folder = {"type": "string", "enum": ["personal", "invoices", "drafts"], "description": "Folder name."}
    tool = _tool("move_file", {"name": {"type": "string"}, "source_folder": folder, "target_folder": folder})
    facts = _facts(_req(tool, {"name": "a.txt", "source_folder": "personal", "target_folder": "invoices"}))
    labels = {f["text"]: f["param"] for f in facts}
    assert labels["personal"] == "source folder" and labels["invoices"] == "target folder"


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 4), described=st.booleans())
def test_the_labels_of_one_call_are_distinct(n: int, described: bool) -> None:
    """Parameters whose nouns coincide (`room`, `room_2`, ...) still read apart."""
    props = {f"{'x' * k}_room" if k else "room": {"type": "string", **({"description": f"Room {k}."} if described else {})}
             for k in range(n)}
    tool = _tool("book", props)
    facts = _facts(_req(tool, {p: f"R{k}" for k, p in enumerate(props)}))
    assert len({f["param"] for f in facts}) == len(facts) == n


# ---------------------------------------------------------------- 3. a required spelling in its list

def test_a_required_spelling_of_an_enum_member_is_in_its_own_list() -> None:
    """`say "rating", written exactly so (...; one of: recommended first, best rated first, ...)`."""
    tool = TOOLS["Dishdash_search_restaurant"]
    f = fact(ArgPlan(param="sort_by", value="rating", mode="stated", hint="rating"), tool, None, random.Random(0))
    assert f is not None and f.literal == "rating"
    listed = f.detail.split("one of: ", 1)[1].split(", ")
    assert any(m.split(" (")[0] == "rating" for m in listed), f.detail


# ---------------------------------------------------------------- 4. a false filter is no filter

_FILTERS = [(name, p) for name, t in TOOLS.items() for p, s in t.properties.items()
            if s.get("type") == "boolean" and (str(s.get("description", "")).lower().startswith("only")
                                                or "only" in p.split("_"))]


def test_a_false_filter_flag_reads_as_no_filter_and_is_accepted() -> None:
    """covered=false was `say "anywhere outdoors"` (outdoor parking only): false means covered or not."""
    assert len(_FILTERS) >= 4
    for name, param in _FILTERS:
        tool = TOOLS[name]
        req = _req(tool, {**{p: "x" for p in tool.required if p != param}, param: False})
        said = next(f["text"] for f in _facts(req) if f["about"] == tool.properties[param].get("description", ""))
        assert said.startswith("whether or not "), (name, param, said)
        hint = (tool.hints.surface.get(param) or {}).get("false") if tool.hints else None
        assert hint is None or hint != said
        query = f"Please help, {said}, " + ", ".join(f["text"] for f in _facts(req) if f["text"] != said) + "."
        label = next(f["param"] for f in _facts(req) if f["text"] == said)
        problems = [p for p in check_for(req)([query]) if p.startswith("stated_present") and label in p]
        assert not problems, (name, param, problems)


# ---------------------------------------------------------------- 5. intents that are sure

def test_a_cut_or_misread_intent_gives_way_to_the_description() -> None:
    cut = TOOLS["Gymly_book_class"]
    assert action(cut) != "sign me up for" and (action(cut) is None or action(cut).split()[-1] != "for")
    desc = "Record that loaned objects are back."  # no object after the verb: what is recorded?
    assert action(_tool("record_loan_return", {}, desc)) is None, action(_tool("record_loan_return", {}, desc))
    assert action(_tool("move_file", {}, "Move a file to another folder.")) == "move a file"
    # the author's own verb and direct object are a sure intent (the template writer says them too)
    assert action(_tool("search_objects", {}, "Search the collections database.")) == "search the collections database"


def test_a_request_without_a_sure_intent_still_says_what_is_wanted() -> None:
    """ "Request 1." with nothing after it read as a template gap."""
    tool = _tool("record_loan_return", {"q": {"type": "string"}}, "Record that loaned objects are back.")
    text = _prompt(_req(tool, {"q": "Hokusai"}))
    assert not re.search(r"^Request \d+\.$", text, re.MULTILINE)
    assert "Request 1 (what the user wants is what this tool does):" in text


def test_every_intent_of_the_bundled_catalog_ends_on_a_content_word() -> None:
    for tool in TOOLS.values():
        said = action(tool)
        assert said is None or said.split()[-1].lower() not in {"for", "to", "a", "the", "my", "of", "with"}, said


# ---------------------------------------------------------------- 6. descriptions cut at a rule's end

_SENTENCE = st.from_regex(r"[A-Z][a-z]{2,9}( [a-z]{2,9}){2,12}\.", fullmatch=True)
_RULES = st.lists(st.from_regex(r"[a-z]{3,9}( [a-z_]{2,9}){2,8}", fullmatch=True), min_size=2, max_size=6)


@settings(max_examples=60, deadline=None)
@given(filler=_SENTENCE, rules=_RULES, tail=st.lists(_SENTENCE, max_size=4), numbered=st.booleans(),
       share=st.floats(0, 1))
def test_a_long_description_is_cut_only_between_sentences(filler: str, rules: list[str], tail: list[str],
                                                          numbered: bool, share: float) -> None:
    """ "Rules: - A patient-specific batch carries rx_number;" and "Business rules: 1. ... 2.": a
    rule list across the bound is given whole or not at all, and the cut ends a sentence."""
    items = " ".join(f"{k}. {r};" if numbered else f"- {r};" for k, r in enumerate(rules, 1))
    listed = f"Rules: {items}".rstrip(";") + "."
    reach = DESCRIPTION_CHARS - int(share * len(listed))  # the list straddles the bound
    head = [filler] * max(1, reach // (len(filler) + 1))
    text = " ".join([*head, listed, *tail])
    said = description(_tool("t", {}, text))
    if len(text) <= DESCRIPTION_CHARS:
        assert said == text
        return
    assert said.endswith(" ...") and len(said) <= DESCRIPTION_CHARS + 4
    kept = said.removesuffix(" ...")
    assert text.startswith(kept) and kept.endswith(".")
    assert "Rules:" not in kept or listed in kept


def test_a_description_of_a_few_hundred_characters_is_given_whole() -> None:
    text = ("Open a batch record against a master formula. Returns {batch_id} (CB-YYMMDD-NN). Rules: - A "
            "patient-specific batch carries rx_number; an anticipatory batch (no rx_number) is at most 25 units; "
            "- the room must be certified.") * 2
    assert description(_tool("t", {}, text)) == text


# ---------------------------------------------------------------- 7. pointers in English

def test_a_history_pointer_drops_a_unit_suffix_and_a_verb_led_label() -> None:
    """ "my regular internal length in", "the exclude expiring within days I always use"."""
    crate = _tool("order_crate", {"internal_length_in": {"type": "number"}})
    assert pointer("my regular internal length in", "internal_length_in", crate) == "my regular internal length"
    stock = _tool("check_stock", {"exclude_expiring_within_days": {"type": "integer"}})
    said = pointer("the exclude expiring within days I always use", "exclude_expiring_within_days", stock)
    assert said == "the number of days I always use"
    plain = _tool("book_room", {"room": {"type": "string"}})
    assert pointer("my usual room", "room", plain) == "my usual room"


def test_a_pointer_asks_to_keep_only_its_cue() -> None:
    """ "keep 'the hours spent I usually go with'": the whole awkward phrase word for word."""
    tool = _tool("log_step", {"hours_spent": {"type": "number"}})
    f = fact(ArgPlan(param="hours_spent", value=2.5, mode="hinted", source="history",
                     hint="the hours spent I usually go with"), tool, None, random.Random(0))
    assert f is not None and f.keep == "usually"
    crate = _tool("order_crate", {"internal_width_in": {"type": "number"}})
    g = fact(ArgPlan(param="internal_width_in", value=30, mode="hinted", source="history",
                     hint="my usual internal width in"), crate, None, random.Random(0))
    assert g is not None and (g.text, g.keep) == ("my usual internal width", "usual")


_POINTERS = re.compile(r"\b(?:last time|usual|usually|again|home|same [a-z ]+ as)\b", re.IGNORECASE)


def _tone(req: WriteRequest) -> list[str]:
    _, found, tone = _prompt(req).partition("For the tone only")
    return re.findall(r"^- (.+)$", tone, re.MULTILINE) if found else []


def test_the_tone_examples_point_at_the_history_only_when_a_value_does() -> None:
    """The rules forbid "last time", "usual", "again" unless a value asks for it; the tone examples
    of the TRAIL levels said "Order my usual ..." / "Running late again ..." to every request."""
    tool = _tool("order_food", {"dish": {"type": "string"}, "shop": {"type": "string"}})
    t = target(tool, {"dish": "ramen", "shop": "Noodle Bar"})
    for level in ("Low", "Medium", "High"):
        plain = WriteRequest(target=t, plan=plan_calls(t, level=level), tools=[tool], n=1)
        examples = _tone(plain)
        assert examples and not [e for e in examples if _POINTERS.search(e)], (level, examples)
        hinted = plan_calls(t, {(0, "shop"): ("hinted", "history", "my usual shop")}, level=level)
        pointing = _tone(WriteRequest(target=t, plan=hinted, tools=[tool], n=1))
        assert any(_POINTERS.search(e) for e in pointing), (level, pointing)


# ---------------------------------------------------------------- 8. a default is not "the assistant knows"

def test_a_value_left_at_the_tools_default_is_said_so() -> None:
    """TRAJECT hard: `say nothing about: opening status (the assistant knows)` with open_now=true
    in the gold: the value is the schema default, and the prompt says that, not a knowing assistant."""
    tool = TOOLS["Munchbox_search_restaurant"]
    plan = DisclosurePlan(target_id="t0", level="hard", style="indirect", paraphrases=1, calls=[CallPlan(
        tool=tool.name, tool_mode="implied", args=[
            ArgPlan(param="keyword", value="ramen", mode="stated"),
            ArgPlan(param="open_now", value=True, mode="omitted", source="default")])])
    req = WriteRequest(target=target(tool, {"keyword": "ramen", "open_now": True}), plan=plan, tools=[tool], n=1)
    text = _prompt(req)
    assert "(the tool's default applies; not even vaguely)" in text
    assert "the assistant knows" not in text


def test_values_pointed_to_through_one_event_may_share_one_mention_of_it() -> None:
    """Players, set 15: "the owner from my charge on the evening of May 9 needs the same amount as
    my charge on the evening of May 9 ... for the item from my charge on the evening of May 9":
    every value was to be given once, so the event was said once per value."""
    tool = _tool("post_charge", {"owner": {"type": "string"}, "amount": {"type": "number"}})
    t = target(tool, {"owner": "OWN-1", "amount": 40})
    hinted = plan_calls(t, {(0, "owner"): ("hinted", "history", "the owner from my charge on May 9"),
                            (0, "amount"): ("hinted", "history", "the same amount as my charge on May 9")})
    assert "share one mention of it" in _prompt(WriteRequest(target=t, plan=hinted, tools=[tool], n=1))
    assert "share one mention of it" not in _prompt(WriteRequest(target=t, plan=plan_calls(t, {}), tools=[tool], n=1))
    usual = plan_calls(t, {(0, "owner"): ("hinted", "history", "my usual owner")})  # no earlier event (player 2)
    assert "share one mention of it" not in _prompt(WriteRequest(target=t, plan=usual, tools=[tool], n=1))
