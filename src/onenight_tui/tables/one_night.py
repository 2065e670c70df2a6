"""The One Night table (onuw, dalbula: one night, one vote): its game, its answers and its router.

The stages are the save's ``stage``: ``deal`` (the laptop goes round, ``deal`` players seen) → ``night``
(``step``: the step being called, with ``step_left``/``step_part`` when the game was stopped in it) →
``day`` (``day_left``) → ``vote`` (``vote_mode``: hands on the table or secret ballots) → ``tally`` (the
last secret ballot is in) → ``over`` (the reveal: the one end screen, showing ``ending``). The router
(``screen``) maps the engine's phase, its pending prompt and the stage to a public screen; ``move`` records
a new stage and does what the step between two stages asks: the day's end answers the day steps still open
(``day_prompts.close_the_day``), going back from the vote reopens them (``reopen_the_day``), the reveal
rewards the players' collections (a game of brought cards). The bots of the game
(``bots.one_night.OneNightBots``: ``table.bots``) start and are rebuilt here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..families import ONE_NIGHT
from .plumbing import TablePlumbing

if TYPE_CHECKING:
    from textual.screen import Screen

    from onenight_core.catalog.loader import Catalog
    from onenight_core.model.state import GameState
    from onenight_core.model.values import Action, Setup
    from onenight_core.play.saves import SavedGame

    from ..app import OneNightApp
    from ..bots.one_night import OneNightBots
    from ..card_face import CardFace
    from ..ending import Ending
    from ..prompt_model import PromptModel
    from ..screens.one_night.mark_check import MarkCheckScreen
    from ..table_move import TableMove
    from .one_night_calls import OneNightCalls


def _mark_check_screen() -> type[MarkCheckScreen]:
    from ..screens.one_night.mark_check import MarkCheckScreen

    return MarkCheckScreen


# Night steps the eyes-closed screen does not run, by how the table plays them (``Step.turns``): the
# step declares its kind, the table knows the screen (imported when first needed).
STEP_SCREENS: dict[str, Callable[[], type[MarkCheckScreen]]] = {"round": _mark_check_screen}


class OneNightTable(TablePlumbing):
    """The game of the One Night engine on ``app``'s table (``tables.TableDriver``)."""

    family = ONE_NIGHT
    #: The game on the table (set by ``begin`` and ``resume``; answers replace it).
    game: GameState

    def __init__(self, app: OneNightApp) -> None:
        self.app = app
        self.bots: OneNightBots | None = None  # the game's bots (bots/one_night.py), None at a table of humans
        self._closing_line = ""  # the step's close-your-eyes line, said with the next call
        #: The game just before the day ended (and its number of answers): the vote may give it back.
        self._day_kept: tuple[int, GameState] | None = None

    @property
    def lang(self) -> str:
        return self.app.lang

    @property
    def catalog(self) -> Catalog:
        return self.app.catalog

    @property
    def stage(self) -> str:
        stage: str = self.saved.get("stage", "deal", str)
        return stage

    # -- the game ----------------------------------------------------------------------------------
    def begin(self, setup: Setup, seed: int, bots: frozenset[int], notes: Mapping[str, object]) -> SavedGame:
        from onenight_core.engine.protocol import new_game
        from onenight_core.play.saves import SavedGame

        from ..bots.one_night import OneNightBots

        self.game = new_game(setup, seed, catalog=self.app.catalog)
        meta: dict[str, Any] = {"stage": "deal", "deal": 0, "lang": self.app.lang}
        self.bots, note = OneNightBots.start(self, bots)
        meta.update(note)
        meta.update(notes)
        return SavedGame(setup, seed, (), meta)

    def resume(self, saved: SavedGame) -> None:
        from ..bots.one_night import OneNightBots

        self.game, self.bots = OneNightBots.resume(self, saved)  # the game replayed, its bots rebuilt

    def answer(self, action: Action) -> GameState:
        """Answer the pending prompt (through the game interface, ``GameRules.apply``); the save follows
        at once."""
        from onenight_core.engine.game import rules_for

        self.game = rules_for(self.game.setup).apply(self.game, action)
        self.app.save(self.saved.with_answer(action))
        return self.game

    def deal(self) -> OneNightDeal:
        return OneNightDeal(self)

    def night_calls(self) -> OneNightCalls:
        from .one_night_calls import OneNightCalls

        return OneNightCalls(self)

    def card_face(self, seat: int) -> CardFace:
        """``seat``'s card as its private screen shows it: from its own view only."""
        from onenight_core.engine.views import view_for

        from ..card_face import one_night_face

        return one_night_face(view_for(self.game, seat), self.app.catalog, self.app.lang)

    # -- the private prompt (prompt_model.PromptTable) ---------------------------------------------
    def prompt_model(self, seat: int, *, shown_from: int | None = None) -> PromptModel | None:
        """``seat``'s pending prompt on the table picture (One Night shows no result apart: ``shown_from``
        is never given)."""
        from onenight_core.engine.views import view_for

        from .one_night_prompt import one_night_model

        return one_night_model(view_for(self.game, seat), self.app.catalog, self.app.lang)

    def prompt_answer(self, model: PromptModel, index: int) -> PromptModel | None:
        from .one_night_prompt import answer_one_night

        return answer_one_night(self, model, index)

    def prompt_hidden(self, model: PromptModel) -> None:
        """(One Night's prompts teach nothing apart from the next prompt.)"""

    def help_roles(self) -> tuple[str, ...]:
        from onenight_core.engine.views import public_view

        # The public roster, never the set-up's deck: under Dalbula's brought cards that deck is the
        # players' cards without the drawn center, which would tell the table what lies in the center.
        return tuple(public_view(self.game).roster)

    def ending(self) -> Ending:
        """The end of the finished game, as the one end screen shows it (``one_night_ending``)."""
        from .one_night_ending import one_night_ending

        return one_night_ending(self.game, self.catalog, self.lang, self.bots)

    # -- the router: the engine's phase and pending prompt → the public screen ----------------------
    def move(self, stage: str, *, after: str = "", **meta: Any) -> None:
        """Move the table to ``stage`` (recorded in the save) and open its screen. From the day to the
        vote the day steps still open are answered first; back from the vote they are open again."""
        here = self.stage
        if stage == "vote":
            self._close_the_day(meta)
        elif stage == "day" and here == "vote":
            self._back_to_the_day()
        elif stage == "day":
            meta.setdefault("day_left", float(self.app.settings.day_seconds))
        elif stage == "over":
            self.app.saved = self.app.collections.reward(self.game, self.saved)
        if "step" in meta:
            meta.setdefault("step_left", None)  # another step: the time left noted belonged to the last one
        self._closing_line = after
        self.app.note(stage=stage, **meta)
        self.app.route()

    def _close_the_day(self, meta: dict[str, Any]) -> None:
        from ..day_prompts import DAY_ANSWERS, close_the_day

        before, count = self.game, len(self.saved.answers)
        close_the_day(self)  # a Mayor who never flipped keeps his card down
        self._day_kept = (count, before)
        meta.update({"vote_mode": self.app.settings.vote_mode, DAY_ANSWERS: count})

    def _back_to_the_day(self) -> None:
        """Back from the vote before any ballot is in: the day goes on with the time it had left, and
        the game returns to where it was before the day ended (``day_prompts.reopen_the_day``), so a
        Mayor who never flipped may still claim his reveal."""
        from ..day_prompts import DAY_ANSWERS, reopen_the_day

        kept = self._day_kept
        self._day_kept = None
        count = self.saved.get(DAY_ANSWERS, None, int)
        reopened = reopen_the_day(self.game, self.saved, kept[1] if kept and kept[0] == count else None)
        if reopened is not None:
            self.game, self.app.saved = reopened  # saved with the move

    def screen(self) -> Screen[None]:
        from onenight_core.engine.protocol import pending

        from ..day_prompts import day_prompt

        g, saved = self.game, self.saved
        settings = self.app.settings
        # The save's notes are read by type and range: a hand-edited save opens where it can.
        stage = saved.get("stage", "deal", str)
        vote_mode = saved.get("vote_mode", settings.vote_mode, str)
        if g.phase == "over":
            private = vote_mode == "private"
            if stage == "tally" or (stage == "vote" and private):
                from ..screens.one_night.tally import TallyScreen

                return TallyScreen()  # the last secret ballot: the laptop goes back to the middle first
            from ..screens.common.end import EndScreen

            return EndScreen(self.ending())
        # The deal and the night are the table's, whatever the engine is at: the night is called to the
        # end even when nobody acts in its last steps (the engine is at the vote already).
        if stage == "deal":
            return self.deal_screen()
        # By day the engine may still wait on a day step (the Mayor's reveal, ``day_prompts``): the day
        # and the vote are the table's then too.
        if (g.phase == "vote" or (stage in ("day", "vote") and day_prompt(g) is not None)) \
                and stage not in ("night", "marks"):
            if stage == "vote":
                if vote_mode == "private":
                    from ..screens.one_night.ballot import BallotScreen

                    return BallotScreen()
                from ..screens.one_night.vote import VoteScreen

                return VoteScreen()
            from ..screens.one_night.day import DayScreen

            return DayScreen(self.day_left())
        step = saved.get("step", -1, int)
        p = pending(g)
        if not -1 <= step < len(g.script):  # a hand-edited step: the one being asked, or the night's start
            step = len(g.script) if p is not None else -1
        ids = [s.id for s in g.script]
        if p is not None and p.step in ids:
            step = min(step, ids.index(p.step))  # never past a step whose answer is still to come
        after, self._closing_line = self._closing_line, ""
        screen = STEP_SCREENS.get(g.script[step].turns) if 0 <= step < len(g.script) else None
        if screen is not None:
            return screen()(step, after=after)
        from ..screens.common.night import NightScreen

        left = saved.get("step_left", None, float)  # the time the step had left (a resumed game)
        if step != saved.get("step", -1, int) or left is None or not 0 <= left <= 3600:
            return NightScreen(step, after=after)
        return NightScreen(step, after=after, left=left, part=saved.get("step_part", 0, int))


class OneNightDeal:
    """The One Night deal as the shared hand-over tells it (``screens.common.deal.Deal``): the app's words,
    the bot seats skipped, night falls at step -1."""

    def __init__(self, table: OneNightTable) -> None:
        self.table = table

    @property
    def players(self) -> tuple[str, ...]:
        from onenight_core.engine.views import public_view

        return tuple(public_view(self.table.game).players)

    def looks_alone(self, seat: int) -> bool:
        return seat in self.table.bot_seats()

    def turn(self, seat: int) -> tuple[str, str, str]:
        say, players = self.table.app.words, self.players
        name = players[seat]
        return say("hand_over_title"), name, say("deal_turn_hint", name=name, seat=seat + 1, count=len(players))

    def all_seen(self) -> tuple[str, str, str]:
        say = self.table.app.words
        return say("deal_done_title"), say("deal_done_name"), say("deal_done_hint")

    def key_names(self) -> dict[str, str]:
        return {}  # the deal's own keys, in the app's words

    def then(self) -> TableMove:
        from ..table_move import TableMove

        return TableMove("night", step=-1)
