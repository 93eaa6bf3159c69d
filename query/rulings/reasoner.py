"""The executable reasoner: rules-as-code over scenario facts, with a step-by-step ruling.

The rules are data (ontology/rules/*.ttl, loaded with the rest of the graph); this module is
generic. For a scenario it

1. validates the facts against the vocabulary (query/rulings/facts.py) and works out what they imply
   at the table (whose turn it was, the offender's role ...);
2. runs every rule to a fixpoint in three-valued logic: a rule applies when its condition
   (blr:when) is true, one of the rules it is triggered by (blr:triggeredBy) applies, and no
   rule that is an exception to it (blr:exceptionTo) applies -- default logic as in Catala,
   never rule order. A rule that applies may derive facts (blr:sets) other rules use; the
   engine repeats until the derived facts no longer change;
3. returns the steps (the rules that apply, ordered by dependency and then by the Laws'
   own order), each with its provision, the clause's strength and text in the user's language
   quoted from the graph (bl:hasStrengthTag, bl:text) and the rule's conclusion; the
   rectifications (concepts of the SKOS scheme, with parameters); the judgement points
   (the Director's, never decided here); the facts still missing, as questions in the user's
   language; and the citations.

A fact the scenario lacks makes a condition unknown, not false: the rule is pending, and the
engine asks for the fact (for each pending rule the missing fact first in sc:askOrder, so the
questions come one decision at a time). Facts with a default (sc:default) are presumptions,
used and reported; facts only the rules set (sc:derivedOnly) are closed-world.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from rdflib import Graph, URIRef

from query.errors import BadInput
from query.rulings.facts import FactDef, FactError, derive, load_vocabulary, read_scenario, seats_of, validate
from query.rulings.options import explain_options
from query.lookup import PREFIXES, iri_value, lang_tag

LANGS = ("en", "zh-Hant", "zh-Hans")
RULE_NS = "https://w3id.org/bridge-laws/rule/"
RECT_NS = "https://w3id.org/bridge-laws/rectification/"
WBF_NS = "https://w3id.org/bridge-laws/wbf2017/"
DOC_NS = "https://w3id.org/bridge-laws/"
# regulations whose provisions rules may implement (the Laws leave the matter to them)
RULE_REGULATIONS = ("wbfalert2023",)
SC_NS = "https://w3id.org/bridge-laws/scenario#"
ROLE_NAMES = {
    "en": {"offender": "the offender", "partner": "the offender's partner", "lho": "the offender's LHO",
           "rho": "the offender's RHO", "declarer": "declarer", "dummy": "dummy"},
    "zh-Hant": {"offender": "違規者", "partner": "違規者之同伴", "lho": "違規者之左敵家", "rho": "違規者之右敵家",
                "declarer": "莊家", "dummy": "夢家"},
    "zh-Hans": {"offender": "违规者", "partner": "违规者的搭档", "lho": "违规者的下家", "rho": "违规者的上家",
                "declarer": "庄家", "dummy": "明手"},
}
SEAT_NAMES = {"en": {"N": "North", "E": "East", "S": "South", "W": "West"},
              "zh-Hant": {"N": "北家", "E": "東家", "S": "南家", "W": "西家"},
              "zh-Hans": {"N": "北家", "E": "东家", "S": "南家", "W": "西家"}}
PLACEHOLDERS = set(ROLE_NAMES["en"])


class RuleError(RuntimeError):
    """A rule file that does not load: an unknown fact, a wrong literal, a cycle. A bug in the
    rules, not in the user's input."""


# ---------------------------------------------------------------------------------------------
# The condition language: fact = 'v' | fact != 'v' | fact in ['a', 'b'] | fact < 3 | fact
#                         combined with and, or, not and parentheses.
# ---------------------------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(?P<num>-?\d+)|(?P<str>'[^']*')|(?P<op><=|>=|!=|=|<|>)|(?P<punct>[()\[\],])|"
                    r"(?P<name>[A-Za-z_][A-Za-z0-9_]*))")


def _tokens(src: str) -> list[tuple[str, object]]:
    out, pos = [], 0
    src = src.strip()
    while pos < len(src):
        m = _TOKEN.match(src, pos)
        if not m or m.end() == pos:
            raise RuleError(f"cannot read condition at '{src[pos:pos + 20]}' in: {src}")
        pos = m.end()
        kind = m.lastgroup
        text = m.group(kind)
        if kind == "num":
            out.append(("lit", int(text)))
        elif kind == "str":
            out.append(("lit", text[1:-1]))
        elif kind == "name" and text in ("true", "false"):
            out.append(("lit", text == "true"))
        elif kind == "name" and text in ("and", "or", "not", "in"):
            out.append((text, text))
        else:
            out.append((kind, text))
    return out


