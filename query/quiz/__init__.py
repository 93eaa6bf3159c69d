"""Examiners' quizzes from the graph (issue 12): seven question types whose keys come only from
the graph or the reasoner (rulings.py, provisions.py, wording.py, terms.py, scoring.py), a
reproducible selection (select.py) and the exports examiners import (exports/). docs/quiz.md."""
