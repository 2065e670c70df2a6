"""The classic game's words for one table: every sentence from the text layer's ``[classic_*]`` tables
(docs/text.md), the classic role names from ``classic.toml``, player names as the players typed them.

Positions (``p3``, ``c0``) and role ids are worded here before they reach a template, under parameter
names the generic ``Wording`` passes through as they are (``player``, ``target``, ``card_name``...): the
One Night role catalog never words a classic card."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from onenight_core.model.messages import Message
from onenight_core.model.values import Action, CardView, Learned, Observation, Prompt
from onenight_core.rulesets.classic.catalog import classic_catalog
from onenight_core.rulesets.classic.events import EVENT_CARDS

from .words import Wording

if TYPE_CHECKING:
    from onenight_core.rulesets.classic.story import StoryLine

#: The task each prompt step sets (ids literal: the catalog check reads them in the code).
TASKS = {
    "thief": "classic_task_thief", "cupid": "classic_task_cupid", "seer": "classic_task_seer",
    "defender": "classic_task_defender", "werewolf": "classic_task_werewolf",
    "little_girl": "classic_task_little_girl", "witch": "classic_task_witch_save", "piper": "classic_task_piper",
    "hunter": "classic_task_hunter", "sheriff": "classic_task_sheriff", "tie_break": "classic_task_tie_break",
    "scapegoat": "classic_task_scapegoat", "election": "classic_task_election", "vote": "classic_task_vote",
    "friends": "classic_task_friends", "punish": "classic_task_punish", "vouch": "classic_task_vouch",
    "ally": "classic_task_ally", "specter": "classic_task_specter", "full_moon": "classic_task_full_moon",
    "executioner": "classic_task_executioner", "executioner_election": "classic_task_executioner_election",
}
ACTIONS = {
    "take": "classic_act_take", "pass": "classic_act_pass", "lovers": "classic_act_lovers",
    "look": "classic_act_look", "protect": "classic_act_protect", "spy": "classic_act_spy",
    "kill": "classic_act_kill", "save": "classic_act_save", "poison": "classic_act_poison",
    "charm": "classic_act_charm", "shoot": "classic_act_shoot", "successor": "classic_act_successor",
    "elect": "classic_act_elect", "vote": "classic_act_vote", "abstain": "classic_act_abstain",
    "decide": "classic_act_decide", "voters": "classic_act_voters", "done": "classic_act_done",
    "ally": "classic_act_ally", "friend": "classic_act_friend",
    "punish": "classic_act_punish", "vouch": "classic_act_vouch", "specter": "classic_act_specter",
}
CALLS = {
    "thief": "classic_call_thief", "cupid": "classic_call_cupid", "lovers": "classic_call_lovers",
    "seer": "classic_call_seer", "defender": "classic_call_defender", "werewolf": "classic_call_werewolf",
    "witch": "classic_call_witch", "piper": "classic_call_piper", "charmed": "classic_call_charmed",
    "ally": "classic_call_ally", "specter": "classic_call_specter", "full_moon": "classic_call_full_moon",
}
SIDES = {"werewolves": "classic_side_werewolves", "villagers": "classic_side_villagers",
         "piper": "classic_side_piper", "lovers": "classic_side_lovers", "none": "classic_side_none"}
REASONS = {
    "no_werewolves_left": "classic_reason_no_werewolves_left", "no_villagers_left": "classic_reason_no_villagers_left",
    "parity": "classic_reason_parity", "all_charmed": "classic_reason_all_charmed",
    "mixed_couple_alone": "classic_reason_mixed_couple_alone", "nobody_alive": "classic_reason_nobody_alive",
    "round_limit": "classic_reason_round_limit",
}
CAUSES = {"werewolves": "classic_cause_werewolves", "poison": "classic_cause_poison", "grief": "classic_cause_grief",
          "hunter": "classic_cause_hunter", "vote": "classic_cause_vote", "elder": "classic_cause_elder",
          "backfire": "classic_cause_backfire", "punishment": "classic_cause_punishment"}
STORY = {
    "deal": "classic_story_deal", "thief_took": "classic_story_thief_took", "thief_kept": "classic_story_thief_kept",
    "lovers": "classic_story_lovers", "seer_look": "classic_story_seer_look",
    "defender_protects": "classic_story_defender_protects", "girl_spies": "classic_story_girl_spies",
    "girl_caught": "classic_story_girl_caught", "pack_vote": "classic_story_pack_vote",
    "pack_victim": "classic_story_pack_victim", "pack_drawn": "classic_story_pack_drawn",
    "pack_tie": "classic_story_pack_tie", "witch_save": "classic_story_witch_save",
    "witch_poison": "classic_story_witch_poison", "piper_charms": "classic_story_piper_charms",
    "protected": "classic_story_protected", "saved": "classic_story_saved",
    "sheriff_elected": "classic_story_sheriff_elected", "elder_life": "classic_story_elder_life",
    "death": "classic_story_death", "hunter_shot": "classic_story_hunter_shot",
    "elder_revenge": "classic_story_elder_revenge", "charms_end": "classic_story_charms_end",
    "successor": "classic_story_successor", "elect": "classic_story_elect", "vote": "classic_story_vote",
    "friend": "classic_story_friend", "punish": "classic_story_punish", "vouch": "classic_story_vouch",
    "spared": "classic_story_spared",
    "tie_break": "classic_story_tie_break", "scapegoat_voters": "classic_story_scapegoat_voters",
    "eliminated": "classic_story_eliminated", "idiot_revealed": "classic_story_idiot_revealed",
    "no_elimination": "classic_story_no_elimination", "over": "classic_story_over",
    "event_revealed": "classic_story_event_revealed", "ally_named": "classic_story_ally_named",
    "miracle": "classic_story_miracle", "timeout_drawn": "classic_story_timeout_drawn",
    "backfire_converted": "classic_story_backfire_converted", "backfire_rebound": "classic_story_backfire_rebound",
    "accuse": "classic_story_accuse", "executioner_elected": "classic_story_executioner_elected",
    "elect_executioner": "classic_story_elect_executioner",
    "executioner_successor": "classic_story_executioner_successor", "specter": "classic_story_specter",
    "moon_look": "classic_story_moon_look", "moon_vote": "classic_story_moon_vote",
    "moon_victim": "classic_story_moon_victim", "moon_drawn": "classic_story_moon_drawn",
}
#: Event cards (the New Moon cards on file): each one's name and what it does, as the table is told.
EVENTS = {card: (f"classic_event_name_{card}", f"classic_event_text_{card}") for card in EVENT_CARDS}
KNOWN = {"lover": "classic_know_lover", "werewolf": "classic_know_werewolf",
         "not_werewolf": "classic_know_not_werewolf", "little_girl": "classic_know_little_girl",
         "charmed": "classic_know_charmed", "werewolf_ally": "classic_know_werewolf_ally",
         "full_moon_pack": "classic_know_full_moon_pack"}
#: The Witch's notes under her task (``protocol.witch_note``): what follows her save prompt, or why her poison
#: prompt came without one.
WITCH_NOTES = {
    "poison_next": "classic_witch_note_poison_next", "poison_if_pass": "classic_witch_note_poison_if_pass",
    "death_used": "classic_witch_note_death_used", "life_used": "classic_witch_note_life_used",
    "no_victim": "classic_witch_note_no_victim", "no_self_save": "classic_witch_note_no_self_save",
    "girl_unsavable": "classic_witch_note_girl_unsavable",
}
#: Group steps called by a name that is not one role's.
GROUPS = {"lovers": "classic_step_lovers", "charmed": "classic_step_charmed", "werewolf": "classic_step_werewolf",
          "ally": "classic_step_ally", "specter": "classic_step_specter", "full_moon": "classic_step_full_moon"}


def keys_hint(w: ClassicWords, keys: Iterable[tuple[str, str]]) -> str:
    """A panel's hint naming keys (``keys``: the key as shown, the words of its footer label):
    ``N: Play again · S: New set-up``. Built from the footer's own labels, so the two cannot drift."""
    return w.text("classic_keys_separator").join(
        w.text("classic_key_named", key=k, key_label=label) for k, label in keys)