class _Parser:
    def __init__(self, src: str):
        self.src, self.toks, self.i = src, _tokens(src), 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else (None, None)

    def take(self, kind=None, text=None):
        k, t = self.peek()
        if (kind and k != kind) or (text is not None and t != text):
            raise RuleError(f"condition: expected {text or kind} at token {self.i + 1} in: {self.src}")
        self.i += 1
        return t

    def parse(self):
        node = self.orx()
        if self.i != len(self.toks):
            raise RuleError(f"condition: unexpected '{self.toks[self.i][1]}' in: {self.src}")
        return node

    def orx(self):
        items = [self.andx()]
        while self.peek()[0] == "or":
            self.take("or")
            items.append(self.andx())
        return items[0] if len(items) == 1 else ("or", items)

    def andx(self):
        items = [self.notx()]
        while self.peek()[0] == "and":
            self.take("and")
            items.append(self.notx())
        return items[0] if len(items) == 1 else ("and", items)

    def notx(self):
        if self.peek()[0] == "not":
            self.take("not")
            return ("not", self.notx())
        return self.atom()

    def atom(self):
        k, t = self.peek()
        if k == "punct" and t == "(":
            self.take()
            node = self.orx()
            self.take("punct", ")")
            return node
        name = self.take("name")
        k, t = self.peek()
        if k == "op":
            self.take()
            return ("cmp", name, t, self.take("lit"))
        if k == "in":
            self.take()
            self.take("punct", "[")
            values = [self.take("lit")]
            while self.peek() == ("punct", ","):
                self.take()
                values.append(self.take("lit"))
            self.take("punct", "]")
            return ("in", name, tuple(values))
        return ("cmp", name, "=", True)


def parse_condition(src: str):
    return _Parser(src).parse()


def condition_facts(node) -> set[str]:
    if node is None:
        return set()
    if node[0] in ("and", "or"):
        return set().union(*(condition_facts(n) for n in node[1]))
    if node[0] == "not":
        return condition_facts(node[1])
    return {node[1]}


def condition_atoms(node):
    if node is None:
        return
    if node[0] in ("and", "or"):
        for n in node[1]:
            yield from condition_atoms(n)
    elif node[0] == "not":
        yield from condition_atoms(node[1])
    else:
        yield node


_ABSENT = object()


class Env:
    """The facts a round sees: given (validated) facts, rule-derived facts, presumptions."""

    def __init__(self, given: dict, derived: dict, vocab: dict[str, FactDef]):
        self.given, self.derived, self.vocab = given, derived, vocab
        self.presumed_used: dict = {}

    def lookup(self, name: str):
        if name in self.derived:
            return self.derived[name]
        if name in self.given:
            return self.given[name]
        d = self.vocab[name]
        if d.derived_only:
            return _ABSENT
        if d.default is not None:
            self.presumed_used[name] = d.default
            return d.default
        return None            # unknown


def evaluate(node, env: Env) -> tuple[bool | None, frozenset]:
    """Kleene three-valued evaluation: (True | False | None, the unknown facts behind a None)."""
    if node is None:
        return True, frozenset()
    op = node[0]
    if op == "and":
        unknown, result = set(), True
        for n in node[1]:
            v, u = evaluate(n, env)
            if v is False:
                return False, frozenset()
            if v is None:
                result = None
                unknown |= u
        return result, frozenset(unknown) if result is None else frozenset()
    if op == "or":
        unknown, result = set(), False
        for n in node[1]:
            v, u = evaluate(n, env)
            if v is True:
                return True, frozenset()
            if v is None:
                result = None
                unknown |= u
        return result, frozenset(unknown) if result is None else frozenset()
    if op == "not":
        v, u = evaluate(node[1], env)
        return (None, u) if v is None else (not v, frozenset())
    name = node[1]
    value = env.lookup(name)
    if value is None:
        return None, frozenset({name})
    if op == "in":
        return (value is not _ABSENT and value in node[2]), frozenset()
    _, _, cmp, lit = node
    if value is _ABSENT:
        return cmp == "!=", frozenset()
    if cmp == "=":
        return value == lit, frozenset()
    if cmp == "!=":
        return value != lit, frozenset()
    return {"<": value < lit, "<=": value <= lit, ">": value > lit, ">=": value >= lit}[cmp], frozenset()


