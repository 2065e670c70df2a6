"""The classic game on the hot-seat app: what the app holds for it, how it answers and saves, and the
router from the table's stage (the save's ``stage``) to a public ``classic_*`` screen.

The stages follow the game loop of docs/resolution.md §4.8: ``deal`` → ``night`` (every slot of the
composition called with its fixed time, A-C15) → ``dawn`` (the night's dead, the triggers) → ``day``
(discussion) → ``vote`` (the sheriff election when due, the vote, its triggers) → ``night`` … → ``over``.
The engine may be ahead of the table (after the witch's answer it has played dawn already); the public
screens therefore read only what the table has *heard* at its stage (``heard``): the public events up to
the announcement the stage has not reached yet. Nothing they show depends on who holds a card nobody
revealed.

Screens never open their successor: they post ``ClassicMove``; the app records the stage and routes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from onenight_core.model.values import Action, Prompt, PublicEvent

from .classic_heard import TableView, heard
from .classic_words import ClassicWords

if TYPE_CHECKING:
    from onenight_core.model.values import Setup
    from onenight_core.play.saves import SavedGame
    from onenight_core.rulesets.classic.board import Board
    from onenight_core.rulesets.classic.protocol import ClassicGame
    from textual.screen import Screen

STAGES = ("deal", "night", "dawn", "day", "vote", "over")


def replay_classic(saved: SavedGame) -> ClassicGame:
    """The classic game a save describes; SaveError (one line, naming no answer) when it does not replay."""
    from onenight_core.play.saves import replay_game

    game: ClassicGame = replay_game(saved)  # through the ruleset's rules (engine.game.rules_for)
    return game


class ClassicTable:
    """The app's classic game: begin, resume, answer (saving after each), and the router."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._words: ClassicWords | None = None

    @property
    def game(self) -> ClassicGame:
        game: ClassicGame = self.app.state
        return game

    @property
    def board(self) -> Board:
        """The game's board (a game always has one once dealt)."""
        board = self.game.board
        assert board is not None
        return board

    @property
    def words(self) -> ClassicWords:
        players = self.game.setup.players
        if self._words is None or self._words.players != tuple(players) or self._words.lang != self.app.lang:
            self._words = ClassicWords(players, self.app.lang)
        return self._words

    def meta(self, key: str, default: Any, kind: type) -> Any:
        return self.app.saved.get(key, default, kind)

    @property
    def stage(self) -> str:
        stage = self.meta("stage", "deal", str)
        return stage if stage in STAGES else "deal"

    @property
    def round(self) -> int:
        r = self.meta("round", 1, int)
        return r if 1 <= r <= 99 else 1

    # -- the game ----------------------------------------------------------------------------------
    def begin(self, setup: Setup, seed: int) -> None:
        from onenight_core.play.saves import SavedGame
        from onenight_core.rulesets.classic.protocol import new_game

        self.app.state = new_game(setup, seed)
        self.app.saved = SavedGame(setup, seed, (), {"stage": "deal", "deal": 0, "round": 1, "lang": self.app.lang})
        self.app._persist()

    def resume(self, saved: SavedGame) -> None:
        self.app.saved = saved
        self.app.state = replay_classic(saved)

    def answer(self, action: Action) -> ClassicGame:
        from onenight_core.rulesets.classic.protocol import apply

        self.app.state = apply(self.game, action)
        self.app.saved = self.app.saved.with_answer(action)
        self.app._persist()
        return self.game

    def take_turn(self, seat: int) -> ClassicGame:
        """``seat``, a member of a joint step still to answer, took the laptop: his prompt comes first
        (recorded in the save like any answer, so a resumed game asks him again)."""
        from onenight_core.rulesets.classic.protocol import take_turn

        before = self.game
        self.app.state = take_turn(before, seat)
        if self.app.state is not before:
            self.app.saved = self.app.saved.with_answer(Action("turn", (f"p{seat}",)))
            self.app._persist()
        return self.game

    def time_out(self, prompt: Prompt) -> Action:
        """The answer for a night prompt whose step ran out of time: pass when passing is allowed, else
        ``timeout`` (a werewolf names nobody; anyone else gets an answer the engine draws from the game's
        seed and the story tells as a draw, never as the player's choice)."""
        if Action("pass") in prompt.options:
            return Action("pass")
        return Action("timeout")

    def heard(self) -> tuple[PublicEvent, ...]:
        b = self.game.board
        return heard(b.public if b is not None else (), self.stage, self.round)

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

    # -- the router --------------------------------------------------------------------------------
    def move(self, stage: str, **meta: Any) -> None:
        self.app.note(stage=stage, **meta)
        self.app._open(self.screen())

    def screen(self) -> Screen[None]:
        from onenight_core.rulesets.classic.protocol import pending

        stage, g = self.stage, self.game
        p = pending(g)
        if stage == "over" or (g.prompt is None and stage not in ("deal", "night", "dawn", "vote")):
            from .screens.classic.end import ClassicEndScreen

            return ClassicEndScreen()
        if stage == "deal":
            from .screens.classic.deal import ClassicDealScreen

            deal = self.meta("deal", 0, int)
            return ClassicDealScreen(deal if 0 <= deal <= len(g.setup.players) else 0)
        if stage == "night":
            step = self.meta("step", -1, int)
            if step == -1 and p is not None and p.step == "election":  # elected before the first night
                from .screens.classic.table import ClassicTableScreen

                return ClassicTableScreen("election")
            from .screens.classic.night import ClassicNightScreen

            left = self.meta("step_left", None, float)  # the time the step had left (a resumed game)
            return ClassicNightScreen(step, left if left is not None and 0 <= left <= 3600 else None)
        if stage == "day":
            from .screens.classic.day import ClassicDayScreen

            left = self.meta("day_left", None, float)
            known = left is not None and 0 <= left <= 24 * 3600
            return ClassicDayScreen(left if known else float(self.app.settings.day_seconds))
        from .screens.classic.table import ClassicTableScreen

        return ClassicTableScreen(stage)
