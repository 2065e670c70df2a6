"""The verb convention of docs/engine.md ("Actions are the scenario verbs"), both ways: the ``Action`` a
written ``do`` verb is, and which option of a prompt a written action stands for.

This is where "the replay holds no per-role code" is true: no verb is special here, so a role added
tomorrow is replayable the day its behaviour is registered."""

from __future__ import annotations

import re
from typing import Any, Callable

from ...errors import ScenarioError
from ...model.messages import Message, say
from ...model.values import Action, CardView, Prompt
from .case import POSITION


def _scenario_error(said: Message) -> Exception:
    return ScenarioError(said=said)


def verb_action(verb: str, arg: Any, error: Callable[[Message], Exception] = _scenario_error) -> Action:
    """The engine ``Action`` for one scenario verb (docs/engine.md, "Actions are the scenario verbs").

    Positions go in ``targets`` in the order written; a value that is not a position (a mark id,
    ``left``/``right``, an answer) goes in ``value``; ``verb = true`` is the bare verb. No verb is special."""
    if not re.match(r"^[a-z][a-z0-9_]*$", verb):
        raise error(say("scen_verb_name", word=repr(verb)))
    if arg is True:
        return Action(verb)
    if arg is False:
        raise error(say("scen_verb_false", word=repr(verb)))
    items = arg if isinstance(arg, list) else [arg]
    targets: list[Any] = []
    values: list[Any] = []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, (str, int)):
            raise error(say("scen_verb_item", word=repr(verb), given=repr(item)))
        item = str(item)
        (targets if POSITION.match(item) else values).append(item)
    if len(values) > 1:
        raise error(say("scen_verb_values", word=repr(verb), given=repr(values)))
    if not targets and not values:
        raise error(say("scen_verb_empty", word=repr(verb)))
    return Action(verb, tuple(targets), values[0] if values else None)


def shows(action: Action, p: Prompt) -> bool:
    """Whether an info prompt is the written step: ``done``, or a ``look`` at exactly the cards the
    prompt shows (an Insomniac's look written explicitly)."""
    if p.kind != "info":
        return False
    if action.verb == "done":
        return True
    shown = sorted(o.pos for o in p.info if isinstance(o, CardView))
    return action.verb == "look" and bool(shown) and sorted(action.targets) == shown


def same_choice(action: Action, p: Prompt) -> Action:
    """The prompt's option that ``action`` means: itself, or the one option with the same verb and value
    whose targets are the same positions in another order (a Seer's center pair ``c2, c0`` is the
    engine's ``c0, c2``). Anything else is returned unchanged, for the engine to refuse."""
    if action in p.options:
        return action
    same = [o for o in p.options if o.verb == action.verb and o.value == action.value
            and sorted(o.targets) == sorted(action.targets)]
    return same[0] if len(same) == 1 else action


def joined(actions: tuple[Action, ...], start: int, p: Prompt) -> tuple[Action, int]:
    """The action the verbs from ``actions[start]`` on stand for at ``p``, and how many verbs it takes.

    People write one choice of several cards as several verbs (the Exposer's ``do = [{ flip = "c0" },
    { flip = "c2" }]``): when the first verb alone is not a legal answer but it and the verbs right after
    it with the same name and value, joined into one action (their targets in order), are, that one
    action is the answer. A verb that is legal alone is always taken alone (the P.I.'s two looks are two
    answers)."""
    first = actions[start]
    if same_choice(first, p) in p.options:
        return first, 1
    targets = list(first.targets)
    for end in range(start + 1, len(actions)):
        nxt = actions[end]
        if nxt.verb != first.verb or nxt.value != first.value or not nxt.targets:
            break
        targets.extend(nxt.targets)
        together = Action(first.verb, tuple(targets), first.value)
        if same_choice(together, p) in p.options:
            return together, end - start + 1
    return first, 1
