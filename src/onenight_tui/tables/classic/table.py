"""The classic game on the hot-seat app: what the app holds for it, how it answers and saves, and the
router from the table's stage (the save's ``stage``) to a public screen (``classic_*``, or a shared one: the
deal's hand-over, the end, which shows ``ending``).

The stages follow the game loop of docs/resolution.md §4.8: ``deal`` → ``night`` (every slot of the
composition called with its fixed time, A-C15) → ``dawn`` (the night's dead, the triggers) → ``day``
(discussion) → ``vote`` (the sheriff election when due, the vote, its triggers) → ``night`` … → ``over``.
The engine may be ahead of the table (after the witch's answer it has played dawn already); the public
screens therefore read only what the table has *heard* at its stage (``heard``): the public events up to
the announcement the stage has not reached yet. Nothing they show depends on who holds a card nobody
revealed.

Screens never open their successor: they post ``TableMove`` (tables/__init__.py); the app hands it to
this driver, which records the stage and routes.

The driver, its screens and its bots reach the game only through its rules (``rules``: ``rules_for(setup)``,
the one game interface ``GameRules`` with the joint steps of ``JointTurns``): ``pending``, ``apply``,
``view_for``, ``public_view``, ``waiting``/``take_turn``; never through ``rulesets/classic/protocol.py``
(``tests/test_layers.py``). The game's types name it under TYPE_CHECKING only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from onenight_core.model.values import Action, Prompt, PublicEvent

from ...text.classic_words import ClassicWords
from ...families import NIGHTS_AND_DAYS
from ..plumbing import TablePlumbing
from .heard import TableView, heard

if TYPE_CHECKING:
    from onenight_core.model.values import Setup
    from onenight_core.play.saves import SavedGame
    from onenight_core.rulesets.classic.protocol import ClassicGame, ClassicPublicView, ClassicSeatView
    from onenight_core.rulesets.classic.rules import ClassicRules
    from textual.screen import Screen

    from ...app import OneNightApp
    from ...bots.classic import ClassicBots
    from ...card_face import CardFace
    from ...ending import Ending
    from ...prompt_model import PromptModel
    from ...table_move import TableMove
    from .calls import ClassicCalls

STAGES = ("deal", "night", "dawn", "day", "vote", "over")


class ClassicTable(TablePlumbing):
    """The classic game on ``app``'s table (``tables.TableDriver``): begin, resume, answer (the app
    saving after each), and the router."""

    family = NIGHTS_AND_DAYS
    #: The game on the table (set by ``begin`` and ``resume``; answers replace it).
    game: ClassicGame

    def __init__(self, app: OneNightApp) -> None:
        self.app = app
        self._words: ClassicWords | None = None
        self.bots: ClassicBots | None = None  # the bot seats' bots (bots/classic.py), None: humans

    @property
    def rules(self) -> ClassicRules:
        """The game's rules (``engine.game.rules_for``: the one game interface, with ``JointTurns``; a
        lookup by the ruleset's id, so nothing is kept)."""
        from onenight_core.engine.game import rules_for
        from onenight_core.model.game import JointTurns

        rules = rules_for(self.game.setup)
        assert isinstance(rules, JointTurns), "a nights-and-days game has joint steps"
        return cast("ClassicRules", rules)

    def pending(self) -> Prompt | None:
        """The prompt the game waits for (``GameRules.pending``), None once over."""
        return self.rules.pending(self.game)

    def public_view(self) -> ClassicPublicView:
        """What the whole table sees of the engine now (it may be ahead of the table: see ``heard``)."""
        return self.rules.public_view(self.game)

    def view_for(self, seat: int) -> ClassicSeatView:
        """Everything ``seat`` may know now (its private screens only)."""
        return self.rules.view_for(self.game, seat)

    def waiting(self) -> tuple[int, ...]:
        """The seats that may answer now (``JointTurns.waiting``: a joint step's members still to answer)."""
        return self.rules.waiting(self.game)

    @property
    def words(self) -> ClassicWords:
        players = self.game.setup.players
        if self._words is None or self._words.players != tuple(players) or self._words.lang != self.app.lang:
            self._words = ClassicWords(players, self.app.lang)
        return self._words

    def meta(self, key: str, default: Any, kind: type) -> Any:
        return self.saved.get(key, default, kind)

    @property
    def stage(self) -> str:
        stage = self.meta("stage", "deal", str)
        return stage if stage in STAGES else "deal"

    @property
    def round(self) -> int:
        r = self.meta("round", 1, int)
        return r if 1 <= r <= 99 else 1

    # -- the game ----------------------------------------------------------------------------------
    def begin(self, setup: Setup, seed: int, bots: frozenset[int], notes: Mapping[str, object]) -> SavedGame:
        from onenight_core.engine.game import rules_for
        from onenight_core.play.saves import SavedGame

        from ...bots.classic import ClassicBots

        self.game = rules_for(setup).new_game(setup, seed)  # the game interface (``GameRules``)
        self.bots, note = ClassicBots.start(self, bots)
        return SavedGame(setup, seed, (), {"stage": "deal", "deal": 0, "round": 1,
                                           "lang": self.app.lang, **notes, **note})

    def resume(self, saved: SavedGame) -> None:
        from ...bots.classic import ClassicBots

        self.game, self.bots = ClassicBots.resume(self, saved)  # one replay of the save for the game and its bots

    def answer(self, action: Action) -> ClassicGame:
        self.game = self.rules.apply(self.game, action)  # the game interface
        self.app.save(self.saved.with_answer(action))
        if self.bots is not None:
            self.bots.observe(self.game)  # a day's first state: the bots claim
        return self.game

    def deal(self) -> ClassicDeal:
        return ClassicDeal(self)

    def night_calls(self) -> ClassicCalls:
        from .calls import ClassicCalls

        return ClassicCalls(self)

    def card_face(self, seat: int) -> CardFace:
        """``seat``'s card as its private screen shows it: from its own view and what the table has heard
        (who is dead) only."""
        from ...card_face import classic_face

        return classic_face(self.view_for(seat), self.words, self.view().dead)

    # -- the private prompt (prompt_model.PromptTable: tables/classic/prompt.py) -----------------------
    def prompt_model(self, seat: int, *, shown_from: int | None = None) -> PromptModel | None:
        from .prompt import classic_model, shown_again

        if shown_from is not None:
            return shown_again(self, seat, shown_from)
        return classic_model(self.view_for(seat), self.words, self.view().dead)

    def prompt_answer(self, model: PromptModel, index: int) -> PromptModel | None:
        from .prompt import answer_classic

        return answer_classic(self, model, index)

    def prompt_hidden(self, model: PromptModel) -> None:
        """The result is hidden: a resumed game no longer shows it again."""
        self.app.note(learned_seat=-1)

    def help_roles(self) -> tuple[str, ...]:
        return ()  # as before: the help of a classic screen lists no roster

    def take_turn(self, seat: int) -> ClassicGame:
        """``seat``, a member of a joint step still to answer, took the laptop: his prompt comes first
        (recorded in the save like any answer, so a resumed game asks him again)."""
        before = self.game
        self.game = self.rules.take_turn(before, seat)
        if self.game is not before:
            self.app.save(self.saved.with_answer(Action("turn", (f"p{seat}",))))
        return self.game

    def time_out(self, prompt: Prompt) -> Action:
        """The answer for a night prompt whose step ran out of time: pass when passing is allowed, else
        ``timeout`` (a werewolf names nobody; anyone else gets an answer the engine draws from the game's
        seed and the story tells as a draw, never as the player's choice)."""
        if Action("pass") in prompt.options:
            return Action("pass")
        return Action("timeout")

    def heard(self) -> tuple[PublicEvent, ...]:
        return heard(self.public_view().public, self.stage, self.round)

    def view(self) -> TableView:
        return TableView(len(self.game.setup.players), self.heard())

    def status(self) -> str:
        """The status bar: the round, the living, the dead (with their cards when revealed), the sheriff."""
        w, v = self.words, self.view()
        stage = self.stage
        phase = w.text("classic_phase_night" if stage in ("deal", "night") else "classic_phase_day", round=self.round)
        if stage == "over":
            phase = w.text("classic_phase_over")
        dead = [w.text("classic_dead_card", player=w.name(s), card_name=w.card(r)) if r else w.name(s)
                for s, r in sorted(v.dead.items())]
        return w.text("classic_status", phase=phase, alive=w.names(v.living) if v.living else w.text("classic_none"),
                      dead=w.text("item_separator").join(dead) or w.text("classic_none"),
                      sheriff=w.name(v.sheriff) if v.sheriff is not None else w.text("classic_none"))

    def ending(self) -> Ending:
        """The end of the finished game, as the one end screen shows it (``ending.classic_ending``)."""
        from .ending import classic_ending

        return classic_ending(self.rules, self.game, self.words, self.bots, self.app.words("key_quit"))

    # -- the router --------------------------------------------------------------------------------
    def move(self, stage: str, *, after: str = "", **meta: Any) -> None:
        self.app.note(stage=stage, **meta)
        self.app.route()

    def screen(self) -> Screen[None]:
        stage, p = self.stage, self.pending()
        if stage == "over" or (p is None and stage not in ("deal", "night", "dawn", "vote")):
            from ...screens.common.end import EndScreen

            return EndScreen(self.ending())
        if stage == "deal":
            return self.deal_screen()
        if stage == "night":
            step = self.meta("step", -1, int)
            if step == -1 and p is not None and p.step == "election":  # elected before the first night
                from ...screens.classic.table import ClassicTableScreen

                return ClassicTableScreen("election")
            from ...screens.common.night import NightScreen

            left = self.meta("step_left", None, float)  # the time the step had left (a resumed game)
            return NightScreen(step, left=left if left is not None and 0 <= left <= 3600 else None)
        if stage == "day":
            from ...screens.classic.day import ClassicDayScreen

            return ClassicDayScreen(self.day_left())
        from ...screens.classic.table import ClassicTableScreen

        return ClassicTableScreen(stage)


class ClassicDeal:
    """The classic deal as the shared hand-over tells it (``screens.common.deal.Deal``): the classic
    words, night 1 falls."""

    def __init__(self, table: ClassicTable) -> None:
        self.table = table

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.table.words.players)

    def looks_alone(self, seat: int) -> bool:
        return seat in self.table.bot_seats()

    def turn(self, seat: int) -> tuple[str, str, str]:
        w, players = self.table.words, self.players
        return (w.text("classic_pass_to"), players[seat],
                w.text("classic_deal_hint", player=players[seat], number=seat + 1, total=len(players)))

    def all_seen(self) -> tuple[str, str, str]:
        w = self.table.words
        return "", w.text("classic_key_night"), w.text("classic_deal_done")

    def key_names(self) -> dict[str, str]:
        w = self.table.words
        return {"deal-open": w.text("classic_key_open"), "deal-night": w.text("classic_key_night")}

    def then(self) -> TableMove:
        from ...table_move import TableMove

        return TableMove("night", step=-1, round=1)
