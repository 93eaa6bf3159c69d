"""Words for BM25, in English, Traditional and Simplified Chinese.

- `fold()`: NFKC (full-width letters and digits, compatibility forms), lower case, and Traditional
  folded into Simplified with OpenCC (`t2s`, character by character): 夢家 -> 梦家, 應跟未跟 -> 应跟未跟.
  The Taiwan and mainland *words* still differ after folding (梦家 / 明手); the synonym table and
  the glossary (query/search/glossary.py) join those.
- `detect_lang()`: en, zh-Hant or zh-Hans, from the characters that OpenCC changes one way or the
  other; a tie is broken by Taiwan / mainland bridge words (夢家, 派司 / 明手, 不叫).
- `tokens()`: English words, lower-cased, stop words dropped, lightly stemmed (revoke, revoked,
  revokes -> revok); Chinese runs cut by jieba (with every bridge term of the glossary and the
  synonym table added to its dictionary, so 应跟未跟 stays one word), stop words dropped.
"""
from __future__ import annotations

import logging
import re
import threading
import unicodedata
from functools import lru_cache

from query.search.embedding import CACHE

LANGS = ("en", "zh-Hant", "zh-Hans")

_CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_RUN = re.compile(rf"[{_CJK}]+|[a-z0-9]+(?:'[a-z]+)?")
_HAS_CJK = re.compile(rf"[{_CJK}]")

EN_STOP = frozenset("""
a about above after again against all also am an and any are as at be because been before being below
between both but by can cannot could did do does doing done down during each either else etc ever few
for from further get gets got had has have having he her here hers herself him himself his how i if in
into is it its itself just let lets may me might more most must my myself need no nor not now of off
on once one only or other ought our ours ourselves out over own same shall she should so some such
than that the their theirs them themselves then there these they this those through thus to too
under until up upon very want was we were what whatever when where whether which while who whom whose
why will with within would yes yet you your yours yourself yourselves s t d ll re ve m
""".split())

ZH_STOP = frozenset("""
的 了 是 吗 呢 吧 啊 呀 嘛 么 我 你 他 她 它 我们 你们 他们 她们 自己 可以 可不可以 能 能不能 能否 要 会 会不会
什么 怎么 怎么办 怎么样 怎样 如何 为什么 为何 哪 哪些 哪个 哪里 一 一个 这 那 这个 那个 这样 那样 就 都 还 也 在
和 与 及 或 或者 被 把 给 从 时 时候 之 其 该 此 等 着 过 个 有 没 没有 不 又 再 很 太 才 已经 请问 是不是
得 应 须 应该 应当 必须 如果 若 则 而 并 并且 但 但是 以 于 即 却 所 由 为 向 让 使 一下 一次
吗 嗎 么 吧 啦 呗 喔 哦 嗯 还是 还能 还可以 到底 算 算是 几 多少 处理 情况 问题 请问 一下子 的话
""".split()) | {",", "，", "。", "、", "？", "?", "！", "!", "：", ":", "；", ";", "“", "”", "「", "」", "（", "）"}


@lru_cache(maxsize=1)
def _t2s():
    import opencc
    return opencc.OpenCC("t2s")


@lru_cache(maxsize=1)
def _s2t():
    import opencc
    return opencc.OpenCC("s2t")


def fold(text: str) -> str:
    """NFKC, lower case, Traditional -> Simplified."""
    text = unicodedata.normalize("NFKC", text).lower()
    return _t2s().convert(text) if _HAS_CJK.search(text) else text


def has_cjk(text: str) -> bool:
    return bool(_HAS_CJK.search(text))


# Words that say which side of the strait a tie-breaking query comes from (after folding).
_TAIWAN_WORDS = ("梦家", "派司", "赌倍", "应跟未跟", "磴", "罚张", "攻牌", "叫价", "叫品", "敌家", "违常", "赛员", "牌套(盒)")
_MAINLAND_WORDS = ("明手", "不叫", "加倍", "藏牌", "墩", "引牌", "首引", "搭档", "违例", "牌手", "定约", "声称")


