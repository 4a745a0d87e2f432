"""A progress bar and a summary table on stderr (rich), silent when disabled or not a TTY.

Every number names its unit: work items (what the engine schedules: one SDG row, one TRAIL
target, a batch of judge rows...), rows accepted by the checks, drafts rejected. The ETA weighs
each item by the rows it plans (a batch of 50 judge rows counts 50, an SDG row 1), so it does
not run away when cheap items come first and heavy ones last; it is the elapsed time of this
invocation scaled by the weight still to do, shown once a twentieth of the work is done.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TaskID, TextColumn, TimeElapsedColumn
from rich.progress import Progress as RichProgress
from rich.table import Table

MIN_SHARE_FOR_ETA = 0.05


def clock(seconds: float) -> str:
    s = round(seconds)
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"


class Progress:
    def __init__(self, enabled: bool = True, now: Callable[[], float] = time.monotonic) -> None:
        self.console = Console(stderr=True)
        self.enabled = enabled
        self.live = enabled and sys.stderr.isatty()  # a bar on a terminal, else a line per 10%
        self.now = now
        self.total = 0
        self.completed = 0
        self.initial = 0  # finished before this invocation started
        self._next_line = 0
        self.accepted: Counter[str] = Counter()
        self.rejected: Counter[str] = Counter()
        self.weight_total = 0.0
        self.weight_done = 0.0  # this invocation only (resumed items cost nothing now)
        self._started = 0.0
        self._bar: RichProgress | None = None
        self._task: TaskID | None = None

    def start(self, total: int, done: int, weight: float | None = None) -> None:
        """`total` items, `done` of them finished earlier; `weight`: the weight still to do
        (default: one per pending item)."""
        self.total, self.completed, self.initial = total, done, done
        self.weight_total = float(weight if weight is not None else total - done)
        self._started = self.now()
        self._next_line = done
        if not self.live:
            return
        self._bar = RichProgress(TextColumn("[bold]generate"), BarColumn(), MofNCompleteColumn(),
                                 TextColumn("items  {task.fields[note]}"), TimeElapsedColumn(),
                                 console=self.console, transient=True)
        self._bar.start()
        self._task = self._bar.add_task("generate", total=total, completed=done, note="")

    def eta(self) -> str:
        """Time left, or "…" while too little of this run's work is done to tell."""
        if not self.weight_total or self.weight_done < MIN_SHARE_FOR_ETA * self.weight_total:
            return "…"
        elapsed = self.now() - self._started
        return clock(elapsed * (self.weight_total - self.weight_done) / self.weight_done)

    def note(self) -> str:
        return (f"| {sum(self.accepted.values())} rows accepted | {sum(self.rejected.values())} drafts "
                f"rejected | ETA {self.eta()}")

    def advance(self, product: str, accepted: int, rejected: int, weight: float = 1.0) -> None:
        self.accepted[product] += accepted
        self.rejected[product] += rejected
        self.weight_done += weight
        self._show(self.completed + 1, self.note())

    def update(self, completed: int) -> None:
        """Items finished so far, counted elsewhere (the shards of a parallel run, whose rows are
        not counted here: the ETA weighs each item as one)."""
        if completed > self.completed:
            self.weight_done = float(min(completed, self.total) - self.initial)
            self._show(min(completed, self.total), f"| ETA {self.eta()}")

    def _show(self, completed: int, note: str) -> None:
        self.completed = completed
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, completed=completed, note=note)
        elif self.enabled and self.completed >= self._next_line:
            self._next_line = self.completed + max(1, self.total // 10)
            print(f"generate: {self.completed}/{self.total} items done {note}", file=sys.stderr)

    def finished_here(self) -> int:
        return self.completed - self.initial

    def notice(self, text: str) -> None:
        """A line above the bar (or on stderr): retries backing off, a fallback, a warning.
        Shown even with --quiet: a run that is stuck must say so."""
        if self._bar is not None:
            self._bar.console.print(f"[yellow]trajgen:[/] {text}", highlight=False, markup=True)
        else:
            print(f"trajgen: {text}", file=sys.stderr, flush=True)

    def stop(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None


COLUMNS = (("product", "product"), ("made / asked", "asked"), ("items planned", "items"), ("items done", "done"),
           ("rows written", "written"), ("drafts rejected", "rejected"), ("duplicates removed", "duplicates"))


def summary_table(counts: dict[str, dict[str, int]], extra: dict[str, int] | None = None) -> Table:
    """One row per product, one unit per column: what the config asks and how much of it was made, in
    the config's units (targets, trajectories, categories' rows; "-" where the run does not tell),
    work items planned and finished, rows in the files, drafts the checks rejected (an item may
    retry several), rows removed as duplicates."""
    table = Table(title="trajgen run", show_lines=False)
    for title, _ in COLUMNS:
        table.add_column(title, justify="left" if title == "product" else "right")
    for name, c in counts.items():
        said = {**c, "asked": f"{c['made']}/{c['asked']}" if "asked" in c and "made" in c else "-"}
        table.add_row(name, *[str(said.get(key, c.get("items", 0) if key == "done" else 0)) for _, key in COLUMNS[1:]])
    return table


def llm_line(usage: dict[str, int]) -> str:
    """This invocation's LLM use, in its own units (requests, tokens), apart from the table."""
    return (f"LLM this run: {usage.get('requests_sent', 0)} requests sent, {usage.get('cache_hits', 0)} "
            f"answered from the cache, {usage.get('prompt_tokens', 0)} prompt + "
            f"{usage.get('completion_tokens', 0)} completion tokens, {usage.get('retries', 0)} transport retries")
