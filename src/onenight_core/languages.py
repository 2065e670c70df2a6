"""The languages the program speaks: THE ONE LIST (docs/text.md, "Adding a language").

The core's data files (roles.toml, rules.toml, classic.toml) must name every language of it; the app's
catalogs, its settings, ``--lang``, the set-up's and the narrator's language menus, the narrator's ``l``
key and the voices read it here. Adding a language is its entry below, its two catalogs
(``onenight_tui/text/<id>.toml``, ``text/app/<id>.toml``) and its names in the data files: nothing else.

The list is data, written here as Python rather than TOML: every start reads it (``--lang``'s choices,
the settings), and parsing a TOML file would import ``tomllib`` (~5 ms) on a path that reads everything
else from caches (docs/tui.md, "Start-up time"; docs/decisions.md)."""

from __future__ import annotations

from typing import NamedTuple


class Language(NamedTuple):  # not attrs nor a dataclass: every start builds the list, cheaply
    """One language.

    ``id``: its code (``--lang``, settings.toml, the catalogs' ``[meta] lang``); ``name``: its name in its
    own words (the language menus); ``english``: its name in English (the operating system's locale names,
    ``Korean_Korea``; the line of a missing voice); ``voice``: the espeak-ng voice that speaks it;
    ``locales``: the locale prefixes the macOS and Windows voices report for it; ``letters``: character
    ranges a line in it holds at least one of — a line without any fell back to English and is spoken in
    English (none: the Latin alphabet, nothing to check); ``space``: what separates two sentences read as
    one (none in Chinese)."""

    id: str
    name: str
    english: str
    voice: str
    locales: tuple[str, ...]
    letters: tuple[tuple[str, str], ...] = ()
    space: str = " "

    def written_in(self, text: str) -> bool:
        """Whether ``text`` holds a letter of this language's script (always, for a language without one)."""
        return not self.letters or any(low <= c <= high for c in text for low, high in self.letters)


#: Every language, in order: the first is the fallback for a missing word.
LANGUAGE_INFO: tuple[Language, ...] = (
    Language("en", "English", "English", "en-us", ("en_US", "en_GB", "en")),
    Language("ko", "한국어", "Korean", "ko", ("ko",), (("\uac00", "\ud7a3"), ("\u3130", "\u318f"))),
    Language("zh", "中文", "Chinese", "cmn", ("zh",), (("\u4e00", "\u9fff"),), space=""),
    Language("fr", "Français", "French", "fr", ("fr",)),
)
#: Their codes: ``("en", "ko", "zh", "fr")``.
LANGUAGES: tuple[str, ...] = tuple(lang.id for lang in LANGUAGE_INFO)
FALLBACK = LANGUAGES[0]


def language(code: str) -> Language | None:
    return next((lang for lang in LANGUAGE_INFO if lang.id == code), None)


__all__ = ["FALLBACK", "LANGUAGES", "LANGUAGE_INFO", "Language", "language"]
