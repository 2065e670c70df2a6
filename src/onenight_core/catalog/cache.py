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
is always safe.

A pickle can run code when it is read, so two guards keep a planted file from doing so. The file is read
only from a folder that no one but the user can write (owned by the user, not writable by the group or
others; the folder is made ``0700``), and the file must be the user's and not writable by others either:
otherwise there is no cache. And it is read with an unpickler that builds nothing but plain values and
this program's own classes (``onenight_core``, ``onenight_tui``, and the Textual/Rich classes of the
parsed style sheets): any other global — a function, ``os.system``, a class of another module — makes the
file no cache at all, so even a file that gets past the first guard cannot run code."""

from __future__ import annotations

import os
import pickle
import stat
import sys
from pathlib import Path
from typing import Callable, TypeVar

from ..file_io import UnreadableFile, read_bytes, write_atomic

APP_NAME = "onenight"
MAGIC = b"onenight-catalog-cache 2\n"  # 2: a CRC-32 of the pickle follows the key
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


def private_folder(folder: Path) -> bool:
    """Whether ``folder`` is safe to cache in: made (``0700``) when missing, then a real folder owned by
    this user that neither the group nor others can write."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.lstat(folder)
        if stat.S_ISDIR(info.st_mode) and _mine(info) and info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            os.chmod(folder, 0o700)  # ours, made open by an older version or a loose umask: close it first
            info = os.lstat(folder)
        return _private(info, directory=True)
    except OSError:
        return False


def _mine(info: os.stat_result) -> bool:
    return not hasattr(os, "getuid") or info.st_uid == os.getuid()


def _private(info: os.stat_result, *, directory: bool = False) -> bool:
    if directory and not stat.S_ISDIR(info.st_mode):
        return False
    return _mine(info) and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


#: Plain values a cache may hold (``builtins``), and the packages whose classes it may build.
_BUILTINS = frozenset({"frozenset", "set", "tuple", "list", "dict", "bytearray", "bytes", "str", "int",
                       "float", "bool", "complex", "slice", "range", "object"})
_OWN = ("onenight_core", "onenight_tui", "textual", "rich")
_HELPERS = frozenset({("copyreg", "_reconstructor"), ("collections", "OrderedDict"),
                      ("collections", "defaultdict"), ("collections", "deque"), ("functools", "partial"),
                      # Textual's parsed selectors keep these checks (css_cache), as partials
                      ("textual.css.model", "_check_type"), ("textual.css.model", "_check_class"),
                      ("textual.css.model", "_check_id"), ("textual.css.model", "_check_universal")})


def _dict_method(value: object, name: str) -> object:
    """The one ``getattr`` a cache may make: a plain dict's ``get`` or ``__contains__`` (Textual's
    styles keep them bound); nothing else, so no attribute leads anywhere else."""
    if type(value) is dict and name in ("get", "__contains__"):
        return getattr(value, name)
    raise pickle.UnpicklingError(f"a cache may not read the attribute {name!r}")


def _ours(module: str) -> bool:
    return any(module == top or module.startswith(top + ".") for top in _OWN)


class SafeUnpickler(pickle.Unpickler):
    """Builds plain values and classes of this program only: never a function or another module's class
    (``os.system``, ``subprocess.Popen``, ``builtins.eval``...), so reading a cache cannot run code."""

    def find_class(self, module: str, name: str) -> object:
        if (module, name) == ("builtins", "getattr"):
            return _dict_method
        if (module == "builtins" and name in _BUILTINS) or (module, name) in _HELPERS:
            return super().find_class(module, name)
        if _ours(module) and name.isidentifier() and not name.startswith("_"):
            found = super().find_class(module, name)
            if isinstance(found, type) and _ours(getattr(found, "__module__", "")):
                return found
        raise pickle.UnpicklingError(f"a cache may not build {module}.{name}")


def safe_loads(data: bytes) -> object:
    import io

    return SafeUnpickler(io.BytesIO(data)).load()


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
    if path is None or not private_folder(path.parent):
        return None
    try:
        if not _private(os.lstat(path)):  # someone else's file, or one others may change: no cache
            return None
        data = read_bytes(path, MAX_CACHE_BYTES)
    except (UnreadableFile, OSError):
        return None
    head = MAGIC + key
    if not data.startswith(head):
        return None  # another version's cache, or not a cache at all: never unpickled
    body = data[len(head) + 4:]
    if data[len(head):len(head) + 4] != _crc(body):
        return None  # damaged (a byte changed on disk): a pickle that loads could still be wrong inside
    try:
        value = safe_loads(body)
    except Exception:  # noqa: BLE001 — a damaged cache is no cache
        return None
    return value if isinstance(value, kind) else None


def write_cached(path: Path | None, key: bytes, value: object) -> None:
    """Keep ``value`` under ``key`` at ``path`` for the next run (best effort: never raises)."""
    if path is None or not private_folder(path.parent):
        return
    try:
        body = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        write_atomic(path, MAGIC + key + _crc(body) + body)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass


def _crc(body: bytes) -> bytes:
    import zlib  # built in, and cheaper than a hash for catching damage

    return zlib.crc32(body).to_bytes(4, "big")


def through_cache(path: Path | None, key: bytes, kind: type[T], build: Callable[[], T]) -> T:
    """The ``kind`` cached under ``key`` at ``path``, else ``build()`` (which may raise: its errors are
    the file's), kept there for the next run."""
    cached = read_cached(path, key, kind)
    if cached is not None:
        return cached
    value = build()
    write_cached(path, key, value)
    return value
