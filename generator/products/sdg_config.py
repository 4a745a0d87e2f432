"""Config section `products.sdg`: rows per BFCL category in sdg/train.jsonl."""

from __future__ import annotations

from pydantic import Field, NonNegativeInt

from ..records import Record


class SdgConfig(Record):
    categories: dict[str, NonNegativeInt] = Field(
        default_factory=lambda: {"simple": 20, "multiple": 20, "parallel": 10,
                                 "parallel_multiple": 10, "irrelevance": 10})  # rows per BFCL category
    distractors: tuple[int, int] = (2, 4)  # same-domain tools offered beside the target (multiple)
    parallel_calls: tuple[int, int] = (2, 4)  # calls per parallel row, from and to
    # also write the rows in the chat-template form (tools as JSON Schemas, arguments as objects)
    # to sdg/chat/, for a tokenizer's apply_chat_template
    chat_template: bool = False
