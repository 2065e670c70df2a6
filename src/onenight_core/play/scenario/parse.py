"""Reading a One Night case of a scenario file (the player has read the file, the case's id and ruleset:
read.py): the TOML checked key by key and turned into a ``ScenarioCase``.

A case that is not well formed (a value of the wrong type) raises ``ScenarioError`` with one line naming
the file, the case and the key, before anything of the file is played: a typo must not become a case that
quietly tests something else. An unknown key (``[[case.night]]`` in a One Night case, a typo of a key, a
key the ``draws`` table of docs/scenarios.md does not have) makes only its case an error case
(docs/scenarios.md): the case is not played, it reports the key, and the file's other cases still run."""

from __future__ import annotations

from typing import Any

from ...ruleset_ids import DEFAULT_RULESET
from ...catalog.rules import default_rules
from ...model.messages import say
from ...model.scenario import UnknownKey, Where
from ...rulesets import RULESETS
from ...model.values import PASS, Action
from ...model.state import CLARITY
from .case import ANNOTATIONS, DawnSeat, ScenarioCase, ScenarioStep, VoteEntry
from .expect import EXPECT_KEYS, EXPECT_SHAPES, normalize, toml_text
from .pins import PinError, parse_pins
from .verbs import verb_action

CASE_KEYS = frozenset({"id", "rule", "source", "ruleset", "seed", "deal", "center", "dawn", "votes",
                       "draws", "step", "expect"}) | ANNOTATIONS
STEP_KEYS = frozenset({"seat", "role", "copier", "do", "illegal", "blocked"}) | ANNOTATIONS
DAWN_KEYS = frozenset({"card", "copied", "mark", "couple", "artifact"}) | ANNOTATIONS
VOTE_KEYS = frozenset({"mode", "dead", "winners"})
COPIERS = ("doppelganger", "copycat", "mirror_man")
BLOCKERS = ("shield", "mark_of_fear")
# verbs of one ruleset only (docs/scenarios.md): under another ruleset a step using one is an error
# the verbs and draws only a ruleset whose Curator lays tokens has (``Ruleset.tokens``: Dalbula's)
TOKEN_VERBS = frozenset({"token"})
TOKEN_DRAWS = frozenset({"curator"})


def _token_only(ruleset: str) -> str | None:
    """None when ``ruleset`` has tokens, else the ruleset that has them (named in the error line)."""
    known = RULESETS.get(ruleset)
    if known is not None and known.tokens:
        return None
    return next((r.id for r in RULESETS.values() if r.tokens), None)
MARKS = default_rules().mark_ids


def _error_case(raw: dict[str, Any], file: str, reason: str) -> ScenarioCase:
    """The case that could not be read, with what is needed to tell "not playable yet" from an error:
    its ruleset and its cards, when those at least are well formed."""
    def roles(key: str) -> tuple[str, ...]:
        value = raw.get(key)
        return tuple(value) if isinstance(value, list) and all(isinstance(v, str) and v for v in value) else ()

    ruleset = raw.get("ruleset", DEFAULT_RULESET)
    return ScenarioCase(id=raw["id"], file=file, rule=raw["rule"] if isinstance(raw.get("rule"), str) else "",
                        ruleset=ruleset if isinstance(ruleset, str) and ruleset in RULESETS else DEFAULT_RULESET,
                        deal=roles("deal"), center=roles("center"), error=reason)


def read_case(raw: dict[str, Any], where: Where) -> ScenarioCase:
    """A One Night case (its id and ruleset checked by the player: read.py); a key this version does not
    know makes it an error case, played as that error (docs/scenarios.md)."""
    try:
        return _parse_case(raw, where)
    except UnknownKey as exc:  # that case's error, not the whole file's (docs/scenarios.md)
        return _error_case(raw, where.file, exc.reason)


