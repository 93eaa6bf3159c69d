"""The answer to a plain-language scenario (DESIGN.md section 7, `rule "TEXT" --json`): what was
understood (facts with their source spans in the user's own text), what is missing (questions in
the user's language with answer options), the ruling, and the further irregularities of the story.

Also the typed reading of the user's answers (`--answer FACT=VALUE`), checked against the fact
vocabulary of ontology/scenario.ttl.
"""
from __future__ import annotations

from functools import lru_cache

from query import inputs
from query.errors import BadInput
from query.rulings.facts import FactDef, check_value, parse_call, parse_card, parse_seat

YES_NO = {"en": ("yes", "no"), "zh-Hant": ("是", "否"), "zh-Hans": ("是", "否")}
SEAT_LABELS = {"en": {"N": "North", "E": "East", "S": "South", "W": "West"},
               "zh-Hant": {"N": "北家", "E": "東家", "S": "南家", "W": "西家"},
               "zh-Hans": {"N": "北家", "E": "东家", "S": "南家", "W": "西家"}}
NOT_RULED = {"en": "Not enough was understood to rule; please answer the question.",
             "zh-Hant": "所理解之事實不足以裁決，請回答問題。", "zh-Hans": "所理解的事实不足以裁决，请回答问题。"}
# the second opinion (told_like.py) disagreed with the replay: say what was read and why it is asked
UNSURE_KIND = {"en": "The story reads as {read}, but the stories told most like it were about {alike}. "
                     "Which was it?",
               "zh-Hant": "此描述讀作{read}，但與之最相似的描述皆關於{alike}。究竟是哪一種？",
               "zh-Hans": "此描述读作{read}，但与之最相似的描述都是关于{alike}。究竟是哪一种？"}
QUOTES = {"en": "“%s”", "zh-Hant": "「%s」", "zh-Hans": "“%s”"}
LAW_QUESTION = {"en": "This asks about the Laws rather than describing a table situation: search the Laws for it.",
                "zh-Hant": "這是關於規則之提問，而非牌桌情況之描述：請以搜尋查閱規則。",
                "zh-Hans": "这是关于规则的提问，而不是牌桌情况的描述：请用搜索查阅规则。"}


@lru_cache(maxsize=4)
def irregularity_labels(graph_id: int, g) -> dict[str, dict[str, str]]:   # noqa: ARG001 (cache key)
    from query.lookup import lang_tag
    q = """PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
    SELECT ?n ?l WHERE { ?c skos:inScheme <https://w3id.org/bridge-laws/irregularity> ; skos:notation ?n ; skos:prefLabel ?l }"""
    out: dict[str, dict[str, str]] = {}
    for n, label in g.query(q):
        out.setdefault(str(n), {})[lang_tag(label)] = str(label)
    return out


@lru_cache(maxsize=1)
def value_labels() -> dict[str, dict[str, str]]:
    """Labels of the enumerated facts' values (option_labels.tsv: value, en, zh-Hant, zh-Hans)."""
    from pathlib import Path
    rows = (Path(__file__).resolve().parent / "option_labels.tsv").read_text(encoding="utf-8").splitlines()
    head = rows[0].split("\t")
    return {r.split("\t")[0]: dict(zip(head[1:], r.split("\t")[1:])) for r in rows[1:] if r.strip()}


def option_label(fact: str, value, lang: str, g=None) -> str:
    if isinstance(value, bool):
        return YES_NO[lang][0 if value else 1]
    if fact == "irregularity" and g is not None:
        labels = irregularity_labels(id(g), g).get(value, {})
        return labels.get(lang) or labels.get("en") or value
    if value in SEAT_LABELS["en"]:
        return SEAT_LABELS[lang][value]
    return value_labels().get(str(value), {}).get(lang) or str(value).replace("_", " ")


def options(d: FactDef, lang: str, g=None, only: list | None = None) -> list[dict]:
    if d.type == "boolean":
        values = [True, False]
    elif d.type == "seat":
        values = ["N", "E", "S", "W"]
    else:
        values = list(only or d.allowed)
    return [{"value": v, "label": option_label(d.key, v, lang, g)} for v in values]


def question(d: FactDef, lang: str, g=None, only: list | None = None) -> dict:
    m = {"fact": d.key, "question": d.question.get(lang) or d.question.get("en", d.key)}
    opts = options(d, lang, g, only)
    if opts:
        m["options"] = opts
    return m


def typed_answer(fact: str, raw, vocab: dict[str, FactDef]):
    """A user's answer (a string from --answer, or a JSON value from the chat) as the fact's type,
    checked as a fact file's value is: an answer outside the fact's values is the user's error (exit
    2), not a contradiction of what was read."""
    value = _typed(fact, raw, vocab)
    d = vocab[fact]
    return value if d.type == "auction" else check_value(fact, d, value)


def _typed(fact: str, raw, vocab: dict[str, FactDef]):
    d = vocab.get(fact)
    if d is None or d.derived_only:
        raise BadInput(f"--answer: unknown fact {inputs.quote(fact)} (the facts are listed in docs/scenario-facts.md)")
    if not isinstance(raw, str):       # a JSON value (the chat's quick replies)
        return raw
    s = raw.strip()
    if d.type == "boolean":
        low = s.lower()
        if low in ("true", "yes", "y", "1", "是", "对", "對"):
            return True
        if low in ("false", "no", "n", "0", "否", "不", "不是"):
            return False
        raise BadInput(f"--answer {fact}: {inputs.quote(raw)} is not yes or no")
    if d.type == "integer":
        if not (s.lstrip("-").isascii() and s.lstrip("-").isdigit()) or len(s) > 6:     # not "²" (isdigit, not int)
            raise BadInput(f"--answer {fact}: {inputs.quote(raw)} is not a whole number")
        return int(s)
    if d.type == "seat":
        return parse_seat(s, f"--answer {fact}")
    if d.type == "call":
        return str(parse_call(s, f"--answer {fact}"))
    if d.type == "cards":
        return [parse_card(c, f"--answer {fact}") for c in s.replace(" ", ",").split(",") if c]
    if d.type in ("seated_call", "auction"):
        if d.type == "seated_call" and ":" in s and not s.startswith("{"):
            seat, call = s.split(":", 1)
            return {"seat": parse_seat(seat, f"--answer {fact}"), "call": str(parse_call(call, f"--answer {fact}"))}
        try:
            return inputs.load_json(s, f"--answer {fact}")
        except BadInput:
            if d.type == "auction":
                return [c for c in s.replace(",", " ").split() if c]
            raise BadInput(f"--answer {fact}: give a seat and a call, e.g. E:1H") from None
    return s


def spans_json(spans, text: str) -> list[dict]:
    """The words each fact came from, cut from the user's own `text` (the reader reads a folded copy
    whose offsets are the same)."""
    out, seen = [], set()
    for fact, value, m in spans:
        if m is None:
            continue
        key = (fact, m.start, m.end)
        if key in seen:
            continue
        seen.add(key)
        out.append({"fact": fact, "value": value, "text": text[m.start:m.end], "start": m.start, "end": m.end})
    return out
