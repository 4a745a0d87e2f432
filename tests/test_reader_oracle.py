"""The optional world-knowledge oracle of the reader, over the project's fake OpenAI-compatible
server (no network): a described value counts only when the model's value is the gold and its
evidence is words of the query; answers are cached; the questions go out and come back as OpenAI
Batch files (`trajgen read --batch-out / --batch-in`)."""

import asyncio
import json
from datetime import datetime
from pathlib import Path

import pytest

from generator.cli import main
from generator.prompting import check_templates
from generator.reader import Situation, read_query
from generator.reader.oracle import TEMPLATE_VARS, Oracle, questions
from generator.records import HistoryEvent, Tool, ToolCall
from generator.testing.fake_openai import FakeOpenAI, reply
from tests.llm_fixtures import client_for

TOOL = Tool(name="Weather_current", app="Weather", api="current", domain="weather", description="Current weather",
            parameters={"type": "object", "properties": {"city": {"type": "string"}, "units": {"type": "string"}}})
CALL = ToolCall(tool=TOOL.name, arguments={"city": "Prague", "units": "metric"})
TEXT = "What's the weather like right now in the city of a hundred spires, in metric?"
SITUATION = Situation(tools={TOOL.name: TOOL})


def consult(srv: FakeOpenAI, cache: Path) -> tuple[dict, Oracle]:
    async def go() -> tuple[dict, Oracle]:
        oracle = Oracle(client_for(srv, cache))
        reading = await oracle.consult(TEXT, read_query(TEXT, [CALL], SITUATION), [CALL], SITUATION)
        await oracle.client.aclose()
        return {a.param: a for a in reading.args}, oracle
    return asyncio.run(go())


def answer(how: str, value: str | None, evidence: str) -> dict:
    return {"answers": [{"id": 0, "how": how, "value": value, "evidence": evidence}]}


def test_the_prompt_declares_its_variables():
    assert check_templates(TEMPLATE_VARS) == []


def test_only_values_the_rules_leave_omitted_are_asked_and_never_shown():
    reading = read_query(TEXT, [CALL], SITUATION)
    asked = questions(reading, [CALL], SITUATION)
    assert [q.parameter for q in asked] == ["city"]  # "metric" is stated by the rules
    assert "Prague" not in json.dumps([q.asked() for q in asked]) and asked[0].format == "written like Aaaaaa"


def test_a_description_the_model_resolves_to_the_gold_is_described_and_cached(tmp_path):
    with FakeOpenAI() as srv:
        srv.push(reply(answer("described", "Prague", "the city of a hundred spires")))
        out, oracle = consult(srv, tmp_path)
        assert (out["city"].label, out["city"].rule, out["city"].determined) == ("described", "oracle:described", None)
        assert out["units"].label == "stated" and oracle.asked == 1
        sent = srv.count()
        again, _ = consult(srv, tmp_path)  # the same question: answered from the cache
        assert again["city"].label == "described" and srv.count() == sent


def test_a_value_that_is_not_the_gold_changes_nothing(tmp_path):
    with FakeOpenAI() as srv:
        srv.push(reply(answer("described", "Vienna", "the city of a hundred spires")))
        out, _ = consult(srv, tmp_path)
    assert out["city"].label == "omitted" and "not the gold" in out["city"].evidence


def test_evidence_that_is_not_words_of_the_query_is_asked_again(tmp_path):
    with FakeOpenAI() as srv:
        srv.push(reply(answer("described", "Prague", "the golden city")),
                 reply(answer("described", "Prague", "the city of a hundred spires")))
        out, oracle = consult(srv, tmp_path)
    assert out["city"].label == "described" and oracle.client.usage.reasks == 1


def test_a_none_answer_with_null_evidence_is_taken_at_once(tmp_path):
    """Models write `"evidence": null` beside "none" (set 25's play: 31 of 53 replies); no re-ask."""
    with FakeOpenAI() as srv:
        srv.push(reply({"answers": [{"id": 0, "how": "none", "value": None, "pointer": None, "evidence": None}]}))
        out, oracle = consult(srv, tmp_path)
    assert out["city"].label == "omitted" and oracle.client.usage.reasks == 0 and oracle.failed == 0


def test_an_oracle_that_cannot_answer_leaves_the_rules_reading(tmp_path):
    with FakeOpenAI() as srv:
        srv.push(*[reply("not json")] * 5)
        out, oracle = consult(srv, tmp_path)
    assert out["city"].label == "omitted" and oracle.failed == 1


# ---------------------------------------------------------------- offline: Batch files out and in

SCHEMA = [{"type": "function", "function": {
    "name": "Didi_get_taxi", "description": "Ride hailing", "parameters": {"type": "object", "properties": {
        "start_name": {"type": "string"}, "end_name": {"type": "string"}}}}}]


