"""One Night's bots at the table (issue 26): the claiming bots (``onenight_core.play.claims``) in the seats
no human sits in, inside the hot-seat game of ``onuw`` and ``dalbula``. ``OneNightBots`` is the One Night
table's ``table.bots`` (``bots.SeatBots``); the core's ``TableBots`` (``play/table_bots.py``) decides,
this module applies and words.

* **At night** a bot answers its own prompts of the step being called at once, on the eyes-closed screen,
  with no hand-over (``bots_act``); the step still lasts its time, whoever acts. The hand-overs of the
  deal, the mark check and the secret ballot skip the bot seats: which seats are bots is public, what a
  bot holds never shows (docs/decisions.md, "Bots at the table").
* **By day** each bot claims once, in seat order, on the state at dawn (``TableBots.claims``); a human
  may ask a bot to repeat its claim or whom it suspects. Humans' claims are spoken aloud; the table may
  enter what a human said (the day screen's ``c``, ``screens/one_night/claim_entry.py``): the bots then
  hear it like a bot's claim (``TableBots.tell``, ``onenight_core.play.spoken_claims``), the panel shows
  it, and the save keeps it (the note ``claims``). A human whose claim was not entered says nothing.
* **The vote**: a bot's ballot is the claiming bot's vote on the claims (``TableBots.vote``, computed on a
  copy of the bot: asking twice gives the same ballot and changes nothing).
* **The reveal**: per bot, whether its claim was true (``reveal_lines``).

Seeded: the bots are ``ClaimingBot.for_table(players, seed)`` and see only their own views; a resumed
game rebuilds them by replaying the save's answers through them (``TableBots.rebuild``), so the same
set-up, seed and human answers give the same bot actions, claims and votes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from onenight_core.engine.protocol import pending
from onenight_core.model.kinds import PromptKind
from onenight_core.model.state import GameState
from onenight_core.model.values import Setup
from onenight_core.play.claims import Claim, check_claims
from onenight_core.play.spoken_claims import SAVE_KEY as CLAIMS_KEY, decode_claims, encode_claims
from onenight_core.play.table_bots import TableBots

from ..bot_seats import SAVE_KEY, bots_note, read_bots_note
from ..cli_text import cli_text

if TYPE_CHECKING:
    from onenight_core.model.values import Action
    from onenight_core.play.saves import SavedGame

    from onenight_core.catalog.loader import Catalog

    from ..tables.one_night import OneNightTable


class OneNightBots:
    """The bots of the One Night game on ``table`` (``bots.SeatBots``): the core's ``TableBots`` (``core``),
    bound to the table that words what they say and answers for them."""

    def __init__(self, table: OneNightTable, core: TableBots) -> None:
        self.table = table
        self.core = core

    # -- start, resume ---------------------------------------------------------------------------------
    @classmethod
    def start(cls, table: OneNightTable, seats: frozenset[int]) -> tuple[OneNightBots | None, dict[str, str]]:
        """The bots of ``table``'s game, just dealt (None when no seat is a bot), and the save's note."""
        g = table.game
        core, note = start_bots(g.setup, g.seed, seats, table.app.catalog)
        return (cls(table, core) if core is not None else None), note

    @classmethod
    def resume(cls, table: OneNightTable, saved: SavedGame) -> tuple[GameState, OneNightBots | None]:
        """The game ``saved`` describes (``play.saves.replay``) and its bots, rebuilt from the save's notes."""
        from onenight_core.play.saves import replay

        core = resume_bots(saved, table.app.catalog)
        return replay(saved), (cls(table, core) if core is not None else None)

    # -- the interface (``SeatBots``) -------------------------------------------------------------------
    @property
    def seats(self) -> frozenset[int]:
        return self.core.seats

    def _players(self) -> Sequence[str]:
        from onenight_core.engine.views import public_view

        return public_view(self.table.game).players

    def claims_title(self) -> str:
        return self.table.app.words("day_claims_title" if self.core.told() else "day_bots_title")

    def claim_lines(self) -> list[str]:
        return claim_lines(self.core, self.table.game, self._players(), self.table.app.lang)

    def suspects(self) -> tuple[int, ...]:
        return tuple(sorted(self.core.seats))  # every bot, in seat order (nobody dies before the vote)

    def suspicion_line(self, seat: int) -> str:
        return suspicion_line(self.core, self.table.game, seat, self._players(), self.table.app.lang)

    def truth_title(self) -> str:
        return self.table.app.words("reveal_claims_title" if self.core.told() else "reveal_bots_title")

    def truth_lines(self) -> list[str]:
        return reveal_lines(self.core, self.table.game, self._players(), self.table.app.lang)

    # -- One Night's own hooks ------------------------------------------------------------------------
    @property
    def heard_aloud(self) -> bool:
        """The day screen has read the claims aloud (once a game: not again back from the vote)."""
        return self.core.heard_aloud

    @heard_aloud.setter
    def heard_aloud(self, value: bool) -> None:
        self.core.heard_aloud = value

    def act_at_night(self, step: str | None) -> None:
        """The bots answer their prompts of night step ``step`` (``bots_act``)."""
        bots_act(self, self.table, step)

    def enter_claim(self, claim: Claim) -> bool:
        """A human's claim as the table entered it (``enter_claim``)."""
        return enter_claim(self.table, claim)

    def cast_ballots(self) -> None:
        """The secret vote's next bot ballots, cast at once (``cast_bot_ballots``)."""
        cast_bot_ballots(self.table)

    def vote(self, g: GameState, seat: int) -> Action:
        """Bot ``seat``'s ballot in ``g`` (``TableBots.vote``: asking twice gives the same ballot)."""
        return self.core.vote(g, seat)


