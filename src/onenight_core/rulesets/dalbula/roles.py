"""Dalbula's behaviours where they differ from onuw's (docs/rules.md §E, the **Rec** lines), registered
in dalbula's layered registry: everything else is onuw's behaviour, shared, not copied."""

from __future__ import annotations

from ..onuw.roles.base import Werewolves
from ..onuw.roles.vampire import Assassin, Cupid, Gremlin
from .behaviours import BEHAVIOURS

register = BEHAVIOURS.register


@register("werewolves", playable_roles=("werewolf",))
class DalbulaWerewolves(Werewolves):
    """A Dream Wolf's thumb does not end the lone wolf's peek (E-11, Dalbula reading)."""

    dream_thumb_ends_lone = False


@register("cupid")
class DalbulaCupid(Cupid):
    """Cupid gives exactly two Marks of Love (E-35, Dalbula)."""

    may_pass = False


@register("assassin")
class DalbulaAssassin(Assassin):
    """The Assassin does not see the Apprentice Assassins (E-31 is the official rulebook's)."""

    sees_apprentices = False


@register("gremlin")
class DalbulaGremlin(Gremlin):
    """The Gremlin exchanges the cards or marks of two other players only (E-2, Dalbula)."""

    may_include_self = False
