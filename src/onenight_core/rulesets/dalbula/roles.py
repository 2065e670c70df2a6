"""Dalbula's behaviours where they differ from onuw's (rules/roles.md §E, the **Rec** lines), registered
in dalbula's layered registry: everything else is onuw's behaviour, shared, not copied."""

from __future__ import annotations

from ..onuw.roles.base import Werewolves
from ..onuw.roles.bonus import Thing
from ..onuw.roles.daybreak import Witch
from ..onuw.roles.groups import FamilyMan
from ..onuw.roles.heroes import AnnoyingLad
from ..onuw.roles.nostradamus import Nostradamus
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


@register("witch")
class DalbulaWitch(Witch):
    """The Witch gives the center card she viewed to a player other than herself (S0 6B "자신을 제외한";
    E-1, Dalbula)."""

    may_swap_self = False


@register("nostradamus")
class DalbulaNostradamus(Nostradamus):
    """Nostradamus must view a first card (S0 5E "최초 한 번은 필수"; E-55, Dalbula); up to three, and he
    stops at once on a card not of the citizen + hero team (onuw's rule)."""

    first_view_mandatory = True


@register("family_man")
class DalbulaFamilyMan(FamilyMan):
    """The Family Man wakes at 13B and views his family's cards (S0 13B; E-13, Dalbula)."""

    views_cards = True


@register("thing")
class DalbulaThing(Thing):
    """The Thing taps one of his neighbours; he may not pass (S0 4B; E-34, Dalbula)."""

    may_pass = False


@register("annoying_lad")
class DalbulaAnnoyingLad(AnnoyingLad):
    """The Annoying Lad taps one of his neighbours; he may not pass (S0 4C; E-34, Dalbula)."""

    may_pass = False
