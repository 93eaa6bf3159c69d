"""What the chat answers a routed message with (issue 11): plain dicts, no interface code, so the
page, the benchmarks and the tests share them.

- ``ruling``: query.rulings.scenario.rule_text (the plain-language reader), or, once the user has
  changed the facts, query.rulings.reasoner.rule on the edited facts. The reader's contract is
  read defensively: ``understood`` {facts, spans} and ``missing`` [{fact, question, options:
  [{value, label}]}] when it gives them, the older ``parsed.facts`` and bare option values when
  not; a reader's verdict that the text is a question about the Laws sends it to search.
- ``search``: query.search.hybrid hits plus the no-good-match verdict (query/ask/match.py).
- ``provision``: query.lookup.law, in any document (``ccba2018:21``).
- ``score`` (Law 77), ``imps`` (Law 78B), ``vp`` (WBF scale, Taiwan regulations 第八二條),
  ``schedule`` (CCBA 2018 articles 21-22, Taiwan regulations): query.scoring.
Each raises BadInput with one line when the message cannot be answered that way.
"""
from __future__ import annotations

import threading
from collections import OrderedDict

from query.ask.router import AskError
from query.errors import BadInput

SEARCH_K = 10
NO_IRREGULARITY = ("no irregularity recognised: say what went wrong (an insufficient bid, a lead out of turn, "
                   "a revoke ...) and who did it")
MAX_PARTS = 8           # parts of an article shown when it has no text of its own
_LOCK = threading.Lock()
_SEARCH = None


class _MemoEncoder:
    """The search's query encoder with a small memory: the verdict's signals and the hits read the
    same query vector, and a conversation often repeats a question in another language view."""

    def __init__(self, encoder, size: int = 256):
        self._enc, self._size, self._memo, self._lock = encoder, size, OrderedDict(), threading.Lock()
        self.name = getattr(encoder, "name", "encoder")

    def query(self, text: str):
        with self._lock:
            if text in self._memo:
                self._memo.move_to_end(text)
                return self._memo[text]
        v = self._enc.query(text)
        with self._lock:
            self._memo[text] = v
            while len(self._memo) > self._size:
                self._memo.popitem(last=False)
        return v


def search_engine():
    """The process's one loaded search index (query.search.hybrid.shared), its encoder memoised."""
    global _SEARCH
    if _SEARCH is None:
        with _LOCK:
            if _SEARCH is None:
                from query.search.hybrid import shared
                s = shared()
                if not isinstance(s.encoder, _MemoEncoder):
                    s._encoder = _MemoEncoder(s.encoder)
                _SEARCH = s
    return _SEARCH


_GRAPH_LOCK = threading.Lock()


def graph():
    """The process's graph with its rule base (query.graph.shared caches but does not lock: the
    warm-up thread and a first message must not load it twice at once)."""
    from query.graph import shared
    from query.rulings.reasoner import rule_base
    with _GRAPH_LOCK:
        g = shared()
        rule_base(g)
    return g


def warm(load_graph: bool = True, load_search: bool = True) -> None:
    """Load what the first turn needs (the graph, the rule base, the search index and its encoder),
    so the first answer does not pay for it. Safe to call from a background thread."""
    if load_graph:
        graph()
    if load_search:        # the first queries load the encoder, jieba and OpenCC: one of each language
        for q in ("insufficient bid", "對手叫價不足可以接受嗎", "藏牌成立后怎么处理"):
            search(q, k=1)
    if load_graph:
        from query.ask.router import route
        from query.rulings.scenario import rule_text
        rule_text(graph(), route("West bid 1H over North's 1S")["text"], "en")


# --- rulings ------------------------------------------------------------------------------------

def _options(raw: list) -> list[dict]:
    out = []
    for o in raw or []:
        if isinstance(o, dict) and "value" in o:
            out.append({"value": o["value"], "label": o.get("label")})
        else:
            out.append({"value": o, "label": None})
    return out


def ruling(g, text: str, lang: str, answers: dict | None = None, facts: dict | None = None) -> dict:
    """A ruling from the message (or from edited facts), in the shape the page renders:
    {kind, understood: {facts, spans}, steps, rectifications, judgement, missing, citations} and, while
    a non-offender's option is open, the ruling of each answer (options, Law 10C1)."""
    from query import inputs
    from query.rulings.facts import FactError
    # the page hands these over as values, not JSON text: the one decoder's limits all the same
    answers = inputs.json_value(dict(answers or {}), "an answer")
    facts = inputs.json_value(facts, "a fact") if facts is not None else None
    try:
        if facts is not None:
            from query.rulings.reasoner import rule
            out = rule(g, {**facts, **answers}, lang)
            understood = {"facts": {**facts, **answers}, "spans": []}
        else:
            from query.rulings.scenario import rule_text
            try:
                out = rule_text(g, text, lang, answers)
            except BadInput as e:
                if "no irregularity" not in str(e):
                    raise
                # the reader's own message speaks to the command line (--facts); the chat says what to add
                raise AskError("no_irregularity", NO_IRREGULARITY) from None
            understood = out.get("understood") or {}
            if not understood.get("facts"):
                understood = {"facts": (out.get("parsed") or {}).get("facts") or out.get("facts") or {},
                              "spans": understood.get("spans") or []}
    except FactError as e:
        raise BadInput(str(e).splitlines()[0]) from None
    if out.get("law_question") or out.get("verdict") in ("law_question", "question", "law-question"):
        raise NotATableSituation("the reader took the message for a question about the Laws")
    missing = [{"fact": m["fact"], "question": m.get("question") or m["fact"], "options": _options(m.get("options"))}
               for m in out.get("missing") or []]
    return {"kind": "ruling", "lang": lang, "understood": understood, "answers": answers,
            "edited": facts is not None, "facts": out.get("facts") or {}, "presumed": out.get("presumed") or {},
            "steps": out.get("steps") or [], "rectifications": out.get("rectifications") or [],
            "judgement": out.get("judgement") or [], "missing": missing, "citations": out.get("citations") or [],
            **({"options": out["options"]} if out.get("options") else {})}


