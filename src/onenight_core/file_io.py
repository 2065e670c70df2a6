"""Reading and writing the player's files (saves, settings, scenario files, roles.toml) safely.

Every file the program reads may be anything: a FIFO that never ends, ``/dev/zero``, invalid UTF-8,
TOML or JSON nested ten thousand deep. Each of those must become one clear line naming the file, never
a hang, a MemoryError or a traceback, so the reading is done here once: regular files only, a size
limit, UTF-8, and a nesting limit checked right after parsing (so no later ``repr`` or walk of the data
can recurse too deep either). Writing is atomic and private: a temporary file beside the target, owner
read/write only, flushed and fsynced, then renamed over it; a failure leaves no temporary file behind.

Callers turn ``UnreadableFile`` into their own typed error (SaveError, ScenarioError, CatalogError, a
settings notice); its reason is a message id (``said``: "not a regular file", "bad TOML (line 3,
column 1)" in English, worded from the catalogs in every language), without
the path, which the caller puts first."""

from __future__ import annotations

import math
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .model.messages import Message

MAX_BYTES = 4 * 1024 * 1024  # far above any real save, settings file, scenario file or catalog
MAX_DEPTH = 32  # nesting of tables/lists/objects; real files use at most 4 or 5


class UnreadableFile(ValueError):
    """A file that cannot be used; ``missing`` tells "not there" apart from "there but bad".

    Like the other errors (``errors.py``) it carries the reason as a message id and parameters only
    (``reason_id``, ``params``: ``said``), never a sentence of its own: the app words it in the player's
    language, and its ``str`` (logs, tests, a developer's ``CatalogError``) is the same message worded from
    the English catalog (``english.py``), so the two cannot disagree."""

    def __init__(self, *, missing: bool = False, reason_id: str = "file_reason_system", **params: Any) -> None:
        super().__init__(reason_id)
        self.missing = missing
        self.reason_id = reason_id
        self.params = params

    @property
    def said(self) -> Message:
        """The reason as a message (imported here: reading a settings file stays off the engine)."""
        from .model.messages import say

        return say(self.reason_id, **self.params)

    def __str__(self) -> str:
        from .english import english  # the catalog is read for an error's text only

        return english(self.said)


def os_reason(exc: OSError) -> UnreadableFile:
    """An operating system's refusal as a reason with a message id: its English ``strerror`` is the
    text, the id names the common cases (no permission, disk full, read-only) in every language."""
    import errno

    ids = {errno.EACCES: "file_reason_permission", errno.EPERM: "file_reason_permission",
           errno.ENOSPC: "file_reason_no_space", errno.EROFS: "file_reason_read_only",
           errno.ENOENT: "file_reason_missing", errno.EISDIR: "file_reason_directory",
           errno.ENOTDIR: "file_reason_not_directory", errno.ELOOP: "file_reason_system"}
    code = exc.errno or 0
    return UnreadableFile(missing=code == errno.ENOENT,
                          reason_id=ids.get(code, "file_reason_system"), code=errno.errorcode.get(code, str(code)))


def read_bytes(path: str | Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. Never blocks on a FIFO or a device."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise UnreadableFile(missing=True, reason_id="file_reason_missing") from None
    except IsADirectoryError:
        raise UnreadableFile(reason_id="file_reason_directory") from None
    except OSError as exc:
        raise os_reason(exc) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise UnreadableFile(reason_id="file_reason_directory")
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(reason_id="file_reason_not_regular")
        if info.st_size > limit:
            raise UnreadableFile(reason_id="file_reason_too_large", size=info.st_size, limit=limit)
        chunks: list[bytes] = []
        total = 0
        while True:  # the size may change while reading: never read more than the limit
            chunk = os.read(fd, min(65536, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise UnreadableFile(reason_id="file_reason_grew",
                                     limit=limit)
        return b"".join(chunks)
    except OSError as exc:
        raise os_reason(exc) from None
    finally:
        os.close(fd)


def decode_utf8(data: bytes) -> str:
    """UTF-8 text; a leading byte-order mark (Windows editors write one) is not part of it."""
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise UnreadableFile(reason_id="file_reason_not_utf8",
                             byte=exc.start) from None


def read_text(path: str | Path, limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes."""
    return decode_utf8(read_bytes(path, limit))


def parse_toml(text: str) -> dict[str, Any]:
    """TOML text as a dict whose nesting is at most ``MAX_DEPTH``."""
    import tomllib  # here: a first start has no file to parse, and importing it costs ~1 ms

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        where = re.search(r"line (\d+), column (\d+)", str(exc))
        line, column = (int(where[1]), int(where[2])) if where else (text.count("\n") + 1, 0)
        raise UnreadableFile(reason_id="file_reason_bad_toml", line=line,
                             column=column) from None
    except RecursionError:
        raise UnreadableFile(reason_id="file_reason_deep",
                             limit=MAX_DEPTH) from None
    check_depth(data)
    return data


def parse_json(text: str) -> Any:
    """JSON text with finite numbers only (no NaN or Infinity) and nesting at most ``MAX_DEPTH``."""
    def no_constant(name: str) -> Any:
        raise ValueError(f"{name} is not a number this program writes")

    import json  # here: a first start has no saved game to read, and importing it costs ~1 ms

    try:
        data = json.loads(text, parse_constant=no_constant)
    except RecursionError:
        raise UnreadableFile(reason_id="file_reason_deep",
                             limit=MAX_DEPTH) from None
    except json.JSONDecodeError as exc:
        raise UnreadableFile(reason_id="file_reason_bad_json", line=exc.lineno,
                             column=exc.colno) from None
    except ValueError:  # the constant refused above (NaN, Infinity)
        raise UnreadableFile(reason_id="file_reason_json_number") from None
    check_depth(data)
    if _has_non_finite(data):  # 1e999 parses to inf without going through parse_constant
        raise UnreadableFile(reason_id="file_reason_json_number")
    return data


def check_depth(data: Any, limit: int = MAX_DEPTH) -> None:
    """Refuse data nested deeper than ``limit`` (walked without recursion)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: list[Any] = list(value.values())
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > limit:
            raise UnreadableFile(reason_id="file_reason_deep",
                                 limit=limit)
        stack.extend((child, depth + 1) for child in children)


def _has_non_finite(data: Any) -> bool:
    stack: list[Any] = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            return True
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False


def write_atomic(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically, readable by the owner only (0600).

    A temporary file in the same folder is written, flushed and fsynced, then renamed over ``path``; on
    any failure the temporary file is removed and the error is raised (the old file stays intact)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=path.parent)
    try:
        try:
            os.fchmod(fd, 0o600)
        except (AttributeError, OSError):  # Windows has no fchmod; mkstemp's file is private already
            pass
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (POSIX); best effort."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
