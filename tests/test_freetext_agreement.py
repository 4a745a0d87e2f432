"""Free text that agrees with its call's categories, when a categorical value is none of them."""

import random

from generator.core import freetext
from generator.core.values import sample_arguments
from generator.records import Tool

REPORT = Tool(name="file_ticket", app="", api="file_ticket", domain="helpdesk", description="File a support ticket.",
              parameters={"type": "object", "required": ["summary"], "properties": {
                  "summary": {"type": "string", "description": "What went wrong, in a sentence"},
                  "layer": {"type": "string", "enum": ["database", "network", "user_interface"], "default": "",
                            "description": "Where it failed: database (queries), network (timeouts) or user_interface"}}})


def test_a_category_given_outside_its_members_speaks_of_nothing():
    """A default of '' for an enum (live BFCL functions have them) is no member: agreement reads
    it as a category with no words, never a KeyError (the catalog sweep's one traceback)."""
    chosen = {"layer": ("", freetext.glosses("database (queries), network (timeouts)", ["database", "network"]))}
    assert freetext.agreement("the queries time out", chosen) is None  # speaks of another member
    assert freetext.agreement("it broke", chosen) == (False, 0)


def test_free_text_is_drawn_beside_a_category_fixed_outside_its_members():
    for seed in range(20):
        args = sample_arguments(REPORT, random.Random(seed), fixed={"layer": ""})
        assert args["layer"] == "" and isinstance(args["summary"], str) and args["summary"]
