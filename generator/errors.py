"""A small exception hierarchy that carries context; the CLI prints one line per error."""

from __future__ import annotations


class TrajgenError(Exception):
    """Base error. `where` names the file, record and field the problem was found in."""

    def __init__(self, message: str, *, file: str | None = None, record: str | int | None = None,
                 field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.record = record
        self.field = field

    def where(self) -> str:
        parts = []
        if self.file:
            parts.append(str(self.file))
        if self.record is not None:
            parts.append(f"record {self.record}")
        if self.field:
            parts.append(f"field '{self.field}'")
        return ": ".join(parts)

    def __str__(self) -> str:
        where = self.where()
        return f"{where}: {self.message}" if where else self.message


def one_line(text: str) -> str:
    """`text` as one printable line: control characters a user's file put into a name or key
    (newlines included) are shown escaped, so an error is always exactly one line."""
    return "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in text)


class InputError(TrajgenError):
    """A user-supplied file (catalog, history, config) is malformed."""


class ConfigError(TrajgenError):
    """The run configuration is invalid."""


class LLMError(TrajgenError):
    """The LLM endpoint failed after bounded retries, or returned unusable output."""

    def __init__(self, message: str, *, retryable: bool = False, attempts: int = 0,
                 raw: str | None = None, **kw) -> None:
        super().__init__(message, **kw)
        self.retryable = retryable
        self.attempts = attempts
        self.raw = raw


class RunStopped(LLMError):
    """The whole run must stop now (budget spent, endpoint down, endpoint refused at start);
    finished items are kept and the same command resumes."""

    def __init__(self, message: str, **kw) -> None:
        kw.setdefault("retryable", True)  # not a verdict on any item: a rerun may succeed
        super().__init__(message, **kw)


class BudgetExceeded(RunStopped):
    """The configured token or money budget is spent; the run stops cleanly and can be resumed."""


class PreflightFailed(RunStopped):
    """The endpoint is unreachable, refuses the key or does not serve the model."""


class OutputError(TrajgenError):
    """The output directory cannot be written (permissions, full disk, another run holds it)."""
