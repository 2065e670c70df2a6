"""The classic table (nights and days, docs/resolution.md §4.8): its driver (``table.ClassicTable``)
and what the table has heard at its stage (``heard``)."""

from __future__ import annotations

from .table import ClassicTable

__all__ = ["ClassicTable"]
