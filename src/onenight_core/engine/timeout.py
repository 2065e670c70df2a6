"""The answer the engine gives for a player whose time ran out (issue 10, "Secrecy").

Every night step lasts exactly its step time, whoever holds the role and however slow they are: a step
that waits for a slow player tells the table the role is in play. So when a step's time is up, the
driver answers ``TIMEOUT`` for every prompt still open in it, and the engine takes the default answer:
pass where passing is legal, "done" for something to see, and otherwise an answer drawn from the
game's seed. The draw has its own stream per step, seat and prompt, so it never shifts another draw and
a save (which stores ``TIMEOUT`` like any answer) replays to the same game. When there was a choice,
``apply`` records an event of kind ``TIMED_OUT`` just before the act, so the story can say the player
chose nothing in time (a prompt with one answer, something to see, needs no such line). A prompt nobody
opened is answered ``UNOPENED`` (below)."""

from __future__ import annotations

from ..model.rng import stream
from ..model.values import DONE, PASS, Action, Prompt

TIMEOUT = Action("timeout")
TIMED_OUT = "timeout"  # the event kind
UNOPENED = Action("timeout", (), "unopened")
"""The same answer for a prompt its player never opened (the driver knows: nobody took the laptop for it).
The engine takes the same default, and records an event of kind ``NOT_OPENED`` before it even for
something to see, so the story says the player did not look and tells nothing of what the prompt showed
(a werewolf who never opened his prompt never learned who the other werewolves are)."""
NOT_OPENED = "unopened"  # the event kind


def looked_at_nobody(prompt: Prompt, chosen: Action) -> bool:
    """Whether a default ``pass`` declined only looks (the Seer's, a lone werewolf's): the story then says
    the player looked at nobody, rather than that they did nothing."""
    return chosen == PASS and all(o.verb in ("look", "pass") for o in prompt.options)


def default_action(prompt: Prompt, seed: int, number: int) -> Action:
    """The answer taken for ``prompt`` when time runs out; ``number`` tells the game's prompts apart
    (the count of events so far), so each open prompt draws from its own stream."""
    if PASS in prompt.options:
        return PASS
    if DONE in prompt.options:
        return DONE
    draw = stream(seed, f"timeout/{prompt.step}/{prompt.seat}/{prompt.stage}/{number}")
    return draw.choice(prompt.options)
