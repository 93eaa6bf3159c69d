"""The library a question goes through: loading the committed graph (graph.py), looking up a
provision (lookup.py), and the one error the command line reports (errors.py); then search/,
rulings/, scoring/ and the command line, cli/ (`python -m query`)."""

import warnings

# jieba imports pkg_resources, which setuptools >= 67 marks deprecated with a warning on stderr; the
# command line promises one line of stderr for bad input and none for good input.
warnings.filterwarnings("ignore", message="pkg_resources is deprecated", category=UserWarning)
