"""The roles whose night the app says aloud to the whole table: the Blob's and the Family Man's pattern
and the Empath's question (docs/rules.md #63, #65, #67, §D.6, §D.7, E-13, E-14; docs/scenarios.md).

Everything announced is drawn when the step is called, whoever holds the role (a ghost step announces all
the same: silence would tell), from the seats alone, so it never depends on who holds what:

* Blob (13, announcement only) and Family Man (9-D under ``onuw``): a T-BLOB pattern (``left_K``,
  ``right_K`` or ``split_K``, K from the player count), streams ``blob`` / ``family_man`` (a
  Doppelganger's own step: ``blob#dg`` / ``family_man#dg``, pins ``dg_blob`` / ``dg_family_man``). The
  pattern is bound, as offsets, to the cards it belongs to (``RoleFacts.blob_members`` by card id): the
  members are counted from the card's final holder (E-14, the official reading). The Family Man wakes and
  learns who his family is now; under ``onuw`` he views no card (E-13).
* Empath (10-E): a question 1..14 (stream ``empath.q``) and a group from ID-G (``empath.group``).
  Every player of the group who is not an Empath tonight points, eyes closed, at another player, one after
  another behind a hand-over; then the Empath sees every pointing. The respondents point even when the
  Empath card is in the center, so the table cannot tell.

Choices decided here (docs/decisions.md, "Blob, Family Man, Empath"): the Empath's "specific players" are
drawn among all the players (the Empath is left out afterwards, when she is among them), so that the
announcement does not depend on where the Empath sits; a Copycat's or Mirror Man's copy of these roles
shares the pattern or question of the step it acts in (only the Doppelganger has a step of its own).
"""

from __future__ import annotations

from ....model.kinds import PublicKind
from ....model.state import GameState
from ....model.values import Action, Learned, Observation, Prompt, PublicEvent, Step, Turn
from ...draws import DrawPinError, draw, pinned_draw
from ..identifiers import designate
from .aliens import loop_stream
from .common import choice, index_of, info_prompt, learn, log, view
from .registry import Behaviour, register

EMPATH = "empath"
POINTING = "empath_pointing"  # the Learned label of one pointing the Empath sees: who = (respondent, target)
FAMILY = "family"  # the Learned label of the Family Man's family


def pattern_size(players: int) -> int:
    """T-BLOB's K by the player count (docs/rules.md D.6)."""
    return 1 if players <= 4 else 2 if players <= 6 else 3 if players <= 8 else 4


