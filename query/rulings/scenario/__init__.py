"""The plain-language reader: a director's description of a table situation, in English,
Traditional or Simplified Chinese, read into scenario facts for the reasoner (DESIGN.md section 7,
`python -m query rule "TEXT"`)."""
from __future__ import annotations

from rdflib import Graph


def rule_text(g: Graph, text: str, lang: str = "en", answers: dict[str, str] | None = None) -> dict:
    """A ruling from a director's own words: the object `python -m query rule "TEXT" --json` prints.

    `answers` are the user's replies to earlier questions (fact -> value); they override what was
    read. Raises BadInput when the text cannot be ruled on.
    """
    from query.errors import BadInput
    from query.rulings.reasoner import rule
    from query.rulings.scenario.keywords import parse

    facts, notes = parse(text)
    facts = {**facts, **(answers or {})}
    if not facts:
        raise BadInput("no irregularity recognised in the text; describe the facts in a JSON file and use --facts")
    out = rule(g, facts, lang)
    out["parsed"] = {"text": text, "facts": facts, "recognised": notes}
    return out