# ---------------------------------------------------------------------------------------------
# Loading the rules from the graph
# ---------------------------------------------------------------------------------------------

@dataclass
class Rect:
    type: str
    party: str | None = None
    chooser: str | None = None
    choice_fact: str | None = None
    count: int | None = None
    amount: str | None = None


@dataclass
class Rule:
    id: str
    judgement: bool
    provision: str
    clause: int | None = None
    word: int = 1
    when_src: str | None = None
    when: object = None
    sets: list = field(default_factory=list)
    exception_to: list = field(default_factory=list)
    triggered_by: list = field(default_factory=list)
    rects: list = field(default_factory=list)
    also_cites: list = field(default_factory=list)
    conclusion: dict = field(default_factory=dict)
    question: dict = field(default_factory=dict)


@dataclass
class Clause:
    text: str
    level: str | None
    word: str | None


@dataclass
class RuleBase:
    rules: dict[str, Rule]
    exceptions_of: dict[str, list[str]]
    vocab: dict[str, FactDef]
    order: dict[str, int]                       # provision id -> bl:order
    texts: dict                                 # (provision, lang) -> {"text": ..., "clauses": {pos: [(offset, level, word, clause)]}}
    rect_labels: dict[str, dict[str, str]]
    setters: dict[str, list[str]]               # fact -> rules that set it


def _local(iri, ns: str) -> str:
    s = str(iri)
    if not s.startswith(ns):
        raise RuleError(f"{s} is not in {ns}")
    return s[len(ns):]


def _pid(iri) -> str:
    """Provision IRI -> id: …/wbf2017/27B1-a -> 27B1(a). A rule may also implement a provision of a
    regulation the Laws point to (21B1(a), 40B2(a)(iii): the Regulating Authority's alerting
    procedures): …/wbfalert2023/2-i -> wbfalert2023:2(i), the document-prefixed id of DESIGN
    section 4."""
    s = str(iri)
    doc = next((d for d in RULE_REGULATIONS if s.startswith(f"{DOC_NS}{d}/")), None)
    slug = s[len(f"{DOC_NS}{doc}/"):] if doc else _local(iri, WBF_NS)
    head, *parens = slug.split("-")
    pid = head + "".join(f"({p})" for p in parens)
    return f"{doc}:{pid}" if doc else pid


def _iri(pid: str) -> str:
    """The inverse of _pid."""
    if ":" in pid:
        doc, local = pid.split(":", 1)
        return f"{DOC_NS}{doc}/{_slug(local)}"
    return f"{WBF_NS}{_slug(pid)}"


def _literal(value: str, d: FactDef):
    if d.type == "boolean":
        if value not in ("true", "false"):
            raise RuleError(f"blr:sets {d.key} = {value}: not true or false")
        return value == "true"
    if d.type == "integer":
        return int(value)
    v = value.strip("'")
    if d.allowed and v not in d.allowed:
        raise RuleError(f"blr:sets {d.key} = {value}: not one of {d.allowed}")
    return v


