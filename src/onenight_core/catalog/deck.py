"""Decks: parsing ``werewolf*2,seer,...`` (role ids, names or preset ids) and writing them back compactly.

The named presets live in ``presets``; this module reads them and never the other way round."""

from __future__ import annotations

from typing import Iterable

from ..errors import SetupError
from ..model.messages import say
from .loader import Catalog, default_catalog
from . import presets


def parse_deck(text: str, catalog: Catalog | None = None) -> tuple[str, ...]:
    """``werewolf*2,seer,robber`` or a preset id (``base-5``), or a mix, as a tuple of role ids.

    Roles may be written by id or by name in any language; raises SetupError naming a bad item."""
    catalog = catalog or default_catalog()
    roles: list[str] = []
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            continue
        if item in presets.PRESETS:  # read from presets.toml the first time
            roles.extend(presets.PRESETS[item].roles)
            continue
        name, _, count = item.partition("*")
        if not count and "x" in item and item.rsplit("x", 1)[1].isdigit() and catalog.find(item.rsplit("x", 1)[0]):
            name, count = item.rsplit("x", 1)
        try:
            times = int(count) if count else 1
        except ValueError:
            raise SetupError(f"bad count in {item!r} (write role*2)",
                             said=say("error_deck_count", given=repr(item))) from None
        if times < 1 or times > 20:
            raise SetupError(f"bad count in {item!r}", said=say("error_deck_count", given=repr(item)))
        info = catalog.find(name)
        if info is None:
            raise SetupError(f"unknown role or preset {name.strip()!r} (see `onenight roles`)",
                             said=say("error_deck_unknown", given=repr(name.strip())))
        roles.extend([info.id] * times)
    if not roles:
        raise SetupError("no roles given", said=say("error_deck_empty"))
    return tuple(roles)


def format_deck(roles: Iterable[str]) -> str:
    """The compact form ``werewolf*2,seer`` of a deck, in first-appearance order."""
    counts: dict[str, int] = {}
    for r in roles:
        counts[r] = counts.get(r, 0) + 1
    return ",".join(f"{r}*{c}" if c > 1 else r for r, c in counts.items())
