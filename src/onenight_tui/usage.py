"""The one error a command-line mistake raises, apart from the parser so that subcommands can raise it
without importing ``cli`` (which imports them)."""


class UsageError(Exception):
    """A command-line mistake; printed as one line, exit status 2."""
