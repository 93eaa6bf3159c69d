"""A quiz question: what every type carries (stem, options, key, explanation quoting the
provision, citations, tags, difficulty, edition, language) and the wording table the types
fill (query/quiz/data/templates.tsv). The id is derived from the content, so the same question
keeps its id across runs and exports (Anki note guids, Moodle names)."""
from __future__ import annotations

import csv
import hashlib
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from difflib import SequenceMatcher
from pathlib import Path

TEMPLATES = Path(__file__).parent / "data" / "templates.tsv"
LANGS = ("en", "zh-Hant", "zh-Hans")
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT"}


@dataclass
class Question:
    type: str
    lang: str
    stem: str
    key: str                       # the right option's text
    distractors: list[str]
    explanation: str
    citations: list[str]
    laws: list[int]
    topics: list[str]
    difficulty: int                # 1 (recall) .. 3 (apply to a situation)
    edition: str
    derivation: dict = field(default_factory=dict)   # how the key was computed (for the independent check)
    options: list[str] = field(default_factory=list)
    answer: int = -1

    @property
    def id(self) -> str:
        """Stable: from the type, language, stem, key and the set of options (not their order)."""
        raw = "\x1f".join([self.type, self.lang, self.stem, self.key, *sorted(self.distractors)])
        return f"{self.type}-{hashlib.sha1(raw.encode('utf-8')).hexdigest()[:12]}"

    def place(self, position: int, order: list[int]) -> "Question":
        """Put the key at `position`, the distractors in the order given (a permutation)."""
        others = [self.distractors[i] for i in order]
        position = min(position, len(others))
        self.options = others[:position] + [self.key] + others[position:]
        self.answer = position
        return self

    def to_json(self) -> dict:
        d = asdict(self)
        return {"id": self.id, "type": self.type, "stem": self.stem, "options": self.options,
                "answer": self.answer, "answer_text": self.key, "explanation": self.explanation,
                "citations": self.citations, "tags": {"laws": self.laws, "topics": self.topics},
                "difficulty": self.difficulty, "edition": self.edition, "lang": self.lang,
                "derivation": d["derivation"]}


@lru_cache(maxsize=1)
def _templates() -> dict[str, dict[str, str]]:
    rows = [line for line in TEMPLATES.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    reader = csv.DictReader(rows, delimiter="\t", quoting=csv.QUOTE_NONE)
    return {r["key"]: {lang: r[lang] for lang in LANGS} for r in reader}


def say(key: str, lang: str, **values) -> str:
    return _templates()[key][lang].format(**values)


def distinct(options: list[str]) -> bool:
    """No two options alike (after folding case and spaces)."""
    folded = [" ".join(o.casefold().split()) for o in options]
    return len(set(folded)) == len(folded) and all(folded)


def alike(a: str, b: str) -> bool:
    """Two options an examiner would call the same answer: equal, one inside the other, or
    nearly the same characters (可能判給調整分數 / 判給調整分數)."""
    fa, fb = " ".join(a.casefold().split()), " ".join(b.casefold().split())
    return fa == fb or fa in fb or fb in fa or SequenceMatcher(None, fa, fb).ratio() > 0.75


def law_of(pid: str) -> int | None:
    digits = ""
    for ch in pid:
        if not ch.isdigit():
            break
        digits += ch
    return int(digits) if digits else None
