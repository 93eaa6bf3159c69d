"""The interface's translation table (app/labels/labels.tsv): every row in three languages with
the same placeholders, none named like t()'s own parameters (a {lang} placeholder made
t("laws.search.count", ui, lang=...) raise TypeError on every search: the regression this guards)."""
from __future__ import annotations

import re
import string

from app.components.labels import LANGS, table, t


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_label_has_three_languages_and_the_same_placeholders():
    rows = table()
    assert len(rows) > 100
    for key, row in rows.items():
        fields = {lang: _fields(row[lang]) for lang in LANGS}
        assert fields["en"] == fields["zh-Hant"] == fields["zh-Hans"], (key, fields)
        assert not fields["en"] & {"key", "lang"}, f"{key}: a placeholder shadows t()'s parameter"


def test_labels_used_by_the_pages_exist():
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "app"
    used = set()
    for f in list(root.glob("pages/*.py")) + list(root.glob("components/*.py")) + [root / "streamlit_app.py"]:
        used |= set(re.findall(r'\bt\(\s*"([a-z][\w.-]+)"', f.read_text(encoding="utf-8")))
    missing = sorted(k for k in used if k not in table() and not k.endswith("."))   # "prefix." + code: built keys
    assert not missing, missing
    assert t("laws.search.count", "zh-Hant", n=3, shown="繁體中文").startswith("3 條")


def test_a_fact_value_missing_from_the_interface_table_is_labelled_from_the_readers_options():
    """A ruling's chips showed "摊牌或让墩: concession" and "对摊牌的回应: agreed" in Chinese (seen in a screenshot):
    the values the interface table lacks come from query/rulings/scenario/option_labels.tsv."""
    from app.components.chat_ruling import value_label
    assert value_label("concession", "zh-Hans") == "让墩"
    assert value_label("agreed", "zh-Hant") == "同意"
    assert value_label("disputed", "en") == "disputed"
    assert value_label("revoke", "zh-Hans") == t("ask.value.revoke", "zh-Hans")     # the interface table first
    assert value_label("extraneous_information", "zh-Hant") == "來自其他來源之外來資訊"  # a kind from the graph's labels
