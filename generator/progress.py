"""A progress bar and a summary table on stderr (rich), silent when disabled or not a TTY."""

from __future__ import annotations

import sys
from collections import Counter

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.progress import Progress as RichProgress
from rich.table import Table


class Progress:
    def __init__(self, enabled: bool = True) -> None:
        self.console = Console(stderr=True)
        self.enabled = enabled
        self.live = enabled and sys.stderr.isatty()  # a bar on a terminal, else a line per 10%
        self.total = 0
        self.completed = 0
        self._next_line = 0
        self.accepted: Counter[str] = Counter()
        self.rejected: Counter[str] = Counter()
        self._bar: RichProgress | None = None
        self._task: TaskID | None = None

    def start(self, total: int, done: int) -> None:
        self.total, self.completed = total, done
        self._next_line = done
        if not self.live:
            return
        self._bar = RichProgress(TextColumn("[bold]generate"), BarColumn(), MofNCompleteColumn(),
                                 TextColumn("{task.fields[note]}"), TimeElapsedColumn(),
                                 TimeRemainingColumn(), console=self.console, transient=True)
        self._bar.start()
        self._task = self._bar.add_task("generate", total=total, completed=done, note="")

    def advance(self, product: str, accepted: int, rejected: int) -> None:
        self.accepted[product] += accepted
        self.rejected[product] += rejected
        self.completed += 1
        note = f"ok {sum(self.accepted.values())} rejected {sum(self.rejected.values())}"
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, advance=1, note=note)
        elif self.enabled and self.completed >= self._next_line:
            self._next_line = self.completed + max(1, self.total // 10)
            print(f"generate: {self.completed}/{self.total} items ({note})", file=sys.stderr)

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


def summary_table(counts: dict[str, dict[str, int]], extra: dict[str, int]) -> Table:
    table = Table(title="trajgen run", show_lines=False)
    for col in ("product", "items", "accepted", "rejected"):
        table.add_column(col, justify="left" if col == "product" else "right")
    for name, c in counts.items():
        table.add_row(name, str(c["items"]), str(c["accepted"]), str(c["rejected"]))
    for key, value in extra.items():
        table.add_row(key, "", str(value), "")
    return table