def load_rules(g: Graph) -> RuleBase:
    vocab = load_vocabulary(g)
    rules: dict[str, Rule] = {}
    q = PREFIXES + """
    PREFIX blr: <https://w3id.org/bridge-laws/rules#>
    SELECT ?r ?type ?impl ?clause ?word ?when WHERE {
      ?r a ?type ; blr:implements ?impl .
      FILTER(?type IN (blr:Rule, blr:JudgementPoint))
      OPTIONAL { ?r blr:clause ?clause } OPTIONAL { ?r blr:word ?word } OPTIONAL { ?r blr:when ?when }
    }"""
    for r, typ, impl, clause, word, when in g.query(q):
        rid = _local(r, RULE_NS)
        judgement = str(typ).endswith("JudgementPoint")
        if rid in rules:
            if judgement:
                rules[rid].judgement = True
            continue
        rule = Rule(rid, judgement, _pid(impl), int(clause) if clause is not None else None,
                    int(word) if word is not None else 1, str(when) if when is not None else None)
        if rule.when_src:
            try:
                rule.when = parse_condition(rule.when_src)
            except RuleError as e:
                raise RuleError(f"rule {rid}: {e}") from None
        rules[rid] = rule
    if not rules:
        raise RuleError("no rules in the graph (ontology/rules/*.ttl not loaded?)")

    def each(prop: str):
        # the predicate is bound, not pasted into the query text (Oxigraph wants it projected)
        rows = g.query(PREFIXES + "SELECT ?r ?o ?prop WHERE { ?r ?prop ?o }",
                       initBindings={"prop": URIRef("https://w3id.org/bridge-laws/rules#" + prop)})
        return [(r, o) for r, o, _ in rows]

    for r, o in each("sets"):
        rid = _local(r, RULE_NS)
        m = re.fullmatch(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(\S+)\s*", str(o))
        if not m or m.group(1) not in vocab:
            raise RuleError(f"rule {rid}: cannot read blr:sets '{o}'")
        rules[rid].sets.append((m.group(1), _literal(m.group(2), vocab[m.group(1)])))
    for prop, attr in (("exceptionTo", "exception_to"), ("triggeredBy", "triggered_by")):
        for r, o in each(prop):
            getattr(rules[_local(r, RULE_NS)], attr).append(_local(o, RULE_NS))
    for r, o in each("alsoCites"):
        rules[_local(r, RULE_NS)].also_cites.append(_pid(o))
    for prop, attr in (("conclusion", "conclusion"), ("question", "question")):
        for r, o in each(prop):
            getattr(rules[_local(r, RULE_NS)], attr)[lang_tag(o)] = str(o)
    q = PREFIXES + """
    PREFIX blr: <https://w3id.org/bridge-laws/rules#>
    SELECT ?r ?o ?t ?party ?chooser ?fact ?count ?amount WHERE {
      ?r blr:rectification ?o .
      OPTIONAL { ?o blr:type ?t }
      OPTIONAL { ?o blr:party ?party } OPTIONAL { ?o blr:chooser ?chooser }
      OPTIONAL { ?o blr:choiceFact ?fact } OPTIONAL { ?o blr:count ?count } OPTIONAL { ?o blr:amount ?amount }
    }"""
    for r, o, t, party, chooser, fact, count, amount in g.query(q):
        rid = _local(r, RULE_NS)
        concept = t if t is not None else o
        rules[rid].rects.append(Rect(_local(concept, RECT_NS), str(party) if party else None,
                                     str(chooser) if chooser else None,
                                     _local(fact, SC_NS) if fact is not None else None,
                                     int(count) if count is not None else None, str(amount) if amount else None))
    for rule in rules.values():
        rule.rects.sort(key=lambda x: (x.type, x.party or "", x.count or 0))
        rule.sets.sort()
        rule.exception_to.sort()
        rule.triggered_by.sort()
        rule.also_cites.sort()

    exceptions_of: dict[str, list[str]] = {}
    for rule in rules.values():
        for target in rule.exception_to + rule.triggered_by:
            if target not in rules:
                raise RuleError(f"rule {rule.id} points to unknown rule {target}")
        for target in rule.exception_to:
            exceptions_of.setdefault(target, []).append(rule.id)
    setters: dict[str, list[str]] = {}
    for rule in rules.values():
        for f, _ in rule.sets:
            setters.setdefault(f, []).append(rule.id)
    rect_labels: dict[str, dict[str, str]] = {}
    q = PREFIXES + """SELECT ?c ?l WHERE { ?c skos:inScheme <https://w3id.org/bridge-laws/rectification> ; skos:prefLabel ?l }"""
    for c, label in g.query(q):
        rect_labels.setdefault(_local(c, RECT_NS), {})[lang_tag(label)] = str(label)

    provisions = sorted({r.provision for r in rules.values()} | {p for r in rules.values() for p in r.also_cites})
    order, texts = _provision_texts(g, provisions)
    base = RuleBase(rules, exceptions_of, vocab, order, texts, rect_labels, setters)
    check(base)
    return base


def _provision_texts(g: Graph, pids: list[str]):
    by_iri = {_iri(p): p for p in pids}
    values = " ".join(iri_value(URIRef(i)) for i in by_iri)      # checked IRIs only, as lookup._texts_of
    q = PREFIXES + f"""
    SELECT ?p ?o ?lang ?text ?title WHERE {{
      VALUES ?p {{ {values} }}
      ?p dcterms:identifier ?id ; bl:order ?o .
      OPTIONAL {{ ?p eli:is_realized_by ?e . ?e dcterms:language ?lang .
                 OPTIONAL {{ ?e bl:text ?text }} OPTIONAL {{ ?e eli:title ?title }} }}
    }}"""
    order, texts = {}, {}
    for node, o, lang, text, title in g.query(q):
        pid = by_iri[str(node)]
        order[pid] = int(o)
        if lang is not None:
            texts[(str(pid), lang_tag(lang))] = {"text": str(text) if text is not None else (str(title) if title else ""),
                                                 "clauses": {}}
    missing = set(pids) - set(order)
    if missing:
        raise RuleError(f"rules implement provisions the graph does not have: {sorted(missing)}")
    q = PREFIXES + f"""
    SELECT ?p ?lang ?pos ?offset ?level ?word ?clause WHERE {{
      VALUES ?p {{ {values} }}
      ?p eli:is_realized_by ?e . ?e dcterms:language ?lang ; bl:hasStrengthTag ?t .
      ?t bl:level ?level ; bl:position ?pos ; bl:clause ?clause .
      OPTIONAL {{ ?t bl:word ?word }} OPTIONAL {{ ?t bl:offset ?offset }}
    }}"""
    for node, lang, pos, offset, level, word, clause in g.query(q):
        entry = texts.get((by_iri[str(node)], lang_tag(lang)))
        if entry is not None:
            entry["clauses"].setdefault(int(pos), []).append(
                (int(offset) if offset is not None else -1, str(level).rsplit("/", 1)[1], str(word or ""), str(clause)))
    for entry in texts.values():
        for tags in entry["clauses"].values():
            tags.sort()
    return order, texts


def _slug(pid: str) -> str:
    from ingest.model import slug
    return slug(pid)


def check(base: RuleBase) -> None:
    """Static checks of the rules against the fact vocabulary: every fact a condition names is
    declared, every literal has the fact's type and is an allowed value, every placeholder is
    known, every rule has an English conclusion (or question), and exceptions and triggers have
    no cycle."""
    for rule in base.rules.values():
        for atom in condition_atoms(rule.when):
            name = atom[1]
            d = base.vocab.get(name)
            if d is None:
                raise RuleError(f"rule {rule.id}: unknown fact '{name}' in its condition")
            lits = atom[3:4] if atom[0] == "cmp" else atom[2]
            for lit in lits:
                ok = {"boolean": isinstance(lit, bool), "integer": isinstance(lit, int) and not isinstance(lit, bool),
                      "enum": isinstance(lit, str) and (not d.allowed or lit in d.allowed)}.get(d.type, False)
                if not ok:
                    raise RuleError(f"rule {rule.id}: '{lit}' is not a value of fact '{name}' ({d.type} {d.allowed or ''})")
        texts = rule.question if rule.judgement else rule.conclusion
        for lang in LANGS:
            if lang not in texts:
                raise RuleError(f"rule {rule.id}: no {'question' if rule.judgement else 'conclusion'} in {lang}")
        for text in list(rule.conclusion.values()) + list(rule.question.values()):
            for ph in re.findall(r"\{([^}]*)\}", text):
                if ph not in PLACEHOLDERS:
                    raise RuleError(f"rule {rule.id}: unknown placeholder {{{ph}}}")
        for rect in rule.rects:
            if rect.type not in base.rect_labels:
                raise RuleError(f"rule {rule.id}: {rect.type} is not in the rectification scheme")
            if rect.choice_fact and rect.choice_fact not in base.vocab:
                raise RuleError(f"rule {rule.id}: unknown choice fact {rect.choice_fact}")
    for start in base.rules:                                  # cycles through exceptions and triggers
        stack, seen = [start], set()
        while stack:
            cur = stack.pop()
            for nxt in base.rules[cur].triggered_by + base.exceptions_of.get(cur, []):
                if nxt == start:
                    raise RuleError(f"rule {start} depends on itself through triggers/exceptions")
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)


