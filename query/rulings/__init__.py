"""Rulings (DESIGN.md section 5): scenario facts (facts.py) evaluated by the generic reasoner
(reasoner.py) against the hand-written rules of ontology/rules/, with a cited step-by-step trace;
scenario/ reads a director's own words into those facts."""
