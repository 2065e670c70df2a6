"""Korean particles chosen by the word before them (issue 23): "나래를", "라희는", "뱀파이어로".

A Korean template writes a particle in its neutral form, both spellings at once — ``{seat}을(를)``,
``{seat}이(가)``, ``{seat}은(는)``, ``{seat}과(와)``, ``{role}(으)로`` — because the template cannot know
the name it will hold. Once the template is filled, ``particles`` picks the one spelling the last
syllable before it asks for: a syllable that ends in a consonant (받침) takes 을/이/은/과/으로, one that
ends in a vowel takes 를/가/는/와/로, and (으)로 after a final ㄹ is 로 ("서울로"). A closing bracket or
quote is looked through ("나래(도둑)이" reads 도둑). A digit is read as Sino-Korean ("5" 오 → 를). A word
that ends in anything else (a Latin name, "Ann") keeps the neutral form: the reader picks.

Why not a library: the PyPI ones (``tossi``, last release 2018; ``josa``, 2012; younger single-author
packages) are not kept, and the rule is a few lines of syllable arithmetic (docs/decisions.md)."""

from __future__ import annotations

import re

#: neutral form → (after a final consonant, after a vowel)
_FORMS = {
    "을(를)": ("을", "를"),
    "를(을)": ("을", "를"),
    "이(가)": ("이", "가"),
    "가(이)": ("이", "가"),
    "은(는)": ("은", "는"),
    "는(은)": ("은", "는"),
    "과(와)": ("과", "와"),
    "와(과)": ("과", "와"),
    "(으)로": ("으로", "로"),
    "(이)라는": ("이라는", "라는"),
    "(이)나": ("이나", "나"),
    "(이)에요": ("이에요", "예요"),
}

_PARTICLE = re.compile("|".join(re.escape(k) for k in sorted(_FORMS, key=len, reverse=True)))
_QUOTES = "」』\"'”’ "
_RIEUL = 8  # the final ㄹ's index among the 28 finals of a Hangul syllable
#: the final of each digit read in Sino-Korean (영 일 이 삼 사 오 육 칠 팔 구): 0 none, 1 a consonant, 8 ㄹ
_DIGIT_FINAL = {"0": 1, "1": _RIEUL, "2": 0, "3": 1, "4": 0, "5": 0, "6": 1, "7": _RIEUL, "8": _RIEUL, "9": 0}


def final(text: str) -> int | None:
    """The final consonant's index (0: none, 8: ㄹ) of the last syllable of ``text``, looking through
    closing brackets and quotes; ``None`` when it does not end in Hangul or a digit."""
    word = text.rstrip(_QUOTES)
    while word.endswith(")"):  # "나래(도둑)" reads 나래: a note in brackets is skipped (서울(Seoul)은)
        depth, i = 0, len(word) - 1
        for i in range(len(word) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(word[i], 0)
            if depth == 0:
                break
        if depth or i == 0:
            return None
        word = word[:i].rstrip(_QUOTES)
    if not word:
        return None
    ch = word[-1]
    if "\uac00" <= ch <= "\ud7a3":
        return (ord(ch) - 0xAC00) % 28
    return _DIGIT_FINAL.get(ch)


def particle(word: str, neutral: str) -> str:
    """The spelling of the particle ``neutral`` ("을(를)") after ``word``; the neutral form when the
    word does not end in Hangul or a digit."""
    forms = _FORMS.get(neutral)
    end = final(word)
    if forms is None or end is None:
        return neutral
    if neutral == "(으)로" and end == _RIEUL:
        return forms[1]
    return forms[0] if end else forms[1]


def particles(text: str) -> str:
    """``text`` with every neutral particle spelled for the syllable before it."""
    if "(" not in text:
        return text
    out: list[str] = []
    last = 0
    for m in _PARTICLE.finditer(text):
        out.append(text[last:m.start()])
        out.append(particle("".join(out), m.group()))
        last = m.end()
    out.append(text[last:])
    return "".join(out)


__all__ = ["final", "particle", "particles"]