# -- the table's hooks (the One Night table keeps one ``OneNightBots`` per game, or None: tables/one_night.py) --

def bots_act(bots: OneNightBots, table: OneNightTable, step: str | None) -> None:
    """Let the bots answer every pending prompt of night step ``step`` that is theirs, through the table
    (each answer saved). None: any night prompt that is theirs (the dawn's leftovers)."""
    while True:
        g = table.game
        p = pending(g)
        if p is None or g.phase != "night" or (step is not None and p.step != step):
            return
        action = bots.core.own_answer(g)
        if action is None:
            return
        table.answer(action)


def start_bots(setup: Setup, seed: int, seats: Iterable[int], catalog: Catalog
               ) -> tuple[TableBots | None, dict[str, str]]:
    """A new game's bots (None when no seat is a bot), and the save's note for them."""
    chosen = frozenset(s for s in seats if 0 <= s < len(setup.players))
    bots = TableBots(len(setup.players), seed, chosen, catalog) if chosen else None
    return bots, ({SAVE_KEY: bots_note(chosen)} if chosen else {})


def resume_bots(saved: SavedGame, catalog: Catalog) -> TableBots | None:
    """A resumed game's bots, from the save's note (an older save has none: humans only)."""
    seats = read_bots_note(saved.get(SAVE_KEY, None, str), len(saved.setup.players))
    spoken = decode_claims(saved.get(CLAIMS_KEY, "", str))  # (a save from before entered claims: none)
    return TableBots.rebuild(saved.setup, saved.seed, seats, saved.answers, catalog, spoken) if seats else None


def enter_claim(table: OneNightTable, claim: Claim) -> bool:
    """A human's claim as the table entered it: the bots hear it, the save keeps every claim entered so
    far in order. False (nothing changes) when the table may not enter it."""
    if table.bots is None:
        return False
    bots = table.bots.core
    if not bots.can_tell(table.game, claim):
        return False
    bots.tell(table.game, claim)
    table.app.note(**{CLAIMS_KEY: encode_claims(bots.spoken)})
    return True


def cast_bot_ballots(table: OneNightTable) -> None:
    """The secret vote: every bot ballot the engine asks next is cast at once (no hand-over)."""
    if table.bots is None:
        return
    bots = table.bots.core
    while (p := pending(table.game)) is not None and p.kind == PromptKind.VOTE and p.seat in bots.seats:
        table.answer(bots.vote(table.game, p.seat))


# -- words -----------------------------------------------------------------------------------------------

def claim_lines(bots: TableBots, g: GameState, players: Sequence[str], lang: str) -> list[str]:
    """The day screen's claims, in seat order: one line per bot, and one per human whose claim the table
    entered (``Robot 1: “I am the Seer. …”``, ``Ann: “I am the Robber. …”``)."""
    from ..text.claims import claim_text

    told = {c.seat: c for c in bots.told()}
    claims = sorted([*bots.claims(g), *told.values()], key=lambda c: c.seat)
    return [claim_text(c, players, lang, g.setup.deck) for c in claims]


def suspicion_line(bots: TableBots, g: GameState, seat: int, players: Sequence[str], lang: str) -> str:
    from ..text.claims import suspicion_text

    return suspicion_text(bots.suspicion(g, seat), players, lang)


def reveal_lines(bots: TableBots, g: GameState, players: Sequence[str], lang: str) -> list[str]:
    """The reveal's truth check, one line per bot and per human whose claim the table entered: what it
    claimed and whether it was true."""
    from onenight_core.play.claims import claim_message

    from ..text.claims import check_text
    from ..text.words import Wording

    words = Wording(players, lang=lang, deck=g.setup.deck)  # the deck chooses "a"/"the"
    lines = []
    told = {c.seat for c in bots.told()}
    for check in check_claims(g, bots.all_claims()):
        if check.seat in bots.seats or check.seat in told:
            verdict = check_text(check, players, lang)
            said = words.say(claim_message(check.claim))
            lines.append(verdict if check.claim.silent else
                         cli_text(lang, "reveal_bot_said", verdict=verdict, claim=said))
    return lines


__all__ = ["OneNightBots", "TableBots", "bots_act", "cast_bot_ballots", "claim_lines", "enter_claim",
           "resume_bots", "reveal_lines", "start_bots", "suspicion_line"]
