"""Scripted classic games for the tests: answers written as short strings ("kill p5", "pass"), chance
outcomes pinned in order; the game stops where the script ends and the board is returned."""

from __future__ import annotations

from onenight_core.model.values import Action, Setup
from onenight_core.rulesets.classic.protocol import drive

DEFAULT = ["werewolf", "werewolf", "seer", "witch", "hunter", "villager", "little_girl", "cupid"]


class ScriptEnd(Exception):
    def __init__(self, board, prompt):
        super().__init__("script ended")
        self.board, self.prompt = board, prompt


def steps_by_night(narration) -> list[list[str]]:
    """The role steps a classic narration calls, one list per night, so a test can say which roles wake
    on which night without walking the cues itself."""
    nights: list[list[str]] = []
    for cue in narration.cues:
        if cue.kind == "start":
            nights.append([])
        elif cue.kind == "role":
            nights[-1].append(cue.step)
    return nights


def act(text: str) -> Action:
    verb, *targets = text.split()
    return Action(verb, tuple(targets))


def setup_for(deal, options=None) -> Setup:
    """The set-up of ``deal``; New Moon events only when ``options`` ask for them (as in scenario files)."""
    n = len(deal) - (2 if "thief" in deal else 0)
    return Setup(players=[f"P{i}" for i in range(n)], deck=list(deal), ruleset="classic",
                 options={"events.new_moon": False, **(options or {})})


def run(deal, answers, options=None, pins=(), events=None):
    """(board, pending prompt or None, prompts seen). ``answers`` may be strings or callables of the
    prompt (returning a string); ``events`` fixes the event deck's order."""
    answers, pins, seen = list(answers), list(pins), []

    def answer(board, prompt):
        seen.append(prompt)
        if not answers:
            raise ScriptEnd(board, prompt)
        a = answers.pop(0)
        a = a(prompt) if callable(a) else a
        return act(a)

    def chance(_b, c, _k):
        assert pins, f"unpinned chance {c}"
        return pins.pop(0)

    try:
        board = drive(setup_for(deal, options), deal, answer, chance, events)
    except ScriptEnd as end:
        return end.board, end.prompt, seen
    return board, None, seen


def votes(*targets):
    """One ballot per voter in seat order, e.g. votes(5, 5, 0): answers 'vote p5', ..."""
    return [f"vote p{t}" if t >= 0 else "abstain" for t in targets]
