"""A progress bar and a summary table on stderr (rich), silent when disabled or not a TTY."""

from __future__ import annotations

import sys
from collections import Counter

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress as RichProgress, TextColumn
from rich.progress import TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table


class Progress:
    def __init__(self, enabled: bool = True) -> None:
        self.console = Console(stderr=True)
        self.enabled = enabled and sys.stderr.isatty()
        self.accepted: Counter[str] = Counter()
        self.rejected: Counter[str] = Counter()
        self._bar: RichProgress | None = None
        self._task = None

    def start(self, total: int, done: int) -> None:
        if not self.enabled:
            return
        self._bar = RichProgress(TextColumn("[bold]generate"), BarColumn(), MofNCompleteColumn(),
                                 TextColumn("{task.fields[note]}"), TimeElapsedColumn(),
                                 TimeRemainingColumn(), console=self.console, transient=True)
        self._bar.start()
        self._task = self._bar.add_task("generate", total=total, completed=done, note="")

    def advance(self, product: str, accepted: int, rejected: int) -> None:
        self.accepted[product] += accepted
        self.rejected[product] += rejected
        if self._bar is not None and self._task is not None:
            note = f"ok {sum(self.accepted.values())} rejected {sum(self.rejected.values())}"
            self._bar.update(self._task, advance=1, note=note)

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