_BASES: dict[int, RuleBase] = {}


def rule_base(g: Graph) -> RuleBase:
    """The rules of a loaded graph, loaded once per graph."""
    key = id(g)
    if key not in _BASES:
        _BASES[key] = load_rules(g)
    return _BASES[key]


# ---------------------------------------------------------------------------------------------
# Running a scenario
# ---------------------------------------------------------------------------------------------

MAX_ROUNDS = 30


def _run(base: RuleBase, given: dict) -> tuple[dict, dict, Env]:
    """Fixpoint: returns (status per rule, derived facts, the last round's environment)."""
    derived: dict = {}
    for _ in range(MAX_ROUNDS):
        env = Env(given, derived, base.vocab)
        status: dict[str, tuple] = {}

        def applies(rid: str) -> tuple:
            if rid in status:
                return status[rid]
            status[rid] = (False, frozenset())          # guard (the rule graph is acyclic: check())
            rule = base.rules[rid]
            unknown: set = set()
            result: bool | None = True
            if rule.triggered_by:
                trig = False
                for t in rule.triggered_by:
                    v, u = applies(t)
                    if v is True:
                        trig = True
                        break
                    if v is None:
                        trig = None
                        unknown |= u
                if trig is False:
                    status[rid] = (False, frozenset())
                    return status[rid]
                if trig is None:
                    result = None
            v, u = evaluate(rule.when, env)
            if v is False:
                status[rid] = (False, frozenset())
                return status[rid]
            if v is None:
                result = None
                unknown |= u
            for e in base.exceptions_of.get(rid, ()):
                ev, eu = applies(e)
                if ev is True:
                    status[rid] = (False, frozenset())
                    return status[rid]
                if ev is None:
                    result = None
                    unknown |= eu
            status[rid] = (result, frozenset(unknown) if result is None else frozenset())
            return status[rid]

        for rid in base.rules:
            applies(rid)
        new: dict = {}
        for rid in sorted(base.rules):
            if status[rid][0] is True:
                for f, v in base.rules[rid].sets:
                    if f in new and new[f] != v:
                        raise RuleError(f"rules disagree on derived fact {f}: {new[f]} and {v} ({rid})")
                    new[f] = v
        if new == derived:
            return status, derived, env
        derived = new
    raise RuleError("the rules did not reach a fixpoint")