class NotATableSituation(BadInput):
    """The reader found no table situation in the message: the chat searches instead."""


def ruling_or_search(g, text: str, lang: str) -> dict:
    """A ruling; search hits when the reader reads a question about the Laws; search hits with a note
    saying so when it recognises no irregularity."""
    try:
        return ruling(g, text, lang)
    except NotATableSituation:
        return search(text, lang)
    except BadInput as e:
        if "no irregularity" not in str(e) and "cannot be ruled" not in str(e):
            raise
        out = search(text, lang)
    out["fell_back"] = "ruling"
    return out


# --- search -------------------------------------------------------------------------------------

def search(text: str, lang: str | None = None, k: int = SEARCH_K) -> dict:
    """Hits in the message's language (or `lang`), with the no-good-match verdict."""
    from query.ask.match import good_match, signals
    from query.search.tokenize import detect_lang
    s = search_engine()
    r = s.search(text, k=k, lang=lang)
    sig = signals(s, s.components(r["query"], detect_lang(r["query"])), r["query"])
    return {"kind": "search", "lang": r["lang"], "hits": r["hits"], "signals": sig, "good": good_match(sig)}


# --- provisions, scores, schedules --------------------------------------------------------------

def provision(g, doc: str, pid: str) -> dict:
    from query.lookup import LookupError_, law
    try:
        r = law(g, pid, doc)
    except LookupError_ as e:
        raise BadInput(str(e).splitlines()[0]) from None
    texts = {k: v for k, v in (r.get("texts") or {}).items() if v}
    parts = []
    if not texts:             # an article with no text of its own (CCBA 21): its parts, in order
        todo, looked = list(r.get("children") or []), 0
        while todo and len(parts) < MAX_PARTS and looked < 4 * MAX_PARTS:
            looked += 1
            try:
                c = law(g, todo.pop(0), doc)
            except LookupError_:
                continue
            own = {k: v for k, v in (c.get("texts") or {}).items() if v}
            if own:
                parts.append({"provision": c["provision"], "texts": own})
            else:
                todo[:0] = c.get("children") or []
    return {"kind": "provision", "doc": doc, "provision": r["provision"], "texts": texts,
            "titles": {k: v for k, v in (r.get("titles") or {}).items() if v}, "parts": parts,
            "children": r.get("children") or [], "cites": r.get("cites") or [], "cited_by": r.get("cited_by") or []}


def score(contract: str, vulnerable: bool, tricks: int, assumed: list[str]) -> dict:
    from query.scoring.laws import score as law77
    return {"kind": "score", **law77(contract, vulnerable=vulnerable, tricks=tricks), "assumed": assumed}


def imps(diff: int) -> dict:
    from query.scoring.laws import imps as law78b
    return {"kind": "imps", **law78b(diff)}


def vp(g, margin: int, boards: int | None) -> dict:
    from query.scoring.schedules import imp_to_vp
    if boards is None:
        raise AskError("boards", "say how many boards the match had (e.g. 20 IMPs over 16 boards)")
    return {"kind": "vp", **imp_to_vp(g, margin, boards)}


def schedule(g, name: str, value: float, assumed: list[str], alternatives: list[str],
             variant: str | None = None, lang: str = "en") -> dict:
    from query.scoring.schedules import banded, list_schedules
    titles = {s["schedule"]: s["titles"] for s in list_schedules(g)}
    r = banded(g, name, value, variant, lang)
    return {"kind": "schedule", **r, "titles": titles.get(name, {}), "assumed": assumed,
            "alternatives": [{"schedule": a, "titles": titles.get(a, {})} for a in alternatives if a in titles]}


def answer(g, route: dict) -> dict:
    """The answer to one routed message (query/ask/router.py `route`)."""
    kind, lang = route["kind"], route["lang"]
    if kind == "provision":
        return provision(g, route["doc"], route["id"])
    if kind == "score":
        return score(route["contract"], route["vulnerable"], route["tricks"], route["assumed"])
    if kind == "imps":
        return imps(route["diff"])
    if kind == "vp":
        return vp(g, route["imps"], route["boards"])
    if kind == "schedule":
        return schedule(g, route["schedule"], route["value"], route["assumed"], route["alternatives"],
                        route.get("variant"), lang)
    if kind == "search":
        return search(route["text"], lang)
    if kind == "ruling":
        if route.get("forced"):
            return ruling(g, route["text"], lang)
        return ruling_or_search(g, route["text"], lang)
    raise BadInput(f"unknown kind of answer '{kind}'")
