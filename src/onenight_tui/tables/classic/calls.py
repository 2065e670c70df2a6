"""The classic night as the eyes-closed screen calls it (``screens/common/night.py``: ``NightCalls``).

Every slot of the composition is called for this night and timed with the same action time, whether its
holder is alive, dead or in the middle (A-C15), so neither the calls nor their timing tell who died or who
holds what. The called player takes the laptop and presses Enter: the private prompt opens when the
engine waits for an answer in this step; otherwise the same notice as for everyone else. In the
werewolves' step, where the little girl and then each werewolf answer in turn, the key first asks who
holds the laptop and opens the prompt only for the player who still has to answer in the step, in
whatever order they come (anyone else gets the same notice), so a werewolf never opens the little
girl's prompt and a girl who does not spy holds nobody up. The lovers, the charmed and the ally, who only
look, pick their name and see their card and what they know. How each step wakes its players is the
ruleset's data (classic.toml ``[[step]] wakes``), not the screen's. When a step's time is up every prompt
still open is answered for its player (``ClassicTable.time_out``, then the bots: ``step_over``). At dawn
the table moves on (``TableMove("dawn")``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from onenight_core.rulesets.classic.catalog import Wakes, classic_catalog

from ...bots.classic import night_bots_act, step_over
from ...screens.common.night import NightCall, Opens
from ...table_move import TableMove

if TYPE_CHECKING:
    from .table import ClassicTable


class ClassicCalls:
    """The classic night of this round on ``table``, as the eyes-closed screen calls it (``NightCalls``):
    step -1 is night falls, the public view's ``night_calls`` follow, then dawn."""

    def __init__(self, table: ClassicTable) -> None:
        self.table = table

    @property
    def round(self) -> int:
        return int(self.table.round)

    @property
    def steps(self) -> tuple[str, ...]:
        """This night's slots as the table hears them called (the public view's ``night_calls``: the
        composition's slots and a New Moon card's step, whether anyone acts in them or not)."""
        return tuple(self.table.public_view().night_calls(self.round))

    @property
    def tonight(self) -> str | None:
        """The New Moon card acting tonight, as the table was told it yesterday (or None)."""
        return self.table.public_view().night_card(self.round)

    def status(self) -> str:
        return self.table.status()

    def hint(self) -> str:
        return self.table.words.text("classic_night_hint")

    def call(self, index: int, after: str) -> NightCall | TableMove | None:
        w, steps = self.table.words, self.steps
        if index >= len(steps):
            return TableMove("dawn")
        if index < 0:
            return NightCall(w.text("classic_night_banner", round=self.round), "", (w.text("classic_night_falls"),),
                             intro=True)
        deck = self.table.public_view().deck
        return NightCall(w.text("classic_night_step", round=self.round, number=index + 1, total=len(steps)),
                         w.step_title(steps[index]), (w.call(steps[index], deck, self.tonight),))

    def over(self, index: int) -> TableMove | None:
        return None  # the step after the last is dawn (``call``)

    def waiting(self, index: int) -> bool:
        """Does the engine wait for an answer in step ``index``? (Asked on every tick of a step with bots:
        the public view is built once here.)"""
        table = self.table
        p = table.pending()
        if p is None:
            return False
        seen, night = table.public_view(), self.round
        steps = seen.night_calls(night)
        return 0 <= index < len(steps) and p.step == steps[index] and seen.phase == "night" and seen.round == night

    def bots(self, index: int, alone: bool) -> None:
        """The bot seats answer their prompts of this step (``bots/classic.py``), while no private screen
        is open (a bot of the pack waits for the laptop to be back on the table)."""
        if alone:
            night_bots_act(self.table, lambda: self.waiting(index))

    def time_up(self, index: int) -> None:
        step_over(self.table, lambda: self.waiting(index))  # the humans' late prompts timed out, then the bots'

    def noted(self, index: int, left: float, part: int) -> Mapping[str, object]:
        return {"stage": "night", "step": index, "round": self.round, "step_left": left}

    # -- the key ---------------------------------------------------------------------------------------
    def _wakes(self, index: int) -> Wakes:
        """How step ``index`` wakes its players (classic.toml ``[[step]] wakes``): one player answers,
        several answer in turn (the key first asks who holds the laptop), or they look."""
        return classic_catalog().step(self.steps[index]).wakes

    def open_turn(self, index: int, time_left: Callable[[], float]) -> Opens:
        from ...screens.common.prompt import PromptScreen
        from ...screens.classic.who import ClassicWhoScreen

        p = self.table.pending()
        wakes = self._wakes(index)
        shown = self._shown(index)
        if self.waiting(index) and p is not None and wakes is not Wakes.IN_TURN:
            return Opens(PromptScreen(p.seat, time_left=time_left))
        if shown is not None and wakes is Wakes.ONE:  # the result the game was killed on, again
            return Opens(PromptScreen(shown[0], time_left=time_left, shown_from=shown[1]))
        if wakes in (Wakes.IN_TURN, Wakes.LOOK):
            return Opens(ClassicWhoScreen(), lambda seat: self._chosen(index, seat, time_left))
        return Opens()

    def _shown(self, index: int) -> tuple[int, int] | None:
        """(seat, first observation) of a result that was on screen in this step when the game was saved
        for the last time and not hidden yet (the Seer's look): shown again to its seat on a resumed game."""
        table = self.table
        seat = table.meta("learned_seat", -1, int)
        if seat < 0 or not 0 <= index < len(steps := self.steps):
            return None
        noted = (table.meta("learned_round", 0, int), table.meta("learned_step", "", str))
        if noted != (self.round, steps[index]):
            return None
        return seat, max(0, table.meta("learned_from", 0, int))

    def _chosen(self, index: int, seat: int | None, time_left: Callable[[], float]) -> Opens | None:
        """A player named themselves: their prompt when it is their turn now, their card in a step
        where players look, else the same notice as for anyone with nothing to do."""
        from ...screens.common.prompt import PromptScreen
        from ...screens.common.card import CardScreen

        table = self.table
        if seat is None:
            return None
        if seat in table.bot_seats():  # (not listed; a bot never takes the laptop)
            return Opens()
        if self.waiting(index) and seat in table.waiting():
            table.take_turn(seat)  # a member of a joint step takes his turn (nothing when it is his already)
            return Opens(PromptScreen(seat, time_left=time_left))
        if (shown := self._shown(index)) is not None and shown[0] == seat:  # the result the game was killed on
            return Opens(PromptScreen(seat, time_left=time_left, shown_from=shown[1]))
        if self._wakes(index) is Wakes.LOOK and not self.waiting(index):
            return Opens(CardScreen(seat))
        return Opens()


__all__ = ["ClassicCalls"]
