"""The spaCy pipelines of the scenario reader, one per language, loaded once per process.

English: `spacy.blank("en")`. Chinese: `spacy.blank("zh")` with the jieba segmenter, run on the
text after OpenCC folds Traditional to Simplified ("t2s"), so one set of Chinese patterns serves
both scripts. t2s maps character to character here (checked per text: when a fold would change the
length, the text is read unfolded), so an offset in the folded text is the offset in the user's
own text. Each pipeline gets an EntityRuler filled from the pattern files of its language
(patterns/<lang>/*.jsonl, see docs/scenario-reader.md).
"""
from __future__ import annotations

import json
import logging
import re
from functools import lru_cache
from pathlib import Path

PATTERNS = Path(__file__).resolve().parent / "patterns"


def pattern_files(lang: str) -> list[Path]:
    return sorted((PATTERNS / lang).glob("*.jsonl"))


def load_patterns(lang: str) -> list[dict]:
    """Every pattern of a language: one JSON object a line, {"label", "pattern", "id"}; blank
    lines and lines starting with // are comments."""
    out = []
    for f in pattern_files(lang):
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            s = line.strip()
            if not s or s.startswith("//"):
                continue
            try:
                obj = json.loads(s)
            except json.JSONDecodeError as e:
                raise RuntimeError(f"{f.name} line {n}: not JSON ({e.msg})") from None
            if not {"label", "pattern"} <= set(obj):
                raise RuntimeError(f"{f.name} line {n}: a pattern needs 'label' and 'pattern'")
            out.append(obj)
    return out


# Full-width digits and letters (a Chinese input method's "１♠", "第３墩", "Ｎ") and the white suit
# symbols (♤♡♢♧) read as their plain forms; character for character, so offsets do not move.
_PLAIN = {**{c: c - 0xFEE0 for c in range(0xFF10, 0xFF1A)}, **{c: c - 0xFEE0 for c in range(0xFF21, 0xFF3B)},
          **{c: c - 0xFEE0 for c in range(0xFF41, 0xFF5B)}, ord("♤"): "♠", ord("♡"): "♥", ord("♢"): "♦", ord("♧"): "♣"}


def plain(text: str) -> str:
    """`text` with full-width digits and letters and white suit symbols in their plain forms."""
    return text.translate(_PLAIN)


def normalized(text: str, lang: str) -> str:
    """What the patterns and the story's phrase checks read: plain forms, and for Chinese the
    Simplified fold; character for character, so every offset is an offset in the user's text."""
    return fold()(plain(text)) if family(lang) == "zh" else plain(text)


@lru_cache(maxsize=2)
def lexicon(fam: str) -> dict:
    """The words of a language family that are read into values (suits, ranks, numbers; for Chinese
    also the Cantonese fold): patterns/<fam>/lexicon.json."""
    return json.loads((PATTERNS / fam / "lexicon.json").read_text(encoding="utf-8"))


_ZHE = re.compile(r"(?<![显顯卓昭原土])著(?![名作称稱])")


@lru_cache(maxsize=1)
def fold():
    import opencc
    convert = opencc.OpenCC("t2s").convert

    # Hong Kong directors write Cantonese particles (係 "is", 咗 "-ed", 唔 "not"): each is one Mandarin
    # character (patterns/zh/lexicon.json "cantonese"), so offsets still map 1:1
    # (but 關係 "relation", 沒關係 "never mind", stay: a character is kept after those in "cantonese_kept_after")
    lex = lexicon("zh")
    kept = lex["cantonese_kept_after"]
    cantonese = re.compile("|".join(f"(?<![{kept[c]}]){c}" if c in kept else c for c in lex["cantonese"]))

    def t2s(text: str) -> str:
        text = cantonese.sub(lambda m: lex["cantonese"][m.group()], text)   # before OpenCC, which makes 係 into 系
        folded = convert(text)
        if len(folded) != len(text):
            return text                                          # offsets must map 1:1
        # OpenCC keeps 著 (a Simplified character too): as the particle of 跟著, 接著, 蓋著 it is 着
        return _ZHE.sub("着", folded)
    return t2s