def detect_lang(text: str) -> str:
    """en, zh-Hant or zh-Hans: Chinese if there is any CJK character; Traditional or Simplified by
    which characters OpenCC would change; a tie goes by the bridge words, then to zh-Hans."""
    if not has_cjk(text):
        return "en"
    chars = [c for c in text if _HAS_CJK.match(c)]
    trad = sum(1 for c in chars if _t2s().convert(c) != c)
    simp = sum(1 for c in chars if _s2t().convert(c) != c)
    if trad != simp:
        return "zh-Hant" if trad > simp else "zh-Hans"
    folded = fold(text)
    tw = sum(folded.count(w) for w in _TAIWAN_WORDS)
    cn = sum(folded.count(w) for w in _MAINLAND_WORDS)
    return "zh-Hant" if tw > cn else "zh-Hans"


def stem(word: str) -> str:
    """A light English stemmer (no stemming package is installed): plurals, -ed, -ing, final e/y.
    revoke / revoked / revokes / revoking -> revok; bidding -> bid; dummies / dummy -> dummi."""
    w = word
    if len(w) < 4 or not w.isalpha():
        return w
    if w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("sses"):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    for suf in ("ingly", "edly", "ing", "ed"):
        if w.endswith(suf) and len(w) - len(suf) >= 3 and re.search("[aeiouy]", w[:-len(suf)]):
            w = w[:-len(suf)]
            if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":
                w = w[:-1]
            break
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    if len(w) > 3 and w.endswith("y"):
        w = w[:-1] + "i"
    return w


_JIEBA_LOCK = threading.Lock()
_JIEBA = None
_JIEBA_WORDS: set[str] = set()


def _jieba():
    """One jieba tokenizer, quiet, with its cache file in .cache/, plus our bridge words."""
    global _JIEBA
    if _JIEBA is None:
        with _JIEBA_LOCK:
            if _JIEBA is None:
                import jieba
                jieba.setLogLevel(logging.WARNING)
                jieba.default_logger.setLevel(logging.WARNING)
                tk = jieba.Tokenizer()
                try:
                    CACHE.mkdir(parents=True, exist_ok=True)
                    tk.tmp_dir = str(CACHE)
                    tk.cache_file = "jieba.cache"
                except OSError:
                    pass
                tk.initialize()
                for w in _default_user_words():
                    _JIEBA_WORDS.add(w)
                for w in sorted(_JIEBA_WORDS):
                    tk.add_word(w, freq=_FREQ)
                _JIEBA = tk
    return _JIEBA


_FREQ = 200000


def add_word(word: str) -> None:
    """Keep a (folded) bridge term as one word when jieba cuts Chinese."""
    w = fold(word).strip()
    if not w or not has_cjk(w) or w in _JIEBA_WORDS:
        return
    with _JIEBA_LOCK:
        _JIEBA_WORDS.add(w)
        if _JIEBA is not None:
            _JIEBA.add_word(w, freq=_FREQ)


def _default_user_words() -> list[str]:
    """The synonym table's Chinese words, folded (the glossary's are added by the search)."""
    from query.search.synonyms import synonym_rows
    words = []
    for row in synonym_rows():
        for lang in ("zh-Hant", "zh-Hans"):
            words += [w for w in (fold(x).strip() for x in row[lang]) if w and has_cjk(w)]
    return words


def cut_chinese(run: str) -> list[str]:
    """jieba's search mode: a long word and the shorter words inside it (不足叫价 -> 不足, 叫价,
    不足叫价), so a compound in the law still meets its parts in a question and the other way round."""
    return _jieba().lcut_for_search(run, HMM=True)


def tokens(text: str) -> list[str]:
    """BM25 terms of a text in any of the three languages (mixed is fine)."""
    out: list[str] = []
    for m in _RUN.finditer(fold(text)):
        run = m.group()
        if _HAS_CJK.match(run):
            out += [w for w in cut_chinese(run) if w.strip() and w not in ZH_STOP]
        else:
            w = run.split("'")[0]
            if w not in EN_STOP and not (w.isdigit() and len(w) > 3):
                out.append(stem(w))
    return out


def cjk_bigrams(text: str) -> list[str]:
    """Overlapping character pairs of the Chinese runs of a folded text (迟到 -> 迟到; 不按顺序 ->
    不按, 按顺, 顺序): a second, segmentation-free view of Chinese for BM25."""
    out = []
    for m in _RUN.finditer(fold(text)):
        run = m.group()
        if _HAS_CJK.match(run):
            out += [run[i:i + 2] for i in range(len(run) - 1)]
    return out


def to_simplified(text: str) -> str:
    """Traditional characters as Simplified (OpenCC t2s), nothing else changed."""
    return _t2s().convert(text) if _HAS_CJK.search(text) else text
