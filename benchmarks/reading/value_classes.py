"""Count, over every gold call of a run, how often the readers' classes of implausible values happen.

    python benchmarks/reading/value_classes.py RUN_DIR [RUN_DIR ...] [--json OUT]

A reading labels 200 values; this counts the classes its notes name over all gold calls of the
run (sdg, trail, traject, judge, bfcl; a TRAIL target once, not once per level), so a fix can be
measured before a new reading. Generic classes apply to any catalog (catalog examples reused,
coordinates alone or spread over a country, states spelled out, one entity created again and
again in a history, free text made of boilerplate); the catalogs of the set-5 readings add their
own rules (`RULES`, keyed by the run's tool names). Each class prints `bad / applicable`.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sample import READERS

REFERENCE = datetime(2025, 6, 2, 9, 0)  # "today" of every product but TRAIL (whose targets carry their time)

Call = dict[str, Any]  # {"tool", "args", "ref", "format"}
Tally = dict[str, list[int]]  # class -> [bad, applicable]


def _coerce(value: Any) -> Any:
    """TRAJECT gold holds every value as a string ("20", "true", '{"height_cm": 151}')."""
    if isinstance(value, dict):
        return {k: _coerce(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_coerce(v) for v in value]
    if isinstance(value, str):
        s = value.strip()
        if s[:1] in "{[" or s in ("true", "false") or re.fullmatch(r"-?\d+(?:\.\d+)?", s):
            try:
                return _coerce(json.loads(s))
            except json.JSONDecodeError:
                return value
    return value


def calls(run: Path) -> Iterator[Call]:
    seen: set[str] = set()
    for fmt, read in READERS.items():
        for item in read(run):
            key = item["id"].rsplit(":", 2)[0] if fmt == "trail" else item["id"]
            if key in seen:
                continue
            seen.add(key)
            ref = _trail_time(run, item["id"]) if fmt == "trail" else REFERENCE
            for g in item["gold"]:
                if g.get("tool"):
                    args = _coerce(g.get("arguments") or {})
                    if fmt == "bfcl":
                        args = {k: _first_answers(v) for k, v in args.items()}
                    yield {"tool": g["tool"], "args": args, "ref": ref, "format": fmt}


def _first_answers(value: Any) -> Any:
    """BFCL lists the acceptable answers of a nested field: {"start": ["09:00"]} is start 09:00."""
    if isinstance(value, dict):
        return {k: _first_answers(v[0] if isinstance(v, list) and v else v) for k, v in value.items()}
    if isinstance(value, list):
        return [_first_answers(v) for v in value]
    return value


_TIMES: dict[tuple[str, str], datetime] = {}


def _trail_time(run: Path, item_id: str) -> datetime:
    _, stem, rid = item_id.split(":")[:3]
    if (stem, rid) not in _TIMES:
        for rec in json.loads((run / "trail" / f"{stem}.json").read_text(encoding="utf-8")):
            _TIMES[(stem, str(rec.get("id")))] = datetime.strptime(rec["time"], "%Y-%m-%d %H:%M")
    return _TIMES.get((stem, rid), REFERENCE)


def histories(run: Path) -> Iterator[list[dict[str, Any]]]:
    """Each TRAIL persona's longest history."""
    for path in sorted((run / "trail").glob("all_generated_queries_*.json")):
        recs = json.loads(path.read_text(encoding="utf-8"))
        longest = max((json.loads(r.get("user_history") or "[]") for r in recs), key=len, default=[])
        yield longest


# ---------------------------------------------------------------- helpers