def _jieba_words(patterns: list[dict]) -> None:
    """Phrases of the Chinese patterns become jieba words, so a phrase is never cut across."""
    import jieba
    jieba.setLogLevel(logging.WARNING)
    words: set[str] = set()
    for p in patterns:
        if isinstance(p["pattern"], str):
            words.add(p["pattern"])
            continue
        for tok in p["pattern"]:
            for spec in tok.values():
                if isinstance(spec, str):
                    words.add(spec)
                elif isinstance(spec, dict):
                    words.update(w for w in spec.get("IN", []) if isinstance(w, str))
    for w in words:
        if len(w) > 1 and any("\u4e00" <= c <= "\u9fff" for c in w):
            jieba.add_word(w, freq=2_000_000)


@lru_cache(maxsize=2)
def pipeline(lang: str):
    """The pipeline for "en" or "zh" (both Chinese scripts), built once."""
    import spacy
    patterns = load_patterns(lang)
    if lang == "zh":
        _jieba_words(patterns)
        nlp = spacy.blank("zh", config={"nlp": {"tokenizer": {"segmenter": "jieba"}}})
    else:
        nlp = spacy.blank("en")
    ruler = nlp.add_pipe("entity_ruler", config={"phrase_matcher_attr": "LOWER",
                                                 "validate": True})
    ruler.add_patterns(patterns)
    return nlp


# a seat character (东 南 西 北), or a seat letter glued to a call ("S1♦", "N派司" — never the N of 1NT)
_SEAT_SPLIT = re.compile(r"(南北|东西|[东南西北]家|[东南西北]|(?<![A-Za-z0-9])[NESW](?=[1-7](?:NT|[CDHSN♣♦♥♠])|[\u4e00-\u9fff]))")


def segment_zh(folded: str) -> list[str]:
    """jieba's words, with a seat character (东 南 西 北) always a word of its own: jieba would
    glue it to its neighbours ("后南", "西说"); 南北 and 东西 (the two sides) stay whole."""
    import jieba
    words: list[str] = []
    for piece in _SEAT_SPLIT.split(folded):
        if not piece:
            continue
        if _SEAT_SPLIT.fullmatch(piece):
            words.append(piece)
        else:
            words.extend(w for w in jieba.cut(piece, HMM=False) if w)
    return words


def run(lang_family: str, text: str):
    """The Doc of a text: English through spaCy's tokenizer; Chinese (already folded) through
    segment_zh and then the pipeline's components."""
    nlp = pipeline(lang_family)
    if lang_family != "zh":
        return nlp(text)
    from spacy.tokens import Doc
    words: list[str] = []
    spaces: list[bool] = []
    for w in segment_zh(text):
        if w == " " and words and not spaces[-1]:
            spaces[-1] = True                 # "12 張", "莊家南 4♠": one space is the word's trailing space, not a word
        else:
            words.append(w)
            spaces.append(False)
    return nlp(Doc(nlp.vocab, words=words, spaces=spaces))


def family(lang: str) -> str:
    return "zh" if lang.startswith("zh") else "en"


def detect_lang(text: str) -> str:
    """en, zh-Hant or zh-Hans: Chinese when a CJK character is present; Traditional when folding
    to Simplified changes it."""
    han = [c for c in text if "\u4e00" <= c <= "\u9fff"]
    if not han:
        # Latin shorthand typed with Chinese punctuation ("N 1NT，E pass，") is read by the Chinese pipeline
        return "zh-Hans" if any("\u3000" <= c <= "\u303f" or "\uff00" <= c <= "\uff0f" for c in text) else "en"
    s = "".join(han)
    return "zh-Hant" if fold()(s) != s else "zh-Hans"