def _depths(base: RuleBase, applied: set[str]) -> dict[str, int]:
    depth: dict[str, int] = {}

    def d(rid: str) -> int:
        if rid in depth:
            return depth[rid]
        depth[rid] = 0
        rule = base.rules[rid]
        deps = [t for t in rule.triggered_by if t in applied]
        for f in condition_facts(rule.when):
            deps += [s for s in base.setters.get(f, []) if s in applied and s != rid]
        depth[rid] = 1 + max((d(x) for x in deps), default=-1)
        return depth[rid]

    for rid in applied:
        d(rid)
    return depth


def _clause(base: RuleBase, rule: Rule, lang: str) -> Clause:
    """The clause of the implemented provision in `lang`: its text and strength from the graph."""
    entry = base.texts.get((rule.provision, lang)) or base.texts.get((rule.provision, "en"))
    if entry is None:
        return Clause("", None, None)
    clauses = entry["clauses"]
    if not clauses:
        return Clause(entry["text"], None, None)
    en = base.texts.get((rule.provision, "en"), entry)["clauses"]
    pos = rule.clause
    want = None                                        # the strength level the rule rests on (English)
    if pos is not None and pos in en:
        tags = en[pos]
        want = tags[min(rule.word, len(tags)) - 1][1]
    if pos is None:
        tags = clauses[min(clauses)]
        return Clause(entry["text"], tags[0][1], tags[0][2])
    if lang != "en" and len(clauses) != len(en) and want is not None:
        # the Chinese text splits clauses differently: align by strength level (the k-th clause of
        # that level); a plain indicative ("does") is too common to align on, so then, as when the
        # level is not found, quote the whole provision, which contains the clause
        k = sum(1 for p in sorted(en) if p <= pos and any(t[1] == want for t in en[p]))
        same = [p for p in sorted(clauses) if any(t[1] == want for t in clauses[p])]
        if want == "does" or len(same) < k:
            levels = [t for p in sorted(clauses) for t in clauses[p]]
            tag = next((t for t in levels if t[1] == want), levels[0])
            return Clause(entry["text"], tag[1], tag[2])
        pos = same[k - 1]
    if pos not in clauses:
        pos = min(max(clauses), max(pos, min(clauses)))
    tags = clauses[pos]
    tag = next((t for t in tags if t[1] == want), None) if lang != "en" else tags[min(rule.word, len(tags)) - 1]
    tag = tag or tags[0]
    return Clause(tag[3], tag[1], tag[2])


