"""The narrator's private answer panel, in words: the Oracle's answers as the laptop offers them, and what
the laptop tells her once she has answered (``narration.table_answer``'s ``Outcome``).

Only the Oracle, awake at her step, reads this panel; it is empty for everyone before her action time
and after it, whatever she answered or whether anyone did (docs/decisions.md, "The narrator hears the
Oracle"). Nothing here is ever spoken."""

from __future__ import annotations

from rich.text import Text

from onenight_core.engine.narration import Question
from onenight_core.rulesets.dalbula.oracle import ALIEN_GOAL
from onenight_core.rulesets.onuw.roles.oracle import CENTER, EXCHANGE, TEAM, VIEW, Outcome

from onenight_tui.text.app_words import AppWords

#: The words of the answers that are words (a named player is shown by number).
ANSWER_WORDS = {"yes": "narrator_answer_yes", "no": "narrator_answer_no", "even": "narrator_answer_even",
                "odd": "narrator_answer_odd"}
#: A granted team switch, by team (message ids written out: the text layer checks every one is used).
TEAM_TOLD = {"werewolf": "narrator_told_team_werewolf", "vampire": "narrator_told_team_vampire",
             "alien": "narrator_told_team_alien"}


def answer_label(words: AppWords, answer: str) -> str:
    """``yes`` → "Yes"; ``p2`` → "3" (player numbers count from 1, as the table says them)."""
    if answer in ANSWER_WORDS:
        return words(ANSWER_WORDS[answer])
    return str(int(answer[1:]) + 1) if answer[:1] == "p" and answer[1:].isdigit() else answer


def asking(words: AppWords, question: Question, chosen: int) -> Text:
    """The panel while the Oracle may answer: the keys, then the answers with the chosen one marked."""
    text = Text(words("narrator_answer_keys") + "\n")
    if question.key == "view_player":
        text.append(words("narrator_answer_player") + " ")
    for i, answer in enumerate(question.answers):
        if i:
            text.append("  ")
        label = f" {answer_label(words, answer)} "
        text.append(label, style="reverse bold" if i == chosen else "")
    return text


def told(words: AppWords, outcome: Outcome, answer: str) -> str:
    """What the laptop tells the Oracle after ``answer``: her private outcome, else that the table will
    hear what follows (a forced pass, ripple or parity is announced to all), else that nothing changes."""
    taken = words("narrator_answer_taken")
    if outcome.kind == TEAM:
        said = words(TEAM_TOLD[outcome.value])
    elif outcome.kind == ALIEN_GOAL:
        said = words("narrator_told_alien_goal")
    elif outcome.kind == EXCHANGE:
        said = words("narrator_told_exchange")
    elif outcome.kind == CENTER:
        said = words("narrator_told_center", count=int(outcome.value))
    elif outcome.kind == VIEW:
        player = answer_label(words, outcome.value)
        said = words("narrator_told_view" if outcome.value == answer else "narrator_told_view_other", player=player)
    else:
        said = words("narrator_told_nothing")
    return f"{taken} {said}"


__all__ = ["ANSWER_WORDS", "TEAM_TOLD", "answer_label", "asking", "told"]
