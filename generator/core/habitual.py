

def pointable(tool: Tool, param: str) -> bool:
    """Whether a hint may point at one earlier event for `param` ("the same accession as my treatment
    request yesterday"): a habit, or the object acted on, which an earlier call of another function
    brought up; never a measurement, a new thing's identity or an event's own text ("the same
    condition as my report on Friday" is no reason to find that condition again)."""
    return value_kind(tool, param) in ("habit", "acted_on")
