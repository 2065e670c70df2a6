"""Stand-ins for ``shutil.which`` and ``subprocess.Popen``, so sound back-ends can be chosen and driven
without a sound card (shared by the speech and background-sound tests)."""

from __future__ import annotations


def which_of(*programs: str):
    """A ``shutil.which`` that finds exactly ``programs`` in /usr/bin."""
    return lambda name: f"/usr/bin/{name}" if name in programs else None


class FakeProcess:
    """A child process that runs until it is terminated (or ``finish``ed)."""

    def __init__(self, argv):
        self.argv = argv
        self.returncode = None
        self.terminated = False

    def poll(self):
        return self.returncode

    def terminate(self):
        self.terminated = True
        self.returncode = -15

    def finish(self):
        self.returncode = 0


class FakePopen:
    """A ``subprocess.Popen`` that records every command line and its keyword arguments."""

    def __init__(self):
        self.started: list[FakeProcess] = []
        self.kwargs: list[dict] = []

    def __call__(self, argv, **kwargs):
        process = FakeProcess(argv)
        self.started.append(process)
        self.kwargs.append(kwargs)
        return process
