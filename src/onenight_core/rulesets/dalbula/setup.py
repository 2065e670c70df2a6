"""Dalbula's set-up (docs/rules.md §2.1, E-61, E-21; the official set-up of §2.2 as the option
``official_setup``).

* The S0 set-up: the deck is the cards the players bring, one per player, in seat order (each player's
  card is their initial role; duplicates allowed). The three center cards are three independent uniform
  draws over the whole Dalbula catalogue (stream ``setup.center``), whoever owns them; each Alpha Wolf
  card of the roster (brought first, then drawn) adds a random werewolf card (Werewolf, Mystic Wolf, Dream
  Wolf; stream ``setup.alpha_extra``) after the center; each Temptress card adds a random villain card
  after those (the Temptress's set-up hook, as under onuw).
* The official set-up: the deck is the whole table (players + 3 center cards + the extra center cards),
  shuffled and dealt from the seed like onuw's. A deck of that size is always dealt this way (a scenario's
  or a simulation's whole table); ``official_setup = true`` refuses a deck of brought cards.

Only the set-up differs; the night, the vote and every check after it are the same for both."""

from __future__ import annotations

from ...catalog.loader import Catalog, default_catalog
from ...errors import SetupError
from ...model.messages import say
from ...model.rng import stream
from ...model.values import Setup
from ..onuw.ruleset import BASE_CENTER, check_setup, deal
from .behaviours import BEHAVIOURS

ALPHA_EXTRAS = ("werewolf", "mystic_wolf", "dream_wolf")
"""The werewolf cards an Alpha Wolf's extra center card is drawn from (E-21: never an Alpha Wolf)."""
OFFICIAL_SETUP = "official_setup"


def brings_cards(setup: Setup) -> bool:
    """Whether the deck is the cards the players bring (one each): the S0 set-up."""
    return len(setup.deck) == len(setup.players) and not setup.option(OFFICIAL_SETUP)


def dalbula_check_setup(setup: Setup, catalog: Catalog) -> None:
    """onuw's set-up rules read against dalbula's behaviours, or, for brought cards, one playable
    Dalbula card per player."""
    if len(setup.deck) == len(setup.players) and setup.option(OFFICIAL_SETUP):
        need = len(setup.players) + BASE_CENTER
        raise SetupError(f"the official set-up deals {need} cards or more for {len(setup.players)} players "
                         f"(players + {BASE_CENTER}); the deck has {len(setup.deck)}",
                         said=say("error_card_count", players=len(setup.players), count=need,
                                  center=BASE_CENTER, cards=len(setup.deck)))
    if brings_cards(setup):  # check the table it will make: any center, an extra werewolf per Alpha Wolf
        table = setup.deck + ("villager",) * BASE_CENTER + ("werewolf",) * setup.deck.count("alpha_wolf")
        check_setup(Setup(setup.players, table, setup.ruleset, setup.options, draws=setup.draws), catalog,
                    BEHAVIOURS)
        return
    try:
        check_setup(setup, catalog, BEHAVIOURS)
    except SetupError as error:
        if error.said is None or error.said.id != "error_card_count" or setup.option(OFFICIAL_SETUP):
            raise
        # Under dalbula a deck of one card per player (the cards brought) is valid too: name both sizes.
        players, need = len(setup.players), int(error.said["count"])
        raise SetupError(f"{players} players bring {players} cards (one each) or deal a whole table of "
                         f"{need} cards (players + {need - players}); the deck has {len(setup.deck)}",
                         said=say("error_dalbula_card_count", players=players, count=need,
                                  center=need - players, cards=len(setup.deck))) from None


def dalbula_deal(setup: Setup, seed: int) -> list[str]:
    """The table in order: the module docstring's two set-ups."""
    if not brings_cards(setup):
        return deal(setup.deck, seed)
    catalogue = _catalogue()
    draws = stream(seed, "setup.center")
    center = [catalogue[draws.randrange(len(catalogue))] for _ in range(BASE_CENTER)]
    extras = stream(seed, "setup.alpha_extra")
    alphas = list(setup.deck).count("alpha_wolf") + center.count("alpha_wolf")
    aside = [ALPHA_EXTRAS[extras.randrange(len(ALPHA_EXTRAS))] for _ in range(alphas)]
    return list(setup.deck) + center + aside


_CATALOGUE: list[tuple[Catalog, tuple[str, ...]]] = []


def _catalogue() -> tuple[str, ...]:
    """Every Dalbula role, sorted: what the center is drawn from (once per catalog: every game deals)."""
    catalog = default_catalog()
    if not _CATALOGUE or _CATALOGUE[0][0] is not catalog:
        _CATALOGUE[:] = [(catalog, tuple(sorted(r.id for r in catalog.in_ruleset("dalbula"))))]
    return _CATALOGUE[0][1]


__all__ = ["ALPHA_EXTRAS", "OFFICIAL_SETUP", "brings_cards", "dalbula_check_setup", "dalbula_deal"]
