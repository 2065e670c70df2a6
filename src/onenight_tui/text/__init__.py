"""The one text layer: every word a player reads, from a message catalog per language.

The engine returns ids and parameters (``onenight_core.model.messages.Message``); ``Wording`` turns them,
and the app's own messages, into sentences from ``en.toml`` / ``ko.toml`` (``catalog.py`` says why
TOML catalogs). ``story.tell`` words a whole game for the command line and the reveal."""

from .catalog import LANGUAGES, MessageCatalog, load
from .words import Wording, clean_name, pretty_id

__all__ = ["LANGUAGES", "MessageCatalog", "Wording", "clean_name", "load", "pretty_id"]
