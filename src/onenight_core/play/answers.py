"""The answer kinds, dispatched once: a table of verbs.

Every verb an answer can have (``look``, ``swap``, ``mark`` …, docs/engine.md "Actions are the scenario
verbs") has one entry in ``VERBS`` with both of its words:

* ``offer`` — the message that offers it as a prompt's option (``option_look`` "Look at Bo's card"), read
  by the app's ``Wording.action`` and so by every prompt, the vote screen and the narrator;
* ``tell`` — the message that tells it once done, in the story (``looked_at`` "looked at Bo's card: the
  Seer"), read by ``story._Teller``, with what the seat saw while doing it.

A new verb is one entry here (and its messages in the catalogs); nothing else dispatches on verbs to word
them. A verb without an entry is offered and told by the fallbacks (``Wording.action``'s plain words,
``did_verb``). Both sides are messages with parameters (docs/text.md): positions are worded by the app
(``{positions:cards}`` "Bo's card and center card 2", ``{positions:whom}`` "yourself")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol, TypeVar

from attrs import frozen

from ..model.messages import Message, say
from ..model.values import Action, CardView, Event, MarkView, Observation

if TYPE_CHECKING:
    from ..model.state import GameState

_Seen = TypeVar("_Seen", CardView, MarkView)


class Teller(Protocol):
    """What a verb's ``tell`` reads from the story teller (``story._Teller``)."""

    g: GameState

    def take_view(self, pending: list[Observation], pos: str, kind: type[_Seen]) -> _Seen | None: ...

    def oracle_question(self, seat: int, e: Event) -> str | None: ...


@frozen
class Offer:
    """Who is offered an answer: the acting role, the seat's own position (``p3``; "" when the words are
    for nobody in particular) and the prompt's stage."""

    role: str | None = None
    own: str = ""
    stage: str = ""


Offers = Callable[[Action, Offer], Message]
Tells = Callable[[Teller, int, Event, list[Observation]], "Message | None"]
"""A verb's telling; None when the act lacks what its words need (a ``tap`` without a target), which is
then told by the fallback (``did_verb``)."""


@frozen
class Verb:
    offer: Offers
    tell: Tells
    noted: bool = True
    """Whether the engine's note on the act (``Event.detail``: "and became the Seer") follows the telling;
    ``copy`` tells the role it became itself."""


ANSWERED = {"yes": "answered_yes", "no": "answered_no", "even": "answered_even", "odd": "answered_odd"}
_ANSWER_OPTIONS = {"yes": "option_answer_yes", "no": "option_answer_no", "even": "option_answer_even",
                   "odd": "option_answer_odd"}


def _other(targets: tuple[str, ...], own: str) -> str:
    return targets[1] if targets[0] == own else targets[0]


# -- offers: a prompt's option as a message (the app words it: Wording.action) -----------------------------

def _offer_swap(a: Action, o: Offer) -> Message:
    t = a.targets
    if len(t) == 2 and o.role == "alpha_wolf":
        return say("option_give_center_wolf", positions=t[1:])
    if len(t) == 2 and o.role == "villainous_temptress":
        return say("option_give_extra_villain", positions=t[:1])
    if len(t) == 2 and o.role in ("witch", "voodoo_lou") and t[0].startswith("c"):
        return say("option_take_it") if o.own and t[1] == o.own else say("option_give_it", pos=t[1])
    if len(t) == 2 and o.own and o.own in t:
        return say("option_swap_mine", pos=_other(t, o.own))
    return say("option_swap", positions=t)


def _offer_pass(a: Action, o: Offer) -> Message:
    if o.role == "nostradamus" and o.stage == "again":  # after a look: he stops
        return say("option_stop_here")
    return say("option_pass")


def _offer_vote(a: Action, o: Offer) -> Message:
    t = a.targets
    if a.value == "dealer":  # the ripple "vote for the app"
        return say("option_vote_app")
    if len(t) == 2 and t[0] == t[1]:  # both ballots of a Dalbula "multi vote"
        return say("option_vote_twice", positions=t[:1])
    return say("option_vote", positions=t) if t else say("option_vote_nobody")


