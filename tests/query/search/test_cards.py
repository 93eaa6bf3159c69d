"""Question cards (query/search/cards.py, query/search/data/questions/): search aids filed under the provision
that answers them. They must name real provisions, cover the 2017 Laws in all three languages, be
users' words rather than copies of the law, and a malformed row must be reported by file and line."""
from __future__ import annotations

import re
from collections import defaultdict

import pytest

from query.search import cards
from query.search.hybrid import _units_from_graph
from query.search.tokenize import fold


@pytest.fixture(scope="module")
def units():
    from query.graph import shared
    return _units_from_graph(shared())[0]


@pytest.fixture(scope="module")
def all_cards():
    return cards.load()


def test_every_card_names_a_provision_with_text(units, all_cards):
    known = {(u.doc, u.provision) for u in units if u.term is None}
    unknown = [c.source for c in all_cards if (c.doc, c.provision) not in known]
    assert not unknown, unknown[:20]


def test_every_2017_provision_has_cards_in_each_language(units, all_cards):
    have = defaultdict(set)
    for c in all_cards:
        have[(c.doc, c.provision)].add(c.lang)
    provisions = [u for u in units if u.doc == "wbf2017" and u.term is None]
    missing = [(u.provision, lang) for u in provisions for lang in u.langs() if lang not in have[(u.doc, u.provision)]]
    # every provision with text, in every language it has a text in
    assert len(provisions) > 600
    assert not missing, missing[:20]


def test_cards_are_questions_not_copies_of_the_law(units, all_cards):
    """A card is in users' words: none repeats a long stretch of its provision's text (20 characters
    of folded Chinese, 8 English words)."""
    text = {(u.doc, u.provision): u.texts for u in units if u.term is None}
    copies = []
    for c in all_cards:
        law = fold(text[(c.doc, c.provision)].get(c.lang, ""))
        q = fold(c.question)
        if c.lang == "en":
            words = re.findall(r"[a-z0-9']+", q)
            grams = {" ".join(words[i:i + 8]) for i in range(len(words) - 7)}
            law_words = " ".join(re.findall(r"[a-z0-9']+", law))
            if any(g in law_words for g in grams):
                copies.append(c.source)
        elif any(q[i:i + 20] in law for i in range(len(q) - 19)):
            copies.append(c.source)
    assert len(copies) <= 0.01 * len(all_cards), copies[:20]


def test_cards_use_each_sides_words(all_cards):
    """Traditional cards are written with Taiwan words, Simplified with mainland ones: 夢家 and 明手
    both appear, in the expected columns (users mix them, so this is a majority, not a rule)."""
    hant = " ".join(c.question for c in all_cards if c.lang == "zh-Hant")
    hans = " ".join(c.question for c in all_cards if c.lang == "zh-Hans")
    assert hant.count("夢家") > hant.count("明手")
    assert hans.count("明手") > hans.count("梦家")
    assert hant.count("派司") > 0 and hans.count("不叫") > hans.count("派司")


def test_malformed_rows_are_reported_by_file_and_line(tmp_path):
    (tmp_path / "a.tsv").write_text("provision\tlang\tquestion\n27A1\ten\tcan I accept a bid that is too low?\n"
                                   "27A1\tfr\tpuis-je accepter ?\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"a\.tsv:3: unknown language 'fr'"):
        cards.load(tmp_path)
    (tmp_path / "a.tsv").write_text("27A1\tonly two columns\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"a\.tsv:1: expected 3 tab-separated columns"):
        cards.load(tmp_path)
    (tmp_path / "a.tsv").write_text("ccba2018:21-1(1)\tzh-Hans\t迟到怎么罚\n", encoding="utf-8")
    assert cards.load(tmp_path) == [cards.Card("ccba2018", "21-1(1)", "zh-Hans", "迟到怎么罚", "a.tsv:1")]


def test_a_card_for_an_unknown_provision_stops_the_index_build(monkeypatch, tmp_path):
    from query.search import hybrid as search
    (tmp_path / "a.tsv").write_text("27Z9\ten\twhat if?\n", encoding="utf-8")
    monkeypatch.setattr(cards, "CARDS_DIR", tmp_path)
    monkeypatch.setattr(cards.load, "__defaults__", (tmp_path,))
    from query.search.hybrid import Unit
    with pytest.raises(ValueError, match=r"a\.tsv:1: no provision wbf2017:27Z9"):
        search._cards_by_unit([Unit(doc="wbf2017", provision="27A1", law=27, order=1)])