def leaves(args: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(args, dict):
        for k, v in args.items():
            yield from leaves(v, f"{path}.{k}" if path else k)
    elif isinstance(args, list):
        for v in args:
            yield from leaves(v, f"{path}[]")
    else:
        yield path, args


def when(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    for shape in ("%Y-%m-%dT%H:%M:%SZ", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%d"):
        try:
            return datetime.strptime(value, shape)
        except ValueError:
            continue
    return None


def num(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


SEEN: dict[str, list[str]] = defaultdict(list)  # class -> the calls counted bad (for --show)
_CURRENT: list[str] = [""]


def tally(out: Tally, cls: str, bad: bool) -> None:
    row = out.setdefault(cls, [0, 0])
    row[0] += int(bool(bad))
    row[1] += 1
    if bad:
        SEEN[cls].append(_CURRENT[0])


_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|I'd|my|me|we|our)\b")
# A stock topic ("On annual.") or office chat in a field that asks for something else; a closing
# line a person writes ("I would be grateful for a decision ...") is no defect by itself.
_BOILER = re.compile(r"\breviewed and agreed\b|\bkept for our files\b|\bteam lunch\b|\bkickoff\b|"
                     r"\bbudget review\b|quick brown fox|^(?:On|About|Regarding) \w+\.", re.IGNORECASE)
_US_STATES = {"Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware",
              "Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky",
              "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri",
              "Montana", "Nebraska", "Nevada", "New Hampshire", "New Jersey", "New Mexico", "New York",
              "North Carolina", "North Dakota", "Ohio", "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island",
              "South Carolina", "South Dakota", "Tennessee", "Texas", "Utah", "Vermont", "Virginia", "Washington",
              "West Virginia", "Wisconsin", "Wyoming", "Ontario", "Quebec", "British Columbia", "Alberta"}
_CREATE = re.compile(r"^(?:create|register|apply|start|open|file|issue|request|propose|add|new|book|submit)_")


# ---------------------------------------------------------------- generic classes

def generic(all_calls: list[Call], examples: dict[str, set[str]], hist: list[list[dict[str, Any]]]) -> Tally:
    out: Tally = {}
    by_param: dict[str, Counter[str]] = defaultdict(Counter)
    points: list[tuple[float, float]] = []
    for c in all_calls:
        _CURRENT[0] = f"{c['format']} {c['tool']} {json.dumps(c['args'], ensure_ascii=False)}"
        flat = dict(leaves(c["args"]))
        for path, value in flat.items():
            last = path.rsplit(".", 1)[-1].rstrip("[]")
            if last in examples and isinstance(value, str):
                by_param[f"{c['tool']}.{path}"][value] += 1
            if last == "state" and isinstance(value, str):
                tally(out, "state spelled out where codes are used", value in _US_STATES)
        lat = [p for p in flat if re.search(r"(?:^|[._])lat(?:itude)?$", p)]
        lon = [p for p in flat if re.search(r"(?:^|[._])(?:lng|lon|long|longitude)$", p)]
        if lat or lon:
            tally(out, "lone coordinate (one of a pair)", bool(lat) != bool(lon))
            if lat and lon and num(flat[lat[0]]) is not None and num(flat[lon[0]]) is not None:
                points.append((float(flat[lat[0]]), float(flat[lon[0]])))
    for param, counts in by_param.items():
        last = param.rsplit(".", 1)[-1].rstrip("[]")
        for value, n in counts.items():
            _CURRENT[0] = f"{param} = {value!r} x{n}"
            for _ in range(n):  # a record's example (an id, an address, a dated line), not a category word
                if re.search(r"\d", value) or len(value.split()) > 4:
                    tally(out, "catalog example value reused", value in examples[last])
    _CURRENT[0] = ""
    if points:
        mid = (sorted(p[0] for p in points)[len(points) // 2], sorted(p[1] for p in points)[len(points) // 2])
        for p in points:
            tally(out, "coordinates over 50 km from the run's centre", _km(p, mid) > 50)
    for events in hist:
        made = Counter(json.dumps([e["apiname"], e.get("parameters")], sort_keys=True)
                       for e in events if _CREATE.match(str(e.get("apiname"))))
        for key, n in made.items():
            _CURRENT[0] = f"{key} x{n}"
            for k in range(n):
                tally(out, "same entity created again in one history", k > 0)
    return out


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    dy = (a[0] - b[0]) * 111.0
    dx = (a[1] - b[1]) * 111.0 * math.cos(math.radians((a[0] + b[0]) / 2))
    return math.hypot(dx, dy)


def catalog_examples(run: Path) -> dict[str, set[str]]:
    """Parameter name -> the example values its description gives ("e.g. ACC-55102")."""
    out: dict[str, set[str]] = defaultdict(set)
    for tools in (json.loads(p.read_text(encoding="utf-8")) for p in (run / "trail" / "apis").glob("**/*.json")):
        for t in tools if isinstance(tools, list) else []:
            _examples_in((t.get("function") or t).get("parameters") or {}, out)
    return out


_EG = re.compile(r"\be\.g\.,?\s*(.+?)(?:\)|\.\s|\.$|;|$)")


def _examples_in(schema: dict[str, Any], out: dict[str, set[str]]) -> None:
    for name, s in (schema.get("properties") or {}).items():
        if not isinstance(s, dict):
            continue
        for m in _EG.finditer(str(s.get("description") or "")):
            for part in re.split(r",\s*|\s+or\s+", m.group(1)):
                part = part.strip().strip("'\"`[]")
                if part and len(part) > 1:
                    out[name].add(part)
        _examples_in(s, out)
        if isinstance(s.get("items"), dict):
            _examples_in(s["items"], out)


# ---------------------------------------------------------------- catalog rules (set 5)

Rule = Callable[[Call, Tally], None]
RULES: dict[str, list[Rule]] = defaultdict(list)


def rule(*tools: str) -> Callable[[Rule], Rule]:
    def deco(fn: Rule) -> Rule:
        for t in tools:
            RULES[t].append(fn)
        return fn
    return deco


_FINES = {45, 58, 68, 73, 110, 338, 95, 85, 100, 288}
_BALANCES = {f + p for f in _FINES for p in (0, 25, 75)}


@rule("pay_citation")
def _pay(c: Call, out: Tally) -> None:
    a = c["args"]
    tally(out, "amount that is no balance/fine of the domain", num(a.get("amount_usd")) not in _BALANCES)
    tally(out, "prose rule: card_last4 only with method card", "card_last4" in a and a.get("method") != "card")


@rule("decide_appeal")
def _decide(c: Call, out: Tally) -> None:
    a = c["args"]
    tally(out, "prose rule: reduced_amount required with reduced, forbidden otherwise",
          ("reduced_amount_usd" in a) != (a.get("decision") == "reduced"))
    if "reduced_amount_usd" in a:
        tally(out, "amount that is no balance/fine of the domain", not 10 <= (num(a["reduced_amount_usd"]) or 0) < 338)


@rule("create_account")
def _account(c: Call, out: Tally) -> None:
    a = c["args"]
    tally(out, "business name on a resident account", a.get("account_type") == "resident" and "business_name" in a)
    tally(out, "prose rule: business_name required for business", a.get("account_type") == "business"
          and "business_name" not in a)


@rule("revoke_permit")
def _revoke(c: Call, out: Tally) -> None:
    a = c["args"]
    if a.get("reason") == "fraud":
        tally(out, "prose rule: fraud needs a case note", "case_note" not in a)
    if "effective_date" in a and when(a["effective_date"]):
        tally(out, "date order the prose states broken", when(a["effective_date"]).date() < c["ref"].date())


@rule("set_meter_rate")
def _meter(c: Call, out: Tally) -> None:
    a = c["args"]
    tally(out, "prose rule: exactly one of two", ("meter_id" in a) == ("block" in a))
    if a.get("max_stay_minutes") == 0:
        tally(out, "prose rule: 0 only if rate >= 300", (num(a.get("rate_cents_per_hour")) or 0) < 300)
    if when(a.get("effective_from")):
        tally(out, "lead time the prose states not kept", when(a["effective_from"]) < c["ref"] + timedelta(days=6))
    hours = a.get("enforced_hours") or {}
    if isinstance(hours, dict) and hours.get("start") and hours.get("end"):
        tally(out, "enforcement window under 2 h or reversed", not (str(hours["end"]) >= _plus(str(hours["start"]), 2)))


def _plus(hhmm: str, hours: int) -> str:
    h, m = (int(x) for x in hhmm.split(":"))
    return f"{min(h + hours, 23):02d}:{m:02d}"


@rule("issue_citation")
def _cite(c: Call, out: Tally) -> None:
    a = c["args"]
    obs, chalk = when(a.get("observed_at")), when(a.get("chalk_time"))
    if obs and chalk:
        tally(out, "date order the prose states broken", chalk >= obs)
    if a.get("violation_code") == "V102":
        tally(out, "prose rule: V102 requires chalk_time 2 h before", not (obs and chalk and obs - chalk >= timedelta(hours=2)))
    if a.get("violation_code") == "V101":
        tally(out, "prose rule: V101 requires meter_id", "meter_id" not in (a.get("location") or {}))
    if a.get("violation_code") in ("V130", "V140", "V170"):
        tally(out, "prose rule: photo required", not a.get("photo_refs"))
    block = (a.get("location") or {}).get("block_address")
    if isinstance(block, str):
        tally(out, "block address not in the catalog's form", " block " not in block)


@rule("issue_temporary_no_parking")
def _tnp(c: Call, out: Tally) -> None:
    a = c["args"]
    start, end = when(a.get("start")), when(a.get("end"))
    if start:
        tally(out, "lead time the prose states not kept", start < c["ref"] + timedelta(hours=72))
    if start and end:
        tally(out, "span far shorter than the prose's bound (reservation under 2 h)",
              not timedelta(hours=2) <= end - start <= timedelta(days=7))
    if isinstance(a.get("block_address"), str):
        tally(out, "block address not in the catalog's form", " block " not in a["block_address"])


@rule("file_appeal")
def _appeal(c: Call, out: Tally) -> None:
    a = c["args"]
    s = str(a.get("statement") or "")
    tally(out, "free text of boilerplate, not what the field asks", bool(_BOILER.search(s)) or not _FIRST_PERSON.search(s))
    if "meter_fault_ticket" in a:
        tally(out, "id not in the catalog's form", not re.fullmatch(r"MF-\d{5}", str(a["meter_fault_ticket"])))
        tally(out, "prose rule: meter_fault_ticket only for meter_malfunction", a.get("grounds") != "meter_malfunction")


@rule("request_tow")
def _tow(c: Call, out: Tally) -> None:
    a = c["args"]
    tally(out, "id not in the catalog's form", not re.fullmatch(r"PEO-\d{3}", str(a.get("officer_badge"))))
    if a.get("reason") == "hazard_or_obstruction":
        tally(out, "prose rule: hazard tow cites the citation", "citation_number" not in a)


# museum

@rule("register_acquisition")
def _acq(c: Call, out: Tally) -> None:
    a = c["args"]
    method = a.get("acquisition_method")
    tally(out, "prose rule: purchase_price required for purchase, forbidden otherwise",
          ("purchase_price" in a) != (method == "purchase"))
    tally(out, "prose rule: field_collection only for two departments",
          method == "field_collection" and a.get("department") not in ("Natural History", "Antiquities"))
    if a.get("object_type") in ("sculpture", "ceramic", "metalwork", "furniture"):
        tally(out, "prose rule: depth required for 3-D objects", "depth_cm" not in (a.get("dimensions") or {}))
    credit = str(a.get("credit_line") or "")
    lead = {"gift": "Gift of", "bequest": "Bequest of", "purchase": "Purchase"}.get(str(method))
    if lead:
        tally(out, "credit line disagrees with the method", not credit.startswith(lead))
    if when(a.get("acquisition_date")):
        tally(out, "past event dated after the query", when(a["acquisition_date"]).date() > c["ref"].date())
    src = str(a.get("source_name") or "")
    tally(out, "person/source that is a street or place", bool(re.search(
        r"^\d+ |\b(?:Square|Street|St|Avenue|Pike|Tunnel|Cove|Road|Lane|Way|Hill|Underpass)$", src)))
    tally(out, "maker that is no artist", bool(re.match(r"The [A-Z]", str(a.get("maker") or ""))))
    dims = a.get("dimensions") or {}
    if isinstance(dims, dict) and num(dims.get("height_cm")) is not None:  # a person's height and weight
        tally(out, "object measured as a person (150-200 cm, 40-100 kg)", 145 <= num(dims["height_cm"]) <= 200
              and 145 <= (num(dims.get("width_cm")) or 0) <= 200)


@rule("create_condition_report")
def _report(c: Call, out: Tally) -> None:
    a = c["args"]
    tally(out, "person that is no personal name", bool(re.search(r"Examiner|\d", str(a.get("examiner")))))
    if a.get("overall_condition") in ("poor", "unstable"):
        sev = [num(f.get("severity")) or 0 for f in a.get("findings") or [] if isinstance(f, dict)]
        tally(out, "prose rule: poor/unstable needs a severity 4-5 finding", not any(s >= 4 for s in sev))


@rule("log_treatment_step")
def _step(c: Call, out: Tally) -> None:
    a = c["args"]
    tally(out, "person that is no personal name", bool(re.search(r"conservator|\d", str(a.get("conservator")))))
    tally(out, "free text of boilerplate, not what the field asks", bool(_BOILER.search(str(a.get("description") or ""))))


@rule("close_treatment")
def _close(c: Call, out: Tally) -> None:
    a = c["args"]
    tally(out, "prose rule: completed requires a report id",
          a.get("outcome") == "completed" and "post_treatment_report_id" not in a)


@rule("move_object")
def _move(c: Call, out: Tally) -> None:
    a = c["args"]
    if "-GAL" in str(a.get("to_location_code")):
        tally(out, "prose rule: into GAL is installation", a.get("reason") != "installation")


@rule("record_environment_reading")
def _reading(c: Call, out: Tally) -> None:
    a = c["args"]
    rh = num(a.get("relative_humidity"))
    if rh is not None:
        tally(out, "reading far outside the prose's band", not 35 <= rh <= 65)
    tally(out, "id not in the catalog's form", not re.match(r"B[1-4](?:-|$)", str(a.get("location_code"))))


@rule("create_outgoing_loan")
def _loan(c: Call, out: Tally) -> None:
    a = c["args"]
    start, end = when(a.get("loan_start")), when(a.get("loan_end"))
    if start:
        days = 60 if a.get("venue_country") == "US" else 90
        tally(out, "lead time the prose states not kept", start < c["ref"] + timedelta(days=days))
    if start and end:
        tally(out, "span far shorter than the prose's bound (loan under a month)", end - start < timedelta(days=28))
    tally(out, "prose rule: government indemnity only in the US",
          a.get("insurance") == "government_indemnity" and a.get("venue_country") != "US")
    for o in a.get("objects") or []:
        if isinstance(o, dict) and num(o.get("insurance_value_usd")) is not None:
            tally(out, "amount that is no balance/fine of the domain", num(o["insurance_value_usd"]) < 1000)


@rule("set_valuation")
def _valuation(c: Call, out: Tally) -> None:
    a = c["args"]
    tally(out, "amount that is no balance/fine of the domain", (num(a.get("amount")) or 0) < 1000)
    if when(a.get("valuation_date")):
        tally(out, "past event dated after the query", when(a["valuation_date"]).date() > c["ref"].date())


@rule("order_crate")
def _crate(c: Call, out: Tally) -> None:
    m = re.fullmatch(r"LN-(\d{4})-\d{4}", str(c["args"].get("loan_id")))
    tally(out, "id not in the catalog's form", not (m and 2015 <= int(m.group(1)) <= c["ref"].year + 1))


# pharmacy

_BATCH = re.compile(r"CB-(\d{6})-\d{2}")


def _batch_ok(value: Any, ref: datetime) -> bool:
    m = _BATCH.fullmatch(str(value))
    if not m:
        return False
    try:
        return datetime.strptime(m.group(1), "%y%m%d") <= ref + timedelta(days=1)
    except ValueError:
        return False


@rule("record_weighing", "record_qc_test", "assign_beyond_use_date", "verify_batch", "print_labels",
      "dispense_batch", "recall_batch")
def _batch(c: Call, out: Tally) -> None:
    tally(out, "id not in the catalog's form", not _batch_ok(c["args"].get("batch_id"), c["ref"]))


@rule("start_compounding_batch")
def _start(c: Call, out: Tally) -> None:
    a = c["args"]
    cat, room = a.get("sterile_category"), a.get("room")
    tally(out, "prose rule: category fits the room", (cat == "nonsterile") != (room in ("NS-1", "NS-2")))
    tally(out, "prose rule: no rx only for nonsterile", cat != "nonsterile" and "rx_number" not in a)
    if "rx_number" in a:
        tally(out, "id not in the catalog's form", not re.fullmatch(r"RX\d{7}", str(a["rx_number"])))
    tally(out, "id not in the catalog's form", not re.fullmatch(r"T\d{4}|RPh-\d{3}", str(a.get("compounder_id"))))


@rule("record_gloved_fingertip_sample")
def _glove(c: Call, out: Tally) -> None:
    a = c["args"]
    tally(out, "id not in the catalog's form", not re.fullmatch(r"T\d{4}|RPh-\d{3}", str(a.get("staff_id"))))
    cfu = [num(a.get(k)) for k in ("cfu_left", "cfu_right")]
    if all(v is not None for v in cfu):
        tally(out, "reading far outside the prose's band", sum(cfu) > 6)  # type: ignore[arg-type]
    if when(a.get("sample_date")):
        tally(out, "past event dated after the query", when(a["sample_date"]).date() > c["ref"].date())


@rule("record_weighing")
def _weigh(c: Call, out: Tally) -> None:
    a = c["args"]
    t, x = num(a.get("target_amount")), num(a.get("actual_amount"))
    if t and x is not None and abs(x - t) > 0.05 * t:
        tally(out, "prose rule: off-target weighing needs a deviation note", "deviation_note" not in a)
    if "balance_id" in a:
        tally(out, "id not in the catalog's form", not re.fullmatch(r"BAL-0[1-6]", str(a["balance_id"])))


@rule("record_qc_test")
def _qc(c: Call, out: Tally) -> None:
    a = c["args"]
    text = a.get("test_type") in ("appearance", "sterility")
    tally(out, "prose rule: numeric tests take result_value, text tests result_text",
          ("result_text" if text else "result_value") not in a or ("result_value" if text else "result_text") in a)


@rule("verify_batch")
def _verify(c: Call, out: Tally) -> None:
    a = c["args"]
    if a.get("decision") in ("hold", "reject"):
        tally(out, "prose rule: hold/reject need comments", "comments" not in a)


@rule("check_ingredient_stock")
def _stock(c: Call, out: Tally) -> None:
    a = c["args"]
    tally(out, "prose rule: exactly one of two", ("ndc" in a) == ("ingredient_name" in a))


@rule("quarantine_lot")
def _quarantine(c: Call, out: Tally) -> None:
    a = c["args"]
    if a.get("reason") == "other":
        tally(out, "prose rule: other needs a note", "note" not in a)


@rule("recall_batch")
def _recall(c: Call, out: Tally) -> None:
    a = c["args"]
    tally(out, "prose rule: notify_patients false only for class III",
          a.get("notify_patients") is False and a.get("recall_class") != "III")


@rule("log_cleanroom_environment")
def _room(c: Call, out: Tally) -> None:
    a = c["args"]
    p = num(a.get("pressure_differential_pa"))
    if p is not None and a.get("room") == "HD-BSC":
        tally(out, "reading far outside the prose's band", not -7.5 <= p <= -2.5)
    if p is not None and a.get("room") == "ISO7-CR":
        tally(out, "reading far outside the prose's band", p < 5)
    rh = num(a.get("relative_humidity"))
    if rh is not None:
        tally(out, "reading far outside the prose's band", rh >= 60 or rh < 20)


@rule("list_batches")
def _list(c: Call, out: Tally) -> None:
    a = c["args"]
    if when(a.get("from_date")):
        tally(out, "past event dated after the query", when(a["from_date"]).date() > c["ref"].date())


# ---------------------------------------------------------------- report

def count(run: Path) -> Tally:
    all_calls = list(calls(run))
    out = generic(all_calls, catalog_examples(run), list(histories(run)))
    for c in all_calls:
        _CURRENT[0] = f"{c['format']} {c['tool']} {json.dumps(c['args'], ensure_ascii=False)}"
        for fn in RULES.get(c["tool"], []):
            fn(c, out)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", type=Path, nargs="+")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--show", type=int, default=0, help="print up to N calls counted bad per class")
    args = ap.parse_args(argv)
    result = {}
    for run in args.runs:
        SEEN.clear()
        result[run.name] = count(run)
        print(f"== {run.name}")
        for cls, (bad, n) in sorted(result[run.name].items(), key=lambda kv: -kv[1][0]):
            print(f"  {bad:5d} / {n:<5d} {cls}")
            for line in SEEN[cls][:args.show]:
                print(f"        {line[:300]}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
