"""The library a question goes through: loading the committed graph (graph.py), looking up a
provision (lookup.py), and the one error the command line reports (errors.py); then search/,
rulings/, scoring/ and the command line, cli/ (`python -m query`)."""
