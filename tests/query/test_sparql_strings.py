"""No user text reaches a SPARQL string (issue 15; DESIGN.md section 7: "User text is bound as a value
in SPARQL, never pasted into a query string").

The code of query/, app/ and ingest/ is scanned (its syntax tree, not its text) for query strings that
are built rather than written: f-strings, `%`, `+`, `.format` and `.replace` into text that looks like
SPARQL. A piece that interpolates only module constants (UPPER_CASE names, e.g. a namespace IRI) is
safe by construction. Every other one was reviewed and is listed in REVIEWED with why it is safe; a
new one fails this test until someone reviews it (and binds the user's text, or checks it against
the known names, before it gets there). A listed entry that no longer exists fails too, so the list
stays true.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("query", "app", "ingest")
SPARQL = re.compile(r"\b(SELECT|ASK|CONSTRUCT|DESCRIBE|PREFIX|WHERE|VALUES|FILTER|INSERT|DELETE|OPTIONAL)\b")
VARIABLE = re.compile(r"^\?[a-z]\w*$")          # .replace("?var", ...): a variable of a query written elsewhere

REVIEWED = {
    # (file, function): why the text it builds into a query cannot carry user input
    ("query/lookup.py", "select"):
        "binds ?var to IRIs through iri_value(), which refuses anything but a URIRef of safe characters; "
        "every caller passes an IRI made from an id already found in the graph (resolve) or a document "
        "from the DOCS list; the variable names are keyword names in the code",
    ("query/lookup.py", "_texts_of"):
        "VALUES of IRIs that are results of an earlier query on the graph (the editions of a provision), "
        "each through iri_value()",
    ("query/rulings/reasoner.py", "_provision_texts"):
        "VALUES of provision IRIs made from the ids the hand-written rules (ontology/rules/) implement, "
        "read from the graph, under the module constant WBF_NS, each through iri_value()",
    ("app/components/editions.py", "subtree_text"):
        "puts a language tag into a FILTER; its only callers pass the literals 'zh-Hant' and 'zh-Hans'",
    ("app/components/graph_data.py", "glossary"):
        "replaces ?scheme by the IRI of the terms scheme of the module constant DOC, not user text",
    ("app/components/graph_data.py", "reftype_labels"):
        "puts a language tag into a FILTER after checking it is one of the three known tags",
    ("app/components/tables.py", "regulation_schedules"):
        "replaces ?want by a document name checked against ('ccba2018', 'twreg') and ?s by schedule IRIs "
        "that are results of the query before it",
}


def _constant_text(node: ast.AST) -> str:
    """The literal parts of a string expression."""
    return " ".join(n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str))


def _only_constants(node: ast.AST) -> bool:
    """True if every value put into the string is a literal or an UPPER_CASE module constant."""
    if isinstance(node, ast.JoinedStr):
        parts = [v.value for v in node.values if isinstance(v, ast.FormattedValue)]
    elif isinstance(node, ast.BinOp):
        parts = [node.left, node.right]
    elif isinstance(node, ast.Call):
        parts = [*node.args, *(k.value for k in node.keywords)]
        if isinstance(node.func, ast.Attribute):
            parts.append(node.func.value)
    else:
        return False
    for p in parts:
        if isinstance(p, ast.Constant):
            continue
        if isinstance(p, (ast.JoinedStr, ast.BinOp)) and _only_constants(p):
            continue
        name = p.id if isinstance(p, ast.Name) else p.attr if isinstance(p, ast.Attribute) else None
        if name is None or not name.isupper():
            return False
    return True


def built_queries(source: str, filename: str = "<code>") -> list[tuple[str, int, str]]:
    """(function, line, kind) of every query string built from something other than constants."""
    tree = ast.parse(source, filename)
    found = []

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            kind = None
            if isinstance(child, ast.JoinedStr) and any(isinstance(v, ast.FormattedValue) for v in child.values):
                kind = "f-string"
            elif isinstance(child, ast.BinOp) and isinstance(child.op, (ast.Mod, ast.Add)):
                kind = "%" if isinstance(child.op, ast.Mod) else "+"
            elif isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute) and child.func.attr in ("format", "replace"):
                kind = "." + child.func.attr
            text = _constant_text(child)
            sparql = SPARQL.search(text) or (kind == ".replace" and child.args and isinstance(child.args[0], ast.Constant)
                                             and VARIABLE.match(str(child.args[0].value)))
            if kind and sparql and not _only_constants(child):
                if not (kind == "+" and isinstance(node, ast.BinOp)):      # a chain of + counts once
                    found.append((name, child.lineno, kind))
            visit(child, name)

    visit(tree, "<module>")
    return found


def test_no_query_string_is_built_from_input():
    unreviewed, seen = [], set()
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            for function, line, kind in built_queries(path.read_text(encoding="utf-8"), rel):
                if (rel, function) in REVIEWED:
                    seen.add((rel, function))
                else:
                    unreviewed.append(f"{rel}:{line} in {function}() builds a query with {kind}")
    assert not unreviewed, "query strings built from non-constants (bind the value, or review and list in REVIEWED):\n" \
        + "\n".join(unreviewed)
    assert not set(REVIEWED) - seen, f"REVIEWED lists code that no longer builds a query: {set(REVIEWED) - seen}"


def test_the_scan_finds_user_text_pasted_into_a_query():
    """The scan is not blind: each way of pasting a user's name into a query is found."""
    pasted = '''
def f(g, name):
    return g.query(f"SELECT ?r WHERE {{ <{name}> ?p ?r }}")
def p(g, name):
    return g.query("SELECT ?r WHERE { <%s> ?p ?r }" % name)
def c(g, name):
    return g.query("SELECT ?r WHERE { <" + name + "> ?p ?r }")
def fm(g, name):
    return g.query("SELECT ?r WHERE {{ <{}> ?p ?r }}".format(name))
def r(g, q, name):
    return g.query(q.replace("?s", f"<{name}>"))
'''
    assert [(fn, kind) for fn, _, kind in built_queries(pasted)] == [
        ("f", "f-string"), ("p", "%"), ("c", "+"), ("fm", ".format"), ("r", ".replace")]
    safe = 'NS = "https://x/"\ndef s(g):\n    return g.query(f"PREFIX x: <{NS}> SELECT ?a WHERE {{ ?a ?b ?c }}")\n'
    assert built_queries(safe) == []
