"""``onenight narrate --ruleset classic --print``: the classic script for a table with physical cards,
night 1 (with its first-night steps) and night 2 (without them), each followed by dawn and the day. The
steps and their order are the core's (``rulesets.classic.narration``); the words are here, in English
and Korean."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from onenight_core.engine.narration import Cue, Line, Narration, Timing
from onenight_core.rulesets.classic.catalog import classic_catalog
from onenight_core.rulesets.classic.narration import check_deck, night_steps

#: Nights the printed script shows: the first (with the thief, cupid and the lovers) and a later one.
NIGHTS = (1, 2)

#: Each step: its heading, the line that wakes it, the line that puts it back to sleep.
STEPS = {
    "en": {
        "thief": ("Thief", "Thief, wake up. Look at the two middle cards; you may take one of them, and "
                           "you must if both are werewolves.", "Thief, close your eyes."),
        "cupid": ("Cupid", "Cupid, wake up. Point at two players: they are the lovers.",
                  "Cupid, close your eyes."),
        "lovers": ("Lovers", "I touch the two lovers. Lovers, wake up and look at each other.",
                   "Lovers, close your eyes."),
        "seer": ("Seer", "Seer, wake up. Point at a player whose card you want to see.",
                 "Seer, close your eyes."),
        "defender": ("Defender", "Defender, wake up. Point at the player you protect tonight.",
                     "Defender, close your eyes."),
        "werewolf": ("Werewolves", "Werewolves, wake up. Agree on your victim and point at them.",
                     "Werewolves, close your eyes."),
        "witch": ("Witch", "Witch, wake up. This is the werewolves' victim. Will you use your potion of "
                           "life? Your potion of death?", "Witch, close your eyes."),
        "piper": ("Piper", "Piper, wake up. Point at two players to charm.", "Piper, close your eyes."),
        "charmed": ("Charmed", "I touch the newly charmed. All charmed players, wake up and look at each "
                               "other.", "Charmed players, close your eyes."),
    },
    "ko": {
        "thief": ("도둑", "도둑은 눈을 뜨세요. 가운데 두 장을 보고 한 장과 바꿀 수 있습니다. 둘 다 늑대인간이면 "
                        "반드시 바꿉니다.", "도둑은 눈을 감으세요."),
        "cupid": ("큐피드", "큐피드는 눈을 뜨세요. 연인이 될 두 사람을 가리키세요.", "큐피드는 눈을 감으세요."),
        "lovers": ("연인", "연인 두 사람을 건드리겠습니다. 연인은 눈을 뜨고 서로를 확인하세요.",
                   "연인은 눈을 감으세요."),
        "seer": ("예언자", "예언자는 눈을 뜨세요. 카드를 볼 사람을 가리키세요.", "예언자는 눈을 감으세요."),
        "defender": ("수호자", "수호자는 눈을 뜨세요. 오늘 밤 지킬 사람을 가리키세요.", "수호자는 눈을 감으세요."),
        "werewolf": ("늑대인간", "늑대인간들은 눈을 뜨세요. 함께 희생자를 정해 가리키세요.",
                     "늑대인간들은 눈을 감으세요."),
        "witch": ("마녀", "마녀는 눈을 뜨세요. 이 사람이 늑대인간의 희생자입니다. 생명의 물약을 쓰겠습니까? "
                        "죽음의 물약을 쓰겠습니까?", "마녀는 눈을 감으세요."),
        "piper": ("피리 부는 사나이", "피리 부는 사나이는 눈을 뜨세요. 홀릴 두 사람을 가리키세요.",
                  "피리 부는 사나이는 눈을 감으세요."),
        "charmed": ("홀린 사람들", "새로 홀린 사람을 건드리겠습니다. 홀린 사람은 모두 눈을 뜨고 서로를 확인하세요.",
                    "홀린 사람들은 눈을 감으세요."),
    },
}

WORDS = {
    "en": {"header": "Classic night script for {n} cards: {deck}",
           "timing": "Action time {action} per step · day {day}",
           "night": "Night {n}", "first": " (first night: thief, cupid and lovers are called only now)",
           "later": " (every later night is the same)",
           "dusk": "Night falls. Everybody, close your eyes.",
           "dawn": ("Dawn", "Everybody, wake up. Announce the night's dead and their cards; the dead "
                            "stay at the table and no longer vote."),
           "day": ("Day", "Discuss, then vote to eliminate a player."),
           "sheriff": "First day: when everyone has spoken, elect the sheriff (their vote counts twice).",
           "wait": "[{t}]", "daywait": "[day {t}]"},
    "ko": {"header": "클래식 밤 진행 대본 (카드 {n}장): {deck}",
           "timing": "단계마다 행동 시간 {action} · 낮 {day}",
           "night": "{n}번째 밤", "first": " (첫날 밤: 도둑·큐피드·연인은 이때만 부릅니다)",
           "later": " (이후의 밤은 모두 같습니다)",
           "dusk": "밤이 되었습니다. 모두 눈을 감으세요.",
           "dawn": ("새벽", "모두 눈을 뜨세요. 밤사이 죽은 사람과 그 카드를 알립니다. 죽은 사람은 자리에 "
                           "남지만 더는 투표하지 않습니다."),
           "day": ("낮", "토론한 뒤 처형할 사람을 투표로 정하세요."),
           "sheriff": "첫날: 모두 한 번씩 말한 뒤 촌장을 뽑습니다(촌장의 표는 두 표로 셉니다).",
           "wait": "[{t}]", "daywait": "[낮 {t}]"},
}


def format_deck(deck: tuple[str, ...], lang: str) -> str:
    """``Werewolf ×2, Seer, Villager ×3`` in first-appearance order, with the classic names."""
    catalog = classic_catalog()
    return ", ".join(catalog.role(r).name(lang) + (f" ×{c}" if c > 1 else "") for r, c in Counter(deck).items())


def format_classic_script(deck: tuple[str, ...], lang: str, timing: Timing,
                          format_duration: Callable[[float, str], str]) -> str:
    """Nights 1 and 2 as text: per night a numbered heading per step with its lines and waits, then
    dawn and the day. ``format_duration`` is the narrator's way to read a time (``narrate`` passes its
    own, so the two scripts read times alike without importing each other)."""
    deck = check_deck(deck)
    lang = lang if lang in WORDS else "en"
    words, steps = WORDS[lang], STEPS[lang]
    action = words["wait"].format(t=format_duration(timing.action, lang))
    out = [words["header"].format(n=len(deck), deck=format_deck(deck, lang)),
           words["timing"].format(action=format_duration(timing.action, lang),
                                  day=format_duration(timing.day, lang))]
    for night in NIGHTS:
        called = night_steps(deck, night)
        differs = night_steps(deck, 1) != night_steps(deck, 2)  # thief or cupid in the deck
        note = (words["first"] if night == 1 else words["later"]) if differs else ""
        out += ["", words["night"].format(n=night) + note, f"   {words['dusk']}"]
        numbered = [(steps[s][0], [steps[s][1], action, steps[s][2]]) for s in called]
        numbered.append((words["dawn"][0], [words["dawn"][1]]))
        sheriff = [words["sheriff"]] if night == 1 else []  # default option: elected on day 1
        numbered.append((words["day"][0], [*sheriff, words["day"][1],
                                           words["daywait"].format(t=format_duration(timing.day, lang))]))
        width = len(str(len(numbered)))
        for number, (title, lines) in enumerate(numbered, 1):
            out.append(f"{number:>{width}}. {title}")
            out += [f"{'':>{width}}  " + ("  " if line.startswith("[") else "") + line for line in lines]
    return "\n".join(out)


def classic_narration(deck: tuple[str, ...], lang: str, nights: int = 1) -> Narration:
    """Nights 1..``nights`` as the narrator app and ``--export`` read them: per night, night falls, every
    slot of the composition (its wake line, the action time, its sleep line; first-night slots on night
    1 only), dawn, then the day (its line waits the day's time). Lines are in ``lang`` when this module
    has its words, else in English (``spoken_langs`` says which)."""
    deck = check_deck(deck)
    said = lang if lang in WORDS else "en"
    words, steps = WORDS[said], STEPS[said]
    cues: list[Cue] = []
    for night in range(1, nights + 1):
        head = words["night"].format(n=night)
        cues.append(Cue("night_start", "start", None, head,
                        (Line("night_start", "wake", "night_start", words["dusk"], "gap"),)))
        for step in night_steps(deck, night):
            title, wake, sleep = steps[step]
            cues.append(Cue(step, "role", step if step in deck else None, f"{head} · {title}",
                            (Line(step, "wake", step, wake, "action"), Line(step, "sleep", step, sleep, "gap"))))
        dawn_title, dawn_text = words["dawn"]
        cues.append(Cue("dawn", "dawn", None, f"{head} · {dawn_title}",
                        (Line("dawn", "wake", "dawn", dawn_text, "gap"),)))
        day_title, day_text = words["day"]
        sheriff = (Line("day", "wake", "day", words["sheriff"], "none"),) if night == 1 else ()
        cues.append(Cue("day", "engine", None, f"{day_title} {night}",
                        (*sheriff, Line("day", "wake", "day", day_text, "day"))))
    return Narration(deck, lang, cues)


def spoken_langs(narration: Narration) -> tuple[str, ...]:
    """The language each line of a classic narration is spoken in."""
    said = narration.lang if narration.lang in WORDS else "en"
    return tuple(said for _ in narration.lines)
