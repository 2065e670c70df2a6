"""One game at a time on one save: a lock file beside it holding the owner's process id.

Two ``onenight`` windows on the same account share one ``game.json``: each would write it at every step,
call the other's running game "stopped", and the first to reach its reveal would delete the file the
other still needs. So the game takes ``game.lock`` (created exclusively, holding its pid) before it
starts and removes it when it ends. A second start finds the lock, sees that its process is alive and
says a game is running, offering nothing that could destroy it. A lock whose process is gone (a
``kill -9``, a power cut) is stale: it is taken over. A folder where no lock can be written (read-only)
gives no lock, and the save's own failure says the rest."""

from __future__ import annotations

import os
from pathlib import Path

LOCK_NAME = "game.lock"


def lock_path(save_file: str | Path) -> Path:
    return Path(save_file).with_name(LOCK_NAME)


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    except OSError:
        return False
    return True


def holder(path: Path) -> int | None:
    """The live process holding the lock at ``path``, or None (no lock, unreadable, or stale)."""
    try:
        text = path.read_text(encoding="ascii", errors="replace")[:32].strip()
    except OSError:
        return None
    pid = int(text) if text.isdigit() else 0
    return pid if pid != os.getpid() and _alive(pid) else None


class SaveLock:
    """The lock on one save; ``acquire`` returns the pid of a live other owner instead of taking it."""

    def __init__(self, save_file: str | Path) -> None:
        self.path = lock_path(save_file)
        self.held = False

    def acquire(self) -> int | None:
        """Take the lock; the pid of the running game that holds it instead, or None once taken (or
        when no lock can be written here at all)."""
        for _ in range(3):
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                owner = holder(self.path)
                if owner is not None:
                    return owner
                try:  # stale (its process is gone) or damaged: take it over
                    self.path.unlink()
                except FileNotFoundError:
                    pass
                except OSError:
                    return None
                continue
            except OSError:
                return None  # a read-only or missing folder: no lock (the save will say it failed)
            with os.fdopen(fd, "w", encoding="ascii") as fh:
                fh.write(f"{os.getpid()}\n")
            self.held = True
            return None
        return None

    def release(self) -> None:
        """Remove the lock when it is still ours."""
        if not self.held:
            return
        self.held = False
        try:
            if self.path.read_text(encoding="ascii", errors="replace").strip() == str(os.getpid()):
                self.path.unlink()
        except OSError:
            pass

    def __enter__(self) -> "SaveLock":
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
