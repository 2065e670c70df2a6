"""Bots at the table (issue 26): seats no human sits in, played by the claiming bots
(``onenight_core.play.claims``) inside the hot-seat game of ``onuw`` and ``dalbula``.

* **Who is a bot** (``bot_seats.py``, light: the set-up reads it): ``@Name`` in the names field is a bot
  seat called Name, ``@bot`` one with the language's next default name. The save keeps the bot seats as
  a note (``bots``: "2,3"); a save without it is a table of humans.
* **At night** a bot answers its own prompts of the step being called at once, on the eyes-closed screen,
  with no hand-over (``TableBots.act``); the step still lasts its time, whoever acts. The hand-overs of the
  deal, the mark check and the secret ballot skip the bot seats: which seats are bots is public, what a
  bot holds never shows (docs/decisions.md, "Bots at the table").
* **By day** each bot claims once, in seat order, on the state at dawn (``TableBots.claims``); a human
  may ask a bot to repeat its claim or whom it suspects. Humans' claims are spoken aloud, so for the
  bots a human seat says nothing.
* **The vote**: a bot's ballot is the claiming bot's vote on the claims (``TableBots.vote``, computed on a
  copy of the bot: asking twice gives the same ballot and changes nothing).
* **The reveal**: per bot, whether its claim was true (``reveal_lines``).

Seeded: the bots are ``ClaimingBot.for_table(players, seed)`` and see only their own views; a resumed
game rebuilds them by replaying the save's answers through them (``TableBots.rebuild``), so the same
set-up, seed and human answers give the same bot actions, claims and votes."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from onenight_core.catalog.loader import Catalog
from onenight_core.engine.protocol import apply, new_game, pending
from onenight_core.engine.views import view_for
from onenight_core.model.kinds import PromptKind
from onenight_core.model.state import GameState
from onenight_core.model.values import Action, Setup
from onenight_core.play.claims import Claim, ClaimingBot, Suspicion, check_claims, claim_round

from .bot_seats import SAVE_KEY, bots_note, read_bots_note
from .cli_text import cli_text

if TYPE_CHECKING:
    from onenight_core.play.saves import SavedGame

    from .host import Host


# -- the bots of one game ------------------------------------------------------------------------------

def _clone(bot: ClaimingBot) -> ClaimingBot:
    """A copy of ``bot`` whose answers change nothing of the bot (its beliefs, stream and moves copied)."""
    twin = copy.copy(bot)
    twin.beliefs = dict(bot.beliefs)
    twin.rng = copy.copy(bot.rng)
    twin.moves = list(bot.moves)
    return twin


def _night_over(g: GameState) -> bool:
    """The night's answers are all in: the engine asks for a vote, a day step's answer, or nothing."""
    from .day_prompts import day_prompt

    p = pending(g)
    return p is None or p.kind == PromptKind.VOTE or day_prompt(g) is not None


class TableBots:
    """The bots of one game: ``seats`` and one ``ClaimingBot`` per bot seat."""

    def __init__(self, players: int, seed: int, seats: Iterable[int], catalog: Catalog) -> None:
        self.seats = frozenset(seats)
        every = ClaimingBot.for_table(players, seed, catalog)
        self.bots = {seat: every[seat] for seat in sorted(self.seats)}
        self._claims: tuple[Claim, ...] | None = None
        self.heard_aloud = False  # the day screen has read the claims aloud (once a game)

    @classmethod
    def rebuild(cls, setup: Setup, seed: int, seats: Iterable[int], answers: Sequence[Action],
                catalog: Catalog) -> TableBots:
        """The bots of a resumed game: every saved answer replayed, each bot asked its own prompts on
        the way as it was when they were live, and the claims made at dawn."""
        table = cls(len(setup.players), seed, seats, catalog)
        g = new_game(setup, seed, catalog=catalog)
        for action in answers:
            table.dawn(g)
            table.own_answer(g)
            g = apply(g, action)
        table.dawn(g)
        return table

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and seat in self.seats

    def own_answer(self, g: GameState) -> Action | None:
        """The bot's answer to the pending prompt when it is a bot seat's night prompt (the bot's state
        moves on: call it once per prompt, and apply what it gives); else None. A day step (the Mayor's
        reveal) is never a bot's: a bot Mayor keeps his card down. Votes: ``vote``."""
        from .day_prompts import day_prompt

        p = pending(g)
        if p is None or p.seat not in self.seats or p.kind == PromptKind.VOTE or day_prompt(g) is not None:
            return None
        return self.bots[p.seat].answer(view_for(g, p.seat))

    def act(self, app: Host, step: str | None) -> None:
        """Let the bots answer every pending prompt of night step ``step`` that is theirs, through the app
        (each answer saved). None: any night prompt that is theirs (the dawn's leftovers)."""
        while True:
            g = app.game
            p = pending(g)
            if p is None or g.phase != "night" or (step is not None and p.step != step):
                return
            action = self.own_answer(g)
            if action is None:
                return
            app.answer(action)

    def dawn(self, g: GameState) -> None:
        """At dawn (the night's answers all in), the bots claim, once."""
        if self._claims is None and _night_over(g):
            self._claims = claim_round(g, self.bots)

    def claims(self, g: GameState) -> tuple[Claim, ...]:
        """The bots' claims, in seat order (made at dawn, from ``g`` if not made yet)."""
        self.dawn(g)
        if self._claims is None:  # asked before dawn: not yet
            return ()
        return tuple(c for c in self._claims if c.seat in self.seats)

    def all_claims(self) -> tuple[Claim, ...]:
        """Every seat's claim (a human's is silence), for the truth check."""
        return self._claims or ()

    def suspicion(self, g: GameState, seat: int) -> Suspicion:
        """Bot ``seat``'s answer to "who do you suspect?" (asking changes nothing)."""
        self.dawn(g)
        return _clone(self.bots[seat]).suspect(view_for(g, seat))

    def vote(self, g: GameState, seat: int) -> Action:
        """Bot ``seat``'s ballot when the engine asks it in ``g`` (asking twice gives the same ballot)."""
        self.dawn(g)
        return _clone(self.bots[seat]).answer(view_for(g, seat))