def _parse_case(raw: dict[str, Any], where: Where) -> ScenarioCase:
    case_id: str = raw["id"]
    file = where.file
    _no_unknown_keys(raw, CASE_KEYS, where, "")
    for key in ("rule", "source"):
        if key in raw and not isinstance(raw[key], str):
            raise where.error(say("scen_string", key=repr(key)))
    ruleset: str = raw.get("ruleset", DEFAULT_RULESET)
    # a known ruleset that is not playable yet is a skipped case when played (play.CaseSkipped)
    seed = raw.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise where.error(say("scen_integer_got", key="'seed'",
                                                                             given=repr(seed)))
    _annotations(raw, where, "")

    if "dawn" in raw:
        for key in ("deal", "center", "step"):
            if key in raw:
                raise where.error(say("scen_not_with_dawn", key=repr(key)))
        dawn = _parse_dawn(raw["dawn"], where)
        deal: tuple[str, ...] = ()
        center: tuple[str, ...] = ()
        steps: tuple[ScenarioStep, ...] = ()
        players = len(dawn)
    else:
        if "deal" not in raw or "center" not in raw:
            raise where.error(say("scen_needs_deal"))
        deal = _role_list(raw["deal"], where, "deal")
        center = _role_list(raw["center"], where, "center")
        dawn = ()
        players = len(deal)
        steps = _parse_steps(raw.get("step", []), where, players)
        _ruleset_verbs(steps, ruleset, where)
    if players < 3:
        raise where.error(say("scen_few_players", given=players))
    votes = _parse_votes(raw["votes"], where, players) if "votes" in raw else None
    draws = _parse_draws(raw["draws"], where, players, ruleset) if "draws" in raw else ()
    expect = _parse_expect(raw.get("expect", {}), where, players)
    if votes is None:
        needs = sorted(VOTE_KEYS & {k for k, _ in expect})
        if needs:
            raise where.error(say("scen_needs_votes", key=f"expect.{needs[0]}"))
    return ScenarioCase(
        id=case_id, file=file, rule=raw.get("rule", ""), source=raw.get("source", ""), ruleset=ruleset,
        seed=seed, deal=deal, center=center, dawn=dawn, votes=votes, draws=draws, steps=steps, expect=expect,
    )


