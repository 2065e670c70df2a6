"""How the hot-seat app stops on a crash: one line for the table, the details in ``crash.txt``.

Textual's own way out prints a traceback with local variables — the whole state, every card — and
engine messages name roles. An app built on ``QuietCrash`` prints one line in the table's language
instead (``crash_report.crash_line``) and writes the report beside the save (``write_crash_report``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.app import App


class QuietCrash(App[None]):
    """An app that stops quietly on a crash; it says what the line needs (``crash_context``)."""

    _crash: Exception | None = None

    def crash_context(self) -> tuple[Callable[..., str], Path | None, bool]:
        """The table's words, the file for the report (None: none is written) and whether
        ``onenight --resume`` continues the game."""
        raise NotImplementedError

    def _handle_exception(self, error: Exception) -> None:
        self._crash = error
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        """A crash must not print the game on the way out: Textual's traceback shows local variables
        (the whole state, every card) and engine messages name roles. The table gets one line; the
        details go to a file beside the save, for a bug report."""
        from rich.text import Text

        from .crash_report import crash_line, write_crash_report

        self.bell()
        error = self._crash
        words, report_file, resumable = self.crash_context()
        report = None
        if report_file is not None and error is not None:
            report = write_crash_report(report_file, error)
        self._exit_renderables.append(Text(crash_line(words, type(error).__name__ if error else "?",
                                                      resumable=resumable, report=report)))
        self._close_messages_no_wait()
