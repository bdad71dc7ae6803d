"""How a command stops: its exit codes, and the errors that carry them as one line in the run's language."""

from __future__ import annotations

from typing import Any

from ..i18n import get_translator

#: Exit codes: 2 when the command line is wrong (nothing was done), 1 when what it names fails
#: (a file that is not a record, a database that does not answer, a port in use).
USAGE, FAILED = 2, 1
#: Stopped by Ctrl+C (as a shell reports a command that SIGINT stopped): what finished was kept.
STOPPED = 130


class CommandError(Exception):
    """What stops a command, as one line for stderr in the command's language: its words are ``cli.<code>``
    (``str()`` is the English); ``exit_code`` is what the command returns. Not a ``ValueError``: the checks
    that turn a library's ``ValueError`` into one never catch it."""

    exit_code = FAILED

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(get_translator("en").gettext(f"cli.{code}", **params))
        self.message_id, self.params = f"cli.{code}", params


class UsageError(CommandError):
    """A command line that cannot be run as given: exit 2. ``UsageError("as-is", problem=refusal)`` passes
    on a refusal of another part (a rule option, a bot spec, a name) in its own words."""

    exit_code = USAGE


class Failure(CommandError):
    """Something the command line names cannot be used (a file, a database, a port): exit 1."""
