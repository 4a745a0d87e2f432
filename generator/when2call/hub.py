"""What the Hub side needs of the when2call product: its facets for duplicate removal and splits,
its `datasets` configs with their declared features, and its dataset-card section.

One accepted sample is one target with all its twins (the rows of one target are one unit: never
compared with each other, always in the same split, so a twin pair is never split up).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from ..hub.card import CardInput, md_table, section
from ..hub.configs import FEATURES, SPECS, SPLIT, ConfigSpec, Feature
from ..hub.facets import FACETS, PLANNED, Facets, make
from ..products.base import RunContext, WorkItem
from ..products.sdg_hub import SDG
from ..records import Sample
from .config import CATEGORIES, CATEGORY_OF, TWINS, When2CallConfig
from .export import PREF_FILE, SDG_FILE, SFT_FILE, TEST_FILE

NAME = "when2call"


def group(twin: str) -> str:
    return f"{CATEGORY_OF[twin]} / {twin}"  # type: ignore[index]


@FACETS.register(NAME)
def when2call_facets(sample: Sample, item: WorkItem, ctx: RunContext) -> Facets:
    p = sample.payload
    lead = p.get("stated") or p.get("question") or p.get("direct_question") or ""
    call = p["call"]
    return make(NAME, sample.item_id, sample.item_id, lead, [(call["tool"], call["arguments"])], ctx.catalog,
                user=p["user"], groups={group(t): 1 for t in p["twins"]})


@PLANNED.register(NAME)
def when2call_planned(item: WorkItem, ctx: RunContext) -> dict[str, int]:
    cfg = ctx.config.products.section(NAME, When2CallConfig) or When2CallConfig()
    return {group(t): 1 for t in TWINS if cfg.has(t, item.index)}


# ---------------------------------------------------------------- datasets configs


def _f(name: str, dtype: str = "string") -> Feature:
    return {"name": name, "dtype": dtype}


def message() -> list[Feature]:
    """A {role, content} message (a new list per use: the card's YAML would alias a shared one)."""
    return [_f("role"), _f("content")]


TEST_FEATURES: list[Feature] = [
    _f("uuid"), _f("source"), _f("source_id"), _f("question"), _f("orig_question"), _f("correct_answer"),
    {"name": "answers", "struct": [_f(c) for c in ("direct", "tool_call", "request_for_info", "cannot_answer")]},
    _f("target_tool"), {"name": "tools", "list": "string"}, {"name": "orig_tools", "list": "string"},
    _f("held_out_param"), _f("twin"), _f("determined_by"), _f("undetermined_case"), _f("omitted_param"),
    # query_time as JSON: a string column would come back as a timestamp string with seconds added
    _f("query_time", "json"), {"name": "history", "list": "json"}]
FEATURES["when2call_test"] = TEST_FEATURES
FEATURES["when2call_sft"] = [{"name": "tools", "list": "json"}, {"name": "messages", "list": message()}]
FEATURES["when2call_pref"] = [{"name": "tools", "list": "json"}, {"name": "messages", "list": message()},
                              {"name": "chosen_response", "struct": message()},
                              {"name": "rejected_response", "struct": message()},
                              _f("chosen_reward", "float64"), _f("rejected_reward", "float64")]
FEATURES["when2call_sdg"] = [dict(f) for f in SDG]  # copies: the card's YAML would alias shared ones
SPECS += [
    ConfigSpec("when2call_test", NAME, rf"{NAME}/(?:{SPLIT}/)?{TEST_FILE.replace('.', chr(92) + '.')}",
               "When2Call test rows: a question, its category (tool_call, request_for_info, cannot_answer, "
               "direct), an answer per category, the tools; trajgen's twin, history and query time"),
    ConfigSpec("when2call_sft", NAME, rf"{NAME}/(?:{SPLIT}/)?{SFT_FILE.replace('.', chr(92) + '.')}",
               "When2Call SFT rows: tools, messages (context, question, the right answer)", unsplit="train",
               secondary=True),
    ConfigSpec("when2call_pref", NAME, rf"{NAME}/(?:{SPLIT}/)?{PREF_FILE.replace('.', chr(92) + '.')}",
               "When2Call preference rows: tools, messages, chosen and rejected responses", unsplit="train",
               secondary=True),
    ConfigSpec("when2call_sdg", NAME, rf"{NAME}/(?:{SPLIT}/)?{SDG_FILE.replace('.', chr(92) + '.')}",
               "When2Call rows as BFCL-toolcall-SDG rows: the context, the question and the right answer "
               "(a native tool call or the text), category when2call_<label>", unsplit="train", secondary=True),
]


# ---------------------------------------------------------------- the card


def test_rows(inp: CardInput) -> list[dict[str, Any]]:
    cfg = next((c for c in inp.configs if c.name == "when2call_test"), None)
    paths = [p for files in (cfg.files.values() if cfg else []) for p in files]
    return [json.loads(line) for p in paths for line in Path(inp.out_dir / p).read_text(encoding="utf-8").splitlines()
            if line.strip()]


DESIGN = ("Every target (one call of one tool, one user) gives up to five twins that differ in one controlled "
          "way: *stated* (every required value in the request: `tool_call`), *determined* (one required value "
          "left out with no phrase pointing at it, and the user's history holds it as both the most recent and "
          "the most frequent value of that parameter, or it is the query date: `tool_call`), *undetermined* "
          "(the same words, with a history that does not determine it -- the tool never used before, two "
          "values tied, or the most frequent value not the most recent -- or without the query time: "
          "`request_for_info`, `held_out_param` set), *tool_removed* (the stated request without its tool: "
          "`cannot_answer`) and *no_tool* (a request no tool serves, answered from general knowledge: "
          "`direct`). The determined and undetermined twins share the question text; only the context given "
          "to the model (the `history` and `query_time` fields) differs. Every label was read back by the "
          "independent reader: each value of a `tool_call` twin is stated or determined, the held-out value "
          "of a `request_for_info` twin is neither stated, described, hinted nor determined.")


@section(62, "when2call")
def when2call_section(inp: CardInput) -> list[str]:
    rows = test_rows(inp) if NAME in inp.products else []
    if not rows:
        return []
    twins = Counter((r["correct_answer"], r.get("twin") or "-") for r in rows)
    mix = [[c, t, n, f"{n / len(rows):.3f}"] for c in CATEGORIES for t in [*TWINS, "-"] if (n := twins[(c, t)])]
    cases = Counter(r.get("undetermined_case") for r in rows if r.get("undetermined_case"))
    rules = Counter(r.get("determined_by") for r in rows if r.get("determined_by"))
    out = ["## When2Call: when to call, ask, decline or answer", "", DESIGN, "",
           *md_table(["category", "twin", "rows", "share"], mix, right={2, 3}), ""]
    out.append("Why the undetermined twins are not determined: " +
               ", ".join(f"{k} {v}" for k, v in sorted(cases.items())) + "; what determines the determined twins: " +
               ", ".join(f"{k} {v}" for k, v in sorted(rules.items())) + ".")
    return [*out, "", ("The model must be given the row's context to be scored fairly: `trajgen eval` sends the "
                       "history and the query time as a system message (prompts/eval/when2call.j2), and the SFT "
                       "and preference rows carry the same system message.")]
