"""The bots of one hot-seat game (issue 26's bots at the table): one ``ClaimingBot`` per bot seat, which
answers its seat's night prompts, claims once at dawn, tells whom it suspects and casts its ballot, each
from its own view only. A human's claim, spoken aloud and entered by the table (``tell``;
``spoken_claims``), is heard by every bot like a bot's claim. A resumed game rebuilds them by replaying the
saved answers through them, then telling them the entered claims again, so the same set-up, seed, human
answers and entered claims give the same bot actions, claims and votes. The app drives them
(``onenight_tui.bots.one_night``); this module knows nothing of screens."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence

from ..catalog.loader import Catalog
from ..engine.protocol import apply, new_game, pending
from ..engine.views import day_prompt, public_view, view_for
from ..model.kinds import PromptKind
from ..model.state import GameState
from ..model.values import Action, Setup
from .claims import Claim, ClaimingBot, Suspicion, claim_round
from .spoken_claims import ClaimTable, changed_story, latest, legal_claim


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
    p = pending(g)
    return p is None or p.kind == PromptKind.VOTE or day_prompt(g) is not None


class TableBots:
    """The bots of one game: ``seats`` and one ``ClaimingBot`` per bot seat."""

    def __init__(self, players: int, seed: int, seats: Iterable[int], catalog: Catalog) -> None:
        self.seats = frozenset(seats)
        every = ClaimingBot.for_table(players, seed, catalog)
        self.bots = {seat: every[seat] for seat in sorted(self.seats)}
        self._claims: tuple[Claim, ...] | None = None
        self.spoken: tuple[Claim, ...] = ()  # the humans' claims as the table entered them, in order
        self.heard_aloud = False  # the day screen has read the claims aloud (once a game)

    @classmethod
    def rebuild(cls, setup: Setup, seed: int, seats: Iterable[int], answers: Sequence[Action],
                catalog: Catalog, spoken: Sequence[Claim] = ()) -> TableBots:
        """The bots of a resumed game: every saved answer replayed, each bot asked its own prompts on
        the way as it was when they were live, the claims made at dawn, and the humans' claims the
        table entered (``spoken``, in order; one the table could not have entered is dropped)."""
        table = cls(len(setup.players), seed, seats, catalog)
        g = new_game(setup, seed, catalog=catalog)
        for action in answers:
            table.dawn(g)
            table.own_answer(g)
            g = apply(g, action)
        table.dawn(g)
        for claim in spoken:
            if table.can_tell(g, claim):
                table.tell(g, claim)
        return table

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and seat in self.seats

    def own_answer(self, g: GameState) -> Action | None:
        """The bot's answer to the pending prompt when it is a bot seat's night prompt (the bot's state
        moves on: call it once per prompt, and apply what it gives); else None. A day step (the Mayor's
        reveal) is never a bot's: a bot Mayor keeps his card down. Votes: ``vote``. (The app's ``bots_act``
        hands these answers in.)"""
        p = pending(g)
        if p is None or p.seat not in self.seats or p.kind == PromptKind.VOTE or day_prompt(g) is not None:
            return None
        return self.bots[p.seat].answer(view_for(g, p.seat))

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
        """Every seat's claim now, in seat order (a human's: the last one the table entered, or
        silence), as the bots hear them and for the truth check."""
        said = latest(self.spoken)
        return tuple(said.get(c.seat, c) for c in self._claims or ())

    # -- the humans' claims (spoken aloud, entered by the table: ``spoken_claims``) ----------------------
    def claim_table(self, g: GameState) -> ClaimTable:
        """What a human's claim may name in game ``g`` (public: the seats, center cards and roles in play)."""
        view = public_view(g)
        return ClaimTable(len(view.players), view.center, tuple(view.roster))

    def human_seats(self, g: GameState) -> tuple[int, ...]:
        return tuple(s for s in range(g.players) if s not in self.seats)

    def can_tell(self, g: GameState, claim: Claim) -> bool:
        """Whether the table may enter ``claim``: a human seat's, one the form makes, once the bots claimed."""
        self.dawn(g)
        return (self._claims is not None and claim.seat not in self.seats
                and legal_claim(self.claim_table(g), claim))

    def tell(self, g: GameState, claim: Claim) -> None:
        """A human's claim, as the table entered it: it replaces the seat's earlier one, and every bot
        hears the day's claims again (a seat that changed the role it claims has changed its story).
        Raises ValueError for a claim the table may not enter (``can_tell``)."""
        if not self.can_tell(g, claim):
            raise ValueError("claim_refused")
        self.spoken += (claim,)
        heard, changed = self.all_claims(), changed_story(self.spoken)
        for bot in self.bots.values():
            bot.hear(heard, changed)

    def told(self) -> tuple[Claim, ...]:
        """The humans' claims now (each seat's last), in seat order."""
        return tuple(claim for _, claim in sorted(latest(self.spoken).items()))

    def suspicion(self, g: GameState, seat: int) -> Suspicion:
        """Bot ``seat``'s answer to "who do you suspect?" (asking changes nothing)."""
        self.dawn(g)
        return _clone(self.bots[seat]).suspect(view_for(g, seat))

    def vote(self, g: GameState, seat: int) -> Action:
        """Bot ``seat``'s ballot when the engine asks it in ``g`` (asking twice gives the same ballot)."""
        self.dawn(g)
        return _clone(self.bots[seat]).answer(view_for(g, seat))


__all__ = ["TableBots"]
