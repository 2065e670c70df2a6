"""The players' card collections on disk: one small TOML file per player in the user data folder.

``collections/<hash of the name>.toml`` under platformdirs' user data folder (``~/.local/share/onenight``
on Linux), named by a hash of the name as the set-up compares names (``name_key``), so any name — Korean,
with spaces or slashes — makes a safe file name and "Ann" and "ann" share one. The file says the name
in full. Writing is atomic and owner-only (``file_io.write_atomic``).

A file that cannot be used (not TOML, a wrong value, another player's name, not a regular file) gives a
one-line notice and a fresh starter collection, never a traceback; the file is first kept beside itself
as ``<file>.bad``, so what the player had is never lost silently. Without a folder (tests, a game
started with no settings file) collections live in memory for the session."""

from __future__ import annotations

import hashlib
import secrets
from pathlib import Path
from typing import Any

from onenight_core.file_io import UnreadableFile, decode_utf8, parse_toml, read_bytes, write_atomic
from onenight_core.play.collection import Collection, name_key

from .settings import Notice, keep_bad_copy, reason_notice, short_line
from .settings import collections_dir as collections_dir  # its folder; in settings, read before any collection

MAX_COLLECTION_BYTES = 256 * 1024
MAX_COUNT = 1_000_000  # far above anything a player collects; a bigger number is a damaged file


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_COUNT


def _table(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and k.isascii() and k.isidentifier()
                                           and _count(n) for k, n in value.items())


def from_mapping(data: dict[str, Any], name: str) -> Collection:
    """The collection a parsed file describes; ``ValueError`` naming the first unusable key."""
    if data.get("name") is None or not isinstance(data["name"], str) or name_key(data["name"]) != name_key(name):
        raise ValueError("the file is not this player's (name)")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("seed")
    for key in ("tokens", "packs", "wins"):
        if not _count(data.get(key, 0)):
            raise ValueError(key)
    for key in ("cards", "stickers"):
        if not _table(data.get(key, {})):
            raise ValueError(key)
    if not any(data.get("cards", {}).values()):
        raise ValueError("cards: none")
    unknown = sorted(set(data.get("cards", {})) - _dalbula_cards())
    if unknown:  # a card no Dalbula table knows: the pick would list nothing the player can bring
        raise ValueError(f"cards: no card {unknown[0]!r}")
    return Collection(name=data["name"], seed=seed, cards=tuple(data.get("cards", {}).items()),
                      tokens=data.get("tokens", 0), stickers=tuple(data.get("stickers", {}).items()),
                      packs=data.get("packs", 0), wins=data.get("wins", 0))


def _dalbula_cards() -> frozenset[str]:
    """The cards a collection may hold: those of the rulesets whose players keep collections."""
    from onenight_core.catalog.loader import default_catalog  # only when a file is read
    from onenight_core.ruleset_ids import COLLECTION_RULESETS

    return frozenset(info.id for r in COLLECTION_RULESETS for info in default_catalog().in_ruleset(r))


def _move_aside(path: Path) -> bool:
    """Rename ``path`` to ``<name>.bad`` (a regular file only; best effort: says whether it moved)."""
    import os

    try:
        if not path.is_file() or path.is_symlink():
            return False
        os.replace(path, path.with_name(path.name + ".bad"))
    except OSError:
        return False
    return True


def to_toml(collection: Collection) -> str:
    import tomli_w  # only when saving

    return tomli_w.dumps({
        "name": collection.name, "seed": collection.seed, "tokens": collection.tokens,
        "packs": collection.packs, "wins": collection.wins,
        "cards": dict(collection.cards), "stickers": dict(collection.stickers),
    })


class CollectionStore:
    """Load and keep the players' collections; ``folder`` None keeps them in memory only."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._memory: dict[str, Collection] = {}

    def path_for(self, name: str) -> Path | None:
        if self.folder is None:
            return None
        digest = hashlib.sha256(name_key(name).encode("utf-8")).hexdigest()[:20]
        return self.folder / f"{digest}.toml"

    def load(self, name: str) -> tuple[Collection, str | None]:
        """The player's collection (a new player's starter set when there is none) and, when the file
        could not be used, a one-line notice. Never raises."""
        if name_key(name) in self._memory:
            return self._memory[name_key(name)], None
        collection, notice = self._read(name)
        self._memory[name_key(name)] = collection
        return collection, notice

    def _read(self, name: str) -> tuple[Collection, str | None]:
        path = self.path_for(name)
        fresh = Collection.starter(name.strip(), secrets.randbelow(2**31))
        if path is None:
            return fresh, None
        try:
            raw = read_bytes(path, MAX_COLLECTION_BYTES)
        except UnreadableFile as exc:
            if exc.missing:
                return fresh, None
            if exc.reason_id in ("file_reason_too_large", "file_reason_grew") and _move_aside(path):
                # Too large to read into memory: the file itself is moved aside, whole, as <file>.bad.
                return fresh, Notice(f"{name.strip()}'s collection in {path} was not usable ({exc}); starting a "
                                     f"new one (the old file is kept as {path.name}.bad).",
                                     "collection_unusable_kept", kept=path.name + ".bad", name=name.strip(),
                                     path=str(path), reason=reason_notice(exc))
            return fresh, Notice(f"Could not read {name.strip()}'s collection in {path} ({exc}); starting a new one.",
                                 "collection_unreadable", name=name.strip(), path=str(path), reason=reason_notice(exc))
        try:
            collection = from_mapping(parse_toml(decode_utf8(raw)), name)
        except (UnreadableFile, ValueError) as exc:
            kept = f" (the old file is kept as {path.name}.bad)" if keep_bad_copy(path, raw) else ""
            english = (f"{name.strip()}'s collection in {path} was not usable ({short_line(str(exc), 100)}); "
                       f"starting a new one{kept}.")
            params = {"name": name.strip(), "path": str(path), "reason": reason_notice(exc)}
            return fresh, (Notice(english, "collection_unusable_kept", kept=path.name + ".bad", **params) if kept
                           else Notice(english, "collection_unusable", **params))
        return collection, None

    def store(self, collection: Collection) -> str | None:
        """Write the collection atomically; a notice instead of an exception when the disk refuses."""
        self._memory[collection.key] = collection
        path = self.path_for(collection.name)
        if path is None:
            return None
        try:
            write_atomic(path, to_toml(collection).encode("utf-8"))
        except (OSError, ValueError, TypeError) as exc:
            return Notice(f"Could not save {collection.name}'s collection in {path} "
                          f"({getattr(exc, 'strerror', None) or exc}).",
                          "collection_not_saved", name=collection.name, path=str(path), reason=reason_notice(exc))
        return None


