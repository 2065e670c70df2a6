"""The packaged catalog and rules kept parsed between runs, so a start does not parse roles.toml and
rules.toml again.

Parsing and checking roles.toml (82 roles in four languages) and rules.toml takes ~25 ms at every
start, on the set-up screen's path (docs/tui.md, "Start-up time"); reading them back from a pickle takes
~1 ms. Each is one file in the user's cache folder (``platformdirs``), written atomically and
owner-only, keyed by a hash of everything the parsed value depends on: the bytes of the TOML files and
the source of the modules that read and check them, and the Python version. Any change makes a new
key, and the file is parsed again and the cache replaced.

The cache is only ever a shortcut: a missing, stale, unreadable or damaged file (or a cache folder that
cannot be written) means the catalog is parsed as if there were no cache, silently. Deleting the file
is always safe. Like everything in the user's own folders, it trusts the user's account: whoever can
write that folder can already change the program itself."""

from __future__ import annotations

import pickle
import sys
from pathlib import Path
from typing import Callable, TypeVar

from ..file_io import UnreadableFile, read_bytes, write_atomic

APP_NAME = "onenight"
MAGIC = b"onenight-catalog-cache 1\n"
MAX_CACHE_BYTES = 8 * 1024 * 1024

T = TypeVar("T")


def cache_file(name: str) -> Path | None:
    """The cache file ``name`` in the platform's user cache folder (``~/.cache/onenight`` on Linux), or
    None when the platform has none."""
    try:
        import platformdirs  # a few milliseconds, only when the catalog is first loaded
    except ImportError:
        return None
    return platformdirs.user_cache_path(APP_NAME, appauthor=False) / name


def cache_key(*parts: bytes) -> bytes:
    """A hash of ``parts`` (each length-prefixed, so no two different lists of parts collide) and the
    Python version (a pickle is read back by the same Python that wrote it)."""
    import hashlib  # here: a start that finds its caches by their files' stamps never loads OpenSSL's hashes

    digest = hashlib.sha256(sys.version.encode())
    for part in parts:
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.digest()


def source_of(module_file: str | None) -> bytes:
    """The source of a module (its ``__file__``), part of the key: when the code that builds the
    cached objects changes, the cache is stale. Raises OSError when there is no source to read."""
    if module_file is None or not module_file.endswith(".py"):
        raise OSError("no module source")
    return Path(module_file).read_bytes()


def read_cached(path: Path | None, key: bytes, kind: type[T]) -> T | None:
    """The object cached under ``key`` at ``path``, when the file is there, holds that key and an
    object of type ``kind``; None otherwise (never raises)."""
    if path is None:
        return None
    try:
        data = read_bytes(path, MAX_CACHE_BYTES)
    except UnreadableFile:
        return None
    head = MAGIC + key
    if not data.startswith(head):
        return None  # another version's cache, or not a cache at all: never unpickled
    try:
        value = pickle.loads(data[len(head):])
    except Exception:  # noqa: BLE001 — a damaged cache is no cache
        return None
    return value if isinstance(value, kind) else None


def write_cached(path: Path | None, key: bytes, value: object) -> None:
    """Keep ``value`` under ``key`` at ``path`` for the next run (best effort: never raises)."""
    if path is None:
        return
    try:
        write_atomic(path, MAGIC + key + pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass


def through_cache(path: Path | None, key: bytes, kind: type[T], build: Callable[[], T]) -> T:
    """The ``kind`` cached under ``key`` at ``path``, else ``build()`` (which may raise: its errors are
    the file's), kept there for the next run."""
    cached = read_cached(path, key, kind)
    if cached is not None:
        return cached
    value = build()
    write_cached(path, key, value)
    return value