def trail_file(tmp_path: Path) -> Path:
    (tmp_path / "apis" / "apis_openai").mkdir(parents=True)
    (tmp_path / "apis" / "apis_openai" / "transport_openai.json").write_text(json.dumps(SCHEMA))
    record = {"id": 0, "time": "2025-05-01 19:00",
              "query": {"High Difficulty": ["A taxi from Home Court to the Eiffel Tower's city centre."]},
              "answer": {"apitype": "transport", "toolname": "Didi", "apiname": "get_taxi",
                         "parameters": {"start_name": "Home Court", "end_name": "Paris"}},
              "user_history": "[]"}
    path = tmp_path / "all_generated_queries_u1_gpt.json"
    path.write_text(json.dumps([record]))
    return path


def batch_output(inputs: Path, content: dict) -> bytes:
    lines = []
    for line in inputs.read_text().splitlines():
        req = json.loads(line)
        body = {"id": "c", "object": "chat.completion", "model": "m", "usage": {"prompt_tokens": 9, "completion_tokens": 9},
                "choices": [{"index": 0, "message": {"role": "assistant", "content": json.dumps(content)}}]}
        lines.append(json.dumps({"id": "b", "custom_id": req["custom_id"],
                                 "response": {"status_code": 200, "request_id": "r", "body": body}}))
    return ("\n".join(lines) + "\n").encode()