def _fill(template: str, seats: dict, lang: str) -> str:
    names = {role: SEAT_NAMES[lang][seats[role]] if role in seats else ROLE_NAMES[lang][role] for role in PLACEHOLDERS}
    return re.sub(r"\{([a-z]+)\}", lambda m: names[m.group(1)], template)


def _rect_json(base: RuleBase, rule: Rule, rect: Rect, seats: dict, lang: str) -> dict:
    out = {"type": rect.type, "provision": rule.provision,
           "label": base.rect_labels[rect.type].get(lang) or base.rect_labels[rect.type]["en"]}
    for key in ("party", "chooser"):
        role = getattr(rect, key)
        if role:
            out[key] = role
            seat = seats.get({"offender_partner": "partner"}.get(role, role))
            if seat:
                out[f"{key}_seat"] = seat
    if rect.count is not None:
        out["count"] = rect.count
    if rect.amount is not None:
        out["amount"] = rect.amount
    if rect.choice_fact:
        out["choice_fact"] = rect.choice_fact
        d = base.vocab[rect.choice_fact]
        out["options"] = [True, False] if d.type == "boolean" else [v for v in d.allowed if not v.startswith("not_yet")]
    return out


def rule_facts(base: RuleBase, raw: dict, lang: str = "en", explain: bool = True) -> dict:
    """The ruling for one scenario (a dict of facts, or a golden scenario object). With `explain`,
    a non-offender's option still open is ruled for each answer ("options", Law 10C1)."""
    if lang not in LANGS:
        raise BadInput(f"unknown language '{lang}' (en, zh-Hant, zh-Hans)")
    given = read_scenario(raw)
    facts = validate(given, base.vocab)
    facts, _computed = derive(facts)
    status, derived, env = _run(base, facts)
    applied = {rid for rid, (v, _) in status.items() if v is True}
    pending = {rid: u for rid, (v, u) in status.items() if v is None}
    depth = _depths(base, applied)
    ordered = sorted(applied, key=lambda r: (depth[r], base.order[base.rules[r].provision], r))
    seats = seats_of(facts)

    steps, judgement, rects, citations = [], [], [], []
    for rid in ordered:
        rule = base.rules[rid]
        clause = _clause(base, rule, lang)
        item = {"provision": rule.provision, "rule": rid, "strength": clause.level, "word": clause.word,
                "text": clause.text}
        if lang != "en":
            en = _clause(base, rule, "en")
            if en.level != clause.level:
                item["strength_en"] = en.level
        if rule.also_cites:
            item["also_cites"] = list(rule.also_cites)
        if rule.judgement:
            item["question"] = _fill(rule.question[lang], seats, lang)
            judgement.append(item)
        else:
            item["conclusion"] = _fill(rule.conclusion[lang], seats, lang)
            steps.append(item)
        for rect in rule.rects:
            rects.append(_rect_json(base, rule, rect, seats, lang))
    for item in steps + judgement:
        for pid in [item["provision"]] + item.get("also_cites", []):
            if pid not in citations:
                citations.append(pid)

    asked: dict[str, int] = {}
    pend_out = []
    for rid in sorted(pending, key=lambda r: (base.order[base.rules[r].provision], r)):
        needs = sorted(pending[rid], key=lambda f: (base.vocab[f].order, f))
        if not needs:
            continue
        first = needs[0]
        asked[first] = base.vocab[first].order
        pend_out.append({"rule": rid, "provision": base.rules[rid].provision, "needs": first})
    missing = []
    for f in sorted(asked, key=lambda f: (asked[f], f)):
        d = base.vocab[f]
        m = {"fact": f, "question": d.question.get(lang) or d.question.get("en", f)}
        if d.allowed:
            m["options"] = list(d.allowed)
        elif d.type == "boolean":
            m["options"] = [True, False]
        missing.append(m)
    out = {"facts": facts, "presumed": dict(sorted(env.presumed_used.items())), "derived": dict(sorted(derived.items())),
           "lang": lang, "missing": missing, "steps": steps, "rectifications": rects, "judgement": judgement,
           "pending": pend_out, "citations": citations}
    options = explain_options(base.vocab, given, missing, lambda f: rule_facts(base, f, lang, explain=False)) if explain else None
    if options:
        out["options"] = options
    return out


def rule(g: Graph, raw: dict, lang: str = "en") -> dict:
    return rule_facts(rule_base(g), raw, lang)


__all__ = ["rule", "rule_facts", "rule_base", "load_rules", "RuleBase", "RuleError", "FactError", "parse_condition"]
