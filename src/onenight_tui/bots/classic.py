"""Classic bots at the table (issue 26): ``ClassicBots`` is the classic table's ``table.bots``
(``bots.SeatBots``), with the hooks the classic table and its screens call for the bot seats
(``onenight_core.play.classic_claims``' ``ClassicTableBots`` decides: ``ClassicBots.core``; this module
applies and words).

* **Who is a bot**: as under One Night (``bot_seats.py``): ``@Name``/``@bot``, kept in the save's
  ``bots`` note; ``ClassicTable.bots`` is the game's ``ClassicBots`` (None at a table of humans).
* **At night** (``night_bots_act``, from the eyes-closed screen while it is on top): a bot answers its
  prompt of the step being called at once; in the pack's step a bot werewolf waits until every human
  werewolf of the step has answered (or timed out: ``step_over``) and names the humans' victim. The step
  lasts its time whoever acts, and a human who presses the key in a bot's step gets the same "nothing
  to do" as for a dead player's or a middle card's step.
* **Hand-overs**: the deal skips the bot seats and the name lists (who holds the laptop) leave them out:
  which seats are bots is public, what a bot holds never shows.
* **By day**: the living bots' claims in the day's speaking order (``claim_lines``), "who do you
  suspect?" asked of them in that order (``today_in_order``, ``suspicion_line``); a bot's public answers
  (ballots, elections, the Hunter's shot, a successor) are cast when the table screen reaches them
  (``public_bots_act``), said on the screen with every human's ballot (``bot_act_lines``).
* **The end**: per bot, whether its claims were true (``truth_lines``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from onenight_core.model.kinds import PublicKind
from onenight_core.model.values import PublicEvent
from onenight_core.play.classic_claims import (BALLOT_STEPS, ClassicClaim, ClassicPointing, ClassicTableBots,
                                              suspicion_message)

from ..bot_seats import SAVE_KEY, bots_note, read_bots_note
from ..text.classic_claims import claim_text, verdict_lines

if TYPE_CHECKING:
    from onenight_core.model.values import Action, Prompt
    from onenight_core.play.saves import SavedGame
    from onenight_core.rulesets.classic.protocol import AloudAnswer
    from onenight_core.rulesets.classic.protocol import ClassicGame

    from ..tables.classic.table import ClassicTable
    from ..text.classic_words import ClassicWords


class ClassicBots:
    """The bots of the classic game on ``table`` (``bots.SeatBots``): the core's ``ClassicTableBots``
    (``core``), bound to the table that words what they say and answers for them."""

    def __init__(self, table: ClassicTable, core: ClassicTableBots) -> None:
        self.table = table
        self.core = core

    # -- start, resume ---------------------------------------------------------------------------------
    @classmethod
    def start(cls, table: ClassicTable, seats: frozenset[int]) -> tuple[ClassicBots | None, dict[str, str]]:
        """The bots of ``table``'s game, just dealt (None when no seat is a bot), and the save's note."""
        core, note = start_bots(table.game, seats)
        return (cls(table, core) if core is not None else None), note

    @classmethod
    def resume(cls, table: ClassicTable, saved: SavedGame) -> tuple[ClassicGame, ClassicBots | None]:
        """The game ``saved`` describes and its bots: one replay of the save (``resume_bots``)."""
        game, core = resume_bots(saved)
        return game, (cls(table, core) if core is not None else None)

    # -- the interface (``SeatBots``) -------------------------------------------------------------------
    @property
    def seats(self) -> frozenset[int]:
        return self.core.seats

    def claims_title(self) -> str:
        return self.table.app.words("day_bots_title")

    def claim_lines(self) -> list[str]:
        return claim_lines(self.table)

    def suspects(self) -> tuple[int, ...]:
        return tuple(c.seat for c in today_in_order(self.table))  # the living bots that claimed today

    def suspicion_line(self, seat: int) -> str:
        return suspicion_line(self.table, seat)

    def truth_title(self) -> str:
        return self.table.words.text("classic_bots_truth_title")

    def truth_lines(self) -> list[str]:
        return truth_lines(self.table)

    # -- classic's own hooks ----------------------------------------------------------------------------
    def observe(self, game: ClassicGame) -> None:
        """Every state the game reaches (``ClassicTableBots.observe``: a day's first state, the bots claim)."""
        self.core.observe(game)


def start_bots(game: ClassicGame, seats: Iterable[int]) -> tuple[ClassicTableBots | None, dict[str, str]]:
    """The bots of ``game``, just dealt (None when no seat is a bot), and the save's note for them."""
    chosen = frozenset(s for s in seats if 0 <= s < len(game.setup.players))
    if not chosen:
        return None, {}
    bots = ClassicTableBots(game.setup, game.seed, chosen)
    bots.observe(game)  # the first state (a sheriff elected before the first night: its round)
    return bots, {SAVE_KEY: bots_note(chosen)}


def resume_bots(saved: SavedGame) -> tuple[ClassicGame, ClassicTableBots | None]:
    """A resumed game and its bots, from the save's note (a save without it: humans only): one replay of the
    save, the bots observing every state on the way as they did live (``ClassicTableBots.observe``).
    SaveError (one line, naming no answer) when it does not replay."""
    from onenight_core.play.saves import replay_game

    seats = read_bots_note(saved.get(SAVE_KEY, None, str), len(saved.setup.players))
    bots = ClassicTableBots(saved.setup, saved.seed, seats) if seats else None
    game: ClassicGame = replay_game(saved, bots.observe if bots is not None else None)
    return game, bots


def _core(table: ClassicTable) -> ClassicTableBots | None:
    """The core's bots of ``table`` (None at a table of humans)."""
    return table.bots.core if table.bots is not None else None


def humans(table: ClassicTable) -> tuple[int, ...]:
    """The human seats, in seat order (the name lists of who holds the laptop)."""
    bots = table.bot_seats()
    return tuple(s for s in range(len(table.game.setup.players)) if s not in bots)


# -- the night ---------------------------------------------------------------------------------------------

def night_bots_act(table: ClassicTable, in_step: Callable[[], bool]) -> None:
    """Let every bot that may answer in the step being called do so (``in_step``: the engine waits for an
    answer of that step)."""
    bots = _core(table)
    if bots is None:
        return
    while in_step():
        members = table.waiting()
        ready = [s for s in members if bots.may_answer(table.view_for(s), members)]
        if not ready:
            return
        g = table.take_turn(ready[0])  # (the game itself when his prompt is pending already)
        p = table.pending()
        assert p is not None
        table.answer(bots.answer(g, p))


def step_over(table: ClassicTable, in_step: Callable[[], bool]) -> None:
    """The step's time is up: every human still to answer is answered for (``ClassicTable.time_out``),
    then the bots answer (a bot werewolf names the humans' victim, if they named one)."""
    bots = table.bot_seats()
    while in_step():
        late = [s for s in table.waiting() if s not in bots]
        if not late:
            night_bots_act(table, in_step)
            continue
        table.take_turn(late[0])  # (the game itself when his prompt is pending already)
        p = table.pending()
        assert p is not None
        table.answer(table.time_out(p))


# -- by day --------------------------------------------------------------------------------------------------

def public_bots_act(table: ClassicTable, public: Callable[[], object]) -> None:
    """Cast every bot answer the table screen's public prompt asks next (``public``: that prompt or None)."""
    bots = _core(table)
    if bots is None:
        return
    while public() is not None and (p := table.pending()) is not None and p.seat in bots.seats:
        table.answer(bots.answer(table.game, p))


def bot_act_lines(table: ClassicTable, stage: str, prompt: Prompt | None = None) -> list[str]:
    """What was done aloud in this part of the round: the bots' shots and successors, what a bot shows
    by pointing, and every ballot cast in front of the table, a human's as a bot's (``ballot_lines``).
    ``stage``: ``dawn``, ``vote`` or ``election`` (before the first night); ``prompt``: the ballot or public
    prompt the screen asks now (None: nothing).

    Ballots belong to their round only: while the screen asks a ballot of the round just opened, that
    round's (``ballot_lines``); else the last finished round of this part, each line saying what it was
    for (a sheriff, an elimination)."""
    bots = _core(table)
    w, seen = table.words, table.public_view()  # the answers given aloud are public (``aloud``)
    phase = "night" if stage == "dawn" else "day"
    label = f"{phase}{table.round}" if stage != "election" else ""
    if label and PublicEvent(PublicKind.PHASE, phase, (("round", table.round),)) not in seen.public:
        return []  # that part has not begun
    said = [] if bots is None else [  # the Hunter's shot...
        w.text("classic_bot_did", player=w.name(a.seat), act=w.action(a.action))
        for a in seen.aloud if a.label == label and a.step not in BALLOT_STEPS and a.seat in bots.seats]
    return said + ballot_lines(table, stage, prompt)


def _one_by_one(table: ClassicTable, step: str) -> bool:
    """Are this round's ballots given one at a time (hands raised in turn, the Nightmare's accusations)?"""
    if step != "vote":
        return False
    return table.game.setup.option("vote.procedure") == "sequential_hands" or any(
        e.kind == PublicKind.STEP and e.id == "nightmare" and dict(e.params).get("round") == table.round
        for e in table.public_view().public)


def _in_part(step: str, label: str, stage: str, round_: int) -> bool:
    if stage == "election":
        return step == "election" and not label.startswith("day")
    return label == f"{'night' if stage == 'dawn' else 'day'}{round_}"


def ballot_rounds(aloud: Iterable[AloudAnswer], stage: str, round_: int) -> list[list[AloudAnswer]]:
    """The ballot rounds of this part of the game (``stage``, ``round_``), each its ballots in the order
    cast, humans' and bots' alike: a round ends when another answer is given aloud, another step is
    asked, or a voter of it is asked again (a re-vote, a run-off)."""
    rounds: list[list[AloudAnswer]] = []
    current: list[AloudAnswer] | None = None
    for a in aloud:
        if a.step not in BALLOT_STEPS or not _in_part(a.step, a.label, stage, round_):
            current = None
            continue
        if current is None or current[0].step != a.step or any(b.seat == a.seat for b in current):
            current = []
            rounds.append(current)
        current.append(a)
    return rounds


def ballot_lines(table: ClassicTable, stage: str, prompt: Prompt | None) -> list[str]:
    """The ballots shown on the public screen. While ``prompt`` is a ballot of the round just opened: the
    bots' pointing (all at once, before any human enters a ballot), or when hands go up in turn every
    ballot cast so far this round. Else every ballot of the last finished round of this part, a human's
    as a bot's, in the order cast (there is no secret ballot in classic: the table saw them all)."""
    w, bots = table.words, _core(table)
    rounds = ballot_rounds(table.public_view().aloud, stage, table.round)
    if prompt is not None and prompt.step in BALLOT_STEPS:
        last = rounds[-1] if rounds else None
        if last is not None and last[0].step == prompt.step and all(a.seat != prompt.seat for a in last):
            opened, rounds = last, rounds[:-1]  # the round being asked: its ballots so far
        else:
            opened = []
        if not _one_by_one(table, prompt.step):
            pointing = bots.open_round() if bots is not None else None
            return [pointing_line(w, pointing)] if pointing is not None and pointing.ballots else []
        return [ballot_line(w, a.step, a.seat, a.action) for a in opened]
    return [ballot_line(w, a.step, a.seat, a.action) for a in rounds[-1]] if rounds else []


#: Per ballot step: the pointing's line and one bot's ballot, saying what the round is for.
POINT_IDS = {"vote": "classic_bots_point_vote", "election": "classic_bots_point_election",
             "executioner_election": "classic_bots_point_executioner"}
VOTED_IDS = {"vote": "classic_bot_voted_vote", "election": "classic_bot_voted_election",
             "executioner_election": "classic_bot_voted_executioner"}


def pointing_line(w: ClassicWords, pointing: ClassicPointing) -> str:
    """``The bots point for sheriff: Robot 1 → Robot 5 · Robot 3 → Ann``."""
    pairs = w.text("classic_bots_point_separator").join(
        w.text("classic_bots_point_pair", player=w.name(s),
               target=w.who(a.targets[0]) if a.targets else w.action(a)) for s, a in pointing.ballots)
    return w.text(POINT_IDS[pointing.step], pointing=pairs)


def ballot_line(w: ClassicWords, step: str, seat: int, action: Action) -> str:
    """``Robot 1 votes for Robot 5 for sheriff.`` / ``Robot 1 votes to eliminate Ann.``"""
    if not action.targets:  # an abstention
        return w.text("classic_bot_did", player=w.name(seat), act=w.action(action))
    return w.text(VOTED_IDS[step], player=w.name(seat), target=w.who(action.targets[0]))


def today_in_order(table: ClassicTable) -> tuple[ClassicClaim, ...]:
    """Today's claims in the day's speaking order: the living clockwise from the left of the last player
    whose death the table heard (``TableView.clockwise``, seed 004 step 8), not in seat order."""
    bots = _core(table)
    if bots is None:
        return ()
    order = {seat: i for i, seat in enumerate(table.view().clockwise)}
    return tuple(sorted(bots.today(table.round), key=lambda c: order.get(c.seat, len(order))))


def claim_lines(table: ClassicTable) -> list[str]:
    """Today's claims, one line per living bot in the day's speaking order (``today_in_order``)."""
    return [claim_text(c, table.words) for c in today_in_order(table)]


def suspicion_line(table: ClassicTable, seat: int) -> str:
    bots = _core(table)
    assert bots is not None
    w = table.words
    part = w.base.say(suspicion_message(bots.suspicion(table.game, seat)))
    return w.text("classic_claim_line", player=w.name(seat), part=part)


def truth_lines(table: ClassicTable) -> list[str]:
    """The end screen: per bot that claimed, its last claim and whether its claims were true."""
    bots = _core(table)
    if bots is None:
        return []
    return verdict_lines(bots.checks(table.game), table.words)


__all__ = ["ClassicBots", "ballot_line", "ballot_lines", "ballot_rounds", "bot_act_lines", "claim_lines", "humans",
           "night_bots_act", "pointing_line", "public_bots_act", "resume_bots", "start_bots", "step_over",
           "suspicion_line", "today_in_order", "truth_lines"]
