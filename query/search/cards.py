"""Question cards: the questions users ask, each filed under the provision that answers it.

`query/search/data/questions/*.tsv` holds, for every provision of the 2017 Laws, questions a player, a
director or a trainee would type ("my LHO bid too low, can I accept it?" -> 27A1, "明手可以提醒莊家
從錯誤的手出牌嗎" -> 42B2), in the three languages and in users' words rather than the law's. Search
indexes them beside the provision's own text (document expansion, as doc2query does with generated
questions): a paraphrased question then meets a paraphrased question instead of the law's wording.

They are search aids, not law: they never enter the graph and are never shown as law text; a hit
always shows the provision's own expressions. Their writers never saw the labelled evaluation sets
(tests/data/search_queries*.tsv).

Columns (tab-separated): provision (an id of the document, wbf2017 by default; `doc:id` for
another), lang (en, zh-Hant, zh-Hans), question.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

CARDS_DIR = Path(__file__).resolve().parent / "data" / "questions"
LANGS = ("en", "zh-Hant", "zh-Hans")
DEFAULT_DOC = "wbf2017"


@dataclass(frozen=True)
class Card:
    doc: str
    provision: str
    lang: str
    question: str
    source: str      # file:line, for error messages and review


def files(folder: Path = CARDS_DIR) -> list[Path]:
    return sorted(folder.glob("*.tsv"))


def load(folder: Path = CARDS_DIR) -> list[Card]:
    """Every card of every file, in file order. A malformed row raises ValueError naming file:line."""
    cards: list[Card] = []
    for path in files(folder):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip() or line.startswith("#") or line.startswith("provision\t"):
                continue
            parts = line.split("\t")
            where = f"{path.name}:{n}"
            if len(parts) != 3:
                raise ValueError(f"{where}: expected 3 tab-separated columns (provision, lang, question), got {len(parts)}")
            pid, lang, question = (p.strip() for p in parts)
            if lang not in LANGS:
                raise ValueError(f"{where}: unknown language {lang!r} (use one of {', '.join(LANGS)})")
            if not pid or not question:
                raise ValueError(f"{where}: empty provision or question")
            doc, _, pid = pid.rpartition(":")
            cards.append(Card(doc or DEFAULT_DOC, pid, lang, question, where))
    return cards
