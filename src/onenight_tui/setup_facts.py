"""What the set-up screen shows of the engine — the deck list's rows, the presets, the rulesets, the
center count — kept between runs, so that the set-up never imports the engine.

The set-up is the first screen. Importing the engine only to learn which roles are playable, which
presets a table of five has and what the rulesets are called costs ~50 ms at every start (the engine's
attrs classes are built as it is imported; docs/tui.md, "Start-up time"): more than the rest of the
set-up's fill. These facts are plain values (named tuples of strings and numbers: a frozen dataclass
costs ~8 times as much to define, ~0.6 ms each at every start); they are built from the engine and the
catalogs at the first start, pickled in the user's cache folder beside the catalog
(``onenight_core.catalog.cache``), one file per language (the rows are worded), and read back in about a
millisecond after that.

The cache key is the Python version and the name, size and modification time of every source and data
file of the two packages and of the data files of a source checkout (``source_stamp``) — the way
Python checks its own bytecode cache. Any edit or new version builds the facts again; a missing, stale
or damaged file only costs that build, and deleting it is always safe. A catalog other than the
packaged one (``catalog=``, tests) is never cached."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from onenight_core.ruleset_ids import DEFAULT_RULESET

from .families import NIGHTS_AND_DAYS

if TYPE_CHECKING:
    from onenight_core.catalog.loader import Catalog, RoleInfo
    from onenight_core.rulesets.ruleset import Ruleset

    from .text.app_words import AppWords
    from .text.words import Wording

#: A row of the deck list: role id, name, side, playable (``widgets.deck_list.DeckList``).
DeckRow = tuple[str, str, str, bool]

#: The deck list's order: the base game first, then the expansions in publication order.
EDITIONS = ("base", "daybreak", "bonus1", "bonus2", "bonus3", "bonus4", "vampire", "alien",
            "super_villains", "dalbula_custom")

#: The data files a source checkout keeps beside ``src`` (an installed copy has them in the package).
DATA_FILES = ("roles.toml", "rules.toml", "draws.toml", "classic.toml", "presets.toml")


class DeckFacts(NamedTuple):
    """A ruleset's own deck list on the set-up, when it is not One Night's (``SetupFacts.rows``): its rows,
    the order its decks are written in, and — for a ruleset with cards of its own — its default deck for
    each table size (``Ruleset.default_deck``; otherwise its decks come from One Night's presets)."""

    rows: tuple[DeckRow, ...]
    order: tuple[str, ...]
    defaults: tuple[tuple[str, ...], ...] = ()  # ``defaults[n]``: the default deck for n players

    def default(self, players: int) -> tuple[str, ...]:
        """The default deck for ``players`` (the largest table's for more; none without defaults)."""
        return self.defaults[min(players, len(self.defaults) - 1)] if self.defaults else ()


class RulesetFacts(NamedTuple):
    """A ruleset as the set-up's menu and checks use it (``onenight_core.rulesets.ruleset.Ruleset``)."""

    id: str
    label: str
    most_players: int
    not_playable: str  # why it cannot be played yet; empty when it plays
    counts_deck: bool = False  # the screen checks the deck's count (players + center): One Night's
    own_cards: bool = False  # its cards are its own (classic.toml): its own deck list, no One Night presets
    base_center: int = 0
    extra_center: tuple[tuple[str, int], ...] = ()  # the center cards a role's card adds
    bots_play: bool = False  # bot seats may sit at its table (its family has table bots: families.BOT_FAMILIES)
    family: str = ""  # the game family it is played by (families.py): whose words explain its cards in the help
    deck: DeckFacts | None = None  # its own deck list (Dalbula's roles, classic's cards); None: One Night's

    def center(self, deck: Iterable[str]) -> int:
        """The center cards its set-up lays out for ``deck`` (``Ruleset.center``)."""
        extra = dict(self.extra_center)
        return self.base_center + sum(extra.get(role, 0) for role in deck)


class PresetFacts(NamedTuple):
    """A named deck (``onenight_core.catalog.presets.Preset``) with its description worded."""

    id: str
    players: int
    roles: tuple[str, ...]
    ruleset: str
    description: str  # what the deck is about, in the facts' language ("" when the preset says nothing)


class SetupFacts(NamedTuple):
    """Everything the set-up screen needs of the engine and the catalog, in one language."""

    lang: str
    rows: tuple[DeckRow, ...]  # One Night's deck list: playable roles first, each part in edition order
    order: tuple[str, ...]  # every role id in the catalog's order (the order a deck is written in)
    extra_center: tuple[tuple[str, int], ...]  # the center cards a role adds (the Alpha Wolf's)
    base_center: int
    mark_roles: frozenset[str]  # a role that hands out marks: the deck needs the marks' note
    rulesets: tuple[RulesetFacts, ...]
    presets: tuple[PresetFacts, ...]

    @property
    def playable(self) -> frozenset[str]:
        return frozenset(role for role, _, _, ok in self.rows if ok)

    def name(self, role: str) -> str:
        """A One Night role's name in the facts' language (its id when it has none)."""
        return next((name for r, name, _, _ in self.rows if r == role), role)

    def ruleset(self, ruleset_id: str) -> RulesetFacts | None:
        return next((r for r in self.rulesets if r.id == ruleset_id), None)

    def preset(self, preset_id: str) -> PresetFacts | None:
        return next((p for p in self.presets if p.id == preset_id), None)

    def presets_for(self, players: int, ruleset: str = DEFAULT_RULESET) -> list[PresetFacts]:
        """The presets for ``players`` players of ``ruleset``, in the menu's order
        (``catalog.presets.presets_for``)."""
        return [p for p in self.presets if p.players == players and p.ruleset == ruleset]

    def default_preset(self, players: int) -> PresetFacts | None:
        """The base game's deck for ``players`` (``catalog.presets.default_preset``)."""
        return self.preset(f"base-{players}")

    def center(self, deck: Iterable[str]) -> int:
        """The center cards One Night's set-up check counts for ``deck``: the base center and what its
        roles add (the Alpha Wolf's center werewolf card)."""
        extra = dict(self.extra_center)
        return self.base_center + sum(extra.get(role, 0) for role in deck)


def edition_order(info: RoleInfo) -> tuple[int, int]:
    """Base game first, then the expansions in publication order, each in the catalog's order."""
    edition = EDITIONS.index(info.edition) if info.edition in EDITIONS else len(EDITIONS)
    return (edition, info.number)


def deck_side(info: RoleInfo, words: Wording, say: AppWords) -> str:
    """The short side a role's card plays for, as the deck's team column shows it ("Werewolf", "Own
    team"): a side of its own is not the role's name again."""
    if info.team == "special":
        own = info.special_team or info.id
        if own == info.id:
            return say("setup_side_own")
        return words.role(own) if own in words.catalog else words.team_name(own)  # the Tanner's side
    key = f"setup_side_{info.team}"
    return say(key) if say.has(key) else words.team(info.id)


#: The deck list's rows of a family whose rulesets have cards of their own (``Ruleset.own_cards``), by
#: family (families.py): classic's cards in classic.toml, worded by its family.
OWN_DECK_ROWS = {NIGHTS_AND_DAYS: "onenight_tui.tables.classic.deck_rows:classic_rows"}


def own_deck(ruleset: Ruleset, family: str, lang: str, catalog: Catalog, words: Wording, say: AppWords
             ) -> DeckFacts | None:
    """The deck list of ``ruleset`` (played by ``family``) when it is not One Night's: its own cards with
    their default decks, or its own roles of roles.toml (Dalbula's 81: the Sleepwalker, the Mayor…),
    playable ones first."""
    from importlib import import_module

    if ruleset.own_cards:
        module, _, name = OWN_DECK_ROWS[family].partition(":")
        rows = getattr(import_module(module), name)(lang)
        default = ruleset.default_deck
        defaults = tuple(default(n) for n in range(ruleset.most_players + 1)) if default is not None else ()
        return DeckFacts(rows, tuple(row[0] for row in rows), defaults)
    if ruleset.id == DEFAULT_RULESET:
        return None
    roles, ok = sorted(ruleset.roles(catalog), key=edition_order), ruleset.is_playable
    rows = [(i.id, words.role(i.id), deck_side(i, words, say), True) for i in roles if ok(i.id)]
    rows += [(i.id, words.role(i.id), deck_side(i, words, say), False) for i in roles if not ok(i.id)]
    return DeckFacts(tuple(rows), tuple(info.id for info in catalog.roles))


def build(lang: str, catalog: Catalog | None = None) -> SetupFacts:
    """The facts, from the engine and the catalogs (imports the engine)."""
    from onenight_core.catalog.loader import default_catalog
    from onenight_core.catalog.presets import PRESETS
    from onenight_core.rulesets import RULESETS
    from onenight_core.rulesets.night_script import MARK_ROLES
    from onenight_core.rulesets.onuw.roles import BEHAVIOURS, playable
    from onenight_core.rulesets.onuw.ruleset import BASE_CENTER

    from .families import BOT_FAMILIES, family_of
    from .text.app_words import AppWords
    from .text.rules_words import preset_description
    from .text.words import Wording

    catalog = catalog if catalog is not None else default_catalog()
    words, say = Wording((), catalog, lang), AppWords(lang)
    roles = sorted(catalog.in_ruleset(DEFAULT_RULESET), key=edition_order)
    rows = [(i.id, words.role(i.id), deck_side(i, words, say), True) for i in roles if playable(i.id)]
    rows += [(i.id, words.role(i.id), deck_side(i, words, say), False) for i in roles if not playable(i.id)]
    return SetupFacts(
        lang=lang, rows=tuple(rows), order=tuple(info.id for info in catalog.roles),
        extra_center=tuple((r, b.extra_center) for r, b in BEHAVIOURS.items() if b.extra_center),
        base_center=BASE_CENTER, mark_roles=frozenset(MARK_ROLES),
        rulesets=tuple(RulesetFacts(r.id, r.label, r.most_players, r.not_playable, r.counts_deck, r.own_cards,
                                    r.base_center, r.extra_center(), family in BOT_FAMILIES, family,
                                    own_deck(r, family, lang, catalog, words, say))
                          for r, family in ((r, family_of(r.id)) for r in RULESETS.values())),
        presets=tuple(PresetFacts(p.id, p.players, tuple(p.roles), p.ruleset, preset_description(p, lang))
                      for p in PRESETS.values()),
    )


def _package_dirs() -> tuple[Path, ...]:
    import onenight_core

    from . import __file__ as tui_init

    core = Path(str(onenight_core.__file__)).parent
    return core, Path(tui_init).parent


def source_stamp(dirs: Iterable[Path], data_files: Iterable[Path]) -> bytes:
    """Name, size and modification time of every ``.py`` and ``.toml`` file under ``dirs`` and of each of
    ``data_files`` that exists: what the facts are built from. Stat calls only (~1 ms): nothing is read."""
    stamps: list[str] = []

    def walk(folder: str) -> None:  # os.walk's order; each file stat'ed once, through its directory entry
        with os.scandir(folder) as found:
            entries = sorted(found, key=lambda entry: entry.name)
        for entry in entries:
            if entry.is_dir():
                continue
            if entry.name.endswith((".py", ".toml")):
                st = entry.stat()
                stamps.append(f"{entry.path}\0{st.st_size}\0{st.st_mtime_ns}")
        for entry in entries:
            if entry.name != "__pycache__" and entry.is_dir(follow_symlinks=False):  # (as os.walk)
                walk(entry.path)

    for top in dirs:
        walk(os.fspath(top))
    for data_file in data_files:
        try:
            st = data_file.stat()
        except OSError:
            continue
        stamps.append(f"{data_file}\0{st.st_size}\0{st.st_mtime_ns}")
    return "\n".join(stamps).encode("utf-8", "surrogateescape")


def cached_facts(lang: str, path: Path | None, dirs: Iterable[Path], data_files: Iterable[Path]) -> SetupFacts:
    """The facts in ``lang`` read back from ``path`` when they were built from these very files (``dirs``
    and ``data_files``: ``source_stamp``), else built and kept there for the next run."""
    from onenight_core.catalog import cache

    try:
        stamp = source_stamp(dirs, data_files)
    except OSError:
        return build(lang)  # a package that cannot be listed: no cache
    # The stamp itself is the key (the file starts with it; no hash to compute at start-up).
    key = b"setup-facts 1\0" + sys.version.encode() + b"\0" + lang.encode() + b"\0" + stamp
    return cache.through_cache(path, key, SetupFacts, lambda: build(lang))


@lru_cache(maxsize=8)
def _packaged(lang: str) -> SetupFacts:
    from onenight_core.catalog import cache

    dirs = _package_dirs()
    checkout = dirs[0].parents[1]  # src/onenight_core → the checkout's top, where its data files are
    return cached_facts(lang, cache.cache_file(f"setup-{lang}.pickle"), dirs,
                        [checkout / name for name in DATA_FILES])


def setup_facts(lang: str, catalog: Catalog | None = None) -> SetupFacts:
    """The set-up's facts in ``lang``: from the cache for the packaged catalog, built for another one."""
    if catalog is not None:
        return build(lang, catalog)
    return _packaged(lang)
