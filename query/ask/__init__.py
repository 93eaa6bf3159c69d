"""The chat's library (issue 11): how a message is read (router.py), what it is answered with
(answers.py: a ruling, search hits with a no-good-match verdict, a provision, a score, IMPs, VPs,
a schedule row), all testable without a browser. The page is app/pages/ask.py."""
