"""Typed errors. Every error a player or a file can cause subclasses ``ValueError`` so drivers can
print one clear line instead of a traceback."""


class OneNightError(ValueError):
    """Base class of every error the engine raises for bad input."""


class IllegalAction(OneNightError):
    """An answer that is not among the pending prompt's legal answers, or no prompt is pending."""


class SetupError(OneNightError):
    """A game that cannot be set up: unknown role, wrong card count, too few players, ..."""


class CatalogError(OneNightError):
    """roles.toml is malformed; the message names the role and the field."""


class ScenarioError(OneNightError):
    """A scenario file that cannot be read or played."""


class SaveError(OneNightError):
    """A saved game that cannot be read."""