# -- the app's hooks (the app keeps one ``TableBots`` per game, or None) -------------------------------

def bot_seats(app: Host) -> frozenset[int]:
    """The bot seats of the game on the table (none at a table of humans)."""
    bots = app.table_bots
    return bots.seats if bots is not None else frozenset()


def start_bots(app: Host, setup: Setup, seed: int, seats: Iterable[int]) -> dict[str, str]:
    """A new game's bots (None when no seat is a bot); returns the save's note for them."""
    chosen = frozenset(s for s in seats if 0 <= s < len(setup.players))
    app.table_bots = TableBots(len(setup.players), seed, chosen, app.catalog) if chosen else None
    return {SAVE_KEY: bots_note(chosen)} if chosen else {}


def resume_bots(app: Host, saved: SavedGame) -> None:
    """A resumed game's bots, from the save's note (an older save has none: humans only)."""
    seats = read_bots_note(saved.get(SAVE_KEY, None, str), len(saved.setup.players))
    app.table_bots = TableBots.rebuild(saved.setup, saved.seed, seats, saved.answers, app.catalog) \
        if seats else None


def cast_bot_ballots(app: Host) -> None:
    """The secret vote: every bot ballot the engine asks next is cast at once (no hand-over)."""
    bots = app.table_bots
    if bots is None:
        return
    while (p := pending(app.game)) is not None and p.kind == PromptKind.VOTE and p.seat in bots.seats:
        app.answer(bots.vote(app.game, p.seat))


# -- words -----------------------------------------------------------------------------------------------

def claim_lines(bots: TableBots, g: GameState, players: Sequence[str], lang: str) -> list[str]:
    """The day screen's claims, one line per bot in seat order (``Robot 1: “I am the Seer. …”``)."""
    from .text.claims import claim_text

    return [claim_text(c, players, lang) for c in bots.claims(g)]


def suspicion_line(bots: TableBots, g: GameState, seat: int, players: Sequence[str], lang: str) -> str:
    from .text.claims import suspicion_text

    return suspicion_text(bots.suspicion(g, seat), players, lang)


def reveal_lines(bots: TableBots, g: GameState, players: Sequence[str], lang: str) -> list[str]:
    """The reveal's truth check, one line per bot: what it claimed and whether it was true."""
    from onenight_core.play.claims import claim_message

    from .text.claims import check_text
    from .text.words import Wording

    words = Wording(players, lang=lang)
    lines = []
    for check in check_claims(g, bots.all_claims()):
        if check.seat in bots.seats:
            verdict = check_text(check, players, lang)
            said = words.say(claim_message(check.claim))
            lines.append(verdict if check.claim.silent else
                         cli_text(lang, "reveal_bot_said", verdict=verdict, claim=said))
    return lines


__all__ = ["TableBots", "bot_seats", "cast_bot_ballots", "claim_lines", "resume_bots", "reveal_lines", "start_bots",
           "suspicion_line"]
