"""The role data: the catalog loaded from ``roles.toml`` (``loader``), the named deck presets (``presets``)
and deck parsing (``deck``, which reads the presets and never the other way round).

The package re-exports the loader so ``from onenight_core.catalog import default_catalog`` reads as it
always did."""

from .loader import Catalog, EngineStepInfo, RoleInfo, default_catalog, default_catalog_path, load_catalog_file

__all__ = ["Catalog", "EngineStepInfo", "RoleInfo", "default_catalog", "default_catalog_path",
           "load_catalog_file"]