def _no_unknown_keys(table: dict[str, Any], allowed: frozenset[str], where: Where, inside: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        known = ", ".join(sorted(allowed - ANNOTATIONS))
        listed = f"{known}; notes, ambiguous"  # the annotations: allowed everywhere
        detail = (say("scen_unknown_key_in", given=repr(unknown[0]), inside=inside, known=listed) if inside
                  else say("scen_unknown_key", given=repr(unknown[0]), known=listed))
        raise where.unknown(detail)


def _annotations(table: dict[str, Any], where: Where, prefix: str) -> None:
    if "notes" in table and not isinstance(table["notes"], str):
        raise where.error(say("scen_string", key=repr(f"{prefix}notes")))
    if "ambiguous" in table and not isinstance(table["ambiguous"], bool):
        raise where.error(say("scen_bool", key=repr(f"{prefix}ambiguous")))


def _role_list(value: Any, where: Where, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise where.error(say("scen_role_list", key=repr(key)))
    return tuple(value)


def _parse_dawn(value: Any, where: Where) -> tuple[DawnSeat, ...]:
    if not isinstance(value, list) or not value:
        raise where.error(say("scen_dawn_list"))
    seats = []
    for i, entry in enumerate(value):
        if isinstance(entry, str) and entry:
            seats.append(DawnSeat(entry))
            continue
        if not isinstance(entry, dict):
            raise where.error(say("scen_dawn_entry", key=repr(f"dawn[{i}]")))
        _no_unknown_keys(entry, DAWN_KEYS, where, f"dawn[{i}]")
        _annotations(entry, where, f"dawn[{i}].")
        card = entry.get("card")
        if not isinstance(card, str) or not card:
            raise where.error(say("scen_dawn_card", key=repr(f"dawn[{i}]")))
        for key in ("copied", "artifact"):
            if key in entry and not (isinstance(entry[key], str) and entry[key]):
                raise where.error(say("scen_string", key=repr(f"dawn[{i}].{key}")))
        mark = entry.get("mark", CLARITY)
        if mark not in MARKS:
            raise where.error(say("scen_one_of", key=repr(f"dawn[{i}].mark"), choices=", ".join(MARKS),
                                  given=repr(mark)))
        couple = entry.get("couple")
        if couple is not None and (not isinstance(couple, int) or isinstance(couple, bool)):
            raise where.error(say("scen_integer", key=repr(f"dawn[{i}].couple")))
        if couple is not None and mark != "mark_of_love":
            raise where.error(say("scen_couple_needs_love", key=repr(f"dawn[{i}].couple")))
        seats.append(DawnSeat(card, entry.get("copied"), mark, couple, entry.get("artifact")))
    return tuple(seats)


def _parse_steps(value: Any, where: Where, players: int) -> tuple[ScenarioStep, ...]:
    if not isinstance(value, list):
        raise where.error(say("scen_step_tables"))
    steps = []
    for index, raw in enumerate(value):
        label = f"step {index}"
        if not isinstance(raw, dict):
            raise where.error(say("scen_step_not_table", index=index))
        _no_unknown_keys(raw, STEP_KEYS, where, label)
        _annotations(raw, where, f"{label}: ")
        seat = raw.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise where.error(say("scen_step_seat", index=index, last=players - 1, given=repr(seat)))
        role = raw.get("role")
        if not isinstance(role, str) or not role:
            raise where.error(say("scen_step_role", index=index))
        copier = raw.get("copier")
        if copier is not None and copier not in COPIERS:
            raise where.error(say("scen_step_detail", index=index, detail=say(
                                  "scen_one_of", key="'copier'", choices=", ".join(COPIERS), given=repr(copier))))
        illegal = raw.get("illegal", False)
        if not isinstance(illegal, bool):
            raise where.error(say("scen_step_detail", index=index, detail=say("scen_bool", key="'illegal'")))
        blocked = raw.get("blocked")
        if blocked is not None and blocked not in BLOCKERS:
            raise where.error(say("scen_step_detail", index=index, detail=say(
                                  "scen_one_of", key="'blocked'", choices=", ".join(BLOCKERS), given=repr(blocked))))
        if blocked and illegal:
            raise where.error(say("scen_step_blocked_illegal", index=index))
        if "do" not in raw:
            raise where.error(say("scen_step_needs_do", index=index))
        actions = _parse_do(raw["do"], where, label, index)
        if blocked and actions != (PASS,):
            raise where.error(say("scen_step_blocked_do", index=index))
        steps.append(ScenarioStep(index, seat, role, actions, copier, illegal, blocked))
    return tuple(steps)


def _parse_do(value: Any, where: Where, label: str, index: int) -> tuple[Action, ...]:
    if not isinstance(value, list) or not value:
        raise where.error(say("scen_step_do_list", index=index))
    actions = []
    for entry in value:
        if not isinstance(entry, dict) or len(entry) != 1:
            raise where.error(say("scen_step_do_entry", index=index))
        (verb, arg), = entry.items()
        actions.append(verb_action(verb, arg, lambda said: where.error(
            say("scen_step_detail", index=index, detail=said))))
    return tuple(actions)


def _parse_draws(value: Any, where: Where, players: int, ruleset: str) -> tuple[tuple[str, Any], ...]:
    """The ``draws`` table (docs/scenarios.md), checked key by key: an unknown key is an error, never a
    pin that quietly pins nothing."""
    try:
        pins = parse_pins(value, players)
    except PinError as exc:  # a key this version does not know: that case's error (like any unknown key)
        raise (where.unknown(exc.said) if exc.unknown else where.error(exc.said)) from None
    for key, _value in pins:
        only = _token_only(ruleset) if key in TOKEN_DRAWS else None
        if only is not None:
            raise where.error(say("scen_draw_ruleset", key=f"draws.{key}", only=only, ruleset=ruleset))
    return pins


def _ruleset_verbs(steps: tuple[ScenarioStep, ...], ruleset: str, where: Where) -> None:
    for step in steps:
        for action in step.actions:
            only = _token_only(ruleset) if action.verb in TOKEN_VERBS else None
            if only is not None:
                raise where.error(say("scen_step_detail", index=step.index, detail=say(
                                      "scen_verb_ruleset", word=repr(action.verb), only=only, ruleset=ruleset)))


def _parse_votes(value: Any, where: Where, players: int) -> tuple[VoteEntry, ...]:
    if not isinstance(value, list) or len(value) != players:
        raise where.error(say("scen_votes_list", players=players, given=toml_text(value)))
    votes: list[VoteEntry] = []
    for seat, vote in enumerate(value):
        ballots = vote if isinstance(vote, list) else [vote]
        if not ballots or isinstance(vote, list) and len(vote) != 2:
            raise where.error(say("scen_votes_two", key=repr(f"votes[{seat}]"), given=toml_text(vote)))
        for b in ballots:
            if isinstance(b, bool) or not (isinstance(b, int) or b == "dealer"):
                raise where.error(say("scen_votes_ballot", key=repr(f"votes[{seat}]"), given=repr(b)))
        votes.append(tuple(ballots) if isinstance(vote, list) else vote)
    return tuple(votes)


def _parse_expect(value: Any, where: Where, players: int) -> tuple[tuple[str, Any], ...]:
    if not isinstance(value, dict):
        raise where.error(say("scen_expect_table"))
    _no_unknown_keys(value, frozenset(EXPECT_KEYS) | ANNOTATIONS, where, "expect")
    _annotations(value, where, "expect.")
    items = []
    for key in EXPECT_KEYS:
        if key in value:
            try:
                items.append((key, normalize(key, value[key])))
            except (TypeError, ValueError, KeyError, AttributeError):
                raise where.error(
                    say("scen_expect_malformed", key=f"expect.{key}", given=toml_text(value[key]),
                        shape=EXPECT_SHAPES[key])) from None
    return tuple(items)
