"""The role data: the catalog loaded from ``roles.toml`` (``loader``), the named deck presets (``presets``)
and deck parsing (``deck``, which reads the presets and never the other way round).

The package re-exports the loader so ``from onenight_core.catalog import default_catalog`` reads as it
always did; the loader is imported on first use of one of its names (PEP 562), so that a light module of
the package (``cache``) can be imported without it: the set-up screen reads its cache before any of the
engine's classes are built."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .loader import Catalog, EngineStepInfo, RoleInfo, default_catalog, default_catalog_path, load_catalog_file

__all__ = ["Catalog", "EngineStepInfo", "RoleInfo", "default_catalog", "default_catalog_path",
           "load_catalog_file"]


def __getattr__(name: str) -> Any:
    """Import the loader on first use of one of its names, and keep the name here for the next time."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(".loader", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
