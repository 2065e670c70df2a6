"""Dalbula's behaviours where they differ from onuw's (docs/rules.md §E, the **Rec** lines), registered
in dalbula's layered registry: everything else is onuw's behaviour, shared, not copied."""

from __future__ import annotations

from ..onuw.roles.aliens import ALIEN_CLASS, Cow, Leader
from ..onuw.roles.base import Werewolves
from ..onuw.roles.bonus import AuraSeer, Beholder, Squire, Thing
from ..onuw.roles.daybreak import Witch
from ..onuw.roles.groups import FamilyMan
from ..onuw.roles.heroes import AnnoyingLad
from ..onuw.roles.nostradamus import Nostradamus
from ..onuw.roles.vampire import Assassin, Cupid, Gremlin
from ..onuw.roles.villains import Evilometer
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


@register("cow")
class DalbulaCow(Cow):
    """Only an alien-class neighbour taps the Cow's fist, never the Synthetic Alien (S0 1B "에일리언에 해당하지는
    않지만"; E-8), and the Cow learns who tapped (S0 1C; E-12, Dalbula)."""

    aliens_for_prompts = ALIEN_CLASS
    names_tapper = True


@register("evilometer")
class DalbulaEvilometer(Evilometer):
    """The Evilometer learns who tapped its fist (S0 1-SV-E; E-12, Dalbula)."""

    names_tapper = True


@register("leader")
class DalbulaLeader(Leader):
    """The Leader sees the thumbs of the alien-class players, not the Synthetic Alien's (S0 1B, 3E; E-8)."""

    aliens_for_prompts = ALIEN_CLASS


@register("aura_seer")
class DalbulaAuraSeer(AuraSeer):
    """The Aura Seer sees who viewed or moved a card; marks do not count (S0 7C; E-32, Dalbula)."""

    counts_marks = False
    as_ = "viewed_or_moved_card"  # told as such: "a card" (not "a card or mark", the onuw label)


@register("squire")
class DalbulaSquire(Squire):
    """The Squire sees the werewolves' thumbs and their cards, no choice (S0 9C "그 카드까지 열람합니다";
    E-39, Dalbula)."""

    views_optional = False


@register("beholder")
class DalbulaBeholder(Beholder):
    """The Beholder sees the Seers' thumbs and their cards, no choice (S0 9Z; E-39, Dalbula)."""

    views_optional = False
