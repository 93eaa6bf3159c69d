"""Scoring as code over the graph's tables: Law 77 (the score of a contract) and Law 78B (IMPs)
in laws.py; the national regulations' banded schedules and the IMP-to-VP scale in schedules.py."""