def _offer_mark(a: Action, o: Offer) -> Message:
    # a mark for oneself is its own sentence: French says "Vous donner", not "Donner à vous-même"
    if a.value and len(a.targets) == 1 and o.own and a.targets[0] == o.own:
        return say("option_mark_self", mark=a.value)
    if a.value:
        return say("option_mark", positions=a.targets, mark=a.value)
    return say("option_mark_any", positions=a.targets)


def _offer_swap_marks(a: Action, o: Offer) -> Message:
    if len(a.targets) == 2 and o.own and o.own in a.targets:
        return say("option_swap_my_mark", pos=_other(a.targets, o.own))
    return say("option_swap_marks", positions=a.targets)


def _offer_answer(a: Action, o: Offer) -> Message:
    if a.targets:
        return say("option_answer_player", positions=a.targets)
    return say(_ANSWER_OPTIONS.get(a.value or "", "option_pass"))


def _on_positions(msg_id: str) -> Offers:
    return lambda a, o: say(msg_id, positions=a.targets)


# -- tells: the act in the story, with what the seat saw doing it ----------------------------------------

def _seen_parts(teller: Teller, pending: list[Observation], positions: tuple[str, ...]) -> tuple[Message, ...]:
    views = [(pos, teller.take_view(pending, pos, CardView)) for pos in positions]
    return tuple(say("card_is", pos=pos, role=v.role) if v else say("card_at", pos=pos) for pos, v in views)


def _tell_look(teller: Teller, seat: int, e: Event, pending: list[Observation]) -> Message | None:
    return say("looked_at", parts=_seen_parts(teller, pending, _targets(e)))


def _tell_copy(teller: Teller, seat: int, e: Event, pending: list[Observation]) -> Message | None:
    t = _targets(e)
    if not t:
        return None
    v = teller.take_view(pending, t[0], CardView)
    became = e.detail["role"] if e.detail is not None and e.detail.id == "became" else teller.g.night_roles[seat]
    return say("copied", pos=t[0], seen_role=v.role if v else None, role=became)


def _tell_swap(teller: Teller, seat: int, e: Event, pending: list[Observation]) -> Message | None:
    t, own = _targets(e), f"p{seat}"
    if len(t) != 2:
        return None
    if own in t:
        v = teller.take_view(pending, own, CardView)
        other = _other(t, own)
        return say("exchanged_and_saw", pos=other, role=v.role) if v else say("exchanged", pos=other)
    return say("swapped_cards", positions=t)


def _tell_mark(teller: Teller, seat: int, e: Event, pending: list[Observation]) -> Message | None:
    t, value = _targets(e), _value(e)
    if not t:
        return None
    return say("gave_self_mark", mark=value) if t[0] == f"p{seat}" else say("gave_mark", mark=value, pos=t[0])


def _tell_flip(teller: Teller, seat: int, e: Event, pending: list[Observation]) -> Message | None:
    t = _targets(e)
    if len(t) > 1:  # the Exposer turns several center cards up (docs/rules.md #61)
        return say("flipped_several", parts=_seen_parts(teller, pending, t))
    if not t:
        return None
    v = teller.take_view(pending, t[0], CardView)
    return say("flipped_seen", pos=t[0], role=v.role) if v else say("flipped", pos=t[0])


def _tell_swap_marks(teller: Teller, seat: int, e: Event, pending: list[Observation]) -> Message | None:
    t = _targets(e)
    if not t:
        return None
    mv = teller.take_view(pending, f"p{seat}", MarkView)
    return say("swapped_marks_and_saw", positions=t, mark=mv.mark) if mv else say("swapped_marks", positions=t)


def _tell_look_mark(teller: Teller, seat: int, e: Event, pending: list[Observation]) -> Message | None:
    t = _targets(e)
    if not t:
        return None
    mv = teller.take_view(pending, t[0], MarkView)
    return say("looked_at_mark", pos=t[0], mark=mv.mark) if mv else say("looked_at_mark_unseen", pos=t[0])


def _tell_answer(teller: Teller, seat: int, e: Event, pending: list[Observation]) -> Message:
    """The Oracle (docs/scenarios.md): yes/no/even/odd, or a player named; with her question."""
    t = _targets(e)
    text = say("answered_player", pos=t[0]) if t else say(ANSWERED.get(_value(e) or "", "did_nothing"))
    question = teller.oracle_question(seat, e)
    return text if question is None else say("answered_question", part=text, question=question)


