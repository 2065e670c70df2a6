"""Which games the batch kernel plays: the base roles in the players' hands, under ``onuw`` or
``dalbula``, with the engine's bots. Anything else is played by the engine, game by game.

A game is covered when:

* every card a player can hold at the vote is one of ``COVERED_ROLES`` — every card of the table when
  the deck is shuffled and dealt; the cards the players bring (Dalbula's S0 set-up: the center is drawn
  from the whole catalogue, so each game has its own table) when no Drunk can take a center card;
* at most one Doppelganger is at the table (a copy is never of a copier), and no scenario pins its draws;
* every step of its night script is one the kernel plays (``plan.STEP_CODES``), an engine step nobody
  at the table acts in (``NO_OP_STEPS``: every player sees his own Mark of Clarity at the mark check,
  and nobody holds a Mark of Love, a Sleepwalker's slot, an artifact or the Mayor's role), or a ghost:
  a step of roles no player can hold, whose behaviour has no ``announce``/``ghost`` hook (what a ghost
  step still does: a public draw...) but those that bind what only their holders act on
  (``GHOST_HOOKS``: the aliens' instruction, a Blob's members...). It is decided role by role
  (``role_verdict``: the steps a card brings), once per ruleset;
* an alien card in the roster (a Dalbula center) calls the ripple: the game is covered when the ripple
  drawn (``ripple.ripple_kind``, the engine's draw) does nothing the players do — ``none``, or a
  ``silence`` that only bots who chat would feel (``QUIET_RIPPLES``); the others are the engine's;
* no role of the table has a set-up hook but the Temptress's, whose extra villain card the kernel lays
  too (``extras.with_extras``) and judges like the others.

So a center card of a passive or ghost role (a Mystic Wolf, a Witch, a Vampire...) keeps a Dalbula game on
the kernel: the Seer and a lone wolf may still look at it, and it counts in the Seer's center pairs."""

from __future__ import annotations

from ...catalog.loader import default_catalog
from ...catalog.rules import default_rules
from ...model.values import Setup
from ...rulesets import RULESETS
from .extras import EXTRA_CARD_ROLES
from .plan import COVERED_HANDS, STEP_CODES
from .ripple import quiet_ripple

COVERED_RULESETS = frozenset({"onuw", "dalbula"})
COVERED_ROLES = COVERED_HANDS
COVERED_BOTS = frozenset({"informed", "random"})
# Engine steps whose actors are players holding what only a covered table's absent roles give: a mark
# (the mark check shows each player his Mark of Clarity; the lovers wake Mark of Love holders), a
# Sleepwalker's slot, an artifact (the Curator's), the Mayor's night identity. Nobody: nothing happens.
NO_OP_STEPS = frozenset({"mark_check", "lovers", "sleepwalker_return", "artifacts", "mayor"})
# Steps whose announcement or ghost hook binds what only their (absent) holders act on: the aliens' and
# the Body Snatcher's instructions, a Blob's or Family Man's members, Nostradamus's team (by behaviour
# key; a Doppelganger's extra step for them too: a Doppelganger copies a player's card, never theirs).
# Not the Empath's (the group it names points, bots drawing), nor the Oracle's (her answer may force
# the ripple).
GHOST_HOOKS = frozenset({"aliens", "body_snatcher", "blob", "family_man", "nostradamus"})
RIPPLE = "ripple"
NO, YES, IF_QUIET = 0, 1, 2  # ``covers_table``: IF_QUIET, covered if the game's ripple is quiet

def covers_table(ruleset: str, table: tuple[str, ...], players: int, brought: bool = False) -> int:
    """Whether the kernel plays a game of ``ruleset`` on ``table`` (every card in play, players' first):
    ``NO``, ``YES`` or ``IF_QUIET`` (yes if the game's ripple is quiet). ``brought``: the first
    ``players`` cards are the players' own (not shuffled)."""
    if ruleset not in COVERED_RULESETS or len(table) < players + 3 or table.count("doppelganger") > 1:
        return NO
    held = set(table) if not brought or "drunk" in table[:players] else set(table[:players])
    if not COVERED_ROLES.issuperset(held):
        return NO
    verdict = YES
    verdicts = _verdicts(ruleset)
    for role in set(table):
        if role not in held:
            one = verdicts[role]
            if one == NO:
                return NO
            verdict = max(verdict, one)
    return verdict


def _verdicts(ruleset: str) -> dict[str, int]:
    """For each role of ``ruleset``: what a card of it that no player holds does to the coverage
    (``role_verdict``), worked out once per ruleset."""
    entry = _VERDICTS.get(ruleset)
    if entry is None:
        entry = _VERDICTS[ruleset] = {r.id: role_verdict(ruleset, r.id) for r in default_catalog().in_ruleset(ruleset)}
    return entry


_VERDICTS: dict[str, dict[str, int]] = {}


def role_verdict(ruleset: str, role: str) -> int:
    """What a card of ``role`` that no player holds brings to the night (the module docstring): ``YES``
    (nothing: its steps are ghosts), ``IF_QUIET`` (the ripple) or ``NO``. The steps a card brings are the
    night script's (``night_script._build``): its own, its group's, the Doppelganger's extra step for it
    and the engine steps it calls."""
    catalog, rules = default_catalog(), default_rules()
    behaviours = RULESETS[ruleset].behaviours
    if role in COVERED_ROLES:
        return YES  # (its steps are the kernel's; nobody plays it tonight)
    behaviour = behaviours.get(role)
    if behaviour is not None and getattr(behaviour, "set_up", None) is not None and role not in EXTRA_CARD_ROLES:
        return NO
    info = catalog[role]
    keys = [role]
    if info.group:
        keys.append(info.group)
        if info.group in STEP_CODES:  # (the werewolves' group: the kernel's step, whoever is in it)
            keys.remove(info.group)
    for key in keys:
        hooked = behaviours.get(key)
        if hooked is not None and (hooked.announces or hooked.haunts) and key not in GHOST_HOOKS:
            return NO
    verdict = YES
    for step in rules.engine_steps:
        if role in step.when:
            if step.id == RIPPLE:
                verdict = IF_QUIET
            elif step.id not in NO_OP_STEPS:
                return NO
    return verdict  # (a Doppelganger's extra step for the role runs the role's behaviour: the same hooks)


def covers(setup: Setup, bot: str) -> bool:
    """Whether every game of ``setup`` (a shuffled deck) played by ``bot`` bots is the kernel's."""
    return (bot in COVERED_BOTS and not setup.draws
            and covers_table(setup.ruleset, setup.deck, len(setup.players)) == YES)


def covers_game(setup: Setup, bot: str, table: tuple[str, ...], seed: int) -> bool:
    """Whether one game of brought cards (``setup.deck`` the players' cards) on ``table``, seeded ``seed``,
    is the kernel's."""
    if bot not in COVERED_BOTS or setup.draws:
        return False
    covered = covers_table(setup.ruleset, table, len(setup.players), brought=True)
    return covered == YES or (covered == IF_QUIET and quiet_ripple(setup.ruleset, seed))


__all__ = ["COVERED_BOTS", "COVERED_ROLES", "COVERED_RULESETS", "covers", "covers_game", "covers_table",
           "quiet_ripple", "role_verdict"]
