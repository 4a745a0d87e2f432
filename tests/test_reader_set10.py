"""False rejections of a capable model's replies (LLM play, set 10) and a false acceptance found
with them: the reader reads these as a person does."""

from __future__ import annotations

from generator.reader import read_value
from generator.validators.leaves import missing_leaves

ITEMS = {"type": "array", "items": {"type": "object", "properties": {
    "item_type": {"type": "string", "enum": ["sofa", "dryer", "refrigerator", "other"]},
    "quantity": {"type": "integer"}}}}
VOICE = {"type": "boolean", "default": False, "description": "Add a VoIP phone line on the ONT's POTS port."}
ACCOUNT = {"type": "string", "enum": ["checking", "savings", "credit"]}


def test_one_of_an_item_is_said_by_one_or_a() -> None:
    value = [{"item_type": "refrigerator", "quantity": 3}, {"item_type": "sofa", "quantity": 1},
             {"item_type": "dryer", "quantity": 1}]
    assert missing_leaves("three refrigerators, one sofa and one dryer", value, "items", ITEMS, None) == []
    assert missing_leaves("three refrigerators, a sofa and a dryer", value, "items", ITEMS, None) == []
    assert missing_leaves("three refrigerators, two sofas and a dryer", value, "items", ITEMS, None) == \
        ["the quantity 1 of item sofa"]
    assert missing_leaves("one other item", [{"item_type": "other", "quantity": 1}], "items", ITEMS, None) == []


def test_a_negation_covers_every_member_of_its_or_list() -> None:
    assert read_value("Set it up without a static IP or a VoIP phone line.", "voice_line", False, VOICE)
    assert read_value("Set it up without a static IP or a VoIP phone line.", "voice_line", True, VOICE) is None
    assert read_value("without a static IP, but with a VoIP phone line", "voice_line", True, VOICE)


def test_the_verb_of_a_request_states_no_option_in_ing() -> None:
    assert read_value("Could you check the balance, including pending payments?", "account", "checking",
                      ACCOUNT) is None
    assert read_value("check my checking account balance", "account", "checking", ACCOUNT)