def pattern_offsets(pattern: str) -> tuple[int, ...]:
    """The member seats of ``pattern`` as offsets from the holder (LEFT = +1)."""
    side, _, size = pattern.partition("_")
    k = int(size)
    if side == "left":
        return tuple(range(1, k + 1))
    if side == "right":
        return tuple(-i for i in range(1, k + 1))
    return tuple(range(1, k // 2 + 1)) + tuple(-i for i in range(1, k // 2 + 1))


def draw_pattern(g: GameState, step: Step, role: str, copy: bool) -> tuple[GameState, str]:
    """Draw and announce a T-BLOB pattern for ``role`` (its own stream; a copy's own draw; a repeated
    night's own ``#loop2`` stream)."""
    stream, pin = (f"{role}#dg", f"dg_{role}") if copy else (role, role)
    stream = loop_stream(g, step.id, stream)
    k = pattern_size(g.players)
    table = "blob_even" if k % 2 == 0 else "blob_odd"
    pinned = pinned_draw(g, pin)
    eligible = None
    if pinned is not None:
        side, _, size = str(pinned).partition("_")
        if size != str(k) or side not in {"left", "right"} | ({"split"} if k % 2 == 0 else set()):
            raise DrawPinError(f"draws: {pin} = {pinned!r} cannot be drawn in this game "
                               f"(the pattern has {k} seat(s) at {g.players} players)")
        eligible = {side}
    g, side = draw(g, table, stream=stream, pin=f"{pin}#side", eligible=eligible)
    pattern = f"{side}_{k}"
    return g.replace(public=g.public + (PublicEvent(PublicKind.DRAW, pin, (("value", pattern),)),)), pattern


def bind_pattern(g: GameState, role: str, copy: bool, pattern: str) -> GameState:
    """Bind ``pattern`` to the cards of ``role`` (the Doppelganger's copy: her card that copied it); on a
    repeated night the new announcement replaces the first."""
    offsets = pattern_offsets(pattern)
    bound = dict(g.facts.blob_members)
    for card in g.cards:
        if copy:
            mine = card.role == "doppelganger" and card.copied == role
        else:
            mine = card.role == role or (card.role in ("copycat", "mirror_man") and card.copied == role)
        if mine:
            bound[card.id] = offsets
    return g.with_facts(blob_members=tuple(sorted(bound.items())))


class Pattern(Behaviour):
    """The Blob's or Family Man's step: the pattern is announced and bound to the cards."""

    def announce(self, g: GameState, step: Step) -> GameState:
        role = step.role or self.key
        g, pattern = draw_pattern(g, step, role, step.kind == "dg")
        return bind_pattern(g, role, step.kind == "dg", pattern)


@register("blob")
class Blob(Pattern):
    """13: the Blob does not wake; the app announces its members (docs/rules.md #65)."""

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        return []


@register("family_man")
class FamilyMan(Pattern):
    """9-D: the app announces the family; the Family Man wakes and learns who they are (E-13). Under
    ``dalbula`` (13B) he also views their current cards, the shielded ones excepted (S0, E-13)."""

    views_cards = False
    """Whether he views his family's cards on waking (``onuw``: no, E-13 OFF; ``dalbula``: yes, S0 13B)."""

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        card = g.cards[turn.seat]
        offsets = dict(g.facts.blob_members).get(card.id)
        if offsets is None:  # he no longer holds a Family Man card: the step's pattern, from his seat
            pattern = _last_pattern(g, turn)
            offsets = pattern_offsets(pattern) if pattern else ()
        members = sorted({(turn.seat + off) % g.players for off in offsets} - {turn.seat})
        g, obs = learn(g, turn.seat, members, FAMILY, turn.step)
        seen: list[Observation] = [obs]
        if self.views_cards:
            for member in members:
                if member not in g.shields:
                    g, card_obs = view(g, turn.seat, member, turn.step)
                    seen.append(card_obs)
        return g, turn.at("family", info=tuple(seen))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        return g, None


def _last_pattern(g: GameState, turn: Turn) -> str | None:
    pin = "dg_family_man" if turn.copier == "doppelganger" else "family_man"
    for event in reversed(g.public):
        if event.kind == PublicKind.DRAW and event.id == pin:
            return str(dict(event.params).get("value"))
    return None


@register(EMPATH)
class Empath(Behaviour):
    """10-E: the app asks a question of a group; the group (Empaths left out) points, then the Empath
    sees the pointing (docs/rules.md #63, D.7)."""

    def announce(self, g: GameState, step: Step) -> GameState:
        copy = step.kind == "dg"
        stream, pin = ("empath#dg", "dg_empath") if copy else (EMPATH, EMPATH)
        group_stream, question_stream = (loop_stream(g, step.id, f"{stream}.{part}") for part in ("group", "q"))
        # the app names the group, then asks the question
        g, _key, group = designate(g, "id_g", None, stream=group_stream, pin=f"{pin}_id", public=True)
        g, question = draw(g, EMPATH, stream=question_stream, pin=pin, public=True)
        return g.with_facts(empath_group=group, empath_question=int(question))

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        empaths = super().actors(g, step)
        awake = {t.seat for t in empaths}
        tonight = {s for s in range(g.players) if g.night_roles[s] == EMPATH}
        respondents = [Turn(s, EMPATH, step.id, "respond") for s in g.facts.empath_group
                       if s not in tonight | awake and s not in g.feared]
        return respondents + empaths

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        if turn.stage == "respond":
            return g, turn
        pointing: list[tuple[int, int]] = []
        for event in reversed(g.events):  # the pointing of this call of the step, just before her turn
            if event.step != turn.step or event.action is None or event.action.verb != "point":
                break
            assert event.seat is not None
            pointing.insert(0, (event.seat, index_of(g, event.action.targets[0])))
        seen: list[Learned] = []
        for respondent, target in pointing:
            g, obs = learn(g, turn.seat, (respondent, target), POINTING, turn.step)
            seen.append(obs)
        return g, turn.at("watch", info=tuple(seen))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        if turn.stage == "respond":
            return choice(g, turn, [Action("point", (g.pos(s),)) for s in range(g.players) if s != turn.seat])
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if turn.stage == "respond":  # logged as the respondent's own role: the story names who pointed
            own = Turn(turn.seat, g.night_roles[turn.seat], turn.step, copier=g.copiers[turn.seat])
            return log(g, own, action), None
        return g, None  # she has seen the pointing (``done``)


__all__ = ["Blob", "Empath", "FamilyMan", "pattern_offsets", "pattern_size"]
