"""The ``classic`` ruleset (multi-night Werewolf: Miller's Hollow + New Moon, seed 004): many nights and
days, eliminations, potions, lovers, a sheriff. Its roles are its own (``classic.toml``); its game is
``game.play`` on the protocol of ``protocol.py``; its options schema is docs/resolution.md §4.9.

Its ``game`` is ``rules.CLASSIC_RULES`` (the one game interface, ``model.game.GameRules``, over
``protocol.py``): every driver plays it through that, and the One Night engine never does (``as_given``
and ``no_script`` only fill the One Night engine's slots, which a ruleset with its own game leaves unused)."""

from __future__ import annotations

from collections.abc import Iterable

from ...catalog.loader import Catalog
from ...errors import SetupError
from ...model.messages import say
from ...model.kinds import Phase
from ...model.values import Setup, Step
from ..behaviours import BehaviourRegistry
from ..ruleset import Ruleset, nothing_to_resolve
from .deck import default_table_deck
from .narration import narration
from .options import CLASSIC_OPTIONS
from .rules import CLASSIC_RULES

BEHAVIOURS = BehaviourRegistry("classic")


def no_script(_roster: Iterable[str], _catalog: Catalog) -> tuple[Step, ...]:
    return ()


def as_given(deck: tuple[str, ...], _seed: int) -> list[str]:
    """The One Night engine does not play classic games: refused in one line (the classic protocol,
    ``rulesets.classic.protocol.new_game``, deals its own)."""
    raise SetupError(said=say("error_classic_engine"))


def check_setup(setup: Setup, _catalog: Catalog) -> None:
    # Imported here: the classic game's modules are not needed to list the rulesets, and every start of
    # the app lists them (the set-up screen's start-up time, docs/tui.md).
    from .protocol import check_setup as check_classic_setup

    check_classic_setup(setup)


CLASSIC = Ruleset(
    id="classic",
    title="Classic Werewolf",
    summary="classic Werewolf: many nights and days, eliminations, potions and a sheriff",
    options=CLASSIC_OPTIONS,
    behaviours=BEHAVIOURS,
    phases=(Phase.NIGHT, Phase.DAY, Phase.VOTE, Phase.OVER),
    build_script=no_script,
    check_setup=check_setup,
    deal=as_given,
    resolve=nothing_to_resolve,
    game=CLASSIC_RULES,  # its own game: the One Night engine never plays it
    narration=narration,  # its own narration, night after night (engine.narration.narration_for)
    most_players=18,  # a classic village is larger than a One Night table (`play --ruleset classic`)
    center_cards=(("thief", 2),),  # the thief's two middle cards (protocol.check_setup)
    own_cards=True,
    default_deck=default_table_deck,
)
