"""TRAILBench's scoring rule (FORMATS.md 1.6), reimplemented to score gold-as-prediction offline.

Per query, with the gold value of every parameter wrapped as `[value]`:
platforms (app equal), tool_names (function-name sets equal), tool_param_names (parameter-name
sets equal both ways), tool_param_values (every shared parameter passes `include`), overall
(all four). `include` mirrors `get_acc.py`: strings case-insensitively; lists as sets of
lowercased strings; "true"/"false" strings JSON-decoded first; booleans by equality; ints
within +-0.01; floats by equality. An exception while comparing makes the query a format
failure (counted as failing every measure), exactly as upstream.
"""

from __future__ import annotations

import json
from typing import Any

from ..records import Record

MEASURES = ("format", "platforms", "tool_names", "tool_param_names", "tool_param_values", "overall")


class QueryScore(Record):
    format: bool
    platforms: bool
    tool_names: bool
    tool_param_names: bool
    tool_param_values: bool
    overall: bool


def _same(pred: Any, gt: Any) -> bool:
    if isinstance(pred, bool):
        return pred == gt
    if isinstance(pred, str):
        return pred.lower() == gt.lower()  # AttributeError on a non-string GT, as upstream
    if isinstance(pred, list):
        return {x.lower() for x in pred} == {x.lower() for x in gt}
    if isinstance(pred, int):
        return abs(pred - gt) <= 0.01
    return pred == gt


def include(pred: Any, gts: list[Any]) -> bool:
    """Whether `pred` matches one of the gold alternatives."""
    if isinstance(pred, str) and pred in ("true", "false"):
        pred = json.loads(pred)
    return any(_same(pred, gt) for gt in gts)


def scoreable(params: dict[str, Any]) -> bool:
    """Whether TRAILBench's rule can score these values at all: it lowercases list elements,
    so a list of numbers (or of objects) fails even as its own prediction."""
    return all(all(isinstance(x, str) for x in v) for v in params.values() if isinstance(v, list))


def prediction_of(answer: dict[str, Any]) -> list[Any]:
    """An API-model prediction `[toolname, [{apiname: params}]]` reproducing the gold answer,
    round-tripped through JSON as the upstream jsonl files are."""
    pred = [answer["toolname"], [{answer["apiname"]: answer["parameters"]}]]
    return json.loads(json.dumps(pred, ensure_ascii=False))


def score_query(answer: dict[str, Any], pred: list[Any]) -> QueryScore:
    try:
        return _score(answer, pred)
    except Exception:  # noqa: BLE001  upstream counts any comparison error as a format failure
        return QueryScore(**dict.fromkeys(MEASURES, False))


def _score(answer: dict[str, Any], pred: list[Any]) -> QueryScore:
    app, calls = pred[0], pred[1]
    pred_params = {k: v for c in calls for k, v in next(iter(c.values())).items()}
    gold = {k: [v] for k, v in answer["parameters"].items()}
    platforms = app == answer["toolname"]
    names = {next(iter(c)) for c in calls} == {answer["apiname"]}
    pnames = set(pred_params) == set(gold)
    values = all(include(pred_params[k], gold[k]) for k in set(pred_params) & set(gold))
    return QueryScore(format=True, platforms=platforms, tool_names=names, tool_param_names=pnames,
                      tool_param_values=values, overall=platforms and names and pnames and values)


def queries_of(record: dict[str, Any]) -> list[tuple[str, str]]:
    """(level, query) in upstream's flattening order; a bare-string level is iterated by
    character, as the upstream flattening code does."""
    return [(level, q) for level, qs in record["query"].items() for q in qs]


def score_records(records: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Gold-as-prediction accuracy per measure, overall ("all") and per level."""
    rows: dict[str, list[QueryScore]] = {"all": []}
    for rec in records:
        s = score_query(rec["answer"], prediction_of(rec["answer"]))
        for level, _ in queries_of(rec):
            rows["all"].append(s)
            rows.setdefault(level, []).append(s)
    return {k: _means(v) for k, v in rows.items()}


def _means(scores: list[QueryScore]) -> dict[str, float]:
    n = len(scores) or 1
    return {m: sum(getattr(s, m) for s in scores) / n for m in MEASURES}


def failing(records: list[dict[str, Any]]) -> list[int]:
    """Ids of records whose gold answer does not score as its own prediction."""
    return [r.get("id", i) for i, r in enumerate(records)
            if not score_query(r["answer"], prediction_of(r["answer"])).overall]