def test_the_questions_go_out_as_a_batch_file_and_its_answers_come_back(tmp_path, capsys):
    path = trail_file(tmp_path)
    out, qdir = tmp_path / "labels.jsonl", tmp_path / "questions"
    flags = ["--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--out", str(out)]
    assert main(["read", str(path), *flags, "--batch-out", str(qdir)]) == 0
    assert "wrote 1 oracle question(s)" in capsys.readouterr().err and not out.exists()
    inputs = qdir / "r001-1.jsonl"
    request = json.loads(inputs.read_text())
    assert request["url"] == "/v1/chat/completions" and "Paris" not in json.dumps(request["body"])
    answers = tmp_path / "answers.jsonl"
    answers.write_bytes(batch_output(inputs, answer("described", "Paris", "the Eiffel Tower's city")))
    assert main(["read", str(path), *flags, "--batch-in", str(answers)]) == 0
    lines = {r["param"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert (lines["end_name"]["label"], lines["end_name"]["rule"]) == ("described", "oracle:described")
    assert "1 queries asked" in capsys.readouterr().out


def test_answers_brought_to_another_ledger_say_so_and_count_once_the_round_is_written_there(tmp_path, capsys):
    path = trail_file(tmp_path)
    flags = ["--model", "m", "--base-url", "http://127.0.0.1:9/v1"]
    elsewhere, here = tmp_path / "a" / "labels.jsonl", tmp_path / "b" / "labels.jsonl"
    elsewhere.parent.mkdir()
    here.parent.mkdir()
    assert main(["read", str(path), *flags, "--out", str(elsewhere), "--batch-out", str(tmp_path / "q")]) == 0
    answers = tmp_path / "answers.jsonl"
    answers.write_bytes(batch_output(tmp_path / "q" / "r001-1.jsonl", answer("described", "Paris", "the Eiffel Tower's city")))
    capsys.readouterr()
    assert main(["read", str(path), *flags, "--out", str(here), "--batch-in", str(answers),
                 "--batch-out", str(tmp_path / "q2")]) == 0
    assert "none of its answers is to a request this ledger wrote" in capsys.readouterr().err
    assert main(["read", str(path), *flags, "--out", str(here), "--batch-in", str(answers)]) == 0
    lines = {r["param"]: r for r in map(json.loads, here.read_text().splitlines())}
    assert lines["end_name"]["label"] == "described"


def test_batch_flags_need_a_model(tmp_path, capsys):
    assert main(["read", str(trail_file(tmp_path)), "--batch-out", str(tmp_path / "q")]) != 0
    assert "need --model" in capsys.readouterr().err


@pytest.mark.parametrize("missing", ["nowhere.jsonl"])
def test_a_missing_batch_output_is_one_line(tmp_path, capsys, missing):
    code = main(["read", str(trail_file(tmp_path)), "--model", "m", "--batch-in", str(tmp_path / missing)])
    err = capsys.readouterr().err
    assert code != 0 and "no such batch output file" in err and "Traceback" not in err


# ---------------------------------------------------------------- hinted: pointers the rules do not know

FOOD = Tool(name="Eleme_order", app="Eleme", api="order", domain="food", description="Order food delivery",
            parameters={"type": "object", "properties": {"dish": {"type": "string"}, "address": {"type": "string"}}})
MEAL = ToolCall(tool=FOOD.name, arguments={"dish": "Sukiya beef bowl", "address": "Gate 3"})
LUNCH = "Lunch time: get me my lunch staple from Eleme, delivered to Gate 3."


def _meal(dish: str, day: int) -> HistoryEvent:
    return HistoryEvent(time=f"2025-05-0{day} 12:00", apitype="food", toolname="Eleme", apiname="order",
                        parameters={"dish": dish, "address": "Gate 3"})


def consult_meal(srv: FakeOpenAI, cache: Path, history: list[HistoryEvent], text: str = LUNCH,
                 call: ToolCall = MEAL) -> dict:
    situation = Situation(time=datetime(2025, 5, 9, 11, 30), tools={FOOD.name: FOOD}, history=history)

    async def go() -> dict:
        oracle = Oracle(client_for(srv, cache))
        reading = await oracle.consult(text, read_query(text, [call], situation, kinds=["food"]), [call], situation)
        await oracle.client.aclose()
        return {a.param: a for a in reading.args}
    return asyncio.run(go())


def pointer(evidence: str, kind: str = "usual") -> dict:
    return {"answers": [{"id": 0, "how": "hinted", "value": None, "pointer": kind, "evidence": evidence}]}


@pytest.mark.parametrize(("dishes", "determined"), [
    (["Sukiya beef bowl", "Sukiya beef bowl", "ramen"], True),  # the most frequent is the gold
    (["ramen", "ramen", "Sukiya beef bowl"], False),            # the history's habit is another dish
    (["ramen", "Sukiya beef bowl"], False),                     # a tie: no single habit
    ([], False),                                                # no history: nothing to point into
])
def test_a_pointer_the_rules_miss_is_hinted_and_the_history_decides_determined(tmp_path, dishes, determined):
    assert read_query(LUNCH, [MEAL], Situation(tools={FOOD.name: FOOD})).args[0].label == "omitted"
    with FakeOpenAI() as srv:
        srv.push(reply(pointer("my lunch staple")))
        out = consult_meal(srv, tmp_path, [_meal(d, i + 1) for i, d in enumerate(dishes)])
    dish = out["dish"]
    assert (dish.label, dish.determined, dish.rule.startswith("oracle:hinted")) == ("hinted", determined, True)
    assert "my lunch staple" in dish.evidence and out["address"].label == "stated"


def test_a_pointer_whose_words_give_another_argument_is_not_taken(tmp_path):
    with FakeOpenAI() as srv:
        srv.push(reply(pointer("Gate 3", "place")))
        out = consult_meal(srv, tmp_path, [_meal("Sukiya beef bowl", 1)])
    assert out["dish"].label == "omitted" and "give another argument" in out["dish"].evidence


def test_a_hinted_answer_needs_words_of_the_request(tmp_path):
    with FakeOpenAI() as srv:
        srv.push(reply(pointer("my favourite bowl")), reply(pointer("my lunch staple")))
        out = consult_meal(srv, tmp_path, [_meal("Sukiya beef bowl", 1)])
    assert out["dish"].label == "hinted" and srv.count() == 2


@pytest.mark.parametrize(("words", "label"), [
    ("the same settings as my order on Monday", "omitted"),  # settings of an event are no place
    ("the place I went to on Monday", "hinted"),  # a thing of the event, not its parts: the model's reading
])
def test_a_pointer_that_names_which_parts_are_the_same_covers_only_those(tmp_path, words, label):
    text = f"A Sukiya beef bowl on Eleme please, with {words}."
    call = ToolCall(tool=FOOD.name, arguments={"dish": "Sukiya beef bowl", "address": "Block B Office"})
    monday = HistoryEvent(time="2025-05-05 12:00", apitype="food", toolname="Eleme", apiname="order",
                          parameters={"dish": "ramen", "address": "North Gate"})
    with FakeOpenAI() as srv:
        srv.push(reply(pointer(words, "last")))
        out = consult_meal(srv, tmp_path, [monday], text, call)
    assert out["dish"].label == "stated" and out["address"].label == label
    assert out["address"].rule.startswith("oracle:hinted") == (label == "hinted")


def test_a_list_value_is_asked_by_its_shape_and_may_be_hinted(tmp_path):
    dine = Tool(name="Meituan_recommend", app="Meituan", api="recommend", domain="food", description="Restaurants",
                parameters={"type": "object", "properties": {"food": {"type": "array", "items": {"type": "string"}}}})
    call = ToolCall(tool=dine.name, arguments={"food": ["Nanjing cuisine"]})
    text = "I'm at Niushou Mountain and want to try some local cuisine."
    situation = Situation(tools={dine.name: dine})
    asked = questions(read_query(text, [call], situation), [call], situation)
    assert [q.format for q in asked] == ["a list of 1: written like Aaaaaaa aaaaaaa"]

    async def go(srv: FakeOpenAI) -> dict:
        oracle = Oracle(client_for(srv, tmp_path))
        reading = await oracle.consult(text, read_query(text, [call], situation), [call], situation)
        await oracle.client.aclose()
        return {a.param: a for a in reading.args}

    with FakeOpenAI() as srv:
        srv.push(reply(pointer("some local cuisine", "here")))
        food = asyncio.run(go(srv))["food"]
    assert (food.label, food.determined) == ("hinted", False)  # no history: nothing determines it
