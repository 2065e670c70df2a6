"""Words for one table in one language: the engine's messages, positions, actions and observations.

Everything a player reads about the game goes through ``Wording``: it looks each message up in the
language's catalog (``catalog.py``) and fills the named parameters, worded by what their name says
(``onenight_core.model.messages``: ``seat`` a player's name, ``pos`` a card's place, ``role`` a role's name…).
Screens render prompts generically from their options (docs/engine.md, "Actions are the scenario
verbs"), so a new role's prompt reads sensibly with no screen code: each verb has one message, and an
unknown verb still reads as its name and targets.

Player names are text, never markup or terminal control: ``clean_name`` drops control characters and
escape sequences and folds line breaks, so a name can never break a line of the story."""

from __future__ import annotations

import re
import string
from functools import cached_property
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Iterable

from onenight_core.catalog.loader import Catalog, default_catalog
from onenight_core.catalog.rules import default_rules
from onenight_core.model.messages import Message
from onenight_core.model.values import Action, CardView, Learned, MarkView, Step
from onenight_core.play.answers import Offer, offered
from onenight_core.ruleset_ids import DEFAULT_RULESET
from onenight_core.rulesets import ruleset_for
from onenight_core.rulesets.onuw.artifacts import ArtifactView, artifact_info, is_token

from .catalog import FRENCH_ELISION, MessageCatalog, load
from .korean import particles

if TYPE_CHECKING:
    from onenight_core.engine.views import PublicView
    from onenight_core.model.values import Observation

_ESCAPE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])")

#: The teams a village card's goal is read against (the evil sides; docs/resolution.md Part 2.A).
EVIL_TEAMS = ("werewolf", "vampire", "alien", "villain")

#: Roles whose English name is a proper name, said without "the".
PROPER_NAMES = frozenset({"renfield", "cupid", "dr_peeker", "henchman_7", "nostradamus", "voodoo_lou", "windy_wendy",
                          "mirror_man", "self_awareness_girl", "ricochet_rhino"})


def clean_name(name: str) -> str:
    """A player's name as plain text on one line: escape sequences and control characters removed,
    line breaks and tabs read as one space."""
    name = _ESCAPE.sub("", str(name))
    out = []
    for ch in name:
        if ch in "\n\r\t\v\f\u2028\u2029\x85":
            out.append(" ")
        elif unicodedata.category(ch)[0] != "C":
            out.append(ch)
    return " ".join("".join(out).split()) or "?"


def pretty_id(value: str) -> str:
    """``mark_of_fear`` → ``Mark of Fear``: the last resort for an id no catalog names."""
    small = {"of", "the", "and", "a"}
    words = str(value).replace("-", "_").split("_")
    return " ".join(w if (i and w in small) else w[:1].upper() + w[1:] for i, w in enumerate(words))


_FRENCH_VOWELS = "AEIOUYHÀÂÉÈÊËÎÏÔÛÙaeiouyhàâéèêëîïôûù"


def french_article(name: str, article: str | None, spec: str) -> str:
    """A French role name with its article: ``{role:the}`` « la Voyante », « le Garde du corps »,
    « l'Ancien »; ``{role:de}`` « de la Voyante », « du Garde du corps », « de l'Ancien », « de Cupidon »;
    ``{role:a}`` « une Voyante », « un Villageois », « une Apprentie voyante ».
    The article is the role's (roles.toml ``article.fr``: ``la`` a feminine name, ``""`` a proper name),
    read from a name that starts with it (« Le Comte »), or guessed: « l' » before a vowel or a mute h,
    else « le ». An article « le »/« la » is elided before a vowel (« l'Apprentie voyante »); the
    indefinite takes its gender from it (« la » → « une », else « un »). A name that brings its own
    article names one character (« Le Comte », « La Chose »): ``{role:a}`` keeps it definite."""
    own_article = False
    for lead, own in (("Le ", "le"), ("La ", "la"), ("L'", "l'"), ("L’", "l'")):
        if name.startswith(lead):
            name, article, own_article = name[len(lead):], own, True
            break
    if spec == "a":
        if own_article:
            spec = "the"
        elif article == "":
            return name
        else:
            return ("une " if article == "la" else "un ") + name
    if article is None:
        article = "l'" if name[:1] in _FRENCH_VOWELS else "le"
    elif article in ("le", "la") and name[:1] in _FRENCH_VOWELS:
        article = "l'"
    if spec == "the":
        return name if not article else article + name if article == "l'" else f"{article} {name}"
    return {"": "de ", "le": "du ", "la": "de la ", "l'": "de l'"}.get(article, f"de {article} ") + name