def _tell_pass_on(teller: Teller, seat: int, e: Event, pending: list[Observation]) -> Message:
    """The aliens' automatic pass (docs/rules.md #16)."""
    verb = e.action.verb if e.action is not None else ""
    return say("passed_cards", direction=verb.removeprefix("pass_"))


def _on_first(msg_id: str) -> Tells:
    """A verb told as ``msg_id`` about its first target (``tapped`` Bo); without one, the fallback."""
    def tell(teller: Teller, seat: int, e: Event, pending: list[Observation]) -> Message | None:
        t = _targets(e)
        return say(msg_id, pos=t[0]) if t else None
    return tell


def _saying(msg_id: str) -> Tells:
    return lambda teller, seat, e, pending: say(msg_id)


def _tell_other(teller: Teller, seat: int, e: Event, pending: list[Observation]) -> Message:
    """A verb without words of its own: its id, positions and value (``did_verb``)."""
    a = e.action
    return say("did_verb", verb=a.verb if a else e.kind, positions=_targets(e), value=_value(e))



def _targets(e: Event) -> tuple[str, ...]:
    return e.action.targets if e.action is not None else ()


def _value(e: Event) -> str | None:
    return e.action.value if e.action is not None else None


def _no_offer(a: Action, o: Offer) -> Message:
    return say("did_verb", verb=a.verb, positions=a.targets, value=a.value)


VERBS: dict[str, Verb] = {
    "look": Verb(_on_positions("option_look"), _tell_look),
    "copy": Verb(lambda a, o: say("option_copy", pos=a.targets[0]) if a.targets else say("option_copy_any"),
                 _tell_copy, noted=False),
    "swap": Verb(_offer_swap, _tell_swap),
    "take": Verb(_on_positions("option_take"), _on_first("took_unseen")),
    "pass": Verb(_offer_pass, _saying("did_nothing")),
    "done": Verb(lambda a, o: say("option_done"), _tell_other),
    "vote": Verb(_offer_vote, _tell_other),
    "mark": Verb(_offer_mark, _tell_mark),
    "shield": Verb(_on_positions("option_shield"), _on_first("placed_shield")),
    "flip": Verb(_on_positions("option_flip"), _tell_flip),
    "rotate": Verb(lambda a, o: say("option_rotate", direction=a.value or "left"),
                   lambda teller, seat, e, pending: say("rotated", direction=_value(e))),
    "swap_marks": Verb(_offer_swap_marks, _tell_swap_marks),
    "look_mark": Verb(lambda a, o: say("option_look_mark", pos=a.targets[0]) if len(a.targets) == 1
                      else say("option_look_marks", positions=a.targets), _tell_look_mark),
    "tap": Verb(_on_positions("option_tap"), _on_first("tapped")),
    "artifact": Verb(_on_positions("option_artifact"), _on_first("placed_artifact")),
    "token": Verb(_on_positions("option_token"), _on_first("gave_token")),  # the Dalbula Curator's token
    "answer": Verb(_offer_answer, _tell_answer),
    "point": Verb(_on_positions("option_point"), _on_first("pointed_at")),
    "pass_left": Verb(_no_offer, _tell_pass_on),
    "pass_right": Verb(_no_offer, _tell_pass_on),
    "swap_shuffle": Verb(_no_offer, _saying("cards_shuffled_exchanged")),
}
"""Every verb's words, offered and told. Verbs whose offer is ``_no_offer`` are never a player's choice
(the app does them); ``done``/``vote`` are told by the day's own lines, not as a night act."""


def offered(action: Action, offer: Offer = Offer()) -> Message | None:
    """The message offering ``action`` as an option; None for a verb without words of its own."""
    verb = VERBS.get(action.verb)
    if verb is None or verb.offer is _no_offer:
        return None
    return verb.offer(action, offer)


def told(teller: Teller, seat: int, e: Event, pending: list[Observation]) -> tuple[Message, bool]:
    """The act of event ``e`` (which has an action) told, and whether the engine's note follows it."""
    assert e.action is not None
    verb = VERBS.get(e.action.verb)
    text = verb.tell(teller, seat, e, pending) if verb is not None else None
    if text is None or verb is None:
        return _tell_other(teller, seat, e, pending), True
    return text, verb.noted


__all__ = ["ANSWERED", "VERBS", "Offer", "Teller", "Verb", "offered", "told"]
