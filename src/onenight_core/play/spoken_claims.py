"""Humans' claims at a table with bots (issue 26): what a human player said aloud by day, entered by the
table so the bots hear it. The claim is the bots' own ``Claim`` (``play/claims.py``): the bots weigh it
exactly as they weigh each other's (a claim that contradicts what a bot saw counts against the claimant),
and the reveal checks it the same way.

The form is small: the role first, then at most the story the claim model words for that role
(``next_question``), each question's options legal for the table (another player, a center card, a role
in play):

* Seer: whom it looked at (a player, or two center cards), then what it saw there;
* Robber: whose card it took, then the card it became;
* Troublemaker: the two players whose cards it swapped;
* Drunk: the center card it took;
* Insomniac: its card at the end of the night;
* Doppelganger: whose card it copied, then the role it became;
* Mason: whom it woke up with;
* any other role: the role alone.

The first question of a story may be answered ``NOTHING_MORE`` (the role alone). The table enters the
claims one at a time, in order; a later claim of a seat replaces its earlier one, and a seat that changed
the role it claims has *changed its story* (``changed_story``): the bots count that against it, a little
(docs/decisions.md, "Humans' claims at a table with bots"). A corrected detail of the same role (another
target, another result) replaces the claim without counting against the seat: the table may have
mis-entered it.

The save keeps the claims in the order entered (``encode_claims``/``decode_claims``: one plain string,
the save's note ``claims``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from attrs import frozen

from ..model.values import Action
from .claims import Claim

NOTHING_MORE = ""  # the answer "nothing more": the role alone (only to a story's first question)
SAVE_KEY = "claims"  # the save's note of the humans' claims


@frozen
class ClaimTable:
    """What the form may offer: ``players`` seats, ``center`` center cards, the ``roster`` (roles in play)."""

    players: int
    center: int
    roster: tuple[str, ...]

    @property
    def roles(self) -> tuple[str, ...]:
        """The roles a seat may claim: the roles in play, each once (sorted by id; a screen orders them)."""
        return tuple(sorted(set(self.roster)))

    def others(self, seat: int, *but: str) -> tuple[str, ...]:
        return tuple(f"p{s}" for s in range(self.players) if s != seat and f"p{s}" not in but)

    def center_cards(self) -> tuple[str, ...]:
        return tuple(f"c{i}" for i in range(self.center))


@frozen
class Question:
    """One question of the form: ``key`` (``look``, ``seen``, ``rob``, ``became``, ``first``, ``second``,
    ``take``, ``woke``, ``copy``, ``partner``), its ``options`` (positions: ``p3``; a pair of center cards:
    ``c0 c1``; or role ids), the position a ``seen`` question is ``about``, and whether ``NOTHING_MORE``
    may answer it (``optional``: a story's first question)."""

    key: str
    options: tuple[str, ...]
    about: str | None = None
    optional: bool = False

    @property
    def of_roles(self) -> bool:
        return self.key in ("seen", "became", "woke")


# The roles with a story, by the claim model's shapes (``claims.claim_message``).
STORY_ROLES = ("seer", "robber", "troublemaker", "drunk", "insomniac", "doppelganger", "mason")


def next_question(table: ClaimTable, seat: int, role: str, answers: Sequence[str]) -> Question | None:
    """The next question of seat ``seat``'s claim of ``role`` after ``answers`` (None: the claim is whole).
    Raises ValueError for answers the form would not have offered."""
    given = list(answers)
    question = _question(table, seat, role, ())
    done: list[str] = []
    while given:
        if question is None:
            raise ValueError("claim_answer_extra")
        answer = given.pop(0)
        if answer not in question.options and not (question.optional and answer == NOTHING_MORE):
            raise ValueError("claim_answer_illegal")
        done.append(answer)
        question = _question(table, seat, role, tuple(done))
    return question


def _question(table: ClaimTable, seat: int, role: str, done: tuple[str, ...]) -> Question | None:
    if done and done[0] == NOTHING_MORE:
        return None
    roles = table.roles
    step = len(done)
    if role == "seer":
        if step == 0:
            pairs = tuple(" ".join(pair) for pair in combinations(table.center_cards(), 2))
            return Question("look", table.others(seat) + pairs, optional=True)
        looked = done[0].split()
        if step <= len(looked):
            return Question("seen", roles, about=looked[step - 1])
        return None
    if role in ("robber", "doppelganger"):
        if step == 0:
            return Question("rob" if role == "robber" else "copy", table.others(seat), optional=True)
        if step == 1:
            return Question("became", roles if role == "robber" else tuple(r for r in roles if r != role))
        return None
    if role == "troublemaker":
        if step == 0:
            return Question("first", table.others(seat), optional=True)
        if step == 1:
            return Question("second", table.others(seat, done[0]))
        return None
    if role == "drunk":
        return Question("take", table.center_cards(), optional=True) if step == 0 and table.center else None
    if role == "insomniac":
        return Question("woke", roles, optional=True) if step == 0 else None
    if role == "mason":
        return Question("partner", table.others(seat), optional=True) if step == 0 else None
    return None


def _by_seat(pos: str) -> int:
    return int(pos[1:])


def claim_from(table: ClaimTable, seat: int, role: str, answers: Sequence[str]) -> Claim:
    """The claim a whole form makes. Raises ValueError when the role is not in play, the answers are not
    the form's, or the form is not whole."""
    if not 0 <= seat < table.players or role not in table.roster:
        raise ValueError("claim_role_not_in_play")
    if next_question(table, seat, role, answers) is not None:
        raise ValueError("claim_not_whole")
    return _build(seat, role, answers)


def _build(seat: int, role: str, answers: Sequence[str]) -> Claim:
    own = f"p{seat}"
    if not answers or answers[0] == NOTHING_MORE:
        return Claim(seat, role)
    first = answers[0]
    if role == "seer":
        looked = tuple(first.split())
        return Claim(seat, role, Action("look", looked), tuple(zip(looked, answers[1:])))
    if role == "robber":
        return Claim(seat, role, Action("swap", (own, first)), ((own, answers[1]),))
    if role == "doppelganger":
        return Claim(seat, role, Action("copy", (first,)), ((first, answers[1]),))
    if role == "troublemaker":
        return Claim(seat, role, Action("swap", tuple(sorted((first, answers[1]), key=_by_seat))))
    if role == "drunk":
        return Claim(seat, role, Action("take", (first,)))
    if role == "insomniac":
        return Claim(seat, role, None, ((own, first),))
    if role == "mason":
        return Claim(seat, role, None, ((first, "mason"),))
    return Claim(seat, role)  # (unreachable: other roles have no question)


def answers_of(claim: Claim) -> tuple[str, ...]:
    """The form's answers that make ``claim`` (the inverse of ``claim_from``; a screen highlights them
    when the table changes a claim). A silent claim: none."""
    role, action, seen = claim.role, claim.action, claim.seen
    if role is None:
        return ()
    if role == "seer" and action is not None:
        return (" ".join(action.targets), *(r for _, r in seen))
    if role in ("robber", "doppelganger") and action is not None:
        return (action.targets[-1], *(r for _, r in seen[:1]))
    if role == "troublemaker" and action is not None:
        return tuple(action.targets)
    if role == "drunk" and action is not None:
        return tuple(action.targets[:1])
    if role in ("insomniac", "mason") and seen:
        return ((seen[0][1] if role == "insomniac" else seen[0][0]),)
    return (NOTHING_MORE,) if role in STORY_ROLES else ()


def legal_claim(table: ClaimTable, claim: Claim) -> bool:
    """Whether the form could have made ``claim`` (a hand-edited save's claim that it could not is dropped)."""
    if claim.role is None:
        return False
    try:
        return claim_from(table, claim.seat, claim.role, answers_of(claim)) == claim
    except (ValueError, IndexError):
        return False


# -- changes of story ----------------------------------------------------------------------------------

def latest(claims: Iterable[Claim]) -> dict[int, Claim]:
    """Each seat's claim now: its last one."""
    now: dict[int, Claim] = {}
    for claim in claims:
        now[claim.seat] = claim
    return now


def changed_story(claims: Iterable[Claim]) -> frozenset[int]:
    """The seats that claimed more than one role (in the order entered)."""
    roles: dict[int, set[str | None]] = {}
    for claim in claims:
        roles.setdefault(claim.seat, set()).add(claim.role)
    return frozenset(seat for seat, said in roles.items() if len(said) > 1)


# -- the save's note -------------------------------------------------------------------------------------

def encode_claims(claims: Iterable[Claim]) -> str:
    """The claims as one plain string, in order: ``seat/role/answer/answer;...`` (the form's answers)."""
    return ";".join("/".join((str(c.seat), c.role or "", *answers_of(c))) for c in claims if c.role is not None)


def decode_claims(note: object) -> tuple[Claim, ...]:
    """The claims a save's note holds, in order (a save from before claims has none; an entry that does
    not read is dropped; whether the table could have entered each is ``TableBots.can_tell``'s check)."""
    if not isinstance(note, str) or not note:
        return ()
    out: list[Claim] = []
    for entry in note.split(";"):
        seat, _, rest = entry.partition("/")
        role, *answers = rest.split("/")
        if not seat.isdigit() or not role:
            continue
        try:
            out.append(_build(int(seat), role, answers))
        except (ValueError, IndexError):
            continue
    return tuple(out)


__all__ = ["NOTHING_MORE", "SAVE_KEY", "STORY_ROLES", "ClaimTable", "Question", "answers_of", "changed_story",
           "claim_from", "decode_claims", "encode_claims", "latest", "legal_claim", "next_question"]
