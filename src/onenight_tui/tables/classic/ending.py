"""The end of a classic game as the one end screen shows it (``ending.Ending``): who won (the winning side),
why, the winners and every player's card (the game interface's ``outcome``), the bots' truth, and the whole
story round by round (``play.story.story_of``: the one story teller of every family, a section per round);
the footer's keys and the hint under the story in the table's words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from onenight_core.play.story import story_of

from ...text.classic_words import ClassicWords, keys_hint
from ...ending import Ending, Section

if TYPE_CHECKING:
    from onenight_core.rulesets.classic.protocol import ClassicGame
    from onenight_core.rulesets.classic.rules import ClassicRules

    from ...bots import SeatBots

#: The end's own keys: its action (``Ending.keys``), the key as the hint names it, its label's message id
#: (footer and hint).
END_KEYS = (("again", "N", "classic_key_again"), ("setup", "S", "classic_key_setup"))


def end_hint(w: ClassicWords, quit_label: str) -> str:
    """The hint: the end's keys in the words of their footer labels, then the app's quit key
    (``quit_label``: the footer's label of Ctrl+Q)."""
    return keys_hint(w, [*((key, w.text(msg)) for _, key, msg in END_KEYS), ("Ctrl+Q", quit_label)])


def classic_ending(rules: ClassicRules, game: ClassicGame, w: ClassicWords, bots: SeatBots | None,
                   quit_label: str) -> Ending:
    """The end of the finished classic ``game`` (played by ``rules``) in ``w``'s words; ``bots``: the
    table's, whose truth it tells; ``quit_label``: the footer's label of Ctrl+Q, for the hint."""
    o = rules.outcome(game)  # the game interface: over at the end
    assert o is not None
    side = o.side
    title = w.text("classic_end_title", side_name=w.side(side)) if side else w.text("classic_end_none")
    sections = [Section(None, (
        w.text("classic_end_why", reason_text=w.reason(o.reason)),
        w.text("classic_end_winners", players=w.names(o.winners) if o.winners else w.text("nobody")),
        w.text("classic_end_cards", cards=w.text("item_separator").join(
            w.text("classic_dead_card", player=w.name(s), card_name=w.card(r)) for s, r in enumerate(o.roles)))))]
    truth = bots.truth_lines() if bots is not None else []  # per bot: were its claims true (``bots.SeatBots``)
    if bots is not None and truth:
        sections.append(Section(bots.truth_title(), tuple(truth)))
    sections.append(Section(w.text("classic_end_story")))
    for section in story_of(game):  # a section per round (``night1``, ``day1``...)
        told = tuple(f"  {w.story_line(line)}" for line in section.lines if line.id != "deal")
        if told:
            sections.append(Section(f"— {w.round_label(section.title)}", told))
    return Ending(title, tuple(sections), keys={action: w.text(msg) for action, _, msg in END_KEYS},
                  hint=end_hint(w, quit_label))


__all__ = ["END_KEYS", "classic_ending", "end_hint"]
