"""The classic table (nights and days, docs/resolution.md §4.8): its driver (``table.ClassicTable``)
what the table has heard at its stage (``heard``) and the end of its game as the one end screen shows it
(``ending``)."""

from __future__ import annotations

from .table import ClassicTable

__all__ = ["ClassicTable"]
