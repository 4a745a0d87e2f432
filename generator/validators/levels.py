"""Cross-level check: queries of successive levels never become more explicit."""

from __future__ import annotations

from ..core.plan import shadowed, stated_set
from ..core.vagueness import countable, mean, normalize, value_elements, value_recall
from ..records import DisclosurePlan, Draft, Tool, Verdict

EPS = 1e-9


def plan_gold(plan: DisclosurePlan) -> list[tuple[str, str]]:
    """(param, normalized value) pairs counted by value recall, over all calls of the plan."""
    return [(a.param, normalize(x)) for _, a in plan.args() for x in value_elements(a.value) if countable(x)]


def level_recall(plan: DisclosurePlan, draft: Draft) -> float:
    gold = plan_gold(plan)
    return mean([value_recall(t, gold) for t in draft.texts])


def _movers(first: DisclosurePlan, last: DisclosurePlan, draft: Draft, tools: dict[str, Tool]) -> bool:
    """Whether the last plan leaves unstated a counted value that the first level's queries
    say literally and that nothing else in a query explains (enum values said in words,
    "taxi" of get_taxi, "breakfast" inside "Coffee breakfast" cannot move value recall)."""
    dropped = stated_set(first) - stated_set(last)
    said = [normalize(t) for t in draft.texts]
    for i, a in first.args():
        if (i, a.param) not in dropped or not all(
            countable(x) and normalize(x) in t for x in value_elements(a.value) for t in said
        ):
            continue
        others = [b.value for j, b in first.args() if (j, b.param) != (i, a.param)]
        tool = tools.get(first.calls[i].tool) or Tool(name="", app="", api="", domain="")
        if not shadowed(a.value, others, tool):
            return True
    return False


def levels_ordered(
    plans: list[DisclosurePlan], drafts: list[Draft], tools: list[Tool] | None = None
) -> list[Verdict]:
    """Stated sets nested, literal value recall never rising, and the last level strictly
    below the first whenever the plans drop a counted value."""
    name, problems = "levels_ordered", []
    if len(plans) != len(drafts):
        problems.append(f"{len(plans)} plans but {len(drafts)} drafts")
    pairs = list(zip(plans, drafts))
    recall = [level_recall(p, d) for p, d in pairs]
    for (a, _), (b, _), ra, rb in zip(pairs, pairs[1:], recall, recall[1:]):
        if not stated_set(b) <= stated_set(a):
            problems.append(f"level {b.level} states arguments that {a.level} does not")
        if rb > ra + EPS:
            problems.append(f"value recall rises from {a.level} ({ra:.2f}) to {b.level} ({rb:.2f})")
    if (
        len(pairs) > 1
        and _movers(plans[0], plans[-1], drafts[0], {t.name: t for t in tools or []})
        and not recall[-1] < recall[0] - EPS
    ):
        problems.append(
            f"value recall of {plans[-1].level} ({recall[-1]:.2f}) is not below "
            f"{plans[0].level} ({recall[0]:.2f})"
        )
    if not problems:
        return [Verdict(validator=name, ok=True)]
    return [Verdict(validator=name, ok=False, reason=p) for p in problems]