class _Fill(string.Formatter):
    """Fills a template: each value is worded by its parameter's name, with the template's spec."""

    def __init__(self, words: Wording, params: dict[str, Any]) -> None:
        self.words = words
        self.params = params

    def get_value(self, key: int | str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> int | str:
        return key  # the name: format_field words the value by it

    def format_field(self, name: str, spec: str) -> str:
        return self.words.param(name, self.params.get(name), spec)


class Wording:
    """Phrases for one table in ``lang``, optionally from the point of view of seat ``me`` ("your card")."""

    def __init__(self, players: Iterable[str], catalog: Catalog | None = None, lang: str = "en",
                 me: int | None = None, deck: Iterable[str] = ()) -> None:
        self.players = tuple(clean_name(p) for p in players)
        self.catalog = catalog or default_catalog()
        self.lang = lang
        self.me = me
        # How many copies of each role the (public) deck holds: ``{role:a_or_the}`` reads it.
        self.copies = Counter(deck)
        self.rules = default_rules()  # names of teams, groups, engine steps and marks (rules.toml)

    # The messages are read on first use: a table that only names roles (the set-up's deck) never parses them.
    @cached_property
    def messages(self) -> MessageCatalog:
        return load(self.lang)

    @cached_property
    def fallback(self) -> MessageCatalog:
        return load("en")

    # -- messages --------------------------------------------------------------------------------
    def text(self, msg_id: str, **params: Any) -> str:
        """The message ``msg_id`` of the catalog, filled with ``params``."""
        template = self.messages.template(msg_id, params.get("count"))
        if template is None:
            template = self.fallback.template(msg_id, params.get("count"))
        if template is None:
            return " ".join([pretty_id(msg_id), *(self.param(k, v, "") for k, v in params.items())]).strip()
        words = _Fill(self, params).format(template)
        if self.lang == "ko":
            return particles(words)
        return FRENCH_ELISION.sub(r"\1'", words) if self.lang == "fr" else words

    def say(self, message: Message) -> str:
        """An engine message as a sentence (its first letter capitalised)."""
        return self._cap(self.text(message.id, **message.as_dict()))

    def phrase(self, message: Message) -> str:
        """An engine message as part of a sentence (as it is in the catalog)."""
        return self.text(message.id, **message.as_dict())

    def param(self, name: str, value: Any, spec: str = "") -> str:
        """One parameter worded by its name (``onenight_core.model.messages`` lists the names)."""
        if value is None:
            return self.text("unknown_card") if name.endswith("role") else ""
        if isinstance(value, Message):
            return self.phrase(value)
        if name == "parts":
            items = [self.phrase(m) if isinstance(m, Message) else str(m) for m in value]
            if spec == ";":
                return self.text("clause_separator").join(items)
            if spec == ",":
                return self.text("item_separator").join(items)
            return self.join(items)
        if name in ("seat", "by"):
            return self.seat(value)
        if name == "seats":
            return self.join(self.seat(s) for s in value)
        if name == "pos":
            return self.card(value) if spec == "card" else self.who(value) if spec == "who" else self.place(value)
        if name == "positions":
            if spec == "path":
                return " → ".join(self.place(p) for p in value)
            if spec == "cards":
                return self.cards(value)
            if spec == "whom":
                return self.whom(value)
            return self.names(value)
        if name == "role" or name.endswith("_role"):
            return self.role_as(value, spec)
        if name == "team" or name.endswith("_team"):
            return self.team_name(value)
        if name == "mark":
            return self.mark_short(value) if spec == "short" else self.mark_name(value)
        if name == "artifact":
            return self.artifact_name(value)
        if name == "step":
            return self.step_title(value)
        if name == "direction":
            return self.text(f"direction_{value}")
        if name == "label":
            return self.label(value)
        if name == "announcement":  # a public draw (event id, value), in the narrator's words
            from onenight_core.engine.narration import draw_text
            from onenight_core.model.kinds import PublicKind
            from onenight_core.model.values import PublicEvent
            owner, drawn = value
            said = draw_text(self.catalog, PublicEvent(PublicKind.DRAW, owner, (("value", drawn),)), self.lang)
            return said.rstrip(".。")  # the sentence around it ends it
        if name == "question":  # the Oracle's question, as the app asked it (roles.toml draw lines)
            oracle = self.catalog.get("oracle")
            line = oracle.line(f"draw.{value}", self.lang) if oracle is not None else None
            return line or pretty_id(str(value))
        if name == "values":
            return self.text("item_separator").join(pretty_id(v) for v in value)
        if name in ("verb", "value", "thing", "kind"):
            return pretty_id(value).lower()
        if name == "name":
            return clean_name(value)
        return str(value)

    def join(self, items: Iterable[str]) -> str:
        """``A``, ``A and B``, ``A, B and C`` in the language's words."""
        items = list(items)
        if not items:
            return self.text("nobody")
        if len(items) == 1:
            return items[0]
        head = self.text("item_separator").join(items[:-1])
        return self.text("list_last", rest=head, last=items[-1])

    # -- names -----------------------------------------------------------------------------------
    def role(self, role_id: str | None) -> str:
        if not role_id:
            return "?"
        info = self.catalog.get(role_id)
        return info.name(self.lang) if info is not None else pretty_id(role_id)

    def the_role(self, role_id: str | None) -> str:
        """``the Seer``; a name that brings its own article (``The Count``) keeps it, lower-case as any
        article inside a sentence (``the Count``: a sentence's first letter is capitalised where it starts
        one); a proper name (``Renfield``, ``Cupid``) stays as it is. Only English has articles here."""
        return self.role_as(role_id, "the")

    def role_as(self, role_id: str | None, spec: str) -> str:
        """A role's name with an English article or plural (``a``, ``the``, ``plural``), a French one
        (``a``, ``the``, ``de``); other languages say the name as it is. ``a_or_the`` is the article a
        speaker uses for a card of the table's deck: ``a`` when the deck holds several copies of the role
        (« a Villager », « a Werewolf »), else ``the`` (« the Seer »)."""
        name = self.role(role_id)
        if role_id is None:
            return self.text("unknown_card")
        if spec == "a_or_the":
            spec = "a" if self.copies[role_id] > 1 else "the"
        if self.lang == "fr" and spec in ("the", "de", "a") and role_id in self.catalog:
            return french_article(name, self.catalog[role_id].article("fr"), spec)
        if self.lang != "en" or not spec or role_id not in self.catalog:
            return name
        if spec == "plural":
            return name[:-1] + "ves" if name.endswith("wolf") else name + "s"
        if name.lower().startswith("the "):  # its own article, lower-case inside a sentence: "the Count"
            return "the " + name[4:] if spec in ("the", "a") else name
        if role_id in PROPER_NAMES:
            return name
        if spec == "a":
            return ("an " if name[0] in "AEIOU" else "a ") + name
        return f"the {name}"

    def team_name(self, key: str) -> str:
        """A team key as a name (``the werewolves``): rules.toml's names, in the language."""
        info = self.rules.team(key)
        return info.name(self.lang) if info is not None else pretty_id(key)

    def team(self, role_id: str) -> str:
        """The side a role's card plays for, short (``Werewolf team``)."""
        info = self.catalog.get(role_id)
        if info is None:
            return ""
        if info.team == "special":
            own = info.special_team or role_id
            return self.text("side_own", name=self.role(own) if own in self.catalog else self.team_name(own))
        msg = f"side_{info.team}"
        return self.text(msg) if msg in self.fallback else pretty_id(info.team)

    def goal(self, role_id: str, deck: Iterable[str] = (), ruleset: str = DEFAULT_RULESET) -> str:
        """When the card wins, in the game of ``deck`` (docs/resolution.md Part 2.A): a village card must
        kill whichever evil sides are in play — a werewolf, a vampire, or one of each of two sides.

        Under a ruleset that tells its battles (``Ruleset.tells_battle``: ``dalbula``)
        the battle is judged by the teams' representatives among the players at the
        end (S0 표 2), which no card in the deck tells: the text names both battles and never reads the
        deck, whose center a player must not learn from his own card."""
        info = self.catalog.get(role_id)
        if info is None:
            return ""
        if info.team == "special":
            return self.text("goal_special")
        if ruleset_for(ruleset).tells_battle:
            if info.team == "village_hero":
                return self.text("goal_dalbula_village")
            if info.team in EVIL_TEAMS:
                return self.text("goal_dalbula_evil", team=info.team)
            return ""
        sides = [t for t in EVIL_TEAMS if any((i := self.catalog.get(r)) is not None and i.team == t
                                               for r in deck)]
        if info.team == "village_hero":
            if not deck:
                return self.text("goal_village_any")
            if not sides:
                return self.text("goal_village_no_evil")
            if len(sides) == 1:
                return self.text("goal_village_one", team=sides[0])
            return self.text("goal_village_two", teams=self.join(self.team_name(t) for t in sides))
        if info.team in EVIL_TEAMS:
            others = [t for t in sides if t != info.team]
            if others:
                return self.text("goal_evil_battle", team=info.team,
                                 teams=self.join(self.team_name(t) for t in others))
            return self.text("goal_evil", team=info.team)
        return ""

    def mark_name(self, mark: str) -> str:
        info = self.rules.mark(mark)
        return info.name(self.lang) if info is not None else pretty_id(mark)

    def mark_effect(self, mark: str) -> str:
        info = self.rules.mark(mark)
        return info.effect(self.lang) if info is not None else ""

    def mark_short(self, mark: str) -> str:
        key = f"short_{mark}"
        return self.text(key) if key in self.fallback else self.mark_name(mark)

    def artifact_name(self, artifact: str) -> str:
        try:
            return artifact_info(artifact).name(self.lang)
        except KeyError:
            return pretty_id(artifact)

    def artifact_text(self, artifact: str) -> str:
        try:
            return artifact_info(artifact).text(self.lang)
        except KeyError:
            return ""

    def step_title(self, step: Step) -> str:
        if step.kind == "group":
            group = self.rules.group(step.id)
            return group.name(self.lang) if group is not None else self.role(step.role)
        if step.kind == "dg":
            return self.text("doppelganger_step", role=step.role)
        if step.kind == "engine":
            engine = self.rules.engine_step(step.id)
            return engine.name(self.lang) if engine is not None else pretty_id(step.id)
        return self.role(step.role)

    def label(self, label: str) -> str:
        key = f"what_{label}"
        return self.text(key) if key in self.fallback else pretty_id(label)

    def seat(self, seat: int) -> str:
        return self.players[seat] if 0 <= seat < len(self.players) else self.text("player_number", count=seat + 1)

    def _seat_of(self, pos: str) -> int | None:
        return int(pos[1:]) if pos.startswith("p") and pos[1:].isdigit() else None

    def _center_of(self, pos: str) -> int | None:
        return int(pos[1:]) + 1 if pos.startswith("c") and pos[1:].isdigit() else None

    def place(self, pos: str) -> str:
        """A position as a short label: a player's name, or ``center card 2``."""
        seat = self._seat_of(pos)
        if seat is not None:
            return self.seat(seat)
        center = self._center_of(pos)
        if center is not None:
            return self.text("center_card", count=center)
        return pos

    def card(self, pos: str) -> str:
        """A position as a card: ``your card``, ``Bo's card``, ``center card 2``."""
        seat = self._seat_of(pos)
        if seat is not None:
            return self.text("your_card") if seat == self.me else self.text("players_card", seat=seat)
        return self.place(pos)

    def who(self, pos: str) -> str:
        if self._seat_of(pos) == self.me and self.me is not None:
            return self.text("you")
        return self.place(pos)

    def names(self, positions: Iterable[str]) -> str:
        return self.join(self.who(p) for p in positions)

    def cards(self, positions: Iterable[str]) -> str:
        positions = list(positions)
        if len(positions) > 1 and all(self._center_of(p) for p in positions):
            numbers = self.join(str(self._center_of(p)) for p in positions)
            return self.text("center_cards", numbers=numbers)
        if not positions:
            return self.text("nothing")
        return self.join(self.card(p) for p in positions)

    # -- actions ---------------------------------------------------------------------------------
    def _is_me(self, pos: str) -> bool:
        return self.me is not None and pos == f"p{self.me}"

    def whom(self, positions: Iterable[str]) -> str:
        """Like ``names``, but as the object of a verb: ``yourself`` rather than ``you``."""
        positions = list(positions)
        if len(positions) == 1 and self._is_me(positions[0]):
            return self.text("yourself")
        return self.names(positions)

    def action(self, action: Action, role: str | None = None, stage: str = "") -> str:
        """The option as a choice: ``Look at Bo's card``, ``Swap Ann's card and Bo's card``: its verb's
        ``offer`` in the one table of verbs (``onenight_core.play.answers.VERBS``), worded here.

        ``role`` is the acting role of the prompt (and ``stage`` its stage), for the answers that read
        better knowing it."""
        own = f"p{self.me}" if self.me is not None else ""
        said = offered(action, Offer(role, own, stage))
        if said is not None:
            return self.phrase(said)
        words = [pretty_id(action.verb)]
        if action.targets:
            words.append(self.cards(action.targets))
        if action.value:
            words.append(f"({pretty_id(action.value)})")
        return " ".join(words)

    # -- observations ----------------------------------------------------------------------------
    def observation(self, obs: Observation) -> str:
        """What a seat saw or learned, as one sentence."""
        t = self.text
        if isinstance(obs, CardView):
            if self._is_me(obs.pos):
                return t("seen_own_card", role=obs.role)
            return self._cap(t("seen_card", pos=obs.pos, role=obs.role))
        if isinstance(obs, MarkView):
            effect = self.mark_effect(obs.mark)
            if self._is_me(obs.pos):
                return t("seen_own_mark_effect" if effect else "seen_own_mark", mark=obs.mark, effect=effect)
            return self._cap(t("seen_mark_effect" if effect else "seen_mark", pos=obs.pos, mark=obs.mark,
                               effect=effect))
        if isinstance(obs, ArtifactView):
            text = self.artifact_text(obs.artifact)
            token = is_token(obs.artifact)  # Dalbula's Curator gives tokens (토큰), not artifacts
            if self._is_me(obs.pos):
                return t("seen_own_token" if token else "seen_own_artifact", artifact=obs.artifact, effect=text)
            return t("seen_token" if token else "seen_artifact", pos=obs.pos, artifact=obs.artifact, effect=text)
        if isinstance(obs, Learned):
            label = self.learned_label(obs)
            if obs.as_ == "thing":
                return self._cap(t("learned_thing_tapped", whom=self.names(obs.who)))
            if obs.as_ == "empath_pointing":  # who = (the respondent, whom they pointed at)
                return t("empath_saw_pointing", seat=int(obs.who[0][1:]), pos=obs.who[1])
            if obs.as_ == "nonsense":  # the Mad Scientist's line: one phrase id per pool (roles.toml words)
                from onenight_core.engine.narration import draw_text
                from onenight_core.model.kinds import PublicKind
                from onenight_core.model.values import PublicEvent
                line = draw_text(self.catalog, PublicEvent(PublicKind.DRAW, "mad_scientist",
                                                           (("value", ",".join(obs.who)),)), self.lang)
                return t("nonsense_heard", line=line)
            if f"says_{obs.as_}" in self.fallback:  # a sentence of its own (a tap felt, a tapper)
                return self._cap(t(f"says_{obs.as_}", whom=self.names(obs.who)))
            if obs.as_.endswith("_card") and not obs.who:  # the Oracle's card switched team
                return t("your_card_now_team", team=self.team_name(obs.as_.removesuffix("_card")))
            if not obs.who:
                if obs.as_ in self.catalog:
                    return t("learned_none_role", role=obs.as_)
                if obs.as_.startswith("mark_of"):
                    return t("learned_none_mark", mark=obs.as_)
                return self._cap(t("learned_none_label", what=label))
            return self._cap(t("learned_list", what=label, whom=self.names(obs.who)))
        return pretty_id(type(obs).__name__)

    def _cap(self, text: str) -> str:
        """``text`` as a sentence, its first letter capitalised — unless it starts with a player's name,
        which is shown exactly as typed ("qAnn", "de Vries")."""
        if any(name and text.startswith(name) for name in self.players):
            return text
        return text[:1].upper() + text[1:]

    def learned_label(self, obs: Learned) -> str:
        """What the players of a ``Learned`` are: a role, a mark's holders, or a special label."""
        return self._learned(obs)[0]

    def learned_note(self, obs: Learned) -> str:
        """The same, short enough for a box of the table picture."""
        return self._learned(obs)[1]

    def _learned(self, obs: Learned) -> tuple[str, str]:
        t = self.text
        if obs.as_ == "seer" and "beholder" in obs.step:
            return t("label_beholder_seer"), t("note_beholder_seer")
        if f"label_{obs.as_}" in self.fallback:
            return t(f"label_{obs.as_}"), t(f"note_{obs.as_}")
        if self.rules.mark(obs.as_) is not None:
            return t("label_mark_holders", mark=obs.as_), t("note_mark", mark=obs.as_)
        role = self.role(obs.as_)
        return role, role

    def marks_in(self, observations: Iterable[Observation] = (), actions: Iterable[Action] = ()) -> list[str]:
        """The marks an observation or an answer names, in order, once each (to explain their effects)."""
        found: list[str] = []
        for obs in observations:
            mark = obs.mark if isinstance(obs, MarkView) else obs.as_ if isinstance(obs, Learned) else None
            if mark and mark.startswith("mark_of") and mark not in found:
                found.append(mark)
        for action in actions:
            if action.verb == "mark" and action.value and action.value not in found:
                found.append(action.value)
        return found

    def mark_line(self, mark: str) -> str:
        """``Mark of Love — for its holder: if your lover dies…``: a mark explained."""
        return self.text("mark_explained", mark=mark, effect=self.mark_effect(mark))

    def note(self, obs: Observation) -> str | None:
        """What an observation writes under its position on the table picture."""
        if isinstance(obs, CardView):
            return self.role(obs.role)
        if isinstance(obs, MarkView):
            return self.text("note_mark", mark=obs.mark)
        if isinstance(obs, ArtifactView):
            return self.artifact_name(obs.artifact)
        if isinstance(obs, Learned):
            if obs.as_ == "empath_pointing":  # written under the respondent: whom they pointed at
                return self.text("note_points_at", whom=self.names(obs.who[1:]))
            return None if obs.as_ == "nonsense" else self.learned_note(obs)  # a line, nobody's place
        return None

    def table_notes(self, public: PublicView) -> dict[str, str]:
        """The public facts of the table (``PublicView``): face-up cards, shields, face-down artifacts, one
        line each under the position (Dalbula's Curator gives tokens, 토큰, not artifacts)."""
        tokens = ruleset_for(getattr(public, "ruleset", DEFAULT_RULESET)).tokens
        notes: dict[str, list[str]] = {}
        for pos, role in public.face_up:
            notes.setdefault(pos, []).append(self.role(role))
        for pos in public.shields:
            notes.setdefault(pos, []).append(self.text("note_shield"))
        for pos in public.artifacts:
            notes.setdefault(pos, []).append(self.text("note_token" if tokens else "note_artifact"))
        return {pos: "\n".join(parts) for pos, parts in notes.items()}


__all__ = ["PROPER_NAMES", "Wording", "clean_name", "pretty_id"]
