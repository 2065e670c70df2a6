"""The classic night as a narrator calls it at a table with physical cards (docs/resolution.md §4.3): which
steps, in which order, on night ``n``. The steps come from the roles of the composition and their slots in
``classic.toml``: the thief's and cupid's slots (and the lovers' waking) on night 1 only, the others every
night. Every slot of the composition is called, whether its holder is alive or not (A-C15), so the
narrator's calls never tell who died. The words are the driver's; this module stays pure: it is the
ruleset's night order for a narrator (data read from classic.toml), not a narrator of its own — the
script's cues are ``engine.narration``'s ``Narration``/``Cue``/``Line``, built by the app's text layer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...errors import SetupError
from ...model.messages import say
from .catalog import ClassicCatalog, classic_catalog
from .deck import check_deck
from .events import NIGHT_STEPS


def __getattr__(name: str) -> Any:
    """``FOLLOWERS``: the steps that are not a role's slot, by the step they follow (the lovers wake after
    cupid, the charmed after the piper), read from classic.toml's ``[[step]] follows``."""
    if name == "FOLLOWERS":
        return {st.follows: st.id for st in classic_catalog().steps if st.follows}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if TYPE_CHECKING:
    FOLLOWERS: dict[str, str]


def night_steps(deck: Sequence[str], night: int, catalog: ClassicCatalog | None = None,
                event: str | None = None) -> tuple[str, ...]:
    """The step ids the narrator calls on night ``night`` (1 = the first) for this composition, in the
    order of §4.3: role slots (``thief``, ``cupid``, ``seer``, ``defender``, ``werewolf``, ``witch``,
    ``piper``) and the ``lovers``/``charmed`` steps that follow cupid and the piper. ``event``: the New
    Moon card acting tonight (revealed the day before): its step (``events.NIGHT_STEPS``) is called too,
    first (the ally) or after its slot (the Specter and Full Moon Rising after the werewolves)."""
    steps = _slot_steps(deck, night, catalog)
    if event not in NIGHT_STEPS:
        return steps
    step, after = NIGHT_STEPS[str(event)]
    if not after:
        return (step, *steps)
    i = steps.index(after) + 1 if after in steps else len(steps)
    return (*steps[:i], step, *steps[i:])


def _slot_steps(deck: Sequence[str], night: int, catalog: ClassicCatalog | None = None) -> tuple[str, ...]:
    if night < 1:
        raise SetupError(said=say("error_classic_night", given=night))
    catalog = catalog or classic_catalog()
    roles = [catalog.role(r) for r in check_deck(deck, catalog)]
    return catalog.night_steps({r.id for r in roles}, night)  # classic.toml's order, written there only