class ClassicWords:
    """Sentences for one classic table in ``lang``."""

    def __init__(self, players: Iterable[str], lang: str = "en") -> None:
        self.base = Wording(players, lang=lang)
        self.players = self.base.players
        self.lang = lang
        self.catalog = classic_catalog()

    def text(self, msg_id: str, **params: object) -> str:
        return self.base.text(msg_id, **params)

    # -- things ------------------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.players[seat] if 0 <= seat < len(self.players) else "?"

    def names(self, seats: Iterable[int]) -> str:
        return self.base.join(self.name(s) for s in seats)

    def card(self, role: str) -> str:
        """A classic card's name in the language (its English name when none is on file)."""
        if role == "sheriff":
            names = dict(self.catalog.sheriff_names)
            return names.get(self.lang) or names.get("en", "Sheriff")
        return self.catalog.role(role).name(self.lang) if role in self.catalog else role

    def know_card(self, seen: str) -> str:
        """What the Seer saw, as the table may be told it: a card's name, or "not a werewolf"."""
        return self.text("classic_seen_not_werewolf") if seen == "not_werewolf" else self.card(seen)

    def role_text(self, role: str) -> str:
        texts = dict(self.catalog.role(role).text) if role in self.catalog else {}
        return texts.get(self.lang) or texts.get("en", "")

    def who(self, pos: str) -> str:
        """``p3`` → the player's name; ``c0`` → middle card 1."""
        if pos.startswith("c"):
            return self.text("classic_middle_card", number=int(pos[1:]) + 1)
        return self.name(int(pos[1:]))

    def whom(self, positions: Iterable[str]) -> str:
        return self.base.join(self.who(p) for p in positions)

    def side(self, side: str | None) -> str:
        return self.text(SIDES.get(side or "none", "classic_side_none"))

    def step_title(self, step: str) -> str:
        return self.text(GROUPS[step]) if step in GROUPS else self.card(step)

    def call(self, step: str, deck: Iterable[str] = (), event: str | None = None) -> str:
        """The step's call. The werewolves' tells the Little Girl she may spy only when her card is in the
        deck (the deck is public; a call for a card not in it would mislead the table). On a Full Moon
        Rising night (``event``, the card revealed yesterday) the werewolves look instead of hunting."""
        if step == "werewolf" and event == "full_moon_rising":
            return self.text("classic_call_werewolf_moon")
        if step in ("seer", "witch") and event == "full_moon_rising":  # called, their time passes, nobody acts
            return self.text("classic_call_moon_asleep", card_name=self.card(step))
        if step == "full_moon" and "little_girl" not in deck:
            return self.text("classic_call_full_moon_pack")
        if step == "werewolf" and "little_girl" not in deck:
            return self.text("classic_call_werewolf_pack")
        return self.text(CALLS[step])

    # -- prompts -----------------------------------------------------------------------------------
    def task(self, prompt: Prompt, witch: str = "") -> str:
        """The prompt's task; ``witch`` is the Witch's note (her seat view's ``witch``)."""
        if prompt.step == "werewolf" and prompt.options and all(a.verb == "look" for a in prompt.options):
            return self.text("classic_task_moon_look")  # Full Moon Rising: the werewolves look, not hunt
        if prompt.role == "witch":  # two prompts: the potion of life, then the potion of death
            poison = any(a.verb == "poison" for a in prompt.options)
            task = self.text("classic_task_witch_poison" if poison else "classic_task_witch_save")
            return f"{task} {self.text(WITCH_NOTES[witch])}" if witch in WITCH_NOTES else task
        key = prompt.role if prompt.role in TASKS else prompt.step
        return self.text(TASKS.get(key, "classic_task_vote"))

    def action(self, action: Action, prompt: Prompt | None = None) -> str:
        msg = ACTIONS.get(action.verb)
        if msg is None:
            return action.verb
        t = action.targets
        if action.verb == "take" and t:
            card = prompt.info[int(t[0][1:])] if prompt is not None and len(prompt.info) > int(t[0][1:]) else ""
            return self.text(msg, number=int(t[0][1:]) + 1, card_name=self.card(str(card)) if card else "?")
        if action.verb == "save" and not t:
            return self.text("classic_act_save_unknown")
        if action.verb == "lovers" and len(t) == 2:
            return self.text(msg, target=self.who(t[0]), other=self.who(t[1]))
        if action.verb == "charm":
            return self.text(msg, target=self.whom(t))
        return self.text(msg, target=self.who(t[0]) if t else "")

    def knowledge(self, observations: Iterable[Observation], dead: Iterable[int] = ()) -> list[str]:
        """What a seat has learned, one line per thing, in the order learned (duplicates once); a player
        the table knows to be ``dead`` is marked so."""
        gone = {f"p{s}" for s in dead}

        def whom(positions: Iterable[str]) -> str:
            return self.base.join(self.text("classic_name_dead", player=self.who(p)) if p in gone else self.who(p)
                                  for p in positions)

        out: list[str] = []
        for o in observations:
            if isinstance(o, CardView):
                if o.pos.startswith("c"):
                    line = self.text("classic_know_center", number=int(o.pos[1:]) + 1, card_name=self.card(o.role))
                else:
                    line = self.text("classic_know_card", target=whom((o.pos,)), card_name=self.card(o.role))
            elif isinstance(o, Learned) and o.as_ in KNOWN:
                line = self.text(KNOWN[o.as_], targets=whom(o.who))
            else:
                continue
            if line not in out:
                out.append(line)
        return out

    def known_lines(self, observations: Iterable[Observation], dead: Iterable[int] = ()) -> tuple[str, ...]:
        """What a seat has learned as its card and its prompt list it: a heading, then one ``• `` line per
        thing (``knowledge``); empty when it has learned nothing."""
        known = self.knowledge(observations, dead)
        return (self.text("classic_known"), *(f"• {k}" for k in known)) if known else ()

    def event_name(self, card: str) -> str:
        return self.text(EVENTS[card][0]) if card in EVENTS else card

    def event_text(self, card: str) -> str:
        return self.text(EVENTS[card][1]) if card in EVENTS else ""

    # -- the end -----------------------------------------------------------------------------------
    def reason(self, reason: str) -> str:
        return self.text(REASONS.get(reason, "classic_reason_round_limit"))

    def cause(self, cause: str) -> str:
        return self.text(CAUSES.get(cause, "classic_cause_werewolves"))

    def round_label(self, label: str) -> str:
        """``night2`` → "Night 2"; ``day1`` → "Day 1"."""
        if label.startswith("day"):
            return self.text("classic_phase_day", round=int(label[3:]))
        if label.startswith("night"):
            return self.text("classic_phase_night", round=int(label[5:]))
        return label

    def story_line(self, line: StoryLine | Message) -> str:
        """One line of the story (a message of ``play.story.story_of``'s classic sections, or the ruleset's
        ``StoryLine``) in words: every seat, position and card id worded first."""
        story_key = line.id if isinstance(line, Message) else line.key
        p = dict(line.params)
        words: dict[str, object] = {}
        for key, value in p.items():
            if key == "seat" and isinstance(value, int):
                words["player"] = self.name(value)
            elif key == "seat":
                words["player"] = self.whom(str(value).split()) if value else ""
            elif key in ("target", "lovers", "targets", "choice", "card"):
                text = str(value)
                words[key] = text if text in ("-", "pass") else self.whom(text.split())
                if text == "pass":
                    words[key] = self.text("classic_act_pass")
                elif text == "-":
                    words[key] = self.text("classic_act_abstain")
            elif key == "role":
                words["card_name"] = self.card(str(value)) if value else "?"
            elif key == "cause":
                words["cause_text"] = self.cause(str(value))
            elif key == "cards":
                words["cards"] = self.text("item_separator").join(self.card(c) for c in str(value).split(",") if c)
            elif key == "side":
                words["side_name"] = self.side(str(value))
            elif key == "reason":
                words["reason_text"] = self.reason(str(value))
            elif key == "event":
                words["event_name"] = self.event_name(str(value))
            elif key == "winners":
                words["winners"] = self.whom(str(value).split()) if value else self.text("nobody")
        return self.text(STORY[story_key], **words)


