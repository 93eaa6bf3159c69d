"""The plain-language reader: a director's description of a table situation, in English,
Traditional or Simplified Chinese, read into scenario facts for the reasoner (DESIGN.md section 7,
`python -m query rule "TEXT"`)."""
