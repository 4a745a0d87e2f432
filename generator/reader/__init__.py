"""The independent reader: how a person reading a query gets each gold argument.

For every argument of every gold call it says whether the text states it (in any wording),
describes it (world knowledge pins it down), hints at it through the user's history or situation,
or leaves it out, whether a reading rule then determines it, and what the text asks for beyond the
gold calls. It shares no code with the writers (they phrase values; this reads them back), so a
check built on it never verifies the writers by their own tables. See docs/reader.md.

    from generator.reader import Situation, read_query
    reading = read_query(text, calls, Situation(time=..., tools=..., history=...))
    for arg in reading.args: arg.label, arg.determined, arg.value, arg.evidence
"""

from __future__ import annotations

from .read import read_arg, read_call, read_query, read_value
from .records import LABELS, Added, ArgReading, Label, Reading, Situation, Step

__all__ = ["LABELS", "Added", "ArgReading", "Label", "Reading", "Situation", "Step", "read_arg", "read_call",
           "read_query",
           "read_value"]