def one_at_a_time(options: Sequence[Action], chosen: Sequence[str]) -> tuple[tuple[str, ...], Action | None]:
    """Cupid's lovers and the Piper's charms are picked one player at a time, not from a list of every
    pair: given the players ``chosen`` so far, the players that may come next (each completes a legal
    answer), and the answer once ``chosen`` makes one. Options naming one player or none are not split."""
    for a in options:
        if len(a.targets) == len(chosen) and set(a.targets) == set(chosen):
            return (), a
    nxt: list[str] = []
    for a in options:
        if set(chosen) <= set(a.targets) and len(a.targets) > len(chosen):
            nxt += [t for t in a.targets if t not in chosen and t not in nxt]
    return tuple(sorted(nxt, key=lambda t: int(t[1:]))), None


def picked_in_turn(options: Sequence[Action]) -> bool:
    """Does this prompt pick several players (Cupid, the Piper) one at a time?"""
    return bool(options) and all(a.verb in ("lovers", "charm") and len(a.targets) > 1 for a in options)


def tie_line(w: ClassicWords, tally: str, tied: str) -> str:
    """A tied vote or election as the table is told it: the count (``p1=2 p3=2 p0=1``) and the tied."""
    counts = []
    for item in tally.split():
        seat, _, count = item.partition("=")
        counts.append(w.text("classic_tally_item", player=w.who(seat), count=int(count or 0)))
    return w.text("classic_tie", tally=w.text("item_separator").join(counts), players=w.whom(tied.split()))
